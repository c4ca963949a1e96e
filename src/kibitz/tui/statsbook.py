"""The terminal's statistics: each game a person finished or abandoned at this screen, per
game, kept in one JSON file (the server keeps its own, per named player)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from kibitz.core.capabilities import StatisticsKind
from kibitz.core.errors import KibitzError
from kibitz.core.stats import Entry, Statistics
from kibitz.tui.files import locked, read_whole, write_whole

VERSION = 1


class StatsFileError(KibitzError):
    """The statistics file cannot be read or written; it is left as it was."""


def default_stats_path() -> Path:
    """Where the terminal keeps its statistics when ``--stats`` is not given."""
    return platformdirs.user_data_path("kibitz") / "statistics.json"


class StatsBook:
    """Statistics of every game played in the terminal, read from and written to ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, Statistics]:
        """Every game's statistics by game name (none before the first game)."""
        games = read_whole(self.path, VERSION, "statistics", StatsFileError,
                           lambda data: {name: Statistics.from_json(st)
                                         for name, st in data["games"].items()})
        return games or {}

    def record(self, game: str, kind: StatisticsKind, entry: Entry) -> Statistics:
        """Count ``entry`` for ``game`` (replacing the entry of the same game, if counted),
        dated now, and save; returns the game's statistics. Reading and writing hold the
        file's lock, so two terminals finishing games at once both count."""
        try:
            with locked(self.path):
                books = self.load()
                stats = books.setdefault(game, Statistics(game, kind))
                when = datetime.now(UTC).isoformat(timespec="seconds")
                stats.record(replace(entry, finished=when))
                write_whole(self.path, {"version": VERSION,
                                        "games": {n: s.to_json() for n, s in books.items()}})
        except OSError as exc:
            raise StatsFileError(f"statistics not saved to {self.path}: {exc.strerror}") from exc
        return stats


def counted(n: int, word: str) -> str:
    """``1 hint``, ``2 hints``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def entry_line(entry: Entry) -> str:
    """One listed game: when it ended (local time), its result, deal, moves and hints."""
    when = datetime.fromisoformat(entry.finished).astimezone() if entry.finished else None
    line = f"{when:%Y-%m-%d %H:%M}  " if when else ""
    line += {1: "won", 0: "drawn", -1: "lost"}[entry.score]
    line += "" if entry.deal is None else f" deal {entry.deal}"
    line += f", {counted(entry.moves, 'move')}"
    return line + (f", {counted(entry.hints, 'hint')}" if entry.hints else "")


def summary_line(stats: Statistics) -> str:
    """One line of counts and streaks, e.g. ``12 played: 5 won, 7 lost (42%); streak 2
    won; longest 3 won, 4 lost``."""
    current, longest_win, longest_loss = stats.streaks()
    counts = f"{stats.won} won"
    counts += f", {stats.drawn} drawn" if stats.kind == "scores" else ""
    counts += f", {stats.lost} lost"
    line = f"{stats.played} played: {counts} ({stats.win_rate:.0%})"
    if stats.kind == "streaks":
        now = f"{abs(current)} {'won' if current > 0 else 'lost'}" if current else "none"
        line += f"; streak {now}; longest {longest_win} won, {longest_loss} lost"
    return line
