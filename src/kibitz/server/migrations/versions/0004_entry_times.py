"""When each counted game ended, for the statistics page's list of a player's games.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_ENTRIES = sa.table(
    "stat_entries",
    sa.column("key", sa.String),
    sa.column("finished_at", sa.DateTime(timezone=True)),
)
_TABLES = sa.table(
    "tables",
    sa.column("id", sa.String),
    sa.column("status", sa.String),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    """Add ``stat_entries.finished_at``; an entry whose table (its key) is finished takes the
    table's last change, the moment it ended; the others stay unknown."""
    op.add_column(
        "stat_entries", sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True)
    )
    ended = (
        sa.select(_TABLES.c.updated_at)
        .where(_TABLES.c.id == _ENTRIES.c.key, _TABLES.c.status == "finished")
        .scalar_subquery()
    )
    op.execute(_ENTRIES.update().values(finished_at=ended))


def downgrade() -> None:
    """Remove it again."""
    with op.batch_alter_table("stat_entries") as batch:
        batch.drop_column("finished_at")
