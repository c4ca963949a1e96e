"""Every kibitz game as an OpenSpiel game: importing this module registers ``kibitz_<game>``.

``pyspiel.load_game("kibitz_smess")`` or ``pyspiel.load_game("kibitz_rook", {"preset":
"dixie"})`` then gives a Python OpenSpiel game whose ``GameType``/``GameInfo`` come from
the game's declarations (``kibitz.core``), whose parameters are its options (see
``kibitz.interop.params``) and whose observer gives observation and information-state
strings and tensors, so that OpenSpiel's algorithms run on it unchanged.

A game whose deal comes from a seed (Fortress deals, Cardmate's dealt setups) starts here
with an explicit chance node: deal number ``k`` (outcome ``k - 1``) drawn from ``1..deals``
(parameter ``deals``), leaving out the deals over before the first move (some Fortress
deals have no legal move at all; PettingZoo and Gymnasium skip them too), the others
equally likely; the rest of the game is the kibitz state of that deal.
``state.is_truncated()`` tells a game ended by a cap in the options from a real end.

The games pickle (and deep-copy) as their name and parameters: unpickling, in any process,
imports this module and loads the game again.

Importing this module also makes ``openspiel:BOT,...`` an agent spec (``kibitz.ai.specs``),
so that OpenSpiel's bots play in ``kibitz match`` (see ``kibitz.interop.bots``).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
import pyspiel

from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game, State
from kibitz.core.options import options_to_json
from kibitz.core.registry import game_class, games
from kibitz.core.rng import Rng
from kibitz.interop.params import (
    DEFAULT_DEALS,
    options_from_parameters,
    parameter_specification,
    parameters_from_game,
    research_game,
)

PREFIX = "kibitz_"
"""OpenSpiel's name of kibitz game ``g`` is ``kibitz_g``."""
UNBOUNDED = 2**31 - 1
"""``max_game_length`` of a game that no cap bounds, as the bots' bridge sees it."""

_GT = pyspiel.GameType
_CHANCE = {
    "deterministic": _GT.ChanceMode.DETERMINISTIC,
    "explicit": _GT.ChanceMode.EXPLICIT_STOCHASTIC,
    "seeded": _GT.ChanceMode.EXPLICIT_STOCHASTIC,
}
_INFORMATION = {
    "perfect": _GT.Information.PERFECT_INFORMATION,
    "imperfect": _GT.Information.IMPERFECT_INFORMATION,
}
_UTILITY = {"zero_sum": _GT.Utility.ZERO_SUM, "general_sum": _GT.Utility.GENERAL_SUM}
_REWARDS = {"terminal": _GT.RewardModel.TERMINAL}


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def game_type(game: Game, parameters: dict[str, Any] | None = None) -> pyspiel.GameType:
    """OpenSpiel's ``GameType`` of a kibitz game (its chance mode as these options set it)."""
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"kibitz {game.name}",
        dynamics=_GT.Dynamics.SEQUENTIAL,
        chance_mode=_CHANCE[game.chance_mode()],
        information=_INFORMATION[game.information_type()],
        utility=_UTILITY[game.utility],
        reward_model=_REWARDS[game.reward_model],
        max_num_players=game.num_players,
        min_num_players=game.num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters if parameters is not None else {},
    )


def game_info(game: Game, deals: int, any_length: bool = False) -> pyspiel.GameInfo:
    """OpenSpiel's ``GameInfo``: action space, chance outcomes, utilities and game length
    (``any_length``: a game with no cap gets ``UNBOUNDED``, for bots that never read it).
    A seeded game's deal has up to ``deals`` outcomes (ids ``0..deals - 1``), fewer where
    some deals are left out as over before the first move."""
    length = game.max_game_length()
    if length is None:
        if not any_length:
            caps = ", ".join(f"{k}={v}" for k, v in type(game).length_defaults.items())
            raise InvalidOptions(
                f"OpenSpiel needs a finite game length, and {game.name} with these options "
                f"has no cap: set one (see `kibitz games`){f', e.g. {caps}' if caps else ''}"
            )
        length = UNBOUNDED
    chance = game.max_chance_outcomes()
    if game.chance_mode() == "seeded":
        chance = max(chance, deals)
    low, high = game.utility_bounds
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        max_chance_outcomes=chance,
        num_players=game.num_players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if game.utility == "zero_sum" else None,
        max_game_length=length,
    )


