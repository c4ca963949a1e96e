"""Start positions: the predefined setup and its seeded relaxations (spec (c) and (e))."""

from __future__ import annotations

from kibitz.core.rng import Rng
from kibitz.games.cardmate.cards import (
    CARD_BY_CODE,
    CARD_MASK,
    FOREHAND,
    KING,
    OWNER_SHIFT,
    QUEEN,
    REARHAND,
    SQUARE_BY_NAME,
)
from kibitz.games.cardmate.options import CardmateOptions

Placement = dict[int, int]
"""Square -> piece (``owner << 6 | card``)."""

_PREDEFINED_TEXT = """
1 a2:1D g2:1H d7:1S j7:1C
2 b2:2S i2:2D b7:2C i7:2H
3 c2:3C h2:3S c7:3H h7:3D
4 d2:4H j2:4C a7:4D g7:4S
5 e1:5H f1:5D e8:5C f8:5S
6 c1:6S h1:6D c8:6C h8:6H
7 a1:7C j1:7S a8:7H j8:7D
8 b0:8H i0:8D b9:8C i9:8S
9 c0:9C h0:9H c9:9S h9:9D
X a0:XS j0:XC a9:XD j9:XH
J d1:JD g1:JS d8:JH g8:JC
Q d0:QH g0:QD d9:QC g9:QS
K e0:KC f0:KH e9:KS f9:KD
"""


def _parse_predefined() -> list[tuple[list[tuple[int, int]], list[tuple[int, int]]]]:
    """Per card rank 0..12: Forehand's and Rearhand's (square, card) pairs, squares sorted."""
    out = []
    for line in _PREDEFINED_TEXT.strip().splitlines():
        pairs = [item.split(":") for item in line.split()[1:]]
        squares = [(SQUARE_BY_NAME[s], CARD_BY_CODE[c]) for s, c in pairs]
        out.append((sorted(squares[:2]), sorted(squares[2:])))
    return out


RANK_SQUARES = _parse_predefined()
"""The rank squares of spec (c): for each rank 1..K, each side's two (square, card) pairs."""

SIDE_SQUARES = tuple(
    sorted(sq for row in RANK_SQUARES for sq, _ in row[side]) for side in (FOREHAND, REARHAND)
)
"""Each side's 26 start squares, by board rank then file."""

FIXED_KINGS = tuple({sq: card for sq, card in RANK_SQUARES[KING][side]} for side in range(2))
"""With ``kings_fixed``: each side's King squares and the King that stands on each."""


def predefined() -> Placement:
    """The predefined initial position (spec (c))."""
    return {
        sq: side << OWNER_SHIFT | card
        for row in RANK_SQUARES
        for side in (FOREHAND, REARHAND)
        for sq, card in row[side]
    }


def _shuffled(rng: Rng, cards: list[int], squares: list[int]) -> Placement:
    """Cards in canonical order, permuted by ``rng``, onto ``squares`` (no owners yet)."""
    cards = sorted(cards)
    rng.shuffle(cards)
    return dict(zip(squares, cards, strict=True))


def deal(options: CardmateOptions, rng: Rng) -> Placement:
    """The start position for ``options``, drawing from ``rng`` in the order spec (e) fixes."""
    shuffled_ranks = range(QUEEN + 1) if options.kings_fixed else range(KING + 1)
    hands: list[list[int]]
    board: Placement = {}
    if options.rank_contents:
        kings = [card for row in RANK_SQUARES[KING] for _, card in row]
        if options.kings_fixed:
            hands = [[c for _, c in RANK_SQUARES[KING][side]] for side in range(2)]
        else:
            kings.sort()
            rng.shuffle(kings)
            hands = [kings[:2], kings[2:]]
        rest = sorted(c for row in RANK_SQUARES[:KING] for side in row for _, c in side)
        rng.shuffle(rest)
        hands[0] += rest[:24]
        hands[1] += rest[24:]
    else:
        if options.suit_contents or options.zillions_random:
            for rank, row in enumerate(RANK_SQUARES):
                if rank not in shuffled_ranks:
                    board.update(_owned(row))
                    continue
                squares = [sq for side in row for sq, _ in side]
                cards = [c for side in row for _, c in side]
                for sq, card in _shuffled(rng, cards, squares).items():
                    board[sq] = _owner_of(sq) << OWNER_SHIFT | card
        else:
            board = predefined()
        hands = [[p & CARD_MASK for p in board.values() if p >> OWNER_SHIFT == s] for s in range(2)]
    if options.rank_setup or options.rank_contents:
        board = {}
        for side in (FOREHAND, REARHAND):
            cards, squares = list(hands[side]), list(SIDE_SQUARES[side])
            if options.kings_fixed:
                for sq, king in FIXED_KINGS[side].items():
                    board[sq] = side << OWNER_SHIFT | king
                    cards.remove(king)
                    squares.remove(sq)
            for sq, card in _shuffled(rng, cards, squares).items():
                board[sq] = side << OWNER_SHIFT | card
    elif options.suit_setup and not (options.suit_contents or options.zillions_random):
        for rank in shuffled_ranks:
            for side in (FOREHAND, REARHAND):
                pairs = RANK_SQUARES[rank][side]
                placed = _shuffled(rng, [c for _, c in pairs], [sq for sq, _ in pairs])
                for sq, card in placed.items():
                    board[sq] = side << OWNER_SHIFT | card
    return board


def _owner_of(sq: int) -> int:
    return FOREHAND if sq < 50 else REARHAND


def _owned(row: tuple[list[tuple[int, int]], list[tuple[int, int]]]) -> Placement:
    return {sq: side << OWNER_SHIFT | card for side in range(2) for sq, card in row[side]}
