"""Perft of the engine against the independent reference generator beside these tests."""

import pytest
from smess_reference import parse_board
from smess_reference import perft as reference_perft

import kibitz
from kibitz.core.play import perft
from kibitz.games.smess.position import START

POSITIONS = [
    START,
    "1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 r 0 1",
    "3b3/7/3n3/7/3S3/7/7/3B3 b",
    "2s3b/2N4/7/7/7/7/7/1SSBSS1 b",
    "b6/7/7/3n3/3B3/7/7/7 b",
    "1s1b1s1/n1n1n1n/2S4/3N3/1s2n2/4N2/N1N3N/1S1B1S1 r 5 12",
]


@pytest.mark.parametrize("position", POSITIONS)
def test_perft_matches_reference_to_depth_3(position):
    state = kibitz.load("smess").new_state_from_position(position)
    board, side = parse_board(position)
    for depth in (1, 2, 3):
        assert perft(state, depth) == reference_perft(board, side, depth), depth


def test_start_perft_5_matches_reference_and_known_counts():
    state = kibitz.load("smess").new_initial_state()
    board, side = parse_board(START)
    assert perft(state, 5) == reference_perft(board, side, 5) == 408553
    assert [perft(state, d) for d in (1, 2, 3, 4)] == [12, 144, 1943, 26211]
