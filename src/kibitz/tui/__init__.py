"""Terminal play: ``kibitz play GAME`` in a Textual app, every game through ``kibitz.core``."""

from kibitz.tui.app import PlayApp
from kibitz.tui.driver import Driver

__all__ = ["Driver", "PlayApp"]
