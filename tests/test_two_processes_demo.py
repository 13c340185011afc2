"""scripts/two_processes.py, the demo of two bot processes sharing one database (issue 23),
run as a person runs it, tiny: two spawned processes on one SQLite file, three matches."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_two_processes_share_the_matches_and_every_match_replays(tmp_path):
    url = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "two_processes.py"), "--database-url", url,
                           "--matches", "3", "--actions", "20"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {m.group(1): (int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"^(p\d)\s+(\d+)\s+(\d+)\s", done.stdout, re.MULTILINE)}
    assert set(rows) == {"p0", "p1"}, done.stdout
    assert all(committed == 20 for committed, _lost in rows.values()), done.stdout  # both did their share
    assert "every match equals a replay of its log (3 of 3)" in done.stdout
    assert "every version was committed by exactly one process" in done.stdout
    assert "PROBLEM" not in done.stdout
