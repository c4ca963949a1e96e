"""Move numbers as the web page's move list shows them (``server/static/movenumbers.js``), so
that a person at the terminal and one at the page say the same "move 18": one number per
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


def move_numbers(game: Game, seats: Sequence[int]) -> list[MoveNumber]:
    """The numbers of the seats' moves of ``game`` made in turn by ``seats`` (chance
    outcomes left out): a round ends when a seat before the last one moves, so a seat's
    moves in a row share a round."""
    if not game.perfect_information:
        return [MoveNumber(i, True) for i in range(1, len(seats) + 1)]
    alone = game.num_players == 1
    out: list[MoveNumber] = []
    number, last = 0, None
    for seat in seats:
        opens = alone or last is None or seat < last
        number += opens
        out.append(MoveNumber(number, alone or (opens and seat == 0)))
        last = seat
    return out


def column(numbers: Sequence[MoveNumber], width: int) -> list[str]:
    """The numbers as a list's column writes them: the number right-aligned in ``width``
    places, then its dots, padded alike where some are ``N...`` (``  18.  ``, ``  18...``)."""
    dots = max((len(n.dots) for n in numbers), default=1)
    return [f"{n.number:>{width}}{n.dots:<{dots}}" for n in numbers]
