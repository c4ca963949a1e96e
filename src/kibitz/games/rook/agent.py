"""The Rook computer player: sampled bidding, a joint exchange search and IS-MCTS card play.

Every decision reads only determinizations (``determinize.Draws``: one drawn as
``state.resample_hidden`` draws it, or many from one position), whose hidden cards are samples;
``draws=uniform`` leaves out what the named trump says of the declarer's cards (the draws of
level 4 before issue 15, kept for ``legacy:4``; play=pimc only, as IS-MCTS draws for itself):

- **Bidding.** ``samples`` deals of the nest and the other hands; in each the seat declares,
  picks trump and discards by heuristics, and the hand is played out by the fast policy. The
  hand's value under the preset's scoring is estimated for every contract; the seat raises
  while the next bid's expected value is above ``risk`` and its partner does not hold the bid.
- **Exchange.** Trump and discard are searched jointly: every colour with each discard
  style is played out on ``exchange`` common samples and the best pair is kept as a plan
  for the following discard and trump actions.
- **Card play.** ``kibitz.ai.ismcts`` with ``iterations`` (leaves valued by a policy playout
  to the end of the hand), or with ``play=pimc`` every legal card played out by the policy on
  the same ``iterations`` samples, after ``depth`` cards of a team alpha-beta in each
  (``lookahead``); ``iterations=0`` plays the policy on one sample.
- **Objective.** With ``objective=hand`` a finished hand is valued by its score change
  alone (``hand_values``); with ``objective=game`` (bidding, exchange and PIMC card play) by
  what the change does to the team's chance of winning the game from the totals before the
  hand (``standing.Standing``), a hand that ends the game by the game's result. A raise is
  then judged against the value of the standing as it is, not against an even hand.
- **Slips** (for the weaker levels). ``noise`` is the chance, at each decision with a
  choice, of a beginner's slip: a call of pass or the lowest raise at random, a random
  discard or trump, a random legal card.

After ``choose``, ``last_expected`` is the mover's expected score of the chosen action in
[0, 1] (0.5 even), estimated from determinizations only: the team's value of the current
hand (``hand_values``: being ahead on the hand's score change and the margin) mapped from
[-1, 1]. A call reports the sampled value of the auction ending with it: a bid, of declaring
it; a pass, of the high bidder declaring the high bid (0.5 when nobody has bid); the exchange
its plan's value; a card its search's (IS-MCTS or PIMC)
or, without search, one sampled playout's. After a PIMC card, ``last_values`` holds the same
estimate for every legal card, all from the same samples (an analysis compares the card
played with the best one by them); after a trump or discard, for each trump or next discard
that begins a plan the exchange search weighed (``exchange_values``); otherwise ``None``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from kibitz.core.agent import Agent, MakeAgent
from kibitz.core.errors import IllegalAction, InvalidOptions
from kibitz.core.game import State
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import BID0, DISCARD0, PASS, TRUMP0
from kibitz.games.rook.cards import bits
from kibitz.games.rook.determinize import Draws
from kibitz.games.rook.playout import (
    DISCARD_STYLES,
    best_trump,
    change_values,
    discard_set,
    hand_values,
    playout,
    policy_card,
)
from kibitz.games.rook.position import AUCTION, DISCARD, OVER, PLAY, TRUMP, Position
from kibitz.games.rook.standing import Standing, standing_of
from kibitz.games.rook.state import RookState
from kibitz.games.rook.table import Table
from kibitz.games.rook.tricks import trick_winner


def first_leader(state: RookState, declarer: int) -> int:
    """Who leads the first trick once ``declarer`` declares (option ``first_lead``)."""
    rule = state.rules.first_lead
    if rule == "left_of_dealer":
        return (state.p.dealer + 1) & 3
    return declarer if rule == "declarer" else (declarer + 1) & 3


Playout = Callable[[Table, bool, int, list[int], int, list[int], list[int], list[int]], int]
"""``playout.playout`` or its compiled twin ``fast.fast_playout`` (same arguments, effects and
result)."""


def play_exchange(
    det: RookState, declarer: int, trump: int, discards: int, standing: Standing | None = None,
    run: Playout = playout,
) -> tuple[float, float]:  # fmt: skip
    """Per team values of ``det`` played out after the declarer keeps all but ``discards``
    (valued as ``hand_values`` values them, given ``standing``).

    The declarer's cards are its hand, its discards so far and the nest if not yet taken;
    with ``discards`` 0 and a nest to take, the discard is chosen by heuristic.
    """
    p, table = det.p, det.table
    held = p.hands[declarer] | p.discards | (0 if p.nest_taken else p.nest)
    if not discards and table.nest_size:
        discards = discard_set(table, held, trump, table.nest_size, "void")
    taken, won, last = play_kept(det, declarer, held & ~discards, trump, run)
    return hand_values(det.rules, table, declarer, p.contract, taken, won, last, discards, standing)


def play_kept(
    det: RookState, declarer: int, kept: int, trump: int, run: Playout = playout
) -> tuple[list[int], list[int], int]:
    """``det`` played out by the policy from the first lead, the declarer holding ``kept``:
    the points taken and tricks won per team, and the last trick's team."""
    hands = list(det.p.hands)
    hands[declarer] = kept
    won, taken = [0, 0], [0, 0]
    last = run(
        det.table, det.rules.must_trump_when_void, trump, hands, first_leader(det, declarer),
        [], won, taken,
    )  # fmt: skip
    return taken, won, last


