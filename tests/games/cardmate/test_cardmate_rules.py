"""Every numbered rule of the Cardmate spec (CM-1 to CM-19) and the spec's test vectors."""

from __future__ import annotations

import pytest
from cardmate_util import START, make, move_texts, play

import kibitz
from kibitz.core import TERMINAL, IllegalAction
from kibitz.games.cardmate.rules import decode

RANKS = "123456789XJQKA"
FROM_D4 = [2, 3, 4, 5, 6, 7, 8, 9, 16, 18, 24, 33, 8, 41]
FROM_A0 = [1, 1, 2, 2, 3, 2, 3, 2, 9, 18, 8, 27, 3, 29]


def destinations(state) -> set[int]:
    return {decode(a)[1] for a in state.legal_actions()}


# -- (h) single cards: CM-3, CM-4, CM-7 -------------------------------------------------
@pytest.mark.parametrize(("rank", "d4", "a0"), list(zip(RANKS, FROM_D4, FROM_A0, strict=True)))
def test_single_card_destination_counts(rank: str, d4: int, a0: int) -> None:
    card = rank + "C"
    assert len(destinations(make({"d4": card}))) == d4
    assert len(destinations(make({"a0": card}))) == a0
    # Rearhand on the mirrored squares gives the same counts.
    assert len(destinations(make({"g5": card.lower()}, "R"))) == d4
    assert len(destinations(make({"j9": card.lower()}, "R"))) == a0


def test_one_on_d4_has_three_moves() -> None:
    assert move_texts(make({"d4": "1C"})) == ["1Cd3", "1Cd5", "1Cd5=A"]


def test_straight_back_step_never_captures() -> None:
    assert len(make({"d4": "8C", "d3": "2h"}).legal_actions()) == 8
    assert len(make({"d4": "9C", "d3": "2h"}).legal_actions()) == 15


@pytest.mark.parametrize("rank", "123456789")
def test_low_cards_step_straight_back_quietly(rank: str) -> None:
    """CM-4: One to Nine step back onto an empty square; a card there blocks the step."""
    card = rank + "C"
    assert f"{card}d3" in move_texts(make({"d4": card}))
    assert f"{card}d5" in move_texts(make({"d4": card.lower()}, "R"))
    blocked = move_texts(make({"d4": card, "d3": "2D"}))
    assert not any(m.endswith("d3") for m in blocked)


@pytest.mark.parametrize("rank", "XJQKA")
def test_high_cards_capture_backwards_as_they_move(rank: str) -> None:
    """CM-4: Ten to Ace have no quiet-only move; they capture backwards too."""
    assert f"{rank}C:d3" in move_texts(make({"d4": rank + "C", "d3": "2h"}))


@pytest.mark.parametrize(
    ("rank", "targets"),
    [
        ("2", {"c5", "e5", "d3"}),
        ("3", {"c5", "d5", "e5", "d3"}),
        ("4", {"c5", "e5", "c4", "e4", "d3"}),
        ("5", {"c5", "d5", "e5", "c4", "e4", "d3"}),
        ("6", {"c5", "e5", "c4", "e4", "c3", "e3", "d3"}),
        ("7", {"c5", "d5", "e5", "c4", "e4", "c3", "e3", "d3"}),
        ("K", {"c5", "d5", "e5", "c4", "e4", "c3", "d3", "e3"}),
    ],
)
def test_step_cards_reach_exactly_the_table_squares(rank: str, targets: set[str]) -> None:
    """CM-3: the steps of the low cards and the King, forward being up for Forehand."""
    moves = move_texts(make({"d4": rank + "C"}))
    assert {m[2:4] for m in moves} == targets


def test_eight_leaps_and_sliders_are_blocked() -> None:
    """CM-2: a leap ignores cards between; a slide stops at the first card."""
    squares = ("c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5")
    ring = {sq: f"{n}D" for n, sq in enumerate(squares, 2)}
    eight = make({"d4": "8C", **ring})
    assert {m[2:4] for m in move_texts(eight) if m.startswith("8C")} == {
        "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"
    }
    queen = make({"d4": "QC", **ring})
    assert not [m for m in move_texts(queen) if m.startswith("QC")]
    rook = make({"a0": "XC", "a5": "2h", "e0": "3D"})
    moves = {m for m in move_texts(rook) if m.startswith("XC")}
    assert "XC:a5" in moves and "XCa6" not in moves
    assert "XCd0" in moves and "XCe0" not in moves and "XCf0" not in moves


def test_never_onto_own_card() -> None:
    state = make({"d4": "KC", "d5": "2H", "e5": "3H"})
    assert not {"KCd5", "KC:d5", "KCe5", "KC:e5"} & set(move_texts(state))


# -- CM-5, CM-6: the One and promotion ---------------------------------------------------
def test_one_is_file_bound_and_never_captures_sideways() -> None:
    state = make({"d6": "1C", "c7": "2d", "e7": "2h", "d7": "3h"})
    assert move_texts(state) == ["1C:d7", "1Cd5"]


