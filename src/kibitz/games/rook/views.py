"""What each seat sees: the observation dict, its tensor, the text picture and refusal reasons.

Only this module turns the full position into views, so privacy (spec section 5) is checked
in one place: a seat sees its own hand, public calls and plays, and, as declarer, the nest it
picked up and its discards; the discarded nest becomes public on the score sheet; the calls
and tricks of earlier deals stay public. A spectator sees the public part only.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from kibitz.core.errors import KibitzError
from kibitz.games.rook.actions import BID0, DISCARD0, PASS, TRUMP0
from kibitz.games.rook.cards import (
    COLOUR_NAMES,
    NUM_CARDS,
    ROOK,
    SEAT_NAMES,
    TEAM_NAMES,
    bits,
    card_str,
)
from kibitz.games.rook.determinize import deal_start
from kibitz.games.rook.moves import action_fields, action_text
from kibitz.games.rook.position import (
    AUCTION,
    DEAL,
    DISCARD,
    OVER,
    PHASE_NAMES,
    PLAY,
    TRUMP,
    Position,
    SheetEntry,
    Trick,
)
from kibitz.games.rook.standing import standing_of

if TYPE_CHECKING:
    from kibitz.games.rook.game import RookGame
    from kibitz.games.rook.state import RookState


def cards_json(mask_or_cards: int | tuple[int, ...]) -> list[str]:
    """Card texts of a mask or a tuple of ids (ascending for masks)."""
    cards = bits(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return [card_str(c) for c in cards]


def trick_json(trick: Trick) -> dict[str, Any]:
    """A completed trick: leader, ``[seat, card]`` pairs in play order, winner."""
    plays = [[trick.seat_of(i), card_str(c)] for i, c in enumerate(trick.cards)]
    return {"leader": trick.leader, "plays": plays, "winner": trick.winner}


def sheet_json(entry: SheetEntry) -> dict[str, Any]:
    """One score-sheet row; the nest's cards are public once the hand is over."""
    return {
        "hand": entry.hand,
        "dealer": entry.dealer,
        "declarer": entry.declarer,
        "contract": entry.contract,
        "trump": COLOUR_NAMES[entry.trump],
        "nest": cards_json(entry.nest),
        "nest_points": entry.nest_points,
        "nest_to": entry.nest_to,
        "card_points": list(entry.card_points),
        "bonus": list(entry.bonus),
        "points": list(entry.points),
        "made": entry.made,
        "change": list(entry.change),
        "totals": list(entry.totals),
    }


def call_str(bid: int) -> str:
    """``pass`` or ``bid N``."""
    return f"bid {bid}" if bid else "pass"


def past_deals(state: RookState) -> list[dict[str, Any]]:
    """The deals before the current one (the one on show, once the game is over), each as
    every seat saw it: its ``hand`` number (a passed-out deal keeps the number of the hand
    dealt again), ``dealer``, ``calls`` and completed ``tricks``; the rest of a scored hand
    (its contract, trump, nest and score) is on the score sheet."""
    return _public_deals(state.game, tuple(state.history[: deal_start(state)]))


@lru_cache(maxsize=256)
def _public_deals(game: RookGame, prefix: tuple[int, ...]) -> list[dict[str, Any]]:
    """``past_deals`` of a history ending with a deal, replayed once (shared: not to be
    changed). A determinization's fictional deals replay to the same calls and tricks."""
    replay = game.new_initial_state(None)
    deals: list[dict[str, Any]] = []
    for action in prefix:
        q = replay.p
        replay.push(action)
        if q.phase == DEAL and not q.dealt:
            deals.append({"hand": q.hand_no, "dealer": q.dealer, "calls": [], "tricks": []})
        elif q.phase == AUCTION:
            deals[-1]["calls"].append([q.to_act, action_text(game.table, AUCTION, action)])
        elif q.phase == PLAY and replay.p.last_trick is not q.last_trick:
            deals[-1]["tricks"].append(trick_json(replay.p.last_trick))
    return deals


