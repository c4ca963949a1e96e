"""The analysis screen: a finished game's moves judged one by one (``kibitz.ai.analysis``)
and shown as they come, beside the position after the chosen move as its mover saw it.

The analysis runs in a worker thread a move at a time and is kept by the app, so that
leaving the screen and coming back goes on where it stopped.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from kibitz.ai.analysis import (
    SYMBOLS,
    MoveNote,
    annotated_record,
    player_moves,
    replay_steps,
    summaries,
)
from kibitz.core.errors import KibitzError
from kibitz.core.movenumbers import MoveNumber, column, move_numbers
from kibitz.core.record import replay
from kibitz.tui.panels import move_spots
from kibitz.tui.views import Frame, GameView, view_for
from kibitz.tui.views.base import MUTED

MARK_INK = {"blunder": "#e74c3c", "mistake": "#eb984e", "inaccuracy": "#f4d03f"}
BARS = "▁▂▃▄▅▆▇█"
"""The graph's heights, from an expected score of 0 to 1."""


class AnalysisRun:
    """The analysis of one finished game's record, judged a move at a time (``step``) and
    kept."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        done = self.done = replay(record)
        self.history = tuple(done.state.history)
        """The game's actions, to tell whether the game has changed since (an undo)."""
        self.analysis, self._notes = replay_steps(done)
        self.total = player_moves(done)
        movers = [s["seat"] for s in done.state.seen_actions(None) if not s["chance"]]
        self.numbers = move_numbers(done.game, movers)
        """Each player move's number (a note's, in the notes' order), as the move list's."""
        self.error: str | None = None
        self.finished = False
        self._lock = threading.Lock()

    @property
    def notes(self) -> list[MoveNote]:
        return self.analysis.moves

    def step(self) -> bool:
        """Judge the next move (in a worker); False once every move is judged or it failed."""
        with self._lock:
            if self.finished:
                return False
            try:
                self.notes.append(next(self._notes))
            except StopIteration:
                self.finished = True
            except KibitzError as exc:
                self.error = str(exc)
                self.finished = True
            return not self.finished

    def observation_after(
        self, ply: int, seat: int | None, instead: str | None = None
    ) -> dict[str, Any]:
        """``seat``'s view after the game's first ``ply`` actions; ``instead``: after a move
        (the game's notation: the analysis's better move) in place of the ``ply``-th."""
        return self.done.state_after(ply, instead).observation(seat)


def first_side(note: MoveNote) -> float | None:
    """The first side's expected score after the note's move (None: unknown)."""
    if note.expected is None:
        return None
    return note.expected if note.side == 0 else 1.0 - note.expected


