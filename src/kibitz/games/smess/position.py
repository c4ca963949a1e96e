"""Position strings (spec section (d)): ``<board> <side> <plies_without_progress> <move>``."""

from __future__ import annotations

from dataclasses import dataclass

from kibitz.core.errors import InvalidPosition
from kibitz.games.smess.board import HEIGHT, NUM_SQUARES, WIDTH, square
from kibitz.games.smess.pieces import (
    BRAIN,
    EMPTY,
    KIND,
    LETTERS,
    NINNY,
    OWNER,
    PROMOTION_SQUARES,
    SIDE_NAMES,
    SKULL,
)

START = "1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 b 0 1"
SIDE_LETTERS = "br"


@dataclass
class Position:
    """A parsed position: the 56 squares, the side to move and the two counters."""

    board: list[int]
    side: int
    plies_without_progress: int = 0
    move_number: int = 1


def format_board(board: list[int]) -> str:
    """The board field: ranks 8 to 1 separated by ``/``, digits for runs of empty squares."""
    ranks = []
    for rank in range(HEIGHT, 0, -1):
        text, run = [], 0
        for f in range(WIDTH):
            p = board[square(f, rank)]
            if p == EMPTY:
                run += 1
                continue
            if run:
                text.append(str(run))
                run = 0
            text.append(LETTERS[p])
        if run:
            text.append(str(run))
        ranks.append("".join(text))
    return "/".join(ranks)


def format_position(board: list[int], side: int, counter: int, move_number: int) -> str:
    """The full position string."""
    return f"{format_board(board)} {SIDE_LETTERS[side]} {counter} {move_number}"


def _parse_board(field: str) -> list[int]:
    ranks = field.split("/")
    if len(ranks) != HEIGHT:
        raise InvalidPosition(f"board field {field!r} must have {HEIGHT} ranks separated by '/'")
    board = [EMPTY] * NUM_SQUARES
    for i, text in enumerate(ranks):
        rank = HEIGHT - i
        f = 0
        for ch in text:
            if ch in "1234567":
                f += int(ch)
            elif ch in LETTERS.strip():
                if f < WIDTH:
                    board[square(f, rank)] = LETTERS.index(ch)
                f += 1
            else:
                raise InvalidPosition(
                    f"board field: rank {rank} {text!r} has {ch!r}; use B S N b s n or digits 1-7"
                )
        if f != WIDTH:
            raise InvalidPosition(f"board field: rank {rank} {text!r} adds up to {f}, not {WIDTH}")
    return board


def _int_field(name: str, text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = minimum - 1
    if value < minimum or not text.isdigit():
        raise InvalidPosition(f"{name} field must be an integer >= {minimum}, got {text!r}")
    return value


def parse_position(text: str, requires_captured_numskull: bool) -> Position:
    """Parse and validate a position string; errors name the field and the problem."""
    fields = text.split()
    if len(fields) not in (2, 4):
        raise InvalidPosition(
            f"position {text!r} must have 4 fields '<board> <side> <plies> <move>' "
            "(or just '<board> <side>')"
        )
    board = _parse_board(fields[0])
    if fields[1] not in SIDE_LETTERS:
        raise InvalidPosition(f"side field must be 'b' or 'r', got {fields[1]!r}")
    side = SIDE_LETTERS.index(fields[1])
    counter, move = 0, 1
    if len(fields) == 4:
        counter = _int_field("plies_without_progress", fields[2], 0)
        move = _int_field("move_number", fields[3], 1)
    _validate(board, side, requires_captured_numskull)
    return Position(board, side, counter, move)


def _validate(board: list[int], side: int, requires_captured_numskull: bool) -> None:
    counts = [[0, 0, 0], [0, 0, 0]]
    for sq, p in enumerate(board):
        if p == EMPTY:
            continue
        owner, kind = OWNER[p], KIND[p]
        counts[owner][kind] += 1
        if kind == NINNY and not requires_captured_numskull and sq in PROMOTION_SQUARES[owner]:
            raise InvalidPosition(
                f"board field: a {SIDE_NAMES[owner]} Ninny stands on a promotion square "
                "where it would already have promoted"
            )
    for s in (0, 1):
        name = SIDE_NAMES[s]
        brains, skulls, ninnies = counts[s][BRAIN], counts[s][SKULL], counts[s][NINNY]
        if ninnies > 7:
            raise InvalidPosition(f"board field: {name} has {ninnies} Ninnies (at most 7)")
        if ninnies + skulls > 11:
            raise InvalidPosition(
                f"board field: {name} has {ninnies + skulls} Ninnies and Numskulls (at most 11)"
            )
        if requires_captured_numskull and skulls > 4:
            raise InvalidPosition(
                f"board field: {name} has {skulls} Numskulls; at most 4 when promotion "
                "requires a captured Numskull"
            )
        if brains > 1:
            raise InvalidPosition(f"board field: {name} has {brains} Brains (at most 1)")
    if counts[1 - side][BRAIN] == 0:
        raise InvalidPosition(
            f"board field: {SIDE_NAMES[1 - side]}, who just moved, has no Brain"
        )


__all__ = ["START", "Position", "format_board", "format_position", "parse_position"]
