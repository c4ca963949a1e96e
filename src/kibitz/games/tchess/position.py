"""Position strings: a whole TCHESS Cards state in the middle of a round, as one line of text.

Form: ``white=HAND/DECK/DISCARD/ROW black=HAND/DECK/DISCARD/ROW attacker=white
to_move=black round=1 passes=0 turn=0``. A card list is comma-separated letters, ``P*3`` for
three P, ``-`` when empty; a row is in table order. ``turn`` counts the cards the player to
move has laid in the turn under way (its last cards in its row). A position holds hidden
cards, so it is for tests, analysis and records, never for a seat's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kibitz.core.errors import InvalidPosition
from kibitz.games.tchess.phases import PHASE_NAMES, PLAY, SEATS

if TYPE_CHECKING:
    from kibitz.games.tchess.rules import TchessState

SEAT_KEYS = ("white", "black")
KEYS = ("white", "black", "attacker", "to_move", "round", "passes", "turn")
PARTS = ("hand", "deck", "discard", "row")


def _card_list(state: TchessState, text: str, where: str) -> list[int]:
    """Letter indices of a comma-separated card list (``P*3`` repeats, ``-`` is empty)."""
    if text == "-":
        return []
    index = state.tables.index
    out: list[int] = []
    for item in text.split(","):
        letter, star, times = item.partition("*")
        if letter not in index:
            raise InvalidPosition(
                f"{where}: unknown card {letter!r}; cards are {' '.join(state.tables.letters)}"
            )
        if star and not (times.isdigit() and int(times) >= 1):
            raise InvalidPosition(f"{where}: {item!r} must be LETTER or LETTER*COUNT")
        out.extend([index[letter]] * (int(times) if star else 1))
    return out


def _counts(cards: list[int], n: int) -> list[int]:
    out = [0] * n
    for c in cards:
        out[c] += 1
    return out


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for token in text.split():
        key, eq, value = token.partition("=")
        if not eq or key not in KEYS:
            raise InvalidPosition(
                f"position field {token!r}: expected KEY=VALUE, KEY one of {' '.join(KEYS)}"
            )
        fields[key] = value
    missing = [k for k in KEYS[:5] if k not in fields]
    if missing:
        raise InvalidPosition(f"position lacks {missing[0]!r} (fields: {' '.join(KEYS)})")
    return fields


def _number(fields: dict[str, str], key: str, low: int, high: int) -> int:
    text = fields.get(key, "0")
    if not text.isdigit() or not low <= int(text) <= high:
        raise InvalidPosition(f"position {key}={text!r} must be an integer in {low}..{high}")
    return int(text)


def _seat(fields: dict[str, str], key: str) -> int:
    if fields[key] not in SEAT_KEYS:
        raise InvalidPosition(f"position {key}={fields[key]!r} must be 'white' or 'black'")
    return SEAT_KEYS.index(fields[key])


def load(state: TchessState, text: str) -> None:
    """Set ``state`` (fresh) to the position ``text``; InvalidPosition names any bad field."""
    fields = _fields(text)
    t = state.tables
    n = t.num_letters
    for seat, key in enumerate(SEAT_KEYS):
        parts = fields[key].split("/")
        if len(parts) != 4:
            raise InvalidPosition(f"position {key}=: expected HAND/DECK/DISCARD/ROW")
        lists = [
            _card_list(state, p, f"{key} {name}") for p, name in zip(parts, PARTS, strict=True)
        ]
        hand, deck, discard, row = (_counts(cards, n) for cards in lists)
        for i, letter in enumerate(t.letters):
            total = hand[i] + deck[i] + discard[i] + row[i]
            if total != t.counts[i]:
                raise InvalidPosition(
                    f"{SEATS[seat]} has {total} {letter} in hand, deck, discard and row, "
                    f"but the deck option has {t.counts[i]}"
                )
        if discard[t.king]:
            raise InvalidPosition(f"{SEATS[seat]}'s King is in the discard pile: the game is over")
        state.hands[seat], state.decks[seat], state.discards[seat] = hand, deck, discard
        state.rows[seat] = lists[3]
        state.hand_size[seat] = sum(hand)
        state.deck_size[seat] = sum(deck)
    cap = state.game.options.max_rounds
    state.round_no = _number(fields, "round", 1, cap if cap else 10**9)
    state.attacker = _seat(fields, "attacker")
    state.mover = _seat(fields, "to_move")
    state.passes = _number(fields, "passes", 0, 1)
    state.turn_len = _number(fields, "turn", 0, len(state.rows[state.mover]))
    state.draws = ()
    state.stage = PLAY
    _check_round(state)


def _check_round(state: TchessState) -> None:
    """Reject round states the rules cannot reach."""
    att = state.attacker
    if state.turn_len and state.passes:
        raise InvalidPosition("position has passes=1 with a turn under way (turn > 0)")
    if not state.rows[att]:
        if state.rows[1 - att] or state.mover != att or state.passes:
            raise InvalidPosition(
                "attacker's row is empty, so the round has not opened: the defender's row must "
                "be empty, the attacker to move and passes=0"
            )
        if not state.hand_size[att]:
            raise InvalidPosition("the attacker must have cards in hand to open the round")


def dump(state: TchessState) -> str:
    """The position string of ``state`` (only while a player is to play in a round)."""
    if state.stage != PLAY:
        raise InvalidPosition(
            f"positions are written only while a player is to play; this state is at "
            f"{PHASE_NAMES[state.stage]!r}"
        )
    letters = state.tables.letters

    def counts_text(counts: list[int]) -> str:
        items = [x if c == 1 else f"{x}*{c}" for x, c in zip(letters, counts, strict=True) if c]
        return ",".join(items) or "-"

    seats = []
    for seat, key in enumerate(SEAT_KEYS):
        row = ",".join(letters[c] for c in state.rows[seat]) or "-"
        parts = [counts_text(state.hands[seat]), counts_text(state.decks[seat])]
        parts += [counts_text(state.discards[seat]), row]
        seats.append(f"{key}={'/'.join(parts)}")
    return (
        f"{seats[0]} {seats[1]} attacker={SEAT_KEYS[state.attacker]} "
        f"to_move={SEAT_KEYS[state.mover]} round={state.round_no} passes={state.passes} "
        f"turn={state.turn_len}"
    )
