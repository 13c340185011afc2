"""Tests for the Clash of Decks renderer (the render/clash/ package): the package's shape: it
imports no Discord and no host code, its modules are small with no import circle, and only the
content module imports the engine.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.games.clash.render.clash_render_helpers import ROOT, PACKAGE


def test_renderer_imports_no_discord_and_no_host_code():
    code = (
        "import sys, render.clash, render.common;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('discord','cogs','bot')"
        " or (m.startswith('gamehost.') and m != 'gamehost.i18n')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _imports(path: Path) -> set[str]:
    """Modules ``path`` (a module of render/clash/) imports, at any depth of its syntax
    tree, relative imports made absolute."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = ".".join(["render", "clash"][:3 - node.level] + ([module] if module else []))
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def test_package_modules_are_small_and_import_no_circle():
    modules = {p.stem: p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert {"board", "hand", "layout", "labels", "content"} <= set(modules)
    graph = {}
    for name, path in modules.items():
        assert len(path.read_text(encoding="utf-8").splitlines()) < 600, path
        graph[name] = {m.split(".")[2] for m in _imports(path)
                       if m.startswith("render.clash.") and m.split(".")[2] in modules}
    done: set[str] = set()

    def visit(name, trail):
        assert name not in trail, f"import circle: {' -> '.join([*trail, name])}"
        if name in done:
            return
        for dep in graph[name]:
            visit(dep, [*trail, name])
        done.add(name)

    for name in graph:
        visit(name, [])


def test_only_the_content_module_imports_the_engine_and_no_import_is_deferred():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        engine = {m for m in _imports(path) if m.split(".")[0] == "engine"}
        if path.stem == "content":
            assert engine
        else:
            assert not engine, (path.name, engine)
        for node in ast.walk(tree):  # imports at module level only
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{path.name}: import inside {node.name}()"
