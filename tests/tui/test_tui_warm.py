"""The terminal app readies the game's compiled cores as it opens, in a worker thread, so
that a new installation's first computer move does not wait for the compile and the screen
does not freeze meanwhile."""

from __future__ import annotations

import threading

import pytest
from tui_helpers import make_app, settle

pytestmark = pytest.mark.anyio


async def test_the_app_warms_the_game_once_off_the_main_thread(tmp_path):
    app = make_app("smess", tmp_path / "r.json", vs=("level:4",))
    game = app.driver.game
    where: list[bool] = []
    warm = game.warm
    main = threading.main_thread()
    game.warm = lambda: (where.append(threading.current_thread() is main), warm())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "Blue to play (you)" in str(app.query_one("#status").render())
    assert where == [False]
