"""The game contract, checked on every registered game and every preset it declares.

Each game is played at random (seeded by Hypothesis) and checked against what
``kibitz.core`` promises: structured moves agree with ``legal_actions``, observations carry
the common keys with one meaning, states serialize, clone and undo exactly, hidden cards do
not show through observations, resampled states stay readable records, play sessions undo,
redo, restart and restore exactly, and every agent kind either plays legal moves without
touching the state or is refused with a reason.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kibitz
from kibitz.ai.specs import agent_kinds, make_agent
from kibitz.core import CHANCE, Game, State
from kibitz.core.errors import IllegalAction, InvalidOptions
from kibitz.core.options import option_help, option_title, options_schema
from kibitz.core.play import chance_rng
from kibitz.core.registry import game_class
from kibitz.core.rng import Rng
from kibitz.core.session import Session

COMMON_KEYS = ("game", "seat", "ply", "to_act", "phase", "last_action", "result", "scores")
PLIES = 90
"""Random plies per game: enough to reach every phase (Rook's first tricks, TCHESS rounds)."""
CHECK_EVERY = 11
"""Plies between the costlier checks (serialize, clone, privacy)."""

GAME_PRESETS = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in kibitz.games()
    for preset in game_class(name).presets
]
GAMES = [pytest.param(name, id=name) for name in kibitz.games()]
seeds = st.integers(min_value=1, max_value=2**31 - 1)


def load(name: str, preset: str | None = None) -> Game:
    """The game with a preset's options (the first preset by default)."""
    presets = game_class(name).presets
    return kibitz.load(name, **presets[preset or next(iter(presets))])


def seats(game: Game) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(game.num_players), None]


def snapshot(state: State) -> dict[str, Any]:
    """Everything a front end can read of a state."""
    return {
        "serialized": state.serialize(),
        "player": state.current_player,
        "legal": state.legal_actions(),
        "views": [state.observation(s) for s in seats(state.game)],
        "returns": state.returns(),
    }


def step(state: State, rng: Rng) -> int:
    """A random legal action (chance by its probabilities), applied with checks."""
    if state.current_player == CHANCE:
        action = rng.weighted(state.chance_outcomes())
    else:
        action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def check_moves(state: State) -> None:
    """Structured moves list exactly the legal actions, with their notation."""
    moves = state.moves()
    assert [m["id"] for m in moves] == state.legal_actions()
    for move in moves:
        assert move["text"] == state.action_to_str(move["id"])
        json.dumps(move)
        if state.current_player != CHANCE:
            assert state.str_to_action(move["text"]) == move["id"]


def check_observation(state: State, seat: int | None) -> None:
    """The common keys come first and mean the same in every game."""
    view = state.observation(seat)
    json.dumps(view)
    assert tuple(view)[: len(COMMON_KEYS)] == COMMON_KEYS
    player = state.current_player
    assert view["game"] == state.game.name
    assert view["seat"] == seat
    assert view["ply"] == len(state.history)
    assert view["to_act"] == (player if player >= 0 else None)
    assert isinstance(view["phase"], str) and view["phase"]
    assert (view["phase"] == "over") == state.is_terminal()
    if state.is_terminal():
        assert view["result"]["returns"] == state.returns()
        assert view["result"]["text"]
    else:
        assert view["result"] is None
    last = view["last_action"]
    assert (last is None) == (not state.history)
    if last is not None and last.get("id") is not None:
        assert last["id"] == state.history[-1]


@pytest.mark.parametrize(("name", "preset"), GAME_PRESETS)
@settings(max_examples=3)
@given(seed=seeds)
def test_random_play_keeps_the_contract(name: str, preset: str, seed: int) -> None:
    game = load(name, preset)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    trail = [snapshot(state)]
    for ply in range(PLIES):
        if state.is_terminal():
            break
        check_moves(state)
        for seat in seats(game):
            check_observation(state, seat)
        if ply % CHECK_EVERY == 0:
            copy = game.deserialize(state.serialize())
            assert snapshot(copy) == trail[-1]
            twin = state.clone()
            assert snapshot(twin) == trail[-1]
            step(twin, Rng(seed + 1))
            assert snapshot(state) == trail[-1], "playing on a clone changed the original"
        step(state, rng)
        trail.append(snapshot(state))
    for seat in seats(game):
        check_observation(state, seat)
    while state.history:
        trail.pop()
        state.undo()
        assert snapshot(state) == trail[-1], f"undo to ply {len(state.history)} differs"


@pytest.mark.parametrize(("name", "preset"), GAME_PRESETS)
@settings(max_examples=3)
@given(seed=seeds)
def test_hidden_cards_do_not_show(name: str, preset: str, seed: int) -> None:
    """A seat's (and a spectator's) view is the same whatever the hidden cards are."""
    game = load(name, preset)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    for ply in range(PLIES):
        if state.is_terminal():
            break
        if ply % CHECK_EVERY == 0:
            for seat in range(game.num_players):
                other = state.resample_hidden(seat, Rng(seed + ply))
                assert other.observation(seat) == state.observation(seat)
                assert other.observation(None) == state.observation(None)
                assert other.information_state_key(seat) == state.information_state_key(seat)
                again = game.deserialize(other.serialize())
                assert again.serialize() == other.serialize()
                assert again.observation(seat) == state.observation(seat)
        step(state, rng)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=3)
