"""Test-wide settings: Hypothesis profiles sized for a 2-core CI machine, a user data
folder of each test's own (the terminal's statistics, records and seats never go to the
real one), and a real ``kibitz serve`` for the tests that need one (browser pages, the
terminal at a table)."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from serving import Server, running

settings.register_profile(
    "default",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("KIBITZ_HYPOTHESIS", "default"))


@pytest.fixture(autouse=True)
def user_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> str:
    """This test's own user data folder (``XDG_DATA_HOME``, where platformdirs looks)."""
    folder = str(tmp_path_factory.mktemp("xdg"))
    monkeypatch.setenv("XDG_DATA_HOME", folder)
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real ``kibitz serve`` on a free port and a temporary SQLite database."""
    yield from running(tmp_path_factory.mktemp("db"))
