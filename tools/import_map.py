"""The import map of the project's packages, its circles and its layer rules.

    python tools/import_map.py            # the map: packages, modules, function-level imports,
                                          # circles, layer rules
    python tools/import_map.py --check    # only the problems; exit 1 on a circle or a layer breach
    python tools/import_map.py --root DIR # another checkout

Every ``.py`` file of the layers (``engine``, ``render``, ``cogs``, ``gamehost``, ``bench``
and ``bot.py``) is parsed with ``ast``, never imported. Relative imports are resolved, and
``from . import name`` counts as an import of the submodule ``name`` when there is one.

Circles are looked for among imports that run when a module is loaded (module level,
including ``try``/``if`` blocks there), and then among all imports: a circle that only closes
through an import inside a function (``~>``) or under ``if TYPE_CHECKING:`` (``=>``) never
fails at load time, but it is still a circle of the design, and it is reported as one. The
layer rules hold for every import wherever it stands:

- ``engine`` imports neither discord nor PIL nor gamehost, render, cogs, bench, bot;
- ``render`` imports no discord, no cogs, bench or bot, and from gamehost only gamehost.i18n;
- ``gamehost`` imports no discord, cogs, render, bench or bot.
"""
from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "render", "cogs", "gamehost", "bench", "bot")

# layer -> (forbidden top-level names, allowed exceptions by module prefix)
RULES: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "engine": (frozenset({"discord", "PIL", "gamehost", "render", "cogs", "bench", "bot"}), ()),
    "render": (frozenset({"discord", "cogs", "gamehost", "bench", "bot"}), ("gamehost.i18n",)),
    "gamehost": (frozenset({"discord", "cogs", "render", "bench", "bot"}), ()),
}


@dataclass(frozen=True)
class Import:
    source: str          # importing module
    target: str          # imported module (a project module, or the dotted name as written)
    line: int
    scope: str           # "module" | "function" | "typing"
    internal: bool       # target is a module of the project

    @property
    def top(self) -> str:
        return self.target.split(".")[0]


@dataclass
class Project:
    root: Path
    modules: dict[str, Path] = field(default_factory=dict)      # dotted name -> file
    packages: set[str] = field(default_factory=set)             # modules that are packages
    imports: list[Import] = field(default_factory=list)

    def package_of(self, module: str) -> str:
        """The unit of the package map: a layer's subpackage with everything inside it
        (``engine.<game>`` for ``engine.<game>.rules``), else the layer (``engine`` for
        ``engine.base``; ``bot``)."""
        parts = module.split(".")
        if len(parts) >= 2 and ".".join(parts[:2]) in self.packages:
            return ".".join(parts[:2])
        return parts[0]


# ---------------------------------------------------------------------------- scanning

