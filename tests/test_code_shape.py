"""The shape rules of the code (issue 21): no Python file of the repository is over 600 lines and
no function (async and nested ones included) is over 80 lines.

Every .py file is measured: the packages (engine/, gamehost/, cogs/, render/), the tests, bench/,
tools/, scripts/ and the top-level files (bot.py, playground.py). Only what is not the project's
own source is skipped: virtual environments (.venv/, or any directory holding a pyvenv.cfg),
build output (build/, dist/, *.egg-info/), caches (__pycache__/, .mypy_cache/, ...) and .git/."""
from __future__ import annotations

import ast
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80
#: directories that hold no source of the project, at any depth
SKIPPED_DIRS = frozenset({".git", ".venv", "venv", "__pycache__", "build", "dist", ".eggs", ".tox", ".nox",
                          ".mypy_cache", ".pytest_cache", ".hypothesis", "node_modules"})


def skipped(directory: Path) -> bool:
    """A virtualenv, build or cache directory, whose files are not the project's source."""
    return (directory.name in SKIPPED_DIRS or directory.name.endswith(".egg-info")
            or (directory / "pyvenv.cfg").exists())


def sources(root: Path = ROOT) -> list[Path]:
    """Every .py file under ``root``, the skipped directories left out (and not walked into)."""
    out = []
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not skipped(here / d))
        out += [here / f for f in files if f.endswith(".py")]
    return sorted(out)


def line_count(text: str) -> int:
    return len(text.splitlines())


def long_functions(text: str, filename: str = "<text>") -> list[tuple[str, int, int]]:
    """(name, first line, length) of every function over the limit, nested ones included."""
    out = []
    for node in ast.walk(ast.parse(text, filename=filename)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                out.append((node.name, node.lineno, length))
    return sorted(out, key=lambda f: f[1])


def test_the_measures_see_nested_and_async_functions():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    inner_body = "\n".join("    " + line for line in body.splitlines())
    text = f"async def outer():\n    def inner():\n{inner_body}\n    return inner\n"
    assert [(name, length) for name, _, length in long_functions(text)] == \
        [("outer", MAX_FUNCTION_LINES + 3), ("inner", MAX_FUNCTION_LINES + 1)]
    assert long_functions("def short():\n    return 1\n") == []
    assert line_count("a\nb\n") == 2 and line_count("a\nb") == 2


def test_the_sources_skip_virtualenvs_builds_and_caches(tmp_path):
    for rel in ("top.py", "pkg/mod.py", "pkg/sub/deep.py", "tests/test_x.py", "notes.txt",
                ".venv/lib/site.py", "env/pyvenv.cfg", "env/lib/site.py", "pkg/__pycache__/mod.py",
                "build/lib/pkg/mod.py", "pkg.egg-info/x.py", "dist/x.py", ".git/hooks/x.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n", encoding="utf-8")
    assert [p.relative_to(tmp_path).as_posix() for p in sources(tmp_path)] == \
        ["pkg/mod.py", "pkg/sub/deep.py", "tests/test_x.py", "top.py"]


def test_the_sources_are_the_whole_repository():
    found = {p.relative_to(ROOT).as_posix() for p in sources()}
    for top in ("engine", "gamehost", "cogs", "render", "tests", "bench", "tools"):
        assert any(f.startswith(f"{top}/") for f in found), top
    assert {"bot.py", "playground.py", "tests/test_code_shape.py"} <= found
    assert not any(f.startswith((".venv/", ".git/")) or "/__pycache__/" in f for f in found)


def test_no_file_is_over_600_lines():
    offenders = []
    for path in sources():
        n = line_count(path.read_text(encoding="utf-8"))
        if n > MAX_FILE_LINES:
            offenders.append(f"{path.relative_to(ROOT)}: {n} lines")
    assert not offenders, f"files over {MAX_FILE_LINES} lines:\n" + "\n".join(offenders)


def test_no_function_is_over_80_lines():
    offenders = []
    for path in sources():
        where = path.relative_to(ROOT)
        for name, line, length in long_functions(path.read_text(encoding="utf-8"), str(where)):
            offenders.append(f"{where}:{line} {name}: {length} lines")
    assert not offenders, f"functions over {MAX_FUNCTION_LINES} lines:\n" + "\n".join(offenders)
