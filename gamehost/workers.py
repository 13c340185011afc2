"""Drawing boards off the event loop.

Pillow holds the GIL while it draws, so a thread would still stall the event loop; board
PNGs are drawn in a small pool of worker processes instead (``gamehost.render_pool``). Jobs
are a module-level function and plain (picklable) arguments: engine views, names, a
language. ``workers=0`` draws in a thread of this process instead (useful where processes
cannot be started).
"""
from __future__ import annotations

import asyncio
import atexit
import functools
import multiprocessing
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from gamehost.render_pool import ProcessPool

RenderJob = tuple[Callable[..., bytes], dict[str, Any]]

Pool = ThreadPoolExecutor | ProcessPool
_POOLS: dict[int, Pool] = {}
_IN_FLIGHT: dict[int, int] = {}  # pool size -> jobs submitted and not finished
THREADS = 2  # drawing threads when there are no worker processes
PRELOAD = ["PIL.Image", "PIL.ImageDraw", "render.common"]  # shared by every game's drawings


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


def _pool(workers: int) -> Pool:
    """One pool per process and size, shared by every bot instance (tests start many)."""
    pool = _POOLS.get(workers)
    if pool is not None and not _pool_alive(pool):
        # a worker died (killed, out of memory): the pool refuses every job from then on, so
        # the next board gets a new one (/healthz reports the dead pool until then)
        _shut(pool)
        pool = None
    if pool is None:
        if workers <= 0:
            pool = ThreadPoolExecutor(THREADS, thread_name_prefix="render")
        else:
            # forkserver: workers are forked from a clean server process, never from this
            # multi-threaded one (aiosqlite and executor threads would be copied mid-flight).
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            pool = ProcessPool(workers, context)
        _POOLS[workers] = pool
    return pool


class Renderer:
    """``workers``: worker processes; 0 or None draws in a thread pool of this process.

    ``bot.py main()`` (the real bot) uses one process per core; embedded uses (tests, the
    playground, SimCord) default to threads, where drawing still leaves the event loop free
    between Pillow calls (the GIL is handed over every few milliseconds)."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or 0

    def start(self, job: RenderJob) -> "asyncio.Future[Any]":
        """Submit ``job`` now (not when some task first runs) and return its future: a
        failure to submit (a dead pool) is in the future, like a failure to draw."""
        function, kwargs = job
        loop = asyncio.get_running_loop()
        try:
            pool = _pool(self.workers)
            if isinstance(pool, ProcessPool):
                future: asyncio.Future[Any] = asyncio.wrap_future(pool.submit(function, kwargs), loop=loop)
            else:
                future = loop.run_in_executor(pool, functools.partial(function, **kwargs))
        except Exception as error:
            future = loop.create_future()
            future.set_exception(error)
            return future
        workers = self.workers
        _IN_FLIGHT[workers] = _IN_FLIGHT.get(workers, 0) + 1
        future.add_done_callback(lambda _: _IN_FLIGHT.__setitem__(workers, _IN_FLIGHT[workers] - 1))
        return future

    async def run(self, job: RenderJob) -> Any:
        return await self.start(job)

    def queued(self) -> int:
        """Boards waiting for a free worker (submitted beyond what the workers are drawing)."""
        return max(0, _IN_FLIGHT.get(self.workers, 0) - self.slots())

    def slots(self) -> int:
        return self.workers if self.workers > 0 else THREADS

    def alive(self) -> bool:
        """Whether the render workers can draw: no worker process died (a pool not started
        yet is alive; it starts with the first board)."""
        pool = _POOLS.get(self.workers)
        return pool is None or _pool_alive(pool)

    def warm(self) -> None:
        """Start the worker processes now rather than on the first board."""
        pool = _pool(self.workers)
        if isinstance(pool, ProcessPool):
            for future in [pool.submit(os.getpid, {}) for _ in range(self.workers)]:
                future.result()


def _pool_alive(pool: Pool) -> bool:
    # a worker's reader thread marks its pool broken as soon as the worker's pipe ends
    # (Process.is_alive() would ask too, but it polls with a zero timeout on
    # time.monotonic, which never passes under SimCord's still clock)
    if isinstance(pool, ProcessPool):
        return not (pool.broken or pool.shut)
    return not getattr(pool, "_shutdown", False)


def _shut(pool: Pool) -> None:
    if isinstance(pool, ProcessPool):
        pool.shutdown()
    else:
        pool.shutdown(wait=False, cancel_futures=True)


@atexit.register
def _shutdown() -> None:
    for pool in _POOLS.values():
        _shut(pool)
    _POOLS.clear()
