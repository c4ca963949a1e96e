"""Alembic's environment: migrate the connection the server hands over (or the URL given)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from kibitz.server.schema import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    """Run the migrations on ``config.attributes["connection"]`` or ``sqlalchemy.url``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