def test_promotion_vector_1_and_reentry() -> None:
    assert move_texts(make({"c4": "1C"})) == ["1Cc3", "1Cc5", "1Cc5=A"]
    assert move_texts(make({"c5": "1C"})) == ["1Cc4", "1Cc6"]
    # Re-entry: back across the centre line, then a new entering move may promote.
    state = make({"c5": "1C", "a0": "KH", "j9": "kd"})
    play(state, "1Cc4", "KDi9")
    assert "1Cc5=A" in move_texts(state)


def test_promotion_vector_2_entering_capture_judged_as_one() -> None:
    assert move_texts(make({"c4": "1C", "c5": "5d"})) == ["1C:c5", "1C:c5=A", "1Cc3"]
    assert move_texts(make({"c4": "1C", "c5": "2c"})) == ["1Cc3"]


def test_promotion_vector_3_rearhand() -> None:
    assert move_texts(make({"h5": "1d"}, "R")) == ["1Dh4", "1Dh4=A", "1Dh6"]


def test_promotion_vector_4_ace_follows_and_cannot_be_taken_by_its_suit() -> None:
    state = make({"c5": "AC", "d6": "kc"})
    assert move_texts(state) == ["AC:d6×"]
    state = make({"c5": "AC", "d6": "kc"}, "R")
    moves = move_texts(state)
    assert len(moves) == 7 and not any("c5" in m for m in moves)


def test_promoted_card_is_the_ace_for_good() -> None:
    state = make({"e4": "1H", "a0": "KC", "j9": "kd"})
    play(state, "1He5=A")
    assert state.position().startswith("9,kd/10/10/10/4,AH,5/")
    play(state, "KDi9")
    moves = [m for m in move_texts(state) if m.startswith("AH")]
    assert len(moves) == 43 and "AHe4" in moves  # Queen 35 + Knight 8, backwards too
    assert not [m for m in moves if m.endswith("=A")]


def test_no_other_move_promotes() -> None:
    state = make({"e6": "1H", "a0": "KC", "j9": "kd"})
    with pytest.raises(IllegalAction, match="entering move"):
        state.str_to_action("1He7=A")
    with pytest.raises(IllegalAction, match="entering move"):
        state.str_to_action("1He5=A")


