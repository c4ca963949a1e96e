"""``kibitz serve``: the web app on uvicorn, with a SQLite database by default."""

from __future__ import annotations

import copy
import logging
import re
import socket
from pathlib import Path
from typing import Annotated, Any

import typer

from kibitz.cli.common import app, fail


def default_db_url() -> str:
    """A SQLite file under the user's data directory."""
    import platformdirs

    from kibitz.server.store import sqlite_url

    return sqlite_url(Path(platformdirs.user_data_dir("kibitz")) / "kibitz.db")


def rate(text: str) -> str | None:
    """A rate limit from the command line: ``off`` (or ``none``) means no limit."""
    return None if text.strip().lower() in ("off", "none", "0", "") else text


LOG_LEVELS = ("warning", "info", "debug")
SECRETS = re.compile(r"\b(token|invite)=[^&\s]+")
"""What an address may carry that the log must not: a seat's token, a table's invite code."""


class HideSecrets(logging.Filter):
    """Write seat tokens and invite codes in the log as ``***``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = SECRETS.sub(r"\1=***", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(SECRETS.sub(r"\1=***", a) if isinstance(a, str) else a
                                for a in record.args)
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging, each line headed by its time, the requests' without secrets,
    kibitz's own lines through it."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    for formatter in config["formatters"].values():
        formatter["fmt"] = "%(asctime)s " + formatter["fmt"]
    config["filters"] = {"secrets": {"()": HideSecrets}}
    for handler in config["handlers"].values():  # WebSocket requests are logged as errors'
        handler["filters"] = ["secrets"]
    config["loggers"]["kibitz"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def listenable(host: str, port: int) -> None:
    """Fail in one line unless ``host:port`` can be listened on (free, an address of this
    machine), before the app and its workers start."""
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind(address)
    except OSError as exc:
        fail(f"kibitz serve: cannot listen on {host}:{port}: {exc.strerror or exc}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL, e.g. sqlite:///path/k.db or postgresql://... (default: "
                     "kibitz.db in the user's data folder). One server a database."),
    ] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help="Computer-player worker processes (default: the machine's cores).")] = None,
    computer_delay: Annotated[float, typer.Option(
        min=0, max=60, help="Seconds a computer waits before it moves (to be seen).")] = 0.4,
    create_limit: Annotated[str, typer.Option(
        help="Tables one address may create, e.g. '20/minute;200/day' ('off': no limit).")
    ] = "20/minute;200/day",
    join_limit: Annotated[str, typer.Option(
        help="Seats one address may take by invite ('off': no limit).")] = "30/minute",
    max_tables: Annotated[int, typer.Option(
        min=1, help="Tables held in memory; idle and finished ones are put away.")] = 2000,
    idle_minutes: Annotated[float, typer.Option(
        min=0.01, help="Minutes unused before a table is put away (stays stored).")] = 15.0,
    max_watchers: Annotated[int, typer.Option(
        min=1, help="Spectators one table may have.")] = 200,
    away_minutes: Annotated[float, typer.Option(
        min=0, help="Minutes a person must be away before the others may give their seat "
        "to the computer.")] = 2.0,
    log_level: Annotated[str, typer.Option(
        help="What the log says: 'warning' (problems), 'info' (each request too), 'debug'.")
    ] = "warning",
    forwarded_allow_ips: Annotated[str, typer.Option(
        help="Reverse proxies whose X-Forwarded-For/-Proto are trusted: addresses separated "
             "by commas, or '*' (the rate limits count the address they give).")
    ] = "127.0.0.1",
) -> None:
    """Run the web app: the lobby is at http://HOST:PORT/ ."""
    import uvicorn

    from kibitz.core.errors import KibitzError
    from kibitz.server.app import create_app
    from kibitz.server.limits import Limits

    if log_level not in LOG_LEVELS:
        fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}, got {log_level!r}")
    listenable(host, port)
    limits = Limits(
        create_rate=rate(create_limit), join_rate=rate(join_limit), max_tables=max_tables,
        idle_seconds=idle_minutes * 60, max_watchers=max_watchers,
        away_seconds=away_minutes * 60,
    )
    try:
        web = create_app(db or default_db_url(), workers=workers,
                         computer_delay=computer_delay, limits=limits)
    except (KibitzError, ValueError) as exc:
        fail(f"kibitz serve: {exc}")
    shown_host = f"[{host}]" if ":" in host else host  # an IPv6 address, as URLs write it
    typer.echo(f"kibitz: http://{shown_host}:{port}/  (database {web.state.hub.store.url})",
               err=True)
    uvicorn.run(web, host=host, port=port, log_level=log_level, log_config=log_config(),
                access_log=log_level != "warning", forwarded_allow_ips=forwarded_allow_ips,
                ws_max_size=limits.max_frame, h11_max_incomplete_event_size=64 * 1024)
