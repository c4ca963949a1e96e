"""Fortress and Chessboard commands: deal, solve, survey."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from kibitz.cli.common import OptionsArg, app, fail, make_game, user_errors
from kibitz.games.fortress.analysis import choose_winnable_deal
from kibitz.games.fortress.cards import NAMES
from kibitz.games.fortress.deals import parse_game_number
from kibitz.games.fortress.rules import PatienceGame
from kibitz.games.fortress.solver import DEFAULT_NODES, WIN, solve
from kibitz.games.fortress.survey import format_summary, parse_range, run_survey, summarize

PATIENCE = ("fortress", "chessboard")

PatienceArg = Annotated[str, typer.Argument(help="fortress or chessboard.")]
NumberArg = Annotated[
    str | None, typer.Argument(help="Game number (e.g. 1, #1, 00001); omitted: a random one.")
]
NodesOpt = Annotated[int, typer.Option("--nodes", help="Node limit of the solver.")]


def _game(name: str, options: list[str] | None = None) -> PatienceGame:
    if name not in PATIENCE:
        fail(f"game must be fortress or chessboard, got {name!r}")
    game = make_game(name, options)
    assert isinstance(game, PatienceGame)
    return game


@app.command("deal")
@user_errors
def deal_cmd(
    game: PatienceArg,
    number: NumberArg = None,
    winnable: Annotated[
        bool, typer.Option("--winnable", help="With no number: a random deal proven winnable.")
    ] = False,
) -> None:
    """Print the ten piles of a numbered deal, `INDEX: CARD CARD ...` bottom to top."""
    g = _game(game)
    if number is not None:
        n = parse_game_number(number)
    elif winnable:
        n, _ = choose_winnable_deal(g)
    else:
        n = g.new_initial_state().seed
    state = g.new_initial_state(n)
    typer.echo(state.title(), err=True)
    for i, pile in enumerate(state.board.piles):
        typer.echo(f"{i}: {' '.join(NAMES[c] for c in pile)}".rstrip())


@app.command("solve")
@user_errors
def solve_cmd(
    game: PatienceArg,
    number: NumberArg = None,
    position: Annotated[
        str | None, typer.Option("--position", "-p", help="Solve this position string instead.")
    ] = None,
    nodes: NodesOpt = DEFAULT_NODES,
    seconds: Annotated[float | None, typer.Option("--time", help="Time limit in seconds.")] = None,
    option: OptionsArg = None,
) -> None:
    """Print WIN, LOSS or UNKNOWN, then (for WIN) the winning line in move notation."""
    g = _game(game, option)
    if position is not None and number is not None:
        fail("give a game number or --position, not both")
    if position is not None:
        state = g.new_state_from_position(position)
    elif number is not None:
        state = g.new_initial_state(parse_game_number(number))
    else:
        fail("give a game number or --position")
    result = solve(state, node_limit=nodes, time_limit=seconds)
    typer.echo(result.verdict)
    if result.verdict == WIN:
        typer.echo(" ".join(result.notation()))
    typer.echo(
        f"{state.title()}: {result.nodes} nodes, at most {result.max_home} cards home "
        f"({result.home} now), {len(result.moves)} moves",
        err=True,
    )


@app.command("survey")
@user_errors
def survey_cmd(
    game: PatienceArg,
    deals: Annotated[str, typer.Option("--deals", help="Game numbers A-B (inclusive).")],
    workers: Annotated[
        int, typer.Option("--workers", help="Processes (default: every CPU).")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    nodes: NodesOpt = DEFAULT_NODES,
) -> None:
    """Solve every deal in a range; print W/L/U, the winnable rate and its Wilson interval."""
    _game(game)
    numbers = parse_range(deals)
    if workers < 0:
        fail(f"--workers must be at least 1, got {workers}")
    workers = workers or os.cpu_count() or 1
    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(f"{game} {deals}", total=len(numbers))
        results = run_survey(game, numbers, workers, nodes, lambda k: bar.advance(task, k))
    summary = summarize(game, results)
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
    else:
        typer.echo(format_summary(summary))