def deal_is_live(game: Game, deal: int) -> bool:
    """Whether deal number ``deal`` of seeded ``game`` leaves a move to make (some Fortress
    deals are over before the first move)."""
    return not game.new_initial_state(deal).is_terminal()


class KibitzGame(pyspiel.Game):
    """A kibitz game as a Python OpenSpiel game; ``kibitz`` is the kibitz ``Game``.

    ``register`` makes one subclass per game, ``Kibitz<Game>Game`` in this module, naming
    the game in ``kibitz_name`` (OpenSpiel keeps the class it registers until the
    interpreter ends, and a class outlives that safely).
    """

    kibitz_name: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None, any_length: bool = False) -> None:
        params = dict(params or {})
        cls = game_class(self.kibitz_name)
        self.kibitz: Game = cls(**options_from_parameters(cls, params))
        self.deals = int(params.get("deals", DEFAULT_DEALS))
        if self.deals < 1:
            raise InvalidOptions(f"parameter 'deals' must be at least 1, got {self.deals}")
        self.any_length = any_length
        self._deal_outcomes: tuple[tuple[int, float], ...] | None = None
        info = game_info(self.kibitz, self.deals, any_length)
        super().__init__(game_type(self.kibitz), info, params)

    def __reduce__(self) -> tuple:
        """Pickled (and deep-copied) as name, parameters and ``any_length``, rebuilt by
        ``_revive_game``: unpickling imports this module, in a spawned process too."""
        return (_revive_game, (self.kibitz_name, dict(self.get_parameters()), self.any_length))

    def deal_outcomes(self) -> list[tuple[int, float]]:
        """The deal's chance outcomes: ``k - 1`` for each deal number ``k`` in ``1..deals``
        with a move to make, equally likely. Found once per game, on first need (for 32,000
        deals about 1 s in Fortress), then copied from the
        kept tuple at each call, so that a caller changing its list changes no other's. Only
        a game that declares ``deals_may_be_over`` has its deals looked at."""
        if self._deal_outcomes is None:
            every = not type(self.kibitz).deals_may_be_over
            live = [k for k in range(self.deals) if every or deal_is_live(self.kibitz, k + 1)]
            if not live:
                raise InvalidOptions(
                    f"every deal of {self.kibitz.name} in 1..{self.deals} is over before the "
                    "first move: raise parameter 'deals'"
                )
            p = 1.0 / len(live)
            self._deal_outcomes = tuple((k, p) for k in live)
        return list(self._deal_outcomes)

    def new_initial_state(self) -> KibitzState:
        """The start: the deal's chance node in a seeded game, else the kibitz start."""
        return KibitzState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> KibitzObserver:
        """Observation (default) or, with ``perfect_recall``, information-state views."""
        return KibitzObserver(self, iig_obs_type, params)

    def state_of(self, state: State) -> KibitzState:
        """An OpenSpiel state holding (a copy of) a kibitz state of this game."""
        spiel = KibitzState(self)
        spiel._kept = Kept(state.clone())
        spiel._dealt = True
        return spiel


