"""Cardmate (Ivan A. Derzhanski, 2000): a chess variant played with a deck of cards."""

from kibitz.games.cardmate.game import CardmateGame
from kibitz.games.cardmate.rules import CardmateState

GAMES = [CardmateGame]

__all__ = ["GAMES", "CardmateGame", "CardmateState"]
