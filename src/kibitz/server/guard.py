"""The ASGI layer in front of the app: security headers on every response, and request
bodies bounded in size and checked to be acceptable JSON before any route reads them."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from kibitz.server.limits import BadInput, Limits, clip, load_json

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The content security policy of every page: scripts only from the site's own files."""

DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""The API browser at ``/docs`` is FastAPI's Swagger UI page: an inline script and a CDN."""

HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # invite codes travel in page addresses
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    # Asked again each time (a 304 while unchanged): a browser never runs a page or module
    # of an earlier version beside the new ones, whose imports it may lack.
    (b"cache-control", b"no-cache"),
]


class Guard:
    """Security headers, and request bodies of at most ``max_body`` bytes; a JSON body
    must parse within ``max_depth`` levels (413 or 400 otherwise, in the API's error shape)."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope["path"] in ("/docs", "/redoc") else PAGE_POLICY
        extra = [(b"content-security-policy", policy.encode()), *HEADERS]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        if scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send_with_headers)
            return
        body, refusal = await self._read_body(scope, receive)
        if refusal is not None:
            await _refuse(send_with_headers, *refusal)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # the app waits for the client to disconnect
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send_with_headers)

    async def _read_body(self, scope: Scope, receive: Receive) -> tuple[bytes, Any]:
        """The whole body, or the refusal ``(status, message)``."""
        limit = self.limits.max_body
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length", b"")
        if length.isdigit() and int(length) > limit:
            return b"", (413, f"request body of {int(length)} bytes; at most {limit}")
        parts, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return b"", (400, "the client went away")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                return b"", (413, f"request body over {limit} bytes")
            parts.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(parts)
        if body and b"json" in headers.get(b"content-type", b""):
            try:
                load_json(body, self.limits.max_depth, "request body")
            except BadInput as exc:
                return b"", (400, str(exc))
        return body, None


async def _refuse(send: Send, status: int, message: str) -> None:
    """Answer ``{"error": message}`` without calling the app."""
    body = json.dumps({"error": clip(message)}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
