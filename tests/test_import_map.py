"""tools/import_map.py: the import map finds circles (also those hidden in function-level
imports) and layer breaches; the project itself has neither."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("import_map", ROOT / "tools" / "import_map.py")
import_map = importlib.util.module_from_spec(spec)
sys.modules["import_map"] = import_map   # dataclasses look their module up by name
spec.loader.exec_module(import_map)


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def toy(tmp_path):
    return write(tmp_path, {
        "engine/__init__.py": "",
        "engine/base.py": "import json\n",
        "engine/game/__init__.py": "from .rules import apply\n",
        "engine/game/rules.py": "from . import moves\nfrom ..base import json\n",
        "engine/game/moves.py": "from .rules import apply\n",
        "engine/game/bot.py": "def choose():\n    from engine.game import scoring\n",
        "engine/game/scoring.py": "from engine.game.bot import choose\n",
        "engine/game/lazy.py": "def f():\n    return __import__('engine.base')\n",
        "engine/bad.py": "import PIL.Image\nfrom typing import TYPE_CHECKING\n"
                         "if TYPE_CHECKING:\n    from gamehost import service\n"
                         "def f():\n    import discord\n",
        "render/__init__.py": "",
        "render/draw.py": "from gamehost.i18n import t\nfrom gamehost.service import Service\nimport PIL\n",
        "gamehost/__init__.py": "",
        "gamehost/i18n.py": "",
        "gamehost/service.py": "from engine.base import json\n",
        "cogs/__init__.py": "",
        "cogs/host.py": "import discord\nfrom gamehost.service import Service\n",
        "bot.py": "from cogs import host\n",
    })


def imports_of(project, source):
    return {(i.target, i.scope) for i in project.imports if i.source == source and i.internal}


def test_relative_imports_and_submodules_resolve(toy):
    project = import_map.scan(toy)
    assert imports_of(project, "engine.game.rules") == {("engine.game.moves", "module"), ("engine.base", "module")}
    assert imports_of(project, "engine.game") == {("engine.game.rules", "module")}
    assert imports_of(project, "engine.game.bot") == {("engine.game.scoring", "function")}
    assert imports_of(project, "engine.game.lazy") == {("engine.base", "function")}
    assert imports_of(project, "engine.bad") == {("gamehost.service", "typing")}
    assert imports_of(project, "bot") == {("cogs.host", "module")}
    assert project.package_of("engine.game.rules") == "engine.game"
    assert project.package_of("engine.base") == "engine"


def test_circles_are_found_and_hidden_ones_are_told_apart(toy):
    project = import_map.scan(toy)
    assert import_map.cycles(import_map.graph(project)) == [["engine.game.moves", "engine.game.rules"]]
    found = import_map.problems(project)
    assert any(p.startswith("module circle: ") and "engine.game.moves" in p for p in found)
    hidden = [p for p in found if "inside functions" in p]
    assert len(hidden) == 2
    assert hidden[0].startswith("package circle") and "engine => gamehost | gamehost -> engine" in hidden[0]
    assert hidden[1].startswith("module circle") and "engine.game.bot ~> engine.game.scoring" in hidden[1]


def test_a_circle_closed_by_a_type_checking_import_counts(tmp_path):
    root = write(tmp_path, {
        "cogs/__init__.py": "",
        "cogs/ui.py": "from cogs.drill import Drill\n",
        "cogs/drill.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.ui import UI\n",
        "cogs/menu.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.drill import Drill\n",
    })
    project = import_map.scan(root)
    assert imports_of(project, "cogs.drill") == {("cogs.ui", "typing")}
    assert import_map.cycles(import_map.graph(project)) == []            # nothing fails at load time
    found = import_map.problems(project)
    assert len(found) == 1 and "for type checking" in found[0]
    assert "cogs.drill => cogs.ui | cogs.ui -> cogs.drill" in found[0]
    run = [sys.executable, str(ROOT / "tools" / "import_map.py"), "--root", str(root), "--check"]
    assert subprocess.run(run, capture_output=True).returncode == 1


def test_layer_rules(toy):
    found = import_map.violations(import_map.scan(toy))
    text = "\n".join(found)
    assert "engine.bad imports PIL.Image" in text
    assert "engine.bad imports gamehost.service" in text          # type-checking imports count too
    assert "engine.bad imports discord (inside a function)" in text
    assert "render.draw imports gamehost.service" in text
    assert "gamehost.i18n" not in text and "render.draw imports PIL" not in text
    assert not any(line.startswith("cogs/") or line.startswith("bot.py") for line in found)
    assert len(found) == 4


def test_the_map_prints_and_check_exits_non_zero_on_problems(toy):
    run = [sys.executable, str(ROOT / "tools" / "import_map.py"), "--root", str(toy)]
    printed = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert "# Packages" in printed and "engine.game -> engine" in printed
    assert "# Imports inside functions" in printed and "engine.game.bot:2 -> engine.game.scoring" in printed
    checked = subprocess.run(run + ["--check"], capture_output=True, text=True)
    assert checked.returncode == 1 and "module circle" in checked.stdout
    clean = write(toy.parent / "clean", {"engine/__init__.py": "", "engine/base.py": "import json\n"})
    assert subprocess.run(run[:-1] + [str(clean), "--check"], capture_output=True).returncode == 0


def test_the_project_has_no_import_circles_and_keeps_its_layers():
    found = import_map.problems(import_map.scan(ROOT))
    assert not found, "\n".join(found)
