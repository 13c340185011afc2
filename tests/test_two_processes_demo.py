"""scripts/two_processes.py, the demo of two bot processes sharing one database (issue 23),
run as a person runs it, tiny (three matches, 20 moves per process): on a SQLite file, and
with its default, a fresh database on the PostgreSQL server of ``DATABASE_TEST_URL`` that
the script makes and drops itself. Where no server answers, the PostgreSQL case skips with
one line (``REQUIRE_POSTGRES=1`` makes that a failure)."""
from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from tests.support.databases import require_postgres, server_url

ROOT = Path(__file__).resolve().parent.parent


def run_demo(cwd: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "two_processes.py"), "--matches", "3",
                           "--actions", "20", *options],
                          capture_output=True, text=True, timeout=300, cwd=cwd,
                          env={**os.environ, "DATABASE_TEST_URL": server_url()})


def check_report(done: subprocess.CompletedProcess) -> None:
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {m.group(1): (int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"^(p\d)\s+(\d+)\s+(\d+)\s", done.stdout, re.MULTILINE)}
    assert set(rows) == {"p0", "p1"}, done.stdout
    assert all(committed == 20 for committed, _lost in rows.values()), done.stdout  # both did their share
    assert "every match equals a replay of its log (3 of 3)" in done.stdout
    assert "every version was committed by exactly one process" in done.stdout
    assert "PROBLEM" not in done.stdout


def test_two_processes_on_sqlite(tmp_path):
    check_report(run_demo(tmp_path, "--database-url", f"sqlite:///{tmp_path / 'demo.sqlite3'}"))


async def demo_databases() -> set[str]:
    connection = await asyncpg.connect(server_url(), timeout=10)
    try:
        return {r["datname"] for r in await connection.fetch("SELECT datname FROM pg_database")
                if r["datname"].startswith("demo_")}
    finally:
        await connection.close()


async def test_two_processes_on_a_fresh_postgresql_database(tmp_path):
    await require_postgres()
    done = await asyncio.to_thread(run_demo, tmp_path)
    check_report(done)
    made = re.search(r"on postgresql://\S+/(demo_[0-9a-f]{8});", done.stdout)
    assert made, done.stdout
    # its own database is dropped again (other tests running meanwhile may make theirs)
    assert made.group(1) not in await demo_databases()
