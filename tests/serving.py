"""``kibitz serve`` as a subprocess, for the tests that need a real server: the browser
tests, restarts, and the terminal seated at a table."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx


class Server:
    """A ``kibitz serve`` subprocess on a free localhost port, on a SQLite file or any
    database URL; no limit on the tables or seats one address takes (every test shares the
    address; the limits are tested in the app itself)."""

    def __init__(self, db: Path | str, *options: str) -> None:
        """``options``: more of ``kibitz serve``'s (``--away-minutes 0``)."""
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.db = db if isinstance(db, str) else f"sqlite:///{db}"
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.options = options

    def start(self) -> None:
        cmd = [sys.executable, "-m", "kibitz", "serve", "--port", str(self.port),
               "--db", self.db, "--computer-delay", "0", "--workers", "2",
               "--create-limit", "off", "--join-limit", "off",  # the suite is one address
               *self.options]
        self.proc = subprocess.Popen(cmd, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("kibitz serve did not start")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the server: SIGTERM shuts it down cleanly, SIGKILL (``kill -9``) does not."""
        assert self.proc is not None
        self.proc.send_signal(sig)
        self.proc.wait(timeout=30)


def running(folder: Path, *options: str) -> Iterator[Server]:
    """A server on a SQLite file in ``folder`` with more of ``kibitz serve``'s ``options``,
    started, then stopped once the fixture that yields from it is done."""
    srv = Server(folder / "kibitz.db", *options)
    srv.start()
    yield srv
    srv.stop()


def table(server: Server, game: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    """A new table of ``game`` on ``server`` (``POST /api/tables``; ``body``: its other
    fields), which must be made: its id, invite and seat tokens."""
    made = httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": seats, **body})
    assert made.status_code == 200, made.text
    result: dict[str, Any] = made.json()
    return result
