"""The analysis screen: a finished game judged move by move, shown as the moves are judged."""

from __future__ import annotations

import random
import threading

import pytest
from textual.widgets import OptionList, Static
from tui_helpers import SHORT, make_app, settle, turn_number

from kibitz.ai.analysis import SYMBOLS, MoveNote, player_moves, replay_steps, whole
from kibitz.core.errors import InvalidOptions
from kibitz.core.record import parse_record_text, replay
from kibitz.tui.analysis import AnalysisRun, AnalysisScreen, graph_text, player_graphs
from kibitz.tui.screens import GameOverScreen

pytestmark = pytest.mark.anyio


def shown_moves(app) -> list[str]:
    """The analysis list's lines as plain text."""
    menu = app.screen.query_one("#analysis-moves", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def text_of(app, widget_id: str) -> str:
    return str(app.screen.query_one(widget_id, Static).render())


async def judged(pilot) -> None:
    """Wait until the analysis worker has stopped and its last message is shown."""
    await pilot.app.workers.wait_for_complete()
    for _ in range(3):
        await pilot.pause()


def web_number(name: str, i: int) -> str:
    """The ``i``-th player move's number on the web page: by rounds of Smess's two seats;
    counted in a one-seat game and where the page has no public move list (TCHESS's hidden
    cards)."""
    return turn_number(i) if name == "smess" else f"{i + 1}."


@pytest.mark.parametrize("name", ["smess", "tchess", "fortress"])
async def test_game_over_offers_the_analysis_of_every_move(tmp_path, name):
    record = tmp_path / "r.json"
    options = {"max_rounds": 1} if name == "tchess" else SHORT.get(name, {})  # 24 worlds a move
    app = make_app(name, record, person=None, vs=("random",), **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert "e: analyse" in text_of(app, ".note")
        await pilot.press("e")
        await judged(pilot)
        assert isinstance(app.screen, AnalysisScreen)
        done = replay(app.driver.record())
        expected = whole(replay_steps(done))  # what `kibitz analyse` says of the record
        run = app.analysis
        assert run is not None and run.notes == expected.moves
        n = player_moves(done)
        assert len(run.notes) == n
        assert text_of(app, "#analysis-status") == (
            f"All {n} moves judged." if n != 1 else "The game's one move judged."
        )
        lines = shown_moves(app)
        assert len(lines) == n
        for i, (line, note) in enumerate(zip(lines, run.notes, strict=True)):
            assert line.split()[0] == web_number(name, i)  # players' moves, chance not counted
            assert f"{note.move}{SYMBOLS.get(note.mark or '', '')}" in line
        if expected.kind != "solver":
            assert f"graph: {expected.sides[0]}'s " in text_of(app, "#analysis-heading")
            assert "each move: its mover's" in text_of(app, "#analysis-heading")
        marks = text_of(app, "#analysis-marks")
        for side, side_name in enumerate(expected.sides):
            counts = " ".join(
                f"{symbol} {sum(1 for m in run.notes if m.side == side and m.mark == mark)}"
                for mark, symbol in SYMBOLS.items()
            )
            assert f"{side_name}: {counts}" in marks
            mine = [m.loss for m in run.notes if m.side == side]
            if expected.kind != "solver" and mine:
                assert f"{counts}  average loss {100 * sum(mine) / len(mine):.1f}%" in marks

        # the highlighted move's position is shown as its mover saw it, with its judgement
        last = len(run.notes) - 1
        app.screen.query_one("#analysis-moves", OptionList).highlighted = last
        await pilot.pause()
        note = run.notes[last]
        state = done.state.clone()
        while len(state.history) > note.ply:
            state.undo()
        assert app.screen.view.frame.observation == state.observation(note.seat)
        assert text_of(app, "#analysis-detail").startswith(f"{web_number(name, last)} ")

        # marked moves only, then every move again
        await pilot.press("m")
        await pilot.pause()
        assert len(shown_moves(app)) == sum(1 for m in run.notes if m.mark)
        await pilot.press("m")
        await pilot.pause()
        assert len(shown_moves(app)) == n

        # back to the table; asking again shows the analysis kept, judged once
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AnalysisScreen)
        await pilot.press("e")
        await judged(pilot)
        assert isinstance(app.screen, AnalysisScreen) and app.analysis is run
        assert len(shown_moves(app)) == n


async def test_moves_are_shown_as_judged_and_leaving_pauses_the_analysis(tmp_path, monkeypatch):
    gate = threading.Event()
    real_step = AnalysisRun.step

    def gated(run: AnalysisRun) -> bool:
        if len(run.notes) >= 3:
            gate.wait(30)
        return real_step(run)

    monkeypatch.setattr(AnalysisRun, "step", gated)
    app = make_app("smess", tmp_path / "r.json", person=None, **SHORT["smess"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        for _ in range(500):
            await pilot.pause()
            if len(shown_moves(app)) == 3:
                break
        run = app.analysis
        assert run is not None and len(run.notes) == 3
        assert text_of(app, "#analysis-status") == f"Analysing: 3 of {run.total} moves judged…"
        graph = text_of(app, "#analysis-graph")
        assert "·" in graph and graph[0] != "·"  # filled from the left, the rest still to come

        await pilot.press("escape")  # leaving stops the worker after the move it is judging
        await pilot.pause()
        gate.set()
        await judged(pilot)
        assert len(run.notes) == 4 and not run.finished

        await pilot.press("e")  # coming back goes on where it stopped
        await judged(pilot)
        assert app.analysis is run and run.finished and len(run.notes) == run.total
        assert run.notes == whole(replay_steps(replay(app.driver.record()))).moves
        assert len(shown_moves(app)) == run.total


async def finish_and_analyse(pilot, rng: random.Random) -> None:
    """Play the person's moves at random (the computers theirs) to the end, then analyse the
    game (``e``)."""
    app = pilot.app
    driver = app.driver
    while not driver.session.is_over():
        moves = driver.person_moves()
        driver.play(moves[rng.randrange(len(moves))]["id"])
        app.after_change()
        await settle(pilot)
    await pilot.press("e")
    await judged(pilot)


async def test_an_unfinished_game_is_not_analysed_and_an_undo_drops_the_analysis(tmp_path):
    app = make_app("fortress", tmp_path / "r.json", seed=7)
    rng = random.Random(7)
    driver = app.driver
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.check_action("analyse", ())
        await pilot.press("e")
        assert not isinstance(app.screen, AnalysisScreen)
        app.action_analyse()
        assert app.message == "only a finished game is analysed"

        await finish_and_analyse(pilot, rng)
        first = app.analysis
        assert first is not None and first.finished and first.error is None
        await pilot.press("escape", "u")
        await settle(pilot)
        assert not driver.session.is_over()
        assert not app.check_action("analyse", ())

        other = next(m for m in driver.person_moves() if m["id"] != first.history[-1])
        driver.play(other["id"])  # another ending than the one analysed
        await finish_and_analyse(pilot, rng)
        assert app.analysis is not first
        assert app.analysis.history == tuple(driver.state.history)


def test_the_graph_has_the_game_s_length_and_colours_the_worst_mark():
    def note(expected: float | None, side: int = 0, mark: str | None = None) -> MoveNote:
        return MoveNote(1, side, side, "x", None, expected, None, None, None, 0.0, mark)

    notes = [note(0.0), note(1.0, side=1), note(0.99), note(None), note(0.5, mark="mistake")]
    text = graph_text(notes, total=8, width=8)
    assert text.plain == "▁▁█?▅···"  # the second side's 1.0 is the first side's 0
    text = graph_text([note(0.5), note(0.5, mark="blunder"), note(0.5, mark="inaccuracy")], 4, 2)
    assert text.plain == "▅▅"
    assert str(text.spans[0].style.color.name) == "#e74c3c"  # the blunder's column


def test_a_game_judged_from_each_movers_cards_draws_a_row_a_player():
    """Rows by side then seat, each headed by its player and through its own moves only (a
    blank column where it did not move, dots for the moves still to judge)."""
    def note(seat: int, expected: float) -> MoveNote:
        return MoveNote(1, seat, seat & 1, "x", None, expected, None, None, None, 0.0, None)

    notes = [note(0, 0.99), note(1, 1.0), note(2, 0.5), note(3, 0.0)]  # West and East: 0, 1
    text = player_graphs(notes, total=6, width=12, names=["South", "West", "North", "East"])
    assert text.plain.split("\n") == [
        "South █   ··",
        "North   ▅ ··",
        "West   ▁  ··",
        "East     █··",
    ]


async def test_a_move_of_the_other_seat_is_shown_as_it_saw_it_and_you_stay_you(tmp_path):
    """Black's analysed move shows Black's view (its hand), while "(you)" stays with White,
    the person's seat."""
    app = make_app("tchess", tmp_path / "r.json", person=0, seed=3, max_rounds=1)
    rng = random.Random(3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await finish_and_analyse(pilot, rng)
        run = app.analysis
        black = next(i for i, n in enumerate(run.notes) if n.seat == 1)
        app.screen.query_one("#analysis-moves", OptionList).highlighted = black
        await pilot.pause()
        view = app.screen.view
        assert view.frame.viewer == 1 and view.frame.person == 0
        drawn = view.render().plain
        assert "White (you)" in drawn and "Black (you)" not in drawn


async def test_an_analysis_that_fails_part_way_says_why_and_keeps_what_it_judged(tmp_path):
    app = make_app("smess", tmp_path / "r.json", person=None, **SHORT["smess"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        run = AnalysisRun(app.driver.record())
        judged_two = [next(run._notes), next(run._notes)]

        def failing():
            yield from judged_two
            raise InvalidOptions("the engine gave up")

        run._notes = failing()
        app.analysis = run
        await pilot.press("e")
        await judged(pilot)
        assert app.analysis is run and run.finished
        assert run.error == "the engine gave up" and run.notes == judged_two
        assert text_of(app, "#analysis-status") == "Analysis stopped: the engine gave up"
        assert len(shown_moves(app)) == 2
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AnalysisScreen)  # the table carries on


async def test_s_saves_the_annotated_record_once_every_move_is_judged(tmp_path):
    """Cardmate, two computers for six plies: ``s`` writes its text record with the marks
    and comments beside the game's record; a game without a text record has no such key."""
    record = tmp_path / "game.json"
    app = make_app("cardmate", record, person=None, vs=("random",), max_plies=6)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await judged(pilot)
        assert "s save" in text_of(app, "#analysis-keys")
        await pilot.press("s")
        await pilot.pause()
        saved = tmp_path / "game-analysis.pgn"
        text = saved.read_text()
        assert parse_record_text(text)["actions"] == app.driver.record()["actions"]
        assert text.count("{") == len(app.analysis.notes) == 6
    app = make_app("smess", tmp_path / "smess.json", person=None, vs=("random",), max_plies=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await judged(pilot)
        assert "s save" not in text_of(app, "#analysis-keys")
        await pilot.press("s")
        await pilot.pause()
        written = sorted(p.name for p in tmp_path.iterdir())
        assert written == ["game-analysis.pgn", "game.json", "smess.json"]  # no smess text


async def test_an_analysis_stopped_part_way_saves_no_annotated_record(tmp_path):
    app = make_app("cardmate", tmp_path / "game.json", person=None, max_plies=6)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        run = AnalysisRun(app.driver.record())
        first = next(run._notes)

        def failing():
            yield first
            raise InvalidOptions("the engine gave up")

        run._notes = failing()
        app.analysis = run
        await pilot.press("e")
        await judged(pilot)
        assert run.finished and run.error == "the engine gave up"
        told: list[str] = []
        app.notify = lambda message, **_: told.append(message)
        await pilot.press("s")
        await pilot.pause()
        assert not (tmp_path / "game-analysis.pgn").exists()
        assert told == ["the analysis stopped before the end: nothing saved"]


async def test_b_shows_the_engine_s_better_move_in_place_of_the_move_played(tmp_path):
    app = make_app("smess", tmp_path / "r.json", person=None, **SHORT["smess"])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await judged(pilot)
        run, screen = app.analysis, app.screen
        assert run is not None and isinstance(screen, AnalysisScreen)
        better = next(i for i, n in enumerate(run.notes) if n.best is not None)
        note = run.notes[better]
        screen.query_one("#analysis-moves", OptionList).highlighted = better
        await pilot.pause()
        assert screen.view.frame.observation["last_action"]["text"] == note.move
        await pilot.press("b")
        await pilot.pause()
        assert screen.view.frame.observation["last_action"]["text"] == note.best
        detail = text_of(app, "#analysis-detail")
        assert f"showing the position after the engine's {note.best} in its place" in detail
        await pilot.press("b")
        await pilot.pause()
        assert screen.view.frame.observation["last_action"]["text"] == note.move
        assert run.history == tuple(app.driver.state.history)  # the game itself untouched
