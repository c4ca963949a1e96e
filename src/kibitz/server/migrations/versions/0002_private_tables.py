"""Private tables (not listed in the lobby) and the indexes the lobby and restarts read by.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.private`` (existing tables are public) and two indexes."""
    op.add_column(
        "tables", sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_index("ix_tables_updated_at", "tables", ["updated_at"])


def downgrade() -> None:
    """Remove them again."""
    op.drop_index("ix_tables_updated_at", "tables")
    op.drop_index("ix_tables_status", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("private")
