"""The Rook engine: one State class that plays every preset from its ``Rules`` and ``Table``."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from kibitz.core.errors import IllegalAction, NotationError
from kibitz.core.game import CHANCE, TERMINAL, State
from kibitz.core.outcome import Outcome
from kibitz.core.rng import Rng
from kibitz.games.rook import views
from kibitz.games.rook.actions import BID0, DISCARD0, PASS, TRUMP0
from kibitz.games.rook.cards import (
    TEAM_NAMES,
    bits,
    card_str,
    parse_card,
    parse_colour,
    parse_seat,
)
from kibitz.games.rook.determinize import determinize
from kibitz.games.rook.moves import action_fields, action_text
from kibitz.games.rook.position import (
    AUCTION,
    DEAL,
    DEALER,
    DISCARD,
    OVER,
    PHASE_NAMES,
    PLAY,
    TRUMP,
    Position,
    SheetEntry,
    Trick,
)
from kibitz.games.rook.scoring import game_winner, score_hand
from kibitz.games.rook.tricks import legal_plays, trick_winner

if TYPE_CHECKING:
    from kibitz.games.rook.game import RookGame

_TRUMPS = [TRUMP0, TRUMP0 + 1, TRUMP0 + 2, TRUMP0 + 3]
_SEATS = [0, 1, 2, 3]


class RookState(State):
    """A Rook game in progress: deals, auctions, exchanges, tricks and scores to the target."""

    game: RookGame
    _floor: int = 0
    """History length below which ``undo`` refuses (set on determinizations)."""

    def __init__(self, game: RookGame, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.rules = game.rules
        self.table = game.table
        self.p = Position()
        self._stack: list[Position] = []

    # -- whose turn and what is legal -----------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` once over."""
        phase = self.p.phase
        if phase <= DEAL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.p.to_act

    def legal_actions(self) -> list[int]:
        """Legal ids, ascending: cards to deal, calls, discards, trumps or cards to play."""
        p = self.p
        phase = p.phase
        if phase == PLAY:
            led = p.trick[0] if p.trick else -1
            mask = legal_plays(
                self.table, self.rules.must_trump_when_void, p.trump, p.hands[p.to_act], led
            )
            return bits(mask)
        if phase == DEAL:
            return bits(p.undealt)
        if phase == AUCTION:
            return self._legal_calls()
        if phase == DISCARD:
            return [DISCARD0 + c for c in self._legal_discards()]
        if phase == TRUMP:
            return list(_TRUMPS)
        if phase == DEALER:
            return list(_SEATS)
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Uniform over the seats (first dealer) or over the cards not yet dealt."""
        if self.p.phase > DEAL:
            return super().chance_outcomes()
        actions = self.legal_actions()
        prob = 1.0 / len(actions)
        return [(a, prob) for a in actions]

    def _dealer_forced(self) -> bool:
        p = self.p
        forced = self.rules.all_pass == "dealer_forced"
        return forced and p.high_bidder < 0 and p.passed.bit_count() == 3

    def _legal_calls(self) -> list[int]:
        bids = self.table.bids
        first = bisect_right(bids, self.p.high_bid)
        calls = [] if self._dealer_forced() else [PASS]
        calls.extend(range(BID0 + first, BID0 + len(bids)))
        return calls

    def _legal_discards(self) -> list[int]:
        """Next discards: ids above the last one, leaving a completable valid set (RK-10)."""
        p = self.p
        left = self.table.nest_size - p.discards.bit_count()
        cards = [c for c in bits(p.hands[p.declarer]) if c > p.last_discard]
        if self.rules.nest_counters_allowed:
            return cards[: len(cards) - left + 1]
        pointless = self.table.pointless_mask
        held = p.hands[p.declarer] | p.discards
        if (held & pointless).bit_count() >= self.table.nest_size:
            plain = [c for c in cards if pointless >> c & 1]
            return plain[: len(plain) - left + 1]
        out = []
        for i, c in enumerate(cards):
            above = cards[i + 1 :]
            if len(above) >= left - 1 and sum(pointless >> a & 1 for a in above) <= left - 1:
                out.append(c)
            if pointless >> c & 1:
                break
        return out

    # -- applying actions -----------------------------------------------------------------
    def _do(self, action: int) -> None:
        p = self.p.copy()
        self._stack.append(self.p)
        self.p = p
        phase = p.phase
        p.last = (phase, self._receiver(p) if phase <= DEAL else p.to_act)
        if phase == PLAY:
            self._play(p, action)
        elif phase == DEAL:
            self._deal(p, action)
        elif phase == AUCTION:
            self._call(p, action)
        elif phase == DISCARD:
            self._discard(p, action - DISCARD0)
        elif phase == TRUMP:
            self._name_trump(p, action - TRUMP0)
        else:
            p.dealer = action
            self._start_deal(p)

    def _undo(self, action: int) -> None:
        self.p = self._stack.pop()

    def _receiver(self, p: Position) -> int:
        """The seat the next dealt card goes to (-1: the nest, or no deal under way)."""
        if p.phase != DEAL or p.dealt >= 4 * self.table.hand_size:
            return -1
        return (p.dealer + 1 + p.dealt) & 3

    def _start_deal(self, p: Position) -> None:
        p.clear_hand(self.table.deck_mask)
        p.deals += 1
        p.phase = DEAL

    def _deal(self, p: Position, card: int) -> None:
        bit = 1 << card
        p.undealt ^= bit
        if p.dealt < 4 * self.table.hand_size:
            seat = (p.dealer + 1 + p.dealt) & 3
            hands = list(p.hands)
            hands[seat] |= bit
            p.hands = tuple(hands)  # type: ignore[assignment]
        else:
            p.nest |= bit
        p.dealt += 1
        if not p.undealt:
            p.phase = AUCTION
            p.to_act = (p.dealer + 1) & 3

    def _call(self, p: Position, action: int) -> None:
        seat = p.to_act
        if action == PASS:
            p.passed |= 1 << seat
            bid = 0
        else:
            bid = self.table.bids[action - BID0]
            p.high_bid, p.high_bidder = bid, seat
        p.calls += ((seat, bid),)
        passes = p.passed.bit_count()
        if bid == self.table.max_bid or (passes == 3 and p.high_bidder >= 0):
            self._declare(p)
        elif passes == 4:
            self._end_deal(p, scored=False)
        else:
            nxt = (seat + 1) & 3
            while p.passed >> nxt & 1:
                nxt = (nxt + 1) & 3
            p.to_act = nxt

    def _declare(self, p: Position) -> None:
        p.declarer = p.to_act = p.high_bidder
        p.contract = p.high_bid
        if self.rules.trump_before_nest or not self.table.nest_size:
            p.phase = TRUMP
        else:
            self._pick_up(p)

    def _pick_up(self, p: Position) -> None:
        hands = list(p.hands)
        hands[p.declarer] |= p.nest
        p.hands = tuple(hands)  # type: ignore[assignment]
        p.nest_taken = p.nest
        p.nest = 0
        p.phase = DISCARD

    def _discard(self, p: Position, card: int) -> None:
        bit = 1 << card
        hands = list(p.hands)
        hands[p.declarer] ^= bit
        p.hands = tuple(hands)  # type: ignore[assignment]
        p.discards |= bit
        p.nest |= bit
        p.last_discard = card
        if p.discards.bit_count() == self.table.nest_size:
            if p.trump >= 0:
                self._start_play(p)
            else:
                p.phase = TRUMP

    def _name_trump(self, p: Position, colour: int) -> None:
        p.trump = colour
        if self.table.nest_size and not p.nest_taken:
            self._pick_up(p)
        else:
            self._start_play(p)

    def _start_play(self, p: Position) -> None:
        rule = self.rules.first_lead
        if rule == "left_of_dealer":
            leader = (p.dealer + 1) & 3
        elif rule == "declarer":
            leader = p.declarer
        else:
            leader = (p.declarer + 1) & 3
        p.leader = p.to_act = leader
        p.phase = PLAY

    def _play(self, p: Position, card: int) -> None:
        seat = p.to_act
        hands = list(p.hands)
        hands[seat] ^= 1 << card
        p.hands = tuple(hands)  # type: ignore[assignment]
        trick = (*p.trick, card)
        if len(trick) < 4:
            p.trick = trick
            p.to_act = (seat + 1) & 3
            return
        winner = (p.leader + trick_winner(self.table, p.trump, trick)) & 3
        team = winner & 1
        points = self.table.points
        won = list(p.tricks_won)
        won[team] += 1
        taken = list(p.taken)
        taken[team] += points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        p.tricks_won = (won[0], won[1])
        p.taken = (taken[0], taken[1])
        done = Trick(p.leader, trick, winner)
        p.tricks += (done,)
        p.last_trick = done
        p.trick = ()
        p.leader = p.to_act = winner
        if not any(hands):
            self._score(p, team)

    def _score(self, p: Position, last_team: int) -> None:
        nest = bits(p.nest)
        hs = score_hand(
            self.rules,
            p.declarer & 1,
            p.contract,
            p.taken,
            p.tricks_won,
            last_team,
            sum(self.table.points[c] for c in nest),
        )
        p.scores = (p.scores[0] + hs.change[0], p.scores[1] + hs.change[1])
        p.sheet += (
            SheetEntry(
                hand=p.hand_no,
                dealer=p.dealer,
                declarer=p.declarer,
                contract=p.contract,
                trump=p.trump,
                nest=tuple(nest),
                nest_points=hs.nest_points,
                nest_to=hs.nest_to,
                card_points=hs.card_points,
                bonus=hs.bonus,
                points=hs.points,
                made=hs.made,
                change=hs.change,
                totals=p.scores,
            ),
        )
        p.hand_no += 1
        self._end_deal(p, scored=True)

    def _end_deal(self, p: Position, scored: bool) -> None:
        """After a scored hand or four passes: end the game, or deal again (RK-5, 16, 17)."""
        rules = self.rules
        ns, ew = p.scores
        winner = game_winner(p.scores, rules.target) if scored else None
        if winner is not None:
            hi, lo = max(ns, ew), min(ns, ew)
            self._finish(p, winner, f"{TEAM_NAMES[winner]} reach the target: {hi} to {lo}")
        elif rules.max_deals and p.deals >= rules.max_deals:
            self._finish_on_lead(p, f"deal limit {rules.max_deals}")
        elif scored and rules.max_hands and p.hand_no > rules.max_hands:
            self._finish_on_lead(p, f"hand limit {rules.max_hands}")
        else:
            if scored:
                p.dealer = (p.dealer + 1) & 3
            self._start_deal(p)

    def _finish_on_lead(self, p: Position, limit: str) -> None:
        """End at a cap (RK-17): the team ahead wins, level scores draw; the outcome is
        marked truncated, since the cap and not the target ended the game."""
        ns, ew = p.scores
        if ns == ew:
            self._finish(p, None, f"{limit} reached, level at {ns}", truncated=True)
        else:
            reason = f"{limit} reached, {max(ns, ew)} to {min(ns, ew)}"
            self._finish(p, 0 if ns > ew else 1, reason, truncated=True)

    def _finish(self, p: Position, team: int | None, reason: str, truncated: bool = False) -> None:
        p.phase = OVER
        p.to_act = TERMINAL
        if team is None:
            returns = (0.0, 0.0, 0.0, 0.0)
        else:
            returns = tuple(1.0 if s & 1 == team else -1.0 for s in range(4))
        p.result = Outcome(returns, reason, truncated)

    def outcome(self) -> Outcome | None:
        """The result once a team has won (or the deal limit was reached)."""
        return self.p.result

    # -- notation -------------------------------------------------------------------------
    def action_to_str(self, action: int) -> str:
        """``dealer South``, ``deal g14``, ``bid 85``, ``pass``, ``discard r5``, ``trump green``,
        ``play g14``, read in this state."""
        return action_text(self.table, self.p.phase, action)

    def move_fields(self, action: int) -> dict[str, Any]:
        """``kind``, ``card``, ``bid`` and ``colour`` of ``action`` read in this state; a
        discard also gives ``set``: the cards still to discard, chosen together and played
        as one turn (``discard r5 g9 ...``)."""
        fields = action_fields(self.table, self.p.phase, action)
        if self.p.phase == DISCARD and fields["kind"] == "discard":
            need = self.table.nest_size - self.p.discards.bit_count()
            fields["set"] = {"size": need, "turn": "discard"}
        return fields

    def str_to_action(self, text: str) -> int:
        """Parse a call, discard, trump, play, deal or dealer; a bare card acts in this phase."""
        action = self._parse(text)
        if action not in self.legal_actions():
            raise IllegalAction(self._illegal_message(action))
        return action

    def turn_actions(self, text: str) -> list[int]:
        """A whole discard set in one go (``discard r5 g9 b1 y2 r14``, or the cards alone
        while discarding), sorted and checked whole; anything else is one action."""
        words = text.split()
        cards = words[1:] if words and words[0].lower() == "discard" else words
        if len(cards) > 1 and (len(cards) < len(words) or self.p.phase == DISCARD):
            return self.discard_actions(cards)
        return [self.str_to_action(text)]

    def _parse(self, text: str) -> int:
        words = text.strip().lower().split()
        verb = words[0] if words else ""
        if len(words) == 1 and verb == "pass":
            return PASS
        if len(words) == 2:
            arg = words[1]
            if verb == "bid":
                return self._bid_id(arg)
            if verb == "trump":
                return TRUMP0 + parse_colour(arg)
            if verb == "discard":
                return DISCARD0 + parse_card(arg)
            if verb in ("play", "deal"):
                return parse_card(arg)
            if verb == "dealer":
                return parse_seat(arg)
        if len(words) == 1 and verb not in ("bid", "trump", "discard", "play", "deal", "dealer"):
            card = parse_card(verb)
            return DISCARD0 + card if self.p.phase == DISCARD else card
        raise NotationError(
            f"{text!r} is not a rook action; write pass, bid N, trump COLOUR, discard CARD, "
            "play CARD (or just CARD), deal CARD or dealer SEAT"
        )

    def _bid_id(self, arg: str) -> int:
        if not arg.isdigit():
            raise NotationError(f"bid {arg!r}: a bid is a whole number, e.g. bid 85")
        bid, bids = int(arg), self.table.bids
        if bid in bids:
            return BID0 + bids.index(bid)
        step = self.rules.bid_step
        raise IllegalAction(
            f"bid {bid} refused: bids are multiples of {step} from {bids[0]} to {bids[-1]}"
        )

    def _illegal_message(self, action: Any) -> str:
        known = isinstance(action, int) and 0 <= action < self.game.num_distinct_actions
        why = views.why_illegal(self, action) if known else None
        return why or super()._illegal_message(action)

    # -- views ----------------------------------------------------------------------------
    def phase(self) -> str:
        """``first dealer``, ``deal``, ``auction``, ``trump``, ``discard``, ``play`` or ``over``."""
        return PHASE_NAMES[self.p.phase]

    def scores(self) -> list[float]:
        """The game score of North-South and East-West."""
        return [float(x) for x in self.p.scores]

    def contracts(self) -> list[dict[str, Any]]:
        """Every scored hand's declarer, contract and whether it was made (the score sheet)."""
        return [{"seat": e.declarer, "bid": e.contract, "made": e.made} for e in self.p.sheet]

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (spec section 5; None: what every seat sees alike)."""
        return views.observe(self, seat)

    def last_action(self, seat: int | None) -> dict[str, Any] | None:
        """The last action as ``seat`` sees it: a dealt card only by its receiver, a discard
        only by the declarer; others see who it went to or who discarded."""
        if not self.history:
            return None
        return views.last_action(self, seat)

    def observation_tensor(self, seat: int) -> np.ndarray:
        """The observation as a fixed-size float32 vector, seats relative to ``seat``."""
        return views.observation_tensor(self, seat)

    def information_state_tensor(self, seat: int) -> np.ndarray:
        """The observation tensor plus who played which card and each seat's bid."""
        return views.information_state_tensor(self, seat)

    def information_state_key(self, seat: int) -> str:
        """The observation plus every past action as ``seat`` saw it (perfect recall)."""
        return views.information_state_key(self, seat)

    def render(self, seat: int | None = None) -> str:
        """A text table: scores, calls, contract, hands (only ``seat``'s if given), tricks."""
        return views.render(self, seat)

    # -- helpers for front ends -----------------------------------------------------------
    def discard_actions(self, cards: Iterable[int | str]) -> list[int]:
        """The DISCARD ids for a whole discard set, sorted; IllegalAction (nothing applied) if
        the set is not legal now."""
        p = self.p
        if p.phase != DISCARD:
            raise IllegalAction("no discard is due: the declarer is not exchanging with the nest")
        named = [parse_card(c) if isinstance(c, str) else c for c in cards]
        twice = next((c for i, c in enumerate(named) if c in named[:i]), None)
        if twice is not None:
            raise IllegalAction(f"discard set refused: {card_str(twice)} is named twice")
        ids = sorted(named)
        need = self.table.nest_size - p.discards.bit_count()
        if len(ids) != need:
            raise IllegalAction(f"a discard set of {len(ids)} card{'' if len(ids) == 1 else 's'} "
                                f"refused: {need} cards must be discarded")
        probe = self.clone()
        for c in ids:
            if DISCARD0 + c not in probe.legal_actions():
                raise IllegalAction(probe._illegal_message(DISCARD0 + c))
            probe.push(DISCARD0 + c)
        return [DISCARD0 + c for c in ids]

    def resample_hidden(self, seat: int, rng: Rng) -> RookState:
        """A copy with every card hidden from ``seat`` redrawn consistently with its view."""
        if not 0 <= seat < 4:
            raise IllegalAction(f"seat {seat!r} is not a rook seat (0..3)")
        return determinize(self, seat, rng)

    def undo(self) -> int:
        """Take back the last action (not past the point where a determinization was drawn)."""
        if len(self.history) <= self._floor:
            raise IllegalAction("cannot undo past the point where hidden cards were redrawn")
        return super().undo()

    def clone(self) -> RookState:
        """An independent copy (positions are immutable, so only the lists are copied)."""
        new = object.__new__(RookState)
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new._stack = list(self._stack)
        return new
