"""The shape of the engine package itself (issue 9): focused modules with no import circles,
imports at the top of modules only, no ``__import__``, no one-letter module aliases, no
module-level mutable state, typed functions, one event shape."""
import ast
import os

import networkx

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
PKG = "engine.cloudspire"
BASE = os.path.join(ROOT, *PKG.split("."))
MAX_LINES = 600


def _modules() -> dict[str, str]:
    out = {}
    for dp, _, files in os.walk(BASE):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dp, f), ROOT)[:-3].replace(os.sep, ".")
                out[rel[:-9] if rel.endswith(".__init__") else rel] = os.path.join(dp, f)
    return out


MODULES = _modules()


def _tree(path: str) -> ast.Module:
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read())


def import_graph() -> dict[str, set[str]]:
    """module -> the package modules it imports, from anywhere in its code; ``from . import x``
    counts as importing the submodule x when there is one."""
    graph = {}
    for m, path in MODULES.items():
        here = m if path.endswith("__init__.py") else m.rsplit(".", 1)[0]
        deps = set()
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name.startswith(PKG)}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = here.split(".")
                    target = ".".join(parts[:len(parts) - node.level + 1]) + ("." + node.module if node.module else "")
                else:
                    target = node.module or ""
                if target.startswith(PKG):
                    for a in node.names:
                        sub = f"{target}.{a.name}"
                        deps.add(sub if sub in MODULES else target)
        graph[m] = {d for d in deps if d in MODULES and d != m}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module."""
    g = networkx.DiGraph()
    g.add_nodes_from(graph)
    g.add_edges_from((v, w) for v, targets in graph.items() for w in targets)
    return sorted(sorted(c) for c in networkx.strongly_connected_components(g) if len(c) > 1)


def test_no_import_cycles():
    graph = import_graph()
    assert len(graph) > 25
    assert cycles(graph) == []
    assert not any(PKG in deps for deps in graph.values()), "a module imports the package itself"


def test_modules_are_focused():
    for m, path in MODULES.items():
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        assert n < MAX_LINES, f"{m}: {n} lines"


def test_imports_at_module_level_without_dunder_import_or_one_letter_aliases():
    for m, path in MODULES.items():
        tree = _tree(path)
        top = set(map(id, tree.body))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                assert id(node) in top, f"{m}:{node.lineno}: import inside a function or block"
                for a in node.names:
                    if a.asname and (a.name.split(".")[-1] in MODULES or node.module is None
                                     or isinstance(node, ast.Import)):
                        assert len(a.asname.strip("_")) > 1, f"{m}:{node.lineno}: one-letter alias {a.asname}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "__import__", f"{m}:{node.lineno}: __import__"


def test_no_module_level_mutable_state():
    """Module constants are immutable (tuples, frozensets, MappingProxyType); nothing global
    changes while games are played."""
    mutable = (ast.Dict, ast.List, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)
    for m, path in MODULES.items():
        for node in _tree(path).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                names = [t.id for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                         if isinstance(t, ast.Name)]
                if names == ["__all__"]:
                    continue
                v = node.value
                bad = isinstance(v, mutable) or (isinstance(v, ast.Call) and isinstance(v.func, ast.Name)
                                                 and v.func.id in ("dict", "list", "set"))
                assert not bad, f"{m}:{node.lineno}: mutable module-level {names}"
            if isinstance(node, ast.Global):
                raise AssertionError(f"{m}:{node.lineno}: global statement")


def test_functions_are_typed():
    """At least 90% of the functions (methods and nested ones too) annotate every parameter
    and their return value."""
    total = typed = 0
    for path in MODULES.values():
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                params = [p for p in a.posonlyargs + a.args + a.kwonlyargs if p.arg not in ("self", "cls")]
                params += [p for p in (a.vararg, a.kwarg) if p]
                total += 1
                typed += node.returns is not None and all(p.annotation is not None for p in params)
    assert typed / total >= 0.9, f"{typed}/{total} functions typed"


def test_one_event_shape_no_private_to():
    """Private events use engine.base.Event(visible_to=seat); no event dict or param named
    ``private_to`` is left in the engine."""
    for m, path in MODULES.items():
        with open(path, encoding="utf-8") as f:
            assert '"private_to"' not in f.read(), m
