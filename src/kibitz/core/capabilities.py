"""What a game declares it offers, so that front ends and agents never probe for it.

A ``Game`` states its play features (undo, take-back, concede, draw offers, statistics
kind), its partnerships, an optional ``Assistant`` (hints, solver questions, auto-complete),
the knowledge it gives search agents (``GameAI``) and game-specific tools. Front ends read
these declarations only: no ``hasattr``, no game names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from kibitz.core.agent import Agent
    from kibitz.core.game import Game, State
    from kibitz.core.rng import Rng

StatisticsKind = Literal["scores", "streaks"]


@dataclass(frozen=True)
class Features:
    """Play features a front end offers for a game."""

    undo: bool = False
    """The player may undo, redo and restart (patience games)."""
    take_back: bool = False
    """A person playing against computers may take moves back, to their previous turn, and
    play them again (never against another person: the game is theirs too)."""
    concede: bool = False
    """The player may give the game up, which then counts as lost (a resignation where
    there are sides)."""
    draw_offers: bool = False
    """Two people on opposite sides may agree a draw (a product action, not a move)."""
    statistics: StatisticsKind = "scores"
    """``streaks``: each deal won or lost, with streaks; ``scores``: wins, draws, losses."""


@dataclass(frozen=True)
class Hint:
    """Advice for the player to act: ``kind`` is ``win`` (proven), ``lost`` or ``unchecked``."""

    kind: str
    message: str
    action: int | None = None
    line: tuple[int, ...] = ()
    """A proven winning line from here (``kind == "win"``)."""
    last_winnable_ply: int | None = None
    """For a lost position: the latest earlier ply still proven winnable."""
    reason: str = ""
    """Why an ``unchecked`` hint is not proven, in a few words ("search limit reached")."""

    def to_json(self) -> dict:
        """JSON-able form sent to clients."""
        return {
            "kind": self.kind, "message": self.message, "action": self.action,
            "line": list(self.line), "last_winnable_ply": self.last_winnable_ply,
            "reason": self.reason,
        }  # fmt: skip


SEARCH_LIMIT = "search limit reached"
"""Why an answer is not proven, most often: the solver ran out of its node budget."""


@dataclass(frozen=True)
class Verdict:
    """An exact solver's answer: ``win``, ``loss`` or ``unknown`` (limit reached)."""

    verdict: Literal["win", "loss", "unknown"]
    moves: tuple[int, ...] = ()
    """A winning line when ``verdict == "win"``."""
    nodes: int = 0
    detail: Mapping[str, int] = field(default_factory=dict)
    """Game-specific figures (e.g. cards home now and at best)."""
    reason: str = SEARCH_LIMIT
    """Why an ``unknown`` verdict is unknown, in a few words."""

    @property
    def answer(self) -> str:
        """The verdict in the player's words: "Winnable", "Not winnable" or "Unknown: search
        limit reached" (the patience rules' three answers; the reason may differ)."""
        return f"Unknown: {self.reason}" if self.verdict == "unknown" else ANSWERS[self.verdict]


ANSWERS = {"win": "Winnable", "loss": "Not winnable"}
"""What "is this position still winnable?" answers for a proven verdict."""


class Assistant(Protocol):
    """Help a single-player game gives its player, answered by the game's own solver."""

    figures: Mapping[str, str]
    """What each figure of its verdicts' ``detail`` stands for, in a few words (a survey
    says it beside the figure's statistics)."""

    def hint(self, state: State, start: int = 0) -> Hint:
        """The next move of a proven winning line, or why none exists (and the latest
        position still winnable, no earlier than ``start``, the ply where play began)."""
        ...

    def words(self, state: State, action: int) -> str:
        """``action`` as a hint says it (the card and where it goes, then the notation), so
        a hint that follows a line already proven reads as the first one did."""
        ...

    def winnable(self, state: State) -> Verdict:
        """The answer to "is this position still winnable?", within the interactive limits
        (about a second); ``answer`` says it in words."""
        ...

    def solve(self, state: State, node_limit: int | None = None) -> Verdict:
        """The exact verdict of ``state`` within ``node_limit`` solver nodes."""
        ...

    def winnable_deal(self, game: Game, rng: Rng) -> int:
        """A deal seed, drawn with ``rng``, that the solver proves winnable."""
        ...

    def autocomplete(self, state: State) -> list[int] | None:
        """The moves that finish the game by themselves, or None if there are none."""
        ...

    def auto_moves(self, state: State) -> list[int]:
        """Moves a player never regrets, played at once when autoplay is on (may be empty)."""
        ...


class SearchHooks:
    """What a game tells generic search agents about its positions.

    ``scores`` and ``values`` are optional refinements for rollouts; the defaults say
    "none" and agents then fall back to uniform rollouts to the end.
    """

    def key(self, state: State) -> int:
        """A hash of the position and the side to move."""
        raise NotImplementedError

    def evaluate(self, state: State) -> float:
        """Static value for the player to move: positive is good for them."""
        raise NotImplementedError

    def tactical(self, state: State, actions: list[int]) -> list[int]:
        """The subset of ``actions`` quiescence search follows (captures), best first."""
        return []

    def order(self, state: State, action: int) -> int:
        """A move-ordering score; higher is searched first."""
        return 0

    def scores(self, state: State, actions: list[int]) -> list[float] | None:
        """Rollout preferences for ``actions`` (higher is likelier), or None for uniform."""
        return None

    def values(self, state: State) -> list[float] | None:
        """One value per seat in [-1, 1] that ends a rollout early, or None."""
        return None


LEVEL_NAMES = {1: "poor", 2: "better", 3: "good", 4: "very good"}
"""What the computer levels are called (the Smess seed app's words), for players to choose by."""


def level_name(level: int) -> str:
    """The name of computer level ``level`` (``level N`` beyond the named ones)."""
    return LEVEL_NAMES.get(level, f"level {level}")


AgentFactory = Callable[..., "Agent"]
"""``factory(seed=..., make_agent=..., **params)``: a game's own agent kind."""


@dataclass(frozen=True)
class GameAI:
    """The knowledge a game gives the AI package."""

    hooks: SearchHooks | None = None
    levels: Mapping[int, str] = field(default_factory=dict)
    """Computer levels 1 (poor) .. 4 (very good), each an agent spec with a fixed budget."""
    agents: Mapping[str, AgentFactory] = field(default_factory=dict)
    """Agent kinds the game brings (its own search), usable in agent specs."""
    default_level: int = 2
    """The level a computer seat gets when none is chosen."""
    other_hooks: Mapping[str, SearchHooks] = field(default_factory=dict)
    """Other search knowledge by name, chosen in a spec with ``hooks=NAME`` (e.g. the
    evaluation of retired levels, for ``legacy:N``)."""
    analysis: str | None = None
    """The agent spec game analysis searches with by default (``kibitz analyse``, the web
    analysis): a fixed budget small enough for a game in seconds; None: the top level."""
    analysis_samples: int | None = None
    """Worlds drawn from the mover's information to judge a move its search did not value
    (win-probability analysis): more make the marks steadier and cost time; None: the
    analysis's default."""


@dataclass(frozen=True)
class Tool:
    """A game-specific command-line tool, run as ``kibitz tool GAME NAME ARGS...``."""

    help: str
    run: Callable[[Game, list[str]], str]
    """Given the game (with its options) and the arguments, the text to print."""
