"""Every package of the project stays at 0 mypy errors (issue 21, item 4: checked types).

mypy runs as a subprocess with the project's settings (pyproject.toml ``[tool.mypy]``) over
CLEAN: engine, render, gamehost, cogs, bench, tools, bot.py and playground.py (the tests
are not type-checked). NOT_YET can exclude a part while it is being typed; it is empty.
The cache lives in .mypy_cache/clean (git-ignored), so a run after the first takes a few
seconds.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: files and packages with no mypy errors, relative to the project root
CLEAN = (
    "engine",
    "render",
    "gamehost",
    "cogs",
    "bench",
    "tools",
    "bot.py",
    "playground.py",
)
#: parts of CLEAN's packages that are not clean yet (mypy --exclude patterns: a folder's
#: ends in "/", a file's in "$")
NOT_YET: tuple[str, ...] = ()


def mypy_clean_command() -> list[str]:
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
           "--follow-imports=silent", "--cache-dir", str(ROOT / ".mypy_cache" / "clean")]
    for pattern in NOT_YET:
        cmd += ["--exclude", pattern]
    return cmd + list(CLEAN)


def test_clean_packages_have_no_mypy_errors():
    assert importlib.util.find_spec("mypy") is not None, (
        "mypy is missing: it is pinned in the test extra (pip install -e '.[test]')")
    proc = subprocess.run(mypy_clean_command(), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"mypy found errors in the clean packages:\n{proc.stdout}{proc.stderr}"


def test_the_clean_list_names_what_exists():
    for path in CLEAN:
        assert (ROOT / path).exists(), path
    for pattern in NOT_YET:
        path = ROOT / pattern.strip("^$").replace("\\.", ".")
        assert path.is_dir() if pattern.endswith("/") else path.is_file(), pattern
