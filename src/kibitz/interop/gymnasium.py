"""Kibitz games as single-agent Gymnasium environments: a one-player game as it is
(``kibitz/Fortress-v0``, ``kibitz/Chessboard-v0``), a game of several players as one seat
against kibitz agents (``kibitz/Smess-v0``, ``kibitz/Rook-v0`` ...: the others' moves and
chance are played inside ``step``).

Importing this module registers ``kibitz/<Game>-v0`` for every game (or write
``gymnasium.make("kibitz.interop.gymnasium:kibitz/Fortress-v0")``, which imports it).
The observation is the game's tensor; ``info["action_mask"]`` marks the legal actions
(``env.action_space.sample(info["action_mask"])`` draws one). ``reset(seed=s)`` draws the
deal number from ``s`` (reported as ``info["deal"]``), skipping deals with no move at all;
``reset(options={"deal": n})`` plays deal ``n`` (one lost before any move comes back with
``info["outcome"]`` and an empty mask). The reward is the change in the game's running
score, for patience the cards brought home (``reward="result"``: the game's own result, 1
for a won deal, at the end).
A game ended by a cap in the options (``max_moves``, 1000 by default) is truncated, a won or
blocked one terminated (``caps_end=True``: a capped game is terminated too, for a task that
is the capped game, such as one Rook hand with ``max_hands=1``, whose value a learner should
not bootstrap past the end). An illegal action changes nothing, earns 0 and sets
``info["illegal_action"]``, so that agents sampling without the mask still run; an id outside
the action space is a ValueError (an agent's bug, not a move). ``action_masks()`` gives the
legal mask as booleans, as sb3-contrib's MaskablePPO asks for it.

Against agents (``KibitzVersusEnv``): the learner holds ``seat`` (0 by default); every other
seat, a partner's too, is played by ``opponent`` (an agent spec, e.g. ``level:3``, or a
policy ``f(observation, action_mask) -> action`` on that seat's own tensor, for self-play;
the game's default level if not given; or one of them per other seat, in seat order), seeded from
the environment's generator like the deal and the chance outcomes, so ``reset(seed=s)``
replays a game exactly. Each game opens with ``opening`` random plies drawn from the seed
(the game's ``match_opening_plies`` by default, as ``kibitz match`` plays: 4 in Smess), so
that a deterministic learner meets varied games where the game and the agents are
deterministic. The observation is the learner's seat's tensor (it sees nothing it may not),
the reward its result at the end (``reward="score"``: the change of its side's lead, its
running score minus the best other side's, in games that keep one), ``info["outcome"]`` the
result once over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from kibitz.ai.specs import make_agent
from kibitz.core.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import State
from kibitz.core.play import play_out, play_random
from kibitz.core.registry import game_class, games
from kibitz.core.rng import Rng
from kibitz.interop.params import (
    RENDER_MODES,
    action_id,
    render_mode_checked,
    rendered,
    research_game,
    start_state,
)

REWARDS = ("score", "result")
"""``score``: the change of the side's lead in the running score each move; ``result``: the
final returns."""


class KibitzEnv(gymnasium.Env):
    """What the two environments share: the spaces, a step's checks, the reward, the
    learner's view (``seat``) and its rendering."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self, game: str, seat: int = 0, render_mode: str | None = None, reward: str = "score",
        caps_end: bool = False, **options: Any,
    ) -> None:
        render_mode_checked(render_mode)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.game = research_game(game, **options)
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < self.game.num_players):
            raise InvalidOptions(f"seat must be a seat number 0..{self.game.num_players - 1} "
                                 f"of {game} ({', '.join(self.game.player_names)}), got {seat!r}")
        self.seat = seat
        self.side = self.game.sides().index(self.game.side_of(seat))
        self.render_mode = render_mode
        self.reward_kind = reward
        self.caps_end = caps_end
        low, high = self.game.observation_tensor_bounds()
        shape = self.game.observation_tensor_shape()
        self.observation_space = spaces.Box(low, high, shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: State | None = None

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (then the others' turns, if any); an illegal one changes nothing
        (``info["illegal_action"]``)."""
        state = self._state()
        if state.is_terminal():
            raise RuntimeError("the game is over: call reset() to play another")
        if state.current_player != self.seat:  # an opponent's policy failed at its turn
            raise RuntimeError("the game stopped at another seat's turn (its policy failed): "
                               "call reset() to play another")
        action = action_id(action)
        if not 0 <= action < self.game.num_distinct_actions:
            raise ValueError(f"action {action} is outside the action space "
                             f"0..{self.game.num_distinct_actions - 1}")
        info: dict[str, Any] = {}
        reward = 0.0
        if state.is_legal(action):
            before = self._score()
            state.apply(action)
            self._others()
            reward = self._score() - before
        else:
            info["illegal_action"] = True
        out = state.outcome()
        truncated = out is not None and out.truncated and not self.caps_end
        terminated = out is not None and not truncated
        if out is not None:
            info["outcome"] = out.to_json()
        info["action_mask"] = state.legal_actions_mask()
        return self._observe(), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions as a boolean mask (what sb3-contrib's MaskablePPO reads)."""
        return self._state().legal_actions_mask().astype(bool)

    def _started(self) -> tuple[np.ndarray, dict[str, Any]]:
        """What ``reset`` returns: the observation, the legal mask, the deal's number in a
        game dealt from one and, for a game over before the learner's first move (a deal
        with no move), its outcome."""
        state = self._state()
        info: dict[str, Any] = {"action_mask": state.legal_actions_mask()}
        if self.game.chance_mode() == "seeded":
            info["deal"] = state.seed
        out = state.outcome()
        if out is not None:
            info["outcome"] = out.to_json()
        return self._observe(), info

    def _others(self) -> None:
        """Play on until the learner's turn (nothing to do where nobody else plays)."""

    def _score(self) -> float:
        """What the reward measures the change of: the side's lead in the running score (its
        score where it plays alone), or the returns."""
        state = self._state()
        scores = state.scores() if self.reward_kind == "score" else None
        if scores is None:
            return float(state.returns()[self.seat])
        others = [x for i, x in enumerate(scores) if i != self.side]
        return float(scores[self.side] - (max(others) if others else 0.0))

    def _observe(self) -> np.ndarray:
        return np.array(self._state().observation_tensor(self.seat), dtype=np.float32)

    def render(self) -> str | None:
        """The game's text picture as the learner's seat sees it (``ansi``: returned,
        ``human``: printed)."""
        seat = self.seat if self.game.num_players > 1 else None
        return rendered(lambda: self._state().render(seat), self.render_mode)

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


class KibitzSoloEnv(KibitzEnv):
    """A one-player kibitz game as a single-agent Gymnasium environment (see the module)."""

    def __init__(
        self, game: str, render_mode: str | None = None, reward: str = "score",
        caps_end: bool = False, **options: Any,
    ) -> None:
        super().__init__(game, 0, render_mode, reward, caps_end, **options)
        if self.game.num_players != 1:
            raise InvalidOptions(
                f"{game} has {self.game.num_players} players: use KibitzVersusEnv (one seat "
                "against kibitz agents) or kibitz.interop.pettingzoo"
            )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new deal: ``options={"deal": n}``, else one drawn from the (re)seeded generator."""
        super().reset(seed=seed)
        rng = self.np_random
        deal = (options or {}).get("deal")
        self.state = start_state(self.game, lambda n: int(rng.integers(1, n + 1)), deal)
        return self._started()


Policy = Callable[[np.ndarray, np.ndarray], int]
"""``policy(observation, action_mask) -> action``: a seat played from its own tensor (a frozen
copy of the learner, for self-play)."""
Opponent = str | Policy
"""An agent spec (``level:3``) or a policy."""


class PolicyAgent(Agent):
    """A seat played by a policy on that seat's own observation tensor and legal mask."""

    kind: ClassVar[str] = "policy"

    def __init__(self, policy: Policy) -> None:
        super().__init__()
        self.policy = policy

    def choose(self, state: State, seat: int) -> int:
        """The policy's action; one that is not legal is refused by name."""
        chosen = self.policy(np.array(state.observation_tensor(seat), dtype=np.float32),
                             state.legal_actions_mask())  # fmt: skip
        try:
            action = action_id(chosen)
            legal = state.is_legal(action)
        except ValueError:  # not an action id at all
            legal = False
        if not legal:
            raise ValueError(f"the policy at seat {seat} chose {chosen!r}, not a legal action "
                             f"id (legal: {state.legal_actions()[:20]})")
        return action


class KibitzVersusEnv(KibitzEnv):
    """One seat of a game of several players against kibitz agents (see the module)."""

    def __init__(
        self, game: str, seat: int = 0, opponent: Opponent | Sequence[Opponent] | None = None,
        render_mode: str | None = None, reward: str = "result", caps_end: bool = False,
        opening: int | None = None, **options: Any,
    ) -> None:
        super().__init__(game, seat, render_mode, reward, caps_end, **options)
        if opening is None:
            opening = type(self.game).match_opening_plies
        if isinstance(opening, bool) or not isinstance(opening, int) or opening < 0:
            raise InvalidOptions(f"opening must be a number of plies >= 0, got {opening!r}")
        self.opening = opening
        others = [s for s in range(self.game.num_players) if s != seat]
        if not others:
            raise InvalidOptions(f"{game} has one player: use KibitzSoloEnv")
        if opponent is None:
            ai = self.game.ai()
            opponent = f"level:{ai.default_level}" if ai.levels else "random"
        one = isinstance(opponent, str) or callable(opponent)
        specs = [opponent] * len(others) if one else list(opponent)  # type: ignore[arg-type]
        if len(specs) != len(others):
            raise InvalidOptions(f"opponent: one spec for every other seat ({len(others)}), "
                                 f"got {len(specs)}")
        for spec in specs:
            if not callable(spec):
                make_agent(spec, self.game)  # an unknown or unfit spec is refused here
        self.opponents: dict[int, Opponent] = dict(zip(others, specs, strict=True))
        self.agents: dict[int, Agent] = {}
        self.chance = Rng(0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game from the (re)seeded generator: its deal (``options={"deal": n}`` in a
        game dealt from a number, reported as ``info["deal"]``), chance and the agents'
        seeds; the others play until it is the learner's turn."""
        super().reset(seed=seed)
        draw = lambda: int(self.np_random.integers(0, 2**31))  # noqa: E731
        deal = (options or {}).get("deal")
        if self.game.chance_mode() == "seeded" or deal is not None:  # (refused where none is)
            rng = self.np_random
            self.state = start_state(self.game, lambda n: int(rng.integers(1, n + 1)), deal)
        else:  # the seed is only recorded: the chance outcomes are drawn below
            self.state = self.game.new_initial_state(draw())
        self.chance = Rng(draw())
        self.agents = {
            s: PolicyAgent(spec) if callable(spec) else make_agent(spec, self.game, draw())
            for s, spec in self.opponents.items()
        }
        if self.opening:
            play_random(self.state, Rng(draw()), self.opening)
        self._others()
        return self._started()

    def _others(self) -> None:
        state = self._state()
        if state.current_player == self.seat:
            return
        play_out(state, lambda s, seat: self.agents[seat].choose(s, seat), self.chance,
                 stop=lambda s: "yours" if s.current_player == self.seat else None)


def env_id(name: str) -> str:
    """The Gymnasium id of game ``name``, e.g. ``kibitz/Fortress-v0``."""
    return f"kibitz/{name.capitalize()}-v0"


for _name in games():
    if env_id(_name) not in gymnasium.registry:
        _kind = "KibitzSoloEnv" if game_class(_name).num_players == 1 else "KibitzVersusEnv"
        gymnasium.register(env_id(_name), entry_point=f"{__name__}:{_kind}",
                           kwargs={"game": _name})
