"""Running the lab's independent jobs (games, deals): a local process pool, or Ray.

Jobs are pure functions of their arguments (every seed is in the job), so whichever backend
runs them the results are the same; only the order they finish in differs.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from kibitz.core.errors import InvalidOptions

BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class Backend:
    """Where jobs run: ``local`` (processes here) or ``ray`` (``address``: a cluster's, or
    None for a Ray started here on demand), with ``workers`` processes or Ray CPUs."""

    name: str = "local"
    workers: int = 1
    address: str | None = None

    def __post_init__(self) -> None:
        if self.name not in BACKENDS:
            raise InvalidOptions(f"backend {self.name!r}: choose one of {', '.join(BACKENDS)}")
        if self.workers < 1:
            raise InvalidOptions(f"workers must be at least 1, got {self.workers}")
        if self.address and self.name != "ray":
            raise InvalidOptions("an address is for the ray backend (--backend ray)")


def run_all(
    func: Callable[..., Any],
    jobs: list[tuple],
    workers: int | Backend,
    progress: Callable | None = None,
) -> list:
    """``func(*job)`` for every job on the backend (or in ``workers`` local processes);
    results in completion order. ``progress(result)`` is called as each job finishes. Ctrl-C
    (or an error) stops the local processes at once, mid-job."""
    backend = workers if isinstance(workers, Backend) else Backend("local", max(workers, 1))
    if backend.name == "ray":
        return _run_ray(func, jobs, backend, progress)
    if backend.workers <= 1:
        return _collect((func(*job) for job in jobs), progress)
    with _processes(backend.workers) as pool:
        futures = [pool.submit(func, *job) for job in jobs]
        return _collect((f.result() for f in as_completed(futures)), progress)


def _collect(results: Iterable[Any], progress: Callable | None) -> list:
    """The results as they come, each passed to ``progress`` (if given)."""
    out = []
    for result in results:
        out.append(result)
        if progress:
            progress(result)
    return out


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C is left to the process that started it, which
    stops its workers (no traceback from each of them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_now(pool: Executor) -> None:
    """Let a pool go without waiting: its queued jobs dropped and, for processes, its
    workers stopped at once, mid-job (a worker busy for minutes, an analysis or the start's
    compiling, would outlive a server that is told to stop)."""
    workers = []
    if isinstance(pool, ProcessPoolExecutor):  # no public way before Python 3.14
        workers = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    if workers:
        for process in workers:
            process.join()
        pool.shutdown(wait=True)  # prompt now: lets the pool free its queues' semaphores


@contextmanager
def _processes(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes. Leaving it by an error, Ctrl-C or a caller that
    stops early terminates them at once, mid-job; a worker that dies is an error
    (``BrokenProcessPool``), not a wait without end."""
    pool = ProcessPoolExecutor(workers, initializer=ignore_interrupts)
    try:
        yield pool
    except BaseException:
        stop_now(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run_ordered(func: Callable[..., Any], jobs: list[tuple], workers: int) -> Iterator[Any]:
    """``func(*job)`` for every job in ``workers`` local processes, the results yielded in
    the jobs' order, each once it and those before it are done. If the caller stops early
    (or is interrupted), the processes are stopped at once, mid-job."""
    if workers <= 1:
        yield from (func(*job) for job in jobs)
        return
    with _processes(workers) as pool:
        futures = [pool.submit(func, *job) for job in jobs]
        yield from (f.result() for f in futures)


def _ray() -> Any:
    """The ``ray`` module, or a clear error naming the extra that installs it."""
    try:
        import ray
    except ImportError as exc:
        raise InvalidOptions(
            "the ray backend needs Ray: pip install 'kibitz[ray]'"
        ) from exc
    return ray


def _run_ray(
    func: Callable[..., Any], jobs: list[tuple], backend: Backend, progress: Callable | None
) -> list:
    """The jobs as Ray tasks: on the cluster at ``backend.address``, else on a Ray started
    here (``backend.workers`` CPUs) if none is running yet."""
    ray = _ray()
    if not ray.is_initialized():
        if backend.address:
            ray.init(address=backend.address, log_to_driver=False)
        else:
            ray.init(num_cpus=backend.workers, include_dashboard=False, log_to_driver=False)
    task = ray.remote(func)
    pending = [task.remote(*job) for job in jobs]

    def finished() -> Iterator[Any]:
        nonlocal pending
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])

    return _collect(finished(), progress)
