"""Fortress and Chessboard: one-deck open patience with PySolFC-numbered deals and a solver."""

from kibitz.games.fortress.rules import Chessboard, Fortress, PatienceGame, PatienceState

GAMES = [Fortress, Chessboard]

__all__ = ["GAMES", "Chessboard", "Fortress", "PatienceGame", "PatienceState"]
