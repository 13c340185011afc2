"""``pg.deadline_takeover_ms_max`` (issue 23: "when a process is killed, a live one takes its
deadlines over within one scheduler period"): a process holding the leases of due reminders is
killed (SIGKILL) in the middle of firing them, and a live process on the same fresh PostgreSQL
database fires them; one sample per held match: from the kill to the live process's first firing
for it (the reminder, or the timeout when the deadline came first).
``_p50`` beside it, and ``pg.deadline_takeover_bound_ms``: what gamehost/leases.py promises
(``LEASE_SECONDS`` for the dead process's last renewal to run out, plus one
``SCHEDULER_PERIOD`` for the live process's next poll).

The doomed process starts MATCHES two-player races (the test toy) whose reminders hang in its
reminder callback, so it holds their leases, renewing them, until it is killed. The live
process knows none of those matches: only its poll of due rows finds them. On a loaded machine
the doomed process can miss renewing its 1-s leases before the kill, and the live one has then
taken every reminder already: such a run measures nothing and is made again (``ATTEMPTS``).
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.run import Measure, sized

DECISION_SECONDS = 4  # the reminder is due half way
WAIT_SECONDS = 120
ATTEMPTS = 3  # a run whose doomed process held nothing when killed measures nothing: again


def _register() -> None:
    from gamehost import registry
    registry.GAMES["race"] = registry.GamePlugin("race", "tests.support.toy")


def _note(path: str, entry: list) -> None:
    with open(path, "a") as out:
        out.write(json.dumps(entry) + "\n")


async def _serve(url: str, name: str, events: str, matches: int) -> None:
    from gamehost.service import MatchService
    from gamehost.store import Store

    store = Store(url)
    await store.open()
    service = MatchService(store, time.time, reminder_fraction=0.5)
    await service.follow_other_processes()  # as bot.py: other processes' commits and leases heard
    doomed = name == "doomed"

    async def on_remind(row) -> None:
        _note(events, [name, row.id, time.time()])
        if doomed:
            await asyncio.sleep(3600)  # holds the lease until killed

    async def on_expired(outcome) -> None:  # the held reminder's deadline may pass first
        _note(events, [name, outcome.match.id, time.time()])

    service.listen(on_remind=on_remind, on_expired=on_expired)
    for channel in range(1, matches + 1) if doomed else ():
        await service.create(guild_id=1, channel_id=channel, creator_id=channel * 10, creator_name="a",
                             game="race", options={"target": 5}, decision_seconds=DECISION_SECONDS)
        await service.join(channel, channel * 10 + 1, "b")
        await service.start(channel, channel * 10)
    await service.rearm_all()
    _note(events, [name, 0, time.time()])
    await asyncio.sleep(3600)


def _process(url: str, name: str, events: str, matches: int) -> None:
    _register()
    asyncio.run(_serve(url, name, events, matches))


def _lines(path: str) -> list[list]:
    return [json.loads(line) for line in Path(path).read_text().splitlines()] if Path(path).exists() else []


async def _wait(condition, what: str, processes=()) -> None:
    until = time.monotonic() + WAIT_SECONDS
    while not condition():
        if any(p.exitcode not in (None, -signal.SIGKILL) for p in processes):
            raise RuntimeError("a bench process died")
        if time.monotonic() > until:
            raise RuntimeError(f"waited too long for {what}")
        await asyncio.sleep(0.02)


async def _measure(fresh, matches: int) -> list[float]:
    async with fresh() as url:
        from gamehost.store import open_store
        await (await open_store(url)).close()
        events = os.path.join(tempfile.mkdtemp(prefix="takeover-"), "events")
        context = multiprocessing.get_context("spawn")
        live = context.Process(target=_process, args=(url, "live", events, 0))
        doomed = context.Process(target=_process, args=(url, "doomed", events, matches))
        live.start()
        doomed.start()
        try:
            def fired(name: str) -> set[int]:
                return {e[1] for e in _lines(events) if e[0] == name and e[1]}
            await _wait(lambda: len(fired("doomed") | fired("live")) >= matches, "every reminder fired once", (live, doomed))
            held = fired("doomed") - fired("live")
            os.kill(doomed.pid or 0, signal.SIGKILL)
            killed_at = time.time()
            await _wait(lambda: held <= fired("live"), "the live process taking the reminders over", (live,))
            first: dict[int, float] = {}
            for who, match_id, at in _lines(events):
                if who == "live" and match_id in held and at >= killed_at:
                    first.setdefault(match_id, (at - killed_at) * 1000)
            return list(first.values())
        finally:
            for process in (live, doomed):
                process.kill()
                process.join(timeout=30)


def takeover():
    from bench import pg_figures
    from gamehost import leases

    samples: list[float] = []
    for attempt in range(1, ATTEMPTS + 1):
        samples = sorted(asyncio.run(_measure(pg_figures.fresh, sized(10, 3))))
        if samples:
            break
        # the live process had taken every reminder over before the kill: on a loaded machine
        # the doomed one can miss renewing its 1-s leases (seen in CI, two test workers busy)
        print(f"bench: pg.deadline_takeover_ms: the doomed process held no reminder when it was killed "
              f"(attempt {attempt} of {ATTEMPTS})", file=sys.stderr, flush=True)
    if not samples:
        raise RuntimeError(f"the doomed process held no reminder when it was killed, {ATTEMPTS} times")
    yield "pg.deadline_takeover_ms_max", round(samples[-1], 1)
    yield "pg.deadline_takeover_ms_p50", round(statistics.median(samples), 1)
    # the bot's period, not this process's (a SimCord figure run before sets it to 0 here)
    yield "pg.deadline_takeover_bound_ms", round((leases.LEASE_SECONDS + leases.DEFAULT_SCHEDULER_PERIOD) * 1000, 1)


def figures() -> list[tuple[str, Measure]]:
    """None where the server does not answer (bench.pg_figures says so in one line)."""
    from bench import pg_figures

    return [("pg.deadline_takeover_ms", takeover)] if pg_figures.reachable() else []
