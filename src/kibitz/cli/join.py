"""``kibitz join`` and ``kibitz host``: sit at a table of a running ``kibitz serve`` in the
terminal app, one taken by its link or one opened here for friends to join."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kibitz.cli.common import OptionsArg, app, fail, make_game, user_errors
from kibitz.cli.tui import default_record_path
from kibitz.core.errors import InvalidOptions
from kibitz.core.options import options_to_json

if TYPE_CHECKING:
    from kibitz.tui.remote import RemoteDriver
    from kibitz.tui.seatbook import HeldSeat, SeatBook

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
        help="Your name at the table (the server keeps a named player's statistics); kept "
        "for the next time (default: the name given last).",
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
    """Play at a table of a running `kibitz serve` in the terminal app, or watch it
    (--watch), as the web page does: the same screen as `kibitz play`, the game played on
    the server.

    URL is what a player has in hand. The invite link a table's page shows
    (http://HOST:PORT/join/TABLE?invite=CODE) takes an open seat (the first, or --seat)
    under --name. A table's address (http://HOST:PORT/play/TABLE) with --token TOKEN (or
    ?token=TOKEN in the address) takes up a seat you hold: the tokens `POST /api/tables`
    returns, or the one printed when you leave a game unfinished. --watch watches any of
    them. Computer seats play on the server; take-back, resignation and draw offers work as
    the server offers them to your seat. A dropped connection is taken up again a few
    times; the game goes on at the server meanwhile. A finished game's record, a watched
    one's too, is written under your user data folder, as `kibitz play` does, and its path
    is printed on leaving. Every seat taken here is kept there too: the table's address
    alone takes it up again, and `kibitz tables` lists them."""
    from kibitz.tui.link import parse_link
    from kibitz.tui.remote import sit
    from kibitz.tui.seatbook import SeatBook, default_seats_path, player_name

    book = SeatBook(default_seats_path())
    link = parse_link(url, token)
    if not watch and link.token is None and link.invite is None:
        token = book.token(link.base, link.table)
        if token is None:
            fail(f"no seat of table {link.table} is kept here: give its invite link, "
                 "--token TOKEN or --watch (`kibitz tables` lists the seats kept)")
    sit_and_play(sit(url, token=token, name=player_name(name), seat=seat, watch=watch), book)


def sit_and_play(driver: RemoteDriver, book: SeatBook, greeting: str = "") -> None:
    """Run the terminal app at a server's table, keeping each seat taken in ``book`` (and
    going back to the seats kept there); then the record written, or the way back to a seat
    left unfinished. ``greeting``: the first message, else the rematch waiting, if any."""
    from kibitz.tui import PlayApp
    from kibitz.tui.seatbook import SeatFileError

    unkept: list[str] = []

    def keep(held: RemoteDriver) -> None:
        try:
            book.keep(held)
        except SeatFileError as exc:  # said once the screen is gone: the game goes on
            unkept.append(str(exc))

    def held(table: str) -> str | None:
        try:
            return book.token(driver.server.link.base, table)
        except SeatFileError:  # said as the seat is kept: the server seats the player
            return None

    driver.keeper, driver.held = keep, held
    keep(driver)
    if not greeting and driver.seat is not None and driver.table.get("rematch") is not None:
        greeting = driver.rematch_news()
    play = PlayApp(driver, default_record_path(driver.game.name), pause=0, greeting=greeting)
    try:
        play.run()
    finally:
        play.driver.close()
    for problem in dict.fromkeys(unkept):
        typer.echo(f"warning: {problem}", err=True)
    comeback = play.driver.comeback()
    if play.recorded is not None:
        typer.echo(f"record: {play.recorded}")
    elif comeback is not None and not play.driver.is_over():
        here = f"kibitz join {play.driver.server.link.page}"
        typer.echo(f"your seat is kept; come back with: {comeback}" if unkept else
                   f"your seat is kept; come back with: {here} (from another machine: "
                   f"{comeback})")


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
        help="Your name at the table (the server keeps a named player's statistics); kept "
        "for the next time (default: the name given last).",
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
    from kibitz.tui.seatbook import SeatBook, default_seats_path, player_name
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
    name = player_name(name)
    seats = [{"kind": "human", "name": name} if seat == mine else other_seat(others.pop(0))
             for seat in range(g.num_players)]
    body: dict[str, Any] = {"game": game, "options": options_to_json(g.options), "seats": seats}
    if seed is not None:
        body["seed"] = str(g.parse_seed(seed))
    driver = host(server_base(server), body)
    link = driver.server.link
    typer.echo(f"table {link.table}: invite link {driver.invite}" if driver.invite else
               f"table {link.table}: {link.page}")
    sit_and_play(driver, SeatBook(default_seats_path()),
                 f"invite: {driver.invite}" if driver.invite else "")


@app.command("tables")
@user_errors
def tables_cmd(
    forget: Annotated[str | None, typer.Option(
        help="Forget the seats kept at this table (its id or address); it stays on its server.",
    )] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The seats this terminal holds at servers' tables (`kibitz join` and `kibitz host` keep
    them): every table in play, with whose turn it is (yours first), then the five last
    finished, each with the command that takes it up again.

    A server that does not answer is said, and its seats are listed as kept. A table its
    server no longer has is said too, and a seat it refuses, in its words (one given to the
    computer while you were away, to watch); --forget drops it."""
    from kibitz.tui.link import TableError, held_tables, parse_link
    from kibitz.tui.seatbook import SeatBook, default_seats_path

    book = SeatBook(default_seats_path())
    if forget is not None:
        table = parse_link(forget).table if "/" in forget else forget
        gone = book.forget(table)
        if not gone:
            fail(f"no seat of table {table!r} is kept here")
        for seat in gone:  # the token is the only way back to a seat: said once more
            typer.echo(f"forgot seat {seat.seat} of table {table}; should you want it back: "
                       f"kibitz join {seat.base}/play/{table} --token {seat.token}")
        return
    kept = book.load()
    servers: dict[str, Any] = {}
    for base in dict.fromkeys(s.base for s in kept):
        mine = [s for s in kept if s.base == base][-MAX_ASKED:]
        try:
            rows = held_tables(base, [(s.table, s.token) for s in mine])
        except TableError as exc:
            servers[base] = {"error": str(exc), "tables": [s.table for s in mine]}
            continue
        found = {r["id"] for r in rows}
        playing = [r for r in rows if r["status"] == "playing"]
        finished = [r for r in rows if r["status"] != "playing"][:FINISHED_SHOWN]
        servers[base] = {"tables": playing + finished,
                         **lost_seats(base, [s for s in mine if s.table not in found])}
    if json_out:
        typer.echo(json.dumps({"servers": servers}))
        return
    if not kept:
        typer.echo("no seat is kept here: `kibitz host` opens a table, `kibitz join` takes a "
                   "seat by its invite link")
    for base, found in servers.items():
        typer.echo(base)
        if "error" in found:
            typer.echo(f"  {found['error']}; {len(found['tables'])} table(s) kept")
            continue
        for row in found["tables"]:
            typer.echo("  " + table_line(base, row))
        for table in found["gone"]:
            typer.echo(f"  {table}: the table is gone from the server; kibitz tables --forget "
                       f"{table} forgets it")
        for lost in found["refused"]:
            table = lost["table"]
            typer.echo(f"  {table}: {lost['error']} (kibitz join {base}/play/{table} --watch "
                       f"watches it; kibitz tables --forget {table} forgets it)")


