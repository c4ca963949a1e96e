"""Precomputed move patterns: for each owner, card rank and square, where the card may go.

``PATTERNS[owner][rank][sq]`` is ``(leaps, rays, back)``: squares reached whatever lies
between, lines of squares to slide along (stopping at the first card), and the quiet
straight-back square (-1 if none). The Jack's lame two-square steps (CM-7) are rays of
length two. The One's only leap is its forward square; the generator adds promotion.
"""

from __future__ import annotations

from kibitz.games.cardmate.cards import ACE, JACK, KING, NINE, ONE, QUEEN, TEN

Pattern = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]

KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL

# Steps of the low cards, as (file, rank) offsets for Forehand (forward = +1 rank).
_FWD = ((0, 1),)
_DIAG_FWD = ((-1, 1), (1, 1))
_SIDE = ((-1, 0), (1, 0))
_DIAG_BACK = ((-1, -1), (1, -1))
LOW_STEPS: dict[int, tuple[tuple[int, int], ...]] = {
    ONE: _FWD,
    1: _DIAG_FWD,
    2: _FWD + _DIAG_FWD,
    3: _DIAG_FWD + _SIDE,
    4: _FWD + _DIAG_FWD + _SIDE,
    5: _DIAG_FWD + _SIDE + _DIAG_BACK,
    6: _FWD + _DIAG_FWD + _SIDE + _DIAG_BACK,
    7: KNIGHT,
    KING: ALL_DIRECTIONS,
}
"""Move-or-capture steps of One..Eight and the King (CM-3), Forehand's view."""

HAS_BACK_STEP = frozenset(range(ONE, NINE + 1))
"""Ranks with the quiet straight-back step (CM-4): One to Nine."""


def _square(file: int, rank: int) -> int:
    return rank * 10 + file if 0 <= file < 10 and 0 <= rank < 10 else -1


def _steps(sq: int, offsets: tuple[tuple[int, int], ...], sign: int) -> tuple[int, ...]:
    f, r = sq % 10, sq // 10
    found = (_square(f + df, r + sign * dr) for df, dr in offsets)
    return tuple(t for t in found if t >= 0)


def _rays(
    sq: int, directions: tuple[tuple[int, int], ...], reach: int = 9
) -> tuple[tuple[int, ...], ...]:
    f, r = sq % 10, sq // 10
    out = []
    for df, dr in directions:
        ray = []
        for k in range(1, reach + 1):
            t = _square(f + k * df, r + k * dr)
            if t < 0:
                break
            ray.append(t)
        if ray:
            out.append(tuple(ray))
    return tuple(out)


def _pattern(owner: int, rank: int, sq: int) -> Pattern:
    sign = 1 if owner == 0 else -1
    leaps: tuple[int, ...] = ()
    rays: tuple[tuple[int, ...], ...] = ()
    if rank in LOW_STEPS:
        leaps = _steps(sq, LOW_STEPS[rank], sign)
    elif rank == NINE:
        rays = _rays(sq, DIAGONAL)
    elif rank == TEN:
        rays = _rays(sq, ORTHOGONAL)
    elif rank == QUEEN:
        rays = _rays(sq, ALL_DIRECTIONS)
    elif rank == JACK:
        leaps = _steps(sq, KNIGHT, 1)
        rays = _rays(sq, ALL_DIRECTIONS, reach=2)
    elif rank == ACE:
        leaps = _steps(sq, KNIGHT, 1)
        rays = _rays(sq, ALL_DIRECTIONS)
    back = _square(sq % 10, sq // 10 - sign) if rank in HAS_BACK_STEP else -1
    return leaps, rays, back


PATTERNS: tuple[tuple[tuple[Pattern, ...], ...], ...] = tuple(
    tuple(tuple(_pattern(owner, rank, sq) for sq in range(100)) for rank in range(14))
    for owner in range(2)
)
