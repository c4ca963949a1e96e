"""The FastAPI application: JSON API, one WebSocket per table, and the pages.

``create_app(db_url)`` builds it; ``kibitz serve`` runs it on uvicorn. The OpenAPI
description is at ``/openapi.json`` (browsable at ``/docs``); the live protocol and the
server's limits are documented in docs/web.md.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.responses import PlainTextResponse
from limits import parse_many
from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError
from slowapi import Limiter
from slowapi.util import get_remote_address
from starlette.middleware.gzip import GZipMiddleware

from kibitz.core.errors import InvalidOptions, InvalidRecord, KibitzError
from kibitz.core.options import options_schema, options_to_json
from kibitz.core.record import parse_record_text, replay
from kibitz.core.registry import game_classes, load
from kibitz.lab.pool import stop_now
from kibitz.server import analysis, pages, responses
from kibitz.server.guard import Guard
from kibitz.server.hub import Forbidden, Hub, NotFound
from kibitz.server.limits import (
    BadInput,
    Limits,
    clip,
    json_depth_exceeds,
    load_json,
    parse_seed,
    quote,
)
from kibitz.server.store import Store
from kibitz.server.table import LiveTable
from kibitz.server.workers import make_pool


class Body(BaseModel):
    """A request body: exactly its fields, each of its own type (a misspelt ``private`` is
    refused, not ignored; ``true`` is no number, ``"1"`` no seat)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatChoice(Body):
    """Who sits at a seat."""

    kind: Literal["human", "computer", "open"] = "human"
    level: int | None = Field(
        None, ge=0, le=99, description="computer level (default: the game's own)"
    )
    name: str | None = Field(None, max_length=64, description="player name for statistics")


class CreateTable(Body):
    """A new table: the game, its options, its start and its seats (one per player).

    With ``record`` the game, options, seed and start come from that record, and the table
    starts where it ends.
    """

    game: str | None = Field(
        None, max_length=32, description="the game (needed unless a record is given)"
    )
    options: dict[str, Any] = Field({}, max_length=64, description="the game's options")
    seed: int | str | None = Field(
        None, description="deal/game number, up to 20 digits (as text for big numbers); "
        "random if omitted"
    )
    position: str | None = Field(
        None, max_length=1000, description="start from the game's position string"
    )
    winnable_only: bool = Field(
        False, description="a deal the game's solver proves winnable (games with an assistant)"
    )
    autoplay: bool = Field(
        False, description="start with autoplay on: the safe moves play themselves, those "
        "after the deal as part of its start (games with an assistant)"
    )
    seats: list[SeatChoice] = Field(max_length=8)
    record: str | None = Field(
        None, max_length=1_000_000,
        description="a game record to continue (JSON or the game's own text format)",
    )
    private: bool = Field(
        False, description="not listed in the lobby: only its invite link lets anyone in"
    )

    @field_validator("seed", mode="before")
    @classmethod
    def _whole(cls, seed: object) -> object:
        """A seed is a whole number or its digits: ``true`` or ``1.5`` is neither."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise PydanticCustomError("seed", "must be a whole number (its digits as text for "
                                      "more than 15 of them)")
        return seed


def imported_start(body: CreateTable, limits: Limits) -> tuple[
    str, dict[str, Any], int | None, str | None, tuple[int, ...]
]:
    """Game, options, seed, position and actions of a table: from its record if it has one."""
    if body.position is not None and (body.record is not None or body.seed is not None):
        other = "continues a record" if body.record is not None else "deals from a seed"
        raise InvalidOptions(f"a table starts from a position or {other}, not both")
    if body.record is None:
        if not body.game:
            raise InvalidOptions("a table needs a 'game' (or a 'record' to continue)")
        seed = parse_seed(body.seed, limits.max_seed_digits)
        return body.game, body.options, seed, body.position, ()
    if json_depth_exceeds(body.record, limits.max_depth):  # before any parser recurses
        raise BadInput(f"the record nests brackets deeper than {limits.max_depth} levels")
    data = parse_record_text(body.record)
    if body.game and body.game != data["game"]:
        raise InvalidRecord(f"the record is a {data['game']} game, not {body.game}")
    done = replay(data)
    if done.state.is_terminal():
        raise InvalidRecord(
            f"the record's game is over after {len(data['actions'])} moves; "
            "only an unfinished game can be continued at a table"
        )
    return (done.game.name, options_to_json(done.game.options), done.state.seed,
            done.state.start_position, tuple(done.state.history))


class JoinSeat(Body):
    """Take an open seat with the table's invite code."""

    seat: int = Field(ge=0, le=7)
    invite: str = Field(max_length=64)
    name: str | None = Field(None, max_length=64)


