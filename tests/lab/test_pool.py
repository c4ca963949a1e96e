"""The lab's local process pool: results in order where asked, a job's error or a dead
worker raised, and Ctrl-C stopping the workers at once instead of waiting for every game to
end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from kibitz.lab.pool import run_all, run_ordered
from processes import HAS_PROC, descendants, still_running


def _late(i: int) -> int:
    """``i``, the earlier jobs finishing later."""
    time.sleep(0.05 * (4 - i))
    return i


def _fails(i: int) -> int:
    if i == 2:
        raise ValueError(f"job {i} failed")
    return i


def _dies(i: int) -> int:
    if i == 1:
        os._exit(3)  # as a worker killed for memory or crashed would
    time.sleep(0.1)
    return i


def test_a_worker_that_dies_is_an_error_not_a_wait_without_end() -> None:
    with pytest.raises(BrokenProcessPool):
        run_all(_dies, [(i,) for i in range(4)], 2)
    with pytest.raises(BrokenProcessPool):
        list(run_ordered(_dies, [(i,) for i in range(4)], 2))


def test_results_come_in_the_jobs_order_whichever_finishes_first() -> None:
    assert list(run_ordered(_late, [(i,) for i in range(5)], 3)) == [0, 1, 2, 3, 4]
    assert list(run_ordered(_late, [(4,), (3,)], 1)) == [4, 3]


def test_every_job_is_run_once_and_each_result_reported() -> None:
    seen: list[int] = []
    out = run_all(_late, [(i,) for i in range(5)], 2, seen.append)
    assert sorted(out) == [0, 1, 2, 3, 4] and seen == out


def test_a_jobs_error_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="job 2 failed"):
        run_all(_fails, [(i,) for i in range(4)], 2)
    with pytest.raises(ValueError, match="job 2 failed"):
        list(run_ordered(_fails, [(i,) for i in range(4)], 2))


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_ctrl_c_stops_a_match_and_its_workers(tmp_path: Path) -> None:
    """A long match in two processes, interrupted as a terminal does (SIGINT to the whole
    process group): the command says so and ends, its workers with it, though the games
    they were playing would have run for minutes."""
    match = subprocess.Popen(
        [sys.executable, "-m", "kibitz", "match", "smess", "level:4", "level:4",
         "--games", "40", "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        for _ in range(300):  # the workers are started
            if len(descendants(match.pid)) >= 2 or match.poll() is not None:
                break
            time.sleep(0.1)
        workers = descendants(match.pid)
        assert len(workers) >= 2, match.communicate()
        time.sleep(1)  # within the first games
        os.killpg(match.pid, signal.SIGINT)
        _, err = match.communicate(timeout=60)
    finally:
        if match.poll() is None:
            os.killpg(match.pid, signal.SIGKILL)
    assert match.returncode == 130 and "interrupted" in err
    assert not still_running(workers)
