"""A seat at a server's table (``kibitz join``): the driver behind the terminal app when the
game is played on a running ``kibitz serve``.

The driver keeps the last state message the server sent the seat (its own observation:
another seat's hidden cards never reach it) and sends what the person does as the web page
does, over the table's WebSocket; the server's answer, a new state or an error, comes back
through ``link``, the coroutine the app runs in a worker. Computer seats play on the server.
A dropped connection is taken up again with the same token a few times, waiting longer
each time; the game goes on at the server meanwhile, and the seat's token brings the
player back to it later.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Coroutine
from dataclasses import replace
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from kibitz.core.capabilities import Hint, Verdict
from kibitz.core.errors import IllegalAction
from kibitz.core.game import Game
from kibitz.core.registry import load
from kibitz.core.session import Step
from kibitz.core.stats import Entry
from kibitz.tui.driver import (
    ChatLine,
    Ending,
    LogEntry,
    Notify,
    agent_label,
    save_record,
    swapped,
)
from kibitz.tui.link import (
    FORMS,
    TableError,
    TableLink,
    TableServer,
    choose_seat,
    open_table,
    parse_link,
)

RETRIES = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds waited before each of the first tries to take a dropped connection up again;
then every ``RETRY_EVERY`` seconds while the app runs (as the page keeps trying)."""
RETRY_EVERY = 15.0
ANSWER_TIMEOUT = 120.0
"""Seconds a hint or a "still winnable?" may take on the server."""
NOT_HERE = (4403, 4404)
"""Close codes of a connection the server refuses for good (no seat, no table)."""
CHAT_REF = "chat"
"""The ``ref`` a chat line is sent with: the server's refusal of it carries it back, so it is
not taken for the answer to a question waited for."""
CHAT_KEPT = 100
"""The most chat lines kept to show (the server sends its latest 100 on connecting)."""


def sit(
    url: str, token: str | None = None, name: str | None = None, seat: str | None = None,
    watch: bool = False,
) -> RemoteDriver:
    """The driver of the table at ``url``: the seat a ``token`` holds (given, or in the
    address), an open seat taken with the invite link's code (``seat``, by name or number,
    else the first open one; ``name`` for the server's statistics), or a spectator's
    (``watch``). TableError names what is wrong (the server's own words for a refusal)."""
    link = parse_link(url, token)
    if watch:
        link = replace(link, invite=None, token=None)
    elif link.token is None and link.invite is None:
        raise TableError(f"{url.strip()[:120]!r} holds no invite code and no seat token: "
                         f"give {FORMS}")
    server = TableServer(link)
    try:
        if link.invite is not None and link.token is None:
            taken = choose_seat(server.summary(), seat)
            server.link = link.with_token(server.join(taken, link.invite, name))
        try:
            return RemoteDriver.open(server)
        except TableError as exc:
            if server.link.token == link.token:
                raise
            raise TableError(f"{exc}; the seat is yours: come back with "
                             f"{server.link.comeback()}") from None
    except BaseException:
        server.close()
        raise


def host(base: str, body: dict[str, Any]) -> RemoteDriver:
    """A new table at the server ``base`` (``body`` as ``POST /api/tables`` takes it) and
    the driver of its first person's seat (``invite``: the link for its open seats)."""
    return opened(open_table(base, body))


def opened(link: TableLink) -> RemoteDriver:
    """The driver of the seat ``link``'s token holds at its table."""
    server = TableServer(link)
    try:
        return RemoteDriver.open(server)
    except BaseException:
        server.close()
        raise


