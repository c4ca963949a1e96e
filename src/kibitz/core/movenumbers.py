"""Move numbers as the web page's move list shows them (``server/static/movenumbers.js``), so
that the terminal, ``kibitz analyse`` and the page say the same "move 18": one number per
round of the seats, ``18.`` for the first seat's move opening the round and ``18...`` for
any other, as chess sites write them (a game started with the second seat to move begins
``1...``); in a game of one seat every move is a number of its own. A game whose moves are
not public (hidden cards) has no move list on the page, whose analysis counts its moves:
so do these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kibitz.core.game import Game


class MoveNumber(NamedTuple):
    """A move's number and whether it is written ``N.`` (the first seat's move opening its
    round) rather than ``N...``."""

    number: int
    first: bool

    @property
    def dots(self) -> str:
        return "." if self.first else "..."

    def __str__(self) -> str:
        return f"{self.number}{self.dots}"


def by_rounds(game: Game) -> bool:
    """Whether ``game``'s moves are numbered by rounds of the seats (``18.``, ``18...``): a
    game of two seats or more whose moves are public; the others count their moves."""
    return game.perfect_information and game.num_players > 1


class MoveCounter:
    """Numbers a game's moves one at a time, as they come (an analysis streamed move by
    move): a round ends when a seat before the last one moves, so a seat's moves in a row
    share a round."""

    def __init__(self, game: Game) -> None:
        self.rounds = by_rounds(game)
        self.number = 0
        self.last: int | None = None

    def next(self, seat: int) -> MoveNumber:
        """The number of the next move, made by ``seat`` (chance outcomes are not moves)."""
        opens = not self.rounds or self.last is None or seat < self.last
        self.number += opens
        self.last = seat
        return MoveNumber(self.number, not self.rounds or (opens and seat == 0))


def move_numbers(game: Game, seats: Sequence[int]) -> list[MoveNumber]:
    """The numbers of the moves of ``game`` made in turn by ``seats`` (``MoveCounter``)."""
    counter = MoveCounter(game)
    return [counter.next(seat) for seat in seats]


def label(game: Game, number: MoveNumber, width: int) -> str:
    """A number as a list's column writes it: right-aligned in ``width`` places, then its
    dots, padded alike in a game numbered by rounds (``  18.  ``, ``  18...``)."""
    dots = 3 if by_rounds(game) else 1
    return f"{number.number:>{width}}{number.dots:<{dots}}"


def column(game: Game, numbers: Sequence[MoveNumber], width: int) -> list[str]:
    """The numbers of ``game``'s moves as a list's column writes them (``label``)."""
    return [label(game, n, width) for n in numbers]
