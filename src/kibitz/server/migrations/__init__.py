"""Alembic migrations of the server's database (``kibitz.server.migrate`` runs them)."""
