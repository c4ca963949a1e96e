"""The server's resource policy and the checks that keep one request's work small.

``Limits`` gathers every bound a public server needs (request and message sizes, JSON depth,
seeds, rate limits, tables in memory, watchers); ``kibitz serve`` sets them from its flags and
docs/web.md lists them. The helpers here read untrusted text without letting it cost more
than its bounded size: JSON is checked for depth before it is parsed, and error messages
quote at most a short prefix of what was sent.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from kibitz.core.errors import KibitzError


class BadInput(KibitzError, ValueError):
    """A request or message that breaks a size, depth or format limit."""


@dataclass(frozen=True)
class Limits:
    """Every bound of the server, with defaults suited to a public server."""

    max_body: int = 1_200_000
    """Bytes of an HTTP request body (a record to import may be up to 1 MB of text)."""
    max_message: int = 16_384
    """Characters of one WebSocket message (an action is a few dozen)."""
    max_frame: int = 1_048_576
    """Bytes of a WebSocket frame: a larger one closes the connection (1009) unread; one
    between ``max_message`` and this gets an error reply and the connection stays open."""
    max_depth: int = 32
    """Nesting of JSON objects and arrays, in bodies, messages and imported records."""
    max_seed_digits: int = 20
    """Digits of a seed or deal number (patience deal numbers go up to 10^20 - 1)."""
    max_action_text: int = 120
    """Characters of a move or a whole turn written in a game's notation (the longest real
    one, a Rook discard set, is under 40), so that the error naming a bad one, which quotes
    it, fits in one error message with its reason."""
    create_rate: str | None = "20/minute;200/day"
    """Tables one client (address) may create (a ``limits`` rate; None: unlimited)."""
    join_rate: str | None = "30/minute"
    """Seats one client may take with invites (None: unlimited)."""
    max_tables: int = 2000
    """Tables held in memory; idle and finished ones are unloaded (they stay stored)."""
    idle_seconds: float = 900.0
    """A table nobody has watched or played for this long is unloaded."""
    max_watchers: int = 200
    """Connections to one table (players and spectators together)."""
    max_outbox: int = 64
    """Messages queued for one connection before the server stops reading from it."""
    away_seconds: float = 120.0
    """How long a person must have been away before another player may give their seat to
    the computer (so that a table of friends is not stuck when one leaves for good)."""
    max_questions: int = 8
    """Solver questions (hints, "still winnable?") answered at once over the whole server,
    each up to about a second of the workers the computer players share; one more is
    refused, to be asked again, so that no one keeps the computers waiting."""


ERROR_TEXT = 300
"""The longest error message the server sends (characters)."""


def clip(text: str, limit: int = ERROR_TEXT) -> str:
    """``text`` cut to ``limit`` characters, marked where cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote(text: str, limit: int = 24) -> str:
    """A short quoted prefix of untrusted ``text`` for an error message."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} chars)"


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def json_depth_exceeds(text: str, limit: int) -> bool:
    """Whether JSON ``text`` nests objects and arrays deeper than ``limit`` (strings
    skipped); cheap when there are fewer brackets than the limit, as in every real message."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _BRACKETS.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def load_json(text: str | bytes, limit: int, what: str = "message") -> Any:
    """Parse untrusted JSON ``text`` whose size is already bounded; BadInput if it is nested
    deeper than ``limit`` or is not JSON (the reason names no more than a prefix of it)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput(f"{what} is not UTF-8 text") from None
    if json_depth_exceeds(text, limit):
        raise BadInput(f"{what} nests JSON deeper than {limit} levels")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{what} is not JSON: {exc.msg} at character {exc.pos}") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of over 4300 digits
        raise BadInput(f"{what} is not acceptable JSON: {clip(str(exc), 80)}") from None


def whole(value: object) -> bool:
    """Whether a JSON value is a whole number (``true`` is not one, though Python says so)."""
    return isinstance(value, int) and not isinstance(value, bool)


def parse_seed(seed: int | str | None, digits: int) -> int | None:
    """A seed or deal number: a whole number of at most ``digits`` digits (text or int)."""
    if seed is None:
        return None
    if isinstance(seed, str):
        text = seed.strip()
        if not text.isdigit() or not text.isascii():
            raise BadInput(f"seed must be a whole number, got {quote(seed)}")
        if len(text) > digits:
            raise BadInput(f"seed has {len(text)} digits; at most {digits}")
        return int(text)
    if not whole(seed):
        raise BadInput("seed must be a whole number")
    if not 0 <= seed < 10**digits:
        raise BadInput(f"seed must be a whole number from 0 to {digits} digits")
    return seed
