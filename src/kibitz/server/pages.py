"""The site's pages: lobby, table, invite, statistics, rules, the API browser and the icon.

Everything served here ships inside the package: the pages and scripts under ``static/``,
the rules guides (``kibitz/guides``) and the API browser's Swagger UI files from the
``fastapi-offline`` package, so nothing is fetched from another site.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from kibitz.core.errors import InvalidOptions, UnknownGame
from kibitz.server.hub import Hub, NotFound
from kibitz.server.responses import page, page_error
from kibitz.server.rules import rules_html, rules_links

STATIC = Path(__file__).parent / "static"


def swagger_assets() -> Path:
    """The folder of Swagger UI's script, stylesheet and icon (from ``fastapi-offline``)."""
    return Path(str(files("fastapi_offline") / "static"))


def missing_table(table_id: str) -> HTMLResponse:
    """The page for a table address that leads nowhere."""
    return page_error(
        404, f"There is no table {table_id[:80]!r} on this server.", "No such table",
        "The link may be mistyped or from another server; the lobby lists the running tables.",
        "Start a new table in the lobby",
    )


def install(app: FastAPI, hub: Hub) -> None:
    """Add the pages and their static files to ``app``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/docs-assets", StaticFiles(directory=swagger_assets()), name="docs-assets")

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    def table_page(table_id: str, page: str) -> FileResponse | HTMLResponse:
        """``page`` for an existing table, else the page that says there is no such table."""
        try:
            hub.get(table_id)
        except NotFound:
            return missing_table(table_id)
        return FileResponse(STATIC / page)

    @app.get("/play/{table_id}", include_in_schema=False, response_model=None)
    async def play_page(table_id: str) -> FileResponse | HTMLResponse:
        return table_page(table_id, "play.html")

    @app.get("/join/{table_id}", include_in_schema=False, response_model=None)
    async def join_page(table_id: str) -> FileResponse | HTMLResponse:
        return table_page(table_id, "join.html")

    @app.get("/stats", include_in_schema=False)
    def stats_page() -> FileResponse:
        return FileResponse(STATIC / "stats.html")

    @app.get("/docs", include_in_schema=False)
    def api_docs() -> FileResponse:
        return FileResponse(STATIC / "docs.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/rules/{game}", include_in_schema=False, response_class=HTMLResponse)
    def rules_page(game: str, preset: str | None = None, table: str | None = None) -> HTMLResponse:
        """The rules for ``preset``, or as ``table`` plays them (its options)."""
        try:
            options = hub.get(table).stored.options if table is not None else None
            body = rules_html(game, preset, options)
        except NotFound:
            return missing_table(table or "")
        except UnknownGame as exc:
            return page_error(404, str(exc), "No such game")
        except InvalidOptions as exc:
            return page_error(400, str(exc), "No such preset", rules_links(game))
        return HTMLResponse(page(f"{game} rules", f"<main class='rules'>{body}</main>"))
