"""``kibitz play``: play (or watch) a game in the terminal."""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import platformdirs
import typer

from kibitz.cli.common import OptionsArg, app, fail, make_game, read_text, user_errors
from kibitz.core.errors import InvalidPosition
from kibitz.core.record import parse_record_text
from kibitz.core.session import Session

StatsOption = Annotated[
    Path | None,
    typer.Option("--stats", help="The terminal's statistics file (default: in the user's "
                 "data folder, beside the records)."),
]


def default_record_path(game: str) -> Path:
    """Where a game's record goes when ``--record`` is not given."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return platformdirs.user_data_path("kibitz") / "records" / f"{game}-{stamp}.json"


def check_record_path(path: Path) -> None:
    """Refuse (one line, status 2) a ``--record`` path that cannot become a file: a folder,
    or a place under a file or a folder not writable; missing folders are made later."""
    if path.is_dir():
        fail(f"--record {path} is a folder; give a file to write, e.g. {path / 'game.json'}")
    above = next(p for p in path.absolute().parents if p.exists())
    if not above.is_dir():
        fail(f"--record {path}: {above} is a file, not a folder")
    if not os.access(above, os.W_OK | os.X_OK):
        fail(f"--record {path}: the folder {above} is not writable")


@app.command("play")
@user_errors
def play_cmd(
    game: Annotated[str, typer.Argument(help="Game name (see `kibitz games`).")],
    as_seat: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Your seat, by name or number (default the first); "
            "none to watch the computers play.",
        ),
    ] = None,
    vs: Annotated[
        list[str] | None,
        typer.Option(
            "--vs",
            help="Agent spec for the other seats in seat order, e.g. "
            "level:3 or random, or person for a second person at this screen; "
            "the last repeats (default the game's level).",
        ),
    ] = None,
    option: OptionsArg = None,
    seed: Annotated[
        str | None, typer.Option("--seed", "--deal", help="Seed or deal number of the game.")
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="Write the record to this file (also on quitting an unfinished "
                     "game); missing folders are made."),
    ] = None,
    load: Annotated[
        Path | None, typer.Option(help="Go on with the game of this record (JSON or text).")
    ] = None,
    position: Annotated[
        str | None,
        typer.Option(help="Start from this position string of the game (instead of a deal)."),
    ] = None,
    pause: Annotated[float, typer.Option(help="Seconds between two computer moves.")] = 0.5,
    autoplay: Annotated[
        bool,
        typer.Option(help="Autoplay on from the start: the safe moves play themselves "
                     "(games with a solver; `p` switches it)."),
    ] = False,
    winnable: Annotated[
        bool,
        typer.Option(help="Random deals are ones the solver proves winnable, this one (unless "
                     "--deal names it) and the next (`n`); a number given is dealt as asked."),
    ] = False,
    stats: StatsOption = None,
) -> None:
    """Play GAME in a full-screen terminal app against computer levels or a second person
    at the same screen, or watch the computers play."""
    from kibitz.tui import Driver, PlayApp
    from kibitz.tui.driver import winnable_number
    from kibitz.tui.seats import person_seat, seat_players
    from kibitz.tui.statsbook import StatsBook, default_stats_path

    if pause < 0:
        fail(f"--pause must not be negative, got {pause}")
    if record is not None:
        check_record_path(record)
    if autoplay and make_game(game, None).assistant() is None:
        fail(f"--autoplay: {game} has no autoplay (only games with a solver play their safe "
             "moves by themselves)")
    if winnable and make_game(game, None).assistant() is None:
        fail(f"--winnable: {game} has no solver to prove its deals winnable")
    if position is not None and (load is not None or seed is not None):
        other = "--load" if load is not None else "--seed"
        fail(f"--position and {other} both choose the start; give one of them")
    if load is not None:
        if option or seed is not None:
            fail("--load takes the options and the deal from the record; drop -o and --seed")
        saved = parse_record_text(read_text(load))
        if saved["game"] != game:
            fail(f"{load} is a record of {saved['game']}, not {game}")
        g = make_game(game, None)
        driver = Driver.from_record(saved, seat_players(g, person_seat(g, as_seat), vs or []))
        if autoplay:  # the record's moves are played: the safe moves after them are a step
            driver.set_autoplay(True)
    elif position is not None:
        g = make_game(game, option)
        try:
            session = Session(g, position=position.strip(), chance_seed=secrets.randbits(31),
                              autoplay=autoplay)
        except InvalidPosition as exc:
            fail(f"--position: {exc}")
        players = seat_players(g, person_seat(g, as_seat), vs or [])
        driver = Driver(g, players, session=session)
    else:
        g = make_game(game, option)
        number = None if seed is None else g.parse_seed(seed)
        if number is None and winnable:
            number = winnable_number(g)
        players = seat_players(g, person_seat(g, as_seat), vs or [])
        driver = Driver(g, players, number, autoplay=autoplay)
    driver.winnable_only = winnable
    path = record or default_record_path(game)
    book = StatsBook(stats or default_stats_path())
    play = PlayApp(driver, path, save_unfinished=record is not None, pause=pause, stats=book)
    play.run()
    if play.recorded is not None:
        typer.echo(f"record: {play.recorded}")


@app.command("stats")
@user_errors
def stats_cmd(
    game: Annotated[
        str | None, typer.Argument(help="Only this game (default every game played).")
    ] = None,
    latest: Annotated[
        int, typer.Option(min=0, help="How many of each game's latest games to list.")
    ] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    stats: StatsOption = None,
) -> None:
    """Your statistics of the games played with `kibitz play`: games played, won, drawn and
    lost, the win rate, streaks (patience) and the latest games. A game counts once you have
    made a move; one quit unfinished (and not saved with --record) counts as lost."""
    from kibitz.tui import statsbook as sb

    if game is not None:
        make_game(game, None)  # an unknown game is named as such
    books = sb.StatsBook(stats or sb.default_stats_path()).load()
    shown = [st for name, st in sorted(books.items()) if game in (None, name)]
    if as_json:
        typer.echo(json.dumps([
            {**st.summary(), "entries": [asdict(e) for e in st.latest(latest)],
             "older": max(st.played - latest, 0)}
            for st in shown
        ], indent=1))  # fmt: skip
        return
    if not shown:
        none = "no games counted yet" if game is None else f"no {game} games counted yet"
        typer.echo(f"{none} (games at a server are counted there: SERVER/stats?player=NAME)")
        return
    for st in shown:
        hints = f", {sb.counted(st.hints, 'hint')}" if st.hints else ""
        typer.echo(f"{st.game}: {sb.summary_line(st)}{hints}")
        for e in st.latest(latest):
            typer.echo(f"    {sb.entry_line(e)}")
        if st.played > latest:
            typer.echo(f"    ... and {sb.counted(st.played - latest, 'older game')}")
