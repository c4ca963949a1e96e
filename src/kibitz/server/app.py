"""The FastAPI application: JSON API, one WebSocket per table, and the pages.

``create_app(db_url)`` builds it; ``kibitz serve`` runs it on uvicorn. The OpenAPI
description is at ``/openapi.json`` (browsable at ``/docs``); the live protocol is
documented in docs/web.md.
"""

from __future__ import annotations

import html
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from kibitz.core.errors import InvalidOptions, InvalidRecord, KibitzError, UnknownGame
from kibitz.core.options import options_schema, options_to_json
from kibitz.core.record import parse_record_text, replay
from kibitz.core.registry import game_classes, load
from kibitz.server.hub import Forbidden, Hub, NotFound
from kibitz.server.rules import rules_html
from kibitz.server.store import Store
from kibitz.server.workers import make_pool

STATIC = Path(__file__).parent / "static"


class SeatChoice(BaseModel):
    """Who sits at a seat."""

    kind: Literal["human", "computer", "open"] = "human"
    level: int | None = Field(None, description="computer level (default: the game's own)")
    name: str | None = Field(None, max_length=64, description="player name for statistics")


class CreateTable(BaseModel):
    """A new table: the game, its options, its start and its seats (one per player).

    With ``record`` the game, options, seed and start come from that record, and the table
    starts where it ends.
    """

    game: str | None = Field(None, description="the game (needed unless a record is given)")
    options: dict[str, Any] = {}
    seed: int | str | None = Field(
        None, description="deal/game number (digits as text for big numbers); random if omitted"
    )
    position: str | None = Field(None, description="start from the game's position string")
    winnable_only: bool = Field(
        False, description="a deal the game's solver proves winnable (games with an assistant)"
    )
    seats: list[SeatChoice]
    record: str | None = Field(
        None, max_length=1_000_000,
        description="a game record to continue (JSON or the game's own text format)",
    )


def imported_start(body: CreateTable) -> tuple[str, dict[str, Any], int | None, str | None,
                                               tuple[int, ...]]:
    """Game, options, seed, position and actions of a table: from its record if it has one."""
    if body.record is None:
        if not body.game:
            raise InvalidOptions("a table needs a 'game' (or a 'record' to continue)")
        seed = body.seed
        if isinstance(seed, str):
            if not seed.strip().isdigit():
                raise InvalidOptions(f"seed must be a whole number, got {seed!r}")
            seed = int(seed)
        return body.game, body.options, seed, body.position, ()
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


class JoinSeat(BaseModel):
    """Take an open seat with the table's invite code."""

    seat: int
    invite: str
    name: str | None = Field(None, max_length=64)


class ActionBody(BaseModel):
    """An action sent over HTTP instead of the WebSocket."""

    token: str
    action: str | None = None
    id: int | None = None
    ply: int | None = None


def game_info(name: str) -> dict[str, Any]:
    """What the lobby needs of a game: seats, options (JSON Schema), levels, description."""
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
        "description": description,
        "options": options_schema(game.options_class),
    }


def page(title: str, main: str) -> str:
    """A plain HTML page in the site's frame."""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)} - kibitz</title>"
        "<link rel='stylesheet' href='/static/style.css'></head><body>"
        f"<header><a href='/'>kibitz</a></header>{main}</body></html>"
    )


def page_error(status: int, message: str) -> HTMLResponse:
    """An error page that says what went wrong."""
    main = f"<main><p class='error' role='alert'>{html.escape(message)}</p></main>"
    return HTMLResponse(page("error", main), status_code=status)