def graph_text(
    notes: list[MoveNote], total: int, width: int, seat: int | None = None
) -> Text:
    """The first side's expected score after each move as a row of bars ``width`` wide,
    the whole game's length, so that it fills from the left; a column's worst mark colours it.
    With ``seat``, that player's moves only (a blank column where it did not move)."""
    width = max(width, 1)
    out = Text()
    per = max(1, -(-max(total, len(notes)) // width))
    for start in range(0, max(total, len(notes)), per):
        chunk = notes[start : start + per]
        if not chunk:
            out.append("·", Style(color=MUTED))
            continue
        mine = [n for n in chunk if seat is None or n.seat == seat]
        if not mine:
            out.append(" ")
            continue
        values = [v for v in map(first_side, mine) if v is not None]
        marks = [n.mark for n in mine if n.mark]
        worst = next((m for m in MARK_INK if m in marks), None)
        mean = sum(values) / len(values) if values else None
        bar = "?" if mean is None else BARS[min(int(mean * len(BARS)), len(BARS) - 1)]
        out.append(bar, Style(color=MARK_INK[worst] if worst else "#7fb3d5"))
    return out


def player_graphs(notes: list[MoveNote], total: int, width: int, names: list[str]) -> Text:
    """A graph row a player, headed by its name, by side then seat: where each move is judged
    from its mover's own cards, the players' views differ by what each sees, and one row of
    them all would jump from one view to another."""
    seats = sorted({(n.side, n.seat) for n in notes})
    label = max((len(names[seat]) for _, seat in seats), default=0)
    out = Text()
    for k, (_, seat) in enumerate(seats):
        out.append(("\n" if k else "") + names[seat].ljust(label) + " ", Style(color=MUTED))
        out.append_text(graph_text(notes, total, width - label - 1, seat))
    return out


def judged(note: MoveNote, kind: str, best: bool = False) -> str:
    """The mover's expected score after the move (or the best one), in a few characters."""
    x = note.best_expected if best else note.expected
    if kind == "solver":
        return "?" if x is None else ("winnable" if x == 1.0 else "lost")
    return "?" if x is None else f"{x:.2f}"


class AnalysisScreen(Screen[None]):
    """A finished game's analysis: the graph, each side's marks, the moves as they are
    judged, and the position after the highlighted move as its mover saw it."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("escape,q,e", "back", "back to the table"),
        Binding("m", "marked", "marked moves only / every move"),
        Binding("b", "engine", "the engine's better move / the move played"),
        Binding("s", "save", "save the annotated record"),
    ]

    class Judged(Message):
        """The worker judged one more move (or finished)."""

    def __init__(
        self,
        run: AnalysisRun,
        description: dict[str, Any],
        flipped: bool,
        person: int | None,
        save_to: Path | None = None,
    ) -> None:
        super().__init__()
        self.run = run
        self.save_to = save_to
        """Where ``s`` writes the game's text record with the analysis in it (None: the
        game has no text record of its own)."""
        self.description = description
        self.flipped = flipped
        self.person = person
        """The person's seat, still "(you)" in another seat's view."""
        self.marked_only = False
        self.shown = 0
        """Notes already in the list."""
        self.selected: int | None = None
        """The note whose position is shown (None: the final position)."""
        self.engine_shown = False
        """Whether the position shown is after the engine's better move (``b``), in place of
        the selected move."""
        self.labels = column(run.done.game, run.numbers, 3)
        """Each note's number, as the list writes them."""
        final = run.observation_after(len(run.history), None)
        self.view: GameView = view_for(description, final)(self._frame(final), id="view")
        self.view.can_focus = False

    def compose(self) -> ComposeResult:
        yield self.view
        with Vertical(id="side"):
            yield Static(self._heading(), id="analysis-heading")
            yield Static(id="analysis-status")
            yield Static(id="analysis-graph")
            yield Static(id="analysis-marks")
            yield Static(id="analysis-detail")
            yield OptionList(id="analysis-moves")
            keys = "↑↓ move  b best  m marked" + ("  s save" if self.save_to else "") + "  Esc back"
            yield Static(Text(keys, Style(dim=True)), id="analysis-keys")

    def on_mount(self) -> None:
        self.query_one("#analysis-moves").focus()
        self._update()
        if not self.run.finished:
            self.run_worker(self._judge, thread=True, group="analysis", exit_on_error=True)

    def _judge(self) -> None:
        """Judge moves until the game is done or the screen is left (in a worker)."""
        worker = get_current_worker()
        while not worker.is_cancelled and self.run.step():
            self.post_message(self.Judged())
        self.post_message(self.Judged())

    def on_analysis_screen_judged(self) -> None:
        self._update()

    # -- drawing ---------------------------------------------------------------------------
    def _heading(self) -> Text:
        a = self.run.analysis
        what = {
            "score": "engine score",
            "probability": "chance to win, from the mover's cards",
            "solver": "still winnable?",
        }[a.kind]
        if a.kind != "solver":  # the graph is the first side's; each move is judged by its mover
            rows = ", a row a player" if self._per_player() else ""
            what = f"graph: {a.sides[0]}'s {what}{rows}; each move: its mover's"
        out = Text("Analysis", Style(bold=True))
        out.append(f"  {a.agent}\n{what}", Style(color=MUTED))
        return out

    def _per_player(self) -> bool:
        """Whether the graph has a row a player: moves judged from each mover's own cards."""
        a = self.run.analysis
        return a.kind == "probability" and len(a.sides) > 1

    def status(self) -> str:
        """How far the analysis is: ``Analysing: k of N moves judged…`` or the end."""
        run = self.run
        if run.error is not None:
            return f"Analysis stopped: {run.error}"
        if run.finished:
            n = len(run.notes)
            return f"All {n} moves judged." if n != 1 else "The game's one move judged."
        return f"Analysing: {len(run.notes)} of {run.total} moves judged…"

    def _update(self) -> None:
        """Show the notes judged since the last update, the graph, counts and status."""
        run = self.run
        notes = run.notes
        style = Style(color="#e74c3c", bold=True) if run.error else Style()
        self.query_one("#analysis-status", Static).update(Text(self.status(), style))
        graph = self.query_one("#analysis-graph", Static)
        width = graph.size.width or 32
        if self._per_player():
            names = run.done.game.player_names
            graph.update(player_graphs(notes, run.total, width, names))
        else:
            graph.update(graph_text(notes, run.total, width))
        self.query_one("#analysis-marks", Static).update(self._marks())
        menu = self.query_one("#analysis-moves", OptionList)
        new = [i for i in range(self.shown, len(notes)) if notes[i].mark or not self.marked_only]
        menu.add_options([self._option(i) for i in new])
        self.shown = len(notes)
        if menu.highlighted is None and menu.option_count:
            menu.highlighted = 0

    def _marks(self) -> Text:
        """Each side's count of marks and its average loss a move, a line a side."""
        out = Text()
        for side, summary in enumerate(summaries(self.run.analysis)):
            out.append(f"{summary.name}:" if side == 0 else f"\n{summary.name}:")
            for mark, symbol in SYMBOLS.items():
                out.append(f" {symbol} {summary.marks[mark]}", Style(color=MARK_INK[mark]))
            if summary.average_loss is not None:
                out.append(f"  average loss {100 * summary.average_loss:.1f}%", MUTED)
        return out

    def _option(self, i: int) -> Option:
        note = self.run.notes[i]
        names = self.run.done.game.player_names
        who = f"{names[note.seat]} " if len(names) > 1 else ""
        line = Text(f"{self.labels[i]} {who}")
        ink = MARK_INK.get(note.mark or "")
        line.append(note.move + SYMBOLS.get(note.mark or "", ""), Style(color=ink, bold=bool(ink)))
        line.append(f"  {judged(note, self.run.analysis.kind)}", Style(color=MUTED))
        return Option(line, id=str(i))

    def _frame(self, observation: dict[str, Any]) -> Frame:
        last = move_spots(observation.get("last_action"))
        return Frame(
            self.description, observation, last=last, flipped=self.flipped, person=self.person
        )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is None:
            return
        self.selected = int(event.option.id)
        self.engine_shown = False
        self._show_selected()

    def _show_selected(self) -> None:
        """The selected move's position (or the engine's move's, in its place) and words."""
        assert self.selected is not None
        note = self.run.notes[self.selected]
        instead = note.best if self.engine_shown else None
        self.view.show(self._frame(self.run.observation_after(note.ply, note.seat, instead)))
        number = self.run.numbers[self.selected]
        self.query_one("#analysis-detail", Static).update(self._detail(note, number))

    def _detail(self, note: MoveNote, number: MoveNumber) -> Text:
        """The highlighted move (numbered ``number``): its mark, the mover's judgement and
        the better move."""
        kind = self.run.analysis.kind
        names = self.run.done.game.player_names
        who = f"{names[note.seat]} " if len(names) > 1 else ""
        out = Text(f"{number} {who}{note.move}", Style(bold=True))
        if note.mark:
            out.append(f" {SYMBOLS[note.mark]} {note.mark}", Style(color=MARK_INK[note.mark]))
        out.append(f"\nafter it: {judged(note, kind)}")
        if note.best is not None:
            out.append(f"; best {note.best}: {judged(note, kind, best=True)}")
            shown = f"the engine's {note.best} in its place" if self.engine_shown else "the move"
            out.append(f"\nshowing the position after {shown} (b: the other)", Style(color=MUTED))
        return out

    def on_game_view_picked(self, message: GameView.Picked) -> None:
        message.stop()  # the position shown is not played on

    def on_game_view_cancelled(self, message: GameView.Cancelled) -> None:
        message.stop()

    # -- keys ------------------------------------------------------------------------------
    def action_back(self) -> None:
        self.dismiss(None)

    def action_engine(self) -> None:
        """Show the position after the engine's better move in place of the selected move,
        or after the move played again."""
        if self.selected is None or self.run.notes[self.selected].best is None:
            return
        self.engine_shown = not self.engine_shown
        self._show_selected()

    def action_marked(self) -> None:
        """Show only the marked moves, or every move again."""
        self.marked_only = not self.marked_only
        menu = self.query_one("#analysis-moves", OptionList)
        menu.clear_options()
        self.shown = 0
        self._update()
        if not menu.option_count:
            self.query_one("#analysis-detail", Static).update(Text("no marked moves", MUTED))

    def action_save(self) -> None:
        """Write the game's own text record with the analysis in it, once every move is
        judged (games with a text record of their own: Cardmate)."""
        game = self.run.done.game
        if self.save_to is None:
            self.notify(f"{game.name} has no text record to annotate", severity="warning")
        elif self.run.error is not None:
            self.notify("the analysis stopped before the end: nothing saved", severity="error")
        elif not self.run.finished:
            self.notify("the record is saved once every move is judged", severity="warning")
        else:
            try:
                self.save_to.parent.mkdir(parents=True, exist_ok=True)
                self.save_to.write_text(annotated_record(game, self.run.record, self.run.notes))
            except OSError as exc:
                self.notify(f"not saved: {exc.strerror or exc}", severity="error")
                return
            self.notify(f"annotated record saved: {self.save_to}")
