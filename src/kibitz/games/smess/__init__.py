"""Smess, the Ninny's Chess (rules in shared/rules/smess.md), registered as ``smess``."""

from kibitz.games.smess.options import SmessOptions
from kibitz.games.smess.rules import SmessGame, SmessState

GAMES = [SmessGame]

__all__ = ["GAMES", "SmessGame", "SmessOptions", "SmessState"]
