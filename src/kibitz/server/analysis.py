"""The analysis of a finished game, and its positions one by one, for the table page.

``GET /api/tables/{id}/analysis`` judges every move of a finished table with the game's own
analysis agent (``GameAI.analysis``: a fixed budget a move; a client cannot choose another),
in a worker of its own: never on the event loop, never in the way of the computer players.
``GET /api/tables/{id}/position/{ply}?seat=S`` is a seat's view (a spectator's without
``seat``) after ``ply`` actions, for the page to show a move's position as its mover saw it
(a replay, in the server's worker pool).

Both are offered once the game is over: the record is then complete and public (the record
route gives it to anyone), so nothing shown reveals a hidden card during play; an analysis
of a hidden-card game is moreover computed from each mover's information only. A game
without hidden cards shows its earlier positions during play too: its moves are public.

One request cannot take the server down: a record of more than ``MAX_MOVES`` player moves is
refused, at most ``CONCURRENT`` analyses run at once and ``QUEUED`` more wait their turn
(another request for the same table joins the running or waiting one; one more table is
told the server is busy), each client is rate-limited, and finished analyses are kept (in
memory, ``CACHED``, and in the database, across restarts), so asking again is free.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import queue
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from functools import partial
from multiprocessing.managers import SyncManager
from typing import Any, Protocol

from fastapi import FastAPI, Path, Query, Request
from fastapi.responses import PlainTextResponse, StreamingResponse
from sqlalchemy.exc import SQLAlchemyError

from kibitz.ai.analysis import (
    MoveNote,
    analysis_agent,
    annotated_record,
    player_moves,
    replay_steps,
)
from kibitz.core.errors import KibitzError
from kibitz.core.record import replay
from kibitz.lab.pool import stop_now
from kibitz.server.hub import Busy, Hub, NotFound
from kibitz.server.limits import BadInput
from kibitz.server.store import Store
from kibitz.server.table import LiveTable
from kibitz.server.workers import START_METHOD, make_pool

log = logging.getLogger(__name__)

MAX_MOVES = 1000
"""Player moves (chance outcomes not counted) of the longest game analysed: a Rook game to
its target is about 450-650 (some 70 a hand), one of a dozen hands about 850."""
CONCURRENT = 1
"""Analyses running at once (the analysis workers): each keeps a worker busy for seconds, four
to seven minutes for a whole Rook game."""
QUEUED = 8
"""Analyses waiting for a worker at most: a request for one more game is told the server is
busy."""
CACHED = 64
"""Finished analyses kept in memory, by table."""
ANALYSIS_RATE = "10/minute;100/day"
"""Analyses one client may ask for (a ``limits`` rate; kept ones count too)."""
POSITION_RATE = "240/minute"
"""Positions one client may ask for (a page steps through a game's moves)."""

PUMP_SECONDS = 0.1
"""How often a running analysis's new moves are carried from its worker to the streams."""


class Channel(Protocol):
    """A queue between an analysis job and the server: a ``queue.Queue`` for a thread pool,
    a manager's queue for a process pool."""

    def put(self, item: dict[str, Any]) -> None: ...

    def get_nowait(self) -> dict[str, Any]: ...


class NotOver(KibitzError, ValueError):
    """The analysis or a position of a game still being played."""


class TooLong(KibitzError, ValueError):
    """A game longer than the analysis accepts."""


def analyse_job(record_text: str, channel: Channel | None = None) -> dict[str, Any]:
    """The analysis (JSON) of a record of at most ``MAX_MOVES`` player moves, with the game's
    analysis agent (run in a worker). With a ``channel``, its progress goes there as it is
    made: a ``start`` message (the heading and the ``total`` of moves), then each ``move``."""
    done = replay(json.loads(record_text))
    moves = player_moves(done)
    if moves > MAX_MOVES:
        raise TooLong(f"the game has {moves} moves (every seat's); games of at most "
                      f"{MAX_MOVES} are analysed")
    analysis, notes = replay_steps(done)
    if channel is not None:
        channel.put(start_message(analysis.to_json(), moves))
    for note in notes:
        analysis.moves.append(note)
        if channel is not None:
            channel.put({"type": "move", **asdict(note)})
    return analysis.to_json()


def start_message(analysis: dict[str, Any], total: int) -> dict[str, Any]:
    """A stream's first message: the analysis's heading (no moves) and how many moves come."""
    return {"type": "start", **{k: v for k, v in analysis.items() if k != "moves"}, "total": total}


def position_job(
    record_text: str, ply: int, seat: int | None = None, instead: str | None = None
) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator's) after ``ply`` actions of a record (in a
    worker): a finished game's, or one without hidden cards. ``instead``: a move in the
    game's notation played in place of the record's ``ply``-th (the analysis's better move),
    the view after it."""
    done = replay(json.loads(record_text))
    state = done.state
    first = 1 if instead is not None else 0
    if not first <= ply <= len(state.history):
        raise BadInput(f"ply {ply} is not in this game ({first} to {len(state.history)})")
    if seat is not None and not 0 <= seat < done.game.num_players:
        raise BadInput(f"seat {seat} is not in this game (0 to {done.game.num_players - 1})")
    view = done.state_after(ply, instead).observation(seat)  # a move not legal there: refused
    return {"ply": ply, "seat": seat, "instead": instead, "view": view}


class Progress:
    """One analysis as it is made: its place in the queue while it waits for a worker, the
    stream's messages so far (``start``, then each ``move``), and its end: the whole
    analysis, or the error that stopped it."""

    def __init__(self, ahead: int | None = None) -> None:
        self.messages: list[dict[str, Any]] = []
        self.result: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.changed = asyncio.Condition()
        self.ahead = ahead
        """While it waits for a worker, how many analyses run or wait before it; None once it
        runs."""
        self.pump: asyncio.Future[None] | None = None
        """The task that carries the job's messages here."""

    async def move_up(self, ahead: int | None) -> None:
        """Take a new place in the queue (None: the analysis has started); tell the streams."""
        async with self.changed:
            self.ahead = ahead
            self.changed.notify_all()

    async def add(self, messages: list[dict[str, Any]]) -> None:
        """Record new messages and wake the streams waiting for them."""
        async with self.changed:
            self.messages.extend(messages)
            self.changed.notify_all()

    async def end(self, job: asyncio.Future[dict[str, Any]]) -> None:
        """Finish with the job's outcome (its analysis or its error) and wake every waiter."""
        async with self.changed:
            if job.cancelled():
                self.result.set_exception(Busy("the analysis was stopped; ask again"))
            elif job.exception() is not None:
                self.result.set_exception(job.exception())  # type: ignore[arg-type]
            else:
                self.result.set_result(job.result())
            self.result.exception()  # retrieved: nobody need be waiting for it
            self.changed.notify_all()

    async def first(self) -> None:
        """Wait for the ``start`` message or a place in the queue; raise the error if the job
        failed before it began (a game too long, a record that does not replay)."""
        async with self.changed:
            await self.changed.wait_for(
                lambda: bool(self.messages) or self.result.done() or self.ahead is not None
            )
        if not self.messages and self.result.done():
            self.result.result()

    async def follow(self) -> AsyncIterator[dict[str, Any]]:
        """``queued`` each time its place in the queue changes while it waits, then every
        message, from the first, as it comes; then ``done``, or ``error`` if the job failed."""
        sent, told = 0, None
        while True:
            async with self.changed:
                await self.changed.wait_for(
                    lambda n=sent, t=told: len(self.messages) > n
                    or self.result.done()
                    or self.ahead not in (None, t)
                )
                new, finished, ahead = self.messages[sent:], self.result.done(), self.ahead
            if ahead not in (None, told):
                told = ahead
                yield {"type": "queued", "ahead": ahead}
            sent += len(new)
            for message in new:
                yield message
            if finished and sent == len(self.messages):
                break
        error = self.result.exception()
        yield {"type": "done"} if error is None else {"type": "error", "error": str(error)}


@dataclass
class Job:
    """One table's analysis asked for: what it judges, and its progress."""

    table_id: str
    moves: str
    """A digest of the game's actions (``digest``)."""
    agent: str
    record_text: str
    progress: Progress


def digest(actions: list[Any]) -> str:
    """A game's actions in 64 hex digits: two games of one table differ in them."""
    return hashlib.sha256(json.dumps(actions).encode()).hexdigest()


class Analyses:
    """Running, waiting and finished analyses, by table: at most ``CONCURRENT`` run, in
    workers of their own (of the kind of the server's pool, started and warmed with the
    server, so that the first analysis is quick), so that the computer players never wait
    behind one; up to ``QUEUED`` more wait their turn, first asked first run. A running
    analysis reports each move as it is judged, for the page to show at once; a finished one
    is kept in memory and in the ``store`` (when there is one), so asking again is free."""

    def __init__(self, kind: str = "process", store: Store | None = None) -> None:
        self.kind = kind
        self.store = store
        self.pool: Executor = make_pool(kind, CONCURRENT, cores=False)
        """Its workers import the games at start, but leave the compiled cores to the
        computer players' workers (on a new installation one compile at a time is quicker)."""
        self.manager: SyncManager | None = None
        """Serves the channels of a process pool (started with the first analysis)."""
        self.done: OrderedDict[str, dict[str, Any]] = OrderedDict()
        """Finished analyses by table and moves, least recently asked for first."""
        self.running: dict[str, Job] = {}
        self.waiting: OrderedDict[str, Job] = OrderedDict()
        """Analyses asked for while the workers were busy, first asked first."""

    def close(self) -> None:
        """Stop the analysis workers at once (at the server's shutdown)."""
        stop_now(self.pool)
        if self.manager is not None:
            self.manager.shutdown()

    def _channel(self) -> Channel:
        """A queue the job's worker can put its progress in."""
        if self.kind == "thread":
            return queue.Queue()
        if self.manager is None:
            self.manager = multiprocessing.get_context(START_METHOD).Manager()
        return self.manager.Queue()

    def _progress(
        self, table_id: str, record: dict[str, Any], agent: str
    ) -> Progress | dict[str, Any]:
        """The kept analysis of ``table_id``'s finished ``record`` by ``agent``, or its
        progress: running, waiting, or started or queued now (kept by table and moves: a
        patience game won and then taken back is another game). Busy when the queue is full."""
        moves = digest(record["actions"])
        key = f"{table_id}:{moves}"
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        if key in self.running or key in self.waiting:
            return (self.running.get(key) or self.waiting[key]).progress
        kept = None if self.store is None else self.store.analysis(table_id, moves, agent)
        if kept is not None:
            self._keep(key, kept)
            return kept
        if len(self.waiting) >= QUEUED:
            raise Busy(
                f"{QUEUED} games are waiting for their analysis on this server; "
                "try again in a few minutes"
            )
        ahead = len(self.running) + len(self.waiting)
        queued = ahead >= CONCURRENT
        job = Job(table_id, moves, agent, json.dumps(record), Progress(ahead if queued else None))
        if queued:
            self.waiting[key] = job
        else:
            self._start(key, job)
        return job.progress

    def _keep(self, key: str, analysis: dict[str, Any]) -> None:
        """Keep a finished analysis in memory, the least recently asked for going first."""
        self.done[key] = analysis
        while len(self.done) > CACHED:
            self.done.popitem(last=False)

    def _start(self, key: str, job: Job) -> None:
        """Run ``job`` in an analysis worker, its messages pumped to its progress."""
        self.running[key] = job
        channel = self._channel()
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, analyse_job, job.record_text, channel)
        job.progress.pump = asyncio.ensure_future(self._pump(key, job, channel, future))

    async def _pump(
        self, key: str, job: Job, channel: Channel, future: asyncio.Future[dict[str, Any]]
    ) -> None:
        """Carry the job's messages to its progress until it ends, then keep its analysis
        and start the next one waiting."""
        try:
            while True:
                finished = future.done()  # read before draining: no message is left behind
                messages = await asyncio.to_thread(_drain, channel)
                if messages:
                    await job.progress.add(messages)
                if finished:
                    break
                await asyncio.sleep(PUMP_SECONDS)
        finally:
            await asyncio.wait([future])
            if not future.cancelled() and future.exception() is None:
                self._keep(key, future.result())
            self.running.pop(key, None)
            await job.progress.end(future)
            if not future.cancelled() and future.exception() is None:
                self._store(job, future.result())
            await self._next()

    def _store(self, job: Job, analysis: dict[str, Any]) -> None:
        """Keep a finished analysis in the database, if there is one; a failure there is
        logged (the analysis was given and stays in memory)."""
        if self.store is None:
            return
        try:
            self.store.keep_analysis(job.table_id, job.moves, job.agent, analysis)
        except SQLAlchemyError:
            log.exception("the analysis of table %s was not stored", job.table_id)

    async def _next(self) -> None:
        """Start the analyses waiting while a worker is free; tell the rest their places."""
        while self.waiting and len(self.running) < CONCURRENT:
            key, job = self.waiting.popitem(last=False)
            self._start(key, job)
            await job.progress.move_up(None)
        for place, job in enumerate(self.waiting.values()):
            await job.progress.move_up(len(self.running) + place)

    async def get(self, table_id: str, record: dict[str, Any], agent: str) -> dict[str, Any]:
        """The whole analysis of ``table_id``'s finished ``record`` by ``agent`` (waiting for
        it)."""
        progress = self._progress(table_id, record, agent)
        if isinstance(progress, dict):
            return progress
        return await asyncio.shield(progress.result)

    async def stream(
        self, table_id: str, record: dict[str, Any], agent: str
    ) -> AsyncIterator[dict[str, Any]]:
        """The messages of ``table_id``'s analysis by ``agent`` as they come (``queued`` while
        it waits, ``start``, each ``move``, then ``done`` or ``error``); an analysis refused
        before it starts or queues raises here."""
        progress = self._progress(table_id, record, agent)
        if isinstance(progress, dict):
            return _kept(progress)
        await progress.first()
        return progress.follow()


