"""Players' statistics per game: one entry per finished game, with counts and streaks.

An entry is keyed by the game it counts (a table, a deal being played), so a game that is
finished, taken back and finished again is still one game: its entry is replaced, never
added twice. Streaks are worked out from the entries in order; the latest games are read
from the end of it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from kibitz.core.capabilities import StatisticsKind


@dataclass(frozen=True)
class Entry:
    """One finished game for one player: ``score`` 1 won, 0 drawn, -1 lost; ``finished``
    is when it ended (ISO 8601, UTC), where that is known."""

    key: str
    score: int
    deal: int | None = None
    hints: int = 0
    moves: int = 0
    finished: str | None = None


@dataclass
class Statistics:
    """One player's statistics of one game."""

    game: str
    kind: StatisticsKind = "scores"
    entries: list[Entry] = field(default_factory=list)

    def record(self, entry: Entry) -> None:
        """Count a finished game, replacing the entry of the same game if it was counted."""
        for i, old in enumerate(self.entries):
            if old.key == entry.key:
                self.entries[i] = entry
                return
        self.entries.append(entry)

    @property
    def played(self) -> int:
        return len(self.entries)

    @property
    def won(self) -> int:
        return sum(e.score > 0 for e in self.entries)

    @property
    def lost(self) -> int:
        return sum(e.score < 0 for e in self.entries)

    @property
    def drawn(self) -> int:
        return sum(e.score == 0 for e in self.entries)

    @property
    def hints(self) -> int:
        return sum(e.hints for e in self.entries)

    @property
    def win_rate(self) -> float:
        """Games won over games played (0.0 before any game)."""
        return self.won / self.played if self.played else 0.0

    def streaks(self) -> tuple[int, int, int]:
        """``(current, longest winning, longest losing)``; current > 0 wins, < 0 losses."""
        current = longest_win = longest_loss = 0
        for e in self.entries:
            if e.score > 0:
                current = max(current, 0) + 1
                longest_win = max(longest_win, current)
            elif e.score < 0:
                current = min(current, 0) - 1
                longest_loss = max(longest_loss, -current)
            else:
                current = 0
        return current, longest_win, longest_loss

    def latest(self, limit: int) -> list[Entry]:
        """The last ``limit`` games counted, newest first (the order streaks read back)."""
        return self.entries[::-1][:limit]

    def summary(self) -> dict[str, Any]:
        """The counts and streaks, without the entries."""
        current, longest_win, longest_loss = self.streaks()
        return {
            "game": self.game, "kind": self.kind, "played": self.played, "won": self.won,
            "lost": self.lost, "drawn": self.drawn, "win_rate": self.win_rate,
            "hints": self.hints, "current_streak": current,
            "longest_win_streak": longest_win, "longest_loss_streak": longest_loss,
        }  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """The summary plus every entry (``from_json`` reads it back)."""
        return {**self.summary(), "entries": [asdict(e) for e in self.entries]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Statistics:
        """Statistics from ``to_json`` output."""
        return cls(data["game"], data.get("kind", "scores"),
                   [Entry(**e) for e in data.get("entries", [])])
