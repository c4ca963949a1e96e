"""The terminal's statistics: each game a person finished or abandoned at this screen, per
game, kept in one JSON file (the server keeps its own, per named player)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from kibitz.core.capabilities import StatisticsKind
from kibitz.core.errors import KibitzError
from kibitz.core.stats import Entry, Statistics

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
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise StatsFileError(f"statistics file {self.path}: {exc.strerror}") from exc
        try:
            data = json.loads(text)
            if data.get("version") != VERSION:
                raise ValueError(f"version {data.get('version')!r}, not {VERSION}")
            return {name: Statistics.from_json(st) for name, st in data["games"].items()}
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise StatsFileError(
                f"{self.path} is not a kibitz statistics file ({exc}); it is left as it is"
            ) from exc

    def record(self, game: str, kind: StatisticsKind, entry: Entry) -> Statistics:
        """Count ``entry`` for ``game`` (replacing the entry of the same game, if counted),
        dated now, and save; returns the game's statistics. Reading and writing hold the
        file's lock, so two terminals finishing games at once both count."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with _locked(self.path.with_name(self.path.name + ".lock")):
                books = self.load()
                stats = books.setdefault(game, Statistics(game, kind))
                when = datetime.now(UTC).isoformat(timespec="seconds")
                stats.record(replace(entry, finished=when))
                self._write({n: s.to_json() for n, s in books.items()})
        except OSError as exc:
            raise StatsFileError(f"statistics not saved to {self.path}: {exc.strerror}") from exc
        return stats

    def _write(self, games: dict[str, Any]) -> None:
        """Replace the file whole (a crash never halves it), through a spare of this
        process's own."""
        spare = self.path.with_name(f"{self.path.name}.{os.getpid()}.new")
        spare.write_text(json.dumps({"version": VERSION, "games": games}, indent=1),
                         encoding="utf-8")  # fmt: skip
        os.replace(spare, self.path)


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) while the block runs; where
    the system has no ``fcntl`` (Windows) the block runs unlocked."""
    with open(path, "a", encoding="utf-8") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


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
