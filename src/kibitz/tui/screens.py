"""Overlays: the keys (help), a yes/no question, a choice of open seats, a new game's deal,
a link to copy and the game-over panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from kibitz.core.errors import KibitzError


class HelpScreen(ModalScreen[None]):
    """The keys and (for a player) the mouse's picks; any key closes it."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("escape,question_mark,q,enter", "dismiss", "Close")
    ]

    def __init__(self, keys: list[tuple[str, str]], mouse: bool = True) -> None:
        super().__init__()
        self.keys = keys
        self.mouse = mouse

    def compose(self) -> ComposeResult:
        width = max(len(k) for k, _ in self.keys)
        lines = [f"{k:>{width}}  {what}" for k, what in self.keys]
        with Vertical(id="help", classes="panel"):
            yield Static("Keys (Esc closes this)", classes="heading")
            yield Static("\n".join(lines))
            if self.mouse:
                yield Static("Mouse: click a piece, pile or card, then where it goes.",
                             classes="note")


class LinkScreen(ModalScreen[None]):
    """A link shown whole on one line (the side panel wraps it), to select and copy; any of
    its keys closes it."""

    BINDINGS: ClassVar[list[Binding]] = [Binding("escape,enter,i,q", "dismiss", "Close")]

    def __init__(self, heading: str, link: str, note: str) -> None:
        super().__init__()
        self.heading = heading
        self.link = link
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="link", classes="panel") as panel:
            panel.styles.width = max(len(self.link), len(self.heading)) + 6  # padding, border
            yield Static(self.heading, classes="heading")
            yield Static(self.link, id="link-text", markup=False)
            yield Static(f"{self.note}  Esc closes this.", classes="note")


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (for what cannot be undone); answers True for yes."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="panel"):
            yield Static(self.question, classes="heading")
            yield Static("y: yes   n or Esc: no", classes="note")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SeatsScreen(ModalScreen[list[int] | None]):
    """Which of the open seats a computer takes: one by its number, or all of them; answers
    the seats chosen, or None when the person thinks better of it."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("a", "answer('all')", "All"),
        Binding("escape", "answer('')", "None"),
    ]

    def __init__(self, heading: str, seats: list[tuple[int, str]]) -> None:
        """``seats``: each open seat's number and name."""
        super().__init__()
        self.heading = heading
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-choice", classes="panel"):
            yield Static(self.heading, classes="heading")
            yield Static("\n".join(f"{k}: {name}" for k, (_, name) in enumerate(self.seats, 1)))
            yield Static("a: all of them   Esc: none", classes="note")

    def on_key(self, event: events.Key) -> None:
        """A digit chooses that seat."""
        if event.character and event.character.isdigit():
            k = int(event.character)
            if 1 <= k <= len(self.seats):
                event.stop()
                self.dismiss([self.seats[k - 1][0]])

    def action_answer(self, which: str) -> None:
        self.dismiss([seat for seat, _ in self.seats] if which == "all" else None)


class GameOverScreen(ModalScreen[str]):
    """The result and where the record was written (or why not); answers the key the person chose
    (look, quit, undo or analyse)."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("escape,enter", "choose('look')", "Look at the table"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("u", "choose('undo')", "Undo"),
        Binding("e", "choose('analyse')", "Analyse"),
        Binding("n", "choose('new')", "New game"),
    ]

    def __init__(
        self, heading: str, result: str, record: str, can_undo: bool,
        stats: str | None = None, can_new: bool = True,
    ) -> None:  # fmt: skip
        """``record``: the line saying where the record was written (or why not);
        ``stats``: the game's line of the person's statistics, where the game counts;
        ``can_new``: whether ``n`` starts a new game (not at a server's table)."""
        super().__init__()
        self.can_new = can_new
        self.heading = heading
        """"Game over", with the result as the person's side says it where one plays."""
        self.result = result
        self.record = record
        self.can_undo = can_undo
        self.stats = stats

    def compose(self) -> ComposeResult:
        new = "   n: new game" if self.can_new else ""
        keys = f"Esc: look at the table{new}   e: analyse   q: quit"
        keys += "   u: undo" if self.can_undo else ""
        with Vertical(id="over", classes="panel"):
            yield Static(self.heading, classes="heading")
            yield Static(self.result, id="result")
            yield Static(self.record, id="record")
            if self.stats:
                yield Static(self.stats, id="stats")
            yield Static(keys, classes="note")

    def action_choose(self, what: str) -> None:
        if (what != "undo" or self.can_undo) and (what != "new" or self.can_new):
            self.dismiss(what)


class NewGameScreen(ModalScreen[str | None]):
    """A new game with the same players: the deal number typed (empty: a random deal),
    checked here, in games that are dealt; answers the number's text (empty where there is
    no deal), or None when the person thinks better of it."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("escape", "answer(None)", "Cancel"),
        Binding("enter", "answer('')", "New game", show=False),
    ]

    def __init__(
        self, heading: str, warning: str, check: Callable[[str], object] | None
    ) -> None:
        """``warning``: what leaving the game now costs (empty if nothing); ``check`` raises
        a KibitzError naming what is wrong with a deal number (None: the game is not dealt)."""
        super().__init__()
        self.heading = heading
        self.warning = warning
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="new-game", classes="panel"):
            yield Static(self.heading, classes="heading")
            if self.warning:
                yield Static(self.warning, id="warning")
            if self.check is not None:
                yield Input(placeholder="deal number (empty: a random deal)", id="deal")
                yield Static(id="problem")
            yield Static(
                f"Enter: {'deal' if self.check else 'start it'}   Esc: stay in this game",
                classes="note",
            )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text and self.check is not None:
            try:
                self.check(text)
            except KibitzError as exc:
                self.query_one("#problem", Static).update(str(exc))
                return
        self.dismiss(text)

    def action_answer(self, text: str | None) -> None:
        self.dismiss(text)