async def _kept(analysis: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
    """The stream of an analysis already made."""
    yield start_message(analysis, len(analysis["moves"]))
    for note in analysis["moves"]:
        yield {"type": "move", **note}
    yield {"type": "done"}


def _drain(channel: Channel) -> list[dict[str, Any]]:
    """Every message waiting in ``channel``."""
    messages = []
    while True:
        try:
            messages.append(channel.get_nowait())
        except queue.Empty:
            return messages


def finished_record(
    hub: Hub, store: Store, table_id: str, what: str = "the analysis is"
) -> tuple[LiveTable, dict[str, Any]]:
    """The table and its complete record; NotOver (saying ``what`` waits) while it is
    being played."""
    table = hub.get(table_id)
    if table.status != "finished":
        raise NotOver(f"{what} offered once the game is over")
    return table, store.record(table_id) or table.record()


def install(
    app: FastAPI, hub: Hub, store: Store, rate: Callable[[str], Callable[[Any], Any]]
) -> Analyses:
    """Add the analysis and position routes; ``rate(text)`` is a per-client rate limit. The
    caller closes the returned analyses at shutdown."""
    analyses = Analyses(
        "thread" if isinstance(hub.pool, ThreadPoolExecutor) else "process", store
    )

    @app.get("/api/tables/{table_id}/analysis", summary="A finished game's moves judged")
    @rate(ANALYSIS_RATE)
    async def analysis(request: Request, table_id: str) -> dict[str, Any]:
        table, record = finished_record(hub, store, table_id)
        return {
            "table": table_id,
            **await analyses.get(table_id, record, analysis_agent(table.game)),
        }

    @app.get(
        "/api/tables/{table_id}/analysis/stream",
        summary="A finished game's moves judged, each as soon as it is (NDJSON)",
    )
    @rate(ANALYSIS_RATE)
    async def analysis_stream(request: Request, table_id: str) -> StreamingResponse:
        table, record = finished_record(hub, store, table_id)
        messages = await analyses.stream(table_id, record, analysis_agent(table.game))

        async def lines() -> AsyncIterator[str]:
            async for message in messages:
                yield json.dumps(message) + "\n"

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    @app.get(
        "/api/tables/{table_id}/analysis/record",
        summary="A finished game's own text record, its moves marked and commented",
        response_class=PlainTextResponse,
    )
    @rate(ANALYSIS_RATE)
    async def analysis_record(request: Request, table_id: str) -> PlainTextResponse:
        table, record = finished_record(hub, store, table_id)
        if table.game.text_record is None:
            raise NotFound(
                f"{table.game.name} has no text record of its own; "
                f"the analysis is at /api/tables/{table_id}/analysis"
            )
        made = await analyses.get(table_id, record, analysis_agent(table.game))
        notes = [MoveNote(**move) for move in made["moves"]]
        text = await asyncio.to_thread(annotated_record, table.game, record, notes)
        return PlainTextResponse(text)

    @app.get("/api/tables/{table_id}/position/{ply}", summary="An earlier position of a game")
    @rate(POSITION_RATE)
    async def position(
        request: Request,
        table_id: str,
        ply: int = Path(ge=0, le=100_000),
        seat: int | None = Query(None, ge=0, le=7, description="as this seat saw it"),
        instead: str | None = Query(
            None,
            min_length=1,
            max_length=64,
            description="a move played in place of the game's move at this ply (the view after it)",
        ),
    ) -> dict[str, Any]:
        table = hub.get(table_id)
        open_game = not table.hidden and table.status != "finished"
        record = table.record() if open_game else finished_record(
            hub, store, table_id, "earlier positions of a game with hidden cards are")[1]
        loop = asyncio.get_running_loop()
        job = partial(position_job, json.dumps(record), ply, seat, instead)
        return await loop.run_in_executor(hub.pool, job)

    return analyses
