"""``kibitz play`` and ``kibitz join``: a person plays (or watches) any game in the terminal.

The screen is the game's view (chosen by what the game declares) beside a panel with the
seats, whose turn it is, the move log, the person's legal moves and a box to type a move
in. The game behind it is a driver (``PlayDriver``): a local one, whose computer seats
think in a worker thread, so the screen never freezes, and whose undo and redo (a
take-back to the person's previous turn against the computer), giving up and the patience
assistant go through the same core ``Session`` as the web app; or a server table's, whose
WebSocket runs in an async worker and whose states and chat lines redraw the screen as
they come.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from kibitz.core.capabilities import Hint, Verdict
from kibitz.core.errors import KibitzError
from kibitz.core.session import Step
from kibitz.core.stats import Entry
from kibitz.tui.analysis import AnalysisRun, AnalysisScreen
from kibitz.tui.driver import OFFERED, PlayDriver, RecordFileError, with_name
from kibitz.tui.panels import chat_text, log_text, move_spots, seats_text, status_text
from kibitz.tui.picker import Pick, Picker, names_card, pickable, set_moves, set_of
from kibitz.tui.screens import (
    ConfirmScreen,
    GameOverScreen,
    HelpScreen,
    LinkScreen,
    NewGameScreen,
    SeatsScreen,
)
from kibitz.tui.statsbook import StatsBook, StatsFileError, summary_line
from kibitz.tui.views import Frame, GameView, view_for
from kibitz.tui.watch import LossWatch

WIDE = 110
"""Screens at least this wide get the wider side panel."""
ERROR = Style(color="#e74c3c", bold=True)
NOTE = Style(color="#f5b041")
TYPE_HERE = "type a move (: ), Enter plays"
"""What the empty typing box says while moves may be typed."""
WATCHING = "you are watching: only the players move"
"""The answer to a watcher's pick on the board."""
W = TypeVar("W", bound=Widget)


