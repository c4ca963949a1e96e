"""Work done off the event loop: computer moves and solver questions, in a worker pool.

Jobs carry only text (game name, options, serialized state), so they run the same in a
process pool (the default: a thinking agent never slows other tables) or a thread pool.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache
from typing import Any

from kibitz.ai import make_agent
from kibitz.core.game import Game
from kibitz.core.registry import load


@cache
def _game(name: str, options_json: str) -> Game:
    import json

    return load(name, **json.loads(options_json))


def choose_action(
    name: str, options_json: str, state_text: str, spec: str, seed: int, seat: int
) -> int:
    """The action the agent ``spec`` (seeded) chooses for ``seat`` in the serialized state."""
    game = _game(name, options_json)
    state = game.deserialize(state_text)
    return make_agent(spec, game, seed).choose(state, seat)


def patience_hint(name: str, options_json: str, state_text: str) -> dict[str, Any]:
    """A Fortress/Chessboard hint for the serialized state."""
    from kibitz.games.fortress.analysis import hint

    state = _game(name, options_json).deserialize(state_text)
    h = hint(state)  # type: ignore[arg-type]
    return {
        "kind": h.kind, "message": h.message, "action": h.action, "line": list(h.line),
        "last_winnable_ply": h.last_winnable_ply,
    }


def patience_winnable(name: str, options_json: str, state_text: str) -> str:
    """The answer to "is this position still winnable?"."""
    from kibitz.games.fortress.analysis import winnable

    state = _game(name, options_json).deserialize(state_text)
    return winnable(state)[0]  # type: ignore[arg-type]


def winnable_deal(name: str, options_json: str, seed: int) -> int:
    """A deal number the solver proves winnable, drawn from ``seed``."""
    from kibitz.core.rng import Rng
    from kibitz.games.fortress.analysis import choose_winnable_deal

    game = _game(name, options_json)
    return choose_winnable_deal(game, Rng(seed), node_limit=100_000)[0]  # type: ignore[arg-type]


def make_pool(kind: str = "process", workers: int | None = None) -> Executor:
    """A process pool (forkserver, safe beside the server's threads) or a thread pool."""
    n = workers or max(1, min(4, (os.cpu_count() or 2) - 1))
    if kind == "thread":
        return ThreadPoolExecutor(n, thread_name_prefix="kibitz-worker")
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(n, mp_context=multiprocessing.get_context(method))
