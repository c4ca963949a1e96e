"""Game-agnostic commands: games, perft, show, random-game, replay, convert."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from kibitz.cli.common import OptionsArg, app, fail, make_game, read_text, user_errors
from kibitz.core.capabilities import level_name
from kibitz.core.game import CHANCE, Game
from kibitz.core.options import describe_options, option_help
from kibitz.core.play import perft, play_random
from kibitz.core.record import dumps_record, make_record, parse_record_text, replay
from kibitz.core.registry import game_class, game_classes, load
from kibitz.core.rng import Rng

GameArg = Annotated[str, typer.Argument(help="Game name (see `kibitz games`).")]
RecordArg = Annotated[
    Path, typer.Argument(help="A record (JSON or the game's text format); - for stdin.")
]
PositionOpt = Annotated[
    str | None, typer.Option("--position", "-p", help="Start from this position string.")
]


@app.command("games")
@user_errors
def games_cmd() -> None:
    """List every game: seats, what it declares, levels, options with types and defaults."""
    for name in game_classes():
        for line in describe_game(load(name)):
            typer.echo(line)


def describe_game(game: Game) -> list[str]:
    """The lines ``kibitz games`` prints for ``game`` (with its default options)."""
    names = game.player_names
    seats = ", ".join(names)
    if game.teams:
        seats += "; partners " + " v ".join("+".join(names[s] for s in t) for t in game.teams)
    f, ai = game.features, game.ai()
    features = [
        "perfect information" if game.perfect_information else "hidden information",
        "chance moves" if game.has_chance else "no chance moves",
        *(["undo/redo/restart"] if f.undo else []),
        *(["take-back against the computer"] if f.take_back else []),
        *([("resign" if len(names) > 1 else "concede")] if f.concede else []),
        *(["agreed draws"] if f.draw_offers else []),
        f"statistics: {f.statistics}",
        *(["solver assistance"] if game.assistant() is not None else []),
        *([f"tools: {', '.join(sorted(game.tools()))}"] if game.tools() else []),
    ]
    lines = [
        f"{game.name}: {game.summary} ({len(names)} player{'s' if len(names) > 1 else ''})",
        f"    seats: {seats}",
        f"    features: {'; '.join(features)}",
    ]
    if ai.levels:
        lines.append(f"    levels (default {ai.default_level}):")
        lines += [f"        {n} ({level_name(n)}): {spec}" for n, spec in sorted(ai.levels.items())]
    if ai.agents:
        lines.append(f"    own agents: {', '.join(sorted(ai.agents))}")
    lines.append("    options:")
    notes = option_help(game.options_class)
    for opt, tp, default in describe_options(game.options_class):
        lines.append(f"        {opt}: {tp} = {default!r}")
        if opt in notes:
            lines.append(f"            {notes[opt]}")
    return lines


@app.command("perft")
@user_errors
def perft_cmd(
    game: GameArg,
    depth: Annotated[int, typer.Argument(help="Count move sequences up to this depth.")],
    option: OptionsArg = None,
    position: PositionOpt = None,
    seed: Annotated[int | None, typer.Option(help="Seed for games that deal.")] = None,
) -> None:
    """Print `DEPTH COUNT` for each depth 1..DEPTH (timing on stderr)."""
    if depth < 1:
        fail(f"depth must be at least 1, got {depth}")
    g = make_game(game, option)
    state = g.new_state_from_position(position) if position else g.new_initial_state(seed)
    for d in range(1, depth + 1):
        start = time.perf_counter()
        count = perft(state, d)
        elapsed = time.perf_counter() - start
        typer.echo(f"{d} {count}")
        rate = count / elapsed if elapsed > 0 else float("inf")
        typer.echo(f"depth {d}: {elapsed:.3f} s, {rate:,.0f} nodes/s", err=True)


@app.command("show")
@user_errors
def show_cmd(
    game: GameArg,
    option: OptionsArg = None,
    position: PositionOpt = None,
    seed: Annotated[int | None, typer.Option(help="Seed for setups and deals.")] = None,
    seat: Annotated[int | None, typer.Option(help="Show only what this seat may see.")] = None,
) -> None:
    """Print a position (the start position unless --position is given)."""
    g = make_game(game, option)
    if seat is not None and not 0 <= seat < g.num_players:
        fail(f"seat must be in 0..{g.num_players - 1}, got {seat}")
    state = g.new_state_from_position(position) if position else g.new_initial_state(seed)
    typer.echo(state.render(seat))


@app.command("random-game")
@user_errors
def random_game_cmd(
    game: GameArg,
    seed: Annotated[int, typer.Option(help="Seed for the game and the random moves.")] = 1,
    option: OptionsArg = None,
    position: PositionOpt = None,
    max_plies: Annotated[int, typer.Option(help="Stop after this many actions.", min=1)] = 10_000,
) -> None:
    """Play uniformly random legal moves and write the JSON record to stdout."""
    g = make_game(game, option)
    state = g.new_state_from_position(position) if position else g.new_initial_state(seed)
    play_random(state, Rng(seed), max_plies)
    typer.echo(dumps_record(make_record(state, {"players": ["random"] * g.num_players})), nl=False)


@app.command("replay")
@user_errors
def replay_cmd(
    file: RecordArg,
) -> None:
    """Replay a record, printing each ply (numbered as `view --ply` counts) with who made it,
    and then `result: ...`."""
    done = replay(parse_record_text(read_text(file)))
    names = done.game.player_names
    for ply, (move, mover) in enumerate(zip(done.moves, done.movers, strict=True), 1):
        if mover == CHANCE:
            typer.echo(f"{ply}. chance: {move}")
        else:  # a game of one seat needs no name
            typer.echo(f"{ply}. {names[mover]}: {move}" if len(names) > 1 else f"{ply}. {move}")
    out = done.declared
    text = out.describe(done.game.player_names) if out else "unfinished"
    typer.echo(f"result: {text}")


@app.command("view")
@user_errors
def view_cmd(
    file: RecordArg,
    seat: Annotated[int | None, typer.Option(help="Show only what this seat saw.")] = None,
    ply: Annotated[int | None, typer.Option(help="Stop after this many actions.")] = None,
) -> None:
    """Replay a record up to --ply and print the position as --seat saw it."""
    record = parse_record_text(read_text(file))
    players = game_class(record["game"]).num_players
    if seat is not None and not 0 <= seat < players:
        fail(f"seat must be in 0..{players - 1}, got {seat}")
    if ply is not None:
        if not 0 <= ply <= len(record["actions"]):
            fail(f"ply must be in 0..{len(record['actions'])}, got {ply}")
        record = {**record, "actions": record["actions"][:ply], "result": None}
    typer.echo(replay(record).state.render(seat))


@app.command("convert")
@user_errors
def convert_cmd(
    file: RecordArg,
    to: Annotated[str, typer.Option(help="Output format: json or text.")] = "",
) -> None:
    """Convert a record between JSON and the game's own text format (default: the other one)."""
    text = read_text(file)
    record = parse_record_text(text)
    replay(record)
    target = to or ("text" if text.lstrip().startswith("{") else "json")
    if target == "json":
        typer.echo(dumps_record(record), nl=False)
    elif target == "text":
        out = game_class(record["game"]).write_text_record(record)
        if out is None:
            fail(f"{record['game']} has no text record format of its own; its records are JSON "
                 "(--to json writes one)")
        typer.echo(out, nl=False)
    else:
        fail(f"--to must be json or text, got {to!r}")


