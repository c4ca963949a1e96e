"""The files the terminal keeps for its player (statistics, the seats it holds at servers):
JSON, read and rewritten whole under the file's lock, so two terminals at once lose nothing
and a crash never leaves half a file."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the exclusive lock of the file ``path`` (a ``.lock`` file beside it, created
    with its folder if missing) while the block runs; where the system has no ``fcntl``
    (Windows) the block runs unlocked."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "a", encoding="utf-8") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def read_whole(
    path: Path, version: int, what: str, error: type[Exception], read: Callable[[Any], T]
) -> T | None:
    """``read(data)`` of the JSON file ``path`` written at ``version`` (None: no file yet);
    ``error`` names a file that cannot be read or is not one of these (``what``: statistics,
    seats), which is left as it is."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise error(f"{what} file {path}: {exc.strerror}") from exc
    try:
        data = json.loads(text)
        if data.get("version") != version:
            raise ValueError(f"version {data.get('version')!r}, not {version}")
        return read(data)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise error(f"{path} is not a kibitz {what} file ({exc}); it is left as it is") from exc


def write_whole(path: Path, data: dict[str, Any]) -> None:
    """Replace ``path`` with ``data`` as JSON, through a spare of this process's own."""
    spare = path.with_name(f"{path.name}.{os.getpid()}.new")
    spare.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.replace(spare, path)