class MoveBox(Input):
    """The box a move is typed in: ``:`` after some text is text (captures: ``QD:c0``); at
    its start it is the key that opens the box pressed again, left to the app's binding."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if character == ":" and not self.value[: self.cursor_position].strip():
            return False
        return super().check_consume_key(key, character)


class PlayApp(App[None]):
    """One game in the terminal."""

    CSS_PATH = "play.tcss"
    TITLE = "kibitz"
    BINDINGS: ClassVar[list[Binding]] = [
        Binding("question_mark", "help", "keys", tooltip="these keys"),
        Binding("colon", "type_move", "type", tooltip="type a move (→ completes it)",
                priority=True),
        Binding("m", "move_menu", "moves", tooltip="choose from the legal moves"),
        Binding("u", "undo", "undo", tooltip="take back your last move (and the replies)"),
        Binding("r", "redo", "redo", tooltip="play the moves taken back again"),
        Binding("R", "restart", "restart", tooltip="restart the deal from its start (asks first)"),
        Binding("h", "hint", "hint", tooltip="hint: the next move of a winning line"),
        Binding("b", "back_to_winnable", "back", tooltip="undo to the last winnable position"),
        Binding("b", "no_way_back", show=False),
        Binding("w", "winnable", "winnable?", tooltip="is the deal still winnable?"),
        Binding("W", "warn_lost", "warn", tooltip="warn when lost on/off: check after every move"),
        Binding("a", "autocomplete", "finish", tooltip="auto-complete the game"),
        Binding("p", "autoplay", "autoplay", tooltip="autoplay on/off: safe moves play themselves"),
        Binding("f", "flip", "flip", tooltip="turn the board round"),
        Binding("c", "copy_position", "copy", tooltip="copy the position string (and show it)"),
        Binding("i", "invite", "invite", tooltip="the invite link for friends, whole, to copy "
                "(and copied)"),
        Binding("e", "analyse", "analyse", tooltip="analyse the finished game, move by move"),
        Binding("x", "give_up", "give up", tooltip="resign (or concede the deal): a loss"),
        Binding("n", "new_game", "new", tooltip="a new game, same players, two sides swapped "
                "(a deal: which one?)"),
        Binding("d", "draw", "draw", tooltip="agree a draw (between the people playing)"),
        Binding("o", "seat_computer", "computer", tooltip="a computer takes an open seat, or "
                "the seat of a friend who left (no waiting)"),
        Binding("t", "chat", "chat", tooltip="talk: a line to the table's chat (Esc cancels)"),
        Binding("q", "leave", "quit", tooltip="quit"),
        Binding("escape", "back", "back", show=False),
    ]

    def __init__(
        self, driver: PlayDriver, record_path: Path, save_unfinished: bool = False,
        pause: float = 0.5, stats: StatsBook | None = None, greeting: str = "",
    ) -> None:  # fmt: skip
        """``stats``: where the person's games are counted (None: nowhere); ``greeting``:
        the first message shown (a hosted table's invite link)."""
        super().__init__()
        self.greeting = greeting
        self.driver = driver
        self.first_record = record_path
        self.record_path = record_path
        """Where the record goes when the game ends (and on quitting, if ``save_unfinished``);
        the second game's is ``NAME-2.json`` beside the first, and so on."""
        self.games = 1
        self.save_unfinished = save_unfinished
        self.pause = pause
        """Seconds between two computer moves, so that a person can follow them."""
        self.picker = Picker()
        self.listed: list[dict[str, Any]] = []
        """What the move list shows, in its order."""
        self.description = driver.game.description()
        self.hint: Hint | None = None
        self.back_to: int | None = None
        """The move number `b` undoes to: the last position a hint or the check found winnable."""
        self.watch = LossWatch()
        self.flipped = driver.viewer == 1 and len(driver.game.sides()) == 2
        self.busy = ""
        """What a worker is doing (thinking, a hint...), empty when idle."""
        self.recorded: Path | None = None
        self.stats = stats
        self.counted: Entry | None = None
        """The entry counted last in the statistics for this game."""
        self.message = ""
        """The message shown last."""
        self.analysis: AnalysisRun | None = None
        """The finished game's analysis, kept while the game stays as it was analysed."""
        self._epoch = 0
        """Bumped on every change, so that a worker's late answer is dropped."""
        self.sent = False
        """A move was sent to the server and its answer has not come yet."""
        self.frame = self._frame()
        self.view: GameView = view_for(self.description, self.frame.observation)(
            self.frame, id="view"
        )

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield self.view
        with Vertical(id="side"):
            yield Static(id="seats")
            yield Static(id="status")
            yield Static(id="message")
            with VerticalScroll(id="log"):
                yield Static(id="log-text")
            with VerticalScroll(id="chat") as chat:
                chat.border_title = "chat"
                yield Static(id="chat-text")
            yield Input(placeholder="say it: Enter sends, Esc cancels", id="say",
                        select_on_focus=False)
            yield OptionList(id="menu")
            yield MoveBox(placeholder=TYPE_HERE, id="entry")
            yield Static(id="keys")

    def on_mount(self) -> None:
        self._resize(self.size.width)
        self.view.can_focus = not self.watching  # a watcher's keys scroll the move list
        self.part("#entry", Input).display = not self.watching
        self.sub_title = self.driver.game.name
        self._show()
        self._focus_for_turn()
        self._next_turn()
        self._connect()
        # the compiled cores load (or, on a new installation, compile) while the person looks
        self.run_worker(self.driver.warm, thread=True, group="warm", exit_on_error=False)
        if self.greeting:
            self.say(self.greeting, NOTE)

    def part(self, selector: str, kind: type[W]) -> W:
        """A widget of the board's screen, whatever screen is shown over it (a server's
        state may come while a question or the help is open)."""
        return self.screen_stack[0].query_one(selector, kind)

    def on_resize(self, event: events.Resize) -> None:
        """The side panel's width follows the terminal's new width (``self.size`` may still
        be the old one while this runs)."""
        self._resize(event.size.width)

    def _resize(self, width: int) -> None:
        self.set_class(width >= WIDE, "wide")

    # -- drawing ---------------------------------------------------------------------------
    def _frame(self) -> Frame:
        d = self.driver
        obs = d.observation()
        moves = d.person_moves()
        hinted = set()
        if self.hint is not None and self.hint.action is not None:
            hinted = move_spots(next((m for m in moves if m["id"] == self.hint.action), None))
        return Frame(
            self.description, obs, moves, self.picker.chosen, set(self.picker.selected),
            self.picker.targets(moves), move_spots(obs["last_action"]), hinted, self.flipped,
            d.viewer,
        )  # fmt: skip

    def _show(self) -> None:
        """Redraw everything from the driver."""
        self.frame = self._frame()
        self.view.show(self.frame)
        self.part("#seats", Static).update(seats_text(self.driver, self.frame))
        thinking = self.busy == "thinking" or self.driver.thinking()
        self.part("#status", Static).update(status_text(self.driver, self.frame, thinking))
        self.part("#log-text", Static).update(
            log_text(self.frame, self.driver.log, self.driver.game))
        self.part("#log", VerticalScroll).scroll_end(animate=False)
        self._show_chat()
        choices = self._choices()
        self._fill_menu(choices)
        texts = [m["text"] for m in choices]
        entry = self.part("#entry", Input)
        entry.suggester = SuggestFromList(texts, case_sensitive=False)
        entry.placeholder = "the game is over" if self.driver.is_over() else TYPE_HERE
        self.part("#keys", Static).update(self._keys_line())

    def _show_chat(self) -> None:
        """The table's chat, where people may talk there or something was said there."""
        chat = self.part("#chat", VerticalScroll)
        chat.display = self.driver.offers("chat") or bool(self.driver.chat)
        self.part("#chat-text", Static).update(chat_text(self.frame, self.driver.chat))
        chat.scroll_end(animate=False)

    def _choices(self) -> list[dict[str, Any]]:
        """What the person may choose now: the legal moves or, while a set is chosen, each
        of their cards (the view's spots) that may join it."""
        cards = [spot for row in self.view.layout_spots() for spot in row]
        return set_moves(self.frame.moves, cards)

    def _fill_menu(self, moves: list[dict[str, Any]]) -> None:
        """List ``moves``, a set's chosen cards marked; the same moves listed again keep the
        highlighted one (choosing a set's cards from the list)."""
        menu = self.part("#menu", OptionList)
        same = [m["text"] for m in moves] == [m["text"] for m in self.listed]
        keep = menu.highlighted if same else None
        self.listed = moves
        chosen = self.picker.selected
        menu.clear_options()
        menu.add_options([
            Option(f"{'✓ ' if any(names_card(m, c) for c in chosen) else ''}{m['text']}")
            for m in moves
        ])  # fmt: skip
        menu.display = bool(moves)
        if moves:
            menu.highlighted = keep or 0

    def _keys_line(self) -> Text:
        """The keys that work now: in the typing box, the box's own (letters are typed)."""
        if self.part("#entry", Input).has_focus:
            return Text("typing: Enter plays  → completes  Esc leaves the box (keys then work)",
                        Style(dim=True))
        shown = [f"{_key_name(b.key)} {b.description}" for b in self._working_bindings()]
        return Text("  ".join(shown), Style(dim=True))

    @on(events.DescendantFocus)
    @on(events.DescendantBlur)
    def _focus_moved(self) -> None:
        """The keys line follows the focus into and out of the typing box."""
        self.part("#keys", Static).update(self._keys_line())

    def _working_bindings(self) -> list[Binding]:
        """The app's key bindings that work in this game."""
        return [
            b for b in self.BINDINGS
            if isinstance(b, Binding) and b.show and self.check_action(b.action.split("(")[0], ())
        ]  # fmt: skip

    def _keys(self) -> list[tuple[str, str]]:
        """Every key that works now, with what it does (the help)."""
        bound = [(_key_name(b.key), b.tooltip or b.description) for b in self._working_bindings()]
        if self.watching:
            return [("arrows", "scroll the move list"), *bound]
        out = [("arrows", "move the cursor"), ("Enter", "pick the square, pile or card")]
        out.append(("Esc", "leave the typing box; drop what was picked"))
        return [*out, *bound, ("Tab", "next panel (board, moves, typing)")]

    @property
    def watching(self) -> bool:
        """Whether the person here only watches (a spectator's seat, or computers at every
        one): no move to type or choose, ever."""
        return self.driver.viewer is None

    @property
    def game_title(self) -> str:
        """The game's name as players write it (``TCHESS Cards``)."""
        return str(self.description.get("title") or self.driver.game.name)

    def say(self, text: str, style: Style | str = "") -> None:
        """Show a one-line message (an error, a hint, an answer)."""
        self.message = text
        self.part("#message", Static).update(Text(text, style))

    # -- turns -----------------------------------------------------------------------------
    def after_change(self) -> None:
        """After any move or take-back: drop stale work, redraw and go on."""
        self._epoch += 1
        self.picker.drop()
        self.hint = None
        self.back_to = None
        self.busy = ""
        self._show()
        self._focus_for_turn()
        self._check_winnable()
        self._next_turn()

    def heard(self, kind: str, text: str) -> None:
        """What a server's table said (``kibitz.tui.driver.Notify``): a new moment of the
        game goes on as after any move (a sent move's typed text is cleared), the same one
        only redraws (a half-made pick stays), a refusal and a note are said. While a new
        table is being made the old one's news only wait (the driver keeps the latest). Chat
        lines are drawn and the others' news shown briefly; a line of the seat's own coming
        back closes the chat box it was typed in. News that comes as the app closes, its
        board already gone, is dropped."""
        if self.busy == "dealing":
            return
        try:
            self._take_news(kind, text)
        except NoMatches:
            return  # the board is being taken down (the only time a part of it is missing)

    def _take_news(self, kind: str, text: str) -> None:
        """``heard``'s work, while the board is there."""
        if kind == "chat":
            self._show_chat()
            if text:
                self.notify(text, title="chat", markup=False)
            return
        if kind == "said":
            if self.part("#say", Input).value.strip() == text:
                self._close_chat()
            return
        if kind == "change":
            sent, self.sent = self.sent, False
            if sent:
                self.part("#entry", Input).value = ""
            if sent or self.driver.is_over():  # a standing draw offer's line is old news
                self.say("")
            self.after_change()
        elif kind == "update":
            if self.driver.invite is None and "invite: " in self.message:  # the seat is taken
                self.say("")
            self._show()
        elif kind == "error":
            self.sent = False
            self._show()
        if text:
            self.say(text, ERROR if kind == "error" else NOTE)

    def _focus_for_turn(self, leave_typing: bool = False) -> None:
        """Focus the view where the person's moves can be pointed at, else the move list
        (a typing box, the move's or the chat's, keeps the focus unless ``leave_typing``)."""
        if isinstance(self.screen_stack[0].focused, Input) and not leave_typing:
            return
        moves = self.frame.moves
        if self.watching:
            self.part("#log", Widget).focus()
        elif self.view.layout_spots() and (pickable(moves) or not moves):
            self.view.focus()
        else:
            self.part("#menu", Widget).focus()

    def _next_turn(self) -> None:
        if self.driver.is_over():
            self._game_over()
            return
        if self.driver.computer_to_act() is not None:
            if self.pause > 0:
                self.set_timer(self.pause, self._think)
            else:
                self.call_later(self._think)

    def _think(self) -> None:
        seat = self.driver.computer_to_act()
        if seat is None or self.busy:
            return
        self.busy = "thinking"
        self.part("#status", Static).update(status_text(self.driver, self.frame, True))
        self._work(self.driver.thinker(seat), lambda a: self._computer(seat, a))

    def _computer(self, seat: int, action: int) -> None:
        self.driver.play_computer(seat, action)
        self.after_change()

    def _work(
        self, job: Callable[[], Any], then: Callable[[Any], None], background: bool = False
    ) -> None:
        """Run ``job`` in a worker thread, then ``then(result)`` here unless things moved on;
        a ``background`` job leaves ``busy`` as it is (it does not hold the player up)."""
        epoch = self._epoch

        def run() -> None:
            try:
                result = job()
            except KibitzError as exc:
                self.call_from_thread(self._failed, epoch, str(exc))
                return
            self.call_from_thread(self._done, epoch, then, result, background)

        self.run_worker(run, thread=True, group="work", exit_on_error=True)

    def _done(
        self, epoch: int, then: Callable[[Any], None], result: Any, background: bool
    ) -> None:
        if epoch == self._epoch:
            if not background:
                self.busy = ""
            then(result)

    def _failed(self, epoch: int, message: str) -> None:
        if epoch == self._epoch:
            self.busy = ""
            self.say(message, ERROR)
            self._show()

    def _write_record(self) -> str | None:
        """Write the game's record where it goes; why it could not be, or None (written, or
        none to write)."""
        try:
            self.recorded = self.driver.write_record(self.record_path)
        except RecordFileError as exc:
            self.recorded = None
            return str(exc)
        return None

    def _game_over(self) -> None:
        driver = self.driver
        problem = self._write_record()
        end = driver.ending()
        result = end.text if end else "over"
        heading = "Game over"
        if end is not None and end.for_viewer is not None:
            heading = f"Game over: {end.for_viewer}"
        can_undo = driver.can_take_back()
        try:
            line = self._count()
        except StatsFileError as exc:
            line = str(exc)
        if problem is not None:
            record = f"Record not written: {problem}"
        elif self.recorded is not None:
            record = f"Record written to {self.recorded}"
        else:
            record = "Record not written"
        screen = GameOverScreen(heading, result, record, can_undo, line,
                                can_new=driver.offers("new_game"))
        while len(self.screen_stack) > 1:  # the end replaces a panel left open (the help)
            self.pop_screen()
        self.push_screen(screen, self._after_over)

    def _count(self) -> str | None:
        """Count the person's game in the statistics and give the game's line of them;
        None where the game does not count (StatsFileError: the file is left as it was)."""
        entry = self.driver.entry()
        if self.stats is None or entry is None:
            return None
        game = self.driver.game
        stats = self.stats.record(game.name, game.features.statistics, entry)
        self.counted = entry
        return f"Your {self.game_title} statistics: {summary_line(stats)}"

    def _after_over(self, what: str | None) -> None:
        if what == "quit":
            self.exit()
        elif what == "new" and self.driver.offers("new_game"):
            self.action_new_game()
        elif what == "undo":
            self.action_undo()
        elif what == "analyse":
            self.action_analyse()

    # -- the person's moves ----------------------------------------------------------------
    def play(self, move: int | str) -> None:
        """Play the person's move; a bad one is explained and changes nothing."""
        if self.busy:
            self.say(f"wait: {self.busy}", ERROR)
            return
        try:
            self.driver.play(move)
        except KibitzError as exc:
            self.say(str(exc), ERROR)
            return
        if not self.driver.immediate:  # sent: the server's answer redraws, or is said
            self.sent = True
            self.picker.drop()
            self._show()
            return
        self.say("")
        self.part("#entry", Input).value = ""
        self.after_change()

    def on_game_view_picked(self, message: GameView.Picked) -> None:
        if self.watching:
            self.say(WATCHING, ERROR)
            return
        self._picked(self.picker.pick(message.spot, self.frame.moves))

    def _picked(self, pick: Pick) -> None:
        """Play, ask which, confirm a whole set, or say what the pick did."""
        if pick.kind == "play":
            self.play(pick.moves[0]["id"])
            return
        if pick.kind == "ask":
            self._fill_menu(list(pick.moves))
            self.part("#menu", Widget).focus()
            self.say("choose one of these moves", NOTE)
            return
        if pick.kind == "turn":  # a set chosen whole: played once the person says yes
            self._show()
            self.push_screen(ConfirmScreen(f"{pick.message}?"),
                             lambda yes: self.play(pick.message) if yes else None)
            return
        self.say(pick.message, ERROR if pick.kind == "error" else "")
        self._show()

    def on_game_view_cancelled(self) -> None:
        self.picker.drop()
        self.say("")
        self._show()

    @on(OptionList.OptionSelected, "#menu")
    def _listed_chosen(self, event: OptionList.OptionSelected) -> None:
        """Play the chosen move; a card of a set (a discard) is chosen for the set instead,
        played whole once complete, as when its card is picked."""
        move = self.listed[event.option_index]
        if "set" in move:
            self._picked(self.picker.pick(move["card"], self.frame.moves))
        else:
            self.play(move["id"])

    @on(Input.Submitted, "#entry")
    def _typed(self, event: Input.Submitted) -> None:
        """Play the move typed; while a set is chosen, see ``_typed_set``."""
        text = _move_text(event.value)
        if not text:
            return
        of = set_of(self.frame.moves)
        if of is None:
            self.play(text)
        else:
            self._typed_set(text, of)

    def _typed_set(self, text: str, of: dict[str, Any]) -> None:
        """While a set is chosen: the whole set typed is played as typed (the game checks
        it); fewer cards join the set being chosen (never played alone, which would fix the
        set's first cards); words that are none of the person's cards are refused."""
        words = text.split()
        if words and words[0].lower() == of["turn"].lower():
            words = words[1:]
        if len(words) >= of["size"]:
            self.play(text)
            return
        cards = {m["card"].lower(): m["card"] for m in self._choices()}
        strange = [w for w in words if w.lower() not in cards]
        if strange or not words:
            what = f"{strange[0]!r} is none of your cards" if strange else "no card typed"
            self.say(f"{what}: type the {of['size']} cards of the set ({of['turn']} CARD "
                     f"CARD ...), or some of them to choose them", ERROR)
            return
        self.part("#entry", Input).value = ""
        self._picked(self.picker.add([cards[w.lower()] for w in words], of))

    @on(Input.Changed, "#entry")
    def _typing(self, event: Input.Changed) -> None:
        """The moves that begin as typed listed; where the text is a turn of several moves
        (a card laid, then the turn ended), those moves said before Enter plays them."""
        typed = _move_text(event.value)
        self._fill_menu([m for m in self._choices()
                         if m["text"].lower().startswith(typed.lower())])  # fmt: skip
        turn = self.driver.turn_preview(typed)
        if turn and len(turn) > 1:
            self.say(f"Enter plays {len(turn)} moves as your turn: {', '.join(turn)}", NOTE)
        elif self.message.startswith("Enter plays "):
            self.say("")

    # -- actions ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in OFFERED:
            return self.driver.offers(action)
        if action == "back_to_winnable":
            return self.back_to is not None
        if action == "no_way_back":  # `b` before anything found the deal lost
            return self.back_to is None and self.driver.offers("warn_lost")
        if action == "copy_position":
            return isinstance(self.frame.observation.get("position"), str)
        if action == "invite":
            return self.driver.invite is not None
        if action == "flip":
            return "board" in self.description
        if action == "type_move":  # bound ahead of the focused widget: on the board's screen
            return not self.watching and self.screen is self.screen_stack[0]
        if action == "move_menu":
            return not self.watching
        return True

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self._keys(), mouse=not self.watching))

    def action_type_move(self) -> None:
        """Focus the typing box before the next key is handled: ``:`` is bound ahead of the
        focused widget and focus moves at once, so keys that arrive together (typed fast
        over a slow link) all go to the box, never to the board or the menu before it. In
        the box, ``:`` comes here only at the start (``MoveBox``), and is dropped."""
        self.screen.set_focus(self.part("#entry", Input))

    def action_move_menu(self) -> None:
        if not self.frame.moves:
            self.say("no moves to choose from now", ERROR)
            return
        self.part("#entry", Input).value = ""
        self._fill_menu(self._choices())
        self.part("#menu", Widget).focus()

    def action_back(self) -> None:
        """Leave the typing box (what was picked stays: a set's cards typed, then picked) or
        the menu (what was picked is dropped): the board (or the menu) again, all moves
        listed; or put the chat box away."""
        if self.part("#say", Input).has_focus:
            self._close_chat()
            return
        entry = self.part("#entry", Input)
        if not entry.has_focus and (self.picker.chosen or self.picker.selected):
            self.picker.drop()
            self.say("")
        entry.value = ""
        self._show()
        self._focus_for_turn(leave_typing=True)

    def action_copy_position(self) -> None:
        """The position string to the terminal's clipboard, and shown to copy by hand."""
        position = self.frame.observation.get("position")
        if isinstance(position, str):
            self.copy_to_clipboard(position)
            self.say(f"position: {position}", NOTE)

    def action_invite(self) -> None:
        """The table's invite link on one line, to select whole, and on the terminal's
        clipboard where it allows."""
        invite = self.driver.invite
        if invite is not None:
            self.copy_to_clipboard(invite)
            self.push_screen(LinkScreen(
                "Invite link", invite, "A friend opens it in a browser or with kibitz join. "
                "Copied to the clipboard where the terminal allows it."))

    def action_flip(self) -> None:
        self.flipped = not self.flipped
        self._show()

    def action_analyse(self) -> None:
        """The analysis screen of the finished game (begun, or kept from before)."""
        if not self.driver.is_over():
            self.say("only a finished game is analysed", ERROR)
            return
        history = self.driver.history()
        if self.analysis is None or self.analysis.history != history:
            try:
                self.analysis = AnalysisRun(self.driver.record())
            except KibitzError as exc:
                self.say(str(exc), ERROR)
                return
        ext, path = self.driver.game.text_record, self.record_path
        save_to = path.with_name(f"{path.stem}-analysis.{ext}") if ext else None
        screen = AnalysisScreen(
            self.analysis, self.description, self.flipped, self.driver.viewer, save_to
        )
        self.push_screen(screen)

    def action_give_up(self) -> None:
        """Resign (or concede a patience deal), once the person confirms."""
        if self.driver.is_over():
            self.say("the game is over", ERROR)
            return
        game, seat = self.driver.game, self.driver.viewer
        partners = [with_name(game.player_names[s], self.driver.person_name(s))
                    for s in game.side_of(seat or 0) if s != seat]  # fmt: skip
        question = (  # the page's words
            "Give up this game? It counts as lost." if game.num_players == 1 else
            f"Resign for your team? It counts as a loss for {' and '.join(partners)} too."
            if partners else "Resign this game? It counts as a loss."
        )
        self.push_screen(ConfirmScreen(question), self._give_up)

    def _give_up(self, yes: bool | None) -> None:
        if yes:
            self._end(self.driver.give_up)

    def action_seat_computer(self) -> None:
        """A computer player takes an open seat, or a friend's who left (asked which, where
        several are)."""
        driver = self.driver
        seats = [(s, driver.game.player_names[s]) for s in driver.seats_to_give()]
        if not seats:
            self.say("no seat is open", ERROR)
        elif len(seats) == 1:
            seat, name = seats[0]
            question = f"A computer player takes {name}'s seat? No one else can sit there then."
            self.push_screen(ConfirmScreen(question),
                             lambda yes: self._seat_computer([seat] if yes else None))  # fmt: skip
        else:
            self.push_screen(SeatsScreen("Which seat does a computer player take?", seats),
                             self._seat_computer)  # fmt: skip

    def _seat_computer(self, seats: list[int] | None) -> None:
        """Give the chosen seats to the computer (a refusal is shown)."""
        try:
            for seat in seats or ():
                self.driver.seat_computer(seat)
        except KibitzError as exc:
            self.say(str(exc), ERROR)

    def action_chat(self) -> None:
        """Open the chat box: the keys typed go to it, not to the game."""
        box = self.part("#say", Input)
        box.display = True
        box.focus()

    @on(Input.Submitted, "#say")
    def _send_chat(self, event: Input.Submitted) -> None:
        """Send the line typed (an empty box is put away): the box closes once the line
        comes back from the server, and keeps it where the server refuses it."""
        text = event.value.strip()
        if not text:
            self._close_chat()
            return
        self.say("")
        try:
            self.driver.say(text)
        except KibitzError as exc:
            self.say(str(exc), ERROR)

    def _close_chat(self) -> None:
        """Put the chat box away, its text dropped, and go back to the game."""
        box = self.part("#say", Input)
        if box.has_focus:
            self._focus_for_turn(leave_typing=True)
        box.value = ""
        box.display = False

    def action_draw(self) -> None:
        """A draw, once both people say so (at this screen, or each at their own)."""
        if self.driver.is_over():
            self.say("the game is over", ERROR)
            return
        self.push_screen(ConfirmScreen(self.driver.draw_question()), self._draw)

    def _draw(self, yes: bool | None) -> None:
        """The answer to the draw question (a no declines the offer at a server's table;
        at this screen it changes nothing)."""
        if yes or (yes is False and not self.driver.immediate):
            self._end(lambda: self.driver.answer_draw(bool(yes)))

    def _end(self, declare: Callable[[], None]) -> None:
        """End the game by a player's decision (a refusal is shown and changes nothing)."""
        try:
            declare()
        except KibitzError as exc:
            self.say(str(exc), ERROR)
            return
        if self.driver.immediate:
            self.after_change()

    def action_undo(self) -> None:
        self._session_step(self.driver.undo, "taken back")

    def action_back_to_winnable(self) -> None:
        """Undo to the position a "lost" hint or the check named as still winnable."""
        ply = self.back_to
        if ply is not None:
            self._session_step(lambda: self.driver.undo_to(ply), "taken back")

    def action_no_way_back(self) -> None:
        """Say why `b` has nowhere to go yet (rather than doing nothing)."""
        self.say("nothing to go back to: no hint (h) or check (W) has found this deal lost",
                 ERROR)

    def action_redo(self) -> None:
        self._session_step(self.driver.redo, "played again")

    def action_restart(self) -> None:
        """Back to the deal's start once the person confirms (it discards the moves)."""
        if not self.driver.can_take_back():
            self.say("nothing to restart: no move to take back", ERROR)
            return
        self.push_screen(ConfirmScreen("Restart this deal? Its moves are discarded."),
                         lambda yes: self._session_step(self.driver.restart, "taken back: "
                                                        "the deal starts again") if yes else None)

    def action_autocomplete(self) -> None:
        self._session_step(self.driver.autocomplete, "auto-completed")

    def _session_step(self, step: Callable[[], Step | None], done: str) -> None:
        """Undo, redo or auto-complete (a computer's thinking is dropped)."""
        if self.busy not in ("", "thinking"):
            self.say(f"wait: {self.busy}", ERROR)
            return
        try:
            played = step()
        except KibitzError as exc:
            self.say(str(exc), ERROR)
            return
        if played is None:  # sent: the server's answer redraws
            self.say("")
            return
        n = len(played.actions)
        self.say(f"{n} move{'s' * (n != 1)} {done}")
        self.after_change()

    def action_autoplay(self) -> None:
        """Switch autoplay; switching it on plays the safe moves at once."""
        if self.busy:
            self.say(f"wait: {self.busy}", ERROR)
            return
        on = not self.driver.autoplay_on()
        try:
            self.driver.set_autoplay(on)
        except KibitzError as exc:
            self.say(str(exc), ERROR)
            return
        self.say(f"autoplay {'on' if on else 'off'}")
        if self.driver.immediate:
            self.after_change()

    def action_hint(self) -> None:
        self._ask("looking for a hint", self.driver.hint, self._hinted)

    def action_winnable(self) -> None:
        self._ask("solving", self.driver.winnable, lambda v: self.say(v.answer, NOTE))

    def _ask(self, doing: str, job: Callable[[], Any], then: Callable[[Any], None]) -> None:
        if self.busy:
            self.say(f"wait: {self.busy}", ERROR)
            return
        self.busy = doing
        self.say(f"{doing}…")
        self._work(job, then)

    def action_warn_lost(self) -> None:
        """Switch the check after every move; switched on, it checks the position now."""
        self.watch.on = not self.watch.on
        self.say(f"warn when lost {'on' if self.watch.on else 'off'}")
        self._check_winnable()

    def _check_winnable(self) -> None:
        """With "warn when lost" on, ask the solver about the position now, in the
        background (a move made meanwhile drops the answer)."""
        driver, ply = self.driver, self.driver.ply()
        if not driver.offers("warn_lost") or driver.is_over() or not self.watch.wants(ply):
            return
        self._work(driver.winnable_check(), lambda v: self._checked(ply, v), background=True)

    def _checked(self, ply: int, verdict: Verdict) -> None:
        back = self.watch.answer(ply, verdict)
        if verdict.verdict != "loss":
            return
        self.back_to = back
        where = "" if back is None else f"  (b: back to move {back})"
        self.say(f"warning: this deal can no longer be won{where}", ERROR)
        self._show()

    def _hinted(self, hint: Hint) -> None:
        self.hint = hint
        self.back_to = hint.last_winnable_ply
        back = "  (b: back to it)" if hint.last_winnable_ply is not None else ""
        self.say(f"hint: {hint.message}{back}", NOTE)
        self._show()

    def action_new_game(self) -> None:
        """Ask for a new game's deal (same game, options and players); leaving a game begun
        and unfinished counts it lost, or saves it where the record is kept to go on with."""
        game, warning = self.driver.game, ""
        if not self.driver.is_over() and self.driver.begun():
            if self.save_unfinished:
                warning = f"This game is saved to {self.record_path} to go on with."
            elif self.stats is not None and self._abandons():
                warning = "This unfinished game counts as lost."
            elif (comeback := self.driver.comeback()) is not None:
                warning = f"Your seat here is kept; come back with: {comeback}"
        dealt = game.chance_mode() != "deterministic"
        screen = NewGameScreen(f"New game of {self.game_title}", warning,
                               game.parse_seed if dealt else None)
        self.push_screen(screen, self._new_game)

    def _new_game(self, deal: str | None) -> None:
        if deal is None:
            return
        old, problem = self.driver, ""
        if not old.is_over() and self.save_unfinished:
            unsaved = self._write_record()
            if unsaved is not None:  # kept here rather than lost
                self.say(f"{unsaved}; this game is not saved, so it goes on", ERROR)
                return
        elif not old.is_over() and self.stats is not None and self._abandons():
            try:
                self._count()
            except StatsFileError as exc:
                problem = str(exc)
        seed = old.game.parse_seed(deal) if deal else None
        self._epoch += 1  # the old game's pending work is dropped
        self.busy = "dealing"
        self._work(lambda: old.new_game(seed), lambda new: self._begin(new, problem))

    def _connect(self) -> None:
        """Keep the driver's connection to its server (a table's), in a worker."""
        link = self.driver.link(self.heard)
        if link is not None:
            self.run_worker(link, name="link", group="link")

    def _begin(self, driver: PlayDriver, problem: str) -> None:
        """Play ``driver``'s new game from now on (its record beside the first; a server
        table's connection moves to the new table)."""
        old, self.driver = self.driver, driver
        self.workers.cancel_group(self, "link")
        old.close()
        self._connect()
        self.games += 1
        base = self.first_record
        self.record_path = base.with_name(f"{base.stem}-{self.games}{base.suffix}")
        self.recorded = self.counted = self.analysis = None
        self.watch.verdicts.clear()
        self.after_change()
        seed, invite = driver.deal_number(), driver.invite
        news = "new game" if seed is None else f"new game: deal {seed}"
        self.say(problem or (f"{news}; invite: {invite}" if invite else news),
                 ERROR if problem else NOTE)

    def action_leave(self) -> None:
        """Quit; an unfinished game begun and not saved to go on with is abandoned, which
        counts as lost once the person says so (one whose record cannot be written is
        abandoned too, if the person says so)."""
        if self.driver.is_over():
            self.exit()
        elif self.save_unfinished and (unsaved := self._write_record()) is not None:
            self.push_screen(ConfirmScreen(f"{unsaved}. Quit without saving this game?"),
                             self._abandon)
        elif self.save_unfinished:
            self.exit()
        elif self.stats is not None and self._abandons():
            self.push_screen(ConfirmScreen("Quit? This unfinished game counts as lost."),
                             self._abandon)
        else:
            self.exit()

    def _abandons(self) -> bool:
        """Whether quitting now counts a loss (a game won and taken back stays won)."""
        entry = self.driver.entry()
        return entry is not None and (self.counted is None or self.counted.score < 0)

    def _abandon(self, yes: bool | None) -> None:
        """Quit once the person says yes, the game counted as lost where it counts."""
        if not yes:
            return
        try:
            if self.stats is not None and self._abandons():
                self._count()
        except StatsFileError as exc:
            self.exit(message=str(exc))
            return
        self.exit()


def _move_text(typed: str) -> str:
    """The move in what was typed: no spaces around it, nor a leading ``:`` (the key that
    opens the typing box, pasted in with the move)."""
    return typed.strip().lstrip(":").strip()


def _key_name(key: str) -> str:
    names = {"question_mark": "?", "colon": ":"}
    return names.get(key, key)
