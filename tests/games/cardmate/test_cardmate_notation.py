"""Move notation and position strings (spec (f)): writing, lenient parsing, clear errors."""

from __future__ import annotations

import pytest
from cardmate_util import BEFORE_18, FINAL, START, make, move_texts, play

import kibitz
from kibitz.core import IllegalAction, InvalidPosition, NotationError


def test_writes_the_spec_examples() -> None:
    assert "4Db6" in move_texts(make({"a7": "4d"}, "R"))
    assert "9H:c5" in move_texts(make({"h0": "9H", "c5": "4d"}))
    assert "1Dd5=A" in move_texts(make({"d4": "1D"}))
    assert "1C:c5=A" in move_texts(make({"c4": "1C", "c5": "5d"}))
    assert "QS:f0+" in move_texts(make({"h2": "qs", "f0": "KH", "e0": "KC"}, "R"))
    assert "QS:e0×" in move_texts(make({"f0": "qs", "e0": "KC"}, "R"))


def test_promoted_card_is_written_as_ace() -> None:
    state = make({"d4": "1D", "a0": "KC", "j9": "ks"})
    play(state, "1Dd5=A", "KSi9")
    assert "ADd6" in move_texts(state)


@pytest.mark.parametrize(
    "text", ["QS:e0×", "QSe0×", "QS:e0", "QS:e0x", "QS:e0#", "QS:e0×!!", "QS:e0??", "QS:e0?!",
             "QS:e0!?", "QS:e0!", "QS:e0?", " QS:e0× "],
)
def test_parser_accepts_lenient_forms(text: str) -> None:
    state = make({"f0": "qs", "e0": "KC"}, "R")
    assert state.action_to_str(state.str_to_action(text)) == "QS:e0×"


def test_entering_move_without_promotion_marker_does_not_promote() -> None:
    state = make({"d4": "1D", "j9": "ks"})
    assert state.action_to_str(state.str_to_action("1Dd5")) == "1Dd5"


@pytest.mark.parametrize("text", ["QS:E0", "QSe10", "Q:e0", "QS-e0", "", "QS:e0++"])
def test_garbled_moves_raise_notation_error(text: str) -> None:
    state = make({"f0": "qs", "e0": "KC"}, "R")
    with pytest.raises(NotationError, match="not a Cardmate move"):
        state.str_to_action(text)


@pytest.mark.parametrize("text", ["qs:e0", "Qs:e0", "qS:e0"])
def test_a_card_code_in_small_letters_is_refused_with_the_capitals(text: str) -> None:
    state = make({"f0": "qs", "e0": "KC"}, "R")
    with pytest.raises(NotationError, match=r"card codes are written in capitals: QS:e0$"):
        state.str_to_action(text)


@pytest.mark.parametrize(
    ("cards", "side", "text", "message"),
    [
        ({"d4": "4D", "j9": "ks"}, "F", "4Dd5", "legal moves of 4D: 4Dc4, 4Dc5, 4Dd3"),
        ({"d4": "4D", "j9": "ks"}, "F", "4D:c5", "empty"),
        ({"h2": "qs", "f0": "KH", "e0": "KC"}, "R", "QS:f0×", "contradicts"),
        ({"h2": "qs", "f0": "KH"}, "R", "QS:f0+", "contradicts"),
        ({"h2": "qs", "f0": "KH"}, "R", "QSh3+", "contradicts"),
        ({"d6": "1D", "j9": "ks"}, "F", "1Dd7=A", "entering move"),
        ({"d4": "4D", "j9": "ks"}, "F", "7Sa1", "not on the board"),
        ({"d4": "4D", "j9": "ks"}, "F", "KSj8", "belongs to Rearhand"),
        ({"d4": "8C", "c6": "3c", "a0": "QH"}, "F", "QHa1", "must follow"),
    ],
)
def test_illegal_moves_are_refused_and_change_nothing(
    cards: dict, side: str, text: str, message: str
) -> None:
    state = make(cards, side)
    before = state.position()
    with pytest.raises(IllegalAction, match=message):
        state.str_to_action(text)
    assert state.position() == before and state.history == []


def test_apply_refuses_an_illegal_id() -> None:
    state = kibitz.load("cardmate").new_initial_state()
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply(0)
    with pytest.raises(IllegalAction, match="not an action id"):
        state.apply(20000)


# -- position strings -------------------------------------------------------------------
@pytest.mark.parametrize("text", [START, BEFORE_18, FINAL, "10/10/10/10/10/10/10/10/10/10 R 7"])
def test_position_round_trip(text: str) -> None:
    assert kibitz.load("cardmate").new_state_from_position(text).position() == text


def test_move_number_and_ply() -> None:
    game = kibitz.load("cardmate")
    assert game.new_state_from_position(START.replace(" F 1", " R 5")).ply == 9
    state = game.new_state_from_position(BEFORE_18)
    assert state.ply == 34
    play(state, "1Da5", "7Dh8")
    assert state.position().endswith(" F 19")


def test_unmerged_empty_counts_are_accepted_and_merged() -> None:
    text = "10/10/10/10/3,2,5/10/10/10/10/4,KC,5 F 1"
    assert kibitz.load("cardmate").new_state_from_position(text).position().split()[0] == (
        "10/10/10/10/10/10/10/10/10/4,KC,5"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10/10/10/10/10/10/10/10/10/10 F", "three fields"),
        ("10/10/10/10/10/10/10/10/10/10  F 1", "three fields"),
        ("10/10/10/10/10/10/10/10/10 F 1", "ten rank fields"),
        ("10/10/10/10/10/10/10/10/10/10,KC F 1", "covers 11"),
        ("10/10/10/10/10/10/10/10/10/9 F 1", "covers 9"),
        ("10/10/10/10/10/10/10/10/10/Kc,9 F 1", "bad token"),
        ("10/10/10/10/10/10/10/10/10/KZ,9 F 1", "bad token"),
        ("10/10/10/10/10/10/10/10/10/0,10 F 1", "bad token"),
        ("10/10/10/10/10/10/10/10/10/KC,kc,8 F 1", "twice"),
        ("10/10/10/10/10/10/10/10/10/1C,ac,8 F 1", "One and the Ace"),
        ("10/10/10/10/10/10/10/10/10/10 W 1", "F or R"),
        ("10/10/10/10/10/10/10/10/10/10 F 0", "move number"),
        ("10/10/10/10/10/10/10/10/10/10 F x", "move number"),
    ],
)
def test_bad_position_strings_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        kibitz.load("cardmate").new_state_from_position(text)


def test_render_shows_cards_owners_palaces_and_centre_line() -> None:
    state = kibitz.load("cardmate").new_initial_state()
    picture = state.render()
    lines = picture.splitlines()
    assert lines[1].split()[:4] == ["9", "xd", "8c", "9s"] and "[ks]" in lines[1]
    assert "[KC]" in picture and "----" in lines[6]
    assert "Forehand to move" in picture and "UPPER CASE" in picture
    flipped = state.render(1).splitlines()
    assert flipped[1].split()[:3] == ["0", "XC", "8D"]
