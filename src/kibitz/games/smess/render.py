"""Text picture of a Smess board: each square drawn as a 3x3 cell with its arrows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kibitz.games.smess.board import (
    ARROWS,
    FILES,
    HEIGHT,
    NE,
    NW,
    SE,
    SW,
    WIDTH,
    E,
    N,
    S,
    W,
    square,
)
from kibitz.games.smess.pieces import LETTERS, SIDE_NAMES

if TYPE_CHECKING:
    from kibitz.games.smess.rules import SmessState

CELL_ROWS = ((NW, "↖", N, "↑", NE, "↗"), (W, "←", 0, "", E, "→"), (SW, "↙", S, "↓", SE, "↘"))


def render_board(state: SmessState) -> str:
    """The board with every square's arrows around its piece, coordinates and status lines."""
    lines = []
    sep = "   +" + "-----+" * WIDTH
    lines.append(sep)
    for rank in range(HEIGHT, 0, -1):
        for row, spec in enumerate(CELL_ROWS):
            cells = []
            for f in range(WIDTH):
                sq = square(f, rank)
                arrows = ARROWS[sq]
                left = spec[1] if arrows & spec[0] else " "
                right = spec[5] if arrows & spec[4] else " "
                if row == 1:
                    p = state.board[sq]
                    mid = LETTERS[p] if p else "."
                else:
                    mid = spec[3] if arrows & spec[2] else " "
                cells.append(f" {left}{mid}{right} ")
            label = f" {rank} " if row == 1 else "   "
            lines.append(label + "|" + "|".join(cells) + "|")
        lines.append(sep)
    lines.append("    " + "".join(f"  {c}   " for c in FILES))
    out = state.outcome()
    if out:
        lines.append(f"Game over: {out.describe(SIDE_NAMES)}")
    else:
        lines.append(f"{SIDE_NAMES[state.side]} to move (Blue = upper case, Red = lower case)")
    lines.append(f"Position: {state.position()}")
    return "\n".join(lines)
