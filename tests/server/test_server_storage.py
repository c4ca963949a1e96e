"""The database on SQLite and PostgreSQL: migrations, foreign keys, old databases opening in
this version, the driver's absence said in one line, private tables."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from helpers import HUMAN, new_table
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError, OperationalError

from kibitz.server.database import (
    DatabaseError,
    alembic_config,
    engine_url,
    open_engine,
    shown,
)
from kibitz.server.schema import Base, SeatRow
from kibitz.server.store import Store


@pytest.fixture
def db_url(any_db_url: str) -> str:
    """These tests run on each kind of database."""
    return any_db_url


def test_migrations_build_exactly_the_models(db_url: str) -> None:
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    store.close()


def test_foreign_keys_are_enforced(db_url: str) -> None:
    store = Store(db_url)
    with pytest.raises(IntegrityError), store.session.begin() as s:
        s.add(SeatRow(table_id="no-such-table", seat=0, kind="human"))
    store.close()


OLD_TABLE = """INSERT INTO tables (id, game, options, seed, position, chance_seed, invite,
    status, extra, created_at, updated_at)
    VALUES ('old1', 'fortress', '{}', '33', NULL, 7, 'inv', 'playing', '{}',
    '2024-01-01 00:00:00+00:00', '2024-01-01 00:00:00+00:00')"""
OLD_SEAT = "INSERT INTO seats (table_id, seat, kind) VALUES ('old1', 0, 'human')"
OLD_ACTION = """INSERT INTO actions (table_id, ply, action, seat, text, at)
    VALUES ('old1', 0, {action}, 0, '{text}', '2024-01-01 00:00:00+00:00')"""


@pytest.mark.parametrize("stamped", [True, False], ids=["migrated", "before-migrations"])
def test_a_database_of_the_first_schema_opens_in_this_version(
    db_url: str, make_client: Callable[[], TestClient], stamped: bool
) -> None:
    from kibitz.core.registry import load

    state = load("fortress").new_initial_state(33)
    first = state.legal_actions()[0]
    engine = open_engine(db_url)
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        if not stamped:  # made by kibitz 0.1, which had no migrations
            conn.execute(text("DROP TABLE alembic_version"))
        conn.execute(text(OLD_TABLE))
        conn.execute(text(OLD_SEAT))
        conn.execute(text(OLD_ACTION.format(action=first, text=state.action_to_str(first))))
    engine.dispose()
    client = make_client()
    view = client.get("/api/tables/old1/view").json()
    assert view["ply"] == 1 and view["table"]["private"] is False
    assert [t["id"] for t in client.get("/api/tables").json()] == ["old1"]
    with client.app.state.hub.store.engine.connect() as conn:
        assert "private" in {c["name"] for c in inspect(conn).get_columns("tables")}
        assert MigrationContext.configure(conn).get_current_revision() == "0005"


FINISHED_TABLE = """INSERT INTO tables (id, game, options, seed, position, chance_seed, invite,
    status, extra, created_at, updated_at, private)
    VALUES ('{id}', 'fortress', '{{}}', '{seed}', NULL, 7, 'inv', '{status}', '{{}}',
    '2024-01-01 00:00:00+00:00', '2024-01-02 03:04:05+00:00', {private})"""
OLD_ENTRY = """INSERT INTO stat_entries (player, game, key, score, deal, hints, moves)
    VALUES ('old', 'fortress', '{key}', -1, '{seed}', 0, 1)"""


def test_games_counted_before_their_times_were_kept_take_their_tables_end(
    db_url: str,
) -> None:
    """Upgrading a 0003 database dates each entry of a finished table by the table's last
    change; the entry of a game taken back since is undated. A private table's id, its only
    secret, is not listed."""
    engine = open_engine(db_url)
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0003")
        for key, status, private in (("done", "finished", "false"), ("again", "playing", "false"),
                                     ("own", "finished", "true")):
            seed = len(key)
            conn.execute(text(FINISHED_TABLE.format(id=key, seed=seed, status=status,
                                                    private=private)))
            conn.execute(text(OLD_ENTRY.format(key=key, seed=seed)))
    engine.dispose()
    store = Store(db_url)
    [stats] = store.stats("old")
    store.close()
    listed = [(e["table"], e["deal"], e["finished"]) for e in stats["entries"]]
    assert listed == [(None, "3", "2024-01-02T03:04:05+00:00"), ("again", "5", None),
                      ("done", "4", "2024-01-02T03:04:05+00:00")]


def test_private_tables_are_not_listed_and_open_by_invite(client: TestClient) -> None:
    public = new_table(client, "smess", [HUMAN, {"kind": "open"}])
    private = new_table(client, "smess", [HUMAN, {"kind": "open"}], private=True)
    assert private["table"]["private"] is True
    assert [t["id"] for t in client.get("/api/tables").json()] == [public["id"]]
    invite = private["invite"].split("invite=")[1]
    url = f"/api/tables/{private['id']}/join"
    assert client.post(url, json={"seat": 1, "invite": "guess"}).status_code == 403
    assert client.post(url, json={"seat": 1, "invite": invite}).status_code == 200


def test_postgresql_without_its_driver_is_one_clear_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "psycopg" else real(name, *a))
    with pytest.raises(DatabaseError) as info:
        engine_url("postgresql://kibitz@localhost/kibitz")
    message = str(info.value)
    assert "\n" not in message and "pip install 'kibitz[postgres]'" in message
    monkeypatch.undo()
    assert engine_url("postgresql://k@h/db").startswith("postgresql+psycopg://")


def test_one_server_a_database_the_second_refused_until_the_first_lets_go(db_url: str) -> None:
    first = Store(db_url)
    with pytest.raises(DatabaseError, match="another kibitz serve is using the database"):
        Store(db_url)
    first.close()
    Store(db_url).close()  # free again once the first let it go


def test_a_database_that_cannot_be_written_is_refused_at_the_start(tmp_path: Path) -> None:
    path = tmp_path / "k.db"
    Store(f"sqlite:///{path}").close()
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"  # as a file this user cannot write
    with pytest.raises(DatabaseError, match=r"cannot use the database .*: attempt to write a "
                       "readonly database"):
        Store(read_only)
    Store(f"sqlite:///file:{path}?uri=true").close()  # written by its URI name: it opens


def test_a_file_that_is_not_a_database_is_said_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are not tables\n" * 200)
    with pytest.raises(DatabaseError) as refused:
        Store(f"sqlite:///{path}")
    assert str(refused.value) == f"cannot use the database sqlite:///{path}: file is not a database"


def test_the_shown_url_hides_the_password() -> None:
    assert shown(create_engine("postgresql://kib:S3cret@db.example/k")) == (
        "postgresql://kib:***@db.example/k")


def test_a_database_gone_away_is_a_503_to_try_again_not_a_crash(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.hub.store

    def away(limit: int) -> None:
        raise OperationalError("SELECT ...", {"invite": "secret"}, Exception("connection refused"))

    monkeypatch.setattr(store, "list_tables", away)
    reply = client.get("/api/tables")
    assert reply.status_code == 503
    assert reply.json() == {"error": "the database cannot be reached; try again in a moment"}
    monkeypatch.undo()
    assert client.get("/api/tables").status_code == 200  # back as soon as it is


def test_a_database_of_another_program_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    with pytest.raises(DatabaseError, match=r"holds another program's tables \(invoices\.\.\.\)"):
        Store(f"sqlite:///{path}")
    assert inspect(create_engine(f"sqlite:///{path}")).get_table_names() == ["invoices"]
