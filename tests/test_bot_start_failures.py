"""A bot that cannot start says why in one plain line and exits non-zero (issue 22, item 8):
a token Discord rejects, or no way to reach Discord. Run as the README runs it (bot.py's main,
in a real subprocess); Discord is a closed local port or a local server that answers 401, so
the test needs no network."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# bot.py run as `python bot.py` does, with discord.py's API address pointed at ``base``
RUN = ("import runpy, sys, discord.http; discord.http.Route.BASE = sys.argv[1]; "
       "sys.argv = [sys.argv[2]]; runpy.run_path(sys.argv[0], run_name='__main__')")


def start_bot(base: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "DISCORD_TOKEN": "MTIz.fake.token", "DATABASE_PATH": str(tmp_path / "x.sqlite3"),
           "LOG_LEVEL": "INFO"}
    return subprocess.run([sys.executable, "-c", RUN, base, str(ROOT / "bot.py")], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


class Rejecting(BaseHTTPRequestHandler):
    """Discord's answer to a bad token: 401 on ``GET /users/@me``."""

    def do_GET(self):
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def rejecting_discord():
    server = HTTPServer(("127.0.0.1", 0), Rejecting)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    server.shutdown()
    server.server_close()


def one_line(proc: subprocess.CompletedProcess) -> str:
    out = (proc.stdout + proc.stderr).strip()
    assert "Traceback" not in out, out
    assert len(out.splitlines()) == 1, out
    return out


def test_a_token_discord_rejects_is_said_in_one_line(rejecting_discord, tmp_path):
    proc = start_bot(rejecting_discord, tmp_path)
    line = one_line(proc)
    assert proc.returncode == 2
    assert "Discord rejected DISCORD_TOKEN" in line and "Developer Portal" in line and ".env" in line


def test_no_way_to_reach_discord_is_said_in_one_line(tmp_path):
    proc = start_bot(f"http://127.0.0.1:{closed_port()}/api/v10", tmp_path)
    line = one_line(proc)
    assert proc.returncode == 2
    assert line.startswith("Could not reach Discord (") and "network connection" in line
    assert "refused" in line.lower()  # the reason, in a few words
