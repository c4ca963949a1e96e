"""Seats from --as/--vs, picks matched against move fields, the `kibitz play` command."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from tui_helpers import run_play
from typer.testing import CliRunner

import kibitz
from kibitz.cli import app as cli
from kibitz.core.errors import InvalidOptions
from kibitz.tui import Driver
from kibitz.tui.picker import Picker
from kibitz.tui.seats import person_seat, seat_players

runner = CliRunner()
TUI = Path(kibitz.__file__).parent / "tui"


def test_person_seat_by_name_number_or_none():
    rook = kibitz.load("rook")
    assert person_seat(rook, None) == 0
    assert person_seat(rook, "north") == 2
    assert person_seat(rook, "3") == 3
    assert person_seat(rook, "none") is None
    with pytest.raises(InvalidOptions, match="South, West, North, East"):
        person_seat(rook, "purple")


def test_computer_seats_take_the_specs_in_order_and_the_last_repeats():
    rook = kibitz.load("rook")
    assert seat_players(rook, 1, ["level:1", "random"]) == ["level:1", None, "random", "random"]
    default = f"level:{rook.ai().default_level}"
    assert seat_players(rook, 0, []) == [None, default, default, default]
    assert seat_players(kibitz.load("fortress"), 0, []) == [None]
    with pytest.raises(InvalidOptions, match="3 --vs specs for 1 computer"):
        seat_players(kibitz.load("smess"), 0, ["a", "b", "c"])


def test_two_picks_choose_a_move_and_a_bad_pick_explains():
    moves = [
        {"id": 1, "text": "a>b", "from": "a", "to": "b"},
        {"id": 2, "text": "a>c", "from": "a", "to": "c"},
        {"id": 3, "text": "d>c", "from": "d", "to": "c"},
    ]
    picker = Picker()
    assert picker.pick("b", moves).message == "no move from b"
    assert picker.pick("a", moves).kind == "chosen"
    assert picker.targets(moves) == {"b", "c"}
    assert picker.pick("d", moves).kind == "chosen"  # another piece is picked instead
    assert picker.pick("b", moves).message == "d cannot go to b"
    assert picker.pick("c", moves).moves == (moves[2],)
    assert picker.chosen is None


def test_a_piece_without_a_move_while_a_capture_is_compulsory_says_so():
    forced = [{"id": i, "text": f"{a}:{b}", "from": a, "to": b, "compulsory": True}
              for i, (a, b) in enumerate([("a", "b"), ("c", "d")])]  # fmt: skip
    assert Picker().pick("e", forced).message == (
        "no move from e: a compulsory move is due, one of a:b, c:d")
    free = [{**forced[0], "compulsory": False}, forced[1]]  # not every move compulsory
    assert Picker().pick("e", free).message == "no move from e"


def test_a_pick_with_several_moves_asks_and_a_card_pick_plays():
    promotions = [
        {"id": 1, "text": "1Hb9", "from": "b8", "to": "b9"},
        {"id": 2, "text": "1Hb9=A", "from": "b8", "to": "b9"},
    ]
    picker = Picker()
    picker.pick("b8", promotions)
    assert picker.pick("b9", promotions).kind == "ask"
    cards = [{"id": 5, "text": "play r5", "card": "r5"}, {"id": 6, "text": "N", "cards": ["N"]}]
    assert picker.pick("N", cards).moves == (cards[1],)
    assert picker.pick("x", cards).kind == "error"


def test_the_tui_knows_games_only_through_core_and_the_agents():
    for path in TUI.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("kibitz"):
                    assert name.split(".")[1] in ("core", "ai", "tui"), f"{path}: {name}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "hasattr":
                raise AssertionError(f"{path} probes with hasattr")


def test_play_builds_the_seats_options_and_deal(monkeypatch, tmp_path):
    record = tmp_path / "game.json"
    app, result = run_play(
        monkeypatch, "rook", "--as", "north", "--vs", "random", "-o", "max_hands=1",
        "--deal", "12", "--record", str(record), "--pause", "0",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert app.driver.players == ["random", "random", None, "random"]
    assert app.driver.viewer == 2
    assert app.driver.game.options.max_hands == 1
    assert app.driver.state.seed == 12
    assert app.record_path == record and app.save_unfinished
    assert "record:" not in result.output  # not run here: no record written, none said


def test_play_goes_on_with_a_loaded_record(monkeypatch, tmp_path):
    made = runner.invoke(cli, ["random-game", "smess", "--seed", "3", "--max-plies", "6"])
    saved = tmp_path / "start.json"
    saved.write_text(made.stdout)
    app, result = run_play(monkeypatch, "smess", "--load", str(saved), "--vs", "random")
    assert result.exit_code == 0, result.output
    moves = json.loads(made.stdout)["actions"]
    assert [e.text for e in app.driver.log] == moves
    assert app.driver.to_act() == 0


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("chess",), "unknown game 'chess'"),
        (("smess", "--as", "green"), "is not a seat of smess"),
        (("smess", "--vs", "random", "--vs", "random"), "2 --vs specs for 1 computer"),
        (("smess", "--vs", "alphabet"), "unknown agent 'alphabet'"),
        (("tchess", "--vs", "alphabeta"), "cannot play tchess"),
        (("fortress", "--deal", "x1"), "is not a game number"),
        (("smess", "--pause", "-1"), "--pause must not be negative"),
        (("cardmate", "--load", "/nonexistent.json"), "No such file"),
    ],
)
def test_play_refuses_bad_input_with_one_line(monkeypatch, args, needle):
    app, result = run_play(monkeypatch, *args)
    assert app is None
    assert result.exit_code == 2
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_play_refuses_a_record_of_another_game(monkeypatch, tmp_path):
    made = runner.invoke(cli, ["random-game", "smess", "--max-plies", "2"])
    saved = tmp_path / "smess.json"
    saved.write_text(made.stdout)
    _, result = run_play(monkeypatch, "cardmate", "--load", str(saved))
    assert result.exit_code == 2
    assert "is a record of smess, not cardmate" in result.stderr


def test_seat_labels_name_the_computer_levels():
    game = kibitz.load("smess")
    driver = Driver(game, [None, "level:4"])
    assert driver.seat_label(0) == "Blue (you)"
    assert driver.seat_label(1) == "Red (level 4, very good)"
    assert Driver(game, [None, "random"]).seat_label(1) == "Red (random)"


def test_a_game_without_a_seed_deals_new_cards_each_time_and_a_seed_the_same():
    game = kibitz.load("tchess")
    hands = {tuple(Driver(game, [None, "random"]).observation()["hand"]) for _ in range(4)}
    assert len(hands) > 1
    seeded = {tuple(Driver(game, [None, "random"], seed=5).observation()["hand"]) for _ in range(2)}
    assert len(seeded) == 1
