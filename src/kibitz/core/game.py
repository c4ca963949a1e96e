"""The game-agnostic API every kibitz game implements (OpenSpiel conventions, Pythonic names).

A ``Game`` holds validated options and makes states. A ``State`` is one position plus the
history that led to it; actions are integer ids in ``range(game.num_distinct_actions)``
(chance outcomes included), written and read in the game's own notation.
"""

from __future__ import annotations

import json
import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from kibitz.core.capabilities import Assistant, Features, GameAI, Tool, level_name
from kibitz.core.errors import IllegalAction, InvalidOptions, InvalidPosition, InvalidRecord
from kibitz.core.options import build_options, options_to_json
from kibitz.core.outcome import Outcome
from kibitz.core.rng import Rng

CHANCE = -1
"""``current_player`` at a chance node: the next action is drawn from ``chance_outcomes()``."""
TERMINAL = -4
"""``current_player`` once the game is over."""


@dataclass(frozen=True)
class Annotation:
    """What an annotated text record says of one move: a glyph written after it (``??``,
    ``?``, ``?!``) and a comment (an analysis's evaluation and better move)."""

    glyph: str = ""
    comment: str = ""


class Game(ABC):
    """A game with fixed options: the factory of its states.

    Subclasses set ``name``, ``num_players``, ``player_names`` and ``options_class``, and
    implement ``num_distinct_actions`` and ``_new_state``.
    """

    name: ClassVar[str]
    num_players: ClassVar[int]
    player_names: ClassVar[tuple[str, ...]]
    options_class: ClassVar[type]
    summary: ClassVar[str] = ""
    perfect_information: ClassVar[bool] = True
    match_defaults: ClassVar[dict[str, Any]] = {}
    """Options the lab sets for computer-vs-computer matches so that every game ends."""
    length_defaults: ClassVar[dict[str, Any]] = {}
    """Options that give every game a finite ``max_game_length`` where the option defaults
    do not (a cap, or a draw rule): what engines and learners start from (the research
    adapters' defaults). The match defaults include them."""
    match_opening_plies: ClassVar[int] = 0
    """Random plies the lab plays first, so that deterministic agents meet varied positions."""
    has_chance: ClassVar[bool] = False
    """Whether chance nodes occur in play (a deal drawn from the seed is not one)."""
    deals_may_be_over: ClassVar[bool] = False
    """Whether a deal drawn from the seed may be over before its first move (a patience deal
    with no move at all): the research adapters then leave such deals out of their draws."""
    teams: ClassVar[tuple[tuple[int, ...], ...]] = ()
    """Partnerships (seats that share a result); empty when every seat plays for itself."""
    player_colours: ClassVar[tuple[str, ...]] = ()
    """A CSS colour per seat for front ends (empty: the front end chooses)."""
    text_record: ClassVar[str | None] = None
    """The file extension of the game's own text record format (``write_text_record``,
    ``read_text_record``), or None where its records are JSON only."""
    features: ClassVar[Features] = Features()
    """Play features front ends offer (undo, take-back, concede, draw offers, statistics)."""
    score_label: ClassVar[str] = "Score"
    """What ``State.scores`` count, as front ends head them ("Kings left", "Cards home")."""
    presets: ClassVar[dict[str, dict[str, Any]]] = {"default": {}}
    main_options: ClassVar[tuple[str, ...]] = ()
    """The options a setup form shows first, the others folded away as advanced (empty:
    every option shown alike)."""
    """Named option sets: the rule sets and setups the game is played and tested with."""

    # -- research metadata (what OpenSpiel's GameType/GameInfo and RL adapters need) -----
    utility: ClassVar[str] = "zero_sum"
    """How the returns add up: ``zero_sum`` (to 0 in every finished game) or ``general_sum``
    (one-player games, or returns with no fixed sum)."""
    utility_bounds: ClassVar[tuple[float, float]] = (-1.0, 1.0)
    """The lowest and highest return a seat can get."""
    reward_model: ClassVar[str] = "terminal"
    """``terminal``: ``State.rewards()`` is zero until the last action, which earns the
    returns (every kibitz game keeps score this way; running scores are in ``scores()``)."""

    def __init__(self, **options: Any) -> None:
        self.options = build_options(self.options_class, options)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.options}>"

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action id space; fixed for given options."""

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State:
        """The start of a game; ``seed`` fixes any randomness the game draws from a seed."""

    def new_state_from_position(self, position: str) -> State:
        """A state set up from the game's position string (history starts there)."""
        raise InvalidPosition(f"{self.name} has no position strings")

    @classmethod
    def has_positions(cls) -> bool:
        """Whether the game reads position strings (it overrides
        ``new_state_from_position``): play may then start from any valid one."""
        return cls.new_state_from_position is not Game.new_state_from_position

    def deserialize(self, text: str) -> State:
        """The state that ``State.serialize()`` wrote (same position, same history)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidRecord(f"serialized state is not JSON: {exc}") from exc
        if not isinstance(data, dict) or data.get("game") != self.name:
            raise InvalidRecord(f"serialized state is not a {self.name} state")
        if options_to_json(self.options) != data.get("options", {}):
            raise InvalidRecord("serialized state was made with other options")
        state = self.start(data.get("seed"), data.get("position"))
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise InvalidRecord("serialized 'actions' must be a list of action ids")
        for ply, action in enumerate(actions, 1):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise InvalidRecord(f"ply {ply}: {exc}") from exc
        return state

    def start(self, seed: int | None = None, position: str | None = None) -> State:
        """A new game from a position string if given, else from ``seed``."""
        if position is not None:
            return self.new_state_from_position(position)
        return self.new_initial_state(seed)

    def chance_mode(self) -> str:
        """Where randomness comes from under these options: ``deterministic`` (none),
        ``explicit`` (chance nodes in play, ``State.chance_outcomes()``) or ``seeded`` (a
        deal fixed by the ``new_initial_state`` seed, with no chance nodes after it)."""
        return "explicit" if self.has_chance else "deterministic"

    def information_type(self) -> str:
        """``perfect`` when every seat sees the whole state, else ``imperfect``."""
        return "perfect" if self.perfect_information else "imperfect"

    def max_game_length(self) -> int | None:
        """The most player actions (chance outcomes not counted) a game from
        ``new_initial_state`` can last under these options; None when no cap bounds it."""
        return None

    def max_chance_outcomes(self) -> int:
        """A bound on chance outcome ids: every chance action is below it (0: no chance
        nodes). The ids share the player actions' range, ``num_distinct_actions``."""
        return 0

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """The shape of ``State.observation_tensor(seat)``, fixed by the options."""
        raise NotImplementedError(f"{self.name} declares no observation tensor shape")

    def information_state_tensor_shape(self) -> tuple[int, ...]:
        """The shape of ``State.information_state_tensor(seat)``, fixed by the options."""
        return self.observation_tensor_shape()

    def observation_tensor_bounds(self) -> tuple[float, float]:
        """The lowest and highest value of any entry of the observation and information-state
        tensors (unbounded unless the game knows better)."""
        return (-math.inf, math.inf)

    def parse_seed(self, text: str) -> int:
        """A seed (deal number) as a player writes it; InvalidOptions names what is wrong."""
        t = text.strip()
        if not t.isdigit() or len(t) > 20:
            raise InvalidOptions(f"{text!r} is not a seed; write up to 20 digits")
        return int(t)

    # -- declarations front ends and agents read ------------------------------------------
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides that share a result: the teams, or each seat alone."""
        return self.teams or tuple((s,) for s in range(self.num_players))

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side (``seat`` and its partners)."""
        return next(side for side in self.sides() if seat in side)

    def assistant(self) -> Assistant | None:
        """The help the game gives its player (hints, solver questions), if any."""
        return None

    def ai(self) -> GameAI:
        """Search knowledge, computer levels and the game's own agent kinds."""
        return GameAI()

    def warm(self) -> None:
        """Compile or load the game's compiled cores (search, solver) in this process, so
        that its first computer move or hint does not wait for them; a game without any has
        nothing to do."""
        return None

    def tools(self) -> dict[str, Tool]:
        """Game-specific command-line tools by name."""
        return {}

    def rules_page(self) -> str | None:
        """The rules as these options resolve them (Markdown), or None to use the guide."""
        return None

    def description(self) -> dict[str, Any]:
        """Static facts a front end needs to draw the game (JSON): seats, and per game the
        board geometry or card faces. Games extend the base dict."""
        colours = self.player_colours or (None,) * self.num_players
        return {
            "game": self.name,
            "seats": [
                {"seat": i, "name": n, "colour": c, "side": self.sides().index(self.side_of(i))}
                for i, (n, c) in enumerate(zip(self.player_names, colours, strict=True))
            ],
            "teams": [list(t) for t in self.teams],
            "score_label": self.score_label,
            "perfect_information": self.perfect_information,
            "level_names": {str(n): level_name(n) for n in sorted(self.ai().levels)},
            "features": {
                "undo": self.features.undo, "take_back": self.features.take_back,
                "concede": self.features.concede, "draw_offers": self.features.draw_offers,
                "statistics": self.features.statistics,
                "assistance": self.assistant() is not None,
            },
        }  # fmt: skip

    def conceded_outcome(self, seat: int) -> Outcome:
        """The result when ``seat`` gives up: its side loses (``conceded`` alone, a
        ``resignation`` where there are sides)."""
        side = self.side_of(seat)
        if self.num_players == 1:
            return Outcome((0.0,), "conceded")
        return Outcome(
            tuple(-1.0 if s in side else 1.0 for s in range(self.num_players)), "resignation"
        )

    def agreed_draw(self) -> Outcome:
        """The result of a draw the sides agree."""
        return Outcome((0.0,) * self.num_players, "agreed draw")

    def score_of(self, outcome: Outcome, seat: int) -> int:
        """``seat``'s result for statistics: 1 won, 0 drawn, -1 lost."""
        r = outcome.returns
        if self.num_players == 1:
            return 1 if r[0] > 0 else -1
        best, worst = max(r), min(r)
        if best == worst:
            return 0
        return 1 if r[seat] == best else -1

    @classmethod
    def read_text_record(cls, text: str) -> dict | None:
        """Parse a record in the game's own text format into a JSON record, or None."""
        return None

    @classmethod
    def write_text_record(
        cls, record: dict, annotations: Mapping[int, Annotation] | None = None
    ) -> str | None:
        """Write a JSON record in the game's own text format, or None if it has none;
        ``annotations`` by action index (from 0) are written with their moves."""
        return None


