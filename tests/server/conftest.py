"""Fixtures of the server tests: an app on a temporary database (SQLite, or a fresh database
on the PostgreSQL server named by ``KIBITZ_TEST_POSTGRES``), thread-pool workers; for the
browser tests a real server, headless Chromium and the screenshot folder, one per module."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pagekit import ARGS, CHROMIUM
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import create_engine, text

from kibitz.server.app import create_app
from kibitz.server.database import engine_url
from kibitz.server.limits import Limits

POSTGRES_ENV = "KIBITZ_TEST_POSTGRES"
"""A PostgreSQL URL whose user may create databases (``.ci/run`` starts such a server)."""


@pytest.fixture(scope="session")
def postgres_admin() -> str:
    """The PostgreSQL server to test on; missing, the test fails in CI and is skipped (with
    the reason) elsewhere."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        reason = (f"{POSTGRES_ENV} is not set: the PostgreSQL storage tests need a server "
                  "(eval \"$(.ci/postgres start)\" starts a throwaway one)")
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return url


def fresh_postgres(admin: str) -> Iterator[str]:
    """A new, empty database on the server of ``admin``, dropped afterwards."""
    name = f"kibitz_test_{secrets.token_hex(6)}"
    engine = create_engine(engine_url(admin), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each kind the server supports."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kibitz.db'}"
    else:
        yield from fresh_postgres(request.getfixturevalue("postgres_admin"))


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'kibitz.db'}"


@pytest.fixture
def limits() -> Limits:
    """The server's resource policy (the defaults; a test may override this fixture)."""
    return Limits()


@pytest.fixture
def make_client(db_url: str, limits: Limits) -> Iterator[Callable[[], TestClient]]:
    """Start (and restart) the app on the same database; each call is a new server."""
    clients: list[TestClient] = []

    def start() -> TestClient:
        for c in clients:
            c.__exit__(None, None, None)
        clients.clear()
        client = TestClient(create_app(db_url, pool="thread", workers=2, limits=limits))
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


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where a browser module's screenshots go: ``$KIBITZ_SCREENSHOTS`` or a temporary
    folder (printed at the end)."""
    folder = Path(os.environ.get("KIBITZ_SCREENSHOTS") or tmp_path_factory.mktemp("shots"))
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    print(f"\nscreenshots: {folder}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium."""
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()
