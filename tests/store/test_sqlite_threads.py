"""The SQLite backend's one connection, shared by every task, under concurrency and
cancellation (gamehost/db/sqlite.py).

Two faults these guard against, both seen: a sqlite3 cursor freed on the event loop's
thread resets a statement that the connection's thread may be running for another task
(sqlite3 shares one prepared statement between cursors of the same SQL), after which that
statement fails with "bad parameter or other API misuse" until the process restarts; and a
task cancelled while its BEGIN waited its turn left the transaction open, so every later
transaction failed with "cannot start a transaction within a transaction"."""
from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
import weakref

import pytest

from gamehost.db.sqlite import SQLiteDatabase

INSERT = "INSERT INTO t (a, b) VALUES (?, ?)"


def test_a_cursor_freed_on_another_thread_breaks_its_statement():
    """Why no cursor may leave the connection's thread: the race itself, on a bare
    connection used as aiosqlite uses it (statements on one thread, the cursors they
    return dropped on another). Closing each cursor on its own thread removes it."""
    def errors_when(close: bool, rounds: int = 20_000) -> int:
        connection = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        connection.execute("CREATE TABLE t (a, b)")
        handed: queue.Queue = queue.Queue()
        errors: list[Exception] = []

        def statements() -> None:
            for i in range(rounds):
                try:
                    cursor = (connection.executemany(INSERT, [(i, 1), (i, 2), (i, 3)]) if i % 2
                              else connection.execute(INSERT, (i, 0)))
                except sqlite3.InterfaceError as error:
                    errors.append(error)
                    break
                if close:
                    cursor.close()
                handed.put(cursor)
            handed.put(None)

        worker = threading.Thread(target=statements)
        worker.start()
        while handed.get() is not None:
            pass  # the cursor's last reference goes here, on this thread
        worker.join()
        connection.close()
        assert all("misuse" in str(e) for e in errors)
        return len(errors)

    assert errors_when(close=False) == 1
    assert errors_when(close=True) == 0


class RecordingCursor(sqlite3.Cursor):
    alive: "weakref.WeakSet[RecordingCursor]" = weakref.WeakSet()

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.closed = False
        RecordingCursor.alive.add(self)

    def close(self) -> None:
        self.closed = True
        super().close()


class RecordingConnection(sqlite3.Connection):
    def execute(self, sql, parameters=()):  # type: ignore[override]
        return self.cursor(RecordingCursor).execute(sql, parameters)

    def executemany(self, sql, parameters):  # type: ignore[override]
        return self.cursor(RecordingCursor).executemany(sql, parameters)


def open_cursors() -> list[RecordingCursor]:
    return [cursor for cursor in RecordingCursor.alive if not cursor.closed]


async def opened(tmp_path) -> SQLiteDatabase:
    db = SQLiteDatabase(str(tmp_path / "threads.sqlite3"))
    await db.open()
    await db.execute("CREATE TABLE t (a INTEGER, b INTEGER)")
    return db


@pytest.mark.asyncio
async def test_no_statement_hands_an_open_cursor_back(tmp_path, monkeypatch):
    """When any call returns to the event loop, its statement's cursor is closed or gone
    (aiosqlite's own ``execute`` returns it open, alive on both threads)."""
    real_connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real_connect(*a, factory=RecordingConnection, **k))
    db = await opened(tmp_path)
    assert isinstance(db.tx.connection._conn, RecordingConnection)
    for i in range(5):
        assert await db.execute(INSERT, (i, 0)) == 1
        assert open_cursors() == []
        await db.executemany(INSERT, [(i, 1), (i, 2)])
        assert open_cursors() == []
        async with db.transaction() as tx:
            assert await tx.execute("UPDATE t SET b = b + 10 WHERE a = ?", (i,)) == 3
            assert open_cursors() == []
            await tx.executemany(INSERT, [(i, 5)])
            assert open_cursors() == []
            assert await tx.fetchval("SELECT count(*) FROM t WHERE a = ?", (i,)) == 4
            assert open_cursors() == []
        assert await db.fetchrow("SELECT max(b) FROM t WHERE a = ?", (i,)) == (12,)
        await db.ping()
        assert open_cursors() == []
    await db.close()


@pytest.mark.asyncio
async def test_a_transaction_cancelled_anywhere_leaves_none_open(tmp_path):
    db = await opened(tmp_path)

    async def write(i: int, hold: asyncio.Event | None = None) -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT, (i, 0))
            if hold is not None:
                await hold.wait()
            await tx.executemany(INSERT, [(i, 1), (i, 2)])

    before_begin = asyncio.ensure_future(write(1))
    await asyncio.sleep(0)  # BEGIN is queued on the connection's thread
    before_begin.cancel()
    inside = asyncio.ensure_future(write(2, hold=asyncio.Event()))
    await asyncio.sleep(0.05)  # it has begun and inserted, and waits inside its transaction
    inside.cancel()
    for task in (before_begin, inside):
        with pytest.raises(asyncio.CancelledError):
            await task
    await write(3)  # would fail "cannot start a transaction within a transaction"
    assert await db.fetch("SELECT a, b FROM t ORDER BY a, b") == [(3, 0), (3, 1), (3, 2)]
    assert not db.tx.connection._conn.in_transaction
    await db.close()


@pytest.mark.asyncio
async def test_many_writers_some_cancelled_lose_nothing_and_break_nothing(tmp_path):
    """Each writer's rows are all in or all out; the connection keeps working."""
    db = await opened(tmp_path)
    errors: list[BaseException] = []

    async def writer(i: int) -> None:
        try:
            if i % 3 == 0:
                await db.executemany(INSERT, [(i, 1), (i, 2), (i, 3)])
            elif i % 3 == 1:
                await db.execute(INSERT, (i, 0))
            else:
                await db.ping()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - every failure is the finding
            errors.append(error)

    finished: set[int] = set()
    for round_ in range(150):
        ids = [round_ * 20 + k for k in range(20)]
        tasks = {i: asyncio.ensure_future(writer(i)) for i in ids}
        await asyncio.sleep(0.0005 * (round_ % 4))
        for i in ids[round_ % 5::5]:
            tasks[i].cancel()
        await asyncio.gather(*tasks.values(), return_exceptions=True)
        finished |= {i for i, task in tasks.items() if not task.cancelled()}
    assert errors == []
    counts = dict(await db.fetch("SELECT a, count(*) FROM t GROUP BY a"))
    for i, n in counts.items():
        assert n == (3 if i % 3 == 0 else 1)
    assert {i for i in finished if i % 3 != 2} <= set(counts)
    await db.close()
