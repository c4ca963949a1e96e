"""The database tables (SQLAlchemy 2 models); the Alembic migrations in ``migrations/`` build
and upgrade them, and a test checks that the two agree."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class TableRow(Base):
    """One game table: the game, its options and start, its status and who may list it."""

    __tablename__ = "tables"
    __table_args__ = (
        Index("ix_tables_status", "status"),
        Index("ix_tables_updated_at", "updated_at"),
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    seed: Mapped[str | None] = mapped_column(String(24), nullable=True)
    """Decimal text: patience deal numbers go up to 10^20 - 1 (the API allows 20 digits)."""
    position: Mapped[str | None] = mapped_column(String, nullable=True)
    chance_seed: Mapped[int] = mapped_column(BigInteger)
    invite: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    record: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    extra: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A private table is not listed; its invite link is the only way in."""


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
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the game ended (again, after an undo); unknown for some games counted before
    kibitz kept it."""


class AnalysisRow(Base):
    """The analysis of a table's finished game (``kibitz.ai.analysis``, as JSON), kept so
    that asking again, even after a restart, is free: one a table, the latest asked for.

    ``moves`` is a digest of the game's actions (a patience game won, taken back and won
    again is another game) and ``agent`` the spec that judged it (another once the game's
    analysis spec changes): either differing, the row is not that game's analysis."""

    __tablename__ = "analyses"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    moves: Mapped[str] = mapped_column(String(64))
    agent: Mapped[str] = mapped_column(String(128))
    analysis: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatRow(Base):
    """One line a seated player said at a table (``kibitz.server.chat``), in order."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_table_id", "table_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The person's name as the seat holds it (None: not given)."""
    text: Mapped[str] = mapped_column(String(300))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
