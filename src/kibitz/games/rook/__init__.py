"""Rook: four-player partnership Rook, CrowsNest and six classic rule sets, as one engine."""

from kibitz.games.rook.game import RookGame
from kibitz.games.rook.options import RookOptions
from kibitz.games.rook.presets import PRESET_NAMES, PRESETS, Rules
from kibitz.games.rook.state import RookState

GAMES = [RookGame]

__all__ = ["GAMES", "PRESETS", "PRESET_NAMES", "RookGame", "RookOptions", "RookState", "Rules"]
