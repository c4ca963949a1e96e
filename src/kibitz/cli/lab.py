"""Lab commands: ``kibitz match`` between two agents, ``kibitz tournament`` among several
and ``kibitz ladder`` of levels."""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from kibitz.ai.specs import make_agent, parse_spec
from kibitz.cli.common import OptionsArg, app, fail, make_game, user_errors
from kibitz.core.game import Game
from kibitz.core.options import parse_option_text
from kibitz.core.registry import load as load_game
from kibitz.lab.match import (
    MatchPlan,
    MatchResult,
    SoloResult,
    deal_verdicts,
    result_json,
    run_match,
    run_solo,
)
from kibitz.lab.pages import text_table
from kibitz.lab.pool import Backend
from kibitz.lab.standings import (
    cross_table,
    describe,
    standings_table,
    tournament_json,
    write_tournament_report,
)
from kibitz.lab.stats import MatchStats, ScoreStats, elo_text, interval_text, wilson
from kibitz.lab.store import ResultStore
from kibitz.lab.tournament import TournamentPlan, pending, run_tournament, tournament_jobs

WorkersOpt = Annotated[int, typer.Option(help="Worker processes (or Ray CPUs).")]
BackendOpt = Annotated[
    str, typer.Option("--backend", help="Where games run: local (processes) or ray.")
]
AddressOpt = Annotated[
    str | None,
    typer.Option("--address", help="Ray cluster address (default: a local Ray started here)."),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(help="First seed (default 0; 1 in one-player games, whose deals start at 1)."),
]
OpeningOpt = Annotated[
    int | None,
    typer.Option(help="Random opening plies before the agents play (default: the game's)."),
]
DuplicateOpt = Annotated[bool, typer.Option(help="Play each deal twice, seats swapped.")]
RecordsOpt = Annotated[Path | None, typer.Option(help="Save every game's record here.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
OTHER_OUT = "another --out folder"
"""What a study or tournament is given to start afresh beside results of other settings."""
HandsOpt = Annotated[
    int | None,
    typer.Option(help="Count the match in hands (Rook): each game is one deal played out."),
]


def _progress_run(
    plan: MatchPlan, workers: int | Backend, label: str, spec: str | None = None
) -> MatchResult | list[SoloResult]:
    """Run a match (or, given ``spec``, that agent alone on every deal) with a progress bar."""
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task(label, total=plan.games)
        if spec is not None:
            return run_solo(plan, spec, workers, lambda _r: bar.advance(task))
        return run_match(plan, workers, lambda _r: bar.advance(task))


def _plan(
    game: str,
    option: list[str] | None,
    a: str,
    b: str,
    games: int,
    seed: int | None,
    hands: int | None = None,
    opening: int | None = None,
    also: Sequence[str] = (),
    **kw,
) -> MatchPlan:
    """The match of ``a`` against ``b`` with every setting checked (``also``: more specs to
    check, a tournament's other entrants)."""
    if hands is not None:
        g = make_game(game, option)
        if "max_hands" not in {f.name for f in dataclasses.fields(g.options)}:
            fail(f"--hands counts hands of games with a max_hands option; {game} has none")
        option, games, kw["unit"] = [*(option or []), "max_hands=1"], hands, "hands"
    g = make_game(game, option)
    if games < 1:
        fail(f"--{kw.get('unit', 'games')} must be at least 1, got {games}")
    if g.num_players == 1 and kw.get("duplicate"):
        fail(f"--duplicate is for games of two sides; {game} already gives every deal to both")
    if seed is None:
        seed = 1 if g.num_players == 1 else 0
    for spec in (a, b, *also):
        make_agent(parse_spec(spec), g)
    given = parse_option_text(g.options_class, option or [])
    options = {**type(g).match_defaults, **given}
    load_game(game, **options)
    if opening is None:
        opening = type(g).match_opening_plies
    if opening < 0:
        fail(f"--opening must be 0 or more, got {opening}")
    return MatchPlan(game, options, a, b, games, seed, opening=opening, **kw)


@app.command("match")
@user_errors
def match_cmd(
    game: Annotated[str, typer.Argument(help="Game name.")],
    a: Annotated[str, typer.Argument(help="Agent spec of side A, e.g. level:3.")],
    b: Annotated[str, typer.Argument(help="Agent spec of side B, e.g. random.")],
    games: Annotated[int, typer.Option(help="Number of games.")] = 100,
    seed: SeedOpt = None,
    workers: WorkersOpt = 1,
    option: OptionsArg = None,
    duplicate: DuplicateOpt = False,
    records: RecordsOpt = None,
    json_out: JsonOpt = False,
    hands: HandsOpt = None,
    opening: OpeningOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Play A against B; print wins, draws, losses, score and Elo with 95% intervals.

    In a one-player game each deal is played by A and by B: A wins it when only A wins it.
    """
    plan = _plan(
        game, option, a, b, games, seed, hands, opening, duplicate=duplicate,
        records=str(records) if records else None,
    )
    result = _progress_run(plan, Backend(backend, workers, address), f"{a} vs {b}")
    if json_out:
        typer.echo(result_json(result))
    else:
        typer.echo(f"{game}: {a} vs {b}")
        typer.echo(result.stats.summary(result.plan.unit))
        for line in result.score_stats.summary_lines():
            typer.echo(line)


@app.command("tournament")
@user_errors
def tournament_cmd(
    game: Annotated[str, typer.Argument(help="Game name.")],
    entrants: Annotated[
        list[str] | None, typer.Argument(help="Two or more agent specs (with --levels, any).")
    ] = None,
    levels: Annotated[
        bool, typer.Option(help="Enter every computer level of the game too (level:1 ...).")
    ] = False,
    games: Annotated[int, typer.Option(help="Games of each pairing.")] = 100,
    gauntlet: Annotated[
        bool, typer.Option(help="Pair the first entrant with each other, not all with all.")
    ] = False,
    anchor: Annotated[
        str | None, typer.Option(help="The entrant rated 0 (default: the entrants' mean).")
    ] = None,
    seed: SeedOpt = None,
    workers: WorkersOpt = 1,
    option: OptionsArg = None,
    duplicate: DuplicateOpt = False,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder for report.md, report.html, plots and results.sqlite."),
    ] = None,
    records: RecordsOpt = None,
    json_out: JsonOpt = False,
    hands: HandsOpt = None,
    opening: OpeningOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Play every pairing of two or more agents; print standings with Elo ratings and 95%
    intervals, and a cross table.

    Each pairing is the match `kibitz match` plays between its two specs, every pairing on
    the same seeds. The ratings fit every game at once. With --out, each game is kept in
    OUT/results.sqlite as it ends, so the same command resumes, and more games or another
    entrant play only what is missing; the report (report.md, report.html, plots) goes there
    too."""
    entrants = list(entrants or [])
    if levels:
        entrants += [f"level:{n}" for n in sorted(make_game(game, option).ai().levels)
                     if f"level:{n}" not in entrants]  # fmt: skip
    if len(entrants) < 2:
        fail(f"a tournament needs at least two entrants, got {len(entrants)}")
    if anchor is not None and anchor not in entrants:
        fail(f"--anchor {anchor!r} is not an entrant; the entrants: {', '.join(entrants)}")
    match = _plan(
        game, option, entrants[0], entrants[1], games, seed, hands, opening,
        also=entrants[2:], duplicate=duplicate, records=str(records) if records else None,
    )
    plan = TournamentPlan(tuple(entrants), match, "gauntlet" if gauntlet else "round-robin")
    where = Backend(backend, workers, address)
    at = entrants.index(anchor) if anchor is not None else None
    label = f"{game} tournament"
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with contextlib.ExitStack() as stack:
        store = None
        if out is not None:
            store = stack.enter_context(
                ResultStore(out / "results.sqlite", "tournament", plan.settings(), OTHER_OUT))
        todo = pending(plan, store) if store else len(tournament_jobs(plan))
        bar = stack.enter_context(
            Progress(*columns, transient=True, disable=not sys.stderr.isatty()))
        task = bar.add_task(label, total=todo)
        result = run_tournament(plan, where, store, lambda _r: bar.advance(task), at)
        if store is not None:
            noun = "deals" if plan.solo else match.unit
            typer.echo(store.resumed(todo, len(tournament_jobs(plan)) - todo, noun), err=True)
    if out is not None:
        command = "kibitz " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        paths = write_tournament_report(result, out, command)
    if json_out:
        typer.echo(json.dumps(tournament_json(result)))
    else:
        typer.echo(describe(result))
        for title, head, rows in (standings_table(result), cross_table(result)):
            typer.echo(f"\n{title}\n{text_table(head, rows)}")
    if out is not None:
        typer.echo(f"wrote {paths[0]} and {paths[1]}", err=json_out)


def ladder_row(upper: int, lower: int, stats: MatchStats) -> str:
    """One markdown table row of a ladder."""
    lo, hi = stats.score_ci
    elo_lo, elo_hi = stats.elo_ci
    verdict = "yes" if lo > 0.5 else "no"
    return (
        f"| {upper} vs {lower} | {stats.games} | {stats.wins} | {stats.draws} | {stats.losses} "
        f"| {stats.score:.3f} | [{lo:.3f}, {hi:.3f}] "
        f"| {elo_text(stats.elo)} [{elo_text(elo_lo)}, {elo_text(elo_hi)}] | {verdict} |"
    )


@app.command("ladder")
@user_errors
def ladder_cmd(
    game: Annotated[str, typer.Argument(help="Game name.")],
    games: Annotated[int, typer.Option(help="Games per pair of levels.")] = 100,
    top_games: Annotated[
        int | None, typer.Option(help="Games for the top pair (default: --games).")
    ] = None,
    seed: SeedOpt = None,
    workers: WorkersOpt = 1,
    option: OptionsArg = None,
    duplicate: DuplicateOpt = False,
    output: Annotated[Path | None, typer.Option(help="Markdown file to write.")] = None,
    hands: HandsOpt = None,
    opening: OpeningOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Play each level against the one below and write the table to docs/ladder-GAME.md.

    In a one-player game each level plays deals 1..N instead, and the table gives the share
    of deals each level wins."""
    where = Backend(backend, workers, address)
    g = make_game(game, option)
    specs = dict(g.ai().levels)
    if not specs:
        fail(f"{g.name} has no computer levels")
    levels = sorted(specs)
    if g.num_players == 1:
        if duplicate or hands or top_games:
            fail(f"{game} is a one-player game: its ladder takes no --duplicate, --hands or "
                 "--top-games (every level plays the same deals)")
        text = solo_ladder(g, option, games, seed, where)
        _write_ladder(game, output, text)
        return
    rows: list[str] = []
    board_rows: list[str] = []
    point_rows: list[str] = []
    for lower, upper in itertools.pairwise(levels):
        n = top_games if (top_games and upper == levels[-1]) else games
        plan = _plan(
            game, option, f"level:{upper}", f"level:{lower}", n, seed,
            hands and (top_games if (top_games and upper == levels[-1]) else hands),
            opening, duplicate=duplicate,
        )
        result = _progress_run(plan, where, f"level {upper} vs {lower}")
        typer.echo(f"level {upper} vs level {lower}: {result.stats.summary(plan.unit)}")
        rows.append(ladder_row(upper, lower, result.stats))
        scores = result.score_stats
        if scores.boards is not None:
            board_rows.append(ladder_row(upper, lower, scores.boards))
        if scores.margin is not None:
            point_rows.append(points_row(upper, lower, scores))
    unit = "hands" if hands else "games"
    head = "| wins | draws | losses | score | 95% interval | Elo | above 50% |"
    text = "\n".join(
        [
            *_ladder_head(game),
            "| level | agent spec |",
            "|---|---|",
            *[f"| {n} | `{specs[n]}` |" for n in levels],
            "",
            f"| pair | {unit} {head}",
            "|---|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            *(
                [
                    f"Duplicate boards: the two {unit} of a deal (seats swapped) are one board,",
                    "won by the level whose two results on it sum to more points.",
                    "",
                    f"| pair | boards {head}",
                    "|---|---|---|---|---|---|---|---|---|",
                    *board_rows,
                    "",
                ]
                if board_rows
                else []
            ),
            *(
                [
                    f"| pair | points per {unit[:-1]}, upper minus lower | 95% interval "
                    "| contracts made, upper | contracts made, lower |",
                    "|---|---|---|---|---|",
                    *point_rows,
                    "",
                ]
                if point_rows
                else []
            ),
        ]
    )
    _write_ladder(game, output, text)


def points_row(upper: int, lower: int, scores: ScoreStats) -> str:
    """One markdown row of a ladder's score figures: the margin and both made rates."""
    ci = interval_text(scores.margin_ci, "{:+.1f}")
    made = ["", ""]
    for i, c in enumerate(scores.contracts or ()):
        made[i] = f"{c.made} of {c.declared}" + (f" ({c.made_rate:.3f})" if c.declared else "")
    return (
        f"| {upper} vs {lower} | {scores.margin:+.1f} | {ci} | {made[0]} | {made[1]} |"
    )


def _ladder_head(game: str) -> list[str]:
    """The title and the command that made the ladder."""
    command = "kibitz " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    return [f"# {game}: ladder of computer levels", "", f"Made with `{command}`.", ""]


def _write_ladder(game: str, output: Path | None, text: str) -> None:
    path = output or Path("docs") / f"ladder-{game}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    typer.echo(f"wrote {path}")


def solo_ladder(
    game: Game, option: list[str] | None, games: int, seed: int | None, workers: int | Backend
) -> str:
    """A one-player ladder: every level plays the same deals; win rates with Wilson intervals.

    Each level is also compared deal by deal with the one below, and, where the game has an
    exact solver (``assistant().solve``), with the deals that can be won at all.
    """
    specs = dict(game.ai().levels)
    levels = sorted(specs)
    top = f"level:{levels[-1]}"
    plan = _plan(game.name, option, top, top, games, seed)
    runs: dict[int, list[SoloResult]] = {}
    for n in levels:
        runs[n] = _progress_run(plan, workers, f"level {n}", specs[n])  # type: ignore[assignment]
        wins = sum(r.won for r in runs[n])
        typer.echo(f"level {n}: {wins}/{games} won")
    verdicts = deal_verdicts(plan, workers)
    winnable = [i for i, v in enumerate(verdicts) if v]
    known = sum(v is not None for v in verdicts)
    first, last = plan.seed, plan.seed + games - 1
    lines = [
        *_ladder_head(game.name),
        f"Every level plays deals {first}..{last} (a game that brings a position back a third "
        "time counts as lost). *Only this / only below*: deals this level wins and the level "
        "below loses, and the other way round.",
        "",
        "| level | agent spec | deals | won | win rate | 95% Wilson interval "
        "| only this / only below |",
        "|---|---|---|---|---|---|---|",
    ]
    for n in levels:
        won = [r.won for r in runs[n]]
        lo, hi = wilson(sum(won), games)
        below = runs.get(n - 1)
        vs = "" if below is None else (
            f"{sum(w and not b.won for w, b in zip(won, below, strict=True))} / "
            f"{sum(b.won and not w for w, b in zip(won, below, strict=True))}"
        )
        lines.append(
            f"| {n} | `{specs[n]}` | {games} | {sum(won)} | {sum(won) / games:.2%} "
            f"| [{lo:.2%}, {hi:.2%}] | {vs} |"
        )
    if known:
        lines += [
            "",
            f"Exact verdicts (the game's solver): {len(winnable)} of the {games} deals can be won, "
            f"{known - len(winnable)} cannot, {games - known} unknown.",
            "",
            "| level | winnable deals won | winnable deals lost | deals won not proven winnable |",
            "|---|---|---|---|",
        ]
        for n in levels:
            lost = [runs[n][i].deal for i in winnable if not runs[n][i].won]
            odd = sum(r.won and not verdicts[r.index] for r in runs[n])
            shown = ", ".join(map(str, lost[:10])) + (" ..." if len(lost) > 10 else "")
            lines.append(
                f"| {n} | {len(winnable) - len(lost)} of {len(winnable)} "
                f"| {len(lost)}{f' ({shown})' if lost else ''} | {odd} |"
            )
    return "\n".join([*lines, ""])
