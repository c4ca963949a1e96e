"""The game contract for TCHESS Cards: common observation keys, phases, the spectator view,
what each seat sees of the last action, structured moves, the description, the rules page,
the strength tool, and the regression of a resampled state that could not be read back."""

from __future__ import annotations

import pytest

import kibitz
from kibitz.core.errors import KibitzError, NotationError
from kibitz.core.play import play_random, random_action
from kibitz.core.rng import Rng
from kibitz.games.tchess.rulespage import rules_page

COMMON = ["game", "seat", "ply", "to_act", "phase", "last_action", "result", "scores"]


def test_observation_begins_with_the_common_keys_in_their_one_meaning(kit) -> None:
    start = kibitz.load("tchess").new_initial_state(0)
    obs = start.observation(1)
    assert list(obs)[:8] == COMMON
    assert (obs["game"], obs["seat"], obs["ply"], obs["to_act"]) == ("tchess", 1, 0, None)
    assert (obs["phase"], obs["last_action"], obs["result"], obs["scores"]) == (
        "draw", None, None, None,
    )  # fmt: skip
    s = kit.dealt("N K P P P P", "R P P P P P")
    obs = s.observation(0)
    assert (obs["ply"], obs["to_act"], obs["phase"]) == (12, 0, "play")
    kit.play(s, "N K", "R P", "pass", "pass")  # White's King is lost on the table
    over = s.observation(None)
    assert (over["phase"], over["to_act"]) == ("over", None)
    assert over["result"] == {
        "returns": [-1.0, 1.0],
        "reason": "King lost on the table",
        "text": "Black wins (King lost on the table)",
    }


def test_phase_names_follow_the_round(kit) -> None:
    s = kit.dealt("Q J P P P P", "P N N B B R", first_player="random")
    assert s.phase() == "first attacker"
    s.apply(s.str_to_action("first White"))
    assert s.phase() == "play"
    kit.play(s, "Q J", "P", "pass", "pass")
    assert s.phase() == "steal"
    s.apply(s.str_to_action("steal N"))
    assert s.phase() == "take"
    kit.play(s, "take Q")
    assert s.phase() == "draw"


def test_moves_carry_kind_and_cards(kit) -> None:
    s = kit.dealt("P S P Q D G", "N F K B R L")
    opening = s.moves()
    assert {m["kind"] for m in opening} == {"attack"}  # no pass before the opening
    assert [m["cards"] for m in opening] == [["P"], ["S"], ["D"], ["G"], ["Q"]]
    assert all(m["text"] == m["cards"][0] for m in opening)
    s.apply(s.str_to_action("P"))
    assert s.moves()[-1] == {"id": s.num_letters, "text": "end", "kind": "end", "cards": []}
    for word in ("S", "P", "Q", "end"):
        s.apply(s.str_to_action(word))
    defence = s.moves()
    assert {m["kind"] for m in defence} == {"defend", "pass"}
    assert defence[-1] == {"id": s.num_letters + 1, "text": "pass", "kind": "pass", "cards": []}


def test_take_moves_name_the_card_taken_back(kit) -> None:
    s = kit.dealt("F C P P P P", "P N N B B R")
    kit.play(s, "F C", "P", "pass", "pass")
    s.apply(s.str_to_action("steal N"))
    assert [(m["text"], m["kind"], m["cards"]) for m in s.moves()] == [
        ("take F", "take", ["F"]),
        ("take C", "take", ["C"]),
    ]


def test_chance_moves_and_bad_ids() -> None:
    s = kibitz.load("tchess").new_initial_state(0)
    assert s.moves()[0] == {"id": 0, "text": "draw P", "kind": "draw", "cards": ["P"]}
    with pytest.raises(NotationError):
        s.move_fields(s.game.num_distinct_actions)


def test_a_draw_is_seen_only_by_its_drawer() -> None:
    s = kibitz.load("tchess").new_initial_state(0)
    s.apply(s.str_to_action("draw Q"))
    seen = {"seat": 0, "text": "draw Q", "id": 9, "kind": "draw", "cards": ["Q"]}
    assert s.observation(0)["last_action"] == seen
    hidden = {"seat": 0, "text": "draws a card"}
    assert s.observation(1)["last_action"] == hidden
    assert s.observation(None)["last_action"] == hidden


def test_public_actions_are_seen_alike(kit) -> None:
    s = kit.dealt("Q P P P P P", "N N B B R R")
    kit.play(s, "Q", "pass", "pass")
    s.apply(s.str_to_action("steal R"))
    stolen = {"seat": None, "text": "steal R", "id": 7, "kind": "steal", "cards": ["R"]}
    assert all(s.observation(v)["last_action"] == stolen for v in (0, 1, None))
    s = kit.dealt("Q P P P P P", "N N B B R R")
    s.apply(s.str_to_action("Q"))
    laid = {"seat": 0, "text": "Q", "id": 9, "kind": "attack", "cards": ["Q"]}
    assert all(s.observation(v)["last_action"] == laid for v in (0, 1, None))


