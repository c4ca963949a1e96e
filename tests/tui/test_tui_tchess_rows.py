"""TCHESS rows in the terminal: a Jester shows the value it copies."""

from __future__ import annotations

import pytest
from tui_helpers import settle

import kibitz
from kibitz.core.session import Session
from kibitz.tui import Driver, PlayApp
from positions import paired_jester, tchess_jester_paired

pytestmark = pytest.mark.anyio


async def test_a_paired_jester_shows_the_value_it_copies(tmp_path):
    game = kibitz.load("tchess")
    state = tchess_jester_paired()
    seat, place, value = paired_jester(state)
    assert state.observation(0)["rows"][seat]["cards"][place] == "J"
    session = Session.restore(game, 0, None, 0, list(state.history), {})
    app = PlayApp(Driver(game, [None, None], session=session), tmp_path / "r.json", pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert f"J = {value}" in str(app.view.render())