def observe(state: RookState, seat: int | None) -> dict[str, Any]:
    """The game's own view keys for ``seat``: own hand, public history, score sheet, and the
    declarer's nest. A spectator (None) sees what every seat sees alike: no hand at all."""
    if seat is not None and not 0 <= seat < 4:
        raise KibitzError(f"seat must be 0..3 (South, West, North, East), got {seat!r}")
    p = state.p
    is_declarer = seat is not None and p.declarer == seat
    obs: dict[str, Any] = {
        "dealer": p.dealer if p.dealer >= 0 else None,
        "hand_number": hand_number(p),
        "deals": p.deals,
        "hand": None if seat is None else cards_json(p.hands[seat]),
        "hand_sizes": [h.bit_count() for h in p.hands],
        "nest_size": state.table.nest_size,
        "calls": [[s, call_str(b)] for s, b in p.calls],
        "passed": [bool(p.passed >> s & 1) for s in range(4)],
        "high_bid": p.high_bid or None,
        "high_bidder": p.high_bidder if p.high_bidder >= 0 else None,
        "declarer": p.declarer if p.declarer >= 0 else None,
        "contract": p.contract or None,
        "trump": COLOUR_NAMES[p.trump] if p.trump >= 0 else None,
        "nest_taken": cards_json(p.nest_taken) if is_declarer else None,
        "discards": cards_json(p.discards) if is_declarer else None,
        "leader": p.leader if p.phase == PLAY else None,
        "trick": [[(p.leader + i) & 3, card_str(c)] for i, c in enumerate(p.trick)],
        "tricks": [trick_json(t) for t in p.tricks],
        "last_trick": trick_json(p.last_trick) if p.last_trick else None,
        "tricks_won": list(p.tricks_won),
        "points_taken": list(p.taken),
        "target": state.rules.target,
        "max_hands": state.rules.max_hands or None,
        "last_hand": standing_of(state).last,
        "score_sheet": [sheet_json(e) for e in p.sheet],
        "past_deals": past_deals(state),
    }
    if seat is not None and state.current_player == seat:
        obs["legal"] = [state.action_to_str(a) for a in state.legal_actions()]
    return obs


def last_action(state: RookState, seat: int | None) -> dict[str, Any]:
    """The last action as ``seat`` sees it (see ``RookState.last_action``)."""
    p = state.p
    phase, who = p.last
    action = state.history[-1]
    actor = None if phase <= DEAL else who
    begins = {"begins": f"Hand {p.hand_no}"} if phase == DEAL and p.dealt == 1 else {}
    if phase == DEAL and seat != who:
        to = "the nest" if who < 0 else SEAT_NAMES[who]
        return {"seat": None, "text": f"a card is dealt to {to}", **begins}
    if phase == DISCARD and seat != who:
        return {"seat": actor, "text": "discards a card"}
    return {
        "seat": actor,
        "text": action_text(state.table, phase, action),
        "id": action,
        **action_fields(state.table, phase, action),
        **begins,
    }


_PHASES = len(PHASE_NAMES)
_CARD_PLANES = 8  # own hand, trick by relative seat (4), played before, nest taken, discards
TENSOR_SIZE = _CARD_PLANES * NUM_CARDS + _PHASES + 5 * 4 + 4 + 4 + 2 + 2 + 2 + 2
"""Length of ``observation_tensor``: card planes, phase, seat one-hots, trump, numbers."""


def observation_tensor(state: RookState, seat: int) -> np.ndarray:
    """The observation as float32: card planes, then one-hots and scaled numbers."""
    p = state.p
    out = np.zeros(TENSOR_SIZE, dtype=np.float32)

    def plane(index: int, cards: list[int]) -> None:
        base = index * NUM_CARDS
        for c in cards:
            out[base + c] = 1.0

    plane(0, bits(p.hands[seat]))
    for i, c in enumerate(p.trick):
        out[(1 + ((p.leader + i - seat) & 3)) * NUM_CARDS + c] = 1.0
    plane(5, [c for t in p.tricks for c in t.cards])
    if p.declarer == seat:
        plane(6, bits(p.nest_taken))
        plane(7, bits(p.discards))
    i = _CARD_PLANES * NUM_CARDS
    out[i + p.phase] = 1.0
    i += _PHASES
    for who in (p.dealer, p.declarer, p.high_bidder, state.current_player, p.leader):
        if 0 <= who < 4:
            out[i + ((who - seat) & 3)] = 1.0
        i += 4
    for s in range(4):
        out[i + ((s - seat) & 3)] = float(p.passed >> s & 1)
    i += 4
    if p.trump >= 0:
        out[i + p.trump] = 1.0
    i += 4
    total, target = float(state.table.total), float(state.rules.target)
    mine = seat & 1
    out[i : i + 2] = (p.contract / total, p.high_bid / total)
    out[i + 2 : i + 4] = (p.tricks_won[mine] / 14.0, p.tricks_won[1 - mine] / 14.0)
    out[i + 4 : i + 6] = (p.taken[mine] / total, p.taken[1 - mine] / total)
    out[i + 6 : i + 8] = (p.scores[mine] / target, p.scores[1 - mine] / target)
    return out


