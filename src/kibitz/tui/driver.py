"""The game behind the screen: what the app asks of it (``PlayDriver``) and the local
driver, a core ``Session`` with the computer seats and the move log.

A driver knows nothing of Textual; the app asks it what to draw (the viewer's
observation, the person's structured moves, the log) and tells it what was played. The
local ``Driver`` plays here; ``kibitz.tui.remote.RemoteDriver`` sits at a server's table
and sends what is played there, the server's answer coming back as a new state.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from kibitz.ai import make_agent
from kibitz.core.agent import Agent
from kibitz.core.capabilities import Hint, Verdict, level_name
from kibitz.core.errors import IllegalAction, KibitzError
from kibitz.core.game import Game, State
from kibitz.core.record import dumps_record, replay
from kibitz.core.rng import Rng
from kibitz.core.session import Session, Step
from kibitz.core.stats import Entry

PERSON = "person"
"""How a person's seat is written in a record's ``players``."""


@dataclass(frozen=True)
class LogEntry:
    """One action as the viewer saw it: who acted (None: chance) and its text (None: hidden);
    ``chance``: an outcome of chance the game says of a seat (a card it drew), not a move;
    ``begins``: the heading of the part of the game it begins ("Hand 2"), if any;
    ``auto``: a move autoplay made, not the seat's choice."""

    ply: int
    seat: int | None
    text: str | None
    chance: bool = False
    begins: str | None = None
    auto: bool = False


@dataclass(frozen=True)
class Ending:
    """How a game ended: ``text`` for everyone ("Blue wins (resignation)") and, where one
    person plays here, as their side says it ("You won"; None otherwise)."""

    text: str
    for_viewer: str | None


@dataclass(frozen=True)
class ChatLine:
    """One line said at a server's table: its id (later lines have higher ones), the seat
    that said it, the person's name there (None: not given) and what was said."""

    id: int
    seat: int
    name: str | None
    text: str

    def speaker(self, seat_name: str, viewer: int | None) -> str:
        """``Red (Bob)``, ``Red (you)`` (the ``viewer``'s own seat) or ``Red`` (no name)."""
        return with_name(seat_name, "you" if self.seat == viewer else self.name)


def with_name(seat_name: str, name: str | None) -> str:
    """``North (Ann)``: a seat with the person at it, as the page names them; ``North``
    where no name is known."""
    return f"{seat_name} ({name})" if name else seat_name


Notify = Callable[[str, str], None]
"""How a remote driver tells the app what the server said: ``(kind, text)``, kind
``change`` (a new state: redraw and go on), ``update`` (the same position: redraw),
``error`` (a refusal: ``text`` says why), ``note`` (the connection, an offer), ``chat``
(new chat lines: ``text`` is the other seats' news to show briefly, empty if none) or
``said`` (a line of the seat's own came back from the server: ``text`` is it)."""

OFFERED = ("undo", "redo", "restart", "draw", "give_up", "hint", "winnable", "warn_lost",
           "autocomplete", "autoplay", "analyse", "new_game", "seat_computer", "chat")
"""The app's actions that work only where the driver ``offers`` them."""


