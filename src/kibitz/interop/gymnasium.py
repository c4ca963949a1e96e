"""One-player kibitz games as Gymnasium environments: ``kibitz/Fortress-v0``,
``kibitz/Chessboard-v0``.

Importing this module registers ``kibitz/<Game>-v0`` for every one-player game (or write
``gymnasium.make("kibitz.interop.gymnasium:kibitz/Fortress-v0")``, which imports it).
The observation is the game's tensor; ``info["action_mask"]`` marks the legal actions
(``env.action_space.sample(info["action_mask"])`` draws one). ``reset(seed=s)`` draws the
deal number from ``s`` (reported as ``info["deal"]``), skipping deals with no move at all;
``reset(options={"deal": n})`` plays deal ``n`` (one lost before any move comes back with
``info["outcome"]`` and an empty mask). The reward is the change in the game's running
score, for patience the cards brought home (``reward="result"``: the game's own result, 1
for a won deal, at the end).
A game ended by a cap in the options (``max_moves``, 1000 by default) is truncated, a won or
blocked one terminated. An illegal action changes nothing, earns 0 and sets
``info["illegal_action"]``, so that agents sampling without the mask still run.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from kibitz.core.errors import InvalidOptions
from kibitz.core.game import State
from kibitz.core.registry import game_class, games
from kibitz.interop.params import research_game, start_state

REWARDS = ("score", "result")
"""``score``: the change of the running score each move; ``result``: the final returns."""


class KibitzSoloEnv(gymnasium.Env):
    """A one-player kibitz game as a single-agent Gymnasium environment (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self, game: str, render_mode: str | None = None, reward: str = "score", **options: Any
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.game = research_game(game, **options)
        if self.game.num_players != 1:
            raise InvalidOptions(
                f"{game} has {self.game.num_players} players: use kibitz.interop.pettingzoo"
            )
        self.render_mode = render_mode
        self.reward_kind = reward
        low, high = self.game.observation_tensor_bounds()
        shape = self.game.observation_tensor_shape()
        self.observation_space = spaces.Box(low, high, shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: State | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new deal: ``options={"deal": n}``, else one drawn from the (re)seeded generator."""
        super().reset(seed=seed)
        rng = self.np_random
        deal = (options or {}).get("deal")
        self.state = start_state(self.game, lambda n: int(rng.integers(1, n + 1)), deal)
        info: dict[str, Any] = {"action_mask": self.state.legal_actions_mask()}
        if self.game.chance_mode() == "seeded":
            info["deal"] = self.state.seed
        out = self.state.outcome()
        if out is not None:  # a deal asked for by number may be over before any move
            info["outcome"] = out.to_json()
        return self._observe(), info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play ``action``; an illegal one changes nothing (``info["illegal_action"]``)."""
        state = self._state()
        if state.is_terminal():
            raise RuntimeError("the game is over: call reset() to play another")
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"action must be an integer action id, got {action!r}")
        info: dict[str, Any] = {}
        reward = 0.0
        if state.is_legal(int(action)):
            before = self._score()
            state.apply(int(action))
            reward = self._score() - before
        else:
            info["illegal_action"] = True
        out = state.outcome()
        truncated = out is not None and out.truncated
        terminated = out is not None and not out.truncated
        if out is not None:
            info["outcome"] = out.to_json()
        info["action_mask"] = state.legal_actions_mask()
        return self._observe(), float(reward), terminated, truncated, info

    def _score(self) -> float:
        """What the reward measures the change of: the running score, or the returns."""
        state = self._state()
        scores = state.scores() if self.reward_kind == "score" else None
        return float(scores[0]) if scores is not None else float(state.returns()[0])

    def _observe(self) -> np.ndarray:
        return np.array(self._state().observation_tensor(0), dtype=np.float32)

    def render(self) -> str | None:
        """The game's text picture in ``ansi`` mode."""
        if self.render_mode is None:
            return None
        return self._state().render()

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def env_id(name: str) -> str:
    """The Gymnasium id of one-player game ``name``, e.g. ``kibitz/Fortress-v0``."""
    return f"kibitz/{name.capitalize()}-v0"


for _name in games():
    if game_class(_name).num_players == 1 and env_id(_name) not in gymnasium.registry:
        gymnasium.register(
            env_id(_name), entry_point=f"{__name__}:KibitzSoloEnv", kwargs={"game": _name}
        )
