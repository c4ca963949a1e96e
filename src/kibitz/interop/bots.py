"""OpenSpiel's bots as kibitz agents: the agent spec ``openspiel:BOT,key=value,...``.

``openspiel:mcts,simulations=200`` is OpenSpiel's MCTS (random rollouts) searching the true
state, so it needs perfect information; ``openspiel:ismcts,simulations=200`` is its
information-set MCTS, which searches worlds the seat cannot tell apart (drawn by the kibitz
game's ``resample_hidden``), for games with hidden cards. Both are seeded, so a match
replays exactly. Researchers measure their algorithms against the kibitz levels with
``kibitz match GAME openspiel:mcts,simulations=200 level:3``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from kibitz.ai.specs import register_agent
from kibitz.core.agent import Agent, Needs
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game, State
from kibitz.core.options import options_to_json
from kibitz.interop import openspiel

BOTS = ("mcts", "ismcts")
"""The OpenSpiel bots an ``openspiel`` agent spec may name."""


class OpenSpielAgent(Agent):
    """One of OpenSpiel's Python bots choosing through the OpenSpiel adapter.

    ``simulations`` searches per move, ``uct`` the exploration constant, ``rollouts`` random
    play-outs per leaf, ``rollout_length`` a cap on each (0: to the end; a capped play-out
    scores as a draw), ``worlds`` (IS-MCTS) the most distinct worlds sampled per move
    (0: a new one every simulation).
    """

    kind: ClassVar[str] = "openspiel"

    def __init__(
        self,
        seed: int = 0,
        bot: str = "mcts",
        simulations: int = 100,
        uct: float = 2.0,
        rollouts: int = 1,
        rollout_length: int = 0,
        worlds: int = 0,
    ) -> None:
        super().__init__(seed)
        if bot not in BOTS:
            raise InvalidOptions(f"openspiel bot {bot!r} is unknown; bots: {', '.join(BOTS)}")
        for name, value, low in (
            ("simulations", simulations, 1), ("rollouts", rollouts, 1),
            ("rollout_length", rollout_length, 0), ("worlds", worlds, 0),
        ):  # fmt: skip
            if value < low:
                raise InvalidOptions(f"agent 'openspiel': {name} must be >= {low}, got {value}")
        self.bot_name = bot
        self.simulations, self.uct, self.rollouts = simulations, uct, rollouts
        self.rollout_length, self.worlds = rollout_length, worlds
        self.needs = Needs(perfect_information=bot == "mcts")
        self._games: dict[str, openspiel.KibitzGame] = {}
        self._bots: dict[str, Any] = {}
        self._random = np.random.RandomState(seed)

    def reset(self) -> None:
        """Restart the random streams (the bots are rebuilt on the next move)."""
        super().reset()
        self._random = np.random.RandomState(self.seed)
        self._bots.clear()

    def choose(self, state: State, seat: int) -> int:
        game = self._spiel_game(state.game)
        bot = self._bot(game)
        return int(bot.step(game.state_of(state)))

    def _spiel_game(self, game: Game) -> openspiel.KibitzGame:
        key = game.name + repr(sorted(options_to_json(game.options).items()))
        if key not in self._games:
            if self.bot_name == "ismcts" and game.perfect_information:
                raise InvalidOptions(
                    f"openspiel:ismcts searches hidden information, and {game.name} has "
                    "none: use openspiel:mcts"
                )
            self._games[key] = openspiel.spiel_game(game)
        return self._games[key]

    def _bot(self, game: openspiel.KibitzGame) -> Any:
        key = str(game)
        if key not in self._bots:
            evaluator = mcts.RandomRolloutEvaluator(
                self.rollouts, self._random, self.rollout_length or None
            )
            if self.bot_name == "mcts":
                bot = mcts.MCTSBot(
                    game, self.uct, self.simulations, evaluator, random_state=self._random
                )
            else:
                bot = ismcts.ISMCTSBot(
                    game, evaluator, self.uct, self.simulations,
                    max_world_samples=self.worlds or ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
                    random_state=self._random,
                )  # fmt: skip
                bot.set_resampler(self._resample)
            self._bots[key] = bot
        return self._bots[key]

    def _resample(self, state: openspiel.KibitzState, player: int) -> openspiel.KibitzState:
        """A world ``player`` cannot tell from ``state``, drawn from this agent's stream."""
        return state.resample_from_infostate(player, self._random.random_sample)

    def __repr__(self) -> str:
        return f"OpenSpielAgent({self.bot_name}, simulations={self.simulations}, seed={self.seed})"


register_agent(OpenSpielAgent.kind, OpenSpielAgent, positional="bot")
