"""The view of last resort: the observation's own keys as text, for a game no view draws."""

from __future__ import annotations

import json
from typing import Any

from rich.text import Text

from kibitz.tui.views.base import GameView

COMMON = ("game", "seat", "ply", "to_act", "phase", "last_action", "result", "scores")
"""The common observation keys, which the side panel shows."""


class FactsView(GameView):
    """Each of the game's own observation keys with its value."""

    @classmethod
    def fits(cls, description: dict[str, Any], observation: dict[str, Any]) -> bool:
        return True

    def draw(self, width: int, height: int) -> Text:
        obs = self.frame.observation
        lines = [
            f"{key}: {json.dumps(value, ensure_ascii=False)}"
            for key, value in obs.items()
            if key not in COMMON
        ]
        return Text("\n".join(lines), overflow="fold")
