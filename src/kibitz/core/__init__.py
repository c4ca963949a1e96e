"""kibitz.core: the Game/State API, options, records, errors and seeded randomness."""

from kibitz.core.errors import (
    IllegalAction,
    InvalidOptions,
    InvalidPosition,
    InvalidRecord,
    KibitzError,
    NotationError,
    UnknownGame,
)
from kibitz.core.game import CHANCE, TERMINAL, Annotation, Game, State
from kibitz.core.outcome import Outcome
from kibitz.core.record import make_record, replay, replay_text
from kibitz.core.registry import games, load
from kibitz.core.rng import Rng

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Annotation",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "InvalidPosition",
    "InvalidRecord",
    "KibitzError",
    "NotationError",
    "Outcome",
    "Rng",
    "State",
    "UnknownGame",
    "games",
    "load",
    "make_record",
    "replay",
    "replay_text",
]
