"""What one seat sees (spec section 4): the observation dict, its tensor and a text picture.

A seat sees its own hand, both hand and deck sizes, both rows with strengths and pairs, both
discard piles, the round log with the other seat's drawn letters masked, and the options.
A spectator (seat None) sees the same without any hand or drawn letter. Nothing here reads
a hand it may not show or a deck's contents, except ``render`` of the whole state.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np

from kibitz.core.errors import KibitzError
from kibitz.core.options import options_to_json
from kibitz.games.tchess.phases import OVER, PHASE_NAMES, PLAY, SEATS, TAKE
from kibitz.games.tchess.strength import RowStrength, analyse_row, row_total
from kibitz.games.tchess.tables import Tables

if TYPE_CHECKING:
    from kibitz.games.tchess.rules import TchessState


def check_seat(seat: int) -> None:
    """Refuse a seat number other than 0 or 1."""
    if seat not in (0, 1):
        raise KibitzError(f"seat must be 0 (White) or 1 (Black), got {seat!r}")


def expand(letters: tuple[str, ...], counts: list[int]) -> list[str]:
    """Counts per letter index as a list of letters in deck order."""
    return [x for x, c in zip(letters, counts, strict=True) for _ in range(c)]


def row_view(row: RowStrength) -> dict[str, Any]:
    """A row as the table view shows it: cards, bracketed text, strength, pairs, boosts, J."""
    return {
        "cards": list(row.cards),
        "text": row.text,
        "strength": row.total,
        "pairs": [list(p) for p in row.pairs],
        "boosts": list(row.boosts),
        "jester_copies": [list(c) for c in row.jester_copies],
    }


def leader(state: TchessState, strengths: tuple[int, int]) -> int | None:
    """The seat currently ahead in a round in play (the defender holds on a tie by default);
    None before the attacker has laid a card, where "ahead" would read as a score."""
    att = state.attacker
    if state.stage != PLAY or not state.rows[att]:
        return None
    s_att, s_def = strengths[att], strengths[1 - att]
    holds = s_def >= s_att if state.game.options.ties_to_defender else s_def > s_att
    return 1 - att if holds else att


def event_view(event: tuple, seat: int | None, t: Tables, reveal: bool = False) -> dict[str, Any]:
    """One log event as ``seat`` sees it: a card drawn by another seat shows as ``None``
    (every drawn card for a spectator, none with ``reveal``)."""
    letters = t.letters
    kind = event[0]
    if kind == "draw":
        owner = event[1]
        card = letters[event[2]] if reveal or seat == owner else None
        return {"event": "draw", "seat": owner, "card": card}
    if kind in ("play", "steal"):
        return {"event": kind, "seat": event[1], "card": letters[event[2]]}
    if kind in ("end", "pass"):
        return {"event": kind, "seat": event[1]}
    if kind == "first":
        return {"event": "first attacker", "seat": event[1]}
    if kind == "round":
        return {"event": "round", "round": event[1], "attacker": event[2]}
    if kind == "result":
        _, number, winner, margin, strengths, rows = event
        return {
            "event": "result",
            "round": number,
            "winner": winner,
            "margin": margin,
            "strengths": list(strengths),
            "rows": [_letters(letters, r) for r in rows],
            "row_texts": [analyse_row(r, t).text for r in rows],
        }
    if kind in ("return", "discard"):
        return {"event": kind, "seat": event[1], "cards": _letters(letters, event[2])}
    assert kind == "over"
    return {"event": "game over", "returns": list(event[1]), "reason": event[2]}


def _letters(letters: tuple[str, ...], cards: tuple[int, ...]) -> list[str]:
    return [letters[c] for c in cards]


def table_view(state: TchessState, seat: int | None) -> dict[str, Any]:
    """The seat's view of the present moment (no log); a spectator's has no hand."""
    t = state.tables
    rows = [analyse_row(state.rows[s], t) for s in (0, 1)]
    strengths = (rows[0].total, rows[1].total)
    player = state.current_player
    view: dict[str, Any] = {
        "options": options_to_json(state.game.options),
        "round": state.round_no,
        "attacker": state.attacker if state.round_no else None,
        "passes": state.passes,
        "turn_cards": state.turn_len,
        "hand": None if seat is None else expand(t.letters, state.hands[seat]),
        "hand_sizes": list(state.hand_size),
        "deck_sizes": list(state.deck_size),
        "rows": [row_view(r) for r in rows],
        "leader": leader(state, strengths),
        "discards": [expand(t.letters, state.discards[s]) for s in (0, 1)],
        "take_choices": [t.letters[c] for c in state.take_letters] if state.stage == TAKE else [],
    }
    if player == seat:
        view["legal_actions"] = [state.action_to_str(a) for a in state.legal_actions()]
    return view


def observe(state: TchessState, seat: int | None) -> dict[str, Any]:
    """The table view plus the round log as ``seat`` (None: a spectator) saw it."""
    if seat is not None:
        check_seat(seat)
    view = table_view(state, seat)
    view["log"] = [event_view(e, seat, state.tables) for e in state.log]
    return view


def start_key(state: TchessState, seat: int) -> str:
    """The seat's view of a position a game started from (part of its information state)."""
    return json.dumps(table_view(state, seat), sort_keys=True, separators=(",", ":"))


def tensor_size(num_letters: int, slots: int) -> int:
    """Length of ``observation_tensor`` for a deck of ``num_letters`` letters and rows of
    ``slots`` cards (the hand limit): fixed by the options."""
    n = num_letters
    return n + 4 + 2 * n + 2 * slots * n + 2 + 5 + len(PHASE_NAMES) + n


