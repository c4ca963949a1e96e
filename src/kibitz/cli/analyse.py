"""``kibitz analyse``: a finished game annotated move by move by a search agent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from kibitz.ai.analysis import analyse_game, notes_to_json, notes_to_text
from kibitz.ai.specs import make_agent
from kibitz.cli.common import app, fail, read_text, user_errors
from kibitz.core.record import parse_record_text, replay


@app.command("analyse")
@user_errors
def analyse_cmd(
    file: Annotated[Path, typer.Argument(help="A record (JSON or the game's text format).")],
    level: Annotated[int | None, typer.Option(help="Analyse with this computer level.")] = None,
    spec: Annotated[str | None, typer.Option(help="Analyse with this agent spec.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Score each move of a game (the mover's view), the better move and ??/?/?! marks."""
    if level is not None and spec is not None:
        fail("give --level or --spec, not both")
    done = replay(parse_record_text(read_text(file)))
    game = done.game
    chosen = spec or f"level:{level if level is not None else game.ai().default_level}"
    make_agent(chosen, game)  # a bad spec fails before any search
    start = game.start(done.state.seed, done.state.start_position)
    notes = analyse_game(game, start, list(done.state.history), lambda: make_agent(chosen, game))
    if as_json:
        typer.echo(json.dumps({"game": game.name, "agent": chosen, "moves": notes_to_json(notes)}))
    else:
        typer.echo(f"{game.name}, analysed by {chosen} (score and expected score of the mover)")
        typer.echo(notes_to_text(notes, game.player_names))