def test_spectator_view_shows_no_hand_and_no_drawn_letter(kit) -> None:
    s = kit.dealt("P S P Q D G", "N F K B R L")
    kit.play(s, "P S")
    view = s.observation(None)
    assert view["seat"] is None and view["hand"] is None
    assert view["hand_sizes"] == [4, 6] and view["rows"][0]["text"] == "(P S)"
    draws = [e for e in view["log"] if e["event"] == "draw"]
    assert [e["seat"] for e in draws] == [0] * 6 + [1] * 6
    assert all(e["card"] is None for e in draws)
    assert "legal_actions" not in view
    other = kit.dealt("P S P Q D G", "C C E J R K")
    kit.play(other, "P S")
    assert other.observation(None) == view
    with pytest.raises(KibitzError, match="seat must be"):
        s.observation(2)


def test_resampled_state_serializes_and_reads_back(kit) -> None:
    """Regression: resample_hidden wrote -1 for the other seat's draws into ``history``."""
    s = kit.dealt("P S P Q D G", "N F K B R L")
    kit.play(s, "P S P Q", "N F K B", "pass", "pass")
    rng = Rng(5)
    while s.current_player < 0:
        s.apply(random_action(s, rng))
    for seat in (0, 1):
        sample = s.resample_hidden(seat, Rng(seat))
        assert min(sample.history) >= 0
        back = s.game.deserialize(sample.serialize())
        assert back.serialize() == sample.serialize()
        assert (back.hands, back.decks, back.log) == (sample.hands, sample.decks, sample.log)
        assert back.observation(seat) == s.observation(seat)
        assert back.observation(None) == s.observation(None)
        assert back.information_state_key(seat) == s.information_state_key(seat)
        play_random(back, Rng(seat))  # and plays on to the end
        assert back.is_terminal()


def test_resampled_position_game_reads_back(kit) -> None:
    position = (
        f"white=P*2,S,Q,D,G/{kit.rest('P', 'P', 'S', 'Q', 'D', 'G')}/-/- "
        f"black=N,F,K,B,R,L/{kit.rest('N', 'F', 'K', 'B', 'R', 'L')}/-/- "
        "attacker=white to_move=white round=1"
    )
    game = kibitz.load("tchess")
    for seed in range(20):
        s = game.start(position=position)
        rng = Rng(seed)
        for _ in range(rng.below(60)):
            if not s.is_terminal():
                s.apply(random_action(s, rng))
        for seat in (0, 1):
            sample = s.resample_hidden(seat, Rng(seed))
            back = game.deserialize(sample.serialize())
            assert back.observation(seat) == s.observation(seat)
            assert back.information_state_key(seat) == s.information_state_key(seat)
            assert (back.hands, back.decks) == (sample.hands, sample.decks)


def test_resample_keeps_a_card_that_went_back_to_the_other_hand(kit) -> None:
    s = kit.dealt("P S P Q D G", "N F K B R L")
    kit.play(s, "P", "K", "pass", "pass")  # Black holds with K: the King goes back home
    s.apply(s.str_to_action("draw S"))  # White draws back to six; Black is full
    king = s.tables.king
    assert s.hands[1][king] == 1
    samples = [s.resample_hidden(0, Rng(seed)) for seed in range(30)]
    assert all(sample.hands[1][king] == 1 for sample in samples)
    assert len({tuple(sample.hands[1]) for sample in samples}) > 10


def test_description_lists_the_card_faces_and_seats() -> None:
    game = kibitz.load("tchess", deck={"P": 4, "S": 2, "K": 1, "J": 2, "Q": 1, "D": 1})
    desc = game.description()
    assert desc["game"] == "tchess" and desc["teams"] == []
    assert [(s["name"], s["colour"]) for s in desc["seats"]] == [
        ("White", game.player_colours[0]),
        ("Black", game.player_colours[1]),
    ]
    assert desc["cards"] == [
        {"letter": "P", "name": "Pawn", "count": 4, "value": 1},
        {"letter": "S", "name": "Sergeant", "count": 2, "value": 2},
        {"letter": "D", "name": None, "count": 1, "value": 5},
        {"letter": "Q", "name": "Queen", "count": 1, "value": 9},
        {"letter": "K", "name": "King", "count": 1, "value": 3},
        {"letter": "J", "name": "Jester", "count": 2, "value": None},
    ]  # in the spec's letter order


def test_rules_page_and_strength_tool_follow_the_options() -> None:
    game = kibitz.load("tchess", ties_to_defender=False)
    assert game.rules_page() == rules_page(game.options)
    assert "Ties go to the attacker." in game.rules_page()
    strength = game.tools()["strength"]
    assert strength.run(game, ["P", "S", "P", "Q"]) == "(P S) P Q = 17"
    reading_a = kibitz.load("tchess", allow_overlapping_pairs=True, values={"S": 0})
    assert strength.run(reading_a, ["S", "P", "S"]) == "(S P S) = 7"
    with pytest.raises(NotationError, match="unknown card 'X'"):
        strength.run(game, ["P", "X"])
    with pytest.raises(NotationError, match="needs the row's cards"):
        strength.run(game, [])
