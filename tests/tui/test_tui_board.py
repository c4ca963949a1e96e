"""The board in the terminal keeps its coordinates (moves are typed `d2-d3`) and its arrows
at every screen size: bigger squares never push the labels out."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, settle

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
@pytest.mark.parametrize("flipped", [False, True])
async def test_the_board_keeps_its_coordinates_and_its_arrows(tmp_path, size, flipped):
    app = make_app("smess", tmp_path / "r.json", seed=7)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if flipped:
            await pilot.press("f")
            await pilot.pause()
        board = app.frame.description["board"]
        ranks = [str(r) for r in board["ranks"]][:: 1 if flipped else -1]  # top to bottom
        files = list(board["files"])[:: -1 if flipped else 1]
        lines = str(app.view.render()).splitlines()
        labelled = [line.split()[0] for line in lines if line.split() and line.split()[0] in ranks]
        assert labelled == ranks
        assert [line.split() for line in lines if line.split() == files] == [files]
        assert "↖" in "".join(lines) and "↘" in "".join(lines)


async def test_the_scores_are_headed_by_what_they_count(tmp_path):
    app = make_app("cardmate", tmp_path / "r.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "Kings left: Forehand 2 · Rearhand 2" in str(app.query_one("#status").render())


async def test_the_side_panel_narrows_when_the_terminal_does(tmp_path):
    app = make_app("smess", tmp_path / "r.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        wide = app.query_one("#side").size.width
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not app.has_class("wide") and app.query_one("#side").size.width < wide
