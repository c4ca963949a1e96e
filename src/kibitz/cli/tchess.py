"""TCHESS Cards commands: row strength, and a seat's view of a recorded game at any ply."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kibitz.cli.common import OptionsArg, app, fail, make_game, read_text, user_errors
from kibitz.core.record import parse_record_text, replay
from kibitz.games.tchess import row_strength
from kibitz.games.tchess.rulespage import rules_page


@app.command("tchess-strength")
@user_errors
def strength_cmd(
    cards: Annotated[list[str], typer.Argument(help="The row's cards in order, e.g. P S P Q.")],
    option: OptionsArg = None,
) -> None:
    """Print a row with its canonical pairs and strength, e.g. `(P S) P Q = 17`."""
    game = make_game("tchess", option)
    result = row_strength(cards, game.options)
    typer.echo(f"{result.text} = {result.total}")


@app.command("tchess-view")
@user_errors
def view_cmd(
    file: Annotated[Path, typer.Argument(help="A tchess record (JSON); - for stdin.")],
    seat: Annotated[int, typer.Option(help="0 = White, 1 = Black: show only what it sees.")],
    ply: Annotated[int | None, typer.Option(help="Stop after this many actions.")] = None,
) -> None:
    """Replay a record up to --ply and print the table as --seat sees it."""
    record = parse_record_text(read_text(file))
    if record["game"] != "tchess":
        fail(f"record is a {record['game']!r} game, not tchess")
    if seat not in (0, 1):
        fail(f"seat must be 0 (White) or 1 (Black), got {seat}")
    if ply is not None:
        if not 0 <= ply <= len(record["actions"]):
            fail(f"ply must be in 0..{len(record['actions'])}, got {ply}")
        record = {**record, "actions": record["actions"][:ply], "result": None}
    typer.echo(replay(record).state.render(seat))


@app.command("tchess-rules")
@user_errors
def rules_cmd(option: OptionsArg = None) -> None:
    """Print the rules page of the active deck and options (Markdown)."""
    typer.echo(rules_page(make_game("tchess", option).options), nl=False)
