"""Move notation (spec (f)): card code, ``:`` on a capture, destination, ``=A``, King marker.

Writers give the full form (``1C:c5=A``, ``QS:e0×``); parsers also take a capture without
``:``, a move without its marker, ``x`` or ``#`` for ``×`` and trailing annotations.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kibitz.core.errors import IllegalAction, NotationError
from kibitz.games.cardmate.cards import (
    CARD_BY_CODE,
    CARD_MASK,
    KING,
    OWNER_SHIFT,
    PALACES,
    PLAYER_NAMES,
    SQUARE_BY_NAME,
    card_code,
    square_name,
)
from kibitz.games.cardmate.rules import decode, encode

if TYPE_CHECKING:
    from kibitz.games.cardmate.rules import CardmateState

LAST_KING = "×"
FIRST_KING = "+"
MOVE_RE = re.compile(
    r"(?P<card>[1-9XJQKA][CDHS])(?P<capture>:)?(?P<to>[a-j][0-9])(?P<promote>=A)?"
    r"(?P<marker>[+×x#])?(?P<annotation>!!|\?\?|!\?|\?!|!|\?)?"
)
"""One move token; group ``annotation`` is accepted and ignored."""


def king_marker(state: CardmateState, frm: int, to: int) -> str:
    """``×`` for a move that takes the last enemy King or enters the enemy palace, ``+``
    for one that takes a King while another is left, else ``""``."""
    piece, taken = state.board[frm], state.board[to]
    opponent = (piece >> OWNER_SHIFT) ^ 1
    if (piece & CARD_MASK) >> 2 == KING and to in PALACES[opponent]:
        return LAST_KING
    if taken >= 0 and (taken & CARD_MASK) >> 2 == KING:
        return LAST_KING if state.kings[opponent] == 1 else FIRST_KING
    return ""


def write_move(state: CardmateState, action: int) -> str:
    """``action`` in full notation, written in ``state`` before it is played."""
    frm, to, promote = decode(action)
    piece = state.board[frm]
    if piece < 0:
        raise IllegalAction(f"action {action} moves from {square_name(frm)}, which is empty")
    capture = ":" if state.board[to] >= 0 else ""
    return (
        card_code(piece & CARD_MASK)
        + capture
        + square_name(to)
        + ("=A" if promote else "")
        + king_marker(state, frm, to)
    )


def parse_move(state: CardmateState, text: str) -> int:
    """The legal action ``text`` names; NotationError if garbled, IllegalAction if illegal."""
    match = MOVE_RE.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None and isinstance(text, str):
        capitals = text.strip()[:2].upper() + text.strip()[2:]
        if MOVE_RE.fullmatch(capitals):
            raise NotationError(f"{text!r}: card codes are written in capitals: {capitals}")
    if match is None:
        raise NotationError(
            f"{text!r} is not a Cardmate move; write card code, ':' for a capture, destination, "
            "'=A' to promote, e.g. 4Db6, 9H:c5, 1Dd5=A, QS:e0×"
        )
    if state.is_terminal():
        raise IllegalAction(f"{text} refused: the game is over")
    side = state.side
    who = PLAYER_NAMES[side]
    code = match["card"]
    card = CARD_BY_CODE[code]
    frm = state.pos[card]
    if frm < 0:
        raise IllegalAction(f"{text}: card {code} is not on the board")
    if state.board[frm] >> OWNER_SHIFT != side:
        raise IllegalAction(f"{text}: card {code} belongs to {PLAYER_NAMES[side ^ 1]}, not {who}")
    to = SQUARE_BY_NAME[match["to"]]
    promote = match["promote"] is not None
    legal = state.legal_actions()
    action = encode(frm, to, promote)
    if action not in legal:
        raise IllegalAction(_why_illegal(state, text, frm, to, promote, legal))
    if match["capture"] and state.board[to] < 0:
        raise IllegalAction(f"{text}: ':' marks a capture, but {match['to']} is empty")
    marker = match["marker"]
    if marker is not None:
        expected = king_marker(state, frm, to)
        given = LAST_KING if marker in "x#" else marker
        if given != expected:
            want = f"'{expected}'" if expected else "no marker"
            raise IllegalAction(
                f"{text}: marker '{marker}' contradicts the move, which takes {want}"
            )
    return action


def _why_illegal(
    state: CardmateState, text: str, frm: int, to: int, promote: bool, legal: list[int]
) -> str:
    who = PLAYER_NAMES[state.side]
    if promote and encode(frm, to) in legal:
        return f"{text}: '=A' is allowed only on a One's entering move across the centre line"
    mine = sorted(state.action_to_str(a) for a in legal if a // 200 == frm)
    options = ", ".join(mine) if mine else "none"
    if state.must_follow():
        follows = ", ".join(sorted(state.action_to_str(a) for a in legal))
        return f"{text} is not legal: {who} must follow (CM-11); legal moves: {follows}"
    code = card_code(state.board[frm] & CARD_MASK)
    return f"{text} is not legal for {who}; legal moves of {code}: {options}"
