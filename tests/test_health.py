"""/healthz and /metrics (gamehost/health.py) served on loopback for the real bot under
SimCord, read with aiohttp's client: 200 and every check true while all is well; 503 naming
the part that failed when the database is closed or a render worker process is killed."""
from __future__ import annotations

import asyncio
import os
import signal
import socket

import aiohttp
import pytest
import pytest_asyncio

from bot import create_bot
from gamehost import workers
from gamehost.config import Settings
from gamehost.health import HealthServer

ALL_WELL = {"gateway": True, "database": True, "render_workers": True}


async def get(server: HealthServer, path: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{server.port}{path}") as response:
            return response.status, response.headers["Content-Type"], await response.text()


async def healthz(server: HealthServer) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{server.port}/healthz") as response:
            return response.status, await response.json()


@pytest_asyncio.fixture
async def served(world):
    server = HealthServer(world.bot.health_checks(), world.bot.metrics, "127.0.0.1", 0)
    await server.start()
    yield server
    await server.stop()


async def test_all_well_is_200_with_every_check_true(world, served):
    status, body = await healthz(served)
    assert status == 200
    assert {k: body[k] for k in ALL_WELL} == ALL_WELL and "failed" not in body
    assert body["shards"] == [{"id": 0, "connected": True, "latency_ms": body["shards"][0]["latency_ms"]}]


async def test_metrics_serves_the_bots_registry(world, served):
    await world.alice.slash(world.channel, "clash new")
    status, kind, text = await get(served, "/metrics")
    assert status == 200 and kind.startswith("text/plain")
    assert 'commands_total{command="clash new",game="clash",outcome="ok"} 1.0' in text
    assert 'command_seconds_count{game="clash"} 1.0' in text
    assert 'open_matches{game="clash"} 1.0' in text  # the lobby, counted in the database
    for name in ("deadlines_due_total", "deadlines_fired_total", "render_queue_length", "database_errors_total"):
        assert f"# TYPE {name.removesuffix('_total')}" in text, name


@pytest.mark.simcord(check_errors=False)  # the command fails with the database: on purpose
async def test_a_closed_database_is_503_named(world, served):
    await world.bot.host.service.store.close()
    status, body = await healthz(served)
    assert status == 503 and body["failed"] == ["database"]
    assert body["database"] is False and body["gateway"] is True and body["render_workers"] is True
    # what fails meanwhile is counted: the ping, then the command's store call
    before = database_errors(world.bot)
    await world.alice.slash(world.channel, "match mine")
    assert database_errors(world.bot) > before
    _, _, text = await get(served, "/metrics")
    assert f"database_errors_total {database_errors(world.bot):.1f}" in text


def database_errors(bot) -> float:
    return bot.metrics.registry.get_sample_value("database_errors_total")


async def test_a_closed_gateway_is_503_named(world, served):
    await world.bot.close()  # the Discord connection too (and the services)
    status, body = await healthz(served)
    assert status == 503 and "gateway" in body["failed"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_killed_render_worker_is_503_named_until_a_new_pool_draws(db_path):
    """Outside SimCord (worker processes cannot start under its still clock): the bot's own
    setup_hook starts the endpoint on HEALTH_PORT; it is not connected to Discord, so the
    gateway check fails throughout, and the render workers' fails once a worker is killed."""
    port = free_port()
    bot = create_bot(Settings.from_env({"DATABASE_PATH": db_path, "SYNC_COMMANDS": "false",
                                        "RENDER_WORKERS": "1", "HEALTH_PORT": str(port)}))
    await bot.setup_hook()
    try:
        server = bot.health
        assert server is not None and server.port == port
        renderer = bot.host.renderer
        renderer.warm()
        status, body = await healthz(server)
        assert status == 503 and body["failed"] == ["gateway"] and body["render_workers"] is True
        pool = workers._POOLS[1]
        for pid in pool.pids():
            os.kill(pid, signal.SIGKILL)
        for _ in range(400):  # the worker's reader thread notices it died
            status, body = await healthz(server)
            if not body["render_workers"]:
                break
            await asyncio.sleep(0.05)
        assert body["failed"] == ["gateway", "render_workers"]
        assert await renderer.run((workers.default_workers, {})) >= 1  # the next board: a new pool
        assert (await healthz(server))[1]["failed"] == ["gateway"]
    finally:
        await bot.close_services()
    assert bot.health is None
    with pytest.raises(aiohttp.ClientConnectionError):  # stopped with the bot
        await healthz(server)
