"""The analysis of a finished game, and its positions one by one, for the table page.

``GET /api/tables/{id}/analysis`` judges every move of a finished table with the game's own
analysis agent (``GameAI.analysis``: a fixed budget a move; a client cannot choose another),
in a worker of its own: never on the event loop, never in the way of the computer players.
``GET /api/tables/{id}/position/{ply}?seat=S`` is a seat's view (a spectator's without
``seat``) after ``ply`` actions, for the page to show a move's position as its mover saw it
(a replay, in the server's worker pool).

Both are offered only once the game is over: the record is then complete and public (the
record route gives it to anyone), so nothing shown reveals a hidden card during play; an
analysis of a hidden-card game is moreover computed from each mover's information only.

One request cannot take the server down: a record of more than ``MAX_MOVES`` player moves is
refused, at most ``CONCURRENT`` analyses run at once (another request for the same table
waits for the running one, a request for another table is told the server is busy), each
client is rate-limited, and finished analyses are kept (``CACHED``), so asking again is free.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Path, Query, Request

from kibitz.ai.analysis import analyse_replay
from kibitz.core.errors import KibitzError
from kibitz.core.game import CHANCE
from kibitz.core.record import Replay, replay
from kibitz.server.hub import Busy, Hub
from kibitz.server.limits import BadInput
from kibitz.server.store import Store
from kibitz.server.table import LiveTable
from kibitz.server.workers import make_pool

MAX_MOVES = 500
"""Player moves (chance outcomes not counted) of the longest game analysed (a Rook game to
its target is about 300-450)."""
CONCURRENT = 1
"""Analyses running at once (the analysis workers): each keeps a worker busy for seconds, a
minute or two for a whole Rook game."""
CACHED = 64
"""Finished analyses kept in memory, by table."""
ANALYSIS_RATE = "10/minute;100/day"
"""Analyses one client may ask for (a ``limits`` rate; kept ones count too)."""
POSITION_RATE = "240/minute"
"""Positions one client may ask for (a page steps through a game's moves)."""


class NotOver(KibitzError, ValueError):
    """The analysis or a position of a game still being played."""


class TooLong(KibitzError, ValueError):
    """A game longer than the analysis accepts."""


def analyse_job(record_text: str) -> dict[str, Any]:
    """The analysis (JSON) of a record of at most ``MAX_MOVES`` player moves, with the game's
    analysis agent (run in a worker)."""
    done = replay(json.loads(record_text))
    moves = sum(1 for _ in player_plies(done))
    if moves > MAX_MOVES:
        raise TooLong(f"the game has {moves} moves; games of at most {MAX_MOVES} are analysed")
    return analyse_replay(done).to_json()


def player_plies(done: Replay) -> Iterator[int]:
    """The plies (from 1) of a replayed record's player moves (chance outcomes left out)."""
    state = done.game.start(done.state.seed, done.state.start_position)
    for ply, action in enumerate(done.state.history, 1):
        if state.current_player != CHANCE:
            yield ply
        state.push(action)


def position_job(record_text: str, ply: int, seat: int | None = None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator's) after ``ply`` actions of a finished game's
    record (in a worker): the record holds every card already."""
    done = replay(json.loads(record_text))
    state = done.state
    if not 0 <= ply <= len(state.history):
        raise BadInput(f"ply {ply} is not in this game (0 to {len(state.history)})")
    if seat is not None and not 0 <= seat < done.game.num_players:
        raise BadInput(f"seat {seat} is not in this game (0 to {done.game.num_players - 1})")
    while len(state.history) > ply:
        state.undo()
    return {"ply": ply, "seat": seat, "view": state.observation(seat)}


class Analyses:
    """Running and finished analyses, by table, under the concurrency limit, in workers of
    their own (of the kind of the server's pool, started and warmed with the server, so that
    the first analysis is quick), so that the computer players never wait behind one."""

    def __init__(self, kind: str = "process") -> None:
        self.pool: Executor = make_pool(kind, CONCURRENT)
        self.done: OrderedDict[str, dict[str, Any]] = OrderedDict()
        """Finished analyses by table and moves, least recently asked for first."""
        self.running: dict[str, asyncio.Future[dict[str, Any]]] = {}

    def close(self) -> None:
        """Stop the analysis workers (at the server's shutdown)."""
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def get(self, table_id: str, record: dict[str, Any]) -> dict[str, Any]:
        """The analysis of ``table_id``'s finished ``record``: kept, running, or started
        (kept by table and moves: a patience game won and then taken back is another game)."""
        key = f"{table_id}:{len(record['actions'])}:{hash(tuple(record['actions']))}"
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        if key in self.running:
            return await asyncio.shield(self.running[key])
        if len(self.running) >= CONCURRENT:
            raise Busy("the server is analysing another game; try again in a minute")
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, analyse_job, json.dumps(record))
        self.running[key] = asyncio.ensure_future(future)
        try:
            result = await asyncio.shield(self.running[key])
        finally:
            self.running.pop(key, None)
        self.done[key] = result
        while len(self.done) > CACHED:
            self.done.popitem(last=False)
        return result


def finished_record(hub: Hub, store: Store, table_id: str) -> tuple[LiveTable, dict[str, Any]]:
    """The table and its complete record; NotOver while it is being played."""
    table = hub.get(table_id)
    if table.status != "finished":
        raise NotOver("the analysis is offered once the game is over")
    return table, store.record(table_id) or table.record()


def install(
    app: FastAPI, hub: Hub, store: Store, rate: Callable[[str], Callable[[Any], Any]]
) -> Analyses:
    """Add the analysis and position routes; ``rate(text)`` is a per-client rate limit. The
    caller closes the returned analyses at shutdown."""
    analyses = Analyses("thread" if isinstance(hub.pool, ThreadPoolExecutor) else "process")

    @app.get("/api/tables/{table_id}/analysis", summary="A finished game's moves judged")
    @rate(ANALYSIS_RATE)
    async def analysis(request: Request, table_id: str) -> dict[str, Any]:
        _, record = finished_record(hub, store, table_id)
        return {"table": table_id, **await analyses.get(table_id, record)}

    @app.get("/api/tables/{table_id}/position/{ply}", summary="A finished game's position")
    @rate(POSITION_RATE)
    async def position(
        request: Request,
        table_id: str,
        ply: int = Path(ge=0, le=100_000),
        seat: int | None = Query(None, ge=0, le=7, description="as this seat saw it"),
    ) -> dict[str, Any]:
        _, record = finished_record(hub, store, table_id)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            hub.pool, position_job, json.dumps(record), ply, seat
        )

    return analyses
