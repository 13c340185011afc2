"""Whether anything was committed to a SQLite file since it was last asked, without a trip
through the database's worker thread.

``PRAGMA data_version`` on a connection of its own changes whenever any other connection
commits to the file: another process's, or this process's own (aiosqlite's). Reading it
takes a few microseconds (a look at the write-ahead log's index), so the read paths of
``gamehost.freshness`` ask it first and compare versions with the database only when
something was committed since the row was last checked.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path


class DataVersion:
    def __init__(self, path: str):
        self.path = path
        self._connection: sqlite3.Connection | None = None

    def read(self) -> int | None:
        """The file's data version now, or None when it cannot be told (an in-memory
        database, a file not readable): then every read is checked."""
        if self.path in ("", ":memory:") or self.path.startswith("file::memory:"):
            return None
        try:
            if self._connection is None:
                uri = Path(self.path).absolute().as_uri() + "?mode=ro"
                self._connection = sqlite3.connect(uri, uri=True,
                                                   isolation_level=None, check_same_thread=False)
            return int(self._connection.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error:
            self.close()
            return None

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
