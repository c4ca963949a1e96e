"""What the players of a table say to each other, kept with the table.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``chat``: one row a line said, in order."""
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id", "id"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
