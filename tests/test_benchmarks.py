"""Every benchmark runs and prints its figures: each script (and every entry of
``search.py``) on a small workload, so that a change that breaks a benchmark shows here."""

import re
import subprocess
import sys
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path
from typing import Any

import pytest

import kibitz
from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook.agent import RookAgent, expected, sample_values

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


def load_script(name: str) -> Any:
    """The benchmark ``name`` (``benchmarks/NAME.py``) as a module, its ``main`` not run."""
    spec = spec_from_file_location(f"{name}_bench", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_benchmark_is_run_here() -> None:
    search = load_script("search")
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


def test_rook_ceiling_bot_sees_the_true_deal() -> None:
    """The ceiling's omniscient rookbot values each card by the real deal alone: every PIMC
    sample it draws is the true position, so its values are the true deal's, not a draw's."""
    ceiling = load_script("rook_ceiling")
    game = kibitz.load("rook", max_hands=1)
    state, chance = game.new_initial_state(4), Rng(4)
    players = [kibitz.ai.level(game, 3, seed=s) for s in range(4)]
    while not state.is_terminal() and len(state.p.trick) != 1:
        player = state.current_player
        if player == CHANCE:
            state.apply(chance.weighted(state.chance_outcomes()))
        else:
            state.apply(players[player].choose(state, player))
    seat, legal = state.current_player, state.legal_actions()
    assert len(legal) > 1  # a card to choose, mid-trick, with three hands hidden
    bot, plain = (RookAgent(seed=1, samples=4, exchange=2, iterations=3, play="pimc")
                  for _ in range(2))
    before = state.serialize()
    ceiling.Omniscient(bot).choose(state, seat)
    true = sample_values(state, state.p, seat, legal, 0)
    assert bot.last_values == {card: expected(v) for card, v in zip(legal, true, strict=True)}
    assert state.serialize() == before
    plain.choose(state, seat)  # the true deal is seen only within the omniscient choice
    assert plain.last_values != bot.last_values


def test_rook_ceiling_refuses_a_bad_spec_before_it_plays() -> None:
    proc = subprocess.run(
        [sys.executable, str(BENCH / "rook_ceiling.py"), "--against", "rookbot:samples=x"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 2
    assert "samples='x' is not a valid value" in proc.stderr and proc.stdout == ""