class RemoteDriver:
    """One seat (or a spectator) at a server's table, behind the terminal app."""

    immediate = False

    def __init__(self, server: TableServer, state: dict[str, Any]) -> None:
        """``state``: the seat's state message as the server sent it (from ``open``)."""
        self.server = server
        self.token = server.link.token
        table = state["table"]
        self.game: Game = load(table["game"], **table["options"])
        self.seat: int | None = state["seat"]
        self.msg = state
        self.log: list[LogEntry] = []
        self.chat: list[ChatLine] = []
        self._opened = 0
        """Connections opened so far: the lines said before the first one are no news."""
        self.final: dict[str, Any] | None = None
        """The finished game's record (fetched when the game ends), None before."""
        self.connected = False
        self._queue: asyncio.Queue[str] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: tuple[str, asyncio.Future[dict[str, Any]]] | None = None
        self._asking = threading.Lock()
        self.keeper: Callable[[RemoteDriver], None] | None = None
        """Called with each seat this player takes from here (the rematch's too), to keep it."""
        self.held: Callable[[str], str | None] | None = None
        """The token of a seat kept here at another table of this server (None: none), so
        that a rematch this player sits at already is gone back to, as the page does."""
        if not self._log(state):
            self._fetch_log()

    @classmethod
    def open(cls, server: TableServer) -> RemoteDriver:
        """The driver of the seat ``server.link.token`` holds (a spectator's without one),
        from the table's view now; TableError names a refusal (a token of no seat here)."""
        driver = cls(server, server.view(server.link.token))
        if driver.is_over():
            driver._fetch_record()
        return driver

    def close(self) -> None:
        """Let the HTTP connections go (the WebSocket closes with the app's worker)."""
        self.server.close()

    def comeback(self) -> str | None:
        """The command that takes this seat up again (None: a spectator's)."""
        return None if self.token is None else self.server.link.comeback()

    def warm(self) -> None:
        """Nothing at the start: the table's computers and hints run at the server (an
        analysis of the finished game here loads the cores when it is asked for)."""

    def rematch_news(self) -> str:
        """"Ann asks for a rematch: n joins it" (who asked, where the server says); where this
        player sits at the rematch already (made or joined from here), that n goes to it."""
        if self._held_rematch() is not None:
            return "you sit at this table's rematch already: n goes to it"
        by = self.table.get("rematch_by")
        who = "" if by is None else (self.table["seats"][by]["name"] or
                                     self.game.player_names[by])
        return f"{who} asks for a rematch: n joins it" if who else (
            "a rematch is waiting for you: n joins it")

    @property
    def invite(self) -> str | None:
        """The invite link to the table's open seats, as the server gives a seat's holder
        (None: no seat is open, or this is a spectator)."""
        path = self.msg.get("invite")
        return f"{self.server.link.base}{path}" if isinstance(path, str) else None

    # -- what the screen shows -------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.seat

    @property
    def table(self) -> dict[str, Any]:
        summary: dict[str, Any] = self.msg["table"]
        return summary

    def observation(self) -> dict[str, Any]:
        view: dict[str, Any] = self.msg["view"]
        return view

    def person_moves(self) -> list[dict[str, Any]]:
        """The seat's legal moves (the server sends them to the seat to act only)."""
        return list(self.msg["legal"]) if self.msg.get("your_turn") else []

    def to_act(self) -> int | None:
        seat = None if self.is_over() else self.observation().get("to_act")
        return seat if isinstance(seat, int) else None

    def computer_to_act(self) -> None:
        """None: the server plays its computer seats."""
        return None

    def is_over(self) -> bool:
        return self.msg.get("outcome") is not None

    def ending(self) -> Ending | None:
        out = self.msg.get("outcome")
        if out is None:
            return None
        return Ending(str(out.get("text") or "over"), out.get("for_you"))

    def thinking(self) -> bool:
        return bool(self.msg.get("thinking"))

    def autoplay_on(self) -> bool:
        return bool(self.msg.get("autoplay"))

    def deal_number(self) -> str | None:
        """The deal the server shows (none for a game with hidden cards)."""
        seed = self.table.get("seed")
        return None if seed is None else str(seed)

    def seat_label(self, seat: int) -> str:
        """``Blue (you)``, ``Red (level 2, better)``, ``Red (Ann)``, ``Red (Ann, away)`` or
        ``Red (open seat)``."""
        s = self.table["seats"][seat]
        if seat == self.seat:
            who = "you"
        elif s["kind"] == "computer":
            who = agent_label(str(s["agent"]))
        elif s["kind"] == "open":
            who = "open seat"
        else:
            who = self.person_name(seat) or "a person"
            who += "" if s.get("connected") else ", away"
        return f"{self.game.player_names[seat]} ({who})"

    def person_name(self, seat: int) -> str | None:
        """The name the person at ``seat`` sits under (None: a computer's or an open seat,
        or a person who gave none)."""
        s = self.table["seats"][seat]
        return str(s["name"]) if s["kind"] == "human" and s["name"] else None

    def turn_preview(self, text: str) -> list[str] | None:
        """Unknown here: the server reads a typed turn against the whole game."""
        return None

    def offers(self, action: str) -> bool:
        """What the server offers this seat now, as its state says (a key it leaves out is
        a feature it does not offer here)."""
        m, seated, over = self.msg, self.seat is not None, self.is_over()
        if action in ("undo", "redo"):
            return "can_take_back" in m or "can_undo" in m
        if action == "restart":
            return "can_undo" in m and seated
        if action == "draw":
            return bool(m.get("can_offer_draw")) and not over
        if action == "give_up":
            return self.game.features.concede and seated and not over
        if action in ("hint", "winnable", "autocomplete", "autoplay", "warn_lost"):
            return "autoplay" in m and seated
        if action == "new_game":
            return seated
        if action == "seat_computer":
            return seated and not over and bool(self.seats_to_give())
        if action == "chat":
            people = sum(s["kind"] != "computer" for s in self.table["seats"])
            return seated and (people > 1 or bool(self.chat))
        return action == "analyse" and over

    def can_take_back(self) -> bool:
        return bool(self.msg.get("can_take_back") or self.msg.get("can_undo"))

    def begun(self) -> bool:
        return any(entry.seat == self.seat for entry in self.log)

    def entry(self) -> Entry | None:
        """None: a server table's results count in the server's statistics (by name)."""
        return None

    def history(self) -> tuple[int, ...]:
        return tuple(self.final["actions"]) if self.final else ()

    def ply(self) -> int:
        return int(self.msg["ply"])

    # -- playing: each message sent; the server's answer comes through ``link`` -------------
    def play(self, move: int | str) -> None:
        """Send the seat's move: a legal move's id, or typed notation as a whole turn."""
        named = {"turn": move} if isinstance(move, str) else {"id": move}
        self._send({"type": "action", **named, "ply": self.ply()})

    def thinker(self, seat: int) -> Callable[[], int]:
        raise IllegalAction("the server plays its computer seats")

    def play_computer(self, seat: int, action: int) -> Step:
        raise IllegalAction("the server plays its computer seats")

    def undo(self) -> None:
        self._send({"type": "undo"})

    def undo_to(self, ply: int) -> None:
        self._send({"type": "undo", "to": ply})

    def redo(self) -> None:
        self._send({"type": "redo"})

    def restart(self) -> None:
        self._send({"type": "restart"})

    def autocomplete(self) -> None:
        self._send({"type": "autocomplete", "ply": self.ply()})

    def set_autoplay(self, on: bool) -> None:
        self._send({"type": "autoplay", "on": on})

    def give_up(self) -> None:
        self._send({"type": "concede"})

    def seats_to_give(self) -> list[int]:
        """The seats the server's computer may be asked to take: those nobody has taken yet
        (waiting for a friend), and those of the other people not connected now (given once
        they have been away two minutes, so that a friend who left does not stop the game)."""
        return [i for i, s in enumerate(self.table["seats"]) if s["kind"] == "open"
                or (s["kind"] == "human" and not s["connected"] and i != self.seat)]

    def watchers(self) -> int:
        """How many others watch the table (this terminal, watching, not counted)."""
        watchers = int(self.table.get("watchers", 0))  # a server before 2026-12-05 says none
        return max(watchers - (1 if self.seat is None else 0), 0)

    def seat_computer(self, seat: int) -> None:
        """Give a seat to the server's computer (the game's default level)."""
        self._send({"type": "seat_computer", "seat": seat})

    def say(self, text: str) -> None:
        """Send a line to the table's chat (it comes back as ``said``, or a refusal)."""
        self._send({"type": "chat", "text": text, "ref": CHAT_REF})

    def _offer(self) -> tuple[int | None, bool]:
        """The seat that offered a draw (None: no offer) and whether it is this side's."""
        offer = self.msg.get("draw_offer")
        if not isinstance(offer, int) or self.seat is None:
            return None, False
        return offer, offer in self.game.side_of(self.seat)

    def draw_question(self) -> str:
        offer, ours = self._offer()
        if offer is None:
            return "Offer a draw? It stands until they answer or a move is made."
        if ours:
            return "Withdraw your offer of a draw?"
        return f"{self.game.player_names[offer]} offers a draw. Accept it? (n declines)"

    def answer_draw(self, yes: bool) -> None:
        """Offer, accept, withdraw or decline, as the question asked."""
        offer, ours = self._offer()
        if offer is None:
            kind = "offer_draw" if yes else None
        elif ours:
            kind = "decline_draw" if yes else None
        else:
            kind = "accept_draw" if yes else "decline_draw"
        if kind is not None:
            self._send({"type": kind})

    def hint(self) -> Hint:
        """The server's hint (asked from a worker thread; waits for the answer)."""
        reply = self._ask({"type": "hint", "ply": self.ply()}, "hint")
        return Hint(str(reply["kind"]), str(reply["message"]), reply.get("action"),
                    tuple(reply.get("line") or ()), reply.get("last_winnable_ply"))

    def winnable(self) -> Verdict:
        """The server's "still winnable?" (from a worker thread)."""
        return Verdict(self._ask({"type": "winnable"}, "winnable")["verdict"])

    def winnable_check(self) -> Callable[[], Verdict]:
        return self.winnable

    # -- the record ------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The finished game's record, from the server."""
        if self.final is None:
            self.final = self.server.record()
        return self.final

    def write_record(self, path: Path) -> Path | None:
        """Write the finished game's record fetched from the server (None: none came;
        ``save_record``)."""
        return None if self.final is None else save_record(path, self.final)

    def _fetch_record(self) -> None:
        try:
            self.final = self.server.record()
        except TableError:
            self.final = None

    def new_game(self, seed: int | None) -> RemoteDriver:
        """The next game, as the page's rematch: once the game is over, the server's rematch
        of this table (the first person to ask makes it, its computers again, a two-seat
        table's sides swapped; the others join it; one sat at already is gone back to); for
        a game left unfinished, a deal asked by number or a game of one seat, a new table
        made here; the new table's driver (blocking: run in a worker)."""
        rematch = self.is_over() and len(self.table["seats"]) > 1 and self.seat is not None
        if rematch and seed is None:
            link = self._held_rematch()
            if link is None:
                reply = self._ask({"type": "rematch"}, "rematch")
                link = TableLink(self.server.link.base, str(reply["id"]),
                                 token=str(reply["token"]))
            return self._kept(opened(link))
        return self._kept(self._new_table(seed))

    def _held_rematch(self) -> TableLink | None:
        """This player's seat at the table's rematch, where one is kept here (None: no
        rematch, or none kept there: the server is asked, and refuses a seat taken already)."""
        rematch = self.table.get("rematch")
        if self.held is None or self.seat is None or not isinstance(rematch, str):
            return None
        token = self.held(rematch)
        return None if token is None else TableLink(self.server.link.base, rematch, token=token)

    def _kept(self, new: RemoteDriver) -> RemoteDriver:
        """``new``, its seat kept where this one's was (and the seats kept there looked up)."""
        new.keeper, new.held = self.keeper, self.held
        if new.keeper is not None:
            new.keeper(new)
        return new

    def _new_table(self, seed: int | None) -> RemoteDriver:
        """A new table of the same game, options and seats: its computers again, this seat
        this player's, the other people's open for the invite link, a two-seat table's sides
        swapped (``swapped``)."""
        table = self.table
        seats = swapped([self._again(i, s) for i, s in enumerate(table["seats"])])
        body: dict[str, Any] = {"game": table["game"], "options": table["options"],
                                "seats": seats}
        if seed is not None:
            body["seed"] = str(seed)
        if self.autoplay_on():
            body["autoplay"] = True
        return host(self.server.link.base, body)

    def _again(self, seat: int, was: dict[str, Any]) -> dict[str, Any]:
        """Seat ``seat`` of the next table, as the server's ``POST /api/tables`` takes it."""
        if seat == self.seat:
            return {"kind": "human", "name": was.get("name")}
        if was["kind"] == "computer":
            kind, _, level = str(was.get("agent") or "").partition(":")
            return {"kind": "computer", "level": int(level) if kind == "level" and
                    level.isdigit() else None}
        return {"kind": "open"}

    # -- the connection --------------------------------------------------------------------
    def link(self, notify: Notify) -> Coroutine[Any, Any, None]:
        return self._run(notify)

    async def _run(self, notify: Notify) -> None:
        """Keep the table's WebSocket open, taking it up again after a drop (``RETRIES``,
        then every ``RETRY_EVERY`` seconds), and tell the app what comes."""
        self._loop = asyncio.get_running_loop()
        tries = 0
        while True:
            why, code = await self._connection(notify, tries > 0)
            if self.connected:
                tries = 0
            self.connected = False
            if code in NOT_HERE:
                notify("note", f"the server closed the connection: {why}")
                return
            if tries < len(RETRIES):
                delay = RETRIES[tries]
                notify("note", f"connection lost ({why}); trying again in {delay:g} s")
            else:
                delay = RETRY_EVERY
                if tries == len(RETRIES):  # said once: the tries go on quietly
                    notify("note", f"connection lost ({why}); trying again every {delay:g} s. "
                           f"The game goes on at the server; or {self._back()}")
            tries += 1
            await asyncio.sleep(delay)

    def _back(self) -> str:
        comeback = self.comeback()
        if comeback is None:
            return f"watch it again with kibitz join {self.server.link.page} --watch"
        return f"come back with {comeback}"

    async def _connection(self, notify: Notify, again: bool) -> tuple[str, int | None]:
        """One connection, until it closes: why it ended and the close code."""
        try:
            async with connect(self.server.link.socket(), open_timeout=10,
                               max_size=2**23) as ws:
                self.connected = True
                self._opened += 1
                if again:
                    notify("note", "connected again")
                queue: asyncio.Queue[str] = asyncio.Queue()
                self._queue = queue
                sender = asyncio.create_task(self._sending(ws, queue))
                try:
                    async for text in ws:
                        await self._take(str(text), notify)
                finally:
                    self._queue = None
                    sender.cancel()
                    self._drop_waiting()
            code = ws.close_code
            return ws.close_reason or f"closed by the server, code {code}", code
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
            return (exc.rcvd.reason if exc.rcvd and exc.rcvd.reason else "dropped"), code
        except InvalidStatus as exc:
            return f"refused: HTTP {exc.response.status_code}", None
        except (OSError, TimeoutError, WebSocketException) as exc:
            return (str(exc).splitlines()[0] if str(exc) else type(exc).__name__), None

    @staticmethod
    async def _sending(ws: ClientConnection, queue: asyncio.Queue[str]) -> None:
        while True:
            await ws.send(await queue.get())

    def _send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the server; refused while the connection is down."""
        if self.seat is None:
            raise IllegalAction("you are watching this table; only its players act")
        if self._queue is None:
            raise TableError("not connected to the server: nothing was sent (wait for the "
                             "connection to come back)")
        self._queue.put_nowait(json.dumps(message, separators=(",", ":")))

    async def _take(self, text: str, notify: Notify) -> dict[str, Any]:
        """One message from the server: a state (a change goes on with the game), chat
        lines, an error (a refusal), or the answer to a question. One this terminal cannot
        read is said and dropped: the game goes on with the state before it."""
        try:
            msg = json.loads(text)
        except ValueError:
            msg = None
        kind = msg.get("type") if isinstance(msg, dict) else None
        lines = _chat_lines(msg, self.game.num_players) if kind == "chat" else None
        unreadable = (kind == "state" and not _readable(msg)) or (kind == "chat" and lines is None)
        if not isinstance(msg, dict) or unreadable:
            notify("error", f"the server sent what this terminal cannot read ({text[:60]!r}); "
                   "it was left out")
            return {}
        waiting = self._waiting
        if kind == "state":
            before, self.msg = self.msg, msg
            if not self._log(msg):
                await asyncio.to_thread(self._fetch_log)
            changed = _moment(before) != _moment(msg)
            if changed and self.is_over():
                await asyncio.to_thread(self._fetch_record)
            notify("change" if changed else "update", self._offer_news(before))
        elif lines is not None:
            self._heard(lines, msg.get("earlier") is True, notify)
        elif kind == "error" and waiting is not None and msg.get("ref") != CHAT_REF:
            waiting[1].set_exception(TableError(str(msg.get("message"))))
        elif kind == "error":
            notify("error", str(msg.get("message")))
        elif waiting is not None and kind == waiting[0]:
            waiting[1].set_result(msg)
        return msg

    def _offer_news(self, before: dict[str, Any]) -> str:
        """What changed in the draw offers or the rematch, in words (empty when nothing
        did)."""
        rematch = self.table.get("rematch")
        if rematch is not None and rematch != before["table"].get("rematch"):
            return self.rematch_news()
        offer, ours = self._offer()
        was = before.get("draw_offer")
        if offer == was or self.is_over():
            return ""
        if offer is None:
            if before["ply"] != self.msg["ply"]:
                return "the draw offer lapsed with the move"
            who = self.game.player_names[was]
            if self.seat is not None and was in self.game.side_of(self.seat):
                return "your draw offer is off: declined, or withdrawn at another screen"
            return f"{who} withdrew the draw offer"
        if ours:
            return "you offered a draw: it stands until they answer"
        return f"{self.game.player_names[offer]} offers a draw: d answers it"

    def _heard(self, lines: list[ChatLine], earlier: bool, notify: Notify) -> None:
        """Keep the chat lines not had yet (a reconnect sends the latest again) and tell the
        app: the other seats' lines are news, and the seat's own come back as ``said``, but
        not the lines said before the first connection opened."""
        last = self.chat[-1].id if self.chat else -1
        new = [line for line in lines if line.id > last]
        if not new:
            return
        self.chat = (self.chat + new)[-CHAT_KEPT:]
        fresh = not earlier or self._opened > 1
        others = [line for line in new if line.seat != self.seat] if fresh else []
        notify("chat", self._news(others))
        for line in new:
            if fresh and line.seat == self.seat:
                notify("said", line.text)

    def _news(self, lines: list[ChatLine]) -> str:
        """The other seats' new lines in a few words: the last, and how many came."""
        if not lines:
            return ""
        last = lines[-1]
        words = f"{last.speaker(self.game.player_names[last.seat], self.seat)}: {last.text}"
        return words if len(lines) == 1 else f"{len(lines)} new lines; the last: {words}"

    def _log(self, msg: dict[str, Any]) -> bool:
        """The move log: the server's list where the game hides nothing, else each last
        action as this seat saw it, as the states come; False where actions were missed
        (a whole turn in one change, or while away): the list is then fetched whole."""
        moves = msg.get("moves")
        if moves is not None:
            self.log = [LogEntry(i + 1, m["seat"], m["text"], auto=bool(m.get("auto")))
                        for i, m in enumerate(moves)]
            return True
        ply, last = msg["ply"], msg["view"].get("last_action")
        del self.log[next((i for i, e in enumerate(self.log) if e.ply > ply), len(self.log)):]
        logged = self.log[-1].ply if self.log else 0
        if ply > logged + 1:
            return False
        if last is not None and logged < ply:
            self.log.append(
                LogEntry(ply, last.get("seat"), last.get("text"), begins=last.get("begins")))
        return True

    def _fetch_log(self) -> None:
        """Every action so far as this seat saw it, from the server (where it cannot be
        had, the list stays as it is and goes on with the next changes)."""
        try:
            seen = self.server.seen_log(self.token)["moves"]
        except TableError:
            return
        self.log = [LogEntry(s["ply"], s.get("seat"), s.get("text"), s["chance"],
                             s.get("begins")) for s in seen]

    # -- questions answered by the server (from a worker thread) ---------------------------
    def _ask(self, message: dict[str, Any], answer: str) -> dict[str, Any]:
        """Send ``message`` and wait for the server's ``answer`` (its error: TableError)."""
        loop = self._loop
        if loop is None:
            raise TableError("not connected to the server")
        with self._asking:
            future = asyncio.run_coroutine_threadsafe(self._question(message, answer), loop)
            try:
                return future.result(timeout=ANSWER_TIMEOUT)
            except TimeoutError:
                future.cancel()
                raise TableError(f"the server did not answer within {ANSWER_TIMEOUT:g} s") \
                    from None

    async def _question(self, message: dict[str, Any], answer: str) -> dict[str, Any]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting = (answer, future)
        try:
            self._send(message)
            return await future
        finally:
            self._waiting = None

    def _drop_waiting(self) -> None:
        if self._waiting is not None and not self._waiting[1].done():
            self._waiting[1].set_exception(TableError("the connection to the server dropped"))


def _readable(state: dict[str, Any]) -> bool:
    """Whether a state message has what the screen is drawn from."""
    return (isinstance(state.get("view"), dict) and isinstance(state.get("legal"), list)
            and isinstance(state.get("table"), dict) and isinstance(state.get("ply"), int))


def _chat_lines(msg: dict[str, Any], seats: int) -> list[ChatLine] | None:
    """The lines a chat message carries, oldest first, each said by one of the ``seats``
    (None: not as this terminal reads them)."""
    lines = msg.get("lines")
    if not isinstance(lines, list) or not all(isinstance(line, dict) for line in lines):
        return None
    try:
        said = [ChatLine(int(line["id"]), int(line["seat"]), line.get("name") or None,
                         str(line["text"])) for line in lines]
    except (KeyError, TypeError, ValueError):
        return None
    return said if all(0 <= line.seat < seats for line in said) else None


def _moment(msg: dict[str, Any]) -> tuple[Any, ...]:
    """What makes a state a new moment of the game (not just who is connected): the ply,
    the result, whose turn, autoplay."""
    return msg["ply"], json.dumps(msg.get("outcome")), msg.get("your_turn"), msg.get("autoplay")
