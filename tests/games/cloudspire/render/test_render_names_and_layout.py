"""Tests for the Cloudspire renderer (the ``render/cloudspire/`` package): names and layout.
Seat names (CJK, emoji, missing), the board's layout of status strip, map and boxes, names from
the engine's content and labels from the catalog in both languages, and no raw id drawn.

What is drawn is checked with the text recorder (tests/render/text_recorder.py): the strings,
not the pixels, are pinned, because pixels move with Pillow and FreeType versions. The sample
views come from the real engine at fixed seeds (cloudspire_views.py); the shared helpers are in
cloudspire_render_helpers.py.
"""

from __future__ import annotations

import copy
import json
import re

import pytest

from tests.games.cloudspire.render import cloudspire_views as cv
from tests.games.cloudspire.render.cloudspire_render_helpers import (
    ROOT,
    PACKAGE,
    SAMPLES,
    LANGS,
    _board,
    _drawn_board,
    _drawn_private,
    _shows,
    _texts,
)

from render.cloudspire import board_layout
from render.cloudspire import names as N
from render import names as words
from render.cloudspire.cards import seat_details
from render.cloudspire.board import influence
from render.cloudspire.layout import lattice_cells, map_model
from render.cloudspire.style import DIRS, H, W

CATALOG = ROOT / "locales" / "cloudspire" / "render.json"


# ---------------------------------------------------------------- names and layout


@pytest.mark.parametrize("names", [cv.NAMES_CJK, cv.NAMES_4_ODD, [], None, ["", None]])
def test_cjk_emoji_and_missing_seat_names(names):
    """Any script the bundled fonts draw is drawn; a name with nothing drawable, or none,
    is "Player N"."""
    for name in ("opening", "finished", "four_player"):
        view = cv.view(name)
        texts = _texts(_drawn_board(view, names, "zh-CN"))
        shown = [N.seat_name(names, seat, "zh-CN") for seat in range(view["seats"])]
        assert all(_shows(texts, s) for s in shown), shown
    assert N.seat_name(cv.NAMES_CJK, 0, "en") == cv.NAMES_CJK[0]
    assert N.seat_name(cv.NAMES_CJK, 1, "en") == "\U0001f409 Drake \U0001f409"
    assert N.seat_name(cv.NAMES_4_ODD, 1, "en") == "\U0001f47e" * 3 and N.seat_name([], 0, "en") == "Player 1"


@pytest.mark.parametrize("name", ["four_player", "teams", "onslaught", "guided", "opening"])
def test_the_board_is_a_status_strip_over_the_map_beside_a_column_of_boxes(name):
    """The status strip across the top; under it the map on the left and, on its right,
    one block per seat, the landmarks and the market, top to bottom, none overlapping;
    every hex a move can name is on the map (fortress bodies may be cut at its edges)."""
    view = cv.view(name)
    lay = board_layout(view, "en", cv.SEAT_NAMES[name])
    column = [b for b in [*lay.panels, lay.landmarks, lay.market] if b]
    assert len(lay.panels) == view["seats"]
    assert lay.header[0] <= 10 and lay.header[2] >= W - 10 and lay.header[3] < lay.map_box[1]
    for a, b in zip(column, column[1:]):
        assert a[3] < b[1]
    for x0, y0, x1, y1 in column:
        assert lay.map_box[2] < x0 < x1 <= W and lay.header[3] < y0 < y1 <= H
    mx0, my0, mx1, my1 = lay.map_box
    for c in lattice_cells(map_model(view)):
        x, y = lay.centre(*c)
        assert mx0 <= x - lay.size * 0.866 and x + lay.size * 0.866 <= mx1 + 0.5, c
        assert my0 <= y - lay.size and y + lay.size <= my1, c


def test_face_down_isles_are_drawn_in_guided_setup():
    view = cv.view("guided")
    hidden = [s for s in view["map"]["slots"] if not s["revealed"]]
    assert hidden and all(s["isle"] is None and s["footprint"] for s in hidden)
    model = map_model(view)
    assert set(model.face_down.values()) == {s["slot"] for s in hidden}
    texts = _texts(_drawn_board(view, ["Alice", "Bob"]))
    assert texts.count("?") >= len(hidden)  # a question mark on each face-down slot
    for lang in LANGS:  # and its number, which `isle SLOT ROT` takes
        texts = _texts(_drawn_board(view, ["Alice", "Bob"], lang))
        assert all(N.label("slot", lang, n=s["slot"]) in texts for s in hidden)


