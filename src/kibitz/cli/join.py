"""``kibitz join``: sit at a table of a running ``kibitz serve`` in the terminal app."""

from __future__ import annotations

from typing import Annotated

import typer

from kibitz.cli.common import app, user_errors
from kibitz.cli.tui import default_record_path


@app.command("join")
@user_errors
def join_cmd(
    url: Annotated[str, typer.Argument(
        help="The table: its invite link http://HOST:PORT/join/TABLE?invite=CODE (takes an "
        "open seat), or its address http://HOST:PORT/play/TABLE with --token (a seat you "
        "hold) or --watch.", show_default=False,
    )],
    name: Annotated[str | None, typer.Option(
        help="Your name at the table (the server keeps a named player's statistics).",
    )] = None,
    seat: Annotated[str | None, typer.Option(
        help="The open seat to take by invite, by name or number (default the first open).",
    )] = None,
    token: Annotated[str | None, typer.Option(
        help="Your seat's token (from creating the table, or printed when you left it); "
        "also taken from the address as ?token=.",
    )] = None,
    watch: Annotated[bool, typer.Option(
        "--watch", help="Watch the table as a spectator (what every seat sees alike).",
    )] = False,
) -> None:
    """Play at a table of a running `kibitz serve` in the terminal app, as the web page does:
    the same screen as `kibitz play`, the game played on the server.

    URL is what a player has in hand. The invite link a table's page shows
    (http://HOST:PORT/join/TABLE?invite=CODE) takes an open seat (the first, or --seat)
    under --name. A table's address (http://HOST:PORT/play/TABLE) with --token TOKEN (or
    ?token=TOKEN in the address) takes up a seat you hold: the tokens `POST /api/tables`
    returns, or the one printed when you leave a game unfinished. --watch watches any of
    them. Computer seats play on the server; take-back, resignation and draw offers work as
    the server offers them to your seat. A dropped connection is taken up again a few
    times; the game goes on at the server meanwhile. A finished game's record is written
    under your user data folder, as `kibitz play` does."""
    from kibitz.tui import PlayApp
    from kibitz.tui.remote import sit

    driver = sit(url, token=token, name=name, seat=seat, watch=watch)
    try:
        play = PlayApp(driver, default_record_path(driver.game.name), pause=0)
        play.run()
    finally:
        driver.close()
    comeback = driver.comeback()
    if play.recorded is not None:
        typer.echo(f"record: {play.recorded}")
    elif comeback is not None and not driver.is_over():
        typer.echo(f"your seat is kept; come back with: {comeback}")