class HeldSeat(Body):
    """A table and the token of a seat this browser holds there."""

    table: str = Field(max_length=64)
    token: str = Field(max_length=64)


MAX_HELD = 1000
"""The most seats one ``/api/my-tables`` question may name."""


class HeldSeats(Body):
    """The seats a browser holds (its kept tokens), to list its tables."""

    seats: list[HeldSeat] = Field(max_length=MAX_HELD)


class ActionBody(Body):
    """An action (or a concession) sent over HTTP instead of the WebSocket."""

    token: str = Field(max_length=64)
    type: Literal["action", "concede"] = Field(
        "action", description="a move (the default), or give the game up (a patience deal "
        "left for a new one: the lobby concedes it)"
    )
    action: str | None = Field(None, max_length=Limits.max_action_text)
    turn: str | None = Field(None, max_length=Limits.max_action_text,
                             description="a whole turn in the game's notation, all or nothing")
    id: int | None = Field(None, ge=0, le=2**31)
    ply: int | None = Field(None, ge=0, le=2**31)


def game_info(name: str) -> dict[str, Any]:
    """What the lobby needs of a game: seats, options (JSON Schema), levels, whether it
    starts from position strings, description."""
    game = load(name)
    ai = game.ai()
    description = game.description()
    return {
        "name": name,
        "summary": game.summary,
        "num_players": game.num_players,
        "player_names": list(game.player_names),
        "levels": sorted(ai.levels),
        "default_level": ai.default_level if ai.levels else None,
        "computer": "level" if ai.levels else "random",
        "features": description["features"],
        "positions": game.has_positions(),
        "presets": {name: dict(values) for name, values in game.presets.items()},
        "main_options": list(game.main_options),
        "description": description,
        "options": options_schema(game.options_class),
    }


def rate_limit(limiter: Limiter, rate: str | None) -> Callable[[Any], Any]:
    """The route decorator of a per-client ``rate`` (e.g. ``20/minute;200/day``), or none."""
    if not rate:
        return lambda route: route
    try:
        parse_many(rate)
    except ValueError as exc:
        raise ValueError(f"rate limit {rate!r}: {exc}") from None
    return limiter.limit(rate)


def seat_of(table: LiveTable, token: str | None) -> int | None:
    """The seat ``token`` holds at ``table`` (None without one: watching); Forbidden,
    saying why, for a token that holds no seat here."""
    seat = table.seat_for_token(token)
    if token and seat is None:
        raise Forbidden(table.refused_token(token))
    return seat


