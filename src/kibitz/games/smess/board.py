"""The Smess board: squares, the printed arrow table and the rays derived from it.

The arrow table is the spec's bitmask table (N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128),
rows from rank 8 down to rank 1. Everything else here is computed from it once at import.
"""

from __future__ import annotations

FILES = "abcdefg"
WIDTH, HEIGHT = 7, 8
NUM_SQUARES = WIDTH * HEIGHT

N, NE, E, SE, S, SW, W, NW = 1, 2, 4, 8, 16, 32, 64, 128
DIRECTIONS: tuple[tuple[int, str, int, int], ...] = (
    (N, "N", 0, 1),
    (NE, "NE", 1, 1),
    (E, "E", 1, 0),
    (SE, "SE", 1, -1),
    (S, "S", 0, -1),
    (SW, "SW", -1, -1),
    (W, "W", -1, 0),
    (NW, "NW", -1, 1),
)
"""(bit, name, file delta, rank delta) for each of the eight absolute directions."""

ARROW_ROWS: tuple[tuple[int, ...], ...] = (
    (20, 84, 84, 84, 84, 84, 16),  # rank 8
    (17, 148, 85, 84, 85, 80, 17),  # rank 7
    (21, 85, 170, 68, 170, 69, 81),  # rank 6
    (14, 4, 21, 255, 21, 85, 17),  # rank 5
    (17, 85, 81, 255, 81, 64, 224),  # rank 4
    (21, 84, 170, 68, 170, 85, 81),  # rank 3
    (17, 5, 85, 69, 85, 73, 17),  # rank 2
    (1, 69, 69, 69, 69, 69, 65),  # rank 1
)


def square(file: int, rank: int) -> int:
    """Index of the square at file index 0-6 and rank 1-8."""
    return (rank - 1) * WIDTH + file


def square_name(sq: int) -> str:
    """``a1`` .. ``g8`` for an index 0..55."""
    return f"{FILES[sq % WIDTH]}{sq // WIDTH + 1}"


def parse_square(text: str) -> int:
    """Index of a square name such as ``d4`` (lower case, already validated)."""
    return square(FILES.index(text[0]), int(text[1]))


ARROWS: tuple[int, ...] = tuple(
    ARROW_ROWS[HEIGHT - 1 - sq // WIDTH][sq % WIDTH] for sq in range(NUM_SQUARES)
)
"""Arrow bitmask of each square, by square index."""


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    f, r = sq % WIDTH, sq // WIDTH + 1
    out = []
    f, r = f + df, r + dr
    while 0 <= f < WIDTH and 1 <= r <= HEIGHT:
        out.append(square(f, r))
        f, r = f + df, r + dr
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(sq, df, dr) for bit, _, df, dr in DIRECTIONS if ARROWS[sq] & bit)
    for sq in range(NUM_SQUARES)
)
"""For each square, the squares along each of its arrows, nearest first."""

STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[sq]) for sq in range(NUM_SQUARES)
)
"""For each square, the adjacent squares its arrows point to (Ninny and Brain moves)."""
