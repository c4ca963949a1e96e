"""The position string (spec (f)): board, side to move and move number, both ways."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kibitz.core.errors import InvalidPosition
from kibitz.games.cardmate.cards import (
    ACE,
    CARD_BY_CODE,
    FOREHAND,
    ONE,
    OWNER_SHIFT,
    REARHAND,
    card_code,
    piece_code,
)
from kibitz.games.cardmate.setup import Placement

_COUNT = re.compile(r"(10|[1-9])")
_UPPER = re.compile(r"[1-9XJQKA][CDHS]")
_LOWER = re.compile(r"[1-9xjqka][cdhs]")
_NUMBER = re.compile(r"[1-9][0-9]*")
SIDE_CODES = "FR"


@dataclass(frozen=True)
class Position:
    """A parsed position string: pieces by square, side to move and move number."""

    board: Placement
    side: int
    move_number: int

    @property
    def ply(self) -> int:
        """Plies played before this position: 2(n-1) for Forehand to move, +1 for Rearhand."""
        return 2 * (self.move_number - 1) + self.side


def write_position(board: list[int], side: int, ply: int) -> str:
    """The position string of a 100-square board (-1 = empty) with ``side`` to move."""
    fields = []
    for rank in range(9, -1, -1):
        tokens: list[str] = []
        gap = 0
        for sq in range(rank * 10, rank * 10 + 10):
            piece = board[sq]
            if piece < 0:
                gap += 1
                continue
            if gap:
                tokens.append(str(gap))
                gap = 0
            tokens.append(piece_code(piece))
        if gap:
            tokens.append(str(gap))
        fields.append(",".join(tokens))
    return f"{'/'.join(fields)} {SIDE_CODES[side]} {ply // 2 + 1}"


def parse_position(text: str) -> Position:
    """Parse a position string; InvalidPosition names the bad part and what is valid."""
    if not isinstance(text, str):
        raise InvalidPosition(f"a position string must be text, got {text!r}")
    parts = text.split(" ")
    if len(parts) != 3:
        raise InvalidPosition(
            f"position {text!r} must have three fields separated by single spaces: "
            "board, side to move (F or R) and move number"
        )
    board_text, side_text, number_text = parts
    if side_text not in ("F", "R"):
        raise InvalidPosition(f"side to move must be F or R, got {side_text!r}")
    if not _NUMBER.fullmatch(number_text):
        raise InvalidPosition(f"move number must be a positive integer, got {number_text!r}")
    return Position(_parse_board(board_text), SIDE_CODES.index(side_text), int(number_text))


def _parse_board(text: str) -> Placement:
    ranks = text.split("/")
    if len(ranks) != 10:
        raise InvalidPosition(
            f"board {text!r} must have ten rank fields separated by '/', got {len(ranks)}"
        )
    board: Placement = {}
    seen: dict[int, str] = {}
    for index, field in enumerate(ranks):
        rank = 9 - index
        file = 0
        for token in field.split(","):
            if _COUNT.fullmatch(token):
                file += int(token)
            elif _UPPER.fullmatch(token) or _LOWER.fullmatch(token):
                owner = FOREHAND if _UPPER.fullmatch(token) else REARHAND
                card = CARD_BY_CODE[token.upper()]
                if card in seen:
                    raise InvalidPosition(f"card {card_code(card)} appears twice on the board")
                if file < 10:
                    board[rank * 10 + file] = owner << OWNER_SHIFT | card
                seen[card] = token
                file += 1
            else:
                raise InvalidPosition(
                    f"rank {rank}: bad token {token!r}; a token is a card code (Forehand upper "
                    "case like 4D, Rearhand lower case like 4d) or an empty count 1-10"
                )
        if file != 10:
            raise InvalidPosition(f"rank {rank} field {field!r} covers {file} squares, not 10")
    for suit in range(4):
        if ONE * 4 + suit in seen and ACE * 4 + suit in seen:
            raise InvalidPosition(
                f"the One and the Ace of {card_code(suit)[1]} cannot both be on the board"
            )
    return board

