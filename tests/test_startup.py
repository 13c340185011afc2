"""Running the bot without a token explains what to do instead of failing with a traceback."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_run_without_token_says_what_to_do(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DATABASE_PATH"] = str(tmp_path / "x.sqlite3")
    # run from a copy-free temp cwd so a developer's .env is not read
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py")], env={**env, "DISCORD_TOKEN": ""},
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert proc.returncode == 2
    assert "DISCORD_TOKEN is not set" in proc.stderr
    assert "./scripts/playground.sh" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_settings_defaults_and_overrides():
    from gamehost.config import Settings

    s = Settings.from_env({})
    assert s.token is None and s.database_path == "data/matches.sqlite3"
    assert s.decision_seconds("live") == 600 and s.decision_seconds("async") == 86400
    s = Settings.from_env({"DISCORD_TOKEN": "x", "LIVE_DECISION_MINUTES": "3", "SYNC_GUILD_ID": "42"})
    assert s.token == "x" and s.decision_seconds("live") == 180 and s.sync_guild_id == 42
