"""The import map of engine/clash (issue 9, "one engine style"): no import circles, and none
hidden behind function-level imports, ``__import__`` or ``global`` rebinding."""
import ast
import os
import re

import networkx

import engine.clash as package

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))


def import_map(package_dir: str) -> tuple[dict[str, set[str]], list[str]]:
    """Module -> the package's modules it imports (``from . import x`` counts as the submodule
    ``x`` when there is one, otherwise as the package), and a list of style problems:
    imports inside functions or classes, ``__import__``, one-letter aliases, ``global``."""
    package = "engine." + os.path.basename(package_dir)
    files = {f[:-3]: os.path.join(package_dir, f) for f in os.listdir(package_dir) if f.endswith(".py")}
    names = {package if m == "__init__" else f"{package}.{m}" for m in files}
    graph: dict[str, set[str]] = {}
    problems: list[str] = []
    for module, path in sorted(files.items()):
        me = package if module == "__init__" else f"{package}.{module}"
        tree = ast.parse(open(path, encoding="utf-8").read())
        top = set(map(id, tree.body))
        deps: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                if id(node) not in top and not _in_type_checking(tree, node):
                    problems.append(f"{me}:{node.lineno}: import inside a function or class")
                for alias in node.names:
                    if alias.asname is not None and len(alias.asname) == 1:
                        problems.append(f"{me}:{node.lineno}: one-letter alias {alias.asname}")
            if isinstance(node, ast.ImportFrom):
                target = package if node.level == 1 else node.module
                if node.level == 1 and node.module:
                    target = f"{package}.{node.module}"
                if target in names:
                    subs = {f"{target}.{a.name}" for a in node.names} & names
                    deps |= subs if (subs and target == package) else {target} | subs
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name in names}
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
                problems.append(f"{me}:{node.lineno}: __import__")
            elif isinstance(node, ast.Global):
                problems.append(f"{me}:{node.lineno}: global {', '.join(node.names)}")
        deps.discard(me)
        graph[me] = deps
    return graph, problems


def _in_type_checking(tree: ast.Module, node: ast.AST) -> bool:
    for stmt in tree.body:
        if isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test):
            if any(n is node for n in ast.walk(stmt)):
                return True
    return False


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module."""
    g = networkx.DiGraph()
    g.add_nodes_from(graph)
    g.add_edges_from((v, w) for v, targets in graph.items() for w in targets)
    return sorted(sorted(c) for c in networkx.strongly_connected_components(g) if len(c) > 1)


def test_clash_engine_has_no_import_circles():
    graph, problems = import_map(os.path.join(ROOT, "engine", "clash"))
    assert "engine.clash.notation" in graph and len(graph) >= 20
    assert cycles(graph) == []
    assert problems == []


def test_the_checker_sees_circles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_package_docstring_lists_the_modules_bottom_up():
    """engine/clash/__init__.py lists every module so that each imports only modules listed
    before it: the layering a reader sees is the real one."""
    listed = re.findall(r"``([a-z_]+)``", package.__doc__.split("Modules", 1)[1])
    graph, _ = import_map(os.path.join(ROOT, "engine", "clash"))
    modules = {name.rsplit(".", 1)[1] for name in graph if name != "engine.clash"}
    assert sorted(listed) == sorted(modules), set(listed) ^ modules
    for i, name in enumerate(listed):
        deps = {d.rsplit(".", 1)[1] for d in graph[f"engine.clash.{name}"]}
        assert deps <= set(listed[:i]), (name, deps - set(listed[:i]))
