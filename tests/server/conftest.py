"""Fixtures of the server tests: an app on a temporary SQLite database, thread-pool workers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kibitz.server.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'kibitz.db'}"


@pytest.fixture
def make_client(db_url: str) -> Iterator[Callable[[], TestClient]]:
    """Start (and restart) the app on the same database; each call is a new server."""
    clients: list[TestClient] = []

    def start() -> TestClient:
        for c in clients:
            c.__exit__(None, None, None)
        clients.clear()
        client = TestClient(create_app(db_url, pool="thread", workers=2))
        client.__enter__()
        clients.append(client)
        return client

    yield start
    for c in clients:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[[], TestClient]) -> TestClient:
    """A running app."""
    return make_client()
