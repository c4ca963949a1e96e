"""Action ids and strings, whole-turn parsing, position strings and bad input."""

from __future__ import annotations

import pytest

import kibitz
from kibitz.core.errors import IllegalAction, InvalidPosition, NotationError
from kibitz.core.play import play_random
from kibitz.core.rng import Rng
from kibitz.games.tchess.phases import PLAY


def test_action_id_space_is_stable() -> None:
    game = kibitz.load("tchess")
    assert game.num_distinct_actions == 34
    assert game.tables.letters == tuple("P S N F C B D R G Q K L E NB NR J".split())
    s = game.new_initial_state()
    assert s.action_to_str(0) == "draw P" and s.str_to_action("draw NB") == 13


def test_player_action_strings_round_trip(kit) -> None:
    s = kit.dealt("P S P Q NB J", "N F K B R L")
    labels = {a: s.action_to_str(a) for a in s.legal_actions()}
    assert labels == {0: "P", 1: "S", 9: "Q", 13: "NB", 15: "J"}
    for action, text in labels.items():
        assert s.str_to_action(text) == action
    s.apply(s.str_to_action("NB"))
    assert s.action_to_str(16) == "end" and s.str_to_action("end") == 16
    kit.play(s, "end")
    assert s.action_to_str(17) == "pass" and s.str_to_action("PASS") == 17
    assert s.action_to_str(18 + 9) == "take Q"


def test_turn_actions_check_every_card_against_the_hand(kit) -> None:
    s = kit.dealt("P S P Q NB J", "N F K B R L")
    assert s.turn_actions("P S P Q") == [0, 1, 0, 9, 16]
    with pytest.raises(IllegalAction, match="card P is not in White's hand"):
        s.turn_actions("P P P")
    before = s.serialize()
    with pytest.raises(IllegalAction):
        s.play_turn("Q Q")
    assert s.serialize() == before  # rejected whole, nothing applied


def test_a_turn_begun_card_by_card_is_finished_by_the_rest_of_it(kit) -> None:
    s = kit.dealt("P S P Q NB J", "N F K B R L")
    s.apply(s.str_to_action("P"))
    assert s.turn_actions("S Q") == [1, 9, 16]
    with pytest.raises(IllegalAction, match="card N is not in White's hand"):
        s.turn_actions("S N")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", NotationError),
        ("X", NotationError),
        ("take", NotationError),
        ("first Green", NotationError),
        ("P S", NotationError),
        ("hop P", NotationError),
        ("pass", IllegalAction),  # no pass at the opening
        ("end", IllegalAction),  # no end before a card
        ("K", IllegalAction),  # not in hand
        ("take Q", IllegalAction),
        ("draw P", IllegalAction),
        ("steal P", IllegalAction),
    ],
)
def test_bad_action_text_is_rejected_with_a_typed_error(kit, text: str, error: type) -> None:
    s = kit.dealt("P S P Q NB J", "N F K B R L")
    before = s.serialize()
    with pytest.raises(error):
        s.str_to_action(text)
    assert s.serialize() == before


def test_illegal_ids_are_refused_and_change_nothing(kit) -> None:
    s = kit.dealt("P S P Q NB J", "N F K B R L")
    before = s.serialize()
    for bad in (10, 17, 99, -1):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.serialize() == before


def test_positions_round_trip_through_random_play() -> None:
    game = kibitz.load("tchess")
    for seed in range(30):
        s = game.new_initial_state(seed)
        play_random(s, Rng(seed), 30 + seed * 3)
        if s.stage != PLAY:
            with pytest.raises(InvalidPosition, match="only while a player is to play"):
                s.position()
            continue
        text = s.position()
        again = game.new_state_from_position(text)
        assert again.position() == text
        assert again.legal_actions() == s.legal_actions()
        assert again.observation(0)["rows"] == s.observation(0)["rows"]


