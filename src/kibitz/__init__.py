"""kibitz: play, analyse and study five games where chess meets cards."""

from kibitz.core import games, load

__all__ = ["games", "load"]
__version__ = "0.1.0"