class PlayDriver(Protocol):
    """What the app asks of the game behind the screen, played here or at a server's table."""

    game: Game
    log: list[LogEntry]
    chat: Sequence[ChatLine]
    """What the seats at the table said, oldest first (none where there is no table)."""
    immediate: bool
    invite: str | None
    """The invite link of a table opened for friends (None: none to share)."""
    """True: a change is made at once (the app redraws after it); False: it is sent, and
    the answer comes back through ``link``'s ``notify``."""

    @property
    def viewer(self) -> int | None: ...
    def observation(self) -> dict[str, Any]: ...
    def person_moves(self) -> list[dict[str, Any]]: ...
    def to_act(self) -> int | None: ...
    def computer_to_act(self) -> int | None: ...
    def is_over(self) -> bool: ...
    def ending(self) -> Ending | None: ...
    def thinking(self) -> bool: ...
    def autoplay_on(self) -> bool: ...
    def deal_number(self) -> int | str | None: ...
    def seat_label(self, seat: int) -> str: ...
    def person_name(self, seat: int) -> str | None: ...
    def offers(self, action: str) -> bool: ...
    def turn_preview(self, text: str) -> list[str] | None: ...
    def can_take_back(self) -> bool: ...
    def begun(self) -> bool: ...
    def entry(self) -> Entry | None: ...
    def history(self) -> tuple[int, ...]: ...
    def ply(self) -> int: ...
    def play(self, move: int | str) -> Step | None: ...
    def thinker(self, seat: int) -> Callable[[], int]: ...
    def play_computer(self, seat: int, action: int) -> Step: ...
    def undo(self) -> Step | None: ...
    def undo_to(self, ply: int) -> Step | None: ...
    def redo(self) -> Step | None: ...
    def restart(self) -> Step | None: ...
    def autocomplete(self) -> Step | None: ...
    def set_autoplay(self, on: bool) -> Step | None: ...
    def give_up(self) -> None: ...
    def seats_to_give(self) -> list[int]: ...
    def watchers(self) -> int: ...
    def seat_computer(self, seat: int) -> None: ...
    def say(self, text: str) -> None: ...
    def draw_question(self) -> str: ...
    def answer_draw(self, yes: bool) -> None: ...
    def hint(self) -> Hint: ...
    def winnable(self) -> Verdict: ...
    def winnable_check(self) -> Callable[[], Verdict]: ...
    def record(self) -> dict[str, Any]: ...
    def write_record(self, path: Path) -> Path | None: ...
    def new_game(self, seed: int | None) -> PlayDriver: ...
    def link(self, notify: Notify) -> Coroutine[Any, Any, None] | None: ...
    def comeback(self) -> str | None: ...
    def warm(self) -> None: ...
    def close(self) -> None: ...


class RecordFileError(KibitzError):
    """The record cannot be written where it goes (the game itself goes on)."""


def save_record(path: Path, record: dict[str, Any]) -> Path:
    """Write ``record`` to ``path``, its folders made as needed; RecordFileError says why
    it cannot be (a folder there, no room, no right to write), so that the game is kept."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps_record(record), encoding="utf-8")
    except OSError as exc:
        raise RecordFileError(f"record {path}: {exc.strerror or exc}") from exc
    return path


T = TypeVar("T")


def swapped(seats: list[T]) -> list[T]:
    """The seats of the next game: a two-seat game's sides change places, as a rematch's
    do at chess sites and the page's "Rematch as ..." (more seats stay as they were)."""
    return seats[::-1] if len(seats) == 2 else list(seats)


def winnable_number(game: Game) -> int:
    """A random deal number that the game's solver proves winnable (the patience rules'
    ``winnable_only``: deals it cannot decide are skipped too)."""
    assistant = game.assistant()
    if assistant is None:
        raise IllegalAction(f"{game.name} has no solver to find winnable deals")
    return assistant.winnable_deal(game, Rng(secrets.randbits(64)))


def agent_label(spec: str) -> str:
    """``level 2, better`` for a computer level's spec, else the spec (``random``)."""
    kind, _, level = spec.partition(":")
    if kind == "level" and level.isdigit():
        return f"level {level}, {level_name(int(level))}"
    return spec


