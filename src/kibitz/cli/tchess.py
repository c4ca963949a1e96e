"""TCHESS Cards commands: row strength and the rules page of the active options."""

from __future__ import annotations

from typing import Annotated

import typer

from kibitz.cli.common import OptionsArg, app, make_game, user_errors
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


@app.command("tchess-rules")
@user_errors
def rules_cmd(option: OptionsArg = None) -> None:
    """Print the rules page of the active deck and options (Markdown)."""
    typer.echo(rules_page(make_game("tchess", option).options), nl=False)
