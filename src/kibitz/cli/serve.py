"""``kibitz serve``: the web app on uvicorn, with a SQLite database by default."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kibitz.cli.common import app, fail


def default_db_url() -> str:
    """A SQLite file under the user's data directory."""
    import platformdirs

    from kibitz.server.store import sqlite_url

    return sqlite_url(Path(platformdirs.user_data_dir("kibitz")) / "kibitz.db")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL, e.g. sqlite:///path/k.db or postgresql://..."),
    ] = None,
    workers: Annotated[int | None, typer.Option(help="Computer-player worker processes.")] = None,
    computer_delay: Annotated[
        float, typer.Option(help="Seconds a computer waits before it moves (to be seen).")
    ] = 0.4,
) -> None:
    """Run the web app: the lobby is at http://HOST:PORT/ ."""
    import uvicorn
    from sqlalchemy.exc import ArgumentError

    from kibitz.server.app import create_app

    try:
        web = create_app(db or default_db_url(), workers=workers, computer_delay=computer_delay)
    except ArgumentError as exc:
        fail(f"--db {db!r}: {exc}")
    typer.echo(f"kibitz: http://{host}:{port}/  (database {web.state.hub.store.url})", err=True)
    uvicorn.run(web, host=host, port=port, log_level="warning")
