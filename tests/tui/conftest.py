"""Terminal app tests run on asyncio (Textual's loop) through anyio's pytest plugin."""

import pytest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
