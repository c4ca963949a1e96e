"""The hub: the tables in memory, the live-play protocol, computer turns and broadcasting.

All changes to a table happen under its lock, are stored as they happen, and are then sent
to every connection as that connection's own view. Computer seats think in the worker pool;
when a move comes back the table is checked to be where it was before the move is applied.

Memory is bounded: at most ``Limits.max_tables`` tables are held; finished tables and tables
nobody has used for ``Limits.idle_seconds`` are unloaded (everything is stored already) and
loaded again on demand, and when room is needed the least recently used unwatched table
goes first. A table of computers only plays while someone watches it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from kibitz.ai import make_agent
from kibitz.core.errors import IllegalAction, InvalidOptions, KibitzError
from kibitz.core.game import Game
from kibitz.core.options import options_to_json
from kibitz.core.registry import game_class, load
from kibitz.core.session import Session
from kibitz.server import chat, workers
from kibitz.server.limits import Limits, whole
from kibitz.server.outbox import Outbox
from kibitz.server.store import SeatSpec, Store, StoredTable, hash_token
from kibitz.server.table import LiveTable

log = logging.getLogger("kibitz.server")

MESSAGES = ("action, undo, redo, restart, hint, winnable, autocomplete, autoplay, concede, "
            "offer_draw, accept_draw, decline_draw, seat_computer, rematch, chat, view, ping")
"""The client message types."""
SEAT_CONNECTIONS = 4
"""Connections one seat may have open at a time (a player's tabs and devices)."""


def agent_seed(chance_seed: int, ply: int, seat: int) -> int:
    """The computer's seed for its move at ``ply``: the same after a restart, and keyed by
    the table's secret so that the computer's choices tell nothing of the deck order (a sum
    with the secret would have given its low bits away)."""
    key = chance_seed.to_bytes(8, "big")
    digest = hashlib.blake2b(f"{ply}:{seat}".encode(), key=key, digest_size=4).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


class NotFound(KibitzError, LookupError):
    """A table id that does not exist."""


class Forbidden(KibitzError, PermissionError):
    """A token that does not hold the seat it tries to act for."""


class Busy(KibitzError, RuntimeError):
    """The server is at a limit of its resource policy for now; try again later."""


def agent_for(game: Game, level: int | None) -> str:
    """The agent spec of a computer seat: ``level:n`` (the game's default level when none
    is chosen), or ``random`` where a game has no levels."""
    levels = game.ai().levels
    if not levels:
        return "random"
    n = game.ai().default_level if level is None else level
    if n not in levels:
        raise InvalidOptions(f"{game.name} has computer levels {sorted(levels)}, not {n}")
    return f"level:{n}"


def swapped_seat(seats: int, seat: int) -> int:
    """Where ``seat``'s person sits in a rematch: a two-seat game's sides swap, as at chess
    sites; more seats stay as they were."""
    return 1 - seat if seats == 2 else seat


def _start_autoplay(table: LiveTable) -> None:
    """Switch a new table's autoplay on: a deal's safe moves are part of its start (never
    undone, no move of the player's: FO-13), a continued record's are one step, as
    switching it on at the table plays them."""
    stored = table.stored
    if stored.actions:
        table.session.set_autoplay(True)
    else:
        table.session = Session(table.game, stored.seed, stored.position, stored.chance_seed,
                                autoplay=True)


class Hub:
    """Live tables in memory, backed by the store."""

    def __init__(
        self, store: Store, pool: Executor, computer_delay: float = 0.0,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.pool = pool
        self.computer_delay = computer_delay
        self.limits = limits or Limits()
        self.tables: dict[str, LiveTable] = {}
        self.tasks: set[asyncio.Task] = set()
        self.questions = 0
        """Solver questions being answered now (at most ``limits.max_questions``)."""

    # -- lifecycle -------------------------------------------------------------------------
    async def startup(self) -> None:
        """Start unloading idle tables. Unfinished tables stay stored until someone opens
        them; loading one resumes its computer turns, so a restart loses nothing."""
        self._spawn(self._sweeper())

    async def shutdown(self) -> None:
        """Stop the computer turns in flight and the sweeper."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- memory ----------------------------------------------------------------------------
    async def _sweeper(self) -> None:
        period = max(0.05, min(30.0, self.limits.idle_seconds / 4))
        while True:
            await asyncio.sleep(period)
            self.sweep()

    def sweep(self) -> int:
        """Unload finished tables and tables idle for ``idle_seconds``; how many went."""
        idle_since = time.monotonic() - self.limits.idle_seconds
        gone = [t for t in self.tables.values() if self._unloadable(t)
                and (t.status == "finished" or t.last_used < idle_since)]
        for table in gone:
            self._unload(table)
        return len(gone)

    @staticmethod
    def _unloadable(table: LiveTable) -> bool:
        """Nobody is connected, thinking or changing it right now."""
        return not table.connections and not table.thinking and not table.lock.locked()

    def _unload(self, table: LiveTable) -> None:
        table.evicted = True
        del self.tables[table.id]

    def _make_room(self) -> None:
        """Unload the least recently used unwatched tables until one more fits; Busy if
        every table in memory is in use."""
        excess = len(self.tables) + 1 - self.limits.max_tables
        if excess <= 0:
            return
        candidates = sorted(
            (t for t in self.tables.values() if self._unloadable(t)),
            key=lambda t: (t.status != "finished", t.last_used),
        )
        if len(candidates) < excess:
            raise Busy(
                f"the server holds its limit of {self.limits.max_tables} tables in play; "
                "try again in a few minutes"
            )
        for table in candidates[:excess]:
            self._unload(table)

    def _add(self, table: LiveTable) -> None:
        self._make_room()
        self.tables[table.id] = table

    # -- tables ----------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None = None,
        position: str | None = None,
        winnable_only: bool = False,
        actions: tuple[int, ...] = (),
        private: bool = False,
        autoplay: bool = False,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and a token for each ``human`` seat.

        ``actions`` (already checked by replaying an imported record) are played first, so
        the table starts where the record ends. Nothing is stored unless all is valid. A table
        of computers only (not a record's, whose options are its own) gets the game's length
        defaults for options not given, so that its watchers see it end (a Smess game of two
        computers may shuffle for ever).
        """
        if not actions and seats and all(seat.get("kind") == "computer" for seat in seats):
            options = {**game_class(game).length_defaults, **options}
        g = load(game, **options)
        if len(seats) != g.num_players:
            raise InvalidOptions(
                f"{game} has {g.num_players} seats ({', '.join(g.player_names)}), "
                f"got {len(seats)} seat choices"
            )
        if autoplay and g.assistant() is None:
            raise InvalidOptions(f"'autoplay' plays the safe moves a solver finds; {game} "
                                 "has no solver")
        if winnable_only and (seed is not None or position is not None):
            chosen = "a position" if position is not None else f"deal {seed}"
            raise InvalidOptions(f"'winnable deals only' draws the deal itself; not with {chosen}"
                                 " (leave the deal number empty)")
        if winnable_only:
            if g.assistant() is None:
                raise InvalidOptions(f"'winnable deals only' needs a solver; {game} has none")
            loop = asyncio.get_running_loop()
            seed = await loop.run_in_executor(
                self.pool, workers.winnable_deal, game, json.dumps(options_to_json(g.options)),
                secrets.randbits(31),
            )
        start = g.start(seed, position)  # validates seed and position
        people = sum(seat["kind"] in ("human", "open") for seat in seats)
        if not g.perfect_information and (position is not None or actions) and people > 1:
            made = "a position" if position is not None else "a record"
            raise InvalidOptions(
                f"a {game} table from {made} is played by one person against the computer: "
                f"{made} sets every hidden card, so its maker would know the others' hands"
            )
        specs = [self._seat(g, i, seat) for i, seat in enumerate(seats)]
        tokens: dict[int, str] = {}
        for i, spec in enumerate(specs):
            if spec.kind == "human":
                tokens[i] = secrets.token_urlsafe(24)
                spec.token_hash = hash_token(tokens[i])
        stored = StoredTable(
            id=secrets.token_urlsafe(9), game=game, options=options_to_json(g.options),
            seed=start.seed, position=position, chance_seed=secrets.randbits(62),
            invite=secrets.token_urlsafe(12), status="playing", seats=specs,
            actions=list(actions), private=private,
        )
        table = LiveTable(stored)
        table.log.clear()  # nothing is stored yet: the first save stores every action
        if autoplay:
            _start_autoplay(table)
        self._make_room()
        self.store.create_table(stored)
        self._add(table)
        async with table.lock:
            self._save(table)
        self._kick(table)
        return table, tokens

    @staticmethod
    def _seat(game: Game, i: int, seat: dict[str, Any]) -> SeatSpec:
        """Seat ``i`` as chosen; a computer's agent is built once to check it can play."""
        kind = seat.get("kind", "human")
        if kind == "computer":
            spec = agent_for(game, seat.get("level"))
            make_agent(spec, game, 0)
            return SeatSpec("computer", spec)
        if kind == "human":
            return SeatSpec("human", None, seat.get("name") or None)
        if kind == "open":
            return SeatSpec("open")
        raise InvalidOptions(f"seat {i} kind {kind!r} is not one of 'human', 'computer', 'open'")

    def presence(self, table_id: str) -> dict[str, Any]:
        """Who is at ``table_id`` now (``LiveTable.presence``): nobody unless it is in memory."""
        table = self.tables.get(table_id)
        return {"connected": [], "watchers": 0} if table is None else table.presence()

    def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``, loaded from storage if it is not in memory (an unfinished
        one then takes up its computer turns)."""
        table = self.tables.get(table_id)
        if table is None:
            stored = self.store.load(table_id) if len(table_id) <= 32 else None
            if stored is None:
                raise NotFound(f"no table {table_id[:32]!r}")
            table = LiveTable(stored)
            self._add(table)
            self._kick(table)
        table.last_used = time.monotonic()
        return table

    # -- connections -----------------------------------------------------------------------
    def connect(self, table: LiveTable, websocket: Any, seat: int | None) -> Outbox:
        """Register a connection to ``table`` at ``seat`` (None: watching) and send it the
        table; Busy when the table has its fill of spectators or the seat of connections."""
        same = sum(1 for o in table.connections.values() if o.seat == seat)
        if seat is None and same >= self.limits.max_watchers:
            raise Busy(f"this table has its limit of {self.limits.max_watchers} spectators")
        if seat is not None and same >= SEAT_CONNECTIONS:
            raise Busy(f"seat {seat} already has {SEAT_CONNECTIONS} connections open")
        outbox = Outbox(websocket, seat, self.limits.max_outbox)
        table.connections[websocket] = outbox
        self.broadcast(table)
        lines = self.store.chat(table.id, chat.KEPT)
        if lines:
            outbox.reply(_json(chat.message(lines, earlier=True)))
        self._kick(table)
        return outbox

    async def disconnect(self, table: LiveTable, websocket: Any) -> None:
        """Forget a closed connection and tell the others."""
        outbox = table.connections.pop(websocket, None)
        if outbox is not None:
            await outbox.close()
            if outbox.seat is not None:
                table.left[outbox.seat] = time.monotonic()
        table.last_used = time.monotonic()
        self.broadcast(table)

    def broadcast(self, table: LiveTable) -> None:
        """Queue every connection its own view of the table (players first); each view is
        made once per change, when the first connection that needs it is sent it."""
        table.changed()
        outboxes = sorted(table.connections.values(), key=lambda o: o.seat is None)
        for outbox in outboxes:
            outbox.state(lambda seat=outbox.seat: table.view_text(seat))

    async def join(self, table: LiveTable, seat: int, invite: str, name: str | None) -> str:
        """Take the open ``seat`` with the table's invite code; returns the seat's token."""
        if not whole(seat) or not 0 <= seat < len(table.seats):
            raise InvalidOptions(f"seat must be 0..{len(table.seats) - 1}, got {seat!r}")
        if not secrets.compare_digest(invite or "", table.stored.invite):
            raise Forbidden("wrong invite code for this table")
        async with table.lock:
            if table.seats[seat].kind != "open":
                raise Forbidden(f"seat {seat} ({table.game.player_names[seat]}) is not open")
            self._check_loaded(table)
            token = self._sit(table, seat, name or None)
        self.broadcast(table)
        return token

    # -- the protocol ----------------------------------------------------------------------
    async def handle(
        self, table: LiveTable, seat: int | None, message: Any
    ) -> dict[str, Any] | None:
        """Carry out one client message; a reply for the sender only, or None.

        Raises a KibitzError naming the problem; nothing changes in that case.
        """
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise IllegalAction(f"a message must be a JSON object with a 'type': {MESSAGES}")
        kind = message["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "view":
            return table.view(seat)
        handler = {
            "action": self._action, "undo": self._undo, "redo": self._redo,
            "restart": self._restart, "autocomplete": self._autocomplete,
            "hint": self._hint, "winnable": self._winnable, "concede": self._concede,
            "autoplay": self._autoplay, "seat_computer": self._seat_computer,
            "offer_draw": self._offer_draw, "rematch": self._rematch,
            "accept_draw": self._accept_draw, "decline_draw": self._decline_draw,
            "chat": self._chat,
        }.get(kind)
        if handler is None:
            raise IllegalAction(f"unknown message type {kind!r}; valid: {MESSAGES}")
        if seat is None:
            doing = "chat; the players talk here" if kind == "chat" else "act; join a seat to play"
            raise Forbidden(f"spectators cannot {doing}")
        return await handler(table, seat, message)

    def _check_turn(self, table: LiveTable, seat: int, message: dict[str, Any]) -> None:
        state = table.state
        if table.session.is_over():
            raise IllegalAction("the game is over")
        if state.current_player != seat:
            who = table.game.player_names[state.current_player]
            raise IllegalAction(f"it is not your turn: {who} is to act")
        ply = message.get("ply")
        if ply is not None and not whole(ply):
            raise IllegalAction(f"'ply' must be a whole number (the ply the move is meant for), "
                                f"got {ply!r}")
        if ply is not None and ply != len(state.history):
            raise IllegalAction(f"stale message for ply {ply!r}; the game is at ply "
                                f"{len(state.history)}")

    @staticmethod
    def _check_loaded(table: LiveTable) -> None:
        if table.evicted:
            raise Busy("the table was just put away; send that again")

    async def _change(self, table: LiveTable, change: Callable[[], object]) -> None:
        """Make a change (which checks what it needs) under the table's lock, store it and
        send it to everyone; a refused change changes nothing."""
        async with table.lock:
            self._check_loaded(table)
            table.session.check_open()
            change()
            table.draw_offer = None
            self._save(table)
        table.last_used = time.monotonic()
        self.broadcast(table)
        self._kick(table)

    async def _action(self, table: LiveTable, seat: int, message: dict) -> None:
        def play() -> None:
            self._check_turn(table, seat, message)
            if "turn" in message:
                table.session.play_turn(table.turn_of(message))
            else:
                table.session.play(table.move_of(message))

        await self._change(table, play)

    async def _undo(self, table: LiveTable, seat: int, message: dict) -> None:
        """Undo (patience; with ``to``, back to that many moves), or a take-back to the
        person's previous turn (against the computer)."""
        to = message.get("to")
        if to is not None and not whole(to):
            raise IllegalAction(f"'to' must be a whole number of moves, got {to!r}")
        if to is not None:
            await self._change(table, lambda: table.session.undo_to(to))
        elif table.game.features.undo:
            await self._change(table, lambda: table.session.undo())
        else:
            people = self._taking_back(table, seat)
            await self._change(table, lambda: table.session.take_back(people))

    async def _redo(self, table: LiveTable, seat: int, message: dict) -> None:
        if table.game.features.undo:
            await self._change(table, lambda: table.session.redo())
        else:
            people = self._taking_back(table, seat)
            await self._change(table, lambda: table.session.play_again(people))

    @staticmethod
    def _taking_back(table: LiveTable, seat: int) -> tuple[int, ...]:
        """The side of ``seat``, which may take moves back: only against computers."""
        if not table.game.features.take_back:
            raise IllegalAction(f"{table.game.name} has no take-back")
        if not table.against_computers(seat):
            raise IllegalAction("take-back is offered only against the computer: your "
                                "opponent would see the game change under them")
        return table.game.side_of(seat)

    async def _restart(self, table: LiveTable, seat: int, message: dict) -> None:
        await self._change(table, lambda: table.session.restart())

    async def _autocomplete(self, table: LiveTable, seat: int, message: dict) -> None:
        def finish() -> None:
            self._check_turn(table, seat, message)
            table.session.autocomplete()

        await self._change(table, finish)

    async def _autoplay(self, table: LiveTable, seat: int, message: dict) -> None:
        """Switch autoplay (the safe moves played by themselves); on plays them at once."""
        on = message.get("on")
        if not isinstance(on, bool):
            raise IllegalAction("an autoplay message needs 'on': true or false")
        await self._change(table, lambda: table.session.set_autoplay(on))

    async def _seat_computer(self, table: LiveTable, seat: int, message: dict) -> None:
        """Give an open seat to a computer player (``level``: the game's default if none),
        so the game need not wait for a friend; or the seat of a person away for
        ``Limits.away_seconds``, so the others need not wait for them for ever."""
        target, level = message.get("seat"), message.get("level")
        if not whole(target) or not 0 <= target < len(table.seats):
            raise IllegalAction(f"'seat' must be a seat number 0..{len(table.seats) - 1}")
        if level is not None and not whole(level):
            raise IllegalAction(f"'level' must be a computer level (a number), got {level!r}")
        spec = SeatSpec("computer", agent_for(table.game, level))
        async with table.lock:
            self._check_loaded(table)
            kind = table.seats[target].kind
            if kind == "human":
                self._check_left(table, seat, target)
                table.session.keep_played()  # the moves made there are not others' to undo
                table.displaced.append(table.seats[target].token_hash or "")
                self._save(table)
            elif kind != "open":
                who = table.game.player_names[target]
                raise IllegalAction(f"seat {target} ({who}) is not open")
            self.store.set_seat(table.id, target, spec)
            table.seats[target] = spec
            table.all_computers = all(s.kind == "computer" for s in table.seats)
        self.broadcast(table)
        self._kick(table)

    async def _rematch(self, table: LiveTable, seat: int, message: dict) -> dict[str, Any]:
        """The next game of a finished table, a two-seat game's sides swapped: the first
        person to ask makes it (the same game and options, the computers again, the other
        people's seats open, kept for them); each other person asking takes their seat there.
        The reply (to the asker alone) holds the new table's ``id``, ``seat`` and ``token``;
        everyone at this table is told the rematch is there (``table.rematch``)."""
        if len(table.seats) < 2:
            raise IllegalAction("a game of one seat has no rematch; start a new deal")
        if not table.session.is_over():
            raise IllegalAction("a rematch is offered once the game is over")
        place = swapped_seat(len(table.seats), seat)
        async with table.lock:
            self._check_loaded(table)
            following = self._following(table)
            if following is None:
                following = await self._next_game(table)
                table.rematch, table.rematch_by = following.id, seat
                self.store.set_extra(table.id, table.extra())
            async with following.lock:
                if following.seats[place].kind != "open":
                    raise IllegalAction(f"your seat at the rematch (table {following.id}, "
                                        f"{following.game.player_names[place]}) is taken")
                token = self._sit(following, place, table.seats[seat].name)
        self.broadcast(table)
        self.broadcast(following)
        return {"type": "rematch", "id": following.id, "seat": place, "token": token}

    def _following(self, table: LiveTable) -> LiveTable | None:
        """The rematch of ``table`` still to be played, if one was made (one that ended, or
        is gone, makes way for another)."""
        if table.rematch is None:
            return None
        try:
            following = self.get(table.rematch)
        except NotFound:
            return None
        return None if following.session.is_over() else following

    async def _next_game(self, table: LiveTable) -> LiveTable:
        """A new table like ``table``, its seats swapped as ``swapped_seat`` says: the
        computers again, every person's seat open (each takes theirs with ``_sit``)."""
        seats: list[dict[str, Any]] = [{"kind": "open"}] * len(table.seats)
        for i, spec in enumerate(table.seats):
            if spec.kind == "computer" and spec.agent is not None:
                level = spec.agent.removeprefix("level:")
                seats[swapped_seat(len(seats), i)] = {
                    "kind": "computer", "level": int(level) if level.isdigit() else None}
        following, _ = await self.create(
            table.game.name, table.stored.options, seats, private=table.stored.private)
        return following

    def _sit(self, table: LiveTable, seat: int, name: str | None) -> str:
        """Seat a person at ``table``'s open ``seat`` (under its lock); their token."""
        token = secrets.token_urlsafe(24)
        spec = SeatSpec("human", None, name, hash_token(token))
        self.store.set_seat(table.id, seat, spec)
        table.seats[seat] = spec
        return token

    def _check_left(self, table: LiveTable, seat: int, target: int) -> None:
        """IllegalAction unless the person at ``target`` has left a game in play for
        ``Limits.away_seconds`` (and is not the asker)."""
        spec = table.seats[target]
        who = f"{table.game.player_names[target]} ({spec.name or 'guest'})"
        if target == seat:
            raise IllegalAction("that is your own seat")
        table.session.check_playing()
        away = table.away_for(target)
        if away == 0:
            raise IllegalAction(f"{who} is at the table")
        wait = self.limits.away_seconds
        if away < wait:
            raise IllegalAction(
                f"{who} has been away at least {away:.0f} s; their seat may be given to the "
                f"computer once they have been away {wait / 60:g} minutes"
            )

    async def _concede(self, table: LiveTable, seat: int, message: dict) -> None:
        await self._change(table, lambda: table.session.concede(seat))

    async def _offer_draw(self, table: LiveTable, seat: int, message: dict) -> None:
        """Offer a draw to the people on the other side (one already offered by them is
        agreed); it stands until they answer or a move is played."""
        if not table.game.features.draw_offers:
            raise IllegalAction(f"{table.game.name} has no agreed draws")
        if not table.against_people(seat):
            raise IllegalAction("a draw is agreed between people; the computer plays on")
        side = table.game.side_of(seat)
        async with table.lock:
            self._check_loaded(table)
            session = table.session
            session.check_playing()
            if table.draw_offer in side:
                raise IllegalAction("you have offered a draw already; wait for the answer")
            if table.draw_offer is None:
                table.draw_offer = seat
            else:
                session.agree_draw()
                table.draw_offer = None
            self._save(table)
        self.broadcast(table)

    async def _accept_draw(self, table: LiveTable, seat: int, message: dict) -> None:
        async with table.lock:
            self._check_offer(table, seat)
            table.session.agree_draw()
            table.draw_offer = None
            self._save(table)
        self.broadcast(table)

    async def _decline_draw(self, table: LiveTable, seat: int, message: dict) -> None:
        """Decline the other side's offer, or withdraw one's own."""
        async with table.lock:
            self._check_loaded(table)
            if table.draw_offer is None:
                raise IllegalAction("no draw is offered")
            table.draw_offer = None
            self._save(table)
        self.broadcast(table)

    async def _chat(self, table: LiveTable, seat: int, message: dict) -> None:
        """Keep a line the seat says and send it to everyone at the table (``chat``)."""
        text = chat.said(message.get("text"))
        table.chat_pace.check(seat)
        line = self.store.add_line(table.id, seat, table.seats[seat].name, text)
        sent = _json(chat.message([line]))
        for outbox in table.connections.values():
            outbox.reply(sent)

    def _check_offer(self, table: LiveTable, seat: int) -> None:
        self._check_loaded(table)
        offer = table.draw_offer
        if offer is None:
            raise IllegalAction("no draw is offered")
        if offer in table.game.side_of(seat):
            raise IllegalAction("your own offer waits for the other side's answer")

    async def _hint(self, table: LiveTable, seat: int, message: dict) -> dict[str, Any]:
        async with table.lock:
            self._check_loaded(table)
            self._check_turn(table, seat, message)
            session = table.session
            if session.assistant is None:
                raise IllegalAction(f"{table.game.name} offers no hints")
            history = list(table.state.history)
            start = (table.stored.seed, table.stored.position, table.stored.chance_seed)
            hint, saved = await self._ask_solver(
                workers.hint, table.game.name, json.dumps(table.stored.options),
                start, history, session.save(),
            )
            table.session = Session.restore(table.game, *start, history, saved)
            self._save(table)
            reply = {"type": "hint", "ply": len(history), **hint}
            if hint["action"] is not None:
                reply["text"] = table.state.action_to_str(hint["action"])
                reply["move"] = table.move_record(hint["action"])
        return reply

    async def _winnable(self, table: LiveTable, seat: int, message: dict) -> dict[str, Any]:
        if table.session.assistant is None:
            raise IllegalAction(f"{table.game.name} offers no solver")
        ply, snapshot = len(table.state.history), table.state.serialize()
        answer = await self._ask_solver(
            workers.winnable, table.game.name, json.dumps(table.stored.options), snapshot
        )
        return {"type": "winnable", "ply": ply, **answer}

    async def _ask_solver(self, job: Callable[..., Any], *args: Any) -> Any:
        """Run a solver question in the workers; Busy while ``max_questions`` are."""
        if self.questions >= self.limits.max_questions:
            raise Busy("the server is answering other players' questions; ask again in a moment")
        self.questions += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, job, *args)
        finally:
            self.questions -= 1

    # -- storage after a change ------------------------------------------------------------
    def _save(self, table: LiveTable) -> None:
        """Store the table's change (actions, saved session, result, statistics) at once."""
        self.store.save(table.id, table.game.name, table.progress())

    # -- computer seats --------------------------------------------------------------------
    @staticmethod
    def _may_play(table: LiveTable) -> bool:
        """Computers play where a person sits or is awaited, or while someone watches."""
        return not table.evicted and (bool(table.connections) or not table.all_computers)

    def _kick(self, table: LiveTable) -> None:
        """Start the computer's turn if a computer seat is to act."""
        if table.thinking or table.computer_to_act() is None or not self._may_play(table):
            return
        table.thinking = True
        self._spawn(self._computer_turn(table))

    async def _computer_turn(self, table: LiveTable) -> None:
        try:
            while True:
                seat = table.computer_to_act()
                if seat is None or not self._may_play(table):
                    return
                if self.computer_delay:
                    await asyncio.sleep(self.computer_delay)
                async with table.lock:
                    history = list(table.state.history)
                    snapshot = table.state.serialize()
                spec = table.seats[seat].agent or "random"
                seed = agent_seed(table.stored.chance_seed, len(history), seat)
                loop = asyncio.get_running_loop()
                action = await loop.run_in_executor(
                    self.pool, workers.choose_action, table.game.name,
                    json.dumps(table.stored.options), snapshot, spec, seed, seat,
                )
                async with table.lock:
                    if table.state.history != history or table.computer_to_act() != seat:
                        continue  # taken back or changed while it thought
                    table.session.play(action)
                    self._save(table)
                    table.thinking = table.computer_to_act() is not None
                table.last_used = time.monotonic()
                self.broadcast(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer turn failed at table %s", table.id)
        finally:
            table.thinking = False


def _json(message: dict[str, Any]) -> str:
    """A message as the connections are sent it (compact JSON)."""
    return json.dumps(message, separators=(",", ":"))