class Driver:
    """A session with a person (or nobody) and computer players in the other seats."""

    immediate = True
    invite = None
    chat: tuple[ChatLine, ...] = ()

    def __init__(
        self,
        game: Game,
        players: list[str | None],
        seed: int | None = None,
        session: Session | None = None,
        chance_seed: int | None = None,
        autoplay: bool = False,
        key: str | None = None,
        winnable_only: bool = False,
    ) -> None:
        """``autoplay``: a new session's safe moves play themselves from the deal on;
        ``key`` names the game in the statistics (a new one by default);
        ``winnable_only``: the new games' random deals are proven winnable."""
        self.game = game
        self.winnable_only = winnable_only
        self.key = key or uuid.uuid4().hex
        """The game's statistics key, kept in its record: a saved game finished later, or
        finished, taken back and finished again, is still one game."""
        self.players = players
        """Per seat: None for the person, else the computer's agent spec."""
        if session is None:
            if chance_seed is None:  # a new game without a seed draws new cards each time
                chance_seed = seed if seed is not None else secrets.randbits(31)
            session = Session(game, seed, chance_seed=chance_seed, autoplay=autoplay)
        self.session = session
        self.chance_seed = session.chance_seed
        """Where the game's chance outcomes come from (kept in the record)."""
        base = self.session.state.seed or 0
        self.agents: dict[int, Agent] = {
            seat: make_agent(spec, game, base + seat) for seat, spec in enumerate(players) if spec
        }
        self.people = tuple(s for s, p in enumerate(players) if p is None)
        self.moved = False
        """Whether the person has played a move here (``begun`` reads the log as well)."""
        """The seats people play at this screen (two only in games without hidden cards)."""
        self.log: list[LogEntry] = []
        self._log_from(0)

    @classmethod
    def from_record(cls, record: dict[str, Any], players: list[str | None]) -> Driver:
        """Continue the game a record holds (its moves replayed as played)."""
        done = replay(record)
        chance_seed = int(record.get("metadata", {}).get("chance_seed", record.get("seed") or 0))
        session = Session.restore(
            done.game, record.get("seed"), record.get("position"), chance_seed,
            done.state.history, {},
        )  # fmt: skip
        key = record.get("metadata", {}).get("game_id")
        return cls(done.game, players, record.get("seed"), session, chance_seed,
                   key=key if isinstance(key, str) and key else None)

    # -- what the screen shows -------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def viewer(self) -> int | None:
        """The person whose view is drawn: the one to act where two share the screen, else
        the person; None when computers play every seat."""
        seat = self.to_act()
        if seat in self.people:
            return seat
        return self.people[0] if self.people else None

    def against_computers(self) -> bool:
        """Whether one person plays and computers hold every other seat (take-back)."""
        return len(self.people) == 1

    def begun(self) -> bool:
        """Whether the person has made a move (from then on the game counts as played, even
        once the moves are taken back or the deal restarted: still the same game)."""
        start = self.session.start_ply
        return self.moved or any(entry.seat in self.people for entry in self.log[start:])

    def entry(self) -> Entry | None:
        """The person's statistics entry: the result once the game is over, a loss for a
        game left unfinished (abandoned); None before the person's first move (rules e.9: "a
        game is played once the player's first move is made"). Only a game one person plays
        (alone, or against computers) counts: its result is theirs."""
        if not self.against_computers() or not self.begun():
            return None  # not played: a deal dead from the start, or given up unplayed
        seat = self.people[0]
        done = self.session.entry(seat, self.key)
        if done is not None:
            return done
        moves = len(self.state.history) - self.session.start_ply
        return Entry(self.key, -1, self.state.seed, self.session.hints, moves)

    def between_people(self) -> bool:
        """Whether two people play each other at this screen (an agreed draw)."""
        return 1 < len(self.people) == len(self.players)

    def observation(self) -> dict[str, Any]:
        """What the viewer may see (everything public when nobody sits)."""
        return self.state.observation(self.viewer)

    def to_act(self) -> int | None:
        """The seat that must act now, or None once the game is over."""
        if self.session.is_over():
            return None
        seat = self.state.current_player
        return seat if seat >= 0 else None

    def person_moves(self) -> list[dict[str, Any]]:
        """The person's structured legal moves, empty when it is not their turn."""
        seat = self.to_act()
        if seat is None or self.players[seat] is not None:
            return []
        return self.state.moves()

    def computer_to_act(self) -> int | None:
        """The computer seat that must act now, if any."""
        seat = self.to_act()
        return seat if seat is not None and self.players[seat] is not None else None

    def seat_label(self, seat: int) -> str:
        """``Blue (you)``, ``Red (level 2, better)`` or ``Red (random)``."""
        spec = self.players[seat]
        who = "you" if spec is None else agent_label(spec)
        return f"{self.game.player_names[seat]} ({who})"

    def person_name(self, seat: int) -> str | None:
        """None: the seats here are the computer's or the person's own, none named."""
        return None

    def is_over(self) -> bool:
        return self.session.is_over()

    def ending(self) -> Ending | None:
        """The result, as the person here says it where one plays (not two at one screen)."""
        out = self.session.outcome()
        if out is None:
            return None
        mine = None
        if self.viewer is not None and not self.between_people():
            mine = out.result_for(self.game.side_of(self.viewer))
        return Ending(out.describe(self.game.player_names), mine)

    def thinking(self) -> bool:
        """False: the app itself runs this driver's computers (and knows when they think)."""
        return False

    def autoplay_on(self) -> bool:
        return self.session.autoplay

    def deal_number(self) -> int | None:
        return self.state.seed

    def turn_preview(self, text: str) -> list[str] | None:
        """What typed ``text`` would play as the person's whole turn now, each action in
        the game's words (None: not a turn they may play now)."""
        seat = self.to_act()
        if seat is None or self.players[seat] is not None or not text.strip():
            return None
        probe = self.state.clone()
        try:
            actions = probe.turn_actions(text)
        except KibitzError:
            return None
        said = []
        for action in actions:
            said.append(probe.action_to_str(action))
            probe.apply(action)
        return said

    def offers(self, action: str) -> bool:
        """Whether the app's ``action`` (one of ``OFFERED``) works in this game now."""
        session, seated = self.session, self.viewer is not None
        if action in ("undo", "redo"):
            return self.takes_back()
        if action == "restart":
            return session.features.undo and seated
        if action == "draw":
            return session.features.draw_offers and self.between_people() and not self.is_over()
        if action == "give_up":
            return session.features.concede and seated and not self.is_over()
        if action in ("hint", "winnable", "autocomplete", "autoplay", "warn_lost"):
            return session.assistant is not None and seated
        if action == "analyse":
            return self.is_over()
        return action == "new_game"

    def history(self) -> tuple[int, ...]:
        return tuple(self.state.history)

    def ply(self) -> int:
        return len(self.state.history)

    # -- playing ---------------------------------------------------------------------------
    def play(self, move: int | str) -> Step:
        """The person's move: an id, or typed notation read as a whole turn (a row of cards,
        a discard set: all or nothing); a move out of turn is refused."""
        seat = self.to_act()
        if seat is None:
            raise IllegalAction("the game is over")
        if self.players[seat] is not None:
            raise IllegalAction(f"it is {self.game.player_names[seat]}'s turn, not yours")
        step = self.session.play_turn(move) if isinstance(move, str) else self.session.play(move)
        self.moved = True
        return self._played(step)

    def think(self, seat: int, state: State) -> int:
        """The computer's choice for ``seat`` in ``state`` (a copy; runs in a worker)."""
        return self.agents[seat].choose(state, seat)

    def thinker(self, seat: int) -> Callable[[], int]:
        """The computer's choice for ``seat`` now, as a job for a worker (on a copy)."""
        state = self.state.clone()
        return lambda: self.think(seat, state)

    def play_computer(self, seat: int, action: int) -> Step:
        """Apply a computer's choice made for ``seat``."""
        if self.computer_to_act() != seat:
            raise IllegalAction(f"{self.game.player_names[seat]} is not to act")
        return self._played(self.session.play(action))

    def takes_back(self) -> bool:
        """Whether the person may undo: patience, or a take-back against the computer."""
        features = self.session.features
        return features.undo or (features.take_back and self.against_computers())

    def can_take_back(self) -> bool:
        """Whether an undo would take something back now."""
        session = self.session
        if not self.takes_back() or session.is_declared():
            return False
        if session.features.undo:
            return bool(session.steps)
        return session.can_take_back(self._side())

    def _side(self) -> tuple[int, ...]:
        assert self.viewer is not None
        return self.game.side_of(self.viewer)

    def undo(self) -> Step:
        """Undo a step (patience), or take back to the person's previous turn."""
        session = self.session
        step = session.undo() if session.features.undo else session.take_back(self._side())
        del self.log[len(self.state.history) :]
        return step

    def restart(self) -> Step:
        """Back to the deal's start (patience: rules e.3), the moves discarded: still the
        same game (one statistics entry); what was taken back, as one step."""
        start = self.session.start_ply
        gone = tuple(self.state.history[start:])
        self.session.restart()
        del self.log[start:]
        return Step(gone, (False,) * len(gone))

    def undo_to(self, ply: int) -> Step:
        """Undo back to ``ply`` moves (patience: the last winnable position)."""
        step = self.session.undo_to(ply)
        del self.log[len(self.state.history) :]
        return step

    def redo(self) -> Step:
        session = self.session
        if session.features.undo:
            return self._played(session.redo())
        return self._played(session.play_again(self._side()))

    def give_up(self) -> None:
        """The person (the one to act, where two share the screen) resigns, or concedes a
        patience deal."""
        if self.viewer is None:
            raise IllegalAction("nobody sits here to give the game up")
        self.session.concede(self.viewer)

    def seats_to_give(self) -> list[int]:
        """None here: every seat at this screen is a person's or a computer's."""
        return []

    def watchers(self) -> int:
        """None watch a game at this screen from elsewhere."""
        return 0

    def seat_computer(self, seat: int) -> None:
        raise IllegalAction("every seat here is taken: no seat waits for a friend")

    def say(self, text: str) -> None:
        raise IllegalAction("a game at this screen has no table chat (a server table has)")

    def agree_draw(self) -> None:
        """The two people at this screen agree a draw."""
        if not self.between_people():
            raise IllegalAction("a draw is agreed between two people; the computer plays on")
        self.session.agree_draw()

    def draw_question(self) -> str:
        return "Do both players agree a draw?"

    def answer_draw(self, yes: bool) -> None:
        """Agree the draw once both people at this screen said yes."""
        if yes:
            self.agree_draw()

    def set_autoplay(self, on: bool) -> Step | None:
        """Switch autoplay; the safe moves it plays at once are logged as one step."""
        step = self.session.set_autoplay(on)
        return None if step is None else self._played(step)

    def hint(self) -> Hint:
        return self.session.hint()

    def winnable(self) -> Verdict:
        return self.session.winnable()

    def winnable_check(self) -> Callable[[], Verdict]:
        """Whether the position now can still be won, as a job for a worker (on a copy)."""
        assistant = self.session.assistant
        if assistant is None:
            raise IllegalAction(f"{self.game.name} has no solver")
        state = self.state.clone()
        return lambda: assistant.winnable(state)

    def autocomplete(self) -> Step:
        return self._played(self.session.autocomplete())

    def _played(self, step: Step) -> Step:
        self._log_from(len(self.state.history) - len(step.actions))
        return step

    def _log_from(self, ply: int) -> None:
        """Log the actions from ``ply`` on, each as the viewer saw it when it was made."""
        auto = self.session.automatic()
        del self.log[ply:]
        self.log += [
            LogEntry(s["ply"], s.get("seat"), s.get("text"), s["chance"], s.get("begins"),
                     auto[s["ply"] - 1] and not s["chance"])
            for s in self.state.seen_actions(self.viewer, ply)
        ]  # fmt: skip

    # -- record ----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game record, readable by ``kibitz replay`` and ``kibitz convert``."""
        return self.session.record({
            "players": [p or PERSON for p in self.players],
            "chance_seed": self.chance_seed, "game_id": self.key,
        })  # fmt: skip

    def write_record(self, path: Path) -> Path:
        """Write the record to ``path`` (``save_record``)."""
        return save_record(path, self.record())

    # -- the next game ---------------------------------------------------------------------
    def new_game(self, seed: int | None) -> Driver:
        """A new game of the same game, options and players, a two-seat game's sides
        swapped (``swapped``), autoplay as it is now; a random deal is a winnable one where
        ``winnable_only`` asks (a number given is dealt as asked)."""
        if seed is None and self.winnable_only:
            seed = winnable_number(self.game)
        return Driver(self.game, swapped(self.players), seed, autoplay=self.session.autoplay,
                      winnable_only=self.winnable_only)

    def link(self, notify: Notify) -> None:
        """None: a local game has no connection to keep."""
        return None

    def comeback(self) -> None:
        """None: a local game is gone once left (unless its record was saved)."""
        return None

    def warm(self) -> None:
        """Ready the game's compiled cores (``Game.warm``): its computer players, hints and
        analysis all run in this process."""
        self.game.warm()

    def close(self) -> None:
        """Nothing to let go."""
