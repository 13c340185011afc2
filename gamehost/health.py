"""``/healthz`` and ``/metrics`` over HTTP, for a supervisor and Prometheus (HEALTH_HOST,
HEALTH_PORT; bot.py starts it in setup_hook when the port is set, stops it on close).

``/healthz`` answers 200 with ``{"gateway": true, "database": true, "render_workers": true,
"shards": [...]}`` when the bot is connected to Discord, the database answers a ``SELECT 1``
and no render worker died; otherwise 503 with the same JSON, the failing parts false (and
``"failed"`` naming them). ``/metrics`` is gamehost/metrics.py's registry in Prometheus' text
format. aiohttp (which discord.py brings) serves both; nothing here imports discord: the bot
hands in its checks.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Callable

from aiohttp import web

from gamehost.metrics import CONTENT_TYPE, Metrics

log = logging.getLogger(__name__)

DATABASE_TIMEOUT = 2.0  # seconds a ping may take before the database counts as unreachable


@dataclass
class Checks:
    """What /healthz asks the bot (bot.py ``GameBot.health_checks``)."""

    gateway: Callable[[], bool]                  # ready and not closed
    shards: Callable[[], list[dict[str, Any]]]   # [{"id": 0, "connected": true, "latency_ms": 41}, ...]
    store: Callable[[], Any]                     # the open store, or None before/after
    render_workers: Callable[[], bool]


async def database_ok(store: Any) -> bool:
    if store is None:
        return False
    ping = getattr(store, "ping", None)
    if ping is None:  # a store without ping (an older one): it answers if it is open
        return getattr(store, "db", None) is not None
    try:
        await asyncio.wait_for(ping(), DATABASE_TIMEOUT)
    except Exception as error:
        log.warning("healthz: the database does not answer: %s", error or type(error).__name__)
        return False
    return True


async def health(checks: Checks) -> tuple[int, dict[str, Any]]:
    """(HTTP status, body) of /healthz."""
    body: dict[str, Any] = {
        "gateway": bool(checks.gateway()),
        "database": await database_ok(checks.store()),
        "render_workers": bool(checks.render_workers()),
    }
    failed = [name for name, ok in body.items() if not ok]
    try:
        body["shards"] = checks.shards()
    except Exception as error:  # the shard list is information, not a check
        log.warning("healthz: shards not listed: %s", error)
        body["shards"] = []
    if failed:
        body["failed"] = failed
    return (503 if failed else 200), body


class HealthServer:
    """The HTTP endpoint. ``port`` 0 picks a free port (tests); ``port`` tells which."""

    def __init__(self, checks: Checks, metrics: Metrics, host: str = "127.0.0.1", port: int = 0):
        self.checks = checks
        self.metrics = metrics
        self.host = host
        self.requested_port = port
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        return app

    async def start(self) -> None:
        runner = web.AppRunner(self.app(), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.requested_port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        log.info("health and metrics at http://%s:%s/healthz and /metrics", self.host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _healthz(self, request: web.Request) -> web.Response:
        status, body = await health(self.checks)
        return web.json_response(body, status=status)

    async def _metrics(self, request: web.Request) -> web.Response:
        await self.metrics.refresh()
        return web.Response(body=self.metrics.text(), headers={"Content-Type": CONTENT_TYPE})