def test_map_change_redraws_the_static_layer():
    view = cv.view("opening")
    a = _board(view)
    v2 = copy.deepcopy(view)
    v2["map"]["hexes"][0]["terrain"] = "w" if v2["map"]["hexes"][0]["terrain"] != "w" else "p"
    assert _board(v2) != a
    assert _board(view) == a


def test_view_influence_follows_cs_inf_1():
    """The engine's view carries each seat's influence; nothing built yet, it is exactly
    the mats touching the seat's gate."""
    view = cv.view("opening")
    model = map_model(view)
    for seat, gate in model.fort_gate.items():
        touching = {model.hexes[(gate[0] + dq, gate[1] + dr)]["group"] for dq, dr in DIRS
                    if (gate[0] + dq, gate[1] + dr) in model.hexes
                    and (gate[0] + dq, gate[1] + dr) not in model.fort_cells}
        assert set(view["influence"][seat]) == touching and touching
    texts = _texts(_drawn_board(view, ["Alice", "Bob"]))
    for seat in range(2):  # the mats' labels on the board, the numbers in the seat's facts
        nums = sorted((str(view["map"]["groups"][g]) for g in view["influence"][seat]), key=int)
        assert all(n in texts for n in nums)
        assert N.label("panel.influence_of", "en", mats=", ".join(nums)) in seat_details(
            view, seat, ["Alice", "Bob"], influence(view), model, "en")


def test_names_come_from_the_engine_content():
    assert N.unit_name("war_briar", "en") == "War Briar"
    assert N.name("landmarks", "wild_drake") == "Wild Drake"
    assert N.name("market", "sellsword") == "Sellsword"
    assert N.name("advancements", cv.view("opening")["players"][0]["advancements"].popitem()[0])
    # Chinese names where the content has them (simplified first)
    assert N.unit_name("war_briar", "zh-CN") == N.entry("units", "war_briar")["name"]["zh_hans"]
    # a missing id is a bug, not a prettified guess
    with pytest.raises(KeyError):
        N.unit_name("no_such_unit", "en")
    with pytest.raises(KeyError):
        N.label("no.such.label", "en")


def test_labels_come_from_the_catalog_in_both_languages(monkeypatch):
    """Chinese labels are used when the fonts can draw them; English otherwise."""
    assert N.label("market.title", "zh-CN") == "\u5e02\u573a"
    assert N.ordinal(2, "zh-CN") == "\u7b2c2\u540d"
    words._locale_for.cache_clear()
    monkeypatch.setattr(words, "can_draw", lambda text: False)
    try:
        assert N.label("market.title", "zh-CN") == "MARKET"
    finally:
        words._locale_for.cache_clear()


def test_the_catalog_file_is_complete_and_one_key_a_line():
    from gamehost.i18n import Catalog, catalog

    Catalog.load()  # placeholders match between languages, both languages present
    lines = CATALOG.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    entries = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert len(lines) == len(entries) + 2
    assert all(k.startswith("cloudspire.render.") for k in entries)
    # every literal label key in the package is in the catalog
    used = set()
    for path in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'label\(\s*"([a-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    assert used and all(catalog().has(N.PREFIX + k) for k in used), sorted(k for k in used
                                                                             if not catalog().has(N.PREFIX + k))


def _ids(view) -> set[str]:
    """Every raw id a view holds (content ids, piece ids, codes)."""
    from engine.cloudspire.content import load

    c = load()
    ids = set()
    for table in ("units", "spires", "market", "landmarks", "events", "relics", "factions", "earthscapes", "isles"):
        ids |= set(c[table])
    ids |= {a["id"] for f in c["factions"].values() for a in f["advancements"]}
    for key in ("units", "spires", "landmarks"):
        ids |= {x["id"] for x in view.get(key) or []}
    return {i for i in ids if len(i) > 1}


@pytest.mark.parametrize("name", SAMPLES)
def test_no_raw_id_is_drawn(name):
    """Every word comes from content names or the catalog: no ``goat_rider``, ``u4``,
    ``isle3`` on the pictures (hex coordinates are shown on purpose)."""
    view = cv.view(name)
    ids = _ids(view)
    words = set()
    for lang in ("en", "zh-CN"):
        words |= set(_texts(_drawn_board(view, cv.SEAT_NAMES[name], lang)))
        for seat in range(view["seats"]):
            words |= set(_texts(_drawn_private(cv.view(name, seat), seat, lang)))
    tokens = {w for text in words for w in re.split(r"[\s,:;·()\u2026/]+", text) if w}
    assert not tokens & ids, sorted(tokens & ids)
    assert not [w for w in words if "_" in w]
