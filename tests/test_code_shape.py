"""The shape rules of the code (issue 21): no file of engine/, gamehost/, cogs/ or render/ is
over 600 lines and no function there (async and nested ones included) is over 80 lines."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "gamehost", "cogs", "render")
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80


def sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py")
                  if "__pycache__" not in p.parts)


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
