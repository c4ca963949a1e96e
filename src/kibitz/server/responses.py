"""Error replies in one shape: ``{"error": "..."}`` for every refused API request, an HTML
page for a page that does not exist; no reply quotes more than a short prefix of the input."""

from __future__ import annotations

import html
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from slowapi.errors import RateLimitExceeded
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException

from kibitz.core.errors import KibitzError, UnknownGame
from kibitz.server.hub import Busy, Forbidden, NotFound
from kibitz.server.limits import clip

log = logging.getLogger("kibitz.server")

API_PREFIXES = ("/api/", "/ws/", "/openapi.json")
"""Paths answered in JSON; every other path is a page."""

STATUS_WORDS = {404: "not found", 405: "method not allowed", 413: "request too large"}

HEADINGS = {400: "Cannot show this page", 404: "Page not found"}
"""An error page's heading by its status (others: ``Something went wrong``)."""

HEADER = (
    "<header><a class='brand' href='/'>kibitz</a>"
    "<span class='tagline'>five games where chess meets cards</span>"
    "<a href='/stats'>statistics</a><a href='/docs'>API</a></header>"
)
"""The site's header, as the lobby has it."""


def page(title: str, main: str) -> str:
    """A plain HTML page in the site's frame."""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<meta name='color-scheme' content='light dark'>"
        f"<title>{html.escape(title)} - kibitz</title>"
        "<link rel='icon' href='/static/favicon.svg' type='image/svg+xml'>"
        f"<link rel='stylesheet' href='/static/style.css'></head><body>{HEADER}{main}</body></html>"
    )


def page_error(status: int, message: str, heading: str | None = None, more: str = "",
               back: str = "Back to the lobby") -> HTMLResponse:
    """An error page: its heading, what went wrong (escaped), ``more`` (markup of the
    server's own: where to go instead) and a link to the lobby that says ``back``."""
    heading = heading or HEADINGS.get(status, "Something went wrong")
    main = (
        f"<main class='narrow'><h1>{html.escape(heading)}</h1>"
        f"<p class='error' role='alert'>{html.escape(clip(message))}</p>"
        + (f"<p>{more}</p>" if more else "")
        + f"<p><a href='/'>{html.escape(back)}</a></p></main>"
    )
    return HTMLResponse(page(heading.lower(), main), status_code=status)


def error_json(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """The API's error reply."""
    return JSONResponse({"error": clip(message)}, status_code=status, headers=headers)


def error_reply(request: Request, status: int, message: str) -> Response:
    """JSON for the API, a page for a page."""
    if request.url.path.startswith(API_PREFIXES):
        return error_json(status, message)
    return page_error(status, message)


def status_of(exc: KibitzError) -> int:
    """The HTTP status of a refused request."""
    if isinstance(exc, (NotFound, UnknownGame)):
        return 404
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Busy):
        return 503
    return 400


def validation_message(exc: RequestValidationError) -> str:
    """The first problem of a request that does not fit its model, without the input."""
    errors = exc.errors()
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {first.get('msg', 'invalid')}{more}"


def install(app: FastAPI) -> None:
    """Answer every refused request in the one shape."""

    @app.exception_handler(KibitzError)
    async def kibitz_error(request: Request, exc: KibitzError) -> Response:
        return error_reply(request, status_of(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        return error_reply(request, 400, validation_message(exc))

    @app.exception_handler(RateLimitExceeded)
    async def too_many(request: Request, exc: RateLimitExceeded) -> Response:
        return error_json(
            429, f"too many requests from your address (at most {exc.detail}); try again later",
            {"Retry-After": "60"},
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        words = STATUS_WORDS.get(exc.status_code, "refused")
        message = exc.detail if isinstance(exc.detail, str) else words
        if exc.status_code == 404:
            path = request.url.path[:80]
            if not path.startswith(API_PREFIXES):  # a page: said in words, a way back below
                return page_error(404, f"There is no page at {path} on this server.")
            message = f"{words}: {path}"
        return error_reply(request, exc.status_code, message)

    @app.exception_handler(OperationalError)
    async def database_away(request: Request, exc: OperationalError) -> Response:
        log.error("the database failed on %s %s: %s", request.method, request.url.path,
                  str(exc.orig or exc).strip().splitlines()[0])
        return error_reply(request, 503, "the database cannot be reached; try again in a moment")

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> Response:
        # the traceback follows, written by the server under the app (once, not twice)
        log.error("error on %s %s: %r", request.method, request.url.path, exc)
        return error_reply(request, 500, "internal server error")