class Kept:
    """The kibitz state inside an OpenSpiel state: copied by ``clone()`` when OpenSpiel
    deep-copies, pickled as its serialization when OpenSpiel serializes. ``legal`` keeps the
    legal actions last listed, with the ply they were listed at, so that applying one of
    them needs no second move generation."""

    __slots__ = ("legal", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.legal: tuple[int, list[int]] | None = None

    def legal_actions(self) -> list[int]:
        """The state's legal actions (listed once per ply)."""
        ply = len(self.state.history)
        if self.legal is None or self.legal[0] != ply:
            self.legal = (ply, self.state.legal_actions())
        return self.legal[1]

    def apply(self, action: int) -> None:
        """Apply ``action``, checked against the listed legal actions or by the state."""
        legal = self.legal
        if legal is not None and legal[0] == len(self.state.history) and action in legal[1]:
            self.state.push(action)
        else:
            self.state.apply(action)

    def __deepcopy__(self, memo: dict) -> Kept:
        return Kept(self.state.clone())

    def __reduce__(self) -> tuple:
        game = self.state.game
        return (_revive, (game.name, options_to_json(game.options), self.state.serialize()))


def _revive(name: str, options: dict[str, Any], text: str) -> Kept:
    return Kept(game_class(name)(**options).deserialize(text))


class KibitzState(pyspiel.State):
    """An OpenSpiel state around a kibitz state (None while a seeded deal is pending)."""

    def __init__(self, game: KibitzGame) -> None:
        super().__init__(game)
        self._kept: Kept | None = None
        """None until first used (OpenSpiel's ``clone()`` makes a new state, then replaces
        its attributes), and until the deal of a seeded game."""
        self._dealt = game.kibitz.chance_mode() != "seeded"

    def _kibitz_kept(self) -> Kept | None:
        if self._kept is None and self._dealt:
            self._kept = Kept(self.get_game().kibitz.new_initial_state())
        return self._kept

    @property
    def kibitz(self) -> State | None:
        """The kibitz state, or None before the deal of a seeded game."""
        kept = self._kibitz_kept()
        return None if kept is None else kept.state

    def _deals(self) -> int:
        return self.get_game().deals

    # -- the OpenSpiel State API -------------------------------------------------------
    def current_player(self) -> int:
        """A seat, ``CHANCE`` (-1) or ``TERMINAL`` (-4): kibitz uses OpenSpiel's ids."""
        s = self.kibitz
        return pyspiel.PlayerId.CHANCE if s is None else s.current_player

    def _legal_actions(self, player: int) -> list[int]:
        kept = self._kibitz_kept()
        assert kept is not None  # OpenSpiel asks chance nodes for chance_outcomes()
        return kept.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal (outcome ``k - 1`` deals number ``k``; only deals with a move to make,
        see ``KibitzGame.deal_outcomes``), or the kibitz chance outcomes."""
        s = self.kibitz
        if s is None:
            return self.get_game().deal_outcomes()
        return s.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Apply a move, a kibitz chance outcome or the deal. Any deal outcome in
        ``0..deals - 1`` applies, one left out of the chance outcomes too (a deal over
        before the first move gives a terminal state), so that histories and serialized
        states naming such a deal still replay."""
        kept = self._kibitz_kept()
        if kept is None:
            if not 0 <= action < self._deals():
                raise ValueError(f"deal outcome {action} is not in 0..{self._deals() - 1}")
            self._kept = Kept(self.get_game().kibitz.new_initial_state(action + 1))
            self._dealt = True
        else:
            kept.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        s = self.kibitz
        if s is None:
            return f"deal #{action + 1}"
        return s.action_to_str(action)

    def is_terminal(self) -> bool:
        s = self.kibitz
        return s is not None and s.is_terminal()

    def is_truncated(self) -> bool:
        """True when a cap in the options (``max_plies``, ...) ended the game, not its rules."""
        s = self.kibitz
        return s is not None and s.is_truncated()

    def returns(self) -> list[float]:
        s = self.kibitz
        return [0.0] * self.num_players() if s is None else s.returns()

    def rewards(self) -> list[float]:
        s = self.kibitz
        return [0.0] * self.num_players() if s is None else s.rewards()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KibitzState:
        """A state ``player_id`` cannot tell from this one, hidden cards redrawn (for IS-MCTS)
        from what that seat knows, seeded by one draw of ``probability_sampler``."""
        s = self.kibitz
        other = self.clone()
        if s is not None:
            seed = int(probability_sampler() * 2**53)
            other._kept = Kept(s.resample_hidden(player_id, Rng(seed)))
            other._dealt = True
        return other

    def __str__(self) -> str:
        s = self.kibitz
        if s is None:
            return f"deal pending (one of #1..#{self._deals()})"
        return s.render()


class KibitzObserver:
    """OpenSpiel's Python observer: a seat's observation, or with ``perfect_recall`` its
    information state, as a string (the observation's JSON, or the information-state key)
    and a tensor. ``private_info`` NONE observes as a spectator (strings only)."""

    def __init__(
        self, game: KibitzGame, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        if params:
            raise ValueError(f"kibitz observers take no parameters; got {params}")
        kibitz = game.kibitz
        single, every = pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.ALL_PLAYERS
        private, self.recall = single, False
        if iig_obs_type is not None:
            self.recall = iig_obs_type.perfect_recall
            private = iig_obs_type.private_info
            if private == every and kibitz.perfect_information:
                private = single  # nothing is private: every seat sees what one sees
            if not iig_obs_type.public_info or private == every:
                raise ValueError(
                    "kibitz games observe one seat (private_info SINGLE_PLAYER) or, without "
                    "recall, a spectator (private_info NONE), always with public information"
                )
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        if self.spectator and self.recall:
            raise ValueError("kibitz games keep no spectator information state")
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not self.spectator:
            if self.recall:
                name, shape = "info_state", kibitz.information_state_tensor_shape()
            else:
                name, shape = "observation", kibitz.observation_tensor_shape()
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict[name] = self.tensor.reshape(shape)

    def set_from(self, state: KibitzState, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor`` (zeros before the deal)."""
        if self.tensor is None:
            return
        s = state.kibitz
        if s is None:
            self.tensor.fill(0.0)
        elif self.recall:
            self.tensor[:] = s.information_state_tensor(player)
        else:
            self.tensor[:] = s.observation_tensor(player)

    def string_from(self, state: KibitzState, player: int) -> str:
        """``player``'s view of ``state`` as a string."""
        s = state.kibitz
        if s is None:
            return "deal pending"
        if self.recall:
            return s.information_state_key(player)
        return _json(s.observation(None if self.spectator else player))


def register(name: str) -> None:
    """Register kibitz game ``name`` with OpenSpiel as ``kibitz_<name>`` (once a process)."""
    game = research_game(name)
    params = parameter_specification(type(game))
    presets = type(game).presets.values()
    if any(research_game(name, **preset).chance_mode() == "seeded" for preset in presets):
        params["deals"] = DEFAULT_DEALS  # a game some of whose presets deal from a seed
    title = name.capitalize()
    cls = type(f"Kibitz{title}Game", (KibitzGame,), {"kibitz_name": name, "__module__": __name__})
    globals()[cls.__name__] = cls  # found by name, as pickle looks classes up
    _CLASSES[name] = cls
    if PREFIX + name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(game, params), cls)


def load(name: str, deals: int | None = None, **options: Any) -> KibitzGame:
    """The OpenSpiel game of kibitz game ``name`` with kibitz ``options`` (Python values,
    as ``kibitz.load`` takes them), over the length defaults; ``deals`` sets how many deal
    numbers a seeded game's opening chance node chooses from."""
    game = research_game(name, **options)
    params = parameters_from_game(game)
    if deals is not None:
        params["deals"] = deals
    return pyspiel.load_game(PREFIX + name, params)


def spiel_game(game: Game) -> KibitzGame:
    """The OpenSpiel game with exactly the options of kibitz ``game``, for bots playing a
    kibitz game: one with no cap is accepted (its length shows as ``UNBOUNDED``)."""
    return _CLASSES[game.name](parameters_from_game(game), any_length=True)


def _revive_game(name: str, params: dict[str, Any], any_length: bool) -> KibitzGame:
    """The game a pickled ``KibitzGame`` stands for (see ``KibitzGame.__reduce__``)."""
    return _CLASSES[name](params, any_length=any_length)


_CLASSES: dict[str, type[KibitzGame]] = {}
"""The registered OpenSpiel game class of each kibitz game."""
for _name in games():
    register(_name)

from kibitz.interop import bots  # noqa: E402  (registers the ``openspiel`` agent kind)

__all__ = ["PREFIX", "KibitzGame", "KibitzObserver", "KibitzState", "bots", "load", "register"]
