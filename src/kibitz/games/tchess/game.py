"""The ``tchess`` Game: options, action id space and state factory."""

from __future__ import annotations

from typing import Any, ClassVar

from kibitz.core.capabilities import GameAI
from kibitz.core.game import Game
from kibitz.games.tchess.options import PRESETS, TchessOptions
from kibitz.games.tchess.rules import TchessState
from kibitz.games.tchess.tables import Tables, tables_for


class TchessGame(Game):
    """TCHESS Cards: a two-player duel of hidden hands, rows of chess-piece cards and Kings."""

    name: ClassVar[str] = "tchess"
    num_players: ClassVar[int] = 2
    player_names: ClassVar[tuple[str, ...]] = ("White", "Black")
    options_class: ClassVar[type] = TchessOptions
    perfect_information: ClassVar[bool] = False
    summary: ClassVar[str] = "TCHESS Cards: attack and defend with rows of chess-piece cards"
    has_chance: ClassVar[bool] = True
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS

    def ai(self) -> GameAI:
        """Search hooks and computer levels from the game's ``eval`` module."""
        from kibitz.games.tchess.eval import LEVELS, SEARCH_HOOKS

        return GameAI(SEARCH_HOOKS, LEVELS)

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.tables: Tables = tables_for(self.options)

    @property
    def num_distinct_actions(self) -> int:
        """``2L + 2``: PLAY per letter, END, PASS, TAKE per letter (chance reuses 0..L-1)."""
        return 2 * self.tables.num_letters + 2

    def new_initial_state(self, seed: int | None = None) -> TchessState:
        """The undealt start: the deal is a run of chance nodes, so ``seed`` is only recorded."""
        return TchessState(self, seed)

    def new_state_from_position(self, position: str) -> TchessState:
        """A state set up from a position string (see ``position.py``)."""
        return TchessState(self, None, position)