def declare_and_play(
    det: RookState, declarer: int, run: Playout = playout
) -> tuple[list[int], list[int], int, int]:
    """``det`` played out by the policy as if ``declarer`` took the nest now, with trump and
    discards by heuristic: the points taken, tricks won, last trick's team and discards."""
    table = det.table
    held = det.p.hands[declarer] | det.p.nest
    trump = best_trump(table, held)
    discards = discard_set(table, held, trump, table.nest_size, "void")
    return (*play_kept(det, declarer, held & ~discards, trump, run), discards)


def expected(value: float) -> float:
    """The expected score in [0, 1] of a team value in [-1, 1]."""
    return min(1.0, max(0.0, (value + 1.0) / 2.0))


def card_value(
    det: RookState, seat: int, card: int, standing: Standing | None = None, run: Playout = playout
) -> float:
    """The value for ``seat``'s team of ``det`` played out by the policy after ``card``
    (given the game's ``standing``, as ``hand_values`` values it)."""
    q, table = det.p, det.table
    hands, trick = list(q.hands), [*q.trick, card]
    hands[seat] &= ~(1 << card)
    won, taken = list(q.tricks_won), list(q.taken)
    leader = q.leader
    if len(trick) == 4:
        leader = _close_trick(table, q.trump, leader, trick, won, taken)
        trick = []
    return _played_out(det, hands, leader, trick, won, taken, leader & 1, standing, run)[seat & 1]


def _played_out(
    det: RookState, hands: list[int], leader: int, trick: list[int], won: list[int],
    taken: list[int], last: int, standing: Standing | None, run: Playout = playout,
) -> tuple[float, float]:  # fmt: skip
    """Per team values of the hand of ``det`` played out by the policy from ``hands`` and
    ``trick`` (led by ``leader``); ``last`` is the last trick's team if no trick is left."""
    q = det.p
    must_trump = det.rules.must_trump_when_void
    team = run(det.table, must_trump, q.trump, hands, leader, trick, won, taken)
    if team >= 0:
        last = team
    return hand_values(
        det.rules, det.table, q.declarer, q.contract, taken, won, last, q.nest, standing
    )


def play_values(
    det: RookState, standing: Standing | None = None, run: Playout = playout
) -> tuple[float, float]:
    """Per team values of ``det`` in card play, the rest of the hand played out by the policy
    (``run``); once the hand is over, of its score change (of the game's result if that ended
    it). With the ``standing`` before the hand, values are ``Standing.values``."""
    p = det.p
    if p.phase == OVER and p.result is not None and standing is None:
        return (p.result.returns[0], p.result.returns[1])
    if p.phase != PLAY:
        return hand_end_values(det, standing)
    last = p.last_trick.winner & 1 if p.last_trick else 0
    return _played_out(
        det, list(p.hands), p.leader, list(p.trick), list(p.tricks_won), list(p.taken), last,
        standing, run,
    )  # fmt: skip


def hand_end_values(det: RookState, standing: Standing | None = None) -> tuple[float, float]:
    """Per team values of the hand just scored (``hand_values`` of its score change), also
    when it ended the game."""
    change = det.p.sheet[-1].change
    return standing.values(change) if standing else change_values(change, det.table.total)


