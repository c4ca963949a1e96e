"""Rook commands: the rules page of a preset."""

from __future__ import annotations

import typer

from kibitz.cli.common import OptionsArg, app, make_game, user_errors
from kibitz.games.rook.rulespage import rules_page


@app.command("rook-rules")
@user_errors
def rules_cmd(option: OptionsArg = None) -> None:
    """Print the rules page of a preset (-o preset=NAME) with any overrides applied."""
    game = make_game("rook", option)
    typer.echo(rules_page(game.options), nl=False)
