"""Processes seen through /proc, for tests that interrupt a command and check that its
worker processes ended with it."""

from __future__ import annotations

import time
from pathlib import Path

HAS_PROC = Path("/proc/self/stat").exists()


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (state, parent, ...)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def descendants(pid: int) -> list[int]:
    """The running processes started by ``pid``, their children and so on."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [], {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier}
        found += sorted(frontier)
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (not ended, not a zombie)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def still_running(pids: list[int], grace: float = 30.0) -> list[int]:
    """Those of ``pids`` still running once they have had ``grace`` seconds to end (a helper
    process such as multiprocessing's resource tracker ends a moment after its parent)."""
    deadline = time.monotonic() + grace
    while (left := [p for p in pids if running(p)]) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left
