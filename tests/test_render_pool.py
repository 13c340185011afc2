"""The render workers' pool (gamehost/render_pool.py): jobs beyond the idle workers wait in
order, a job's own error comes back as its error, a cancelled waiting job is not drawn, and a
killed worker fails what it held and marks the pool broken."""
from __future__ import annotations

import multiprocessing
import os
import signal
import time

import pytest

from gamehost.render_pool import ProcessPool, WorkerDied


def slow_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def fails() -> None:
    raise ValueError("no such board")


@pytest.fixture
def pool():
    made = ProcessPool(1, multiprocessing.get_context("forkserver"))
    yield made
    made.shutdown()


def test_jobs_beyond_the_workers_wait_and_all_come_back(pool):
    jobs = [pool.submit(slow_pid, {"seconds": 0.05}) for _ in range(4)]
    assert {job.result(timeout=30) for job in jobs} == set(pool.pids())


def test_a_jobs_error_is_its_own_and_the_pool_goes_on(pool):
    with pytest.raises(ValueError, match="no such board"):
        pool.submit(fails, {}).result(timeout=30)
    assert pool.submit(os.getpid, {}).result(timeout=30) in pool.pids() and not pool.broken


def test_a_cancelled_waiting_job_is_skipped(pool):
    busy = pool.submit(slow_pid, {"seconds": 0.3})
    waiting = pool.submit(os.getpid, {})
    after = pool.submit(os.getpid, {})
    assert waiting.cancel()
    assert busy.result(timeout=30) and after.result(timeout=30) in pool.pids()


def test_a_killed_worker_fails_its_job_and_breaks_the_pool(pool):
    held = pool.submit(slow_pid, {"seconds": 30})
    waiting = pool.submit(os.getpid, {})
    time.sleep(0.2)
    os.kill(pool.pids()[0], signal.SIGKILL)
    for job in (held, waiting):
        with pytest.raises(WorkerDied):
            job.result(timeout=30)
    assert pool.broken
    with pytest.raises(WorkerDied):
        pool.submit(os.getpid, {})
