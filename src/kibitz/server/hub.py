"""The hub: every live table, the live-play protocol, computer turns and broadcasting.

All changes to a table happen under its lock, are stored as they happen, and are then sent
to every connection as that connection's own view. Computer seats think in the worker pool;
when a move comes back the table is checked to be where it was before the move is applied.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from concurrent.futures import Executor
from typing import Any

from kibitz.ai.levels import level_specs
from kibitz.core.errors import IllegalAction, InvalidOptions, KibitzError
from kibitz.core.options import options_to_json
from kibitz.core.registry import game_class, load
from kibitz.games.fortress.stats import GameEntry
from kibitz.server import workers
from kibitz.server.store import SeatSpec, Store, StoredTable, hash_token
from kibitz.server.table import LiveTable

log = logging.getLogger("kibitz.server")


class NotFound(KibitzError, LookupError):
    """A table id that does not exist."""


class Forbidden(KibitzError, PermissionError):
    """A token that does not hold the seat it tries to act for."""


def agent_for(game_name: str, level: int | None) -> str:
    """The agent spec of a computer seat: ``level:n``, or ``random`` where a game has none."""
    try:
        table = level_specs(game_name)
    except InvalidOptions:
        return "random"
    n = level if level is not None else min(table)
    if n not in table:
        raise InvalidOptions(f"{game_name} has computer levels {sorted(table)}, not {n}")
    return f"level:{n}"


class Hub:
    """Live tables in memory, backed by the store."""

    def __init__(self, store: Store, pool: Executor, computer_delay: float = 0.0) -> None:
        self.store = store
        self.pool = pool
        self.computer_delay = computer_delay
        self.tables: dict[str, LiveTable] = {}
        self.tasks: set[asyncio.Task] = set()

    # -- lifecycle -------------------------------------------------------------------------
    async def startup(self) -> None:
        """Resume every unfinished table and its computer turns."""
        for stored in self.store.unfinished():
            try:
                table = LiveTable(stored)
            except KibitzError as exc:
                log.error("table %s cannot be resumed: %s", stored.id, exc)
                continue
            self.tables[table.id] = table
            async with table.lock:
                self._after_change(table, table.resolve_chance())
            self._kick(table)

    async def shutdown(self) -> None:
        """Stop the computer turns in flight."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

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
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and a token for each ``human`` seat.

        ``actions`` (already checked by replaying an imported record) are played first, so
        the table starts where the record ends.
        """
        cls = game_class(game)
        g = load(game, **options)
        if len(seats) != cls.num_players:
            raise InvalidOptions(
                f"{game} has {cls.num_players} seats ({', '.join(cls.player_names)}), "
                f"got {len(seats)} seat choices"
            )
        if winnable_only and seed is None and position is None:
            if not hasattr(g.new_initial_state(1), "autocomplete_actions"):
                raise InvalidOptions("'winnable deals only' is for the patience games")
            loop = asyncio.get_running_loop()
            seed = await loop.run_in_executor(
                self.pool, workers.winnable_deal, game, json.dumps(options_to_json(g.options)),
                secrets.randbits(31),
            )
        start = g.start(seed, position)  # validates seed and position
        specs: list[SeatSpec] = []
        tokens: dict[int, str] = {}
        for i, seat in enumerate(seats):
            kind = seat.get("kind", "human")
            name = seat.get("name") or None
            if kind == "computer":
                specs.append(SeatSpec("computer", agent_for(game, seat.get("level"))))
            elif kind == "human":
                tokens[i] = secrets.token_urlsafe(24)
                specs.append(SeatSpec("human", None, name, hash_token(tokens[i])))
            elif kind == "open":
                specs.append(SeatSpec("open"))
            else:
                raise InvalidOptions(
                    f"seat {i} kind {kind!r} is not one of 'human', 'computer', 'open'"
                )
        stored = StoredTable(
            id=secrets.token_urlsafe(9), game=game, options=options_to_json(g.options),
            seed=start.seed, position=position, chance_seed=secrets.randbits(62),
            invite=secrets.token_urlsafe(12), status="playing", seats=specs,
        )
        self.store.create_table(stored)
        table = LiveTable(stored)
        self.tables[table.id] = table
        async with table.lock:
            rows = [table._apply(a) for a in actions]
            self._after_change(table, rows + table.resolve_chance(), 0)
        self._kick(table)
        return table, tokens

    def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (finished ones are loaded on demand)."""
        table = self.tables.get(table_id)
        if table is None:
            stored = self.store.load(table_id)
            if stored is None:
                raise NotFound(f"no table {table_id!r}")
            table = LiveTable(stored)
            self.tables[table_id] = table
        return table

    async def join(self, table: LiveTable, seat: int, invite: str, name: str | None) -> str:
        """Take the open ``seat`` with the table's invite code; returns the seat's token."""
        if not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise InvalidOptions(f"seat must be 0..{len(table.seats) - 1}, got {seat!r}")
        if not secrets.compare_digest(invite or "", table.stored.invite):
            raise Forbidden("wrong invite code for this table")
        async with table.lock:
            if table.seats[seat].kind != "open":
                raise Forbidden(f"seat {seat} ({table.game.player_names[seat]}) is not open")
            token = secrets.token_urlsafe(24)
            spec = SeatSpec("human", None, name or None, hash_token(token))
            table.seats[seat] = spec
            self.store.set_seat(table.id, seat, spec)
        await self.broadcast(table)
        return token

    # -- the protocol ----------------------------------------------------------------------
    async def handle(
        self, table: LiveTable, seat: int | None, message: Any
    ) -> dict[str, Any] | None:
        """Carry out one client message; a reply for the sender only, or None.

        Raises a KibitzError naming the problem; nothing changes in that case.
        """
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise IllegalAction(
                "a message must be a JSON object with a 'type': action, undo, redo, "
                "restart, hint, winnable, autocomplete, view or ping"
            )
        kind = message["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "view":
            return table.view(seat)
        handler = {
            "action": self._action, "undo": self._undo, "redo": self._redo,
            "restart": self._restart, "autocomplete": self._autocomplete,
            "hint": self._hint, "winnable": self._winnable, "concede": self._concede,
        }.get(kind)
        if handler is None:
            raise IllegalAction(
                f"unknown message type {kind!r}; valid: action, undo, redo, restart, hint, "
                "winnable, autocomplete, concede, view, ping"
            )
        if seat is None:
            raise Forbidden("spectators cannot act; join a seat to play")
        if table.conceded:
            raise IllegalAction("the game was conceded (counted as lost); start a new deal")
        return await handler(table, seat, message)

    def _check_turn(self, table: LiveTable, seat: int, message: dict[str, Any]) -> None:
        state = table.state
        if state.is_terminal():
            raise IllegalAction("the game is over")
        if state.current_player != seat:
            who = table.game.player_names[state.current_player]
            raise IllegalAction(f"it is not your turn: {who} is to act")
        ply = message.get("ply")
        if ply is not None and ply != len(state.history):
            raise IllegalAction(f"stale message for ply {ply!r}; the game is at ply "
                                f"{len(state.history)}")

    async def _action(self, table: LiveTable, seat: int, message: dict) -> None:
        async with table.lock:
            self._check_turn(table, seat, message)
            action = table.parse_action(message)
            start = len(table.state.history)
            rows = table.play(action)
            if table.undoable:
                table.extra["redo"] = []
            self._after_change(table, rows, start)
        await self.broadcast(table)
        self._kick(table)

    async def _undo(self, table: LiveTable, seat: int, message: dict) -> None:
        async with table.lock:
            if not table.undoable:
                raise IllegalAction(f"{table.game.name} has no undo")
            if not table.state.history:
                raise IllegalAction("nothing to undo: no move has been made")
            table.undo()
            self.store.truncate_actions(table.id, len(table.state.history))
            self._save_redo(table)
            self._reopen(table)
        await self.broadcast(table)

    async def _redo(self, table: LiveTable, seat: int, message: dict) -> None:
        async with table.lock:
            start = len(table.state.history)
            row = table.redo()
            self._save_redo(table)
            self._after_change(table, [row], start)
        await self.broadcast(table)

    async def _restart(self, table: LiveTable, seat: int, message: dict) -> None:
        async with table.lock:
            if not table.undoable:
                raise IllegalAction(f"{table.game.name} has no restart")
            while table.state.history:
                table.undo()
            self.store.truncate_actions(table.id, 0)
            self._save_redo(table)
            self._reopen(table)
        await self.broadcast(table)

    async def _autocomplete(self, table: LiveTable, seat: int, message: dict) -> None:
        async with table.lock:
            self._check_turn(table, seat, message)
            finish = getattr(table.state, "autocomplete_actions", None)
            actions = finish() if finish else None
            if not actions:
                raise IllegalAction("auto-complete is not available: foundation moves alone "
                                    "do not win")
            start = len(table.state.history)
            rows = [row for a in actions for row in table.play(a)]
            table.extra["redo"] = []
            self._after_change(table, rows, start)
        await self.broadcast(table)

    async def _concede(self, table: LiveTable, seat: int, message: dict) -> None:
        async with table.lock:
            if not table.undoable:
                raise IllegalAction(f"{table.game.name} cannot be conceded; only the patience "
                                    "games (fortress, chessboard) can")
            self._check_turn(table, seat, message)
            table.extra["conceded"] = True
            self._after_change(table, [])
        await self.broadcast(table)

    async def _hint(self, table: LiveTable, seat: int, message: dict) -> dict[str, Any]:
        async with table.lock:
            self._check_turn(table, seat, message)
            if not table.undoable:
                raise IllegalAction(f"{table.game.name} offers no hints")
            history = tuple(table.state.history)
            plan = table.plan
            table.extra["hints"] = table.extra.get("hints", 0) + 1
            self.store.set_extra(table.id, table.extra)
        if plan and plan[0] == history and plan[1]:
            line = plan[1]
            hint = {"kind": "win", "action": line[0], "line": list(line),
                    "message": f"play {table.state.action_to_str(line[0])}"}
        else:
            hint = await self._in_pool(workers.patience_hint, table)
        if hint["kind"] == "win" and hint["action"] is not None:
            line = tuple(hint["line"])
            table.plan = (history + line[:1], line[1:])
            hint["text"] = table.state.action_to_str(hint["action"])
        return {"type": "hint", "ply": len(history), **hint}

    async def _winnable(self, table: LiveTable, seat: int, message: dict) -> dict[str, Any]:
        if not table.undoable:
            raise IllegalAction(f"{table.game.name} has no solver")
        answer = await self._in_pool(workers.patience_winnable, table)
        return {"type": "winnable", "ply": len(table.state.history), "answer": answer}

    async def _in_pool(self, func: Any, table: LiveTable) -> Any:
        loop = asyncio.get_running_loop()
        options = json.dumps(table.stored.options)
        return await loop.run_in_executor(
            self.pool, func, table.game.name, options, table.state.serialize()
        )

    # -- storage after a change ------------------------------------------------------------
    def _save_redo(self, table: LiveTable) -> None:
        table.extra["redo"] = table.redo_list()
        self.store.set_extra(table.id, table.extra)

    def _reopen(self, table: LiveTable) -> None:
        """An undo from a finished patience game takes it back into play."""
        if table.status == "finished" and not table.state.is_terminal():
            table.status = "playing"

    def _after_change(self, table: LiveTable, rows: list, start: int | None = None) -> None:
        """Store new actions; store the record and statistics when the game has ended."""
        if rows:
            first = len(table.state.history) - len(rows) if start is None else start
            self.store.append_actions(table.id, first, rows)
        if table.undoable:
            self.store.set_extra(table.id, table.extra)
        out = table.outcome()
        if out is not None and table.status != "finished":
            table.status = "finished"
            record = table.record()
            self.store.finish(table.id, record["result"], record)
            best, worst = max(out.returns), min(out.returns)
            hints = table.extra.get("hints", 0)
            for i, seat in enumerate(table.seats):
                if seat.kind != "human" or not seat.name:
                    continue
                r = out.returns[i]
                if table.game.num_players == 1:
                    entry = GameEntry(table.state.seed, r > 0, hints, len(table.state.history))
                    self.store.add_patience_result(seat.name, table.game.name, entry)
                else:
                    score = 0 if best == worst else (1 if r == best else -1)
                    self.store.add_result(seat.name, table.game.name, score, hints)

    # -- computer seats --------------------------------------------------------------------
    def _kick(self, table: LiveTable) -> None:
        """Start the computer's turn if a computer seat is to act."""
        if table.thinking or table.computer_to_act() is None:
            return
        table.thinking = True
        task = asyncio.create_task(self._computer_turn(table))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _computer_turn(self, table: LiveTable) -> None:
        try:
            while True:
                seat = table.computer_to_act()
                if seat is None:
                    return
                if self.computer_delay:
                    await asyncio.sleep(self.computer_delay)
                async with table.lock:
                    ply = len(table.state.history)
                    snapshot = table.state.serialize()
                spec = table.seats[seat].agent or "random"
                seed = (table.stored.chance_seed + 7919 * ply + seat) & 0x7FFFFFFF
                loop = asyncio.get_running_loop()
                action = await loop.run_in_executor(
                    self.pool, workers.choose_action, table.game.name,
                    json.dumps(table.stored.options), snapshot, spec, seed, seat,
                )
                async with table.lock:
                    if len(table.state.history) != ply or table.state.current_player != seat:
                        continue
                    rows = table.play(action)
                    self._after_change(table, rows, ply)
                    table.thinking = table.computer_to_act() is not None
                await self.broadcast(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer turn failed at table %s", table.id)
        finally:
            table.thinking = False

    # -- connections -----------------------------------------------------------------------
    async def broadcast(self, table: LiveTable) -> None:
        """Send every connection its own view of the table."""
        for ws, seat in list(table.connections.items()):
            try:
                await ws.send_json(table.view(seat))
            except Exception:
                table.connections.pop(ws, None)
