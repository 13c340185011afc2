"""A move is numbered in the action log without asking the database when this process saved
the row it stands on (gamehost/log_ends.py), and asks again whenever anyone else may have
written: the log stays 1..n, in the order the moves were committed, on SQLite and PostgreSQL."""
from __future__ import annotations

import time

import pytest

from gamehost.service import MatchService
from gamehost.store import Store
from tests.service.test_multiprocess import register_race, turn_user
from tests.support.databases import fresh_postgres

CHANNEL = 3


@pytest.fixture(params=["sqlite", "postgresql"])
async def url(request, tmp_path):
    register_race()
    if request.param == "sqlite":
        yield str(tmp_path / "matches.sqlite3")
    else:
        async with fresh_postgres() as pg:
            yield pg


async def opened(url: str) -> tuple[MatchService, list[int]]:
    """A service whose store counts the log-end queries it is asked (each is a match id)."""
    store = Store(url)
    await store.open()
    asked: list[int] = []
    real = store.last_seq

    async def last_seq(match_id: int) -> int:
        asked.append(match_id)
        return await real(match_id)
    store.last_seq = last_seq  # type: ignore[method-assign]
    service = MatchService(store, time.time)
    await service.follow_other_processes()
    return service, asked


async def close(service: MatchService) -> None:
    await service.close()
    await service.store.close()


async def started(service: MatchService) -> int:
    await service.create(guild_id=1, channel_id=CHANNEL, creator_id=100, creator_name="a", game="race",
                         options={"target": 10})
    await service.join(CHANNEL, 101, "b")
    return (await service.start(CHANNEL, 100)).match.id


async def add_one(service: MatchService, match_id: int) -> int:
    row = await service.load(match_id)
    return (await service.act(match_id, turn_user(row), "add 1")).match.version


async def test_moves_after_this_process_saved_are_numbered_without_a_query_and_others_moves_are_read(url):
    first, first_asked = await opened(url)
    second, second_asked = await opened(url)
    try:
        match_id = await started(first)
        for _ in range(3):
            await add_one(first, match_id)
        assert first_asked == [match_id]  # the start wrote the log's first entries: one question

        await add_one(second, match_id)  # the other process moves: it asks (it never saved this row)
        assert second_asked == [match_id]
        first.cache.drop(match_id)  # as a commit notice would; without one the save's version check retries
        await add_one(first, match_id)
        assert first_asked == [match_id, match_id]
        await add_one(first, match_id)
        assert first_asked == [match_id, match_id]

        log = await first.store.action_log(match_id)
        assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
        assert [entry.action for entry in log if entry.kind == "action"] == ["add 1"] * 6
    finally:
        await close(first)
        await close(second)


async def test_a_process_whose_cached_row_is_behind_numbers_after_the_other_processes_moves(url):
    first, _ = await opened(url)
    second, _ = await opened(url)
    try:
        match_id = await started(first)
        await add_one(first, match_id)
        stale = await first.load(match_id)
        for _ in range(2):
            await add_one(second, match_id)
        first.cache.put(stale)  # no notice heard yet: the first process still holds its own save
        user = turn_user(await second.load(match_id))
        version = (await first.act(match_id, user, "add 1")).match.version  # judged again on the stored row
        assert version == stale.version + 3

        log = await first.store.action_log(match_id)
        assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
        assert [entry.action for entry in log if entry.kind == "action"] == ["add 1"] * 4
    finally:
        await close(first)
        await close(second)
