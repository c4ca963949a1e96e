"""``kibitz analyse``: a game annotated move by move by a search agent or an exact solver."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from kibitz.ai.analysis import NODES, heading, note_line, replay_steps, summaries, summary_line
from kibitz.cli.common import app, read_text, user_errors
from kibitz.core.record import parse_record_text, replay


@app.command("analyse")
@user_errors
def analyse_cmd(
    file: Annotated[Path, typer.Argument(help="A record (JSON or the game's text format).")],
    level: Annotated[int | None, typer.Option(help="Analyse with this computer level.")] = None,
    spec: Annotated[str | None, typer.Option(help="Analyse with this agent spec.")] = None,
    nodes: Annotated[
        int, typer.Option(min=1, help="Solver nodes a position (games analysed by a solver).")
    ] = NODES,
    samples: Annotated[
        int | None,
        typer.Option(
            min=1, help="Worlds drawn to judge a move in a hidden-card game (default: the game's)."
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option(
            min=0, help="Draw a hidden-card game's searches and worlds from another seed."
        ),
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Judge each move of a finished game: its worth, the better move, ??/?/?! marks.

    A move's worth is a score, a win probability from the mover's information, or whether a
    patience deal is still winnable. Without --level or --spec: the game's analysis agent.
    The text is printed a move at a time, as each move is judged, then each side's marks
    counted and its average loss a move; --json prints once every move is."""
    done = replay(parse_record_text(read_text(file)))
    analysis, notes = replay_steps(done, level, spec, nodes, samples, seed)
    if as_json:
        analysis.moves.extend(notes)
        typer.echo(json.dumps(analysis.to_json()))
        return
    typer.echo(heading(analysis))
    for note in notes:
        analysis.moves.append(note)
        typer.echo(note_line(note, done.game.player_names))
    typer.echo("")
    for side in summaries(analysis):
        typer.echo(summary_line(side))
