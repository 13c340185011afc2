"""Other processes' commits, heard through PostgreSQL LISTEN/NOTIFY (issue 23).

Every commit of a match NOTIFYs ``match_changed`` with ``<match id>:<version>`` in the commit
itself, so the notice goes out only when the commit does (gamehost/match_save.py). Each
process listens on a connection of its own and drops a cached row older than the notice;
its next read takes the stored row. Its own commits come back too and change nothing (the
cached version is the same).

When the listening connection is lost (the server restarted, ``pg_terminate_backend``, a
network cut seen by TCP keepalive) the notices sent meanwhile are gone: until it listens
again the process re-polls, every POLL_SECONDS, the stored versions of the matches it caches
(by primary key, in chunks), and it re-polls once right after listening again. Polling the
cached ids rather than ``updated_at`` needs no index and reads only rows that matter.

The same connection hears the notices of leases other processes took (gamehost/leases.py),
handed to ``on_lease``.
"""
from __future__ import annotations

import asyncio
import logging
import socket
from collections import OrderedDict
from typing import Any, Callable

import asyncpg

from gamehost.cache import MatchCache
from gamehost.leases import LEASE_CHANNEL
from gamehost.match_save import CHANGED_CHANNEL
from gamehost.store import Store

CHANNEL = CHANGED_CHANNEL
POLL_SECONDS = 2.0       # re-poll period while not listening (and the wait between reconnects)
KEEPALIVE = ((socket.SO_KEEPALIVE, 1),)  # a silent network cut ends the connection (the kernel probes it)
CONNECT_TIMEOUT = 10.0
CHUNK = 500              # cached ids per poll query
REMEMBERED = 10_000      # the latest notices kept, for reads that were in flight when one came

log = logging.getLogger(__name__)


def keep_alive(connection: asyncpg.Connection) -> None:
    """TCP keepalive on the listening connection's socket (asyncpg has no setting for it)."""
    transport = getattr(connection, "_transport", None)
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is None:
        return
    for option, value in KEEPALIVE:
        sock.setsockopt(socket.SOL_SOCKET, option, value)


class MatchNews:
    def __init__(self, store: Store, cache: MatchCache, *, poll_seconds: float = POLL_SECONDS,
                 on_lease: Callable[[str], None] | None = None):
        self.store = store
        self.on_lease = on_lease  # notices on leases.LEASE_CHANNEL, heard on the same connection
        self.cache = cache
        self.poll_seconds = poll_seconds
        self.listening = asyncio.Event()  # set while notices are heard
        self.polls = 0                    # re-polls done (tests, logs)
        self.heard = 0                    # notices received
        self._task: asyncio.Task | None = None
        self._connection: asyncpg.Connection | None = None
        self._latest: OrderedDict[int, int] = OrderedDict()  # match id -> newest version heard
        self._stopped = False

    async def start(self) -> None:
        """Listen (a failure to connect starts the re-polling instead of raising)."""
        if self._connection is None and self._task is None:
            try:
                await self._listen()
            except Exception as error:  # noqa: BLE001 - the database may be down: poll until it is back
                self._lost(None, error)

    async def stop(self) -> None:
        self._stopped = True
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

    async def _listen(self) -> None:
        connection = await asyncpg.connect(self.store.url, timeout=CONNECT_TIMEOUT)
        self._connection = connection
        keep_alive(connection)

        def heard(_connection: Any, _pid: int, _channel: str, payload: str) -> None:
            self.drop_older(payload)

        # no task while listening (an idle process, and SimCord's settling, stay still): a lost
        # connection calls back, and only then does a task poll and reconnect
        connection.add_termination_listener(lambda c: self._lost(c, None))
        await connection.add_listener(CHANNEL, heard)
        if self.on_lease is not None:
            on_lease = self.on_lease
            await connection.add_listener(LEASE_CHANNEL, lambda _c, _p, _ch, payload: on_lease(payload))
        await self.poll()  # what was committed while nobody listened
        self.listening.set()

    def _lost(self, connection: asyncpg.Connection | None, error: BaseException | None) -> None:
        if self._stopped or (connection is not None and connection is not self._connection):
            return
        self.listening.clear()
        log.warning("not listening for %s (%s): re-polling every %g s until it listens again", CHANNEL,
                    f"{type(error).__name__}: {error}" if error is not None else "connection closed",
                    self.poll_seconds)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._recover(), name="match-news")

    async def _recover(self) -> None:
        while not self._stopped:
            await self._close()
            await self._poll_quietly()
            await asyncio.sleep(self.poll_seconds)
            try:
                await self._listen()
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - still down: poll again
                log.warning("listening for %s failed again: %s: %s", CHANNEL, type(error).__name__, error)

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