def lookahead(
    det: RookState, team: int, plies: int, alpha: float, beta: float,
    deadline: float | None = None, standing: Standing | None = None,
) -> float:  # fmt: skip
    """``team``'s value of ``det`` searched ``plies`` cards deep by alpha-beta, each side
    playing for its team (every hand of the sample visible), leaves valued by ``play_values``
    (given ``standing``); the policy's card is tried first. Past ``deadline``
    (``perf_counter``) every node left is a leaf, so that a time cap holds within one deep
    search too. A hand played to its end is valued as a hand (``hand_end_values``), as the
    policy's playouts value it, even where it ends the game."""
    p = det.p
    if p.phase != PLAY:
        return hand_end_values(det, standing)[team]
    if plies <= 0 or (deadline is not None and time.perf_counter() > deadline):
        return play_values(det, standing)[team]
    seat = p.to_act
    legal = det.legal_actions()
    first = policy_card(
        det.table, det.rules.must_trump_when_void, p.trump, list(p.hands), seat, p.leader,
        list(p.trick),
    )  # fmt: skip
    ours = seat & 1 == team
    best = -2.0 if ours else 2.0
    for card in [first, *(c for c in legal if c != first)]:
        det.push(card)
        v = lookahead(det, team, plies - 1, alpha, beta, deadline, standing)
        det.undo()
        if ours:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


def sample_values(
    state: RookState, q: Position, seat: int, cards: list[int], depth: int
) -> list[float]:
    """For each of ``cards``, ``seat``'s team value on the sampled position ``q`` (of
    ``state``'s game) by the compiled core: what ``card_value`` (``depth`` 0,
    ``fast.card_values``) or ``lookahead`` after the card (``depth - 1`` more cards,
    ``fast.lookahead_values``) give by hand, without a time cap inside the sample."""
    import numpy as np

    from kibitz.games.rook import fast

    table = state.table
    nest_points = sum(table.points[c] for c in bits(q.nest))
    trick = np.zeros(4, dtype=np.int64)
    trick[: len(q.trick)] = q.trick
    position = (
        fast.tables(table, state.rules.must_trump_when_void),
        fast.scoring(state.rules, table, q.declarer, q.contract, nest_points),
        q.trump, np.array(q.hands, dtype=np.int64), q.leader, trick, len(q.trick),
        np.array(q.tricks_won, dtype=np.int64), np.array(q.taken, dtype=np.int64),
    )  # fmt: skip
    played = np.array(cards, dtype=np.int64)
    if not depth:
        return fast.card_values(*position, seat, played).tolist()
    last = q.last_trick.winner & 1 if q.last_trick else 0
    return fast.lookahead_values(*position, last, seat, played, depth).tolist()


Weighed = tuple[int, int, float]
"""An exchange plan weighed by the search: trump, discard mask, mean team value."""


def exchange_values(q: Position, legal: set[int], weighed: list[Weighed]) -> dict[int, float]:
    """The expected score of each legal exchange action that begins a weighed plan still
    open at ``q``: a trump, its best plan keeping the discards made; a discard, the best plan
    whose next card (discards go in increasing order) it is."""
    values: dict[int, float] = {}
    for trump, discards, value in weighed:
        if q.phase == TRUMP:
            if discards != q.discards:
                continue
            action = TRUMP0 + trump
        else:
            left = discards & ~q.discards
            if discards & q.discards != q.discards or not left:
                continue
            action = DISCARD0 + (left & -left).bit_length() - 1
        if action in legal:
            values[action] = max(values.get(action, 0.0), expected(value))
    return values