def test_position_example_and_its_views(kit) -> None:
    text = (
        f"white=P*2,S,Q,D,G/{kit.rest('P', 'P', 'S', 'Q', 'D', 'G')}/-/- "
        f"black=N,F,K,B,R,L/{kit.rest('N', 'F', 'K', 'B', 'R', 'L')}/-/- "
        "attacker=white to_move=white round=1"
    )
    s = kibitz.load("tchess").new_state_from_position(text)
    assert s.observation(0)["hand"] == ["P", "P", "S", "D", "G", "Q"]
    assert s.observation(1)["hand"] == ["N", "F", "B", "R", "K", "L"]
    black_view = s.render(1)
    assert "6 cards" in black_view and "Q" not in black_view.split("White")[1]
    assert s.information_state_key(0) != s.information_state_key(1)
    lone = f"white=Q/{kit.rest('Q')}/-/- " + text.split("/-/- ", 1)[1]
    one = kibitz.load("tchess").new_state_from_position(lone)
    assert "hand: 1 card " in one.render(1)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("white=K black=K attacker=white to_move=white round=1", "HAND/DECK/DISCARD/ROW"),
        ("nonsense", "KEY=VALUE"),
        ("white=-/-/-/- attacker=white to_move=white round=1", "lacks 'black'"),
        ("white=X/-/-/- black=-/-/-/- attacker=white to_move=white round=1", "unknown card 'X'"),
        ("white=P*0/-/-/- black=-/-/-/- attacker=white to_move=white round=1", r"LETTER\*COUNT"),
        ("white=-/-/-/- black=-/-/-/- attacker=white to_move=white round=1", "0 P"),
    ],
)
def test_bad_positions_name_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(InvalidPosition, match=fragment):
        kibitz.load("tchess").new_state_from_position(text)


def test_position_consistency_checks(kit) -> None:
    game = kibitz.load("tchess")
    full = kit.rest()
    base = f"white=-/{full}/-/- black=-/{full}/-/- attacker=white to_move=white round=1"
    with pytest.raises(InvalidPosition, match="must have cards in hand"):
        game.new_state_from_position(base)
    dead = f"white=-/{kit.rest('K')}/K/- black=-/{full}/-/- attacker=white to_move=white round=1"
    with pytest.raises(InvalidPosition, match="King is in the discard"):
        game.new_state_from_position(dead)
    unopened = (
        f"white=P/{kit.rest('P')}/-/- black=-/{kit.rest('P')}/-/P "
        "attacker=white to_move=white round=1"
    )
    with pytest.raises(InvalidPosition, match="has not opened"):
        game.new_state_from_position(unopened)
    checks = (("round=0", "round"), ("passes=2", "passes"), ("attacker=red", "'white' or 'black'"))
    for field, fragment in checks:
        bad = (
            f"white=P/{kit.rest('P')}/-/- black=-/{full}/-/- attacker=white to_move=white "
            f"round=1 {field}"
        )
        with pytest.raises(InvalidPosition, match=fragment):
            game.new_state_from_position(bad)


def test_preview_shows_the_strength_a_play_would_give(kit) -> None:
    s = kit.dealt("P S P Q NB J", "N F K B R L")
    kit.play(s, "P S")
    s.apply(s.str_to_action("N"))  # Black's turn is under way
    preview = s.preview("F R")
    assert (preview.text, preview.total) == ("(N F) R", 17)
    assert s.rows[1] == [s.tables.index["N"]]  # nothing was laid
    with pytest.raises(IllegalAction, match="card Q is not in Black's hand"):
        s.preview("Q")


def test_rules_page_follows_the_options() -> None:
    from kibitz.games.tchess import TchessOptions
    from kibitz.games.tchess.rulespage import rules_page

    page = rules_page(TchessOptions(pair_reading="sections", ties_to_defender=False))
    assert "| NB | Princess | 1 | 6 |" in page
    assert "E+Q" in page and "C+Q" not in page and "C+N" in page
    assert "Ties go to the attacker." in page


def test_views_refuse_a_seat_that_does_not_exist(kit) -> None:
    from kibitz.core.errors import KibitzError

    s = kit.dealt("P S P Q NB J", "N F K B R L")
    for view in (s.observation, s.observation_tensor, s.render):
        with pytest.raises(KibitzError, match="seat must be 0"):
            view(2)
