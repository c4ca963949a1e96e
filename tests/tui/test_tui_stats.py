"""The terminal's statistics (Fortress rules e.9): a game counts once the person has moved;
it is won, lost or drawn at its end, and lost when quit unfinished (abandoned); one game is
one entry however often it is taken back and finished; ``kibitz stats`` lists them."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest
from tui_helpers import finish_by_the_line, make_app, run_play, settle
from typer.testing import CliRunner

from kibitz.cli.common import app as cli
from kibitz.core.record import parse_record_text
from kibitz.core.stats import Entry
from kibitz.tui import Driver, PlayApp
from kibitz.tui.screens import ConfirmScreen, GameOverScreen
from kibitz.tui.statsbook import StatsBook, StatsFileError

pytestmark = pytest.mark.anyio

WINNABLE = 96195685124994327816
"""A Fortress deal its solver proves winnable."""


@pytest.fixture
def book(tmp_path) -> StatsBook:
    return StatsBook(tmp_path / "data" / "statistics.json")


async def move_then_resign(pilot) -> None:
    """Play Smess's e2-e3, then resign (x, yes): the game-over panel comes up."""
    await settle(pilot)
    await pilot.press("colon", *"e2-e3", "enter")
    await settle(pilot)
    await pilot.press("escape", "x", "y")
    await settle(pilot)
    assert isinstance(pilot.app.screen, GameOverScreen)


async def move_and_quit_at_once(app: PlayApp) -> None:
    """Play Smess's e2-e3 and quit: no question asked (nothing counts as lost)."""
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("colon", *"e2-e3", "enter")
        await settle(pilot)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)


async def test_quitting_a_begun_deal_asks_and_counts_it_lost(tmp_path, book):
    app = make_app("fortress", tmp_path / "r.json", seed=WINNABLE, stats=book)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.play(app.frame.moves[0]["id"])
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "counts as lost" in app.screen.question
        await pilot.press("n")  # changed their mind: the deal goes on, nothing counted
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and book.load() == {}
        await pilot.press("q", "y")
        await pilot.pause()
    stats = book.load()["fortress"]
    assert stats.kind == "streaks" and (stats.played, stats.lost) == (1, 1)
    (entry,) = stats.entries
    assert (entry.key, entry.score, entry.deal, entry.moves) == (app.driver.key, -1, WINNABLE, 1)
    assert entry.finished is not None and stats.streaks() == (-1, 0, 1)


async def test_quitting_before_the_first_move_counts_nothing(tmp_path, book):
    app = make_app("fortress", tmp_path / "r.json", stats=book)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
    assert book.load() == {} and not book.path.exists()


async def test_a_won_deal_counts_once_and_stays_won(tmp_path, book):
    app = make_app("fortress", tmp_path / "r.json", seed=WINNABLE, stats=book)
    session = app.driver.session
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await finish_by_the_line(pilot, session.hint().line)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.stats == (
            "Your Fortress statistics: 1 played: 1 won, 0 lost (100%); streak 1 won; "
            "longest 1 won, 0 lost"
        )
        assert "1 played: 1 won" in str(app.screen.query_one("#stats").render())
        await pilot.press("u")  # taken back and finished again: still one game
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert app.screen.stats is not None and "1 played: 1 won" in app.screen.stats
        await pilot.press("escape", "u")  # taken back and quit: a won deal stays won
        await settle(pilot)
        assert not session.is_over()
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
    (entry,) = book.load()["fortress"].entries
    assert entry.score == 1 and entry.deal == WINNABLE


async def test_a_resignation_counts_lost_with_draws_kept(tmp_path, book):
    app = make_app("smess", tmp_path / "r.json", stats=book)
    async with app.run_test(size=(80, 24)) as pilot:
        await move_then_resign(pilot)
        assert app.screen.stats == "Your Smess statistics: 1 played: 0 won, 0 drawn, 1 lost (0%)"
    stats = book.load()["smess"]
    assert stats.kind == "scores" and [e.score for e in stats.entries] == [-1]


async def test_a_game_saved_to_go_on_with_is_not_abandoned(tmp_path, book):
    record = tmp_path / "r.json"
    app = make_app("smess", record, stats=book)
    app.save_unfinished = True
    await move_and_quit_at_once(app)
    assert book.load() == {}
    saved = parse_record_text(record.read_text())
    assert saved["metadata"]["game_id"] == app.driver.key
    again = Driver.from_record(saved, [None, "random"])
    assert again.key == app.driver.key and again.begun()  # finished later: the same game


async def test_two_people_at_one_screen_count_nowhere(tmp_path, book):
    app = make_app("smess", tmp_path / "r.json", vs=("person",), stats=book)
    await move_and_quit_at_once(app)
    assert book.load() == {}


