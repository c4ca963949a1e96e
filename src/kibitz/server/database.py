"""Opening the server's database: the URL's driver, SQLite's settings, schema migrations.

SQLite is the default. PostgreSQL takes a ``postgresql://`` URL and the psycopg 3 driver
(``pip install 'kibitz[postgres]'``). Opening a database brings its schema up to date with
the Alembic migrations in ``kibitz/server/migrations``, so a database made by one version
of kibitz opens in the next; one made before migrations existed is taken as the first
revision and upgraded.
"""

from __future__ import annotations

import importlib.util
import zlib
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

from kibitz.core.errors import KibitzError

FIRST_REVISION = "0001"
"""The schema of kibitz 0.1, which made its tables without Alembic."""


class DatabaseError(KibitzError, RuntimeError):
    """A database URL that cannot be opened, said in one line."""


def engine_url(url: str) -> str:
    """``url`` with the driver kibitz uses: ``postgresql://`` means psycopg 3."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise DatabaseError(f"not a database URL: {url!r} ({exc})") from None
    if parsed.drivername in ("postgresql", "postgres"):
        if importlib.util.find_spec("psycopg") is None:
            raise DatabaseError(
                "a postgresql:// database needs the psycopg driver: "
                "pip install 'kibitz[postgres]'"
            )
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def open_engine(url: str) -> Engine:
    """An engine on ``url``: SQLite enforces foreign keys and writes ahead (WAL)."""
    try:
        if url.startswith("sqlite"):  # errors never quote values (invite codes, seeds)
            engine = create_engine(url, connect_args={"check_same_thread": False},
                                   hide_parameters=True)
            event.listen(engine, "connect", _sqlite_settings)
            return engine
        return create_engine(engine_url(url), pool_pre_ping=True, pool_size=5,
                             hide_parameters=True)
    except (NoSuchModuleError, ModuleNotFoundError) as exc:
        raise DatabaseError(f"no driver for {make_url(url).drivername}: {exc}") from None


def _sqlite_settings(conn: Any, _record: Any) -> None:
    cur = conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def alembic_config() -> Config:
    """The Alembic configuration of the packaged migrations."""
    config = Config()
    config.set_main_option("script_location", "kibitz.server:migrations")
    return config


def shown(engine: Engine) -> str:
    """The engine's URL as it may be shown (its password hidden)."""
    return engine.url.render_as_string(hide_password=True)


def migrate(engine: Engine) -> None:
    """Bring the database's schema to the newest revision (nothing to do when it is) and
    make sure it can be written; DatabaseError in one line if the database cannot be
    reached, is not a database, or is read-only (a server that cannot save must not start)."""
    try:
        _migrate(engine)
        with engine.begin() as conn:  # a write that changes nothing
            conn.execute(text("UPDATE alembic_version SET version_num = version_num"))
    except DBAPIError as exc:
        reason = str(exc.orig or exc).strip().splitlines()[0]
        raise DatabaseError(f"cannot use the database {shown(engine)}: {reason}") from None


class Lease:
    """This server's hold on its database: one ``kibitz serve`` a database, since each keeps
    its tables in memory (a second would split them). PostgreSQL: a session advisory lock;
    SQLite: a lock on a file beside the database; both go when the process does."""

    KEY = zlib.crc32(b"kibitz serve")
    """The advisory lock's number."""

    def __init__(self, engine: Engine) -> None:
        self._conn: Connection | None = None
        self._file: IO[bytes] | None = None
        taken = True
        if engine.dialect.name == "postgresql":
            self._conn = engine.connect()
            taken = bool(self._conn.execute(
                text("SELECT pg_try_advisory_lock(:key)"), {"key": self.KEY}).scalar())
            self._conn.commit()
        elif engine.url.database not in (None, "", ":memory:"):
            name = engine.url.database.removeprefix("file:").split("?")[0]  # a URI filename
            taken = self._lock_file(Path(name).resolve().with_suffix(".lock"))
        if not taken:
            self.release()
            raise DatabaseError(
                f"another kibitz serve is using the database {shown(engine)}; one server a "
                "database (each keeps its tables in memory): stop it, or give this one "
                "another --db"
            )

    def _lock_file(self, path: Path) -> bool:
        """Take the lock on ``path`` (False: another process holds it); where the system
        has no such locks (Windows), nothing is held."""
        try:
            import fcntl
        except ImportError:
            return True
        self._file = path.open("ab")
        try:
            fcntl.flock(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def release(self) -> None:
        """Let the database go (when the server stops)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._file is not None:
            self._file.close()
            self._file = None


def _migrate(engine: Engine) -> None:
    config = alembic_config()
    head = ScriptDirectory.from_config(config).get_current_head()
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
        names = inspect(conn).get_table_names()
        conn.rollback()
        if current == head:
            return
        if names and "alembic_version" not in names and "tables" not in names:
            raise DatabaseError(
                f"the database {shown(engine)} holds another program's tables "
                f"({', '.join(sorted(names)[:3])}...); give kibitz a database of its own"
            )
        if sqlite:  # a migration may rebuild a table that others refer to (batch mode)
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        with conn.begin():
            config.attributes["connection"] = conn
            if "tables" in names and "alembic_version" not in names:
                command.stamp(config, FIRST_REVISION)
            command.upgrade(config, "head")
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()
