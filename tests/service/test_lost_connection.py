"""A move whose database connection is lost under its commit (PostgreSQL: the backend
terminated with ``pg_terminate_backend``, as a server restart or a failover does) is saved
exactly once: made again on another connection when the commit did not happen, not made
twice when it did (gamehost/lost_commit.py). Real PostgreSQL, real terminations."""
from __future__ import annotations

import time

import asyncpg
import pytest

from gamehost import lost_commit
from gamehost.db import postgres
from gamehost.once import Origin
from gamehost.store import Store
from tests.service.test_cross_processes import close_service, open_service, pg_url, started_match, stored  # noqa: F401
from tests.service.test_multiprocess import turn_user

SAVE = "WITH saved AS"  # gamehost/match_save.py: a match's save on PostgreSQL, one statement


def terminate_before_update(monkeypatch, times: int) -> list[int]:
    """The next ``times`` match saves lose their connection (its backend terminates itself,
    as a server restart does) when they are sent; the list collects the terminated backends."""
    real = postgres.PostgresDatabase.fetchval
    killed: list[int] = []

    async def fetchval(self, sql, params=()):
        if sql.startswith(SAVE) and len(killed) < times:
            async with self.pool.acquire() as connection:
                killed.append(connection.get_server_pid())
                await connection.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        return await real(self, sql, params)
    monkeypatch.setattr(postgres.PostgresDatabase, "fetchval", fetchval)
    return killed


async def move(service, match_id: int, interaction: int):
    user = turn_user(await service.load(match_id))
    return await service.act(match_id, user, "add 1", origin=Origin.typed(interaction, time.time()))


async def test_a_commit_whose_connection_is_terminated_is_made_on_another(pg_url, monkeypatch):
    match_id, _user = await started_match(pg_url)
    before, _ = await stored(pg_url, match_id)
    service = await open_service(pg_url)
    try:
        killed = terminate_before_update(monkeypatch, times=1)
        outcome = await move(service, match_id, 501)
        assert len(killed) == 1
        assert outcome.match.version == before.version + 1
        after, log = await stored(pg_url, match_id)
        assert after.version == before.version + 1 and log == ["add 1"]
        assert (await move(service, match_id, 502)).match.version == before.version + 2  # the pool recovered
    finally:
        await close_service(service)


async def test_a_commit_made_before_its_connection_went_is_not_made_twice(pg_url, monkeypatch):
    """The connection is lost after COMMIT reached the server (the reply never came): the
    stored row already holds the move, so the save is not made again (it would fail as stale
    and the move would be judged twice)."""
    match_id, _user = await started_match(pg_url)
    before, _ = await stored(pg_url, match_id)
    service = await open_service(pg_url)
    real = Store.save_match
    calls: list[int] = []

    async def save_then_lose(self, row, *args, **kwargs):
        calls.append(row.version)
        await real(self, row, *args, **kwargs)
        if len(calls) == 1:
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
    monkeypatch.setattr(Store, "save_match", save_then_lose)
    try:
        outcome = await move(service, match_id, 601)
        assert calls == [before.version + 1]  # checked, not saved again
        after, log = await stored(pg_url, match_id)
        assert outcome.match.version == after.version == before.version + 1 and log == ["add 1"]
    finally:
        await close_service(service)


async def test_a_connection_lost_at_every_attempt_fails_the_move_without_saving_it(pg_url, monkeypatch):
    match_id, _user = await started_match(pg_url)
    before, _ = await stored(pg_url, match_id)
    service = await open_service(pg_url)
    try:
        killed = terminate_before_update(monkeypatch, times=lost_commit.ATTEMPTS)
        with pytest.raises(Exception) as raised:
            await move(service, match_id, 701)
        assert lost_commit.connection_lost(raised.value)
        assert len(killed) == lost_commit.ATTEMPTS
        after, log = await stored(pg_url, match_id)
        assert after.version == before.version and log == []
        assert (await move(service, match_id, 702)).match.version == before.version + 1  # sent again: saved
    finally:
        await close_service(service)


async def test_other_database_errors_are_not_retried(pg_url, monkeypatch):
    match_id, _user = await started_match(pg_url)
    service = await open_service(pg_url)
    calls: list[int] = []

    async def broken(self, row, *args, **kwargs):
        calls.append(row.version)
        raise asyncpg.DiskFullError("could not extend file")
    monkeypatch.setattr(Store, "save_match", broken)
    try:
        with pytest.raises(asyncpg.DiskFullError):
            await move(service, match_id, 801)
        assert len(calls) == 1
    finally:
        await close_service(service)
