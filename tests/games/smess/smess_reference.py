"""An independent, deliberately naive Smess move generator for cross-checking the engine.

It reads the spec's letter table (not the bitmask table the engine uses), keeps the board as a
dict of square names, and knows nothing of the engine's code.
"""

from __future__ import annotations

LETTER_TABLE = """
8 | E S | E S W | E S W | E S W | E S W | E S W | S
7 | N S | E S NW | N E S W | E S W | N E S W | S W | N S
6 | N E S | N E S W | NE SE SW NW | E W | NE SE SW NW | N E W | N S W
5 | NE E SE | E | N E S | all | N E S | N E S W | N S
4 | N S | N E S W | N S W | all | N S W | W | SW W NW
3 | N E S | E S W | NE SE SW NW | E W | NE SE SW NW | N E S W | N S W
2 | N S | N E | N E S W | N E W | N E S W | N SE W | N S
1 | N | N E W | N E W | N E W | N E W | N E W | N W
"""

DELTAS = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
FILES = "abcdefg"


def letter_arrows() -> dict[str, set[str]]:
    """Direction names of every square, from the letter table."""
    out: dict[str, set[str]] = {}
    for line in LETTER_TABLE.strip().splitlines():
        rank, *cells = (c.strip() for c in line.split("|"))
        for f, cell in zip(FILES, cells, strict=True):
            out[f"{f}{rank}"] = set(DELTAS) if cell == "all" else set(cell.split())
    return out


ARROWS = letter_arrows()


def parse_board(fen: str) -> tuple[dict[str, str], str]:
    """Board as {square: letter} and the side letter, from a position string."""
    board_field, side = fen.split()[:2]
    board: dict[str, str] = {}
    for i, row in enumerate(board_field.split("/")):
        rank = 8 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[f"{FILES[f]}{rank}"] = ch
                f += 1
    return board, side


def is_blue(letter: str) -> bool:
    return letter.isupper()


def moves(board: dict[str, str], side: str) -> list[tuple[str, str]]:
    """All (from, to) pairs for the side to move ('b' Blue, 'r' Red)."""
    out = []
    for frm, letter in board.items():
        if is_blue(letter) != (side == "b"):
            continue
        for name in ARROWS[frm]:
            df, dr = DELTAS[name]
            f, r = FILES.index(frm[0]), int(frm[1])
            while True:
                f, r = f + df, r + dr
                if not (0 <= f < 7 and 1 <= r <= 8):
                    break
                to = f"{FILES[f]}{r}"
                other = board.get(to)
                if other is not None:
                    if is_blue(other) != is_blue(letter):
                        out.append((frm, to))
                    break
                out.append((frm, to))
                if letter.upper() != "S":
                    break
    return out


def play(board: dict[str, str], frm: str, to: str) -> tuple[dict[str, str], bool]:
    """The board after a move (automatic promotion) and whether a Brain was taken."""
    new = dict(board)
    letter = new.pop(frm)
    taken = new.get(to)
    if letter == "N" and to in ("b8", "c8", "e8", "f8"):
        letter = "S"
    if letter == "n" and to in ("b1", "c1", "e1", "f1"):
        letter = "s"
    new[to] = letter
    return new, taken is not None and taken.upper() == "B"


def perft(board: dict[str, str], side: str, depth: int) -> int:
    """Leaf count of the move tree; a Brain capture or two lone Brains end the game."""
    if depth == 0:
        return 1
    total = 0
    other = "r" if side == "b" else "b"
    for frm, to in moves(board, side):
        new, brain = play(board, frm, to)
        if depth == 1:
            total += 1
        elif not brain and len(new) > 2:
            total += perft(new, other, depth - 1)
    return total
