"""Setups of spec (e): the predefined start and each seeded relaxation, plus option checks."""

from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

import kibitz
from kibitz.cli import app
from kibitz.core import InvalidOptions, Rng
from kibitz.games.cardmate.cards import KING, card_code, piece_code, square_name
from kibitz.games.cardmate.setup import RANK_SQUARES, SIDE_SQUARES, predefined

SEEDS = range(12)
FIXED_KINGS = {"e0": "KC", "f0": "KH", "e9": "KS", "f9": "KD"}


def board_of(**options: object) -> dict[int, dict[str, str]]:
    """Seed -> {square name: card code with owner case} for the given options."""
    game = kibitz.load("cardmate", **options)
    out = {}
    for seed in SEEDS:
        state = game.new_initial_state(seed)
        out[seed] = {square_name(sq): piece_code(p) for sq, p in enumerate(state.board) if p >= 0}
    return out


def hand(board: dict[str, str], upper: bool) -> list[str]:
    return sorted(c.upper() for c in board.values() if (c == c.upper()) == upper)


PREDEFINED = board_of()[0]


def rank_squares(rank: int, side: int) -> set[str]:
    return {square_name(sq) for sq, _ in RANK_SQUARES[rank][side]}


def test_predefined_hands() -> None:
    for upper, split in ((True, [6, 7, 7, 6]), (False, [7, 6, 6, 7])):
        cards = hand(PREDEFINED, upper)
        assert Counter(c[0] for c in cards) == Counter({r: 2 for r in "123456789XJQK"})
        assert [Counter(c[1] for c in cards)[s] for s in "CDHS"] == split
    assert len(predefined()) == 52


def test_every_setup_is_reproducible_and_keeps_the_squares() -> None:
    squares = {square_name(sq) for side in SIDE_SQUARES for sq in side}
    for flag in ("suit_setup", "suit_contents", "rank_setup", "rank_contents", "zillions_random"):
        for fixed in (True, False):
            boards = board_of(**{flag: True, "kings_fixed": fixed})
            assert boards == board_of(**{flag: True, "kings_fixed": fixed})
            assert len({tuple(sorted(b.items())) for b in boards.values()}) > 1, flag
            for board in boards.values():
                assert set(board) == squares
                assert not [c for c in board.values() if c[0] in "Aa"]
                assert Counter(c[0].upper() for c in board.values() if c == c.upper())["K"] == 2
                assert sorted(c.upper() for c in board.values()) == sorted(
                    c.upper() for c in PREDEFINED.values()
                )
                if fixed:
                    assert {sq: board[sq] for sq in FIXED_KINGS} == {
                        sq: (c if sq[1] == "0" else c.lower()) for sq, c in FIXED_KINGS.items()
                    }


def test_suit_setup_permutes_each_rank_within_its_squares() -> None:
    for seed, board in board_of(suit_setup=True).items():
        for upper in (True, False):
            assert hand(board, upper) == hand(PREDEFINED, upper)
        for rank in range(13):
            for side in (0, 1):
                squares = rank_squares(rank, side)
                assert {board[s] for s in squares} == {PREDEFINED[s] for s in squares}, seed


def test_suit_setup_follows_the_procedure() -> None:
    """Draws in order: for each rank 1..Q, Forehand then Rearhand, one 2-card shuffle."""
    for seed, board in board_of(suit_setup=True).items():
        rng = Rng(seed)
        for rank in range(KING):
            for side in (0, 1):
                (sq1, c1), (sq2, c2) = RANK_SQUARES[rank][side]
                cards = sorted([c1, c2])
                if rng.below(2) == 0:
                    cards.reverse()
                got = [board[square_name(sq1)].upper(), board[square_name(sq2)].upper()]
                assert got == [card_code(c) for c in cards]


def test_suit_contents_deals_suits_over_the_rank_squares() -> None:
    boards = board_of(suit_contents=True)
    assert boards == board_of(zillions_random=True)
    splits = set()
    for board in boards.values():
        for rank in range(13):
            squares = rank_squares(rank, 0) | rank_squares(rank, 1)
            assert {board[s].upper()[0] for s in squares} == {"123456789XJQK"[rank]}
        splits.add(tuple(Counter(c[1] for c in hand(board, True)).values()))
    assert len(splits) > 1


def test_rank_setup_keeps_hands() -> None:
    for board in board_of(rank_setup=True).values():
        for upper in (True, False):
            assert hand(board, upper) == hand(PREDEFINED, upper)
        assert all(c == c.upper() for s, c in board.items() if int(s[1]) < 5)


def test_rank_contents_deals_hands() -> None:
    hands = set()
    for board in board_of(rank_contents=True).values():
        forehand = hand(board, True)
        assert len(forehand) == 26 and sorted(c for c in forehand if c[0] == "K") == ["KC", "KH"]
        hands.add(tuple(forehand))
    assert len(hands) == len(SEEDS)


def test_kings_unfixed_take_part_in_shuffles() -> None:
    moved = [
        b for b in board_of(rank_setup=True, kings_fixed=False).values()
        if any(b[sq].upper() != k for sq, k in FIXED_KINGS.items())
    ]
    assert moved


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"zillions_random": True, "suit_setup": True}, "zillions_random"),
        ({"repetition_threshold": 1}, "repetition_threshold"),
        ({"max_plies": 0}, "max_plies"),
        ({"stalemate": "win"}, "stalemate"),
        ({"suit_setup": "yes"}, "suit_setup"),
        ({"setup": "random"}, "valid options"),
    ],
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        kibitz.load("cardmate", **options)


def test_show_prints_a_seeded_setup() -> None:
    runner = CliRunner()
    args = ["show", "cardmate", "-o", "suit_contents=true", "--seed", "7"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0 and "seed 7" in first.output
    assert runner.invoke(app, args).output == first.output
    other = runner.invoke(app, [*args[:-1], "8"])
    assert other.output != first.output


def test_unseeded_deal_records_its_seed() -> None:
    state = kibitz.load("cardmate", rank_setup=True).new_initial_state()
    assert state.seed is not None
    again = kibitz.load("cardmate", rank_setup=True).new_initial_state(state.seed)
    assert again.position() == state.position()
