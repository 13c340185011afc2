"""Where no PostgreSQL server answers, the PostgreSQL cases skip with one line saying why,
and ``REQUIRE_POSTGRES=1`` (CI) makes them fail instead; ``ping`` raises for a server that
is gone. Runs pytest itself on one contract test, pointed at a port nobody listens on."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gamehost.db.postgres import PostgresDatabase

ROOT = Path(__file__).resolve().parent.parent.parent
TEST = "tests/store/test_store_contract.py::test_ping_and_schema"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_pytest(url: str, require: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("REQUIRE_POSTGRES", "PYTEST_XDIST_WORKER")}
    env["DATABASE_TEST_URL"] = url
    if require:
        env["REQUIRE_POSTGRES"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:xdist", TEST], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_an_unreachable_server_skips_with_one_line_or_fails_when_required():
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/test"
    skipped = run_pytest(url, require=False)
    assert skipped.returncode == 0, skipped.stdout + skipped.stderr
    assert skipped.stdout.startswith(".s"), skipped.stdout  # SQLite ran, PostgreSQL skipped
    lines = [line for line in skipped.stdout.splitlines() if "PostgreSQL not reachable at" in line]
    assert len(lines) == 1 and url in lines[0] and "set DATABASE_TEST_URL or start PostgreSQL" in lines[0]
    required = run_pytest(url, require=True)
    assert required.returncode == 1 and required.stdout.startswith(".E"), required.stdout  # an error at setup
    assert "REQUIRE_POSTGRES=1" in required.stdout


async def test_ping_raises_when_the_server_is_gone():
    db = PostgresDatabase(f"postgresql://postgres@127.0.0.1:{free_port()}/test")
    with pytest.raises(OSError):
        await db.open()
    with pytest.raises(RuntimeError):
        await db.ping()