class RookAgent(Agent):
    """Sampled bidding, joint trump-and-discard search, IS-MCTS or PIMC card play."""

    kind = "rookbot"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 16,
        exchange: int = 12,
        iterations: int = 60,
        risk: float = 0.0,
        noise: float = 0.0,
        play: str = "ismcts",
        depth: int = 0,
        objective: str = "hand",
        engine: str = "compiled",
        draws: str = "informed",
        time_cap: float | None = None,
        make_agent: MakeAgent | None = None,
    ) -> None:
        super().__init__(seed)
        if objective not in ("hand", "game"):
            raise InvalidOptions(f"rookbot: objective must be hand or game, got {objective!r}")
        for name, value in (("samples", samples), ("exchange", exchange)):
            if value < 1:
                raise InvalidOptions(f"rookbot: {name} must be at least 1, got {value}")
        if depth < 0:
            raise InvalidOptions(f"rookbot: depth must be >= 0, got {depth}")
        if depth and play != "pimc":
            raise InvalidOptions("rookbot: depth is a lookahead of play=pimc")
        if objective == "game" and iterations and play != "pimc":
            raise InvalidOptions("rookbot: objective=game plays its cards with play=pimc")
        if iterations < 0:
            raise InvalidOptions(f"rookbot: iterations must be >= 0, got {iterations}")
        if not 0.0 <= noise <= 1.0:
            raise InvalidOptions(f"rookbot: noise must be in [0, 1], got {noise}")
        if engine not in ("compiled", "python"):
            raise InvalidOptions(f"rookbot: engine must be compiled or python, got {engine!r}")
        if play not in ("ismcts", "pimc"):
            raise InvalidOptions(f"rookbot: play must be ismcts or pimc, got {play!r}")
        if draws not in ("informed", "uniform"):
            raise InvalidOptions(f"rookbot: draws must be informed or uniform, got {draws!r}")
        if draws == "uniform" and iterations and play == "ismcts":
            raise InvalidOptions("rookbot: draws=uniform plays its cards with play=pimc")
        self.samples, self.exchange, self.iterations = samples, exchange, iterations
        self.play, self.depth, self.objective, self.engine = play, depth, objective, engine
        self.informed = draws == "informed"
        self._run: Playout = playout
        if engine == "compiled":
            from kibitz.games.rook.fast import fast_playout  # numba loads with the agent

            self._run = fast_playout
        self.make_agent = make_agent
        if make_agent is None and iterations and play == "ismcts":
            raise InvalidOptions("rookbot: play=ismcts needs the generic IS-MCTS (make_agent)")
        self.risk, self.noise, self.time_cap = risk, noise, time_cap
        self._expected = 0.5
        self._pending: Callable[[], float] | None = None
        self.last_values: dict[int, float] | None = None
        self._plan: tuple[tuple[int, int, int], Weighed, list[Weighed]] | None = None
        self._search = self._play_search()

    def _play_search(self) -> Agent | None:
        """The generic IS-MCTS that plays the cards, leaves valued by a policy playout."""
        if not self.iterations or self.play != "ismcts" or self.make_agent is None:
            return None
        spec = f"ismcts:iterations={self.iterations},rollout_depth=1,settle=false,epsilon=0.1"
        if self.time_cap is not None:
            spec += f",time_cap={self.time_cap}"
        if self.engine == "python":
            spec += ",hooks=python"  # the search hooks' playouts in Python too
        return self.make_agent(spec, self.seed)

    @property
    def last_expected(self) -> float:
        """The expected score of the last choice (see module doc); a pass's is estimated only
        when read, since play itself never reads it."""
        if self._pending is not None:
            self._expected, self._pending = expected(self._pending()), None
        return self._expected

    @last_expected.setter
    def last_expected(self, value: float) -> None:
        self._expected, self._pending = value, None

    def reset(self) -> None:
        """Restart the random streams and forget any exchange plan."""
        super().reset()
        self._plan = None
        self._search = self._play_search()

    def choose(self, state: State, seat: int) -> int:
        if not isinstance(state, RookState):
            raise InvalidOptions(f"rookbot plays rook only, not {state.game.name}")
        legal = state.legal_actions()
        phase = state.p.phase
        self.last_expected, self.last_values = 0.5, None
        if phase == AUCTION:
            call = self._call(state, seat, legal)
            raise_ = min((a for a in legal if a >= BID0), default=None)
            if PASS in legal and raise_ is not None and self._slips():
                slip = self.rng.choice([PASS, raise_])
                if slip == call:  # its estimate is already made
                    return call
                if slip == PASS:
                    return self._pass(state, seat)
                values = self.bid_values(state, seat, self._estimates(state))
                self.last_expected = expected(values[state.table.bids[raise_ - BID0]])
                return slip
            return call
        if phase in (DISCARD, TRUMP):
            if len(legal) > 1 and self._slips():
                return self.rng.choice(legal)
            return self._exchange(state, seat, legal)
        if len(legal) > 1 and self._slips():
            card = self.rng.choice(legal)
        elif self._search is not None:
            card = self._search.choose(state, seat)
            self.last_expected = float(getattr(self._search, "last_expected", 0.5))
            return card
        elif self.iterations:
            return self._pimc(state, seat, legal)
        else:
            det = self._draws(state, seat).draw(self.rng)
            q = det.p
            card = policy_card(
                det.table, det.rules.must_trump_when_void, q.trump, list(q.hands), seat,
                q.leader, list(q.trick),
            )  # fmt: skip
        det = self._draws(state, seat).draw(self.rng)
        self.last_expected = expected(card_value(det, seat, card, self.standing(state), self._run))
        return card

    def _draws(self, state: RookState, seat: int) -> Draws:
        """The deals ``seat`` cannot tell from the real one, as this agent draws them."""
        return Draws(state, seat, self.informed)

    def standing(self, state: RookState) -> Standing | None:
        """The game's standing that values a hand (``objective=game``), or None (by hand)."""
        return standing_of(state) if self.objective == "game" else None

    def _slips(self) -> bool:
        """Whether this decision is a slip (chance ``noise``; no draw when it is 0)."""
        return bool(self.noise) and self.rng.random() < self.noise

    def _pimc(self, state: RookState, seat: int, legal: list[int]) -> int:
        """Each legal card played out by the policy, after a lookahead of ``depth`` cards, on
        the same ``iterations`` samples (fewer if ``time_cap`` runs out)."""
        totals = [0.0] * len(legal)
        team, standing = seat & 1, self.standing(state)
        deadline = time.perf_counter() + self.time_cap if self.time_cap else None
        runs = 0
        compiled = self.engine == "compiled" and standing is None
        draws = self._draws(state, seat)
        for k in range(self.iterations):
            if deadline is not None and k and time.perf_counter() > deadline:
                break
            runs += 1
            if compiled:  # the drawn position is all the core needs
                q = draws.position(self.rng)
                for i, v in enumerate(sample_values(state, q, seat, legal, self.depth)):
                    totals[i] += v
                continue
            det = draws.draw(self.rng)
            for i, card in enumerate(legal):
                if self.depth:
                    det.push(card)
                    totals[i] += lookahead(det, team, self.depth - 1, -2.0, 2.0, deadline, standing)
                    det.undo()
                else:
                    totals[i] += card_value(det, seat, card, standing, self._run)
        best = max(range(len(legal)), key=lambda i: totals[i])
        self.last_values = {card: expected(totals[i] / runs) for i, card in enumerate(legal)}
        self.last_expected = self.last_values[legal[best]]
        return legal[best]

    # -- bidding ------------------------------------------------------------------------------
    def bid_values(self, state: RookState, seat: int, rng: Rng | None = None) -> dict[int, float]:
        """Expected value of declaring each contract, from ``samples`` deals sampled with
        ``rng`` (default: the agent's own stream)."""
        bids, standing = state.table.bids, self.standing(state)
        totals = dict.fromkeys(bids, 0.0)
        draws = self._draws(state, seat)
        for _ in range(self.samples):
            det = draws.draw(rng or self.rng)
            taken, won, last, discards = declare_and_play(det, seat, self._run)
            for bid in bids:
                v = hand_values(
                    det.rules, det.table, seat, bid, taken, won, last, discards, standing
                )
                totals[bid] += v[seat & 1]
        return {bid: total / self.samples for bid, total in totals.items()}

    def pass_value(self, state: RookState, seat: int) -> float:
        """``seat``'s team value of the hand if the auction ended now at the high bid (the
        standing's, ``even``, when nobody has bid: the deal is thrown in), as ``bid_values``
        reckons a bid, on ``samples`` deals drawn from a stream of its own, so the choices
        stay the same."""
        q = state.p
        if q.high_bidder < 0:
            return self.even(state, seat)
        rng, high, standing = self._estimates(state), q.high_bidder, self.standing(state)
        total = 0.0
        draws = self._draws(state, seat)
        for _ in range(self.samples):
            det = draws.draw(rng)
            taken, won, last, discards = declare_and_play(det, high, self._run)
            v = hand_values(
                det.rules, det.table, high, q.high_bid, taken, won, last, discards, standing
            )
            total += v[seat & 1]
        return total / self.samples

    def _estimates(self, state: RookState) -> Rng:
        """A stream for estimates that the choice does not use (seeded by seed and ply)."""
        return Rng(self.seed * 1_000_003 + len(state.history))

    def even(self, state: RookState, seat: int) -> float:
        """``seat``'s team value of a hand that changes no score: 0 by hand, the standing's
        own value by game. A contract is worth declaring when its value is ``risk`` above."""
        standing = self.standing(state)
        return standing.values((0, 0))[seat & 1] if standing else 0.0

    def bid_limit(self, state: RookState, seat: int) -> int:
        """The highest contract worth declaring (0 if none), by ``bid_values``."""
        values = self.bid_values(state, seat)
        floor = self.even(state, seat) + self.risk
        good = [bid for bid, v in values.items() if v > floor]
        return max(good) if good else 0

    def _call(self, state: RookState, seat: int, legal: list[int]) -> int:
        """Pass or the lowest raise; ``last_expected`` is the value of the auction ending
        with this call."""
        bids = [a for a in legal if a >= BID0]
        if not bids or (PASS in legal and state.p.high_bidder == seat ^ 2):
            return self._pass(state, seat)
        values = self.bid_values(state, seat)
        nxt = state.table.bids[bids[0] - BID0]
        if PASS in legal and values[nxt] <= self.even(state, seat) + self.risk:
            return self._pass(state, seat)
        self.last_expected = expected(values[nxt])
        return bids[0]

    def _pass(self, state: RookState, seat: int) -> int:
        self._pending = partial(self.pass_value, state.clone(), seat)
        return PASS

    # -- trump and discards -------------------------------------------------------------------
    def _exchange(self, state: RookState, seat: int, legal: list[int]) -> int:
        det0 = self._draws(state, seat).draw(self.rng)
        q = det0.p
        key = (q.deals, q.nest_taken, q.hands[seat] | q.discards)
        planned = self._plan[1][1] if self._plan is not None else 0
        # a plan is stale once the discards made leave it (a slip): search again
        stale = q.discards & ~planned if q.phase == DISCARD else q.discards != planned
        if self._plan is None or self._plan[0] != key or stale:
            weighed = self._search_exchange(state, seat, det0)
            self._plan = (key, max(weighed, key=lambda plan: plan[2]), weighed)
        _, (trump, discards, value), weighed = self._plan
        self.last_expected = expected(value)
        self.last_values = exchange_values(q, set(legal), weighed)
        if q.phase == TRUMP:
            return TRUMP0 + trump
        for card in bits(discards & ~q.discards):
            if DISCARD0 + card in legal:
                return DISCARD0 + card
        return legal[0]

    def _candidates(self, det0: RookState, seat: int) -> list[tuple[int, int]]:
        """(trump, discard mask) pairs to try; a zero mask means "discard by heuristic once
        the nest is seen" (trump named before the nest)."""
        q, table = det0.p, det0.table
        trumps = [q.trump] if q.trump >= 0 else [0, 1, 2, 3]
        if q.phase == TRUMP:
            return [(t, q.discards) for t in trumps]
        left = table.nest_size - q.discards.bit_count()
        above = q.last_discard + 1  # discards go in increasing card order
        held = q.hands[seat] >> above << above
        out: list[tuple[int, int]] = []
        for t in trumps:
            for style in DISCARD_STYLES:
                extra = discard_set(table, held, t, left, style)
                if (t, q.discards | extra) in out:
                    continue
                try:
                    det0.discard_actions(bits(extra))
                except IllegalAction:  # a set this rule set forbids is no candidate
                    continue
                out.append((t, q.discards | extra))
        if not out:  # no heuristic set is legal (e.g. a player's own discards so far)
            probe = det0.clone()
            for _ in range(left):
                probe.push(probe.legal_actions()[0])
            out = [(t, probe.p.discards) for t in trumps]
        return out

    def _search_exchange(self, state: RookState, seat: int, det0: RookState) -> list[Weighed]:
        """Every candidate (trump, discard mask) with its mean value on ``exchange`` common
        samples."""
        candidates = self._candidates(det0, seat)
        team, standing = seat & 1, self.standing(state)
        scores = [0.0] * len(candidates)
        draws = self._draws(state, seat)
        for _ in range(self.exchange):
            det = draws.draw(self.rng)
            for i, (trump, discards) in enumerate(candidates):
                scores[i] += play_exchange(det, seat, trump, discards, standing, self._run)[team]
        pairs = zip(candidates, scores, strict=True)
        return [(trump, discards, score / self.exchange) for (trump, discards), score in pairs]


def _close_trick(
    table: Table, trump: int, leader: int, trick: list[int], won: list[int], taken: list[int]
) -> int:
    """Score a full trick into ``won``/``taken``; the winner (who leads next)."""
    winner = (leader + trick_winner(table, trump, trick)) & 3
    won[winner & 1] += 1
    taken[winner & 1] += sum(table.points[c] for c in trick)
    return winner
