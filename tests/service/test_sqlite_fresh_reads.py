"""Reads of a SQLite file another writer shares (gamehost/freshness.py, gamehost/data_version.py):
a cached match is compared with the stored one only when something was committed to the file
since it was last compared, and then the other writer's move shows at once. Two services on
one file, as two processes would be (each its own connection and match cache)."""
from __future__ import annotations

import time

from gamehost.once import Origin
from tests.service.test_cross_processes import CHANNEL, close_service, open_service, started_match


class CountingVersions:
    """Counts the service's version reads (its one database read on this path)."""

    def __init__(self, service):
        self.calls = 0
        read = service.stored_version

        async def counted(match_id):
            self.calls += 1
            return await read(match_id)

        service.stored_version = counted


async def test_a_read_compares_with_the_file_only_after_a_commit_and_shows_the_other_writers_move(tmp_path):
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    match_id, user = await started_match(url)
    mover, reader = await open_service(url), await open_service(url)
    try:
        versions = CountingVersions(reader)
        await reader.in_channel(CHANNEL)  # read from the file, then cached
        before = (await reader.in_channel(CHANNEL)).version  # the cached row, compared once
        first = versions.calls
        assert first == 1
        for _ in range(5):  # nothing committed since: the cached row, no database read
            assert (await reader.in_channel(CHANNEL)).version == before
        assert versions.calls == first
        moved = await mover.act(match_id, user, "add 1", origin=Origin.typed(1, time.time()))
        assert moved.match.version > before
        assert (await reader.in_channel(CHANNEL)).version == moved.match.version  # compared: the move shows
        assert versions.calls == first + 1
        assert (await reader.in_channel(CHANNEL)).version == moved.match.version
        assert versions.calls == first + 1  # and not again until the next commit
    finally:
        await close_service(mover)
        await close_service(reader)


async def test_an_in_memory_database_compares_every_read(tmp_path):
    """Where the data version cannot be read, every read is compared (as before)."""
    url = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    await started_match(url)
    reader = await open_service(url)
    try:
        assert reader.data_version is not None
        reader.data_version.path = ":memory:"
        await reader.in_channel(CHANNEL)  # read from the file, then cached
        versions = CountingVersions(reader)
        for _ in range(3):
            await reader.in_channel(CHANNEL)
        assert versions.calls == 3
    finally:
        await close_service(reader)
