"""Abuse limits: how much one person or one server may have open at once, and how fast one
person may send commands. Pure (no discord, no database): the service counts, this decides.

Every limit is a count; 0 means unlimited.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

EPSILON = 1e-9  # a token refilled "exactly" by float arithmetic still counts as whole


@dataclass(frozen=True)
class Limits:
    open_lobbies_per_user: int = 3       # lobbies one person created and has not started, per server
    active_matches_per_user: int = 20    # open matches (lobby or in progress) one person sits in, per server
    open_matches_per_server: int = 200   # open matches (lobby or in progress) in one server
    bot_matches_per_server: int = 2      # in-progress matches in one server where every seat is a bot
    command_burst: int = 8               # commands (slash or clicks) one person may send at once ...
    command_window_seconds: float = 10.0  # ... refilled evenly over this many seconds

    @classmethod
    def from_settings(cls, settings) -> "Limits":
        return cls(
            open_lobbies_per_user=settings.max_open_lobbies_per_user,
            active_matches_per_user=settings.max_active_matches_per_user,
            open_matches_per_server=settings.max_open_matches_per_server,
            bot_matches_per_server=settings.max_bot_matches_per_server,
            command_burst=settings.command_burst,
            command_window_seconds=settings.command_window_seconds,
        )

    @classmethod
    def unlimited(cls) -> "Limits":
        return cls(0, 0, 0, 0, 0, 0.0)


def reached(limit: int, count: int) -> bool:
    """True when ``count`` things already use up ``limit`` (so one more is refused); 0 = unlimited."""
    return limit > 0 and count >= limit


class CommandRateLimiter:
    """A token bucket per user: ``burst`` commands at once, refilled evenly over ``window``
    seconds (so at most ``burst`` commands in any ``window`` after an idle spell, and a steady
    ``burst / window`` per second after that). A refused command costs nothing.

    Memory stays bounded: a user idle for a whole window has a full bucket again, which is the
    same as not being remembered, so such users are forgotten (oldest first, on every call);
    ``max_users`` caps the table even under a flood of distinct users.
    """

    def __init__(self, burst: int, window_seconds: float, clock: Callable[[], float], *,
                 max_users: int = 100_000):
        self.burst = burst
        self.window = window_seconds
        self.clock = clock
        self.max_users = max_users
        self._buckets: OrderedDict[int, tuple[float, float]] = OrderedDict()  # user -> (tokens, at)

    @property
    def enabled(self) -> bool:
        return self.burst > 0 and self.window > 0

    def __len__(self) -> int:
        return len(self._buckets)

    def acquire(self, user_id: int) -> float:
        """Take one command for ``user_id``: 0.0 if allowed, else the seconds until it would be."""
        if not self.enabled:
            return 0.0
        now = self.clock()
        self._forget_idle(now)
        rate = self.burst / self.window
        tokens, at = self._buckets.pop(user_id, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + max(0.0, now - at) * rate)  # a clock step back adds nothing
        if tokens >= 1.0 - EPSILON:
            self._buckets[user_id] = (tokens - 1.0, now)
            while len(self._buckets) > self.max_users:
                self._buckets.popitem(last=False)
            return 0.0
        self._buckets[user_id] = (tokens, now)
        return (1.0 - tokens) / rate

    def _forget_idle(self, now: float) -> None:
        # Entries are kept in order of last use, so the idle ones are at the front.
        while self._buckets:
            _user, (_tokens, at) = next(iter(self._buckets.items()))
            if now - at < self.window:
                return
            self._buckets.popitem(last=False)


def wait_seconds(retry_after: float) -> int:
    """The whole seconds to tell a person to wait (never 0 when they must wait at all)."""
    return max(1, math.ceil(retry_after - EPSILON))
