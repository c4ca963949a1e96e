"""``kibitz study FILE.toml``: play every variant of a study and write its report."""

from __future__ import annotations

import dataclasses
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from kibitz.cli.common import app, fail, user_errors
from kibitz.cli.lab import OTHER_OUT, AddressOpt, BackendOpt, WorkersOpt
from kibitz.lab.pool import Backend
from kibitz.lab.report import write_report
from kibitz.lab.store import ResultStore
from kibitz.lab.study import load_study, run_study, study_results


@app.command("study")
@user_errors
def study_cmd(
    file: Annotated[Path, typer.Argument(help="Study file (TOML), e.g. studies/smess.toml.")],
    out: Annotated[
        Path | None, typer.Option(help="Report folder (default: next to the file, its name).")
    ] = None,
    workers: WorkersOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    games: Annotated[int | None, typer.Option(help="Games per variant (default: the file's).")]
    = None,
    report_only: Annotated[
        bool, typer.Option("--report-only", help="Rebuild the report from stored results.")
    ] = False,
) -> None:
    """Play every variant of a study and write OUT/report.md and OUT/report.html with plots.

    Results are kept in OUT/results.sqlite as each game ends, so a rerun resumes."""
    study = load_study(file)
    if games is not None:
        if games < 1:
            fail(f"--games must be at least 1, got {games}")
        study = dataclasses.replace(study, games=games)
    where = Backend(backend, workers, address)
    folder = out or file.with_suffix("")
    stored = folder / "results.sqlite"
    empty = f"{stored} holds no results of this study yet: run it without --report-only first"
    if report_only and not stored.is_file():
        fail(empty)  # before the store would make the folder and the file
    with ResultStore(stored, "study", study.settings(), OTHER_OUT, report_only) as store:
        if report_only:
            results = study_results(study, store)
            if not results:
                fail(empty)
        else:
            total = len(study.variants) * study.games
            columns = (TextColumn(study.title), BarColumn(), MofNCompleteColumn(),
                       TimeElapsedColumn())  # fmt: skip
            with Progress(*columns, transient=True, disable=not sys.stderr.isatty()) as bar:
                done = len(study_results(study, store))
                task = bar.add_task(study.title, total=total, completed=done)
                results = run_study(study, store, where, lambda _r: bar.advance(task))
            typer.echo(store.resumed(len(results) - done, done), err=True)
    command = "kibitz " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    md, page = write_report(study, results, folder, command)
    typer.echo(f"{len(results)} games; wrote {md} and {page}")
