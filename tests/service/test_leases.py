"""Deadline leases (gamehost/leases.py) on SQLite and PostgreSQL, in one process: a due row is
claimed by one holder until its lease runs out; two services on one database polling at once
send one reminder and apply one timeout; rows without ``due_at`` are filled in and fire."""
from __future__ import annotations

import asyncio

from gamehost import registry
from gamehost.leases import Leases
from gamehost.service import MatchService
from gamehost.store import Store

NOW = 1_000_000.0
DECISION = 60


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


def register_race() -> None:
    registry.GAMES["race"] = registry.GamePlugin("race", "tests.support.toy")


async def started(service: MatchService, channel: int = 1) -> int:
    await service.create(guild_id=1, channel_id=channel, creator_id=10, creator_name="a", game="race",
                         options={"target": 5}, decision_seconds=DECISION)
    await service.join(channel, 11, "b")
    return (await service.start(channel, 10)).match.id


async def test_a_due_row_is_held_by_one_claimant_until_its_lease_runs_out(store_url):
    register_race()
    clock = Clock()
    store = Store(store_url)
    await store.open()
    service = MatchService(store, clock, reminder_fraction=0.5)
    try:
        match_id = await started(service)
        first, second = Leases(store, clock, "first", 5), Leases(store, clock, "second", 5)
        assert await first.claim_due("matches") == []  # nothing due yet
        clock.now += DECISION / 2  # the reminder is due
        assert await first.claim_due("matches") == [(match_id, 2)]
        assert await second.claim_due("matches") == [] and not await second.claim("matches", match_id, 2)
        assert not await first.claim("matches", match_id, 2)  # not twice by its holder either
        clock.now += 6  # the first holder's lease ran out (its process died)
        assert await second.claim_due("matches") == [(match_id, 2)]
        await first.release("matches", match_id, 2, None)  # not the holder: nothing
        assert not await first.claim("matches", match_id, 2)
        await second.release("matches", match_id, 2, clock.now + 100)
        assert await first.claim_due("matches") == []  # due again only later
        assert await first.claim("matches", match_id, 2)  # its own timer may still claim it
        assert not await first.claim("matches", match_id, 1)  # an old version: never
    finally:
        await service.close()
        await store.close()


async def test_two_services_polling_one_database_fire_each_deadline_once(store_url):
    register_race()
    clock = Clock()
    stores = [Store(store_url), Store(store_url)]
    for store in stores:
        await store.open()
    services = [MatchService(store, clock, reminder_fraction=0.5) for store in stores]
    reminded: list[tuple[int, int]] = []
    expired: list[tuple[int, int]] = []

    async def on_remind(row) -> None:
        reminded.append((row.id, row.version))

    async def on_expired(outcome) -> None:
        expired.append((outcome.match.id, outcome.match.version))
    for service in services:
        service.listen(on_remind=on_remind, on_expired=on_expired)
    try:
        ids = [await started(services[k % 2], channel=k + 1) for k in range(4)]
        for _ in range(3):  # three decisions of every match: its reminder, then its timeout
            clock.now += DECISION / 2
            await asyncio.gather(*(s.poll_deadlines() for s in services))
            clock.now += DECISION / 2
            await asyncio.gather(*(s.poll_deadlines() for s in services))
        assert sorted(reminded) == sorted((m, v) for m in ids for v in (2, 3, 4))
        assert sorted(expired) == sorted((m, v) for m in ids for v in (3, 4, 5))
        for match_id in ids:
            log = await stores[0].action_log(match_id)
            assert [e.kind for e in log] == ["timeout"] * 3
    finally:
        for service in services:
            await service.close()
        for store in stores:
            await store.close()


async def test_open_matches_without_due_at_are_filled_in_and_fire(store_url):
    """A match from before revision 0011 (no ``due_at``): the first poll fills it in."""
    register_race()
    clock = Clock()
    store = Store(store_url)
    await store.open()
    service = MatchService(store, clock, reminder_fraction=0.5)
    expired = []

    async def on_expired(outcome) -> None:
        expired.append(outcome.match.id)

    async def on_remind(row) -> None:
        pass
    service.listen(on_remind=on_remind, on_expired=on_expired)
    try:
        match_id = await started(service)
        await store.database.execute("UPDATE matches SET due_at = NULL")
        clock.now += DECISION
        assert await service.poll_deadlines() == 1 and expired == [match_id]
        assert await store._value("SELECT COUNT(*) FROM matches WHERE status = 'active' AND due_at IS NULL") == 0
    finally:
        await service.close()
        await store.close()


async def test_a_lease_is_renewed_while_its_row_is_fired_and_lapses_after(store_url, monkeypatch):
    """A short lease (gamehost/leases.py ``holding``): renewed while the row is fired, so no
    other process takes it meanwhile; after the fire (or once a fire hangs past
    MAX_HOLD_SECONDS) it is no longer renewed and runs out."""
    from gamehost import leases as lease_settings
    register_race()
    clock = Clock()
    store = Store(store_url)
    await store.open()
    service = MatchService(store, clock, reminder_fraction=0.5)
    try:
        match_id = await started(service)
        first, second = Leases(store, clock, "first", 1), Leases(store, clock, "second", 1)
        clock.now += DECISION / 2
        assert await first.claim_due("matches") == [(match_id, 2)]
        async with first.holding("matches", match_id):
            for _ in range(3):
                clock.now += 0.9  # past the lease's first second: held only by renewals
                assert await first.renew() == 1
                assert await second.claim_due("matches") == []
            monkeypatch.setattr(lease_settings, "MAX_HOLD_SECONDS", 0.0)
            async with first.holding("matches", match_id):  # a fire that hangs: not renewed
                assert await first.renew() == 0
        assert first.held == {} and await first.renew() == 0
        clock.now += 1.1
        assert await second.claim_due("matches") == [(match_id, 2)]  # the lapsed lease taken over
        await first.close()
    finally:
        await service.close()
        await store.close()


async def test_the_renewal_runs_by_itself_while_a_row_is_held(store_url):
    """With the real clock: the lease's end moves forward while the row is held, without
    anyone calling ``renew`` (the waits are on the database's state, not on elapsed time)."""
    import time
    register_race()
    store = Store(store_url)
    await store.open()
    service = MatchService(store, time.time, reminder_fraction=0.5)
    holder = Leases(store, time.time, "holder", 0.3)
    try:
        await service.create(guild_id=1, channel_id=1, creator_id=10, creator_name="a", game="race",
                             options={"target": 5}, decision_seconds=DECISION)
        await service.join(1, 11, "b")
        match_id = (await service.start(1, 10)).match.id
        version = (await store.match(match_id)).version
        assert await holder.claim("matches", match_id, version)
        first_until = await store.database.fetchval("SELECT lease_until FROM matches WHERE id = ?", (match_id,))
        async with holder.holding("matches", match_id):
            for _ in range(200):
                until = await store.database.fetchval("SELECT lease_until FROM matches WHERE id = ?", (match_id,))
                if until > first_until:
                    break
                await asyncio.sleep(0.05)
            assert until > first_until
        await holder.close()
        assert holder._renewing is None or holder._renewing.done()
    finally:
        await service.close()
        await store.close()