FINISHED_SHOWN = 5
"""Finished tables listed by `kibitz tables` (the latest)."""
MAX_ASKED = 1000
"""The most seats asked of one server (as its `/api/my-tables` takes): those kept last."""


def lost_seats(base: str, seats: list[HeldSeat]) -> dict[str, list[Any]]:
    """Why the server ``base`` lists none of ``seats`` (kept here) as held, asked of each
    seat's view: ``gone``, the tables it no longer has; ``refused``, the seats it refuses,
    in its words (a seat given to the computer while its person was away says so). A seat
    held after all (taken up meanwhile) is in neither: it is listed next time."""
    from kibitz.tui.link import TableError, TableLink, TableServer

    gone: list[str] = []
    refused: list[dict[str, Any]] = []
    server = TableServer(TableLink(base, ""))
    try:
        for seat in seats:
            server.link = TableLink(base, seat.table)
            try:
                server.view(seat.token)
            except TableError as exc:
                if exc.status == 404:
                    gone.append(seat.table)
                else:
                    refused.append({"table": seat.table, "seat": seat.seat, "error": str(exc)})
    finally:
        server.close()
    return {"gone": gone, "refused": refused}


def table_line(base: str, row: dict[str, Any]) -> str:
    """One table as `kibitz tables` lists it: whose turn, the game, who sits where, and the
    command that takes the seat up again."""
    from kibitz.core.registry import load
    from kibitz.tui.driver import agent_label

    game = load(row["game"], **row["options"])
    names = game.player_names
    who = " · ".join(
        f"{names[i]}: " + ("you" if i in row["mine"] else
                           agent_label(s["agent"]) if s["kind"] == "computer" else
                           s["name"] or ("open seat" if s["kind"] == "open" else "a person"))
        for i, s in enumerate(row["seats"]))  # fmt: skip
    if row["status"] != "playing":
        state = "over: " + ((row.get("result") or {}).get("reason") or row["status"])
    elif row["your_turn"]:
        state = "YOUR TURN"
    else:
        state = "playing" if row["to_act"] is None else f"{names[row['to_act']]} to play"
    title = str(game.description().get("title") or game.name)
    return f"{state:<16}  {title} ({who})  kibitz join {base}/play/{row['id']}"


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
