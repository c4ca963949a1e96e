"""Agents of other packages: a module named in KIBITZ_AGENTS registers its kinds, in this
process and in a match's worker processes; a module that fails is named; agents pickle."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import kibitz
from kibitz.ai import make_agent
from kibitz.ai.specs import _load_plugins
from kibitz.core.errors import InvalidOptions

PLUGIN = '''
from kibitz.ai.specs import register_agent
from kibitz.core.agent import Agent


class LastLegal(Agent):
    """Plays the highest legal action id: a stand-in for a trained policy."""

    kind = "lastlegal"

    def choose(self, state, seat):
        return state.legal_actions()[-1]


register_agent("lastlegal", LastLegal)
'''


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "my_agents.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("KIBITZ_AGENTS", "my_agents")
    _load_plugins.cache_clear()
    yield tmp_path
    _load_plugins.cache_clear()


def test_a_module_named_in_kibitz_agents_registers_its_kind(plugin: Path) -> None:
    game = kibitz.load("smess")
    state = game.new_initial_state()
    agent = make_agent("lastlegal", game)
    assert agent.choose(state, 0) == state.legal_actions()[-1]
    assert "lastlegal" in kibitz.ai.specs.agent_kinds()


def test_kibitz_match_plays_another_packages_agent_in_its_worker_processes(plugin: Path) -> None:
    env = {**os.environ, "KIBITZ_AGENTS": "my_agents",
           "PYTHONPATH": os.pathsep.join([str(plugin), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "kibitz", "match", "tchess", "lastlegal", "random", "--games", "4",
         "--workers", "2", "--json"],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["games"] == 4 and result["a"] == "lastlegal"


def test_an_unknown_kind_says_how_other_agents_join_and_a_broken_module_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _load_plugins.cache_clear()
    game = kibitz.load("smess")
    with pytest.raises(InvalidOptions, match=r"'kibitz\.agents' entry point, or a module named "
                                             r"in KIBITZ_AGENTS"):
        make_agent("ppo", game)
    monkeypatch.setenv("KIBITZ_AGENTS", "no_such_module_here")
    _load_plugins.cache_clear()
    with pytest.raises(InvalidOptions, match="KIBITZ_AGENTS names module 'no_such_module_here'"):
        make_agent("ppo", game)
    _load_plugins.cache_clear()


def test_a_level_whose_player_builds_other_agents_pickles() -> None:
    game = kibitz.load("rook", max_hands=1)
    agent = make_agent("level:3", game, 5)
    again = pickle.loads(pickle.dumps(agent))
    state = game.new_initial_state(3)
    while state.current_player < 0:
        state.apply(state.chance_outcomes()[0][0])
    assert again.choose(state.clone(), state.current_player) == agent.choose(
        state.clone(), state.current_player)
