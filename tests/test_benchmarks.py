"""Every benchmark runs and prints its figures: each script (and every entry of
``search.py``) on a small workload, so that a change that breaks a benchmark shows here."""

import re
import subprocess
import sys
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"
RUNS = [
    ("search.py", ["mcts-tchess"], r"[\d,]+ simulations/s"),
    ("search.py", ["alphabeta-smess"], r"smess alphabeta: [\d,]+ nodes/s"),
    ("search.py", ["fast-smess"], r"python alphabeta [\d,]+ nodes/s in the same run: [\d.]+x"),
    ("search.py", ["alphabeta-cardmate"], r"cardmate alphabeta: [\d,]+ nodes/s"),
    ("search.py", ["fast-cardmate"], r"in the same run: [\d.]+x"),
    ("search.py", ["rookbot"],
     r"(?s)pimc card play, compiled .*: [\d,]+ simulations/s.*drawn positions .*: [\d,]+ draws/s"),
    ("search.py", ["solver-patience"], r"chessboard solver \(fast\): [\d,.]+ deals/s"),
    ("perft.py", ["smess"], r"[\d.]+ games/s"),
    ("rook.py", ["crowsnest"], r"random: +[\d,]+ hands/s"),
    ("tchess.py", ["40"], r"[\d,]+ pairs/s"),
    ("web_latency.py", [], r"p95 latency: [\d.]+ ms"),
    ("web_load.py", ["--tables", "2", "--seconds", "1", "--warmup", "0"], r"errors: 0"),
    ("levels.py", ["smess", "--positions", "2"], r"level 4 .* p50 +[\d.]+ s"),
    ("analysis.py", ["rook", "--moves", "6"], r"6 moves +[\d.]+ s \(first [\d.]+ s\) +\d+ marked"),
    ("analysis_marks.py",
     ["tchess", "--games", "1", "--samples", "1", "--players", "level:1",
      "--spec", "ismcts:iterations=20,rollout_depth=1"],
     r"analysed by ismcts:iterations=20.*\nsamples +1: marked \d+ and \d+, in both \d+, "
     r"overlap [\d.]+"),
    ("rook_ceiling.py", ["--deals", "1", "--workers", "1"], r"points a hand [+-][\d.]+"),
    ("solver.py", ["--deals", "3"], r"fortress +deals 1-3: +[\d.]+ deals/s"),
]
"""(script, arguments, a figure its output must hold)."""


def test_every_benchmark_is_run_here() -> None:
    spec = spec_from_file_location("search_bench", BENCH / "search.py")
    assert spec is not None and spec.loader is not None
    search = module_from_spec(spec)
    spec.loader.exec_module(search)
    assert {name for name, _, _ in RUNS} == {path.name for path in BENCH.glob("*.py")}
    assert {args[0] for name, args, _ in RUNS if name == "search.py"} == set(search.BENCHES)


@pytest.mark.parametrize(
    ("script", "args", "figure"), RUNS, ids=[" ".join([s, *a]) for s, a, _ in RUNS]
)
def test_benchmark_prints_its_figures(script: str, args: list[str], figure: str) -> None:
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, f"{script} {args} failed:\n{proc.stdout}{proc.stderr}"
    assert re.search(figure, proc.stdout), f"no {figure!r} in:\n{proc.stdout}"
