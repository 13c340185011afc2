"""One Ctrl+C stops the playground (issue 22, item 8): `python -m playground` in a real
subprocess, SIGINT once it is ready; it exits by itself, cleanly (it used to hang in
threading._shutdown on the database's thread, and a second Ctrl+C printed a traceback).

The guard below is far above the time it takes (a fraction of a second; the issue asks for
2 s): it catches the hang, it does not measure the exit."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HANG = 30  # seconds: a playground still running after one Ctrl+C by then hangs


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_one_ctrl_c_stops_the_playground(tmp_path):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "playground", "--database", str(tmp_path / "pg.sqlite3")],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        started = []
        for line in proc.stdout:
            started.append(line)
            if "Ctrl+C" in line:
                break
        assert any("Ctrl+C" in line for line in started), "".join(started)
        proc.send_signal(signal.SIGINT)
        try:
            rest, _ = proc.communicate(timeout=HANG)
        except subprocess.TimeoutExpired:
            pytest.fail("the playground kept running after one Ctrl+C")
        assert proc.returncode == 0, rest
        assert "Traceback" not in rest and "Exception ignored" not in rest, rest
        assert "Playground stopped." in rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
