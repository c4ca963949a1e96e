"""A table of a running ``kibitz serve`` as a terminal player holds it: the address given
(the invite link, or the table's address with a seat token), and the HTTP calls around the
table's WebSocket (its summary, taking an open seat by invite, a seat's view, the finished
game's record).

The terminal talks to the server only over HTTP and the WebSocket, as the web page does;
every refusal is the server's own ``{"error": ...}`` line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

import httpx

from kibitz.core.errors import KibitzError

FORMS = (
    "the invite link (http://HOST:PORT/join/TABLE?invite=CODE), or the table's address "
    "(http://HOST:PORT/play/TABLE) with --token TOKEN or --watch"
)
"""The addresses ``kibitz join`` takes, as its errors name them."""

SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


class TableError(KibitzError):
    """A table that cannot be reached or joined: a bad address, a server that does not
    answer, or the server's refusal (its own words)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        """``status``: the HTTP status of the server's own refusal (404: no such table), so
        that a caller tells refusals apart; None where the server refused nothing."""
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class TableLink:
    """Where a table is (``base``: the server's address, any path prefix included) and what
    the player holds for it: an ``invite`` code, a seat ``token``, or neither (to watch)."""

    base: str
    table: str
    invite: str | None = None
    token: str | None = None

    def with_token(self, token: str) -> TableLink:
        return TableLink(self.base, self.table, self.invite, token)

    @property
    def page(self) -> str:
        """The table's page: what the browser shows, and where ``--token`` brings one back."""
        return f"{self.base}/play/{quote(self.table, safe='')}"

    def socket(self) -> str:
        """The table's WebSocket address, with the seat token where one is held."""
        scheme, rest = self.base.split("://", 1)
        query = f"?token={quote(self.token, safe='')}" if self.token else ""
        ws = "wss" if scheme == "https" else "ws"
        return f"{ws}://{rest}/ws/tables/{quote(self.table, safe='')}{query}"

    def comeback(self) -> str:
        """The command that takes this seat again (the token is the seat's key)."""
        return f"kibitz join {self.page} --token {self.token}"


def server_base(url: str) -> str:
    """The address of a server (``http://HOST:PORT``, any path prefix kept; ``http://`` may
    be left out)."""
    text = url.strip()
    text = text if "://" in text else f"http://{text}"
    try:
        parts = urlsplit(text)
        scheme = SCHEMES.get(parts.scheme.lower())
        parts.port  # noqa: B018 (a bad port raises here)
    except ValueError:
        scheme = None
    if scheme is None or not parts.netloc:
        raise TableError(f"{url.strip()[:120]!r} is not a server's address: give "
                         "http://HOST:PORT (where `kibitz serve` runs)")
    return f"{scheme}://{parts.netloc}{parts.path}".rstrip("/")


def open_table(base: str, body: dict[str, Any]) -> TableLink:
    """Make a table at the server ``base`` (``POST /api/tables``): the link of the first
    person's seat (its token held)."""
    server = TableServer(TableLink(base, ""))
    try:
        made = server.create(body)
    finally:
        server.close()
    tokens = made["tokens"]
    return TableLink(base, made["id"], token=tokens[min(tokens, key=int)])


def held_tables(base: str, seats: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The tables of the server ``base`` where ``(table, token)`` pairs hold a seat, as its
    lobby lists a browser's (``POST /api/my-tables``): whose turn, the player's first."""
    server = TableServer(TableLink(base, ""))
    try:
        return server.my_tables(seats)
    finally:
        server.close()


def parse_link(url: str, token: str | None = None) -> TableLink:
    """The table an address names: the invite link ``.../join/TABLE?invite=CODE``, the table
    page ``.../play/TABLE`` (``?token=`` or ``token`` for a seat held already), or the API's
    ``.../api/tables/TABLE`` and ``.../ws/tables/TABLE``; ``http://`` may be left out."""
    text = url.strip()
    if "://" not in text:
        text = f"http://{text}"
    try:
        parts = urlsplit(text)
        scheme = SCHEMES.get(parts.scheme.lower())
        host = parts.netloc
        parts.port  # noqa: B018 (a bad port raises here)
    except ValueError:
        scheme = host = None
    segments = [unquote(s) for s in (parts.path.split("/") if scheme else [])]
    while segments and not segments[-1]:
        segments.pop()
    table, prefix = None, []
    if len(segments) >= 2 and segments[-2] in ("join", "play"):
        table, prefix = segments[-1], segments[:-2]
    elif len(segments) >= 3 and segments[-2] == "tables" and segments[-3] in ("api", "ws"):
        table, prefix = segments[-1], segments[:-3]
    if scheme is None or not host or not table:
        raise TableError(f"{url.strip()[:120]!r} is not a table's address: give {FORMS}")
    query = parse_qs(parts.query)
    base = f"{scheme}://{host}{'/'.join(prefix)}".rstrip("/")
    return TableLink(
        base, table, (query.get("invite") or [None])[0],
        token or (query.get("token") or [None])[0],
    )  # fmt: skip


class TableServer:
    """The server of a table, over HTTP (blocking calls: before the app starts, or in a
    worker)."""

    def __init__(self, link: TableLink, timeout: float = 10.0) -> None:
        self.link = link
        self.timeout = timeout
        self.client = httpx.Client(base_url=link.base, timeout=timeout)

    def close(self) -> None:
        self.client.close()

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        """The JSON answer; TableError with the server's ``error`` (or what went wrong)."""
        where = self.link.base
        try:
            reply = self.client.request(method, path, **kwargs)
        except httpx.TimeoutException:
            raise TableError(f"{where} did not answer within {self.timeout:g} s") from None
        except httpx.HTTPError as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise TableError(f"cannot reach {where} ({reason}): is `kibitz serve` running "
                             "there?") from None
        try:
            data = reply.json()
        except ValueError:
            data = None
        if reply.is_success and data is not None:
            return data
        if isinstance(data, dict) and isinstance(data.get("error"), str):
            raise TableError(data["error"], reply.status_code)
        raise TableError(f"{where}{path} answered {reply.status_code} {reply.reason_phrase}: "
                         "not a kibitz server's table?")

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new table (``POST /api/tables``): its id, seat tokens and invite."""
        made: dict[str, Any] = self._call("POST", "/api/tables", json=body)
        return made

    def my_tables(self, seats: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The tables where these ``(table, token)`` pairs hold a seat."""
        body = {"seats": [{"table": table, "token": token} for table, token in seats]}
        rows: list[dict[str, Any]] = self._call("POST", "/api/my-tables", json=body)
        return rows

    def _table(self) -> str:
        return f"/api/tables/{quote(self.link.table, safe='')}"

    def summary(self) -> dict[str, Any]:
        """The table's public summary: game, options, seats, status."""
        return self._call("GET", self._table())

    def join(self, seat: int, invite: str, name: str | None) -> str:
        """Take the open ``seat`` with the invite code; the seat's token."""
        body = {"seat": seat, "invite": invite, "name": name}
        return str(self._call("POST", f"{self._table()}/join", json=body)["token"])

    def view(self, token: str | None) -> dict[str, Any]:
        """The state message a WebSocket at ``token``'s seat (None: watching) is sent."""
        params = {"token": token} if token else {}
        return self._call("GET", f"{self._table()}/view", params=params)

    def seen_log(self, token: str | None) -> dict[str, Any]:
        """Every action so far as ``token``'s seat saw it (``GET .../log``)."""
        params = {"token": token} if token else {}
        return self._call("GET", f"{self._table()}/log", params=params)

    def record(self) -> dict[str, Any]:
        """The game record (a hidden-card game's only once it is over)."""
        return self._call("GET", f"{self._table()}/record")


def choose_seat(summary: dict[str, Any], wanted: str | None) -> int:
    """The open seat to take: the one ``wanted`` names (a seat name or number), else the
    first open one."""
    names = [n.lower() for n in summary["player_names"]]
    seats = summary["seats"]
    open_ = [i for i, s in enumerate(seats) if s["kind"] == "open"]
    if wanted is not None:
        t = wanted.strip().lower()
        seat = names.index(t) if t in names else int(t) if t.isdigit() else -1
        if not 0 <= seat < len(seats):
            valid = ", ".join([*summary["player_names"], *map(str, range(len(seats)))])
            raise TableError(f"--seat {wanted!r} is not a seat of this table; valid: {valid}")
        return seat
    if not open_:
        taken = ", ".join(
            f"{summary['player_names'][i]}: {s['name'] or s['agent'] or 'a person'}"
            for i, s in enumerate(seats)
        )  # fmt: skip
        raise TableError(f"no seat is open at this table ({taken}); --watch watches it")
    return open_[0]
