"""Every numbered Smess rule (SM-1..SM-12) and the spec's test vectors (section (f))."""

import pytest

import kibitz
from kibitz.core import CHANCE, TERMINAL
from kibitz.core.errors import IllegalAction, InvalidOptions, InvalidPosition, NotationError
from kibitz.games.smess.position import START

START_BOARD = START.split()[0]


def state_at(position: str, **options):
    return kibitz.load("smess", **options).new_state_from_position(position)


def move_set(state) -> set[str]:
    return {state.action_to_str(a) for a in state.legal_actions()}


def play(state, *moves: str):
    for m in moves:
        state.apply(state.str_to_action(m))
    return state


# -- SM-1 players and turns -----------------------------------------------------------------
def test_sm1_blue_is_seat_0_and_moves_first_then_players_alternate():
    state = kibitz.load("smess").new_initial_state()
    assert state.current_player == 0
    play(state, "b2-b3")
    assert state.current_player == 1
    play(state, "b7-b6")
    assert state.current_player == 0
    assert CHANCE not in (0, 1) and TERMINAL not in (0, 1)


def test_vector1_start_moves_both_sides():
    blue = "a2-a1 a2-a3 b1-a1 b2-b3 c2-c3 d2-d3 e2-e3 f1-g1 f2-f3 f2-g1 g2-g1 g2-g3"
    red = "a7-a6 a7-a8 b7-a8 b7-b6 b8-a8 c7-c6 d7-d6 e7-e6 f7-f6 f8-g8 g7-g6 g7-g8"
    assert move_set(kibitz.load("smess").new_initial_state()) == set(blue.split())
    assert move_set(state_at(f"{START_BOARD} r 0 1")) == set(red.split())


# -- SM-2 / SM-3 / SM-4 movement ------------------------------------------------------------
def test_sm2_only_the_from_square_arrows_count_vector2():
    state = state_at("3b3/7/3n3/7/3S3/7/7/3B3 b")
    expected = (
        "d1-c1 d1-d2 d1-e1 d4-a1 d4-a4 d4-a7 d4-b2 d4-b4 d4-b6 d4-c3 d4-c4 d4-c5 d4-d2 d4-d3 "
        "d4-d5 d4-e3 d4-e4 d4-e5 d4-f2 d4-f4 d4-f6 d4-g1 d4-g4 d4-g7 d4xd6"
    )
    assert move_set(state) == set(expected.split())
    assert len(state.legal_actions()) == 25


def test_sm3_ninny_and_brain_move_exactly_one_square():
    state = state_at("3b3/7/7/3N3/7/7/7/3B3 b")  # Ninny on d5 (all eight arrows)
    ninny = {m for m in move_set(state) if m.startswith("d5")}
    assert ninny == {f"d5-{s}" for s in ("c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6")}
    assert {m for m in move_set(state) if m.startswith("d1")} == {"d1-c1", "d1-d2", "d1-e1"}


def test_sm4_numskull_never_jumps_and_stops_at_first_piece():
    state = state_at("3b3/7/7/7/3S3/3N3/7/3B3 b")  # own Ninny on d3 blocks the slide south
    moves = move_set(state)
    assert "d4-d3" not in moves and "d4-d2" not in moves and "d4-d1" not in moves
    state = state_at("3b3/7/3n3/7/3S3/7/7/3B3 b")
    moves = move_set(state)
    assert "d4xd6" in moves and "d4-d7" not in moves and "d4xd8" not in moves


# -- SM-5 destination and capture -----------------------------------------------------------
def test_sm5_capture_removes_the_piece_and_is_optional():
    state = state_at("3b3/7/3n3/7/3S3/7/7/3B3 b")
    assert "d4-d5" in move_set(state)  # not forced to capture
    play(state, "d4xd6")
    assert state.position() == "3b3/7/3S3/7/7/7/7/3B3 r 0 1"
    assert state.counts[1] == [1, 0, 0]


def test_sm5_never_onto_a_friendly_piece():
    state = kibitz.load("smess").new_initial_state()
    assert "d1-d2" not in move_set(state)


def test_vector3_any_piece_may_capture_the_brain_and_it_wins():
    state = state_at("7/7/3b3/7/3S3/7/7/3B3 b")
    play(state, "d4xd6")
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.returns() == [1.0, -1.0]
    assert state.outcome().reason == "brain captured"
    assert state.legal_actions() == []


# -- SM-6 promotion -------------------------------------------------------------------------
def test_vector4_ninny_promotes_on_the_opponents_numskull_square():
    state = state_at("2s3b/2N4/7/7/7/7/7/3B3 b")
    assert move_set(state) == set("c7-b7 c7-c6 c7-d7 c7xc8 d1-c1 d1-d2 d1-e1".split())
    play(state, "c7xc8")
    assert state.position() == "2S3b/7/7/7/7/7/7/3B3 r 0 1"


