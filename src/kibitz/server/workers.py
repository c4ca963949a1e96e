"""Work done off the event loop: computer moves and the game's assistant, in a worker pool.

Jobs carry only JSON-able data (game name, options, serialized state or saved session), so
they run the same in a process pool (the default: a thinking agent never slows other
tables) or a thread pool. They know games only through ``kibitz.core`` and ``make_agent``.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache
from typing import Any

from kibitz.ai import make_agent
from kibitz.core.capabilities import Assistant
from kibitz.core.errors import IllegalAction
from kibitz.core.game import Game
from kibitz.core.registry import game_classes, load
from kibitz.core.rng import Rng
from kibitz.core.session import Session
from kibitz.lab.pool import ignore_interrupts


@cache
def _game(name: str, options_json: str) -> Game:
    return load(name, **json.loads(options_json))


def _assistant(game: Game) -> Assistant:
    assistant = game.assistant()
    if assistant is None:
        raise IllegalAction(f"{game.name} offers no solver")
    return assistant


def choose_action(
    name: str, options_json: str, state_text: str, spec: str, seed: int, seat: int
) -> int:
    """The action the agent ``spec`` (seeded) chooses for ``seat`` in the serialized state."""
    game = _game(name, options_json)
    state = game.deserialize(state_text)
    return make_agent(spec, game, seed).choose(state, seat)


def hint(
    name: str, options_json: str, start: tuple[int | None, str | None, int],
    actions: list[int], saved: dict[str, Any],
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hint of the session ``Session.restore`` rebuilds from ``start`` (seed, position,
    chance seed), ``actions`` and ``saved``; with the session's new saved data (the hint
    counted, a proven line kept so that following it needs no new search)."""
    seed, position, chance_seed = start
    session = Session.restore(_game(name, options_json), seed, position, chance_seed,
                              actions, saved)
    return session.hint().to_json(), session.save()


def winnable(name: str, options_json: str, state_text: str) -> dict[str, str]:
    """The game assistant's answer to "is this position still winnable?": its verdict
    (``win``, ``loss``, ``unknown``) and the words for it."""
    game = _game(name, options_json)
    verdict = _assistant(game).winnable(game.deserialize(state_text))
    return {"verdict": verdict.verdict, "answer": verdict.answer}


def winnable_deal(name: str, options_json: str, seed: int) -> int:
    """A deal seed the game's assistant proves winnable, drawn from ``seed``."""
    game = _game(name, options_json)
    return _assistant(game).winnable_deal(game, Rng(seed))


def warm(cores: bool = True) -> int:
    """Import every game and its computer players in this worker and, with ``cores``,
    compile or load their compiled cores (``Game.warm``), so that the first real job after
    start-up waits for neither; the number of games."""
    classes = game_classes()
    for name in classes:
        game = _game(name, "{}")
        game.ai()
        if cores:
            game.warm()
    return len(classes)


START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
"""How worker processes start: forkserver where there is one (safe beside the server's
threads)."""


def make_pool(kind: str = "process", workers: int | None = None, cores: bool = True) -> Executor:
    """A process pool (forkserver, safe beside the server's threads), its workers started
    and warmed (``warm``, ``cores`` or imports only) in the background at once, or a thread
    pool."""
    n = workers or max(1, min(4, (os.cpu_count() or 2) - 1))
    if kind == "thread":
        return ThreadPoolExecutor(n, thread_name_prefix="kibitz-worker")
    context = multiprocessing.get_context(START_METHOD)
    pool = ProcessPoolExecutor(n, mp_context=context, initializer=ignore_interrupts)
    for _ in range(n):
        pool.submit(warm, cores)
    return pool