INFO_TENSOR_SIZE = TENSOR_SIZE + 4 * NUM_CARDS + 4
"""Length of ``information_state_tensor``: the observation, then per seat (relative to the
observer) the cards it has played this hand and its highest bid (scaled by the total)."""


def information_state_tensor(state: RookState, seat: int) -> np.ndarray:
    """The observation plus what it forgets of this hand: who played which card (so who
    showed out of a suit) and how high each seat bid."""
    p = state.p
    out = np.zeros(INFO_TENSOR_SIZE, dtype=np.float32)
    out[:TENSOR_SIZE] = observation_tensor(state, seat)
    tricks = [(t.leader, t.cards) for t in p.tricks] + [(p.leader, p.trick)]
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            out[TENSOR_SIZE + ((leader + i - seat) & 3) * NUM_CARDS + card] = 1.0
    total = float(state.table.total)
    base = TENSOR_SIZE + 4 * NUM_CARDS
    for who, bid in p.calls:
        i = base + ((who - seat) & 3)
        out[i] = max(out[i], bid / total)
    return out


def seen_history(state: RookState, seat: int) -> list[str]:
    """Every action so far as ``seat`` saw it: others' dealt cards and discards are ``?``."""
    replay = state.game.new_initial_state(state.seed)
    seen = []
    for action in state.history:
        p = replay.p
        text = replay.action_to_str(action)
        if p.phase == DEAL:
            if p.dealt >= 4 * state.table.hand_size or (p.dealer + 1 + p.dealt) & 3 != seat:
                text = "deal ?"
        elif p.phase == DISCARD and p.declarer != seat:
            text = "discard ?"
        seen.append(text)
        replay.push(action)
    return seen


def information_state_key(state: RookState, seat: int) -> str:
    """JSON of the observation and of the history as ``seat`` saw it."""
    data = {"obs": observe(state, seat), "seen": seen_history(state, seat)}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def why_illegal(state: RookState, action: int) -> str | None:
    """A player-facing reason an action is refused, or None to use the generic message."""
    p = state.p
    if p.phase <= DEAL or p.phase == OVER:
        return None
    who = SEAT_NAMES[p.to_act]
    if p.phase == AUCTION:
        if action == PASS:
            return f"pass refused: {who} is the dealer and must bid after three passes"
        if BID0 <= action < BID0 + len(state.table.bids):
            bid = state.table.bids[action - BID0]
            return f"bid {bid} refused: a bid must exceed {p.high_bid}"
        return f"it is {who}'s call: bid or pass"
    if p.phase == TRUMP:
        return f"{who} must name trump first (trump red, yellow, green or black)"
    if p.phase == DISCARD:
        return _why_not_discard(state, action, who)
    if not 0 <= action < DISCARD0:
        return f"it is {who}'s turn to play a card"
    return _why_not_play(state, action, who)


def _why_not_discard(state: RookState, action: int, who: str) -> str:
    p = state.p
    if not DISCARD0 <= action < TRUMP0:
        left = state.table.nest_size - p.discards.bit_count()
        return f"{who} must first discard {left} more card(s) to the nest"
    card = action - DISCARD0
    text = card_str(card)
    if not p.hands[p.declarer] >> card & 1:
        return f"discard {text} refused: {who} does not hold {text}"
    if card <= p.last_discard:
        return f"discard {text} refused: discards go in increasing card order; sort the set"
    if state.rules.nest_counters_allowed:
        left = state.table.nest_size - p.discards.bit_count()
        return (
            f"discard {text} refused: {left - 1} more discards must follow it in increasing "
            "card order; discard the set sorted"
        )
    return f"discard {text} refused: with nest_counters_allowed off, discard pointless cards first"


