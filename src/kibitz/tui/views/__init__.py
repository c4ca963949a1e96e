"""Game views, chosen by what a game's description and observation declare (never its name)."""

from __future__ import annotations

from typing import Any

from kibitz.tui.views.base import Frame, GameView
from kibitz.tui.views.board import BoardView
from kibitz.tui.views.facts import FactsView
from kibitz.tui.views.piles import PilesView
from kibitz.tui.views.rows import RowsView
from kibitz.tui.views.table import TableView

VIEWS: tuple[type[GameView], ...] = (BoardView, PilesView, RowsView, TableView, FactsView)
"""Most specific first; the last fits every game."""


def view_for(description: dict[str, Any], observation: dict[str, Any]) -> type[GameView]:
    """The first view that can draw this game."""
    return next(v for v in VIEWS if v.fits(description, observation))


__all__ = ["VIEWS", "Frame", "GameView", "view_for"]
