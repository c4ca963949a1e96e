"""Storage (SQLAlchemy 2): tables, seats, every action as it happens, records and statistics.

SQLite is the default; PostgreSQL (psycopg 3) is tested alike (``kibitz.server.database``
opens either and migrates its schema). A table's state is
never stored as a blob: it is rebuilt by replaying its stored actions with its play session's
saved data (undo steps, redo stack, hints), both written in one transaction per change, so a
restart (even a crash) resumes every unfinished table exactly where it was. Statistics are
one entry per player and finished game (``kibitz.core.stats``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from kibitz.core.registry import game_class
from kibitz.core.stats import Entry, Statistics
from kibitz.server.chat import Line
from kibitz.server.database import DatabaseError, Lease, migrate, open_engine, shown
from kibitz.server.schema import (
    ActionRow,
    AnalysisRow,
    ChatRow,
    EntryRow,
    SeatRow,
    TableRow,
    now,
)

Row = tuple[int, int, str]
"""A stored action: ``(action, seat, text)``, seat -1 for chance."""


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed, so a copy of the database cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatSpec:
    """A seat as stored: kind ``human``, ``computer`` or ``open``."""

    kind: str
    agent: str | None = None
    name: str | None = None
    token_hash: str | None = None


@dataclass
class StoredTable:
    """Everything needed to rebuild a live table."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    position: str | None
    chance_seed: int
    invite: str
    status: str
    seats: list[SeatSpec]
    actions: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    private: bool = False


@dataclass
class Progress:
    """A table's change, stored in one transaction: the actions from ply ``keep`` on are
    replaced by ``rows`` (appended when none were ``dropped``); the extra data, status,
    result, record and the statistics entries ``(player, entry)`` of a finished game are
    set."""

    keep: int
    rows: list[Row]
    extra: dict[str, Any]
    status: str
    dropped: bool = False
    """Stored actions from ply ``keep`` on are taken back (an undo, a restart)."""
    result: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    entries: list[tuple[str, Entry]] = field(default_factory=list)


