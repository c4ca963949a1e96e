"""Smess move notation: ``b2-b3``, ``d4xd6``; the parser also takes ``b2b3`` and upper case."""

from __future__ import annotations

import re

from kibitz.core.errors import NotationError
from kibitz.games.smess.board import NUM_SQUARES, parse_square, square_name

MOVE_RE = re.compile(r"([a-g][1-8])([-x]?)([a-g][1-8])")


def encode(frm: int, to: int) -> int:
    """Action id of a move: ``from * 56 + to``."""
    return frm * NUM_SQUARES + to


def decode(action: int) -> tuple[int, int]:
    """``(from, to)`` squares of an action id."""
    return divmod(action, NUM_SQUARES)


def write_move(action: int, capture: bool) -> str:
    """A move in the writer's form: ``-`` for a quiet move, ``x`` for a capture."""
    frm, to = decode(action)
    return f"{square_name(frm)}{'x' if capture else '-'}{square_name(to)}"


def parse_move(text: str) -> int:
    """The action id written by ``text``; a NotationError quoting it if it is malformed."""
    m = MOVE_RE.fullmatch(text.strip().lower())
    if not m:
        raise NotationError(
            f"{text!r} is not a Smess move; write from-square, '-' or 'x', to-square, e.g. b2-b3"
        )
    return encode(parse_square(m.group(1)), parse_square(m.group(3)))
