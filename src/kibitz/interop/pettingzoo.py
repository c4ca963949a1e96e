"""Every kibitz game as a PettingZoo AEC environment: ``env("tchess", **options)``.

Agents are ``player_0 .. player_{n-1}`` (the game's seats). Each observes a dict: its
``observation`` tensor (what that seat may know, never another seat's hidden cards) and an
``action_mask`` (int8, 1 for its legal actions; all 0 when it is not its turn). Chance nodes
(deals, draws) are played by the environment's generator, seeded by ``reset(seed=...)``;
a game dealt from a number takes ``reset(options={"deal": n})`` or draws one that has a
move to make (``infos[agent]["deal"]``). Rewards come
at the end (the game's returns); a game ended by a cap in the options (``max_plies``,
``max_rounds``, ``max_hands``, ``max_moves``) sets ``truncations``, a real end
``terminations``. An illegal action raises ValueError and changes nothing.
``render_mode="ansi"`` makes ``render()`` return the game's text picture, ``"human"`` print it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kibitz.core.game import CHANCE, Game, State
from kibitz.interop.params import (
    RENDER_MODES,
    action_id,
    render_mode_checked,
    rendered,
    research_game,
    start_state,
)


def _space(game: Game) -> spaces.Dict:
    """The observation space: the seat's tensor and its action mask."""
    low, high = game.observation_tensor_bounds()
    n = game.num_distinct_actions
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, game.observation_tensor_shape(), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }
    )


def checked_action(state: State, action: Any) -> int:
    """``action`` as a legal action id of ``state``, else ValueError naming it."""
    action = action_id(action)
    if not state.is_legal(action):
        legal = state.legal_actions()
        raise ValueError(
            f"action {action} is not legal now ({len(legal)} legal actions; see the "
            "observation's action_mask)"
        )
    return action


def play_chance(state: State, rng: np.random.Generator) -> None:
    """Play chance outcomes by their probabilities until a seat is to act or the game ends."""
    while state.current_player == CHANCE:
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply(int(actions[rng.choice(len(actions), p=np.asarray(probs) / sum(probs))]))


class KibitzAECEnv(AECEnv):
    """A kibitz game as a turn-based PettingZoo environment (see the module's docstring)."""

    metadata: dict[str, Any]
    """``render_modes``, ``name`` (``kibitz_<game>_v0``) and ``is_parallelizable``."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        render_mode_checked(render_mode)
        self.game = research_game(game, **options)
        self.metadata = {
            "render_modes": list(RENDER_MODES), "name": f"kibitz_{game}_v0",
            "is_parallelizable": False,
        }  # fmt: skip
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        observation = _space(self.game)
        action = spaces.Discrete(self.game.num_distinct_actions)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.state: State | None = None
        self._rng: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the chance moves (and the deal), ``options`` may name
        the ``deal`` number of a dealt game."""
        if seed is not None or self._rng is None:
            self._rng, _ = seeding.np_random(seed)
        rng = self._rng
        deal = (options or {}).get("deal")
        self.state = start_state(self.game, lambda n: int(rng.integers(1, n + 1)), deal)
        play_chance(self.state, rng)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if self.game.chance_mode() == "seeded":
            for info in self.infos.values():
                info["deal"] = self.state.seed
        self.agent_selection = self.possible_agents[max(self.state.current_player, 0)]
        self._end_if_over()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s tensor and action mask (zeros unless it is to act)."""
        state = self._state()
        seat = self.possible_agents.index(agent)
        if state.current_player == seat:
            mask = state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions, np.int8)
        observation = np.asarray(state.observation_tensor(seat), np.float32)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        state.apply(checked_action(state, action))
        play_chance(state, self._rng)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict(zip(self.agents, state.rewards(), strict=True))
        if not self._end_if_over():
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    def _end_if_over(self) -> bool:
        """At the end, mark every agent terminated or, after a cap, truncated."""
        state = self._state()
        out = state.outcome()
        if out is None:
            return False
        for agent in self.agents:
            self.terminations[agent] = not out.truncated
            self.truncations[agent] = out.truncated
            self.infos[agent]["outcome"] = out.to_json()
        return True

    def render(self) -> str | None:
        """The game's text picture (every seat's cards: a debugging view; ``ansi``:
        returned, ``human``: printed)."""
        return rendered(self._state().render, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> KibitzAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return KibitzAECEnv(game, render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The AEC environment of kibitz game ``game`` with ``options`` (over its length
    defaults), wrapped so that using it before ``reset()`` is an error."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode, **options))
