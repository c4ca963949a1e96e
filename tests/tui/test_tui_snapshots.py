"""Each game's screen at 80x24 and 120x40 (fixed deals and seeds, no clocks)."""

from __future__ import annotations

import pytest
from tui_helpers import make_app

GAMES = ["smess", "cardmate", "tchess", "rook", "fortress", "chessboard"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", GAMES)
def test_screen(snap_compare, tmp_path, name, size):
    assert snap_compare(make_app(name, tmp_path / "r.json", seed=7), terminal_size=size)
