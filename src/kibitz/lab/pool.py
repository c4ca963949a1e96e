"""Running the lab's independent jobs (games, deals) in worker processes."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any


def run_all(
    func: Callable[..., Any], jobs: list[tuple], workers: int, progress: Callable | None = None
) -> list:
    """``func(*job)`` for every job, in ``workers`` processes; results in completion order.

    ``progress(result)`` is called as each job finishes.
    """
    out = []
    if workers <= 1:
        for job in jobs:
            out.append(func(*job))
            if progress:
                progress(out[-1])
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for fut in as_completed([pool.submit(func, *job) for job in jobs]):
            out.append(fut.result())
            if progress:
                progress(out[-1])
    return out