def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def scan(root: Path = ROOT, layers: tuple[str, ...] = LAYERS) -> Project:
    project = Project(root)
    files: list[Path] = []
    for layer in layers:
        if (root / layer).is_dir():
            files += sorted(p for p in (root / layer).rglob("*.py") if "__pycache__" not in p.parts)
        elif (root / f"{layer}.py").is_file():
            files.append(root / f"{layer}.py")
    for path in files:
        name = module_name(root, path)
        project.modules[name] = path
        if path.name == "__init__.py":
            project.packages.add(name)
    for name, path in project.modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        project.imports += _imports(project, name, tree)
    return project


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _dynamic(node: ast.Call) -> str | None:
    """The module named by ``__import__("x")`` or ``importlib.import_module("x")``."""
    if not (node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return None
    fn = node.func
    if (isinstance(fn, ast.Name) and fn.id in ("__import__", "import_module")) or \
            (isinstance(fn, ast.Attribute) and fn.attr == "import_module"):
        return node.args[0].value
    return None


def _walk(node: ast.AST, scope: str):
    """(import node, scope) for every import under ``node``; ``__import__("x")`` and
    ``importlib.import_module("x")`` with a literal name come as ``ast.Import`` nodes."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, scope
            continue
        if isinstance(child, ast.Call):
            name = _dynamic(child)
            if name and not name.startswith("."):
                yield ast.Import(names=[ast.alias(name=name)], lineno=child.lineno), scope
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _walk(child, "function")
        elif isinstance(child, ast.If) and scope == "module" and _is_type_checking(child.test):
            for stmt in child.body:
                yield from _walk(ast.Module(body=[stmt], type_ignores=[]), "typing")
            for stmt in child.orelse:
                yield from _walk(ast.Module(body=[stmt], type_ignores=[]), scope)
        else:
            yield from _walk(child, scope)


def _base_package(project: Project, module: str, level: int) -> str:
    package = module if module in project.packages else module.rpartition(".")[0]
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return package


def _resolve(project: Project, dotted: str) -> tuple[str, bool]:
    """The longest project module that ``dotted`` names (or lies in), else ``dotted`` itself."""
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        candidate = ".".join(parts[:n])
        if candidate in project.modules:
            return candidate, True
    return dotted, False


def _imports(project: Project, module: str, tree: ast.Module) -> list[Import]:
    out = []
    for node, scope in _walk(tree, "module"):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = _base_package(project, module, node.level)
                origin = ".".join(p for p in (base, node.module or "") if p)
            else:
                origin = node.module or ""
            for alias in node.names:
                sub = f"{origin}.{alias.name}" if origin else alias.name
                targets.append(sub if alias.name != "*" and sub in project.modules else origin)
        for dotted in dict.fromkeys(targets):
            target, internal = _resolve(project, dotted)
            if internal and target == module:
                continue
            out.append(Import(module, target, node.lineno, scope, internal))
    return out


# ---------------------------------------------------------------------------- analysis

def graph(project: Project, level: str = "module", scopes: tuple[str, ...] = ("module",)) -> dict[str, set[str]]:
    """Edges between project modules (``level="module"``) or packages (``"package"``)."""
    edges: dict[str, set[str]] = defaultdict(set)
    nodes = project.modules if level == "module" else {project.package_of(m) for m in project.modules}
    for n in nodes:
        edges[n]
    for imp in project.imports:
        if not imp.internal or imp.scope not in scopes:
            continue
        a, b = imp.source, imp.target
        if level == "package":
            a, b = project.package_of(a), project.package_of(b)
        if a != b:
            edges[a].add(b)
    return dict(edges)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan), each sorted, and
    each given as one circle through all of its nodes where one exists in a short walk."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        work = [(v, iter(sorted(edges.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            advanced = False
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def circle(edges: dict[str, set[str]], component: list[str]) -> list[str]:
    """One shortest circle through the component's first node, as a path back to itself."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(edges.get(node, ())):
            if nxt == start:
                return paths[node] + [start]
            if nxt in members and nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                queue.append(nxt)
    return component


def layer_of(module: str) -> str:
    return module.split(".")[0]


def violations(project: Project) -> list[str]:
    out = []
    for imp in project.imports:
        rule = RULES.get(layer_of(imp.source))
        if rule is None:
            continue
        forbidden, allowed = rule
        if imp.top not in forbidden:
            continue
        if any(imp.target == a or imp.target.startswith(a + ".") for a in allowed):
            continue
        where = project.modules[imp.source].relative_to(project.root)
        out.append(f"{where}:{imp.line}: {imp.source} imports {imp.target}"
                   f"{' (inside a function)' if imp.scope == 'function' else ''}")
    return out


# ---------------------------------------------------------------------------- report

def _arrow(project: Project, level: str, a: str, b: str) -> str:
    """How ``a`` imports ``b``: ``->`` at load time, else ``~>`` inside a function, else
    ``=>`` for type checking only."""
    for scope, arrow in (("module", "->"), ("function", "~>")):
        if b in graph(project, level, scopes=(scope,)).get(a, ()):
            return arrow
    return "=>"


def problems(project: Project) -> list[str]:
    """Circles among load-time imports; circles that only imports inside functions or for
    type checking close (hidden circles); layer breaches."""
    out = []
    for level in ("package", "module"):
        edges = graph(project, level)
        loaded = cycles(edges)
        for component in loaded:
            out.append(f"{level} circle: {' -> '.join(circle(edges, component))}"
                       + (f"  (all of {', '.join(component)})" if len(component) > 2 else ""))
        every = graph(project, level, scopes=("module", "function", "typing"))
        for component in cycles(every):
            if component in loaded:
                continue
            path = circle(every, component)
            steps = [f"{a} {_arrow(project, level, a, b)} {b}" for a, b in zip(path, path[1:])]
            out.append(f"{level} circle through imports inside functions (~>) or for type checking (=>): "
                       f"{' | '.join(steps)}" + (f"  (all of {', '.join(component)})" if len(component) > 2 else ""))
    out += [f"layer: {v}" for v in violations(project)]
    return out


def report(project: Project) -> str:
    lines = ["# Packages (imports that run at load time)"]
    packages = graph(project, "package")
    for p in sorted(packages):
        lines.append(f"{p} -> {', '.join(sorted(packages[p])) or '-'}")
    lines += ["", "# Modules (imports that run at load time)"]
    modules = graph(project, "module")
    for m in sorted(modules):
        external = sorted({i.top for i in project.imports
                           if i.source == m and not i.internal and i.scope == "module"})
        lines.append(f"{m} -> {', '.join(sorted(modules[m])) or '-'}"
                     + (f"   [outside: {', '.join(external)}]" if external else ""))
    lines += ["", "# Imports inside functions"]
    inner = [i for i in project.imports if i.scope == "function" and i.internal]
    for i in sorted(inner, key=lambda i: (i.source, i.line)):
        lines.append(f"{i.source}:{i.line} -> {i.target}")
    if not inner:
        lines.append("-")
    typing_only = [i for i in project.imports if i.scope == "typing" and i.internal]
    if typing_only:
        lines += ["", "# Imports for type checking only"]
        lines += [f"{i.source}:{i.line} -> {i.target}" for i in sorted(typing_only, key=lambda i: (i.source, i.line))]
    lines += ["", "# Circles and layer rules"]
    lines += problems(project) or ["none"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="print only problems; exit 1 if there are any")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to map (default: this one)")
    args = parser.parse_args(argv)
    project = scan(args.root.resolve())
    if args.check:
        found = problems(project)
        print("\n".join(found) if found else "import map: no circles, layer rules kept")
        return 1 if found else 0
    print(report(project))
    return 0


if __name__ == "__main__":
    sys.exit(main())