@given(seed=seeds, script=st.lists(st.sampled_from("pppuurRs"), min_size=8, max_size=40))
def test_session_steps_and_restores(name: str, seed: int, script: list[str]) -> None:
    """Random play, undo, redo and restart; ``save``/``restore`` rebuild the same session."""
    game = load(name)
    session = Session(game, seed=seed, chance_seed=seed)
    rng = Rng(seed)
    undo = game.features.undo
    positions = [session.state.serialize()]
    for op in script:
        if session.is_over() and op == "p":
            op = "u"
        if op == "p":
            session.play(rng.choice(session.state.legal_actions()))
            positions.append(session.state.serialize())
        elif not undo:
            with pytest.raises(IllegalAction, match="has no"):
                session.undo() if op == "u" else session.redo() if op == "r" else session.restart()
            continue
        elif op == "u" and session.steps:
            session.undo()
            positions.pop()
            assert session.state.serialize() == positions[-1]
        elif op == "r" and session.redo_steps:
            session.redo()
            positions.append(session.state.serialize())
        elif op == "R":
            session.restart()
            positions = positions[:1]
            assert session.state.serialize() == positions[0]
        if op == "s":
            check_restore(game, session, seed)
    check_restore(game, session, seed)
    assert session.state.history[: session.start_ply] == list(session.start_actions)
    probe = game.new_initial_state(seed)
    for ply, action in enumerate(session.state.history):
        if probe.current_player == CHANCE:
            drawn = chance_rng(seed, ply).weighted(probe.chance_outcomes())
            assert drawn == action, "chance outcomes come from the chance seed and the ply"
        probe.apply(action)


def check_restore(game: Game, session: Session, chance_seed: int) -> None:
    """``Session.restore`` from the actions and ``save()`` gives the same session."""
    saved = json.loads(json.dumps(session.save()))
    state = session.state
    back = Session.restore(
        game, state.seed, state.start_position, chance_seed, list(state.history), saved
    )
    assert back.state.serialize() == state.serialize()
    assert back.steps == session.steps and back.redo_steps == session.redo_steps
    assert back.save() == session.save()


def agent_specs(game: Game) -> list[str]:
    """Every agent kind with a small budget, the game's own kinds and its levels 1 and 2."""
    cheap = {
        "alphabeta": "alphabeta:depth=1,nodes=200",
        "ismcts": "ismcts:iterations=8",
        "mcts": "mcts:iterations=8",
        "openspiel": "openspiel:mcts,simulations=4,rollout_length=20",
    }
    specs = [cheap.get(kind, kind) for kind in agent_kinds() if kind != "level"]
    specs += list(game.ai().agents)
    return specs + [f"level:{n}" for n in sorted(game.ai().levels)[:2]]


@pytest.mark.parametrize("name", GAMES)
def test_every_agent_plays_legally_or_is_refused(name: str) -> None:
    game = load(name)
    for spec in agent_specs(game):
        try:
            agent = make_agent(spec, game, seed=3)
        except InvalidOptions as exc:
            assert "cannot play" in str(exc), f"{spec}: {exc}"
            continue
        state = game.new_initial_state(5)
        rng = Rng(5)
        for _ in range(6):
            if state.is_terminal():
                break
            if state.current_player == CHANCE:
                step(state, rng)
                continue
            before = state.serialize()
            action = agent.choose(state, state.current_player)
            assert state.serialize() == before, f"{spec} changed the state it was shown"
            assert action in state.legal_actions(), f"{spec} chose an illegal action"
            state.apply(action)


@pytest.mark.parametrize("name", GAMES)
def test_declarations_are_consistent(name: str) -> None:
    game = load(name)
    description = game.description()
    json.dumps(description)
    assert [s["name"] for s in description["seats"]] == list(game.player_names)
    assert sorted(s for side in game.sides() for s in side) == list(range(game.num_players))
    for level, spec in game.ai().levels.items():
        assert 1 <= level <= 4
        make_agent(spec, game, seed=1)
    assert game.ai().default_level in game.ai().levels or not game.ai().levels
    if game.features.undo or game.features.statistics == "streaks":
        assert game.assistant() is not None


@pytest.mark.parametrize("name", [n for n in kibitz.games() if load(n).assistant() is not None])
def test_every_solver_figure_is_explained(name: str) -> None:
    game = load(name)
    assistant = game.assistant()
    verdict = assistant.solve(game.start(seed=3), node_limit=2_000)
    assert verdict.detail and set(verdict.detail) <= set(assistant.figures)
    assert all(text.strip() and "\n" not in text for text in assistant.figures.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_option_says_what_it_changes(name: str) -> None:
    cls = load(name).options_class
    notes = option_help(cls)
    assert set(notes) == {f.name for f in dataclasses.fields(cls)}
    for option, note in notes.items():
        assert note.strip() and "\n" not in note and len(note) <= 160, option
    schema = options_schema(cls)["properties"]
    for option, prop in schema.items():
        assert prop["description"] == notes[option]
        assert prop["title"] == option_title(option)
