"""Table chat: what the people seated at a table say to each other, shown to everyone at the
table (its players and spectators) and kept with it, so friends at other machines can talk.

A line is one line of plain text, at most ``TEXT`` characters, without control characters;
a seat says at most ``PACE`` lines in ``WINDOW`` seconds, so nobody floods a table. A
connection is sent the latest ``KEPT`` lines when it opens, then every new line.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any

from kibitz.server.limits import BadInput, quote

TEXT = 300
"""The most characters a line may have."""
KEPT = 100
"""How many of a table's latest lines a connection is sent when it opens."""
PACE = 5
WINDOW = 10.0
"""A seat says at most ``PACE`` lines in any ``WINDOW`` seconds."""


@dataclass(frozen=True)
class Line:
    """One line said: by which seat (and the person's name there, if given), and when."""

    id: int
    seat: int
    name: str | None
    text: str
    at: str
    """ISO 8601, UTC."""


def message(lines: list[Line], earlier: bool = False) -> dict[str, Any]:
    """The WebSocket message that carries ``lines`` to a connection; ``earlier``: the lines
    said before it opened (sent as it does), not news."""
    return {"type": "chat", "lines": [asdict(line) for line in lines], "earlier": earlier}


def said(text: Any) -> str:
    """``text`` as a line to keep (spaces at its ends dropped); BadInput names what is wrong:
    not a string, empty, too long, or holding a control character (a line break too) or
    half of a character (a lone surrogate, which no text encoding can store)."""
    if not isinstance(text, str):
        raise BadInput(f"a chat message's 'text' must be a string, got {type(text).__name__}")
    text = text.strip()
    if not text:
        raise BadInput("a chat message's text is empty")
    if len(text) > TEXT:
        raise BadInput(f"chat text {quote(text)} is longer than {TEXT} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in text):
        raise BadInput("chat text must be one line of printable characters")
    return text


class Pace:
    """When each seat of a table last spoke, to hold each to ``PACE`` lines a ``WINDOW``."""

    def __init__(self) -> None:
        self._times: dict[int, deque[float]] = {}

    def check(self, seat: int, at: float | None = None) -> None:
        """Count a line of ``seat``'s now (``at``: a monotonic time); BadInput if it says
        more than its pace allows (the line is then not counted)."""
        at = time.monotonic() if at is None else at
        times = self._times.setdefault(seat, deque())
        while times and times[0] <= at - WINDOW:
            times.popleft()
        if len(times) >= PACE:
            wait = times[0] + WINDOW - at
            raise BadInput(
                f"at most {PACE} chat lines in {WINDOW:g} seconds; wait {wait:.0f} s more"
            )
        times.append(at)
