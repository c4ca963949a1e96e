"""Terminal app tests run on asyncio (Textual's loop) through anyio's pytest plugin; a test
that stops its server has one of its own."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from serving import Server


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own, to stop and start again."""
    srv = Server(tmp_path / "kibitz.db")
    srv.start()
    yield srv
    if srv.proc is not None and srv.proc.poll() is None:
        srv.stop()
