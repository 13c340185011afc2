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
    # storage and processes (issue 23): see database_url() and README "Deployment"
    database_url: str = ""              # DATABASE_URL; "" = sqlite:///<database_path>
    database_pool_size: int = 10        # DATABASE_POOL_SIZE: PostgreSQL connections per process (1-100)
    shard_count: int | None = None      # SHARD_COUNT; None = Discord's recommendation
    shard_ids: tuple[int, ...] | None = None  # SHARD_IDS "0,1"; None = every shard
    sync_commands: bool = True          # SYNC_COMMANDS; default: only the process holding shard 0
    health_host: str = "127.0.0.1"      # HEALTH_HOST: /healthz and /metrics listen here
    health_port: int = 0                # HEALTH_PORT; 0 = no endpoint
    log_format: str = "text"            # LOG_FORMAT: text | json (structured lines)
    process_name: str = ""              # PROCESS_NAME: this process in leases and logs; "" = host:pid

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
            **_process_settings(values),
        )

    def store_url(self) -> str:
        """Where matches are kept: DATABASE_URL, else the SQLite file DATABASE_PATH."""
        return self.database_url or f"sqlite:///{self.database_path}"

    def decision_seconds(self, pace: str) -> int:
        if pace == "live":
            return self.live_decision_minutes * 60
        return self.async_decision_hours * 3600


def _shard_ids(raw: str) -> tuple[int, ...] | None:
    raw = raw.strip()
    if not raw:
        return None
    try:
        ids = tuple(int(part) for part in raw.split(",") if part.strip())
    except ValueError:
        raise ValueError(f"SHARD_IDS must be shard numbers separated by commas, like 0,1; not {raw!r}") from None
    if not ids or any(i < 0 for i in ids) or len(set(ids)) != len(ids):
        raise ValueError(f"SHARD_IDS must be distinct shard numbers from 0, like 0,1; not {raw!r}")
    return ids


def _flag(raw: str, name: str) -> bool | None:
    raw = raw.strip().lower()
    if not raw:
        return None
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be true or false, not {raw!r}")


def _whole(name: str, values: Mapping[str, str], default: int, bounds: tuple[int, int], what: str) -> int:
    """The whole number setting ``name`` (``default`` when unset) within ``bounds``; else one line."""
    raw = values.get(name, "").strip()
    try:
        value = int(raw) if raw else default
    except ValueError:
        raise ValueError(f"{name} must be {what}, not {raw!r}") from None
    if not bounds[0] <= value <= bounds[1]:
        raise ValueError(f"{name} must be {bounds[0]}-{bounds[1]}, not {raw!r}")
    return value


def _process_settings(values: Mapping[str, str]) -> dict:
    """The settings for several processes and other databases (README "Deployment")."""
    url = values.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("sqlite://", "postgresql://", "postgres://")):
        raise ValueError(f"DATABASE_URL must start with sqlite:/// or postgresql://, not {url!r}")
    count_raw = values.get("SHARD_COUNT", "").strip()
    try:
        count = int(count_raw) if count_raw else None
    except ValueError:
        raise ValueError(f"SHARD_COUNT must be a whole number of shards, not {count_raw!r}") from None
    if count is not None and count < 1:
        raise ValueError(f"SHARD_COUNT must be 1 or more, not {count_raw!r}")
    ids = _shard_ids(values.get("SHARD_IDS", ""))
    if ids is not None and count is None:
        raise ValueError("SHARD_IDS needs SHARD_COUNT too (every process must agree on the total)")
    if ids is not None and count is not None and max(ids) >= count:
        raise ValueError(f"SHARD_IDS {values.get('SHARD_IDS')!r} names a shard past SHARD_COUNT={count}")
    sync = _flag(values.get("SYNC_COMMANDS", ""), "SYNC_COMMANDS")
    port = _whole("HEALTH_PORT", values, 0, (0, 65535), "a port number (0 = none)")
    pool = _whole("DATABASE_POOL_SIZE", values, 10, (1, 100), "a whole number of connections")
    log_format = values.get("LOG_FORMAT", "").strip().lower() or "text"
    if log_format not in ("text", "json"):
        raise ValueError(f"LOG_FORMAT must be text or json, not {log_format!r}")
    return {
        "database_url": url,
        "database_pool_size": pool,
        "shard_count": count,
        "shard_ids": ids,
        "sync_commands": sync if sync is not None else (ids is None or 0 in ids),
        "health_host": values.get("HEALTH_HOST", "").strip() or "127.0.0.1",
        "health_port": port,
        "log_format": log_format,
        "process_name": values.get("PROCESS_NAME", "").strip(),
    }
