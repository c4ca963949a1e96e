"""``kibitz join`` and ``kibitz host``: sit at a table of a running ``kibitz serve`` in the
terminal app, one taken by its link or one opened here for friends to join."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from kibitz.cli.common import OptionsArg, app, fail, make_game, user_errors
from kibitz.cli.tui import default_record_path
from kibitz.core.errors import InvalidOptions
from kibitz.core.options import options_to_json

if TYPE_CHECKING:
    from kibitz.tui.remote import RemoteDriver

FRIEND = "friend"
"""A ``--vs`` seat left open for a friend who joins by the invite link."""


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
    from kibitz.tui.remote import sit

    sit_and_play(sit(url, token=token, name=name, seat=seat, watch=watch))


def sit_and_play(driver: RemoteDriver, greeting: str = "") -> None:
    """Run the terminal app at a server's table; then the record written, or the way back
    to a seat left unfinished."""
    from kibitz.tui import PlayApp

    play = PlayApp(driver, default_record_path(driver.game.name), pause=0, greeting=greeting)
    try:
        play.run()
    finally:
        play.driver.close()
    comeback = play.driver.comeback()
    if play.recorded is not None:
        typer.echo(f"record: {play.recorded}")
    elif comeback is not None and not play.driver.is_over():
        typer.echo(f"your seat is kept; come back with: {comeback}")


@app.command("host")
@user_errors
def host_cmd(
    game: Annotated[str, typer.Argument(help="Game name (see `kibitz games`).")],
    server: Annotated[str, typer.Option(
        help="The address of a running `kibitz serve`.",
    )] = "http://127.0.0.1:8000",
    as_seat: Annotated[str | None, typer.Option(
        "--as", help="Your seat, by name or number (default the first).",
    )] = None,
    vs: Annotated[list[str] | None, typer.Option(
        "--vs", help=f"The other seats in seat order: {FRIEND} (an open seat for the invite "
        "link), computer, or level:N; the last repeats (default: friend).",
    )] = None,
    name: Annotated[str | None, typer.Option(
        help="Your name at the table (the server keeps a named player's statistics).",
    )] = None,
    option: OptionsArg = None,
    seed: Annotated[str | None, typer.Option(
        "--seed", "--deal", help="Seed or deal number of the game (random if omitted).",
    )] = None,
) -> None:
    """Open a table of GAME on a running `kibitz serve` and sit at it in the terminal app:
    the other seats open for friends (they join with the invite link, shown here and on
    the screen, in a browser or with `kibitz join`) or played by the server's computer."""
    from kibitz.tui.link import server_base
    from kibitz.tui.remote import host
    from kibitz.tui.seats import person_seat

    g = make_game(game, option)
    mine = person_seat(g, as_seat)
    if mine is None:
        fail("--as none: a hosted table needs you at a seat (open it in the browser to watch)")
    room = g.num_players - 1
    others = list(vs or [FRIEND] * min(room, 1))
    if len(others) > room:
        fail(f"{len(others)} --vs seats for the {room} other seat(s) of {game}")
    others += others[-1:] * (room - len(others))
    seats = [{"kind": "human", "name": name} if seat == mine else other_seat(others.pop(0))
             for seat in range(g.num_players)]
    body: dict[str, Any] = {"game": game, "options": options_to_json(g.options), "seats": seats}
    if seed is not None:
        body["seed"] = str(g.parse_seed(seed))
    driver = host(server_base(server), body)
    link = driver.server.link
    typer.echo(f"table {link.table}: invite link {driver.invite}" if driver.invite else
               f"table {link.table}: {link.page}")
    sit_and_play(driver, f"invite: {driver.invite}" if driver.invite else "")


def other_seat(spec: str) -> dict[str, Any]:
    """A ``--vs`` seat as the server's table takes it."""
    text = spec.strip().lower()
    if text == FRIEND:
        return {"kind": "open"}
    if text == "computer":
        return {"kind": "computer"}
    kind, _, level = text.partition(":")
    if kind == "level" and level.isdigit():
        return {"kind": "computer", "level": int(level)}
    raise InvalidOptions(f"--vs {spec!r}: give {FRIEND}, computer or level:N")
