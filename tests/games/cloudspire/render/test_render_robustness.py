"""Tests for the Cloudspire renderer (the ``render/cloudspire/`` package): robustness and shape.
Incomplete views still render, an unknown id raises, the package imports no Discord and is
small modules without import circles, and other setups (faction pick, 3 players, guided map)
render.

What is drawn is checked with the text recorder (tests/render/text_recorder.py): the strings,
not the pixels, are pinned, because pixels move with Pillow and FreeType versions. The sample
views come from the real engine at fixed seeds (cloudspire_views.py); the shared helpers are in
cloudspire_render_helpers.py.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.cloudspire.render import cloudspire_views as cv
from tests.games.cloudspire.render.cloudspire_render_helpers import (
    ROOT,
    PACKAGE,
    _board,
    _drawn_board,
    _open,
    _texts,
)

from render.cloudspire import board_layout, private_png, private_size
from render.cloudspire import names as N


# ---------------------------------------------------------------- robustness


@pytest.mark.parametrize("mutate", [
    lambda v: v.clear(),
    lambda v: v.update(map={}),
    lambda v: v.update(units=[{"id": "u1", "owner": 9, "type": "war_briar", "pos": "0,0"}]),
    lambda v: v.update(spires=[{"owner": None, "pos": "1,1", "chips": ["z", None]}]),
    lambda v: v.update(landmarks=[{"pos": "bad"}, {"pos": "0,0", "back": "???", "revealed": True,
                                                   "type": "wild_drake", "hp": "x"}]),
    lambda v: v.update(players=[None, {"seat": 1}], factions=[None, None]),
    lambda v: v.update(market=None, event=None, turn=None, prep=None, influence=None, stacks=None),
])
def test_structurally_incomplete_views_still_render(mutate):
    view = cv.view("onslaught")
    mutate(view)
    _open(_board(view))
    own = cv.view("onslaught", 0)
    mutate(own)
    _open(private_png(own, 0, []))


@pytest.mark.parametrize("mutate", [
    lambda v: v.update(stacks=[], prep={"tops": {"0": "???"}}),
    lambda v: v.update(landmarks=[{"pos": "0,0", "back": "swamp", "revealed": True, "type": "nope"}]),
    lambda v: v.update(factions=["unknown", None]),
    lambda v: v["market"].update(face=["no_such_chip"]),
    lambda v: v.update(phase="no_such_phase"),
])
def test_an_unknown_id_is_a_bug_and_raises(mutate):
    view = cv.view("onslaught")
    mutate(view)
    with pytest.raises(KeyError):  # on the board, or in the private picture (stacks, market)
        _board(view)
        private_png(view, 0, [])


def test_the_renderer_imports_no_discord():
    code = ("import sys; import render.cloudspire; "
            "bad = [m for m in sys.modules if m == 'discord' or m.startswith('discord.')]; print(bad); assert not bad")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append("." * node.level + (node.module or ""))
    return out


def test_the_package_is_small_modules_without_circles_reading_only_the_engines_content():
    modules = {p.stem: p for p in PACKAGE.glob("*.py")}
    assert {"__init__", "names", "layout", "sprites", "board", "panels", "private"} <= set(modules)
    graph = {}
    for stem, path in modules.items():
        assert len(path.read_text(encoding="utf-8").splitlines()) < 600, stem
        imports = _imports(path)
        engine = [m for m in imports if m.startswith("engine")]
        assert set(engine) <= {"engine.cloudspire.content", "engine.cloudspire.names"}, (stem, engine)
        assert stem == "names" or not engine, "content is read through names.py only"
        assert not any(m.startswith("discord") for m in imports), stem
        assert "json" not in imports or stem in ("layout", "terrain"), "no data files are read"
        graph[stem] = {m[1:] for m in imports if m.startswith(".") and m[1:] in modules}
    # no import circles inside the package
    state: dict[str, int] = {}

    def visit(m, path):
        assert state.get(m) != 1, " -> ".join(path + [m])
        if state.get(m) == 2:
            return
        state[m] = 1
        for n in graph[m]:
            visit(n, path + [m])
        state[m] = 2

    for m in graph:
        visit(m, [])
    source = "".join(p.read_text(encoding="utf-8") for p in modules.values())
    assert "data" + "/" not in source and "except Exception" not in source


@pytest.mark.parametrize("seats,options", [(3, {"factions": "pick"}), (3, {}), (4, {"map": "guided"})])
def test_other_setups_render(seats, options):
    """Faction pick (no factions yet: seat colours and numbers), 3 players, guided 4p."""
    from engine.cloudspire import GAME

    st = GAME.setup(seats, options, 4)
    view = GAME.view(st, None)
    texts = _texts(_drawn_board(view, cv.NAMES_4[:seats]))
    assert set(cv.NAMES_4[:seats]) <= set(texts)
    if options.get("factions") == "pick":
        assert N.label("choosing_faction", "en") in texts or N.label("phase.faction", "en") in texts
    lay = board_layout(view)
    assert len(lay.panels) == seats
    for seat in range(seats):
        own = GAME.view(st, seat)
        assert _open(private_png(own, seat, cv.NAMES_4[:seats])).size == private_size(own, seat, "en",
                                                                                         cv.NAMES_4[:seats])
