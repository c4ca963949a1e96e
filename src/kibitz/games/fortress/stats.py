"""Per-game statistics that front ends keep: counts, win rate, streaks, hints per game (e.9)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    """One finished game: its number (None for a set position), result, hints and moves."""

    number: int | None
    won: bool
    hints: int = 0
    moves: int = 0


@dataclass
class Statistics:
    """Statistics of one game (Fortress and Chessboard are kept apart)."""

    game: str
    played: int = 0
    won: int = 0
    lost: int = 0
    current_streak: int = 0
    """Positive: that many wins in a row; negative: that many losses in a row."""
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    games: list[GameEntry] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Games won over games played (0.0 before any game)."""
        return self.won / self.played if self.played else 0.0

    def add(self, entry: GameEntry) -> None:
        """Count a finished (won, conceded or abandoned) game."""
        self.played += 1
        self.games.append(entry)
        if entry.won:
            self.won += 1
            self.current_streak = max(self.current_streak, 0) + 1
            self.longest_win_streak = max(self.longest_win_streak, self.current_streak)
        else:
            self.lost += 1
            self.current_streak = min(self.current_streak, 0) - 1
            self.longest_loss_streak = max(self.longest_loss_streak, -self.current_streak)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (``from_json`` reads it back)."""
        data = asdict(self)
        data["win_rate"] = self.win_rate
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Statistics:
        """Statistics from ``to_json`` output."""
        fields = {k: v for k, v in data.items() if k not in ("games", "win_rate")}
        stats = cls(**fields)
        stats.games = [GameEntry(**g) for g in data.get("games", [])]
        return stats
