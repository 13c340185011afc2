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


def test_process_settings_defaults_and_checks():
    import pytest
    from gamehost.config import Settings

    s = Settings.from_env({})
    assert s.store_url() == "sqlite:///data/matches.sqlite3"
    assert (s.shard_count, s.shard_ids, s.sync_commands, s.health_port, s.log_format) == (None, None, True, 0, "text")
    s = Settings.from_env({"DATABASE_URL": "postgresql://postgres@127.0.0.1/x", "SHARD_COUNT": "4",
                           "SHARD_IDS": "2,3", "HEALTH_PORT": "8081", "LOG_FORMAT": "JSON"})
    assert s.store_url() == "postgresql://postgres@127.0.0.1/x"
    assert s.shard_ids == (2, 3) and not s.sync_commands  # only the process with shard 0 syncs
    assert s.health_port == 8081 and s.log_format == "json"
    assert Settings.from_env({"SHARD_COUNT": "2", "SHARD_IDS": "0"}).sync_commands
    assert not Settings.from_env({"SYNC_COMMANDS": "no"}).sync_commands
    assert (s.database_pool_size, Settings.from_env({"DATABASE_POOL_SIZE": "4"}).database_pool_size) == (10, 4)
    for bad in ({"DATABASE_POOL_SIZE": "0"}, {"DATABASE_POOL_SIZE": "101"}, {"DATABASE_POOL_SIZE": "ten"},
                {"SHARD_IDS": "0,1"}, {"SHARD_COUNT": "2", "SHARD_IDS": "1,2"}, {"SHARD_COUNT": "0"},
                {"DATABASE_URL": "mysql://x"}, {"HEALTH_PORT": "http"}, {"LOG_FORMAT": "xml"},
                {"SYNC_COMMANDS": "maybe"}, {"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}):
        with pytest.raises(ValueError):
            Settings.from_env(bad)


def test_a_wrong_setting_is_one_plain_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py")],
                          env={**env, "DISCORD_TOKEN": "x", "SHARD_IDS": "0,1"},
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert proc.returncode == 2
    assert "SHARD_IDS needs SHARD_COUNT" in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
