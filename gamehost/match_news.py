"""Other processes' commits, heard through PostgreSQL LISTEN/NOTIFY (issue 23).

Every commit of a match NOTIFYs ``match_changed`` with ``<match id>:<version>`` inside its
transaction, so the notice goes out only when the commit does (gamehost/store.py). Each
process listens on a connection of its own and drops a cached row older than the notice;
its next read takes the stored row. Its own commits come back too and change nothing (the
cached version is the same).

When the listening connection is lost (the server restarted, ``pg_terminate_backend``, a
network cut seen by the heartbeat) the notices sent meanwhile are gone: until it listens
again the process re-polls, every POLL_SECONDS, the stored versions of the matches it caches
(by primary key, in chunks), and it re-polls once right after listening again. Polling the
cached ids rather than ``updated_at`` needs no index and reads only rows that matter.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any

import asyncpg

from gamehost.cache import MatchCache
from gamehost.store import Store

CHANNEL = "match_changed"
POLL_SECONDS = 2.0       # re-poll period while not listening (and the wait between reconnects)
HEARTBEAT_SECONDS = 30.0  # a listening connection is asked SELECT 1 this often (a silent cut)
CONNECT_TIMEOUT = 10.0
CHUNK = 500              # cached ids per poll query
REMEMBERED = 10_000      # the latest notices kept, for reads that were in flight when one came

log = logging.getLogger(__name__)


def notice(match_id: int, version: int) -> str:
    return f"{match_id}:{version}"


class MatchNews:
    def __init__(self, store: Store, cache: MatchCache, *, poll_seconds: float = POLL_SECONDS):
        self.store = store
        self.cache = cache
        self.poll_seconds = poll_seconds
        self.listening = asyncio.Event()  # set while notices are heard
        self.polls = 0                    # re-polls done (tests, logs)
        self.heard = 0                    # notices received
        self._task: asyncio.Task | None = None
        self._connection: asyncpg.Connection | None = None
        self._latest: OrderedDict[int, int] = OrderedDict()  # match id -> newest version heard

    async def start(self) -> None:
        """Start listening; returns once listening (or once the first attempt failed)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="match-news")
            first = asyncio.ensure_future(self.listening.wait())
            await asyncio.wait([first, self._task], timeout=CONNECT_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
            first.cancel()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        await self._close()

    def listener_pid(self) -> int | None:
        """The server process of the listening connection (None: not connected)."""
        connection = self._connection
        return None if connection is None or connection.is_closed() else connection.get_server_pid()

    def drop_older(self, payload: str) -> None:
        """A notice: forget the cached row if it is older than the committed version."""
        self.heard += 1
        try:
            match_id, version = (int(part) for part in payload.split(":"))
        except ValueError:
            log.warning("unreadable %s notice %r", CHANNEL, payload)
            return
        self._latest[match_id] = max(version, self._latest.pop(match_id, version))
        if len(self._latest) > REMEMBERED:
            self._latest.popitem(last=False)
        cached = self.cache.version(match_id)
        if cached is not None and cached < version:
            self.cache.drop(match_id)

    def newer_than(self, match_id: int, version: int) -> bool:
        """Whether a notice said ``match_id`` is past ``version`` (a read that finished after
        the notice came must not be cached)."""
        return self._latest.get(match_id, -1) > version

    async def poll(self) -> None:
        """Drop every cached row whose stored version is newer (or that is gone)."""
        ids = self.cache.ids()
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            marks = ",".join("?" * len(chunk))
            stored = dict(await self.store.database.fetch(
                f"SELECT id, version FROM matches WHERE id IN ({marks})", tuple(chunk)))
            for match_id in chunk:
                cached = self.cache.version(match_id)
                if cached is not None and (match_id not in stored or stored[match_id] > cached):
                    self.cache.drop(match_id)
        self.polls += 1

    async def _run(self) -> None:
        while True:
            try:
                await self._listen_until_lost()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - any failure: poll, then try again
                log.warning("not listening for %s: %s: %s", CHANNEL, type(error).__name__, error)
            self.listening.clear()
            await self._close()
            await self._poll_quietly()
            await asyncio.sleep(self.poll_seconds)

    async def _listen_until_lost(self) -> None:
        lost = asyncio.Event()
        connection = await asyncpg.connect(self.store.url, timeout=CONNECT_TIMEOUT)
        self._connection = connection
        connection.add_termination_listener(lambda _c: lost.set())

        def heard(_connection: Any, _pid: int, _channel: str, payload: str) -> None:
            self.drop_older(payload)

        await connection.add_listener(CHANNEL, heard)
        await self.poll()  # what was committed while nobody listened
        self.listening.set()
        while not lost.is_set():
            try:
                await asyncio.wait_for(lost.wait(), HEARTBEAT_SECONDS)
            except asyncio.TimeoutError:
                await connection.fetchval("SELECT 1", timeout=CONNECT_TIMEOUT)
        raise ConnectionError("the listening connection was closed")

    async def _poll_quietly(self) -> None:
        try:
            await self.poll()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - the database may be down too: next period
            log.warning("re-poll of cached matches failed: %s: %s", type(error).__name__, error)

    async def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None and not connection.is_closed():
            try:
                await connection.close(timeout=CONNECT_TIMEOUT)
            except Exception:  # noqa: BLE001 - a broken connection: terminate instead
                connection.terminate()