# -- CM-7: the Jack ----------------------------------------------------------------------
def test_jack_blocking_vector() -> None:
    state = make({"d4": "JC", "d5": "2H", "e5": "7d"})
    jack = [m for m in move_texts(state) if m.startswith("JC")]
    assert len(jack) == 21 and "JC:e5" in jack
    targets = {m[-2:] for m in jack}
    assert not {"d5", "d6", "f6"} & targets
    assert {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"} <= targets
    follow = make({"d4": "JC", "d5": "2H", "e5": "7c"})
    assert move_texts(follow) == ["JC:e5"]


# -- CM-8 to CM-11: Kings and the suit rules of capture ---------------------------------
def test_no_check_a_king_may_step_into_attack() -> None:
    state = make({"e4": "KC", "e7": "qd"})
    assert "KCe5" in move_texts(state)


def test_king_is_an_ordinary_card_and_must_follow() -> None:
    state = make({"d4": "KC", "d5": "5c", "a0": "QH"})
    assert move_texts(state) == ["KC:d5"]


def test_lower_never_takes_higher_of_its_suit() -> None:
    state = make({"d4": "5C", "d5": "6c", "c5": "9c", "e5": "kc"})
    assert not [m for m in move_texts(state) if ":" in m]


def test_nothing_takes_an_ace_of_its_suit() -> None:
    state = make({"d4": "KS", "d5": "as"})
    assert "KS:d5" not in move_texts(state)


def test_discard_any_rank_optional_even_a_king() -> None:
    state = make({"d4": "2C", "c5": "kd", "e5": "ah", "j9": "ks"})
    assert move_texts(state) == ["2C:c5+", "2C:e5", "2Cd3"]
    state = make({"d4": "2C", "c5": "kd"})
    assert move_texts(state) == ["2C:c5×", "2Cd3", "2Ce5"]


def test_follow_is_compulsory_for_the_player() -> None:
    """CM-11: one card's follow restricts every card; all follows are offered."""
    state = make({"d4": "8C", "c6": "3c", "a0": "QH", "j0": "XS", "j5": "2s"})
    assert move_texts(state) == ["8C:c6", "XS:j5"]
    assert state.must_follow()
    assert not make({"d4": "8C", "a0": "QH"}).must_follow()


def test_follow_is_compulsory_even_when_it_loses() -> None:
    """The follow is forced although the discard QH:d1 would stop the palace entry."""
    state = make({"a1": "QH", "c3": "8C", "d5": "3c", "d1": "kd", "j0": "KH", "a9": "ks"})
    assert move_texts(state) == ["8C:d5"]
    play(state, "8C:d5", "KDe0×")
    assert state.outcome().returns == (-1.0, 1.0) and state.outcome().reason == "palace"


# -- CM-13, CM-14: victory ---------------------------------------------------------------
def test_both_kings_captured_wins() -> None:
    state = make({"a0": "QH", "a5": "kd", "c8": "ks", "e0": "KC"})
    play(state, "QH:a5+")
    assert not state.is_terminal() and state.kings == [1, 1]
    play(state, "KSc7")
    assert "QH:c7×" in move_texts(state)
    play(state, "QH:c7")
    assert state.outcome().returns == (1.0, -1.0) and state.outcome().reason == "kings"


def test_palace_entry_wins_even_by_capture_own_palace_does_not() -> None:
    state = make({"e8": "KC", "f9": "5d", "a9": "ks", "e1": "kh"}, "F")
    assert "KC:f9×" in move_texts(state) and "KCe9×" in move_texts(state)
    play(state, "KC:f9")
    assert state.outcome().reason == "palace" and state.outcome().returns == (1.0, -1.0)
    own = make({"e1": "KC", "a9": "ks"})
    play(own, "KCe0")
    assert not own.is_terminal()


def test_rearhand_palace_is_e0_f0() -> None:
    state = make({"e1": "kd", "a9": "KS", "j9": "KC"}, "R")
    play(state, "KDf0×")
    assert state.outcome().returns == (-1.0, 1.0)


# -- CM-15 to CM-18: stalemate, repetition, move cap, order of checks --------------------
STUCK = {"a0": "KC", "a1": "1D", "b0": "1H", "b1": "1S", "a2": "2d", "b2": "2s", "j9": "kd"}
"""Forehand's King boxed in by its own Ones, which are blocked; Rearhand free."""


def test_stalemate_draw_by_default_or_loss() -> None:
    state = make(STUCK)
    assert state.is_terminal()
    assert state.outcome().returns == (0.0, 0.0) and state.outcome().reason == "stalemate"
    lost = make(STUCK, stalemate="loss")
    assert lost.outcome().returns == (-1.0, 1.0)


def test_stalemate_is_judged_before_the_move_cap() -> None:
    state = make(STUCK, "R", max_plies=2)
    play(state, "KDj8")
    assert state.outcome().reason == "stalemate"


CYCLE = ("KCb0", "KSi9", "KCa0", "KSj9")


def test_repetition_loss_threshold_two() -> None:
    state = make({"a0": "KC", "j9": "ks"}, repetition_loss=True)
    play(state, *CYCLE[:3])
    assert not state.is_terminal()
    play(state, CYCLE[3])  # Rearhand repeats the start position
    assert state.outcome().returns == (1.0, -1.0) and state.outcome().reason == "repetition"


def test_repetition_loss_threshold_three_and_forced() -> None:
    state = make({"a0": "KC", "j9": "ks"}, repetition_loss=True, repetition_threshold=3)
    play(state, *CYCLE)
    assert not state.is_terminal()
    play(state, *CYCLE)
    assert state.outcome().returns == (1.0, -1.0)


def test_threefold_repetition_draws_without_claim() -> None:
    state = make({"a0": "KC", "j9": "ks"})
    play(state, *CYCLE)
    play(state, *CYCLE[:3])
    assert not state.is_terminal()
    play(state, CYCLE[3])
    assert state.outcome().returns == (0.0, 0.0) and state.outcome().reason == "repetition"


def test_repetition_counts_side_to_move() -> None:
    """The same cards with the other side to move is a different position."""
    state = make({"a0": "KC", "j9": "ks", "j0": "XC"}, repetition_loss=True)
    play(state, "XCj1", "KSi9", "XCj0", "KSj9")
    assert state.is_terminal()
    other = make({"a0": "KC", "j9": "ks", "j0": "XC"}, repetition_loss=True)
    play(other, "XCj1", "KSi9", "XCj2", "KSj9", "XCj0")
    assert not other.is_terminal()  # Rearhand to move: not the start position


def test_max_plies_draws() -> None:
    state = kibitz.load("cardmate", max_plies=2).new_initial_state()
    play(state, "4Ci3")
    assert not state.is_terminal()
    play(state, "4Db6")
    assert state.outcome().reason == "max_plies" and state.outcome().returns == (0.0, 0.0)


def test_win_is_judged_before_stalemate() -> None:
    """CM-18: taking the last King wins even if the loser is then without a move."""
    state = make({"e4": "QH", "e5": "kc", "j9": "2c", "a0": "KH"})
    play(state, "QH:e5×")
    assert state.outcome().reason == "kings"


# -- CM-1, CM-19 ---------------------------------------------------------------------------
def test_turns_alternate_forehand_first_no_pass() -> None:
    state = kibitz.load("cardmate").new_initial_state()
    assert state.current_player == 0
    play(state, "4Ci3")
    assert state.current_player == 1
    assert all(state.board[a // 200] >= 0 for a in state.legal_actions())


def test_lone_kings_play_on() -> None:
    """CM-19: no insufficient-material draw; a lone King still races for the palace."""
    state = make({"a0": "KC", "j9": "ks"})
    assert state.current_player == 0 and state.outcome() is None


def test_start_position_is_the_predefined_one() -> None:
    assert kibitz.load("cardmate").new_initial_state().position() == START


def test_terminal_state_has_no_moves() -> None:
    state = make({"e8": "KC", "a9": "ks"})
    play(state, "KCe9")
    assert state.current_player == TERMINAL and state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.str_to_action("KCe8")
