"""The databases tests run against: a fresh SQLite file, or a fresh PostgreSQL database
made on the server of ``DATABASE_TEST_URL`` (default postgresql://postgres@127.0.0.1:5432/test)
as ``t_<random>`` and dropped (WITH (FORCE)) after the test.

``store_url`` (registered in tests/conftest.py) is parametrised ``sqlite`` / ``postgresql``.
Where no server answers, the PostgreSQL cases skip with one line saying why;
``REQUIRE_POSTGRES=1`` (set by .ci/run) turns that skip into a failure.
"""
from __future__ import annotations

import os
import secrets
from contextlib import asynccontextmanager
from typing import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from gamehost.db.urls import sqlite_url

DEFAULT_TEST_URL = "postgresql://postgres@127.0.0.1:5432/test"
BACKENDS = ("sqlite", "postgresql")
_unreachable: dict[str, str | None] = {}  # server URL -> why it cannot be used (None: it can)


def server_url() -> str:
    return os.environ.get("DATABASE_TEST_URL") or DEFAULT_TEST_URL


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


async def postgres_problem() -> str | None:
    """Why the test server cannot be used (None: it can); asked once per process."""
    url = server_url()
    if url not in _unreachable:
        try:
            connection = await asyncpg.connect(url, timeout=5)
            await connection.close()
            _unreachable[url] = None
        except (OSError, asyncpg.PostgresError, TimeoutError) as error:
            _unreachable[url] = f"{type(error).__name__}: {error}".strip()
    return _unreachable[url]


async def require_postgres() -> None:
    """Skip (or, with REQUIRE_POSTGRES=1, fail) the test when the server is unreachable."""
    problem = await postgres_problem()
    if problem is None:
        return
    line = (f"PostgreSQL not reachable at {server_url()} : {problem}; "
            "set DATABASE_TEST_URL or start PostgreSQL")
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(line + " (REQUIRE_POSTGRES=1)", pytrace=False)
    pytest.skip(line)


@asynccontextmanager
async def fresh_postgres() -> AsyncIterator[str]:
    """A new, empty database on the test server; its URL. Dropped afterwards."""
    await require_postgres()
    name = "t_" + secrets.token_hex(6)
    admin = await asyncpg.connect(server_url(), timeout=10)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield with_database(server_url(), name)
    finally:
        admin = await asyncpg.connect(server_url(), timeout=10)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@asynccontextmanager
async def fresh_database(backend: str, directory: str) -> AsyncIterator[str]:
    """The URL of a new, empty database of ``backend`` (``sqlite``: a file in ``directory``)."""
    if backend == "sqlite":
        yield sqlite_url(os.path.join(directory, "m.sqlite3"))
        return
    async with fresh_postgres() as url:
        yield url
