"""Lab commands: ``kibitz match`` between two agents and ``kibitz ladder`` of levels."""

from __future__ import annotations

import dataclasses
import itertools
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from kibitz.ai.levels import level_specs
from kibitz.ai.specs import make_agent, parse_spec
from kibitz.cli.common import OptionsArg, app, fail, make_game, user_errors
from kibitz.core.options import options_to_json
from kibitz.lab.match import MatchPlan, MatchResult, result_json, run_match
from kibitz.lab.stats import MatchStats

WorkersOpt = Annotated[int, typer.Option(help="Worker processes.")]
HandsOpt = Annotated[
    int | None,
    typer.Option(help="Count the match in hands (Rook): each game is one deal played out."),
]


def _progress_run(plan: MatchPlan, workers: int, label: str) -> MatchResult:
    """Run a match with a progress bar on stderr."""
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task(label, total=plan.games)
        return run_match(plan, workers, lambda _r: bar.advance(task))


def _plan(
    game: str,
    option: list[str] | None,
    a: str,
    b: str,
    games: int,
    seed: int,
    hands: int | None = None,
    **kw,
) -> MatchPlan:
    if hands is not None:
        g = make_game(game, option)
        if "max_hands" not in {f.name for f in dataclasses.fields(g.options)}:
            fail(f"--hands counts hands of games with a max_hands option (rook), not {game}")
        option, games, kw["unit"] = [*(option or []), "max_hands=1"], hands, "hands"
    g = make_game(game, option)
    if games < 1:
        fail(f"--{kw.get('unit', 'games')} must be at least 1, got {games}")
    for spec in (a, b):
        make_agent(parse_spec(spec), g)
    options = {**type(g).match_defaults, **options_to_json(g.options)}
    return MatchPlan(game, options, a, b, games, seed, **kw)


@app.command("match")
@user_errors
def match_cmd(
    game: Annotated[str, typer.Argument(help="Game name.")],
    a: Annotated[str, typer.Argument(help="Agent spec of side A, e.g. level:3.")],
    b: Annotated[str, typer.Argument(help="Agent spec of side B, e.g. random.")],
    games: Annotated[int, typer.Option(help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="First seed.")] = 0,
    workers: WorkersOpt = 1,
    option: OptionsArg = None,
    duplicate: Annotated[bool, typer.Option(help="Play each deal twice, seats swapped.")] = False,
    records: Annotated[Path | None, typer.Option(help="Save every game's record here.")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    hands: HandsOpt = None,
) -> None:
    """Play A against B; print wins, draws, losses, score and Elo with 95% intervals."""
    plan = _plan(
        game, option, a, b, games, seed, hands, duplicate=duplicate,
        records=str(records) if records else None,
    )
    result = _progress_run(plan, workers, f"{a} vs {b}")
    if json_out:
        typer.echo(result_json(result))
    else:
        typer.echo(f"{game}: {a} vs {b}")
        typer.echo(result.stats.summary())


def ladder_row(upper: int, lower: int, stats: MatchStats) -> str:
    """One markdown table row of a ladder."""
    lo, hi = stats.score_ci
    elo_lo, elo_hi = stats.elo_ci
    verdict = "yes" if lo > 0.5 else "no"
    return (
        f"| {upper} vs {lower} | {stats.games} | {stats.wins} | {stats.draws} | {stats.losses} "
        f"| {stats.score:.3f} | [{lo:.3f}, {hi:.3f}] "
        f"| {stats.elo:+.0f} [{elo_lo:+.0f}, {elo_hi:+.0f}] | {verdict} |"
    )


@app.command("ladder")
@user_errors
def ladder_cmd(
    game: Annotated[str, typer.Argument(help="Game name.")],
    games: Annotated[int, typer.Option(help="Games per pair of levels.")] = 100,
    top_games: Annotated[
        int | None, typer.Option(help="Games for the top pair (default: --games).")
    ] = None,
    seed: Annotated[int, typer.Option(help="First seed.")] = 0,
    workers: WorkersOpt = 1,
    option: OptionsArg = None,
    duplicate: Annotated[bool, typer.Option(help="Duplicate deals (card games).")] = False,
    output: Annotated[Path | None, typer.Option(help="Markdown file to write.")] = None,
    hands: HandsOpt = None,
) -> None:
    """Play each level against the one below and write the table to docs/ladder-GAME.md."""
    levels = sorted(level_specs(game))
    rows = []
    for lower, upper in itertools.pairwise(levels):
        n = top_games if (top_games and upper == levels[-1]) else games
        plan = _plan(
            game, option, f"level:{upper}", f"level:{lower}", n, seed,
            hands and (top_games if (top_games and upper == levels[-1]) else hands),
            duplicate=duplicate,
        )
        result = _progress_run(plan, workers, f"level {upper} vs {lower}")
        typer.echo(f"level {upper} vs level {lower}: {result.stats.summary()}")
        rows.append(ladder_row(upper, lower, result.stats))
    command = "kibitz " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    specs = level_specs(game)
    text = "\n".join(
        [
            f"# {game}: ladder of computer levels",
            "",
            f"Made with `{command}`.",
            "",
            "| level | agent spec |",
            "|---|---|",
            *[f"| {n} | `{specs[n]}` |" for n in levels],
            "",
            f"| pair | {'hands' if hands else 'games'} | wins | draws | losses | score "
            "| 95% interval | Elo | above 50% |",
            "|---|---|---|---|---|---|---|---|---|",
            *rows,
            "",
        ]
    )
    path = output or Path("docs") / f"ladder-{game}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    typer.echo(f"wrote {path}")
