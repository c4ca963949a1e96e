"""TCHESS Cards notation (spec section 5): ``P``, ``end``, ``pass``, ``take F``, and chance
outcomes ``draw Q``, ``steal K``, ``first Black``; a whole turn is written ``P S P Q``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kibitz.core.errors import IllegalAction, NotationError
from kibitz.games.tchess.phases import DEAL, FIRST, OVER, PLAY, SEATS, STEAL, TAKE

if TYPE_CHECKING:
    from kibitz.games.tchess.rules import TchessState

KEYWORDS = ("end", "pass", "take", "draw", "steal", "first")


def action_to_str(state: TchessState, action: int) -> str:
    """The notation of ``action`` at ``state`` (chance ids read by the pending chance event)."""
    text = action_text(state.stage, action, state.tables.letters)
    if text is None:
        raise NotationError(f"action {action!r} has no meaning here ({_expected(state)})")
    return text


def action_text(stage: int, action: int, letters: tuple[str, ...]) -> str | None:
    """The notation of ``action`` taken at ``stage``, or None if it means nothing there."""
    n = len(letters)
    if stage == FIRST:
        return f"first {SEATS[action]}" if action in (0, 1) else None
    if stage in (DEAL, STEAL):
        if 0 <= action < n:
            return f"{'draw' if stage == DEAL else 'steal'} {letters[action]}"
        return None
    if 0 <= action < n:
        return letters[action]
    if action == n:
        return "end"
    if action == n + 1:
        return "pass"
    if n + 2 <= action < 2 * n + 2:
        return f"take {letters[action - n - 2]}"
    return None


def action_fields(
    stage: int, action: int, letters: tuple[str, ...], attacking: bool
) -> dict[str, Any]:
    """The structured form of a meaningful ``action`` taken at ``stage``: ``kind`` and ``cards``.

    ``kind`` is ``attack`` or ``defend`` for a card laid by the attacker or the defender
    (``attacking`` says which), ``end``, ``pass``, ``take``, or the chance events ``draw``,
    ``steal`` and ``first``; ``cards`` holds the letter laid, taken back, drawn or stolen.
    """
    n = len(letters)
    if stage == FIRST:
        return {"kind": "first", "cards": []}
    if stage in (DEAL, STEAL):
        return {"kind": "draw" if stage == DEAL else "steal", "cards": [letters[action]]}
    if action < n:
        return {"kind": "attack" if attacking else "defend", "cards": [letters[action]]}
    if action < n + 2:
        return {"kind": "end" if action == n else "pass", "cards": []}
    return {"kind": "take", "cards": [letters[action - n - 2]]}


def _expected(state: TchessState) -> str:
    """What kind of action the state waits for, for error messages."""

    stage = state.stage
    if stage == DEAL:
        return f"chance deals a card to {SEATS[state.drawing_seat()]}: 'draw LETTER'"
    if stage == STEAL:
        return "chance steals a card: 'steal LETTER'"
    if stage == FIRST:
        return "chance picks the first attacker: 'first White' or 'first Black'"
    if stage == TAKE:
        return "the round winner takes a card back: 'take LETTER'"
    if stage == PLAY:
        return f"{SEATS[state.mover]} plays a card letter, 'end' or 'pass'"
    assert stage == OVER
    return "the game is over"


def _letter(state: TchessState, word: str) -> int:
    index = state.tables.index
    if word not in index:
        raise NotationError(
            f"unknown card {word!r}; cards are {' '.join(state.tables.letters)}"
        )
    return index[word]


def str_to_action(state: TchessState, text: str) -> int:
    """Parse one primitive action; NotationError for bad text, IllegalAction if not legal."""
    words = text.split()
    if not words:
        raise NotationError(f"empty action; expected {_expected(state)}")
    action, stage = _parse(state, words, text)
    if state.stage != stage or action not in state.legal_actions():
        raise IllegalAction(f"{text!r} is not legal now: {_expected(state)}")
    return action


def _parse(state: TchessState, words: list[str], text: str) -> tuple[int, int]:
    """The action id that ``words`` name and the stage at which the id means that."""
    head = words[0].lower()
    n = state.num_letters
    if len(words) == 1:
        if head == "end":
            return n, PLAY
        if head == "pass":
            return n + 1, PLAY
        if head not in KEYWORDS:
            return _letter(state, words[0]), PLAY
    elif len(words) == 2:
        if head == "take":
            return n + 2 + _letter(state, words[1]), TAKE
        if head in ("draw", "steal"):
            return _letter(state, words[1]), DEAL if head == "draw" else STEAL
        if head == "first":
            names = [seat.lower() for seat in SEATS]
            if words[1].lower() not in names:
                raise NotationError(f"{text!r}: expected 'first White' or 'first Black'")
            return names.index(words[1].lower()), FIRST
    if head not in KEYWORDS:
        raise NotationError(
            f"{text!r} is a whole turn; one action is one card, 'end' or 'pass' "
            "(a whole turn is played as a turn)"
        )
    raise NotationError(
        f"cannot read {text!r}; expected a card letter, 'end', 'pass', 'take X', "
        "'draw X', 'steal X' or 'first White|Black'"
    )


def turn_actions(state: TchessState, text: str) -> list[int]:
    """A whole turn as ids: ``P S P Q`` becomes PLAY ... END; each card is checked in hand.
    In a turn already begun card by card, the cards are the rest of it (then END)."""
    words = text.split()
    if not words:
        raise NotationError("empty turn; write cards like 'P S P Q', or 'pass', or 'take F'")
    if words[0].lower() in KEYWORDS:
        return [str_to_action(state, text)]
    return [*cards_from_hand(state, words, text), state.num_letters]


def cards_from_hand(state: TchessState, words: list[str], text: str) -> list[int]:
    """Letter ids of cards the player to move may lay next, each checked in hand with repeats."""
    if state.stage != PLAY:
        raise IllegalAction(f"{text!r} is not legal now: {_expected(state)}")
    hand = state.hands[state.mover][:]
    cards = []
    for word in words:
        letter = _letter(state, word)
        if not hand[letter]:
            letters = state.tables.letters
            held = " ".join(
                letters[i] for i, c in enumerate(state.hands[state.mover]) for _ in range(c)
            )
            raise IllegalAction(
                f"turn {text!r}: card {word} is not in {SEATS[state.mover]}'s hand "
                f"(hand: {held or 'empty'})"
            )
        hand[letter] -= 1
        cards.append(letter)
    return cards
