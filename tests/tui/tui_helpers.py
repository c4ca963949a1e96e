"""Driving the terminal app in tests: build it, let the computers finish, find spots."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from typer.testing import CliRunner, Result

import kibitz
from kibitz.cli import app as cli
from kibitz.tui import Driver, PlayApp
from kibitz.tui.seats import seat_players
from kibitz.tui.statsbook import StatsBook
from kibitz.tui.views import GameView

ScreenT = TypeVar("ScreenT", bound=Screen)

SHORT = {
    "cardmate": {"max_plies": 30},
    "smess": {"max_plies_without_progress": 12},
    "rook": {"max_hands": 1},
    "tchess": {"max_rounds": 4},
}
"""Options that end computer-vs-computer games quickly."""


def make_app(
    name: str,
    record: Path,
    person: int | None = 0,
    vs: tuple[str, ...] = ("random",),
    seed: int | None = 1,
    stats: StatsBook | None = None,
    **options: Any,
) -> PlayApp:
    """The app for ``name`` with the person at ``person`` (None: watch), no pause."""
    game = kibitz.load(name, **options)
    players = seat_players(game, person, list(vs) if game.num_players > 1 or person is None else [])
    return PlayApp(Driver(game, players, seed), record, pause=0, stats=stats)


def turn_number(i: int) -> str:
    """The web page's number of the ``i``-th move (from 0) of a game of two seats taking
    turns, the first seat first: ``1.``, ``1...``, ``2.``..."""
    return f"{i // 2 + 1}{'.' if i % 2 == 0 else '...'}"


async def settle(pilot: Pilot, rounds: int = 2000) -> None:
    """Wait until no worker runs and no computer is to act (or the game is over)."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    for _ in range(rounds):
        await pilot.pause()
        await app.workers.wait_for_complete()
        if not app.busy and (app.driver.computer_to_act() is None or app.driver.session.is_over()):
            await pilot.pause()
            return
    raise AssertionError("the app did not settle")


async def shown(pilot: Pilot, kind: type[ScreenT]) -> ScreenT:
    """The screen of ``kind`` once it is up (a key's screen may take a moment under load)."""
    for _ in range(500):
        screen = pilot.app.screen
        if isinstance(screen, kind):
            return screen
        await pilot.pause(0.01)
    raise AssertionError(f"no {kind.__name__} came up")


def spot_offset(view: GameView, spot: str) -> tuple[int, int]:
    """Where ``spot`` is drawn in ``view`` (column, line), for a mouse click."""
    for y, line in enumerate(view.render().split("\n")):
        for span in line.spans:
            style = span.style
            if not isinstance(style, str) and style.meta.get("spot") == spot:
                return span.start, y
    raise AssertionError(f"spot {spot!r} is not drawn")


def cursor_keys(view: GameView, start: str | None, spot: str) -> list[str]:
    """The arrow keys that walk the view's cursor from ``start`` to ``spot``."""
    rows = view.layout_spots()
    where = {s: (r, c) for r, row in enumerate(rows) for c, s in enumerate(row)}
    keys = [] if start else ["left"]  # the first arrow key puts the cursor down, bottom left
    (r0, c0), (r1, c1) = where[start or rows[-1][0]], where[spot]
    keys += ["down" if r1 > r0 else "up"] * abs(r1 - r0)
    return keys + ["right" if c1 > c0 else "left"] * abs(c1 - c0)


async def pick_by_keys(pilot: Pilot, view: GameView, spot: str) -> None:
    """Walk the view's cursor to ``spot`` with the arrow keys and press Enter."""
    await pilot.press(*cursor_keys(view, view.cursor, spot), "enter")


def run_play(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[PlayApp | None, Result]:
    """`kibitz play ARGS` with the app built but not run; the app (or None) and the result."""
    built: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda self: built.append(self))
    result = CliRunner().invoke(cli, ["play", *args])
    return (built[0] if built else None), result


async def finish_by_the_line(pilot: Pilot, line: tuple[int, ...]) -> None:
    """Play a proven winning ``line`` until the rest plays itself, then auto-complete (`a`)."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    for action in line:
        if app.driver.session.autocomplete_actions():
            break
        app.driver.play(action)
    app.after_change()
    await pilot.press("a")
    await settle(pilot)
