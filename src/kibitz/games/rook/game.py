"""The ``rook`` game: four players, two partnerships, seven presets (see rook.md)."""

from __future__ import annotations

from typing import Any, ClassVar

from kibitz.core.capabilities import GameAI
from kibitz.core.game import Game
from kibitz.games.rook.actions import num_actions
from kibitz.games.rook.cards import SEAT_NAMES
from kibitz.games.rook.options import RookOptions, resolve
from kibitz.games.rook.presets import PRESET_NAMES
from kibitz.games.rook.state import RookState
from kibitz.games.rook.table import build_table


class RookGame(Game):
    """Partnership Rook to the target; the preset and any override are options."""

    name: ClassVar[str] = "rook"
    num_players: ClassVar[int] = 4
    player_names: ClassVar[tuple[str, ...]] = SEAT_NAMES
    options_class: ClassVar[type] = RookOptions
    summary: ClassVar[str] = "Rook: CrowsNest and six classic partnership rule sets"
    perfect_information: ClassVar[bool] = False
    has_chance: ClassVar[bool] = True
    presets: ClassVar[dict[str, dict[str, Any]]] = {n: {"preset": n} for n in PRESET_NAMES}
    teams: ClassVar[tuple[tuple[int, ...], ...]] = ((0, 2), (1, 3))

    def ai(self) -> GameAI:
        """Search hooks and computer levels from the game's ``eval`` module."""
        from kibitz.games.rook.eval import AGENTS, LEVELS, SEARCH_HOOKS

        return GameAI(SEARCH_HOOKS, LEVELS, AGENTS)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.rules = resolve(self.options)
        self.table = build_table(self.rules)

    @property
    def num_distinct_actions(self) -> int:
        """119 fixed ids plus one per possible bid (130 for CrowsNest)."""
        return num_actions(len(self.table.bids))

    def new_initial_state(self, seed: int | None = None) -> RookState:
        """The start of a game: a chance node choosing the first dealer. ``seed`` is only
        recorded; all randomness is in the chance nodes."""
        return RookState(self, seed)