def test_sm6_promotion_without_capture_and_for_red():
    state = state_at("3b3/2N4/7/7/7/7/7/3B3 b")
    play(state, "c7-c8")
    assert state.position().startswith("2Sb3/")
    state = state_at("3b3/7/7/7/7/7/4n2/3B3 r")
    play(state, "e2-e1")
    assert state.position().split()[0].endswith("/3Bs2")


def test_vector5_ninny_on_its_own_numskull_square_stays_a_ninny():
    state = state_at("3b3/7/7/7/7/7/2N4/3B3 b")
    play(state, "c2-c1")
    assert state.position().split()[:2] == ["3b3/7/7/7/7/7/7/2NB3", "r"]


def test_sm6_numskull_or_brain_on_promotion_square_unaffected():
    state = state_at("4b2/7/1S5/7/7/7/7/3B3 b")
    play(state, "b6-b8")
    assert state.position().startswith("1S2b2/")
    state = state_at("4b2/7/7/7/7/7/7/SB5 r")
    play(state, "e8-d8")
    assert state.position() == "3b3/7/7/7/7/7/7/SB5 b 1 2"


def test_vector6_printed_promotion_rule_option():
    pos = "2s3b/2N4/7/7/7/7/7/1SSBSS1 b"
    default = state_at(pos)
    assert len(default.legal_actions()) == 33
    play(default, "c7xc8")
    assert default.position().split()[:2] == ["2S3b/7/7/7/7/7/7/1SSBSS1", "r"]
    printed = state_at(pos, promotion_requires_captured_numskull=True)
    play(printed, "c7xc8")
    assert printed.position().split()[:2] == ["2N3b/7/7/7/7/7/7/1SSBSS1", "r"]
    three = state_at("2s3b/2N4/7/7/7/7/7/1SSB1S1 b", promotion_requires_captured_numskull=True)
    assert len(three.legal_actions()) == 28
    play(three, "c7xc8")
    assert three.position().split()[:2] == ["2S3b/7/7/7/7/7/7/1SSB1S1", "r"]


def test_sm6_printed_rule_ninny_waiting_on_the_square_promotes_only_by_its_own_later_move():
    opts = {"promotion_requires_captured_numskull": True}
    state = state_at("2N3b/7/7/7/7/7/7/1SSBSS1 b", **opts)  # Ninny already on c8
    play(state, "e1-e2", "g8-g7")  # Blue now has captured nothing: still 4 Numskulls
    assert state.position().startswith("2N")
    play(state, "c8-b8")  # from c8 along W to b8: still 4 Numskulls, no promotion
    assert state.position().startswith("1N")


# -- SM-7 no check ---------------------------------------------------------------------------
def test_vector7_no_check_and_two_brains_draw():
    pos = "b6/7/7/3n3/3B3/7/7/7 b"
    state = state_at(pos)
    assert move_set(state) == set("d4-c3 d4-c4 d4-c5 d4-d3 d4-e3 d4-e4 d4-e5 d4xd5".split())
    play(state, "d4-c5", "d5xc5")
    assert state.returns() == [-1.0, 1.0]
    state = state_at(pos)
    play(state, "d4xd5")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.outcome().reason == "two brains"


# -- SM-9 draw options -----------------------------------------------------------------------
SHUFFLE = ["a2-a3", "g7-g6", "a3-a2", "g6-g7"] * 2


def test_vector8_repetition_draw_on_third_occurrence():
    on = play(kibitz.load("smess", repetition_draw=True).new_initial_state(), *SHUFFLE[:7])
    assert not on.is_terminal()
    play(on, SHUFFLE[7])
    assert on.is_terminal() and on.outcome().reason == "repetition"
    assert on.returns() == [0.0, 0.0]
    off = play(kibitz.load("smess").new_initial_state(), *SHUFFLE)
    assert not off.is_terminal()


def test_repetition_history_starts_at_a_given_position():
    state = state_at("3b3/n6/7/7/7/7/N6/3B3 b 0 1", repetition_draw=True)
    play(state, "d1-c1", "d8-c8", "c1-d1", "c8-d8", "d1-c1", "d8-c8", "c1-d1")
    assert not state.is_terminal()
    play(state, "c8-d8")
    assert state.outcome().reason == "repetition"


def test_vector9_no_progress_draw():
    game = kibitz.load("smess", max_plies_without_progress=4)
    state = play(game.new_initial_state(), *SHUFFLE[:4])
    assert state.position() == "1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 b 4 3"
    assert state.is_terminal() and state.outcome().reason == "no progress"
    off = play(kibitz.load("smess").new_initial_state(), *SHUFFLE[:4])
    assert not off.is_terminal()


def test_sm9_capture_and_promotion_reset_the_counter_but_blocked_promotion_does_not():
    state = state_at("3b3/7/3n3/7/3S3/7/7/3B3 b 7 4")
    play(state, "d4xd6")
    assert state.plies_without_progress == 0
    state = state_at("3b3/2N4/7/7/7/7/7/3B3 b 5 9")
    play(state, "c7-c8")
    assert state.plies_without_progress == 0
    blocked = state_at(
        "3b3/2N4/7/7/7/7/7/1SSBSS1 b 5 9", promotion_requires_captured_numskull=True
    )
    play(blocked, "c7-c8")
    assert blocked.plies_without_progress == 6