def observation_tensor(state: TchessState, seat: int) -> np.ndarray:
    """Seat-relative features: own hand, sizes, discards, rows one-hot by slot, roles, phase."""
    check_seat(seat)
    t = state.tables
    n = state.num_letters
    slots = state.game.options.hand_limit
    out = np.zeros(tensor_size(n, slots), dtype=np.float32)
    order = (seat, 1 - seat)
    out[0:n] = state.hands[seat]
    pos = n
    for s in order:
        out[pos] = state.hand_size[s]
        out[pos + 1] = state.deck_size[s]
        pos += 2
    for s in order:
        out[pos : pos + n] = state.discards[s]
        pos += n
    for s in order:
        for i, c in enumerate(state.rows[s][:slots]):
            out[pos + i * n + c] = 1.0
        pos += slots * n
    for s in order:
        out[pos] = row_total(state.rows[s], t)
        pos += 1
    out[pos : pos + 5] = (
        state.attacker == seat,
        state.current_player == seat,
        state.passes,
        state.turn_len,
        state.round_no,
    )
    pos += 5
    out[pos + state.stage] = 1.0
    pos += len(PHASE_NAMES)
    for c in state.take_letters:
        out[pos + c] = 1.0
    return out


def known_cards(state: TchessState, seat: int) -> list[int]:
    """Per letter, how many cards of the other hand ``seat`` knows of: cards it took back
    from its row in view of both (less those it has since laid or had stolen)."""
    other = 1 - seat
    known = [0] * state.num_letters
    for event in state.log:
        kind = event[0]
        if kind == "return" and event[1] == other:
            for letter in event[2]:
                known[letter] += 1
        elif kind in ("play", "steal") and event[1] == other and known[event[2]]:
            known[event[2]] -= 1
    return known


def information_state_tensor(state: TchessState, seat: int) -> np.ndarray:
    """The observation tensor, then the other hand's known cards per letter."""
    n = state.num_letters
    out = np.zeros(tensor_size(n, state.game.options.hand_limit) + n, dtype=np.float32)
    out[:-n] = observation_tensor(state, seat)
    out[-n:] = known_cards(state, seat)
    return out


def _cards_text(cards: list[str]) -> str:
    return " ".join(cards) if cards else "-"


def event_text(event: dict[str, Any]) -> str:
    """One log event as a short line, e.g. ``Black plays N`` or ``White draws ?``."""
    kind = event["event"]
    who = SEATS[event["seat"]] if "seat" in event else ""
    if kind == "draw":
        return f"{who} draws {event['card'] or '?'}"
    if kind == "play":
        return f"{who} plays {event['card']}"
    if kind in ("end", "pass"):
        return f"{who} {'ends the turn' if kind == 'end' else 'passes'}"
    if kind == "steal":
        return f"{event['card']} stolen from {who}"
    if kind == "first attacker":
        return f"{who} attacks first"
    if kind == "round":
        return f"round {event['round']}: {SEATS[event['attacker']]} attacks"
    if kind == "result":
        s = event["strengths"]
        rows = event["row_texts"]
        return (
            f"round {event['round']}: {SEATS[event['winner']]} wins by {event['margin']} "
            f"(White {rows[0] or '-'} = {s[0]}, Black {rows[1] or '-'} = {s[1]})"
        )
    if kind in ("return", "discard"):
        verb = "takes back" if kind == "return" else "discards"
        return f"{who} {verb} {_cards_text(event['cards'])}"
    return f"game over: {event['reason']}"


def render(state: TchessState, seat: int | None = None) -> str:
    """A text table from ``seat``'s view (hidden cards shown as a count), or the full state."""
    if seat is not None:
        check_seat(seat)
    t = state.tables
    lines = [_headline(state)]
    rows = [analyse_row(state.rows[s], t) for s in (0, 1)]
    for s in (1, 0):
        if seat is None or seat == s:
            hand = _cards_text(expand(t.letters, state.hands[s]))
        else:
            hand = f"{state.hand_size[s]} card{'' if state.hand_size[s] == 1 else 's'}"
        lines.append(
            f"{SEATS[s]:5}  hand: {hand}   deck: {state.deck_size[s]}   "
            f"discard: {_cards_text(expand(t.letters, state.discards[s]))}"
        )
        if seat is None:
            lines.append(f"       deck: {_cards_text(expand(t.letters, state.decks[s]))}")
        lines.append(f"       row: {rows[s].text or '-'}   = {rows[s].total}")
    ahead = leader(state, (rows[0].total, rows[1].total))
    if ahead is not None:
        lines.append(f"{SEATS[ahead]} is ahead")
    recent = [event_text(event_view(e, seat, t, reveal=seat is None)) for e in state.log[-8:]]
    if recent:
        lines.append("log: " + "; ".join(recent))
    return "\n".join(lines)


def _headline(state: TchessState) -> str:
    out = state.outcome()
    if out is not None:
        return f"TCHESS Cards, game over: {out.describe(SEATS)}"
    if state.round_no == 0:
        return "TCHESS Cards, dealing"
    head = f"TCHESS Cards, round {state.round_no}: {SEATS[state.attacker]} attacks"
    player = state.current_player
    if state.stage == PLAY:
        passes = f" ({state.passes} pass)" if state.passes else ""
        return f"{head}, {SEATS[player]} to play{passes}"
    if state.stage == TAKE:
        return f"{head}, {SEATS[player]} chooses a card to take back"
    assert state.stage != OVER
    return f"{head}, chance to {PHASE_NAMES[state.stage]}"
