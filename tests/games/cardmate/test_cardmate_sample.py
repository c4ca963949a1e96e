"""Sample game 1 of the spec, its side line, centre symmetry and perft against a naive
generator written straight from the spec."""

from __future__ import annotations

import pytest
from cardmate_naive import parse
from cardmate_naive import perft as naive_perft
from cardmate_util import (
    BEFORE_18,
    FINAL,
    START,
    mirror_position,
    move_texts,
    plain,
    play,
    sample_moves,
)

import kibitz
from kibitz.core.play import perft

FIRST_MOVES = (
    "1Da3 1Hg3 2Dh3 2Di1 2Dj3 2Sa3 2Sb1 2Sc3 3Cb3 3Cc3 3Cd3 3Sg3 3Sh3 3Si3 4Ci3 4Hc3 4He2 4He3 "
    "5De2 5Df2 5He2 5Hf2 6Di1 6Sb1 7Cb1 7Si1 9Cb1 9Hi1 JDc3 JDe2 JDe3 JDf2 JDf3 JSe2 JSe3 JSf2 "
    "JSf3 JSh3"
).split()
FORCED = {
    "9S:a3": ["9S:a3"],
    "8C:d4": ["8C:d4"],
    "JS:g5": ["JS:g5"],
    "JS:g7": ["8H:c6", "JS:g7"],
    "8H:c6": ["8H:c6"],
    "JH:c6": ["JH:c6"],
    "QS:h2": ["QS:h2"],
    "8D:h8": ["8D:h8"],
    "8D:i6": ["8D:i6"],
}
"""The sample game's follows and the whole legal-move list at each (spec (h) table)."""


def start():
    return kibitz.load("cardmate").new_initial_state()


def test_forehand_has_the_38_first_moves_all_quiet() -> None:
    assert move_texts(start()) == sorted(FIRST_MOVES)


def test_predefined_start_is_centre_symmetric() -> None:
    assert mirror_position(START).split()[0] == START.split()[0]
    rearhand_first = kibitz.load("cardmate").new_state_from_position(
        START.replace(" F ", " R ")
    )
    assert len(rearhand_first.legal_actions()) == 38


def test_sample_game_replays_with_markers_and_forced_follows() -> None:
    state = start()
    for ply, move in enumerate(sample_moves()):
        legal = move_texts(state)
        assert move in legal, f"ply {ply + 1}: {move} not in {legal}"
        if move in FORCED:
            assert legal == FORCED[move] and state.must_follow()
        else:
            assert not state.must_follow()
        if ply == 8:  # after 4...7Di8 the board is its own mirror
            assert mirror_position(state.position()).split()[0] == state.position().split()[0]
        if ply == 34:
            assert state.position() == BEFORE_18
        if ply == 35:
            assert "QS:f0+" in legal  # 18...7Dh8!: the discard was optional
        play(state, move)
    assert state.position() == FINAL
    assert state.kings == [0, 2]
    assert state.outcome().returns == (-1.0, 1.0) and state.outcome().reason == "kings"


def test_position_before_move_18() -> None:
    state = kibitz.load("cardmate").new_state_from_position(BEFORE_18)
    legal = move_texts(state)
    assert len(legal) == 61 and {"1Da5", "1Da5=A", "8D:j7"} <= set(legal)
    assert not state.must_follow()


def test_authors_side_line_after_move_18() -> None:
    game = kibitz.load("cardmate")
    state = game.new_state_from_position(BEFORE_18)
    play(state, "7Si1")
    assert move_texts(state) == ["QS:i1"]
    play(state, "QS:i1")
    assert move_texts(state) == ["XC:j7"]
    play(state, "XC:j7")
    branch = state.clone()
    play(branch, "XH:j7", "6D:i1")
    assert not branch.is_terminal()
    queen = [m for m in move_texts(state) if m.startswith("QS")]
    assert len(queen) == 14
    for move in queen:
        after = state.clone()
        play(after, move)
        assert "XC:j9" in [plain(m) for m in move_texts(after)]


@pytest.mark.parametrize(
    ("position", "depth"), [(START, 4), (BEFORE_18, 3)], ids=["start", "before-18"]
)
def test_perft_matches_the_naive_generator(position: str, depth: int) -> None:
    state = kibitz.load("cardmate").new_state_from_position(position)
    naive = parse(position)
    for d in range(1, depth + 1):
        assert perft(state, d) == naive_perft(naive, d), f"depth {d}"
