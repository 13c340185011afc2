"""Prometheus metrics of one bot process (served at /metrics by gamehost/health.py).

The metrics live in a registry of their own (never prometheus_client's global one), so a test
makes fresh ones with ``Metrics()``. The process's current set is ``current()``; the bot
installs its own at start (``install``), and the counting points (cogs/served.py,
gamehost/timers.py, gamehost/deadlines.py, gamehost/store_errors.py) call ``current()``.

Labels name games, commands, outcomes and kinds of deadline only: never a user, a seat, a
card or anything else a player could keep secret.
"""
from __future__ import annotations

import logging
from typing import Awaitable, Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

#: open matches per game, from the database (``Store.open_match_counts``)
OpenCounts = Callable[[], Awaitable[dict[str, int]]]

log = logging.getLogger(__name__)

CONTENT_TYPE = CONTENT_TYPE_LATEST
#: from an interaction's arrival to the end of its reply (seconds)
LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.commands = Counter("commands", "Slash commands and components served, by outcome (ok, refused, error)",
                                ["game", "command", "outcome"], registry=r)
        self.command_seconds = Histogram("command_seconds", "From an interaction's arrival to the end of its reply",
                                         ["game"], buckets=LATENCY_BUCKETS, registry=r)
        self.open_matches = Gauge("open_matches", "Matches in a lobby or in progress (the database, at scrape time)",
                                  ["game"], registry=r)
        self.deadlines_due = Counter("deadlines_due", "Reminders and decision deadlines that came due in this process",
                                     ["kind"], registry=r)
        self.deadlines_fired = Counter("deadlines_fired", "Due reminders sent and timeout policies applied "
                                       "(a deadline another process or a move answered first is due, not fired)",
                                       ["kind"], registry=r)
        self.render_queue = Gauge("render_queue_length", "Boards waiting for a free render worker", registry=r)
        self.database_errors = Counter("database_errors", "Store calls that raised (version conflicts and "
                                       "duplicate keys, which the service expects, not counted)", registry=r)
        self._open_counts: OpenCounts | None = None

    def watch(self, open_counts: OpenCounts, render_queue: Callable[[], int]) -> None:
        """What the scrape-time figures are read from: the store, the render pool."""
        self._open_counts = open_counts
        self.render_queue.set_function(lambda: float(render_queue()))

    async def refresh(self) -> None:
        """Read the figures that are computed at scrape time (``open_matches``)."""
        if self._open_counts is None:
            return
        from gamehost.registry import plugins  # the games' modules load with the bot, not with this one
        counts = {game.id: 0 for game in plugins()}
        try:
            # one GROUP BY over the open matches (Store.open_match_counts): every process's
            # matches, not only the ones this process has cached. Measured on SQLite with
            # 100,000 open of 150,000 stored: 73 ms median (load 4.3), off the event loop.
            counts.update(await self._open_counts())
        except Exception as error:  # the scrape still answers; /healthz names the database
            log.warning("open matches not counted for /metrics: %s", error)
            return
        for game, count in counts.items():
            self.open_matches.labels(game=game).set(count)

    def text(self) -> bytes:
        """The registry in Prometheus' text exposition format."""
        return generate_latest(self.registry)


_current = Metrics()


def current() -> Metrics:
    """The metrics this process counts into."""
    return _current


def install(metrics: Metrics) -> Metrics:
    """Make ``metrics`` the process's current set (the bot does at start)."""
    global _current
    _current = metrics
    return metrics
