"""Numbered deals and the game's solver: deal, solve, survey.

``solve`` and ``survey`` ask the game's assistant (``game.assistant().solve``); a game
without one is refused with a clear error.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from kibitz.cli.common import OptionsArg, app, fail, make_game, user_errors
from kibitz.cli.lab import AddressOpt, BackendOpt
from kibitz.core.game import State
from kibitz.core.rng import Rng
from kibitz.lab.pool import Backend
from kibitz.lab.store import ResultStore
from kibitz.lab.survey import (
    assistant_of,
    format_summary,
    parse_range,
    run_survey,
    summarize,
    survey_settings,
)

GameArg = Annotated[str, typer.Argument(help="Game name (see `kibitz games`).")]
NumberArg = Annotated[
    str | None, typer.Argument(help="Deal number (e.g. 12, #12, 00012); omitted: a random one.")
]
NodesOpt = Annotated[
    int | None, typer.Option("--nodes", help="Node limit of the solver (default: the game's).")
]


@app.command("deal")
@user_errors
def deal_cmd(
    game: GameArg,
    number: NumberArg = None,
    winnable: Annotated[
        bool, typer.Option("--winnable", help="With no number: a random deal proven winnable.")
    ] = False,
    option: OptionsArg = None,
) -> None:
    """Print the start of a numbered deal."""
    g = make_game(game, option)
    if number is not None and winnable:
        fail("give a deal number or --winnable, not both")
    seed = None
    if number is not None:
        seed = g.parse_seed(number)
    elif winnable:
        assistant = assistant_of(g, "dealt as proven winnable")
        seed = assistant.winnable_deal(g, Rng(secrets.randbits(64)))
    typer.echo(g.start(seed).render())


def line_text(state: State, actions: tuple[int, ...]) -> list[str]:
    """``actions`` played from ``state`` on, each in the game's notation."""
    probe = state.clone()
    out = []
    for action in actions:
        out.append(probe.action_to_str(action))
        probe.apply(action)
    return out


@app.command("solve")
@user_errors
def solve_cmd(
    game: GameArg,
    number: NumberArg = None,
    position: Annotated[
        str | None, typer.Option("--position", "-p", help="Solve this position string instead.")
    ] = None,
    nodes: NodesOpt = None,
    option: OptionsArg = None,
) -> None:
    """Print WIN, LOSS or UNKNOWN, then (for WIN) the winning line in move notation."""
    g = make_game(game, option)
    assistant = assistant_of(g, "solved")
    if (position is None) == (number is None):
        fail("give a deal number or --position (one of them)")
    if nodes is not None and nodes < 1:
        fail(f"--nodes must be at least 1, got {nodes}")
    state = g.start(None if number is None else g.parse_seed(number), position)
    verdict = assistant.solve(state, nodes)
    typer.echo(verdict.verdict.upper())
    if verdict.verdict == "win":
        typer.echo(" ".join(line_text(state, verdict.moves)))
    figures = "".join(f", {key} {value}" for key, value in verdict.detail.items())
    where = f"deal {state.seed}" if number is not None else "position"
    why = f" ({verdict.reason})" if verdict.verdict == "unknown" else ""
    typer.echo(f"{g.name} {where}{why}: {verdict.nodes} nodes, {len(verdict.moves)} moves"
               f"{figures}", err=True)


@app.command("survey")
@user_errors
def survey_cmd(
    game: GameArg,
    deals: Annotated[str, typer.Option("--deals", help="Deal numbers A-B (inclusive).")],
    workers: Annotated[
        int, typer.Option("--workers", help="Processes (default: every CPU).")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    nodes: NodesOpt = None,
    option: OptionsArg = None,
    store: Annotated[
        Path | None,
        typer.Option("--store", help="SQLite file keeping every verdict; a rerun resumes."),
    ] = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Solve every deal in a range; print W/L/U, the winnable rate and its Wilson interval.

    With --store each chunk of verdicts is kept (compressed) as it is solved, and running the
    same command again solves only the deals not kept yet.
    """
    g = make_game(game, option)
    assistant_of(g)
    numbers = parse_range(g, deals)
    if workers < 0:
        fail(f"--workers must be at least 1, got {workers}")
    if nodes is not None and nodes < 1:
        fail(f"--nodes must be at least 1, got {nodes}")
    where = Backend(backend, workers or os.cpu_count() or 1, address)
    settings = survey_settings(g, nodes)
    kept = ResultStore(store, "survey", settings, "another --store file") if store else None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())  # fmt: skip
    known: list[int] = []
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"{game} {deals}", total=len(numbers))
        try:
            results = run_survey(
                g, numbers, where, nodes, lambda k: bar.advance(task, k), kept, known.append
            )
        finally:
            if kept:
                kept.close()
    if kept:
        typer.echo(kept.resumed(len(numbers) - known[0], known[0], "deals", "solved"), err=True)
    summary = summarize(g, results)
    typer.echo(json.dumps(summary.to_json()) if as_json else format_summary(summary))