# -- SM-10 end-of-game order -----------------------------------------------------------------
def test_sm10_brain_capture_outranks_two_brains():
    state = state_at("7/7/3b3/3s3/3S3/7/7/3B3 b")
    play(state, "d4xd5")
    assert not state.is_terminal()
    state = state_at("7/7/3b3/7/3S3/7/7/3B3 b")
    play(state, "d4xd6")
    assert state.outcome().reason == "brain captured"


def test_sm10_position_with_only_two_brains_is_already_drawn():
    state = state_at("3b3/7/7/7/7/7/7/3B3 b")
    assert state.is_terminal() and state.outcome().reason == "two brains"


def test_sm10_position_where_side_to_move_has_no_brain_is_won_by_the_other():
    state = state_at("3b3/7/7/7/7/7/7/3S3 b")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


# -- SM-11 no legal move ---------------------------------------------------------------------
def test_sm11_player_without_legal_move_loses(monkeypatch):
    state = kibitz.load("smess").new_initial_state()
    play(state, "b2-b3")
    monkeypatch.setattr(state, "_has_move", lambda side: False)
    out = state._end_check(captured_brain=False)
    assert out.reason == "no legal move" and out.returns == (1.0, -1.0)


def test_sm11_a_side_with_its_brain_always_has_a_move_in_crowded_positions():
    # Blue's Brain boxed in by its own pieces on every arrow still leaves other Blue moves.
    state = state_at("3b3/7/7/7/7/7/2NNN2/2NBN2 b")
    assert state.legal_actions() and not state.is_terminal()


# -- SM-12 options ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"max_plies_without_progress": 0}, "max_plies_without_progress"),
        ({"max_plies_without_progress": "ten"}, "max_plies_without_progress"),
        ({"repetition_draw": "yes"}, "repetition_draw"),
        ({"colour": "red"}, "valid options"),
    ],
)
def test_sm12_bad_options_raise_invalid_options_naming_the_option(options, needle):
    with pytest.raises(InvalidOptions, match=needle):
        kibitz.load("smess", **options)


# -- notation (d) and vector 10 --------------------------------------------------------------
@pytest.mark.parametrize("text", ["b2-b3", "b2xb3", "B2B3", " b2-b3 "])
def test_vector10_parser_accepts_variants(text):
    assert kibitz.load("smess").new_initial_state().str_to_action(text) == 463


@pytest.mark.parametrize("text", ["b2-b9", "h2-h3", "b2--b3", "", "b2"])
def test_vector10_syntax_errors_quote_the_text(text):
    with pytest.raises(NotationError, match=repr(text).strip("'")[:2] or "''"):
        kibitz.load("smess").new_initial_state().str_to_action(text)


def test_vector10_wellformed_illegal_move_names_move_and_side():
    state = kibitz.load("smess").new_initial_state()
    with pytest.raises(IllegalAction, match=r"b2-b4.*Blue to move"):
        state.str_to_action("b2-b4")
    with pytest.raises(IllegalAction):
        state.apply(463 + 1)
    assert state.position() == START and state.history == []


def test_writer_uses_x_for_captures():
    state = state_at("3b3/7/3n3/7/3S3/7/7/3B3 b")
    assert state.action_to_str(state.str_to_action("d4-d6")) == "d4xd6"


# -- position strings ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN b", "8 ranks"),
        ("1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS b", "adds up to 6"),
        ("1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSX1 b", "'X'"),
        ("1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 w", "side field"),
        ("1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 b -1 1", "plies_without_progress"),
        ("1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 b 0 0", "move_number"),
        ("1ssbss1/nnnnnnn/7/7/7/7/NNNNNNN/1SSBSS1 b 0", "4 fields"),
        ("1ssbss1/nnnnnnn/7/7/7/N6/NNNNNNN/1SSBSS1 b", "8 Ninnies"),
        ("3b3/7/7/7/SSSSSS1/SSSSSS1/7/3B3 b", "12 Ninnies and Numskulls"),
        ("3bb2/7/7/7/7/7/7/3B3 b", "2 Brains"),
        ("1N1b3/7/7/7/7/7/7/3B3 b", "promotion square"),
        ("3b3/7/7/7/7/7/7/3S3 r", "just moved, has no Brain"),
        ("7/7/7/7/7/7/7/7 b", "has no Brain"),
    ],
)
def test_position_string_errors_name_field_and_problem(text, needle):
    with pytest.raises(InvalidPosition, match=needle):
        state_at(text)


def test_at_most_four_numskulls_under_printed_rule():
    with pytest.raises(InvalidPosition, match="5 Numskulls"):
        state_at("3b3/7/7/7/7/7/S6/1SSBSS1 b", promotion_requires_captured_numskull=True)
    assert state_at("3b3/7/7/7/7/7/S6/1SSBSS1 b").counts[0][1] == 5


def test_position_without_counters_defaults_to_0_1():
    assert state_at(START_BOARD + " b").position() == START
