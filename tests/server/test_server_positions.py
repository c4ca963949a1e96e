"""Starting a table from a position string over the API: the games list says which games
read them (from ``Game.has_positions``, a core fact), and a position that is malformed, or
given with a seed or a record, is refused with a clear message and makes no table."""

from __future__ import annotations

from helpers import COMPUTER, HUMAN, new_table

import kibitz
from kibitz.core.game import Game
from kibitz.core.play import play_random
from kibitz.core.registry import game_classes
from kibitz.core.rng import Rng


def test_has_positions_is_whether_the_game_reads_position_strings():
    for name, cls in game_classes().items():
        overrides = cls.new_state_from_position is not Game.new_state_from_position
        assert cls.has_positions() is overrides, name
        if overrides:  # then a started game's position string starts the same game
            state = kibitz.load(name).new_initial_state(5)
            while state.current_player < 0 and not state.is_terminal():
                state.apply(state.chance_outcomes()[0][0])
            position = state.position()
            assert cls().new_state_from_position(position).position() == position, name
    assert game_classes()["smess"].has_positions()
    assert game_classes()["cardmate"].has_positions()
    assert not game_classes()["rook"].has_positions()


def test_the_games_list_says_which_games_start_from_positions(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {name: g["positions"] for name, g in games.items()} == {
        name: cls.has_positions() for name, cls in game_classes().items()
    }


def test_a_table_starts_from_a_position(client):
    state = play_random(kibitz.load("cardmate").new_initial_state(), Rng(4), max_plies=6)
    position = state.position()
    made = new_table(client, "cardmate", [HUMAN, COMPUTER], position=position)
    view = client.get(f"/api/tables/{made['id']}/view", params={"token": made["tokens"]["0"]})
    assert view.json()["view"]["position"] == position
    assert client.get(f"/api/tables/{made['id']}/record").json()["position"] == position


def test_a_bad_position_is_refused_and_makes_no_table(client):
    before = client.get("/api/tables").json()
    good = kibitz.load("smess").new_initial_state().position()
    for body, needle in [
        ({"position": "nnn b"}, "board field 'nnn' must have 8 ranks"),
        ({"position": good, "seed": 3}, "starts from a position or deals from a seed, not both"),
        ({"position": good, "record": "{}"}, "starts from a position or continues a record"),
    ]:
        r = client.post("/api/tables", json={"game": "smess", "seats": [HUMAN, COMPUTER], **body})
        assert r.status_code == 400, r.text
        assert needle in r.json()["error"]
    r = client.post("/api/tables", json={"game": "rook", "seats": [HUMAN] * 4, "position": "x"})
    assert r.status_code == 400 and r.json()["error"] == "rook has no position strings"
    assert client.get("/api/tables").json() == before