def create_app(
    db_url: str,
    pool: str = "process",
    workers: int | None = None,
    computer_delay: float = 0.0,
    limits: Limits | None = None,
) -> FastAPI:
    """The kibitz web app on the database ``db_url`` (SQLite or PostgreSQL), under the
    resource policy ``limits`` (defaults suited to a public server)."""
    limits = limits or Limits()
    limiter = Limiter(key_func=get_remote_address, key_style="endpoint",
                      storage_uri="memory://")
    creating = rate_limit(limiter, limits.create_rate)
    joining = rate_limit(limiter, limits.join_rate)
    store = Store(db_url)
    hub = Hub(store, make_pool(pool, workers), computer_delay, limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.startup()
        yield
        await hub.shutdown()
        stop_now(hub.pool)
        analyses.close()
        store.close()

    app = FastAPI(
        title="kibitz",
        summary="Play five games where chess meets cards, against the computer or friends.",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,  # the API browser is a page of pages.py, from local files
        redoc_url=None,
    )
    app.state.hub = hub
    app.state.limiter = limiter
    app.state.limits = limits
    app.add_middleware(Guard, limits=limits)
    # pages, scripts and JSON gzipped for slow connections (about a third of their size); a
    # streamed analysis is flushed chunk by chunk, so its moves still arrive as judged
    app.add_middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)
    responses.install(app)

    titles = {name: str(load(name).description().get("title") or name)
              for name in game_classes()}  # fmt: skip

    # -- API -------------------------------------------------------------------------------
    @app.get("/api/games", summary="Every game with its options, seats and computer levels")
    def games() -> list[dict[str, Any]]:
        return [game_info(name) for name in game_classes()]

    @app.post("/api/tables", summary="Create a table; returns a token for each human seat")
    @creating
    async def create_table(request: Request, body: CreateTable) -> dict[str, Any]:
        game, options, seed, position, actions = imported_start(body, limits)
        table, tokens = await hub.create(
            game, options, [s.model_dump() for s in body.seats], seed,
            position, body.winnable_only and not actions, actions, body.private,
            body.autoplay,
        )
        return {
            "id": table.id,
            "tokens": {str(k): v for k, v in tokens.items()},
            "invite": table.invite,
            "table": table.summary(),
        }

    @app.get("/api/tables", summary="Running and finished tables, most recent first")
    async def list_tables(limit: int = Query(50, ge=1, le=500)) -> list[dict[str, Any]]:
        """The stored summaries, with who is at each table now where it is in play here."""
        rows = store.list_tables(limit)
        for row in rows:
            row.update(hub.presence(row["id"]))
        return rows

    @app.post("/api/my-tables", summary="The tables where these seat tokens hold a seat")
    def my_tables(body: HeldSeats) -> list[dict[str, Any]]:
        """Your tables (private ones too), your turn first, then the most recently changed;
        a token that holds no seat is left out."""
        rows = store.held_tables([(x.table, x.token) for x in body.seats])
        for row in rows:
            row["title"] = titles.get(row["game"], row["game"])
        rows.sort(key=lambda r: r["updated_at"] or "", reverse=True)
        rows.sort(key=lambda r: (not r["your_turn"], r["status"] != "playing"))
        return rows

    # Routes that touch the hub are ``async``: they run on the event loop, as the hub must.
    @app.get("/api/tables/{table_id}", summary="A table's public summary")
    async def get_table(table_id: str) -> dict[str, Any]:
        return hub.get(table_id).summary()

    @app.post("/api/tables/{table_id}/join", summary="Take an open seat (invite code needed)")
    @joining
    async def join(request: Request, table_id: str, body: JoinSeat) -> dict[str, Any]:
        table = hub.get(table_id)
        token = await hub.join(table, body.seat, body.invite, body.name)
        return {"id": table.id, "seat": body.seat, "token": token}

    @app.get("/api/tables/{table_id}/view", summary="The current view of a seat (or spectator)")
    async def view(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = hub.get(table_id)
        seat = seat_of(table, token)
        return table.view(seat)

    @app.get("/api/tables/{table_id}/log", summary="Every action as a seat saw it (move list)")
    async def seen_log(table_id: str, token: str | None = None) -> dict[str, Any]:
        """Every action so far as the seat of ``token`` saw it when it was made (a
        spectator's view without): what a client's move list is made of where a change
        of several actions (a whole turn) comes in one state message."""
        table = hub.get(table_id)
        seat = seat_of(table, token)
        async with table.lock:
            return {"ply": len(table.state.history), "moves": table.state.seen_actions(seat)}

    @app.post("/api/tables/{table_id}/actions", summary="Act for a seat (as over the WebSocket)")
    async def act(table_id: str, body: ActionBody) -> dict[str, Any]:
        table = hub.get(table_id)
        seat = seat_of(table, body.token)
        if seat is None:
            raise Forbidden("this token holds no seat at this table")
        message = body.model_dump(exclude={"token"}, exclude_none=True)
        await hub.handle(table, seat, message)
        return table.view(seat)

    def table_record(table_id: str) -> tuple[LiveTable, dict[str, Any]]:
        """The table and its record so far (a hidden-information game's once it is over)."""
        table = hub.get(table_id)
        if table.status == "finished":
            stored = store.record(table_id)
            if stored is not None:
                return table, stored
        if table.hidden and not table.state.is_terminal():
            raise Forbidden("the record of a hidden-information game is shown once it is over")
        return table, table.record()

    @app.get("/api/tables/{table_id}/record", summary="The game record (hidden games: once over)")
    async def record(table_id: str) -> dict[str, Any]:
        return table_record(table_id)[1]

    @app.get(
        "/api/tables/{table_id}/record/text",
        summary="The game record in the game's own text format (Cardmate: its PGN-like one)",
        response_class=PlainTextResponse,
    )
    async def text_record(table_id: str) -> PlainTextResponse:
        table, made = table_record(table_id)
        if table.game.text_record is None:
            raise NotFound(f"{table.game.name} has no text record of its own; its record is "
                           f"the JSON one at /api/tables/{table_id}/record")
        return PlainTextResponse(table.game.write_text_record(made))

    @app.get("/api/stats/{player}",
             summary="A player's results per game, streaks included, and latest games")
    def stats(player: str, latest: int = Query(
        Store.LATEST, ge=0, le=500, description="How many of the latest games of each game "
        "to list, newest first (the counts take in every game)",
    )) -> list[dict[str, Any]]:
        return store.stats(player, latest)

    # -- live play -------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            table = hub.get(table_id)
            seat = seat_of(table, token)
            outbox = hub.connect(table, websocket, seat)
        except KibitzError as exc:
            code = 4404 if responses.status_of(exc) == 404 else (
                4403 if isinstance(exc, Forbidden) else 1013)
            await websocket.send_text(error_text(exc))
            await websocket.close(code=code)
            return
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                reply = await answer(table, seat, message)
                if reply is not None:
                    outbox.reply(reply)
                await outbox.room()
        finally:
            await hub.disconnect(table, websocket)

    async def answer(table: Any, seat: int | None, message: dict[str, Any]) -> str | None:
        """The reply to one WebSocket message (None: the new state is the answer); an error
        carries the message's ``ref``, so a client tells which of its messages it answers."""
        ref = None
        try:
            text = message.get("text")
            if text is None:
                raise BadInput("binary messages are not understood; send JSON text")
            if len(text) > limits.max_message:
                raise BadInput(f"message of {len(text)} characters; at most "
                               f"{limits.max_message}")
            request = load_json(text, limits.max_depth)
            ref = reference(request)
            for field in ("action", "turn"):  # a move's text, or a whole turn's
                move = request.get(field) if isinstance(request, dict) else None
                if isinstance(move, str) and len(move) > limits.max_action_text:
                    raise BadInput(f"{field} {quote(move)} is longer than "
                                   f"{limits.max_action_text} characters")
            reply = await hub.handle(table, seat, request)
        except KibitzError as exc:
            return error_text(exc, ref)
        return None if reply is None else json.dumps(reply, separators=(",", ":"))

    # -- analysis of finished games (in the worker pool) ------------------------------------
    analyses = analysis.install(app, hub, store, lambda rate: rate_limit(limiter, rate))

    # -- pages -----------------------------------------------------------------------------
    pages.install(app, hub)

    return app


def reference(request: Any) -> str | int | None:
    """A message's ``ref``, echoed in an error reply: a string of at most 64 characters or an
    integer (anything else is not echoed)."""
    ref = request.get("ref") if isinstance(request, dict) else None
    if isinstance(ref, str) and len(ref) <= 64:
        return ref
    return ref if isinstance(ref, int) and not isinstance(ref, bool) else None


def error_text(exc: Exception, ref: str | int | None = None) -> str:
    """A WebSocket error reply naming the problem (never more than a short message), with
    the ``ref`` of the message it answers, if it had one."""
    reply: dict[str, Any] = {"type": "error", "message": clip(str(exc))}
    if ref is not None:
        reply["ref"] = ref
    return json.dumps(reply, separators=(",", ":"))
