"""``Game.warm`` readies a game's compiled cores in a new process before its first search."""

import json
import subprocess
import sys

import pytest

CORES = {
    "smess": ("kibitz.games.smess.fast", ["search_depth"]),
    "cardmate": ("kibitz.games.cardmate.fast", ["search_depth"]),
    "rook": ("kibitz.games.rook.fast", ["playout", "card_values", "deal_group", "best_trump"]),
    "fortress": ("kibitz.games.fortress.fast", ["run"]),
    "chessboard": ("kibitz.games.fortress.fast", ["run"]),
}

SCRIPT = """
import importlib, json, sys
from kibitz.core.registry import load
name, module, functions = sys.argv[1], sys.argv[2], sys.argv[3:]
core = importlib.import_module(module)
before = [len(getattr(core, f).signatures) for f in functions]
load(name).warm()
after = [len(getattr(core, f).signatures) for f in functions]
print(json.dumps([before, after]))
"""


@pytest.mark.parametrize("name", sorted(CORES))
def test_warm_compiles_or_loads_the_cores_a_level_uses(name: str) -> None:
    module, functions = CORES[name]
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, name, module, *functions],
        capture_output=True, text=True, check=True, timeout=300,
    ).stdout
    before, after = json.loads(out)
    assert before == [0] * len(functions)  # nothing compiled or loaded at import
    assert all(n >= 1 for n in after)