def sqlite_url(path: Path) -> str:
    """The SQLAlchemy URL of a SQLite file (its folder is created; DatabaseError where it
    cannot be)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(
            f"cannot make the database's folder {path.parent}: {exc.strerror or exc}"
        ) from None
    return f"sqlite:///{path}"


class Store:
    """The server's database: one short transaction per change."""

    LATEST = 50
    """How many of a player's latest games of each game the statistics list by default."""

    def __init__(self, url: str) -> None:
        """The database at ``url``, its schema brought up to date and held as this server's
        alone (``Lease``)."""
        self.engine = open_engine(url)
        self.url = shown(self.engine)
        """The database's URL as it may be shown (no password)."""
        migrate(self.engine)
        self.lease = Lease(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Let the database go: the server's hold on it and the connection pool."""
        self.lease.release()
        self.engine.dispose()

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, t: StoredTable) -> None:
        """Store a new table with its seats (the table's row first: seats refer to it)."""
        with self.session.begin() as s:
            s.execute(insert(TableRow).values(
                id=t.id, game=t.game, options=t.options, position=t.position,
                seed=None if t.seed is None else str(t.seed), chance_seed=t.chance_seed,
                invite=t.invite, status=t.status, extra=t.extra, private=t.private,
                created_at=now(), updated_at=now(),
            ))
            s.execute(insert(SeatRow), [
                {"table_id": t.id, "seat": i, "kind": seat.kind, "agent": seat.agent,
                 "name": seat.name, "token_hash": seat.token_hash}
                for i, seat in enumerate(t.seats)
            ])

    def set_seat(self, table_id: str, seat: int, spec: SeatSpec) -> None:
        """Record who now sits at ``seat``."""
        with self.session.begin() as s:
            row = s.get(SeatRow, (table_id, seat))
            assert row is not None
            row.kind, row.agent, row.name, row.token_hash = (
                spec.kind, spec.agent, spec.name, spec.token_hash,
            )

    def set_extra(self, table_id: str, extra: dict[str, Any]) -> None:
        """Replace a table's extra data alone (a finished table's link to its rematch)."""
        with self.session.begin() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            row.extra = extra

    def save(self, table_id: str, game: str, progress: Progress) -> None:
        """Store a change of a table all at once, so a crash never leaves half of it.

        This runs after every move, so it uses SQLAlchemy Core statements (a fraction of
        the ORM's cost); a finished game's statistics go through the ORM."""
        at = now()
        with self.engine.begin() as conn:
            if progress.dropped:
                conn.execute(_TAKE_BACK, {"tid": table_id, "keep": progress.keep})
            if progress.rows:
                conn.execute(_APPEND, [
                    {"table_id": table_id, "ply": progress.keep + k, "action": action,
                     "seat": seat, "text": text, "at": at}
                    for k, (action, seat, text) in enumerate(progress.rows)
                ])
            conn.execute(_PROGRESS, {
                "tid": table_id, "extra": progress.extra, "status": progress.status,
                "result": progress.result, "record": progress.record, "updated_at": at,
            })
            if progress.entries:
                with Session(bind=conn) as s:
                    for player, entry in progress.entries:
                        _record_entry(s, player, game, entry, at)
                    s.flush()

    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats and actions, or None."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else self._stored(s, row)

    def _stored(self, s: Session, row: TableRow) -> StoredTable:
        seats = s.scalars(
            select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
        ).all()
        actions = s.scalars(
            select(ActionRow.action).where(ActionRow.table_id == row.id).order_by(ActionRow.ply)
        ).all()
        return StoredTable(
            id=row.id, game=row.game, options=dict(row.options or {}),
            seed=None if row.seed is None else int(row.seed),
            position=row.position, chance_seed=row.chance_seed, invite=row.invite,
            status=row.status,
            seats=[SeatSpec(x.kind, x.agent, x.name, x.token_hash) for x in seats],
            actions=list(actions), extra=dict(row.extra or {}), result=row.result,
            private=row.private,
        )

    def record(self, table_id: str) -> dict[str, Any] | None:
        """The stored record of a finished table."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else row.record

    def list_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """The most recently active public tables, newest first, as summaries (whose turn it
        is, kept with each change, and when it last changed)."""
        with self.session() as s:
            rows = s.scalars(
                select(TableRow).where(TableRow.private.is_(False))
                .order_by(TableRow.updated_at.desc()).limit(limit)
            ).all()
            seats: dict[str, list[dict[str, Any]]] = {r.id: [] for r in rows}
            for x in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(seats)))
                               .order_by(SeatRow.table_id, SeatRow.seat)):
                seats[x.table_id].append({"kind": x.kind, "agent": x.agent, "name": x.name})
            return [{
                "id": row.id, "game": row.game, "options": row.options,
                "status": row.status, "result": row.result, "seats": seats[row.id],
                "to_act": row.extra.get("to_act") if row.status == "playing" else None,
                "created_at": _utc_text(row.created_at),
                "updated_at": _utc_text(row.updated_at),
            } for row in rows]

    def held_tables(self, held: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The tables where each ``(table id, seat token)`` holds a seat, as ``list_tables``
        summarises them, with the seat, whose turn it is and when the table last changed
        (private tables too: their holders know them); pairs that hold nothing are left
        out. Nothing is loaded to tell: the turn is kept with each change."""
        digests = {(table, hash_token(token)) for table, token in held}
        ids = {table for table, _ in digests}
        with self.session() as s:
            rows = {r.id: r for r in s.scalars(select(TableRow).where(TableRow.id.in_(ids)))}
            seats: dict[str, list[SeatRow]] = {table: [] for table in rows}
            for x in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(rows)))
                               .order_by(SeatRow.table_id, SeatRow.seat)):
                seats[x.table_id].append(x)
            out = []
            for table, row in rows.items():
                mine = [x.seat for x in seats[table] if (table, x.token_hash) in digests]
                if not mine:
                    continue
                to_act = row.extra.get("to_act") if row.status == "playing" else None
                out.append({
                    "id": row.id, "game": row.game, "options": row.options,
                    "status": row.status, "result": row.result, "private": row.private,
                    "seats": [{"kind": x.kind, "agent": x.agent, "name": x.name}
                              for x in seats[table]],
                    "mine": mine, "to_act": to_act, "your_turn": to_act in mine,
                    "created_at": _utc_text(row.created_at),
                    "updated_at": _utc_text(row.updated_at),
                })  # fmt: skip
            return out

    # -- analyses --------------------------------------------------------------------------
    def analysis(self, table_id: str, moves: str, agent: str) -> dict[str, Any] | None:
        """The kept analysis of ``table_id``'s game whose actions' digest is ``moves``, judged
        by ``agent``; None if none is kept (or the one kept is of another game or agent)."""
        with self.session() as s:
            row = s.get(AnalysisRow, table_id)
            if row is None or (row.moves, row.agent) != (moves, agent):
                return None
            return row.analysis

    def keep_analysis(
        self, table_id: str, moves: str, agent: str, analysis: dict[str, Any]
    ) -> None:
        """Keep the analysis of ``table_id``'s game (replacing the table's one before)."""
        with self.session.begin() as s:
            row = s.get(AnalysisRow, table_id)
            if row is None:
                row = AnalysisRow(table_id=table_id)
                s.add(row)
            row.moves, row.agent, row.analysis, row.created_at = moves, agent, analysis, now()

    # -- chat ------------------------------------------------------------------------------
    def add_line(self, table_id: str, seat: int, name: str | None, text: str) -> Line:
        """Keep a line ``seat`` (``name`` there) said at ``table_id``; the line as kept."""
        row = ChatRow(table_id=table_id, seat=seat, name=name, text=text, at=now())
        with self.session.begin() as s:
            s.add(row)
            s.flush()
        return _line(row)

    def chat(self, table_id: str, latest: int) -> list[Line]:
        """The ``latest`` lines said at ``table_id``, oldest first."""
        with self.session() as s:
            rows = s.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc()).limit(latest)
            ).all()
        return [_line(row) for row in reversed(rows)]

    # -- statistics ------------------------------------------------------------------------
    def statistics(self, player: str) -> list[Statistics]:
        """``player``'s statistics of every game played, by game name."""
        with self.session() as s:
            rows = s.scalars(
                select(EntryRow).where(EntryRow.player == player).order_by(EntryRow.id)
            ).all()
        games = sorted({r.game for r in rows})
        return [
            Statistics(game, game_class(game).features.statistics, [
                Entry(r.key, r.score, None if r.deal is None else int(r.deal), r.hints,
                      r.moves, _utc_text(r.finished_at))
                for r in rows if r.game == game
            ])
            for game in games
        ]  # fmt: skip

    def stats(self, player: str, latest: int = LATEST) -> list[dict[str, Any]]:
        """Every game's counts and streaks for ``player``, with its ``latest`` games newest
        first (``entries``) and how many older ones are not listed (``older``)."""
        found = self.statistics(player)
        shown = {st.game: st.latest(latest) for st in found}
        public = self._public_tables({e.key for entries in shown.values() for e in entries})
        return [{
            **st.summary(),
            "entries": [_entry_json(e, e.key in public) for e in shown[st.game]],
            "older": st.played - len(shown[st.game]),
        } for st in found]

    def _public_tables(self, ids: set[str]) -> set[str]:
        """Those of ``ids`` that are listed tables: a private table's id is its secret."""
        if not ids:
            return set()
        with self.session() as s:
            return set(s.scalars(
                select(TableRow.id).where(TableRow.id.in_(ids), TableRow.private.is_(False))
            ))