class State(ABC):
    """One position of a game and the actions that led to it.

    Subclasses implement the rules in ``_do``/``_undo``/``legal_actions`` and the views;
    this base keeps the history and validates actions in ``apply``.
    """

    def __init__(self, game: Game, seed: int | None = None, position: str | None = None):
        self.game = game
        self.seed = seed
        self.start_position = position
        self.history: list[int] = []

    # -- rules (subclasses) ------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal action ids in ascending order (chance outcomes at a chance node)."""

    @abstractmethod
    def _do(self, action: int) -> None:
        """Apply a legal action to the position (no checks)."""

    @abstractmethod
    def _undo(self, action: int) -> None:
        """Take back ``action``, the last action applied."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def action_to_str(self, action: int) -> str:
        """``action`` in the game's notation, in this state (before it is applied)."""

    @abstractmethod
    def str_to_action(self, text: str) -> int:
        """Parse notation into a legal action id; NotationError or IllegalAction otherwise."""

    def turn_actions(self, text: str) -> list[int]:
        """A whole turn in the game's notation as the actions it stands for, checked together
        (IllegalAction names the wrong part; nothing is played). One action in most games;
        a game whose turn is several actions (a row of cards, a discard set) reads it whole."""
        return [self.str_to_action(text)]

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator), as a JSON-able dict.

        The common keys (see ``common_observation``) come first, then the game's own
        (``_observe``), which never reuse a common key for another meaning.
        """
        data = self.common_observation(seat)
        data.update(self._observe(seat))
        return data

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """The game's own observation keys for ``seat`` (None: a spectator)."""
        raise NotImplementedError(f"{self.game.name} has no observation")

    def common_observation(self, seat: int | None) -> dict[str, Any]:
        """The keys every game's observation has, with one meaning in every game.

        ``game``; ``seat`` (the observer, None for a spectator); ``ply`` (actions so far);
        ``to_act`` (the seat to act, None at a chance node or once over); ``phase`` (the
        game's phase name; ``over`` at the end); ``last_action`` (``{seat, text}`` of the
        last action as the observer may see it, ``seat`` None for chance; or None);
        ``result`` (``{returns, reason, text}`` once over, else None); ``scores`` (the
        running score per side, or None where the game keeps none).
        """
        player = self.current_player
        out = self.outcome()
        result = None
        if out is not None:
            result = {**out.to_json(), "text": out.describe(self.game.player_names)}
        return {
            "game": self.game.name,
            "seat": seat,
            "ply": len(self.history),
            "to_act": player if player >= 0 else None,
            "phase": self.phase(),
            "last_action": self.last_action(seat),
            "result": result,
            "scores": self.scores(),
        }

    def phase(self) -> str:
        """The phase name shown to players (``over`` at the end)."""
        if self.is_terminal():
            return "over"
        return "chance" if self.current_player == CHANCE else "play"

    def scores(self) -> list[float] | None:
        """The running score of each side, or None where the game keeps none."""
        return None

    def contracts(self) -> list[dict[str, Any]]:
        """The contracts taken on so far, one per scored deal, for studies of bidding games:
        ``seat`` (the declarer), ``bid`` and ``made``; empty where the game has no bidding."""
        return []

    def last_action(self, seat: int | None) -> dict[str, Any] | None:
        """The last action as ``seat`` may see it (None at the start): ``seat`` (who acted,
        None for chance) and ``text``; where it may be seen, also ``id`` and the structured
        move fields; ``begins``, where the action begins a new part of the game, its heading
        ("Hand 2"). The base shows the move in perfect-information games only; games with
        hidden information override this to show what ``seat`` may see.
        """
        if not self.history:
            return None
        action = self.history[-1]
        self.undo()
        try:
            actor = self.current_player
            seen: dict[str, Any] = {"seat": actor if actor >= 0 else None, "text": None}
            if self.game.perfect_information:
                seen.update(id=action, text=self.action_to_str(action), **self.move_fields(action))
        finally:
            self.push(action)
        return seen

    def seen_actions(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The actions from ply ``start`` on, each as ``seat`` saw it when it was made
        (``last_action``) with its ``ply`` and ``chance`` (an outcome of chance): what a
        move list is made of. The state is taken back and played again (cheaper than a
        copy), so it is as it was afterwards."""
        undone = [self.undo() for _ in range(len(self.history) - start)]
        seen = []
        for action in reversed(undone):
            chance = self.is_chance_node()
            self.push(action)
            seen.append({**(self.last_action(seat) or {}), "ply": len(self.history),
                         "chance": chance})
        return seen

    def position_key(self) -> str:
        """A string equal for two states in the same position with the same seat to act,
        whatever led there (what the seat to act sees, less ply and last action): for
        repetition checks."""
        player = self.current_player
        view = self.observation(player if player >= 0 else None)
        for key in ("ply", "last_action"):
            view.pop(key, None)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    def moves(self) -> list[dict[str, Any]]:
        """The legal moves as records a client draws from: ``id``, ``text`` and the game's
        own fields (``move_fields``), in ``legal_actions()`` order."""
        return [
            {"id": a, "text": self.action_to_str(a), **self.move_fields(a)}
            for a in self.legal_actions()
        ]

    def move_fields(self, action: int) -> dict[str, Any]:
        """Per-game fields of a legal move: squares, card, pile, promotion, flags."""
        return {}

    @abstractmethod
    def observation_tensor(self, seat: int) -> np.ndarray:
        """What ``seat`` may know, as a flat float32 array of fixed size."""

    def information_state_tensor(self, seat: int) -> np.ndarray:
        """``seat``'s information state as a flat float32 array of fixed size
        (``Game.information_state_tensor_shape()``).

        A function of the information state (equal keys give equal tensors). The base
        gives the observation tensor, which is all a seat needs to play on where the
        observation forgets nothing that matters; games whose observation forgets what
        a seat saw (who played which card, say) add it. The string key
        (``information_state_key``) always holds the full recall.
        """
        return self.observation_tensor(seat)

    def legal_actions_mask(self) -> np.ndarray:
        """1 for each legal action id (chance outcomes at a chance node), else 0: an int8
        array of ``num_distinct_actions`` entries, all 0 once the game is over."""
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        mask[self.legal_actions()] = 1
        return mask

    def rewards(self) -> list[float]:
        """One float per seat: the reward the last action earned. Every kibitz game scores
        at the end (``Game.reward_model`` ``terminal``): the returns on the final state,
        zeros before it; so the rewards of a game add up to its returns."""
        out = self.outcome()
        return list(out.returns) if out else [0.0] * self.game.num_players

    def is_truncated(self) -> bool:
        """True once a cap in the options (not the rules) has ended the game."""
        out = self.outcome()
        return out is not None and out.truncated

    @abstractmethod
    def render(self, seat: int | None = None) -> str:
        """A text picture of the state (from ``seat``'s view where information is hidden)."""

    # -- common behaviour ---------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply ``action`` after checking it is legal; an illegal one changes nothing."""
        if self.is_terminal():
            raise IllegalAction(f"action {action!r} refused: the game is over")
        if not isinstance(action, int) or not self.is_legal(action):
            raise IllegalAction(self._illegal_message(action))
        self._do(action)
        self.history.append(action)

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now; games may answer faster than listing every action."""
        return action in self.legal_actions()

    def _illegal_message(self, action: Any) -> str:
        who = self._actor_name()
        if isinstance(action, int) and 0 <= action < self.game.num_distinct_actions:
            try:
                text = self.action_to_str(action)
            except Exception:  # an id that means nothing here has no notation
                text = f"action {action}"
            return f"{text} is not legal for {who}"
        return (
            f"action {action!r} is not an action id of {self.game.name} "
            f"(0..{self.game.num_distinct_actions - 1})"
        )

    def _actor_name(self) -> str:
        p = self.current_player
        if p == CHANCE:
            return "chance"
        if p == TERMINAL:
            return "nobody (game over)"
        return self.game.player_names[p]

    def push(self, action: int) -> None:
        """Apply a known-legal action without checking it (for search)."""
        self._do(action)
        self.history.append(action)

    def undo(self) -> int:
        """Take back the last action and return it."""
        if not self.history:
            raise IllegalAction("nothing to undo: no action has been applied")
        action = self.history.pop()
        self._undo(action)
        return action

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player == CHANCE

    def returns(self) -> list[float]:
        """One float per seat: the final result, or zeros while the game goes on."""
        out = self.outcome()
        return list(out.returns) if out else [0.0] * self.game.num_players

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability), ...]`` at a chance node."""
        raise IllegalAction("chance_outcomes() called where it is not a chance node")

    def information_state_key(self, seat: int) -> str:
        """``seat``'s information state with perfect recall: equal for two states exactly
        when ``seat`` has seen the same things, in the same order, since the game began.

        What a seat saw is the start as it saw it and every action as it saw it (another
        seat's hidden card as unknown), so two histories reaching one position differ.
        The base serves perfect-information games: the start's public view and the action
        ids; games with hidden information override it.
        """
        if not self.game.perfect_information:
            raise NotImplementedError(f"{self.game.name} must define its information state")
        start = self.__dict__.get("_recall_start")
        if start is None:
            first = self.game.start(self.seed, self.start_position).observation(None)
            start = self._recall_start = json.dumps(first, sort_keys=True, separators=(",", ":"))
        return start + "|" + ",".join(map(str, self.history))

    def resample_hidden(self, seat: int, rng: Rng) -> State:
        """A state ``seat`` cannot tell from this one, hidden cards redrawn at random.

        Agents search these determinizations instead of the true state. The draw must
        depend only on what ``seat`` knows (and ``rng``), never on the hidden cards.
        """
        if self.game.perfect_information:
            return self.clone()
        raise NotImplementedError(f"{self.game.name} does not resample hidden information")

    def position(self) -> str:
        """The game's position string for this state."""
        raise InvalidPosition(f"{self.game.name} has no position strings")

    def clone(self) -> State:
        """An independent copy with the same position and history."""
        return self.game.deserialize(self.serialize())

    def serialize(self) -> str:
        """A JSON string from which ``Game.deserialize`` rebuilds this state exactly."""
        data: dict[str, Any] = {
            "game": self.game.name,
            "options": options_to_json(self.game.options),
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.start_position is not None:
            data["position"] = self.start_position
        data["actions"] = list(self.history)
        return json.dumps(data, separators=(",", ":"))

    def __str__(self) -> str:
        return self.render()
