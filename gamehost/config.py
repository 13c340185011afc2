"""Settings from the environment (and an optional ``.env`` file)."""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, TypeVar

Number = TypeVar("Number", int, float)


def load_dotenv(path: Path) -> None:
    """Minimal .env reader: KEY=VALUE lines; the real environment wins."""
    if not path.is_file():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        os.environ.setdefault(key.strip(), value.strip().strip('"').strip("'"))


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: str
    live_decision_minutes: int
    async_decision_hours: int
    reminder_fraction: float
    sync_guild_id: int | None
    log_level: str
    match_seed: int | None = None
    render_workers: int | None = None  # None: one per core (at most 4); 0: draw in a thread
    hot_matches: int = 256
    cached_matches: int = 20_000
    # abuse limits (gamehost.limits); 0 = unlimited
    max_open_lobbies_per_user: int = 3
    max_active_matches_per_user: int = 20
    max_open_matches_per_server: int = 200
    max_bot_matches_per_server: int = 2
    command_burst: int = 8
    command_window_seconds: float = 10.0
    # tournament limits (gamehost.tournament_limits); 0 = unlimited (the interval: no pacing)
    max_tournaments_per_user: int = 2
    max_tournaments_per_server: int = 5
    max_bots_per_tournament: int = 8
    tournament_thread_burst: int = 5
    tournament_thread_interval_seconds: float = 1.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        values: Mapping[str, str] = os.environ if env is None else env

        def integer(name: str, default: int) -> int:
            raw = values.get(name, "").strip()
            return int(raw) if raw else default

        def limit(name: str, default: Number, kind: Callable[[str], Number]) -> Number:
            raw = values.get(name, "").strip()
            try:
                value = kind(raw) if raw else default
            except ValueError:
                raise ValueError(f"{name} must be a number (0 = unlimited), not {raw!r}") from None
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be 0 (unlimited) or more, not {raw!r}")
            return value

        return cls(
            token=(values.get("DISCORD_TOKEN") or "").strip() or None,
            database_path=values.get("DATABASE_PATH", "").strip() or "data/matches.sqlite3",
            live_decision_minutes=integer("LIVE_DECISION_MINUTES", 10),
            async_decision_hours=integer("ASYNC_DECISION_HOURS", 24),
            reminder_fraction=float(values.get("REMINDER_FRACTION", "").strip() or 0.25),
            sync_guild_id=integer("SYNC_GUILD_ID", 0) or None,
            log_level=values.get("LOG_LEVEL", "").strip() or "INFO",
            match_seed=integer("MATCH_SEED", -1) if values.get("MATCH_SEED", "").strip() else None,
            render_workers=integer("RENDER_WORKERS", -1) if values.get("RENDER_WORKERS", "").strip() else None,
            hot_matches=integer("HOT_MATCHES", 256),
            cached_matches=integer("CACHED_MATCHES", 20_000),
            max_open_lobbies_per_user=limit("MAX_OPEN_LOBBIES_PER_USER", 3, int),
            max_active_matches_per_user=limit("MAX_ACTIVE_MATCHES_PER_USER", 20, int),
            max_open_matches_per_server=limit("MAX_OPEN_MATCHES_PER_SERVER", 200, int),
            max_bot_matches_per_server=limit("MAX_BOT_MATCHES_PER_SERVER", 2, int),
            command_burst=limit("COMMAND_BURST", 8, int),
            command_window_seconds=limit("COMMAND_WINDOW_SECONDS", 10.0, float),
            max_tournaments_per_user=limit("MAX_TOURNAMENTS_PER_USER", 2, int),
            max_tournaments_per_server=limit("MAX_TOURNAMENTS_PER_SERVER", 5, int),
            max_bots_per_tournament=limit("MAX_BOTS_PER_TOURNAMENT", 8, int),
            tournament_thread_burst=limit("TOURNAMENT_THREAD_BURST", 5, int),
            tournament_thread_interval_seconds=limit("TOURNAMENT_THREAD_INTERVAL_SECONDS", 1.0, float),
        )

    def decision_seconds(self, pace: str) -> int:
        if pace == "live":
            return self.live_decision_minutes * 60
        return self.async_decision_hours * 3600
