"""The layers hold: import-linter's contracts (pyproject.toml), and no probing or game names
in the agents and front ends (they know games only through kibitz.core's declarations)."""

import ast
import shutil
import subprocess
from pathlib import Path

import pytest

import kibitz

ROOT = Path(__file__).resolve().parents[1]
FRONT = [
    ROOT / "src" / "kibitz" / part
    for part in ("ai", "lab", "server", "cli", "tui", "interop")
]
SOURCES = sorted(path for folder in FRONT for path in folder.rglob("*.py"))
GAME_NAMES = set(kibitz.games())


def test_import_contracts_are_kept():
    command = shutil.which("lint-imports")
    assert command is not None, "lint-imports is missing: pip install -e '.[dev]'"
    proc = subprocess.run(
        [command, "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True, text=True
    )
    if proc.returncode != 0:
        pytest.fail(f"import contracts broken:\n{proc.stdout}{proc.stderr}")


def probes_and_names(source: str, label: str) -> list[str]:
    """``hasattr`` calls, three-argument ``getattr`` calls and string constants that are a
    game's name in ``source``, each as ``LABEL:LINE what``."""
    found = []
    for node in ast.walk(ast.parse(source, label)):
        where = f"{label}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name, arity = node.func.id, len(node.args)
            if name == "hasattr" or (name == "getattr" and arity == 3):
                found.append(f"{where} {name}(")
        elif isinstance(node, ast.Constant) and str(node.value).strip().lower() in GAME_NAMES:
            found.append(f"{where} game name {node.value!r}")
    return found


def test_the_checker_sees_probes_and_game_names():
    sample = 'if hasattr(g, "x") or name in ("Rook",):\n    y = getattr(g, "z", 0)\n'
    found = probes_and_names(sample, "sample.py")
    assert sorted(found) == [
        "sample.py:1 game name 'Rook'", "sample.py:1 hasattr(", "sample.py:2 getattr(",
    ]


def test_front_ends_and_agents_neither_probe_games_nor_name_them():
    assert SOURCES, "no sources found"
    found = [
        f
        for path in SOURCES
        for f in probes_and_names(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "\n".join(found)
