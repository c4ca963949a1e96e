"""``kibitz analyse``: a game annotated move by move by a search agent or an exact solver."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path
from typing import Annotated

import typer

from kibitz.ai.analysis import NODES, annotated_record, heading, note_line, summaries, summary_line
from kibitz.cli.common import app, read_text, user_errors
from kibitz.core.errors import InvalidOptions, InvalidRecord
from kibitz.core.movenumbers import MoveCounter, label
from kibitz.core.record import parse_record_text, replay
from kibitz.lab.review import Judging, Reviewed, player_totals, review, steps_apart


@app.command("analyse")
@user_errors
def analyse_cmd(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Records (JSON or the game's text format); several are summed by player."
        ),
    ],
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
    annotate: Annotated[
        bool,
        typer.Option(
            "--annotate",
            help="Print the game's own text record (Cardmate's), its moves marked and commented.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            min=1, help="Processes to analyse in: a game's moves, or several records, shared out."
        ),
    ] = 1,
) -> None:
    """Judge each move of a finished game: its worth, the better move, ??/?/?! marks.

    A move's worth is a score, a win probability from the mover's information, or whether a
    patience deal is still winnable. Without --level or --spec: the game's analysis agent.
    The text is printed a move at a time, as each move is judged, then each side's marks
    counted and its average loss a move; --json prints once every move is.

    --workers N shares the game's moves among N processes, with the same notes (a patience
    deal's solver works alone).

    With several records (a match's, `kibitz match --records DIR`), each game's sides are
    summarised as each is analysed, then every player's moves summed over all the games: its
    marks and its average loss, the players named by the agents in the records."""
    judging = Judging(level, spec, nodes, samples, seed)
    if annotate and (as_json or len(files) > 1):
        raise InvalidOptions(
            "--annotate writes one game's text record: not with --json or several records"
        )
    if len(files) > 1:
        _review(files, judging, workers, as_json)
        return
    record = parse_record_text(read_text(files[0]))
    done = replay(record)
    if annotate and done.game.text_record is None:
        raise InvalidOptions(
            f"{done.game.name} has no text record of its own to annotate; --json gives the analysis"
        )
    analysis, notes = steps_apart(done, judging, workers)
    if annotate:
        typer.echo(annotated_record(done.game, record, notes), nl=False)
        return
    if as_json:
        analysis.moves.extend(notes)
        typer.echo(json.dumps(analysis.to_json()))
        return
    typer.echo(heading(analysis))
    counter = MoveCounter(done.game)
    for note in notes:
        analysis.moves.append(note)
        number = label(done.game, counter.next(note.seat), 3)
        typer.echo(note_line(note, number, done.game.player_names))
    typer.echo("")
    for side in summaries(analysis):
        typer.echo(summary_line(side))


def _review(files: list[Path], judging: Judging, workers: int, as_json: bool) -> None:
    """Analyse several records and sum each player's moves; a record that cannot be read
    or analysed is named with its reason and the others go on (exit status 2 at the end)."""
    records, failed = [], []
    for path in files:
        try:
            records.append((str(path), read_text(path)))
        except OSError as exc:
            failed.append(f"{path}: {exc.strerror or exc}")
        except InvalidRecord as exc:
            failed.append(str(exc))

    def shown(r: Reviewed) -> None:
        if r.error is not None:
            failed.append(f"{r.name}: {r.error}")
            typer.echo(failed[-1], err=True)
        elif not as_json:
            assert r.analysis is not None
            typer.echo(f"{r.name} ({r.analysis.game}, {len(r.analysis.moves)} moves)")
            for player, side in zip(r.players, summaries(r.analysis), strict=True):
                typer.echo(f"  {summary_line(replace(side, name=player))}")

    for line in failed:
        typer.echo(line, err=True)
    reviewed = review(records, judging, workers, shown)
    totals = player_totals(reviewed)
    if as_json:
        typer.echo(json.dumps({
            "games": [
                {"file": r.name, "error": r.error} if r.analysis is None
                else {"file": r.name, "players": r.players, **r.analysis.to_json()}
                for r in reviewed
            ],
            "players": [
                {"name": t.name, "games": t.games, **asdict(t.summary())} for t in totals
            ],
        }))  # fmt: skip
    else:
        analysed = sum(r.analysis is not None for r in reviewed)
        typer.echo(f"\nBy player, over {analysed} game{'' if analysed == 1 else 's'}:")
        for t in totals:
            games = f"{t.games} game{'' if t.games == 1 else 's'}"
            typer.echo(f"  {summary_line(t.summary())} in {games}")
    if failed:
        typer.echo(f"{len(failed)} of {len(files)} records not analysed", err=True)
        raise typer.Exit(2)