async def test_a_broken_statistics_file_is_said_and_left_as_it_is(tmp_path, book):
    book.path.parent.mkdir(parents=True)
    book.path.write_text("{not json", encoding="utf-8")
    app = make_app("smess", tmp_path / "r.json", stats=book)
    async with app.run_test(size=(80, 24)) as pilot:
        await move_then_resign(pilot)
        assert app.screen.stats is not None
        assert "is not a kibitz statistics file" in app.screen.stats
    assert book.path.read_text(encoding="utf-8") == "{not json"
    with pytest.raises(StatsFileError, match="left as it is"):
        book.load()


def test_kibitz_stats_lists_counts_streaks_and_latest_games(book):
    for key, score in [("a", 1), ("b", -1), ("c", -1)]:
        book.record("fortress", "streaks", Entry(key, score, deal=7, hints=2, moves=40))
    book.record("smess", "scores", Entry("d", 0, moves=90))
    book.record("fortress", "streaks", Entry("a", 1, deal=7, hints=3, moves=41))  # replaced
    runner = CliRunner()
    out = runner.invoke(cli, ["stats", "--stats", str(book.path)])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == (
        "fortress: 3 played: 1 won, 2 lost (33%); streak 2 lost; longest 1 won, 2 lost, "
        "7 hints"
    )
    assert lines[1].endswith("  lost deal 7, 40 moves, 2 hints")  # newest first
    assert lines[3].endswith("  won deal 7, 41 moves, 3 hints")
    assert lines[4] == "smess: 1 played: 0 won, 1 drawn, 0 lost (0%)"
    assert lines[5].endswith("  drawn, 90 moves")

    latest = runner.invoke(cli, ["stats", "fortress", "--latest", "1", "--stats",
                                 str(book.path)])
    assert latest.output.splitlines()[2:] == ["    ... and 2 older games"]

    only = runner.invoke(cli, ["stats", "smess", "--json", "--latest", "0", "--stats",
                               str(book.path)])
    assert only.exit_code == 0, only.output
    (smess,) = json.loads(only.output)
    assert (smess["game"], smess["drawn"], smess["entries"], smess["older"]) == (
        "smess", 1, [], 1)


def test_kibitz_stats_refuses_a_broken_file_and_an_unknown_game(book):
    runner = CliRunner()
    assert runner.invoke(cli, ["stats", "--stats", str(book.path)]).output == (
        "no games counted yet (games at a server are counted there: "
        "SERVER/stats?player=NAME)\n")
    book.path.parent.mkdir(parents=True)
    book.path.write_text(json.dumps({"version": 9, "games": {}}), encoding="utf-8")
    broken = runner.invoke(cli, ["stats", "--stats", str(book.path)])
    assert broken.exit_code == 2 and "not a kibitz statistics file (version 9" in broken.output
    unknown = runner.invoke(cli, ["stats", "smes", "--stats", str(book.path)])
    assert unknown.exit_code == 2 and "unknown game 'smes'" in unknown.output


def test_kibitz_play_keeps_statistics_in_the_file_given(monkeypatch, tmp_path):
    given = tmp_path / "mine.json"
    app, result = run_play(monkeypatch, "fortress", "--deal", "3", "--stats", str(given))
    assert result.exit_code == 0, result.output
    assert app is not None and app.stats is not None and app.stats.path == given
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    app, _ = run_play(monkeypatch, "fortress", "--deal", "3")
    assert app is not None and app.stats is not None
    assert app.stats.path == tmp_path / "xdg" / "kibitz" / "statistics.json"


async def test_a_game_ended_before_the_persons_first_move_counts_nowhere(tmp_path, book):
    app = make_app("smess", tmp_path / "r.json", stats=book)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x", "y")  # given up unplayed (rules e.9: played once a move is made)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and app.screen.stats is None
    assert book.load() == {}


def _count_games(path: str, prefix: str, n: int) -> None:
    """Record ``n`` lost Smess games keyed ``prefix-i`` (one terminal finishing games)."""
    book = StatsBook(Path(path))
    for i in range(n):
        book.record("smess", "scores", Entry(f"{prefix}-{i}", -1, moves=3))


def test_two_terminals_finishing_games_at_once_both_count(book):
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_count_games, args=(str(book.path), name, 40))
               for name in ("left", "right")]  # fmt: skip
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    stats = book.load()["smess"]
    assert stats.played == 80
    assert {e.key for e in stats.entries} == {f"{s}-{i}" for s in ("left", "right")
                                              for i in range(40)}  # fmt: skip
    assert sorted(p.name for p in book.path.parent.iterdir()) == [
        "statistics.json", "statistics.json.lock"]