def _utc_text(at: datetime | None) -> str | None:
    """``at`` as ISO 8601 text in UTC (SQLite gives its stored times back without a zone)."""
    if at is None:
        return None
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).isoformat()


def _line(row: ChatRow) -> Line:
    """A kept chat line as the server sends it."""
    at = _utc_text(row.at)
    assert at is not None  # every line is kept with its time
    return Line(row.id, row.seat, row.name, row.text, at)


def _entry_json(entry: Entry, public: bool) -> dict[str, Any]:
    """One listed game: its table's id where anyone may look at it, the deal as decimal text
    (deal numbers go past what a JavaScript number holds exactly)."""
    return {
        "table": entry.key if public else None,
        "deal": None if entry.deal is None else str(entry.deal),
        "score": entry.score, "hints": entry.hints, "moves": entry.moves,
        "finished": entry.finished,
    }  # fmt: skip


_ACTIONS, _TABLES = ActionRow.__table__, TableRow.__table__
_TAKE_BACK = delete(_ACTIONS).where(_ACTIONS.c.table_id == bindparam("tid"),
                                    _ACTIONS.c.ply >= bindparam("keep"))
_APPEND = insert(_ACTIONS)
_PROGRESS = update(_TABLES).where(_TABLES.c.id == bindparam("tid")).values(
    {name: bindparam(name) for name in ("extra", "status", "result", "record", "updated_at")}
)
"""The statements of a move's save, built once."""


def _record_entry(
    session: Session, player: str, game: str, entry: Entry, finished_at: datetime
) -> None:
    """Count ``entry`` for ``player``, ended at ``finished_at``, replacing the entry of the
    same game (key)."""
    row = session.scalars(
        select(EntryRow).where(EntryRow.player == player, EntryRow.game == game,
                               EntryRow.key == entry.key)
    ).one_or_none()
    if row is None:
        row = EntryRow(player=player, game=game, key=entry.key)
        session.add(row)
    row.score, row.hints, row.moves = entry.score, entry.hints, entry.moves
    row.finished_at = finished_at
    row.deal = None if entry.deal is None else str(entry.deal)
