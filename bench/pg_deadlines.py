"""``pg.deadline_fire_ms_p99`` (issue 23; target <= 1,000 ms): from a decision's deadline to
its timeout move, with two bot processes sharing a fresh PostgreSQL database on the server of
``DATABASE_TEST_URL`` (bench.pg_figures: one line on stderr and no figure where none answers).

Each spawned process runs a ``MatchService`` watching deadlines as the bot does
(``rearm_all``: its own timer plus the claim of due rows every scheduler period) and starts
its share of two-player races (the test toy, tests/support/toy.py) that nobody plays: every
decision runs out after DECISION_SECONDS and is timed out by whichever process claims it.
A timeout move's log time minus its decision's deadline (the previous move's time plus the
decision's length) is one sample; the first decision of each match (armed by the start, not
by a logged move) is not counted. ``pg.deadline_fire_ms_p50`` beside it. Each process starts
its races spread over one decision's length, so deadlines come due one after another as in a
running bot, not 80 in the same millisecond (a burst measures the queue behind one timer:
each process fires its due moments one at a time). Full size: 2 x 20 races with 2-second
decisions (20 timeouts and 20 reminders a second between the two processes), 160 samples.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import time

from bench.run import Measure, sized

DECISION_SECONDS = 2
TARGET = 5  # decisions per race: every one a timeout ("add 1")
WAIT_SECONDS = 300


def _register() -> None:
    from gamehost import registry
    registry.GAMES["race"] = registry.GamePlugin("race", "tests.support.toy")


async def _serve(url: str, first_channel: int, matches: int, stop) -> None:
    from gamehost.service import MatchService
    from gamehost.store import Store

    store = Store(url)
    await store.open()
    service = MatchService(store, time.time)
    try:
        await service.rearm_all()
        for channel in range(first_channel, first_channel + matches):
            await service.create(guild_id=1, channel_id=channel, creator_id=channel * 10, creator_name="a",
                                 game="race", options={"target": TARGET}, decision_seconds=DECISION_SECONDS)
            await service.join(channel, channel * 10 + 1, "b")
            await service.start(channel, channel * 10)
            await asyncio.sleep(DECISION_SECONDS / matches)  # deadlines spread over a decision, not all at once
        while not stop.is_set():
            await asyncio.sleep(0.05)
    finally:
        await service.close()
        await store.close()


def _process(url: str, first_channel: int, matches: int, stop) -> None:
    _register()
    asyncio.run(_serve(url, first_channel, matches, stop))


async def _samples(url: str) -> tuple[list[float], int]:
    """Fire latencies (ms) from the logs, and how many matches are not finished."""
    from gamehost.store import Store

    store = Store(url)
    await store.open()
    try:
        rows = await store._all("SELECT match_id, kind, at FROM actions ORDER BY match_id, seq")
        left = int(await store._value("SELECT COUNT(*) FROM matches WHERE status <> 'finished'"))
    finally:
        await store.close()
    out: list[float] = []
    previous: dict[int, float] = {}
    for match_id, kind, at in rows:
        if kind == "timeout" and match_id in previous:
            out.append((at - (previous[match_id] + DECISION_SECONDS)) * 1000)
        previous[match_id] = at
    return out, left


async def _measure(fresh, per_process: int) -> list[float]:
    async with fresh() as url:
        from gamehost.store import open_store
        await (await open_store(url)).close()  # the schema made once, before both start
        context = multiprocessing.get_context("spawn")
        stop = context.Event()
        processes = [context.Process(target=_process, args=(url, 1000 * (k + 1), per_process, stop))
                     for k in range(2)]
        for process in processes:
            process.start()
        try:
            until = time.monotonic() + WAIT_SECONDS
            while True:
                await asyncio.sleep(0.5)
                samples, left = await _samples(url)
                expected = 2 * per_process * (TARGET - 1)
                if (left == 0 and len(samples) == expected) or time.monotonic() > until:
                    break
                if any(p.exitcode not in (None, 0) for p in processes):
                    raise RuntimeError("a bench process died")
        finally:
            stop.set()
            for process in processes:
                process.join(timeout=30)
                if process.is_alive():
                    process.kill()
        if left:
            raise RuntimeError(f"{left} matches never timed out to their end")
        return samples


def deadline_fire():
    from bench import pg_figures

    samples = asyncio.run(_measure(pg_figures.fresh, sized(20, 3)))
    ordered = sorted(samples)
    yield "pg.deadline_fire_ms_p99", round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 1)
    yield "pg.deadline_fire_ms_p50", round(statistics.median(ordered), 1)


def figures() -> list[tuple[str, Measure]]:
    """None where the server does not answer (bench.pg_figures says so in one line)."""
    from bench import pg_figures

    return [("pg.deadline_fire_ms", deadline_fire)] if pg_figures.reachable() else []
