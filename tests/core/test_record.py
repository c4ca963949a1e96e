"""Game records: made from a state, replayed exactly, and bad records named by ply."""

import json

import pytest

import kibitz
from kibitz.core.errors import IllegalAction, InvalidRecord, NotationError
from kibitz.core.play import play_random
from kibitz.core.record import dumps_record, make_record, parse_record_text, replay
from kibitz.core.rng import Rng


def finished_game(seed: int = 3):
    state = kibitz.load("smess", max_plies_without_progress=40).new_initial_state()
    return play_random(state, Rng(seed))


def test_record_has_the_documented_keys_and_replays_exactly():
    state = finished_game()
    record = make_record(state, {"event": "test"})
    assert list(record) == ["game", "options", "seed", "actions", "result", "metadata"]
    assert record["options"] == {"max_plies_without_progress": 40}
    assert record["result"]["returns"] == state.returns()
    assert all("-" in a or "x" in a for a in record["actions"])
    again = replay(json.loads(dumps_record(record)))
    assert again.state.position() == state.position()
    assert again.state.history == state.history
    assert again.moves == record["actions"]


def test_record_from_a_start_position_keeps_it():
    game = kibitz.load("smess")
    state = game.new_state_from_position("3b3/7/3n3/7/3S3/7/7/3B3 b")
    state.apply(state.str_to_action("d4xd6"))
    record = make_record(state)
    assert record["position"] == "3b3/7/3n3/7/3S3/7/7/3B3 b"
    assert record["actions"] == ["d4xd6"]
    assert replay(record).state.position() == state.position()


def test_illegal_and_garbled_moves_name_the_ply_and_the_move():
    record = make_record(finished_game())
    record["result"] = None
    record["actions"][2] = "a1-a8"
    with pytest.raises(InvalidRecord, match=r"ply 3: move 'a1-a8'.*not legal"):
        replay(record)
    record["actions"][2] = "zz"
    with pytest.raises(InvalidRecord, match=r"ply 3: move 'zz'.*not a Smess move"):
        replay(record)


@pytest.mark.parametrize(
    ("record", "needle"),
    [
        ([], "JSON object"),
        ({"actions": []}, "no 'game'"),
        ({"game": "smess", "actions": "b2-b3"}, "list of move strings"),
        ({"game": "smess", "actions": [], "seed": "x"}, "'seed' must be an integer"),
        ({"game": "smess", "actions": [], "options": {"bogus": 1}}, "unknown option 'bogus'"),
        ({"game": "go", "actions": []}, "unknown game 'go'"),
        ({"game": "smess", "actions": [], "position": "xx b"}, "record start"),
        ({"game": "smess", "actions": [], "result": {"returns": [1, -1]}}, "does not match"),
    ],
)
def test_malformed_records_are_rejected_clearly(record, needle):
    with pytest.raises(InvalidRecord, match=needle):
        replay(record)


def test_moves_after_the_end_are_rejected():
    record = make_record(finished_game())
    record["actions"].append("a2-a3")
    with pytest.raises(InvalidRecord, match="after the game ended"):
        replay(record)


def test_parse_record_text_rejects_non_json_non_record_text():
    with pytest.raises(InvalidRecord, match="not valid JSON"):
        parse_record_text("{ broken")
    with pytest.raises(InvalidRecord, match="neither JSON nor"):
        parse_record_text("hello")


@pytest.mark.parametrize(
    ("text", "got"),
    [("[1, 2]", "a list"), ("null", "null"), ('"hi"', "a string"), ("12", "a number"),
     ("true", "true or false")],
)
def test_json_that_is_not_an_object_is_named(text, got):
    with pytest.raises(InvalidRecord, match=f"^record must be a JSON object, got {got}$"):
        parse_record_text(text)


def test_an_unfinished_game_may_end_by_a_declared_result():
    record = {"game": "smess", "actions": ["b2-b3"]}
    record["result"] = {"returns": [-1.0, 1.0], "reason": "resignation"}
    done = replay(record)
    assert done.state.outcome() is None
    assert done.declared.describe(done.game.player_names) == "Red wins (resignation)"
    record["result"] = {"returns": [1.0, -1.0], "reason": "brain captured"}
    with pytest.raises(InvalidRecord, match="only end by resignation, conceded, agreed draw"):
        replay(record)
    record["result"] = {"returns": [1.0], "reason": "resignation"}
    with pytest.raises(InvalidRecord, match="needs 'returns', 2 numbers"):
        replay(record)


def test_a_replay_gives_the_state_after_any_ply_or_another_move_in_its_place():
    game = kibitz.load("smess")
    state = game.new_initial_state(0)
    for text in ("e2-e3", "e7-e6", "d2-d3"):
        state.push(state.str_to_action(text))
    done = replay(make_record(state))
    after = done.state_after(2)
    assert list(after.history) == list(state.history[:2])
    other = done.state_after(2, "d7-d6")
    assert list(other.history[:1]) == list(state.history[:1]) and len(other.history) == 2
    assert other.serialize() != after.serialize()
    assert list(done.state.history) == list(state.history)  # the replay's own state is untouched
    with pytest.raises(NotationError):
        done.state_after(2, "d7-d9")
    with pytest.raises(IllegalAction):
        done.state_after(2, "e2-e4")  # Red to move there
