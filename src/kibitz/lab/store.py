"""Results that last: one SQLite file per study or survey, a row per finished job.

Each row is a key and its result as zlib-compressed JSON, committed as the job finishes,
so an interrupted run resumes by skipping the keys already stored and a report can be
rebuilt from the file alone. The file is in WAL mode with ``synchronous=NORMAL``: a commit
survives the process being killed without waiting for the disk (a power cut may lose the
last few rows, never the file), which matters when a fast solver finishes a chunk every few
milliseconds. Closing returns the file to the ordinary rollback journal, so a closed store is
one self-contained file (as kept in the repository) again. The file also holds the run's
settings: resuming with other settings (another game, other options, another node limit) is
refused, not mixed in.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kibitz.core.errors import InvalidOptions


def _pack(value: Any) -> bytes:
    return zlib.compress(json.dumps(value, separators=(",", ":")).encode(), 9)


def _unpack(blob: bytes) -> Any:
    return json.loads(zlib.decompress(blob))


class ResultStore:
    """A results file of one kind (``study`` or ``survey``) and one set of settings."""

    def __init__(
        self,
        path: str | Path,
        kind: str,
        settings: dict[str, Any],
        elsewhere: str = "another results file",
        read_only: bool = False,
    ) -> None:
        """Open (or start) the results file ``path``; ``elsewhere`` names what the user gives
        to start afresh instead when the file holds other settings (e.g. another --out).
        ``read_only`` only reads what is stored (a report rebuilt), leaving the file byte for
        byte as it was (a results file kept in a repository does not change)."""
        self.path = Path(path)
        self.read_only = read_only
        if not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        db: sqlite3.Connection | None = None
        try:
            if read_only:
                db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
            else:
                db = sqlite3.connect(self.path)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
                db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, data BLOB)")
            row = db.execute("SELECT value FROM meta WHERE key = 'run'").fetchone()
        except sqlite3.Error as exc:  # a folder, a file of another kind, no permission
            if db is not None:
                db.close()
            raise InvalidOptions(f"{self.path} cannot be a results file: {exc}") from exc
        self._db = db
        wanted = json.dumps({"kind": kind, "settings": settings}, sort_keys=True)
        if row is None and not read_only:
            self._db.execute("INSERT INTO meta VALUES ('run', ?)", (wanted,))
            self._db.commit()
        elif row is None or row[0] != wanted:
            self._db.close()
            raise InvalidOptions(
                f"{self.path} holds results of other settings ({row[0] if row else 'none'}); "
                f"give {elsewhere} to start afresh"
            )

    def resumed(self, new: int, kept: int, noun: str = "games", done: str = "played") -> str:
        """A line saying how a run used this file: ``new`` ``done`` now (``noun`` a plural),
        ``kept`` read from it, so a rerun that played nothing does not pass for a fresh run."""
        return f"{new} {noun if new != 1 else noun[:-1]} {done} now, {kept} kept from {self.path}"

    def keys(self) -> set[str]:
        """The keys of the jobs already finished."""
        return {k for (k,) in self._db.execute("SELECT key FROM results")}

    def add(self, key: str, value: Any) -> None:
        """Store one finished job's result (JSON-able) and commit it at once."""
        self._db.execute("INSERT OR REPLACE INTO results VALUES (?, ?)", (key, _pack(value)))
        self._db.commit()

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every stored ``(key, result)``, by key."""
        for key, blob in self._db.execute("SELECT key, data FROM results ORDER BY key"):
            yield key, _unpack(blob)

    def close(self) -> None:
        """Close the file, back in rollback-journal mode (the WAL folded in)."""
        if not self.read_only:
            self._db.execute("PRAGMA journal_mode=DELETE")
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