def create_app(
    db_url: str,
    pool: str = "process",
    workers: int | None = None,
    computer_delay: float = 0.0,
) -> FastAPI:
    """The kibitz web app on the database ``db_url`` (any SQLAlchemy URL)."""
    store = Store(db_url)
    hub = Hub(store, make_pool(pool, workers), computer_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.startup()
        yield
        await hub.shutdown()
        hub.pool.shutdown(wait=False, cancel_futures=True)
        store.close()

    app = FastAPI(
        title="kibitz",
        summary="Play five games where chess meets cards, against the computer or friends.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.hub = hub

    @app.exception_handler(KibitzError)
    async def kibitz_error(request: Request, exc: KibitzError) -> JSONResponse:
        status = 404 if isinstance(exc, (NotFound, UnknownGame)) else (
            403 if isinstance(exc, Forbidden) else 400
        )
        return JSONResponse({"error": str(exc)}, status_code=status)

    # -- API -------------------------------------------------------------------------------
    @app.get("/api/games", summary="Every game with its options, seats and computer levels")
    def games() -> list[dict[str, Any]]:
        return [game_info(name) for name in game_classes()]

    @app.post("/api/tables", summary="Create a table; returns a token for each human seat")
    async def create_table(body: CreateTable) -> dict[str, Any]:
        game, options, seed, position, actions = imported_start(body)
        table, tokens = await hub.create(
            game, options, [s.model_dump() for s in body.seats], seed,
            position, body.winnable_only and not actions, actions,
        )
        return {
            "id": table.id,
            "tokens": {str(k): v for k, v in tokens.items()},
            "invite": f"/join/{table.id}?invite={table.stored.invite}",
            "table": table.summary(),
        }

    @app.get("/api/tables", summary="Running and finished tables, most recent first")
    def list_tables(limit: int = Query(50, ge=1, le=500)) -> list[dict[str, Any]]:
        return store.list_tables(limit)

    @app.get("/api/tables/{table_id}", summary="A table's public summary")
    def get_table(table_id: str) -> dict[str, Any]:
        return hub.get(table_id).summary()

    @app.post("/api/tables/{table_id}/join", summary="Take an open seat (invite code needed)")
    async def join(table_id: str, body: JoinSeat) -> dict[str, Any]:
        table = hub.get(table_id)
        token = await hub.join(table, body.seat, body.invite, body.name)
        return {"id": table.id, "seat": body.seat, "token": token}

    @app.get("/api/tables/{table_id}/view", summary="The current view of a seat (or spectator)")
    def view(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = hub.get(table_id)
        seat = table.seat_for_token(token)
        if token and seat is None:
            raise Forbidden("this token holds no seat at this table")
        return table.view(seat)

    @app.post("/api/tables/{table_id}/actions", summary="Act for a seat (as over the WebSocket)")
    async def act(table_id: str, body: ActionBody) -> dict[str, Any]:
        table = hub.get(table_id)
        seat = table.seat_for_token(body.token)
        if seat is None:
            raise Forbidden("this token holds no seat at this table")
        message = {"type": "action", **body.model_dump(exclude={"token"}, exclude_none=True)}
        await hub.handle(table, seat, message)
        return table.view(seat)

    @app.get("/api/tables/{table_id}/record", summary="The game record (hidden games: once over)")
    def record(table_id: str) -> dict[str, Any]:
        table = hub.get(table_id)
        if table.status == "finished":
            stored = store.record(table_id)
            if stored is not None:
                return stored
        if table.hidden and not table.state.is_terminal():
            raise Forbidden("the record of a hidden-information game is shown once it is over")
        return table.record()

    @app.get("/api/stats/{player}", summary="A player's results per game, streaks included")
    def stats(player: str) -> list[dict[str, Any]]:
        return store.stats(player)

    # -- live play -------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            table = hub.get(table_id)
        except NotFound as exc:
            await websocket.send_json({"type": "error", "message": str(exc)})
            await websocket.close(code=4404)
            return
        seat = table.seat_for_token(token)
        if token and seat is None:
            await websocket.send_json(
                {"type": "error", "message": "this token holds no seat at this table"}
            )
            await websocket.close(code=4403)
            return
        table.connections[websocket] = seat
        await hub.broadcast(table)
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    message = json.loads(text)
                except json.JSONDecodeError as exc:
                    await websocket.send_json(
                        {"type": "error", "message": f"message is not JSON: {exc}"}
                    )
                    continue
                try:
                    reply = await hub.handle(table, seat, message)
                except KibitzError as exc:
                    await websocket.send_json({"type": "error", "message": str(exc)})
                    continue
                if reply is not None:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            table.connections.pop(websocket, None)
            await hub.broadcast(table)

    # -- pages -----------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{table_id}", include_in_schema=False)
    def play_page(table_id: str) -> FileResponse:
        hub.get(table_id)
        return FileResponse(STATIC / "play.html")

    @app.get("/join/{table_id}", include_in_schema=False)
    def join_page(table_id: str) -> FileResponse:
        hub.get(table_id)
        return FileResponse(STATIC / "join.html")

    @app.get("/stats", include_in_schema=False)
    def stats_page() -> FileResponse:
        return FileResponse(STATIC / "stats.html")

    @app.get("/rules/{game}", include_in_schema=False, response_class=HTMLResponse)
    def rules_page(game: str, preset: str | None = None) -> HTMLResponse:
        try:
            body = rules_html(game, preset)
        except UnknownGame as exc:
            return page_error(404, str(exc))
        except InvalidOptions as exc:
            return page_error(400, str(exc))
        return HTMLResponse(page(f"{game} rules", f"<main class='rules'>{body}</main>"))

    return app
