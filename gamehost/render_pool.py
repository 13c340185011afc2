"""Worker processes for drawing, fed through one pipe each.

``concurrent.futures.ProcessPoolExecutor`` passes every job through two threads of this
process (its manager and its queue's feeder) and every result back through the manager:
four hand-overs of the GIL per board, each late by up to a switch interval when the event
loop is busy, and they slowed this process's own work (a SQLite commit made while a board
was submitted took 3 ms instead of 1). Here the submitting thread writes the job to an idle
worker's pipe itself, and one reader thread per worker waits for its answer: one hand-over
per board. Jobs beyond the idle workers wait in order; a worker that dies fails its job and
every waiting one, and marks the pool broken (``gamehost.workers`` then starts a new one).
"""
from __future__ import annotations

import collections
import pickle
import threading
from concurrent.futures import Future
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any, Callable


class WorkerDied(RuntimeError):
    """A drawing worker process ended while drawing (killed, out of memory)."""


def serve(connection: Connection) -> None:
    """A worker's loop: a pickled ``(function, kwargs)`` in, ``(ok, result or error)`` out."""
    while True:
        try:
            message = connection.recv_bytes()
        except (EOFError, OSError):
            return
        function, kwargs = pickle.loads(message)
        try:
            answer: tuple[bool, Any] = (True, function(**kwargs))
        except BaseException as error:  # the job's own failure goes back to the caller
            answer = (False, error)
        try:
            data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an unpicklable error: its words
            data = pickle.dumps((False, RuntimeError(f"{type(error).__name__}: {answer[1]!r}")))
        connection.send_bytes(data)


class _Worker:
    def __init__(self, pool: "ProcessPool", context: BaseContext):
        self.pool = pool
        self.connection, child = context.Pipe()
        self.process = context.Process(target=serve, args=(child,), daemon=True)  # type: ignore[attr-defined]
        self.process.start()
        child.close()
        self.job: Future | None = None
        self.reader = threading.Thread(target=self.read, name="render-reader", daemon=True)
        self.reader.start()

    def send(self, job: Future, message: bytes) -> None:
        self.job = job
        self.connection.send_bytes(message)

    def read(self) -> None:
        """Runs in this worker's reader thread until the worker or the pool ends."""
        while True:
            try:
                ok, result = pickle.loads(self.connection.recv_bytes())
            except (EOFError, OSError):
                self.pool.died(self)
                return
            job, self.job = self.job, None
            self.pool.finished(self)
            if job is not None and job.set_running_or_notify_cancel():
                if ok:
                    job.set_result(result)
                else:
                    job.set_exception(result)


class ProcessPool:
    """``size`` worker processes started at once from ``context``; ``submit`` is thread-safe."""

    def __init__(self, size: int, context: BaseContext):
        self._lock = threading.Lock()
        self._waiting: collections.deque[tuple[Future, bytes]] = collections.deque()
        self.broken = False
        self.shut = False
        self._idle: list[_Worker] = []
        self._workers: list[_Worker] = []
        for _ in range(size):
            worker = _Worker(self, context)
            self._workers.append(worker)
            self._idle.append(worker)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def submit(self, function: Callable[..., Any], kwargs: dict[str, Any]) -> Future:
        job: Future = Future()
        message = pickle.dumps((function, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        with self._lock:
            if self.broken or self.shut:
                raise WorkerDied("the drawing workers are gone")
            if self._idle:
                self._idle.pop().send(job, message)
            else:
                self._waiting.append((job, message))
        return job

    def finished(self, worker: _Worker) -> None:
        with self._lock:
            while self._waiting:
                job, message = self._waiting.popleft()
                if not job.cancelled():
                    worker.send(job, message)
                    return
            self._idle.append(worker)

    def died(self, worker: _Worker) -> None:
        with self._lock:
            dead = [worker.job] if worker.job is not None else []
            dead += [job for job, _ in self._waiting]
            self._waiting.clear()
            worker.job = None
            if not self.shut:
                self.broken = True
        for job in dead:
            if job.set_running_or_notify_cancel():
                job.set_exception(WorkerDied("a drawing worker ended while drawing"))

    def shutdown(self) -> None:
        with self._lock:
            self.shut = True
        for worker in self._workers:
            worker.process.terminate()  # its reader thread then reads the end of its pipe
