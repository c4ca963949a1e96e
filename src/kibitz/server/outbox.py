"""What the server sends one WebSocket connection, in order, from the connection's own task.

A change to a table only drops its new state into each connection's outbox, so fan-out to
any number of watchers costs the mover nothing and a slow or stalled reader holds up nobody
else. A state not yet sent is replaced by a newer one (each state is the whole picture), so
a slow reader never piles up states; replies to the connection's own messages are kept in
order, and a client that sends faster than it reads is not read from until its outbox has
room again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from typing import Any


class Outbox:
    """The messages on their way to one connection, sent by its own task."""

    def __init__(self, websocket: Any, seat: int | None, limit: int) -> None:
        self.websocket = websocket
        self.seat = seat
        self.limit = limit
        self._items: deque[str | Callable[[], str]] = deque()
        self._ready = asyncio.Event()
        self._room = asyncio.Event()
        self._room.set()
        self._task = asyncio.create_task(self._send_all())

    def state(self, render: Callable[[], str]) -> None:
        """Queue the table's newest state (``render`` makes its text when it is sent, so a
        state replaced before its turn costs nothing)."""
        if self._items and callable(self._items[-1]):
            self._items[-1] = render
        else:
            self._put(render)

    def reply(self, text: str) -> None:
        """Queue a reply to this connection's own message."""
        self._put(text)

    def _put(self, item: str | Callable[[], str]) -> None:
        self._items.append(item)
        self._ready.set()
        if len(self._items) >= self.limit:
            self._room.clear()

    async def room(self) -> None:
        """Wait until the outbox has room (the client reads what it is sent)."""
        await self._room.wait()

    async def _send_all(self) -> None:
        try:
            while True:
                await self._ready.wait()
                while self._items:
                    item = self._items.popleft()
                    if len(self._items) < self.limit // 2:
                        self._room.set()
                    await self.websocket.send_text(item if isinstance(item, str) else item())
                self._ready.clear()
        except Exception:  # the connection went away; its receive loop ends it
            self._room.set()

    async def close(self) -> None:
        """Stop sending (the connection is closed)."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
