"""TCHESS Cards: two hidden-hand decks of chess-piece cards, rows, combinations and Kings."""

from kibitz.games.tchess.game import TchessGame
from kibitz.games.tchess.options import PRESETS, TchessOptions, preset_options
from kibitz.games.tchess.rules import TchessState
from kibitz.games.tchess.strength import RowStrength, row_strength

GAMES = [TchessGame]

__all__ = [
    "GAMES",
    "PRESETS",
    "RowStrength",
    "TchessGame",
    "TchessOptions",
    "TchessState",
    "preset_options",
    "row_strength",
]
