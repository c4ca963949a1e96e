"""OpenSpiel games pickle and deep-copy: in this process, and into a spawned one (as a
process pool or Ray sends them), each coming back equal and playable."""

from __future__ import annotations

import copy
import multiprocessing
import pickle

import numpy as np
import pyspiel

import kibitz
from kibitz.interop import openspiel

GAMES = [
    ("kibitz_rook", {"preset": "dixie", "max_hands": 1}),
    ("kibitz_fortress", {"deals": 200, "max_moves": 40}),
]
"""Games with parameters, one of them dealt from a number."""


def history(game: pyspiel.Game, seed: int = 5, plies: int = 30) -> list[int]:
    """The actions of ``plies`` seeded random steps of ``game`` (chance by its odds)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.history()


def described(games: list[pyspiel.Game]) -> list[tuple[str, list[int]]]:
    """Each game's string and seeded history (run in a spawned worker)."""
    return [(str(game), history(game)) for game in games]


def loaded() -> list[pyspiel.Game]:
    return [pyspiel.load_game(name, params) for name, params in GAMES]


def test_each_game_class_is_found_by_its_name() -> None:
    game = pyspiel.load_game("kibitz_tchess")
    assert type(game) is openspiel.KibitzTchessGame
    assert pickle.loads(pickle.dumps(type(game))) is type(game)


def test_games_pickle_and_deep_copy_whole() -> None:
    for game in loaded():
        for again in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
            assert type(again) is type(game) and again is not game
            assert str(again) == str(game)
            assert again.kibitz.options == game.kibitz.options
            assert history(again) == history(game)
            assert len(history(game)) > 1


def test_an_uncapped_bot_game_stays_uncapped() -> None:
    game = openspiel.spiel_game(kibitz.load("cardmate"))
    again = pickle.loads(pickle.dumps(game))
    assert again.max_game_length() == openspiel.UNBOUNDED and again.any_length


def test_games_travel_to_a_spawned_process() -> None:
    games = loaded()
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        there = pool.apply(described, (games,))
    assert there == described(games)
