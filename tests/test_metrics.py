"""Prometheus metrics (gamehost/metrics.py): fresh registries per test, the figures a played
game leaves, deadlines due and fired, the render queue, and no secret in any label: the
/metrics text after a whole Clash duel names no seat, no user and no card a seat held hidden."""
from __future__ import annotations

import asyncio
import threading

from engine.clash import GAME
from gamehost.metrics import Metrics
from gamehost.workers import THREADS, Renderer
from tests.games.clash.behaviour.test_play import create_duel, play_one_step
from tests.behaviour.helpers import finish_setup
from tests.support.logs import strings

MAX_STEPS = 600


def value(metrics: Metrics, name: str, **labels: str) -> float:
    return metrics.registry.get_sample_value(name, labels) or 0.0


def test_each_metrics_has_a_registry_of_its_own():
    one, two = Metrics(), Metrics()
    one.commands.labels(game="clash", command="clash new", outcome="ok").inc()
    assert value(one, "commands_total", game="clash", command="clash new", outcome="ok") == 1
    assert value(two, "commands_total", game="clash", command="clash new", outcome="ok") == 0
    assert b"commands_total" not in __import__("prometheus_client").generate_latest()  # not the global one


async def test_boards_beyond_the_drawing_threads_are_queued():
    renderer, release, started = Renderer(0), threading.Event(), threading.Semaphore(0)

    def draw() -> bytes:
        started.release()
        release.wait(30)
        return b"png"

    jobs = [asyncio.ensure_future(renderer.run((draw, {}))) for _ in range(THREADS + 3)]
    for _ in range(THREADS):
        await asyncio.to_thread(started.acquire)
    assert renderer.queued() == 3
    release.set()
    assert await asyncio.gather(*jobs) == [b"png"] * (THREADS + 3)
    assert renderer.queued() == 0


def secrets_of(state) -> set[str]:
    """What some seat's view shows that the public view does not (its hand, its deck)."""
    public = strings(GAME.view(state, None))
    return {s for seat in (0, 1) for s in strings(GAME.view(state, seat)) - public}


async def test_a_played_duel_is_counted_and_its_metrics_hold_no_secret(world):
    metrics = world.bot.metrics
    row = await create_duel(world)
    await finish_setup(world)
    hidden: set[str] = set()
    for _ in range(MAX_STEPS):
        row = await world.service.load(row.id)
        if row.status != "active":
            break
        hidden |= secrets_of(row.state)
        await play_one_step(world)
    assert row.status == "finished"
    await metrics.refresh()
    text = metrics.text().decode()
    assert value(metrics, "commands_total", game="clash", command="clash new", outcome="ok") == 1
    assert value(metrics, "commands_total", game="clash", command="join", outcome="ok") == 1
    assert value(metrics, "commands_total", game="clash", command="clash play", outcome="ok") >= 1
    assert value(metrics, "command_seconds_count", game="clash") >= 3
    assert value(metrics, "open_matches", game="clash") == 0  # finished
    refused = await world.carol.slash(world.channel, "match resign")  # not seated: refused
    assert refused.ephemeral
    assert sum(s.value for m in metrics.registry.collect() for s in m.samples
               if s.name == "commands_total" and s.labels["outcome"] == "refused") == 1
    people = {world.alice, world.bob, world.carol}
    named = {p.name for p in people} | {str(p.id) for p in people} | {s["name"] for s in row.seats}
    hidden = {s for s in hidden if len(s) >= 3}
    assert hidden, "the duel held no hidden card?"
    leaked = sorted(s for s in hidden | named if s in text)
    assert not leaked, leaked


async def test_deadlines_due_and_fired(world):
    metrics = world.bot.metrics
    await create_duel(world, minutes=4)
    await finish_setup(world)
    await world.env.advance_time(3 * 60 + 5)  # the reminder
    assert value(metrics, "deadlines_due_total", kind="remind") == 1
    assert value(metrics, "deadlines_fired_total", kind="remind") == 1
    await world.env.advance_time(60)  # the timeout's safe default
    assert value(metrics, "deadlines_due_total", kind="expire") == 1
    assert value(metrics, "deadlines_fired_total", kind="expire") == 1