def _why_not_play(state: RookState, card: int, who: str) -> str:
    p = state.p
    text = card_str(card)
    if not p.hands[p.to_act] >> card & 1:
        return f"play {text} refused: {who} does not hold {text}"
    table = state.table
    suit = table.suit_of[p.trump][p.trick[0]]
    held = p.hands[p.to_act] & table.suit_mask[p.trump][suit]
    if held:
        return f"play {text} refused: {who} holds {COLOUR_NAMES[suit]}, the suit led; follow suit"
    return f"play {text} refused: {who} is void in {COLOUR_NAMES[suit]} and must play trump"


def _hand_line(cards: list[int], crow: bool) -> str:
    def name(c: int) -> str:
        return ("Crow" if crow else "Rook") if c == ROOK else card_str(c)

    by_colour = [[name(c) for c in cards if c != ROOK and c // 14 == k] for k in range(4)]
    parts = [" ".join(group) for group in by_colour if group]
    if ROOK in cards:
        parts.append(name(ROOK))
    return " | ".join(parts) if parts else "-"


def _plays(leader: int, cards: tuple[int, ...]) -> str:
    return " ".join(f"{SEAT_NAMES[(leader + i) & 3][0]}:{card_str(c)}" for i, c in enumerate(cards))


def hand_number(p: Position) -> int:
    """The hand shown: a game ended by a scored hand still shows that hand, numbered as the
    score sheet numbers it (the count has moved on to the next)."""
    return p.hand_no - 1 if p.phase == OVER and p.declarer >= 0 else p.hand_no


def render(state: RookState, seat: int | None = None) -> str:
    """A plain-text table for terminals and ``kibitz show``."""
    p: Position = state.p
    crow = state.game.options.preset == "crowsnest"
    lines = [
        f"Rook ({state.game.options.preset}), hand {hand_number(p)}, deal {p.deals}, "
        f"phase: {PHASE_NAMES[p.phase]}",
        f"Scores: {TEAM_NAMES[0]} {p.scores[0]}, {TEAM_NAMES[1]} {p.scores[1]} "
        f"(target {state.rules.target})",
    ]
    if p.dealer >= 0:
        lines.append(f"Dealer: {SEAT_NAMES[p.dealer]}")
    if p.calls:
        lines.append("Calls: " + ", ".join(f"{SEAT_NAMES[s][0]} {call_str(b)}" for s, b in p.calls))
    if p.declarer >= 0:
        trump = COLOUR_NAMES[p.trump] if p.trump >= 0 else "not yet named"
        lines.append(f"Contract: {p.contract} by {SEAT_NAMES[p.declarer]}, trump {trump}")
    for s in range(4):
        if seat is None or s == seat:
            lines.append(f"{SEAT_NAMES[s]:>5}: {_hand_line(bits(p.hands[s]), crow)}")
        else:
            lines.append(f"{SEAT_NAMES[s]:>5}: {p.hands[s].bit_count()} cards")
    if seat is None or (seat == p.declarer and p.nest_taken):
        lines.append(f" Nest: {_hand_line(bits(p.nest), crow)}")
    if p.last_trick:
        t = p.last_trick
        lines.append(f"Last trick: {_plays(t.leader, t.cards)}, won by {SEAT_NAMES[t.winner]}")
    if p.trick:
        lines.append(f"Trick: {_plays(p.leader, p.trick)}")
    if p.phase == PLAY:
        won, taken = p.tricks_won, p.taken
        lines.append(f"Tricks: {won[0]}-{won[1]}, points {taken[0]}-{taken[1]}")
    for e in p.sheet:
        verdict = "made" if e.made else "set"
        lines.append(
            f"  hand {e.hand}: {SEAT_NAMES[e.declarer]} {e.contract} {COLOUR_NAMES[e.trump]} "
            f"{verdict}; points {e.points[0]}-{e.points[1]}, change {e.change[0]:+d}/"
            f"{e.change[1]:+d}, totals {e.totals[0]}/{e.totals[1]}"
        )
    if p.result:
        lines.append(f"Result: {p.result.describe(state.game.player_names)}")
    elif p.phase > DEAL and p.phase != OVER:
        lines.append(f"To act: {SEAT_NAMES[p.to_act]}")
    return "\n".join(lines)
