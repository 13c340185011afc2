"""Settings from the environment (and an optional ``.env`` file)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


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

    @classmethod
    def from_env(cls, env: dict | None = None) -> "Settings":
        env = os.environ if env is None else env

        def integer(name: str, default: int) -> int:
            raw = env.get(name, "").strip()
            return int(raw) if raw else default

        return cls(
            token=(env.get("DISCORD_TOKEN") or "").strip() or None,
            database_path=env.get("DATABASE_PATH", "").strip() or "data/matches.sqlite3",
            live_decision_minutes=integer("LIVE_DECISION_MINUTES", 10),
            async_decision_hours=integer("ASYNC_DECISION_HOURS", 24),
            reminder_fraction=float(env.get("REMINDER_FRACTION", "").strip() or 0.25),
            sync_guild_id=integer("SYNC_GUILD_ID", 0) or None,
            log_level=env.get("LOG_LEVEL", "").strip() or "INFO",
            match_seed=integer("MATCH_SEED", -1) if env.get("MATCH_SEED", "").strip() else None,
        )

    def decision_seconds(self, pace: str) -> int:
        if pace == "live":
            return self.live_decision_minutes * 60
        return self.async_decision_hours * 3600
