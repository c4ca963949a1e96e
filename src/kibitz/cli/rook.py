"""Rook commands: the rules page of a preset, and a seat's view of a recorded game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kibitz.cli.common import OptionsArg, app, fail, make_game, read_text, user_errors
from kibitz.core.record import parse_record_text, replay
from kibitz.games.rook.rulespage import rules_page


@app.command("rook-rules")
@user_errors
def rules_cmd(option: OptionsArg = None) -> None:
    """Print the rules page of a preset (-o preset=NAME) with any overrides applied."""
    game = make_game("rook", option)
    typer.echo(rules_page(game.options), nl=False)


@app.command("rook-view")
@user_errors
def view_cmd(
    file: Annotated[Path, typer.Argument(help="A rook record (JSON); - for stdin.")],
    seat: Annotated[int, typer.Option(help="0 South, 1 West, 2 North, 3 East.")],
    ply: Annotated[int | None, typer.Option(help="Stop after this many actions.")] = None,
) -> None:
    """Replay a record up to --ply and print the table as --seat sees it."""
    record = parse_record_text(read_text(file))
    if record["game"] != "rook":
        fail(f"record is a {record['game']!r} game, not rook")
    if seat not in range(4):
        fail(f"seat must be 0 (South), 1 (West), 2 (North) or 3 (East), got {seat}")
    if ply is not None:
        if not 0 <= ply <= len(record["actions"]):
            fail(f"ply must be in 0..{len(record['actions'])}, got {ply}")
        record = {**record, "actions": record["actions"][:ply], "result": None}
    typer.echo(replay(record).state.render(seat))
