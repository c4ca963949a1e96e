"""Storage (SQLAlchemy 2): tables, seats, every action as it happens, records and statistics.

SQLite is the default; any SQLAlchemy URL (PostgreSQL included) works. A table's state is
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

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from kibitz.core.registry import game_class
from kibitz.core.stats import Entry, Statistics

Row = tuple[int, int, str]
"""A stored action: ``(action, seat, text)``, seat -1 for chance."""


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed, so a copy of the database cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class TableRow(Base):
    """One game table: the game, its options and start, and its status."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    seed: Mapped[str | None] = mapped_column(String(24), nullable=True)
    """Decimal text: patience deal numbers go up to 10^20 - 1."""
    position: Mapped[str | None] = mapped_column(String, nullable=True)
    chance_seed: Mapped[int] = mapped_column(BigInteger)
    invite: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    record: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    extra: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    """Who sits at a seat: a person (token), a computer (agent spec) or nobody yet."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    agent: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    """One action of a table's game, in order (chance outcomes included, seat -1)."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class EntryRow(Base):
    """One finished game of one player (``core.stats.Entry``), keyed by its table.

    A game finished again after an undo replaces its entry, so it still counts once; the
    row keeps its place (``id``), the order streaks are worked out in.
    """

    __tablename__ = "stat_entries"
    __table_args__ = (UniqueConstraint("player", "game", "key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player: Mapped[str] = mapped_column(String(64), index=True)
    game: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(32))
    score: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str | None] = mapped_column(String(24), nullable=True)
    """Decimal text, like the table's seed."""
    hints: Mapped[int] = mapped_column(Integer, default=0)
    moves: Mapped[int] = mapped_column(Integer, default=0)


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


@dataclass
class Progress:
    """A table's change, stored in one transaction: the actions from ply ``keep`` on are
    replaced by ``rows``; the extra data, status, result, record and the statistics
    entries ``(player, entry)`` of a finished game are set."""

    keep: int
    rows: list[Row]
    extra: dict[str, Any]
    status: str
    result: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    entries: list[tuple[str, Entry]] = field(default_factory=list)


def sqlite_url(path: Path) -> str:
    """The SQLAlchemy URL of a SQLite file (its folder is created)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The server's database: one short transaction per change."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        Base.metadata.create_all(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, t: StoredTable) -> None:
        """Store a new table with its seats."""
        with self.session.begin() as s:
            s.add(
                TableRow(
                    id=t.id, game=t.game, options=t.options, position=t.position,
                    seed=None if t.seed is None else str(t.seed),
                    chance_seed=t.chance_seed, invite=t.invite, status=t.status, extra=t.extra,
                )
            )
            for i, seat in enumerate(t.seats):
                s.add(SeatRow(table_id=t.id, seat=i, kind=seat.kind, agent=seat.agent,
                              name=seat.name, token_hash=seat.token_hash))

    def set_seat(self, table_id: str, seat: int, spec: SeatSpec) -> None:
        """Record who now sits at ``seat``."""
        with self.session.begin() as s:
            row = s.get(SeatRow, (table_id, seat))
            assert row is not None
            row.kind, row.agent, row.name, row.token_hash = (
                spec.kind, spec.agent, spec.name, spec.token_hash,
            )

    def save(self, table_id: str, progress: Progress) -> None:
        """Store a change of a table all at once, so a crash never leaves half of it."""
        with self.session.begin() as s:
            s.execute(delete(ActionRow).where(ActionRow.table_id == table_id,
                                              ActionRow.ply >= progress.keep))
            for k, (action, seat, text) in enumerate(progress.rows):
                s.add(ActionRow(table_id=table_id, ply=progress.keep + k, action=action,
                                seat=seat, text=text))
            row = s.get(TableRow, table_id)
            assert row is not None
            row.extra, row.status = dict(progress.extra), progress.status
            row.result, row.record, row.updated_at = progress.result, progress.record, now()
            for player, entry in progress.entries:
                _record_entry(s, player, row.game, entry)

    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats and actions, or None."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else self._stored(s, row)

    def unfinished(self) -> list[StoredTable]:
        """Every table still being played."""
        with self.session() as s:
            rows = s.scalars(select(TableRow).where(TableRow.status == "playing")).all()
            return [self._stored(s, r) for r in rows]

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
        )

    def record(self, table_id: str) -> dict[str, Any] | None:
        """The stored record of a finished table."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else row.record

    def list_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """The most recently active tables, newest first, as summaries."""
        with self.session() as s:
            rows = s.scalars(
                select(TableRow).order_by(TableRow.updated_at.desc()).limit(limit)
            ).all()
            out = []
            for row in rows:
                seats = s.scalars(
                    select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
                ).all()
                out.append({
                    "id": row.id, "game": row.game, "options": row.options,
                    "status": row.status, "result": row.result,
                    "seats": [{"kind": x.kind, "agent": x.agent, "name": x.name} for x in seats],
                    "created_at": row.created_at.isoformat(),
                })
            return out

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
                Entry(r.key, r.score, None if r.deal is None else int(r.deal), r.hints, r.moves)
                for r in rows if r.game == game
            ])
            for game in games
        ]  # fmt: skip

    def stats(self, player: str) -> list[dict[str, Any]]:
        """Every game's counts and streaks for ``player``."""
        return [st.summary() for st in self.statistics(player)]


def _record_entry(session: Session, player: str, game: str, entry: Entry) -> None:
    """Count ``entry`` for ``player``, replacing the entry of the same game (key)."""
    row = session.scalars(
        select(EntryRow).where(EntryRow.player == player, EntryRow.game == game,
                               EntryRow.key == entry.key)
    ).one_or_none()
    if row is None:
        row = EntryRow(player=player, game=game, key=entry.key)
        session.add(row)
    row.score, row.hints, row.moves = entry.score, entry.hints, entry.moves
    row.deal = None if entry.deal is None else str(entry.deal)
