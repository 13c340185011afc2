"""Tests for the Cloudspire renderer (the ``render/cloudspire/`` package).

The sample views come from the real engine at fixed seeds (tests/games/cloudspire/render/cloudspire_views.py).
What is drawn is checked with the text recorder (tests/render/text_recorder.py): the strings,
not the pixels, are pinned, because pixels move with Pillow and FreeType versions. The
recorder's boxes also check that the pictures read where Discord shows them (issue 22,
render/legibility.py): every label a move needs is drawn as essential, where it belongs, at
least 24 px tall on the 1,200 px wide picture, and no string spills out of its box, sits on
another or is cut with an ellipsis, even with the longest names.
No test asserts wall-clock times (see tools/cloudspire/render_samples.py --bench).
"""

from __future__ import annotations

import ast
import copy
import io
import json
import random
import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.games.cloudspire.render import cloudspire_views as cv  # noqa: E402
from tests.render.text_recorder import recording  # noqa: E402

from render import cloudspire, legibility  # noqa: E402
from render.cloudspire import (  # noqa: E402
    PRIVATE_W,
    board_layout,
    board_png,
    private_png,
    private_size,
)
from render.cloudspire import names as N  # noqa: E402
from render import names as words  # noqa: E402
from render.cloudspire.cards import barracks_text, seat_details  # noqa: E402
from render.cloudspire.board import influence  # noqa: E402
from render.cloudspire.layout import lattice_cells, map_model, row_ends  # noqa: E402
from render.cloudspire.private import MIN_H, layout_boxes, private_sections  # noqa: E402
from render.cloudspire.style import DIRS, ESS, H, SMALL, W  # noqa: E402
from render.common import font  # noqa: E402

ROOT = Path(__file__).resolve().parents[4]
PACKAGE = ROOT / "render" / "cloudspire"
CATALOG = ROOT / "locales" / "cloudspire" / "render.json"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SAMPLES = sorted(cv.MAKERS)
LANGS = ("en", "zh-CN")
COORD = re.compile(r",?-?\d+")  # a hex's column q, a row's ,r
ELLIPSIS = "\u2026"


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    img = Image.open(io.BytesIO(png))
    img.load()  # raises on a truncated or corrupt file
    assert img.format == "PNG"
    return img


def _board(view, names=None, lang="en") -> bytes:
    return board_png(view, names if names is not None else ["Alice", "Bob", "Cy", "Di"], lang)


class Drawn(list):
    """The strings drawn on one picture (text_recorder.DrawnText), the picture's size and
    the boxes its text must stay in."""

    size: tuple[int, int] = (0, 0)
    boxes: list = []


def _drawn_board(view, names, lang="en") -> Drawn:
    """Every string drawn on the board, the cached map layer included."""
    cloudspire.clear_caches()
    with recording() as texts:
        png = board_png(view, names, lang)
    size = _open(png).size
    lay = board_layout(view, lang, names)
    dx, dy = lay.map_box[0], lay.map_box[1]
    # the cached map layer (terrain.py) is drawn at the map box's size, then pasted at its corner
    out = Drawn(t if t.image_size == size else
                replace(t, box=(t.box[0] + dx, t.box[1] + dy, t.box[2] + dx, t.box[3] + dy), image_size=size)
                for t in texts)
    out.size = size
    out.layout = lay
    out.boxes = lay.boxes()
    return out


def _drawn_private(view, seat, lang="en", names=()) -> Drawn:
    with recording() as texts:
        png = private_png(view, seat, list(names), lang)
    out = Drawn(texts)
    out.size = _open(png).size
    out.boxes = layout_boxes(view, seat, lang, list(names))
    return out


def _texts(drawn) -> list[str]:
    return [t.text for t in drawn]


def _shows(texts: list[str], name: str) -> bool:
    """``name`` is drawn, alone or inside a line, or wrapped over consecutive lines."""
    if any(name in t for t in texts):
        return True
    for i in range(len(texts)):
        run = texts[i]
        for t in texts[i + 1:i + 6]:
            run = run + ("" if run.endswith("-") else " ") + t
            if name in run or name.replace("-", "") in run.replace("-", ""):
                return True
    return False


def _cap(size: int) -> float:
    """Height of a capital (and of a digit) at font ``size``."""
    box = font(size).getbbox("H0")
    return box[3] - box[1]


def _inside(box, outer, slack: float = 0.5) -> bool:
    return (outer[0] - slack <= box[0] and box[2] <= outer[2] + slack
            and outer[1] - slack <= box[1] and box[3] <= outer[3] + slack)


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


# ---------------------------------------------------------------- every sample renders


def test_samples_cover_the_brief():
    assert {"opening", "onslaught", "four_player", "finished"} <= set(SAMPLES)
    assert cv.view("opening")["phase"] == "market" and cv.view("opening")["seats"] == 2
    ons = cv.view("onslaught")
    assert ons["phase"] == "onslaught"
    assert len(ons["units"]) >= 6 and len(ons["spires"]) >= 6 and ons["map"]["earthscapes"]
    assert any(u["grouped"] for u in ons["units"])
    assert cv.view("four_player")["seats"] == 4
    assert cv.view("crowded")["seats"] == 4 and len(cv.view("crowded")["units"]) >= 9
    assert cv.view("finished")["phase"] == "over" and cv.view("finished")["result"]


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("lang", LANGS)
def test_board_sample_is_png_of_layout_size(name, lang):
    view = cv.view(name)
    drawn = _drawn_board(view, cv.SEAT_NAMES[name], lang)
    lay = drawn.layout
    assert drawn.size == (lay.width, lay.height) == (W, H) == (1200, 900)
    assert not legibility.shape_problems(drawn.size)
    texts = _texts(drawn)
    for seat in range(view["seats"]):  # every player's name and fortress power
        assert N.seat_name(cv.SEAT_NAMES[name], seat, lang) in texts
        assert N.label("panel.power", lang, n=view["players"][seat]["power"]) in texts
    wave = view["wave"]
    assert {N.label("header.wave_of", lang, wave=wave, last=view["last_wave"]),
            N.label("header.wave", lang, wave=wave)} & set(texts)
    # the market is on the board in the Market phase, always in the private picture
    assert (N.label("market.title", lang) in texts) == (view["phase"] == "market")


@pytest.mark.parametrize("name", SAMPLES)
def test_private_sample_is_png_of_its_size(name):
    view = cv.view(name)
    names = cv.SEAT_NAMES[name]
    for seat in range(view["seats"]):
        own = cv.view(name, seat)
        img = _open(private_png(own, seat, names))
        assert img.size == private_size(own, seat, "en", names)
        assert img.width == PRIVATE_W == W and MIN_H <= img.height <= H
        assert not legibility.shape_problems(img.size)
        texts = _texts(_drawn_private(own, seat, names=names))
        assert N.label("private.wave_phase", "en", wave=view["wave"],
                       phase=N.label(f"phase.{view['phase']}", "en")) in texts
        titles = [title for title, _rows in private_sections(own, seat, "en")]
        assert all(t in texts for t in titles)
        assert N.label("market.title", "en") in texts


def test_render_is_deterministic_and_does_not_mutate_the_view():
    view = cv.view("onslaught")
    own = cv.view("onslaught", 0)
    before, own_before = copy.deepcopy(view), copy.deepcopy(own)
    a = _board(view)
    b = _board(copy.deepcopy(view))
    private_png(own, 0, [])
    assert a == b
    assert view == before and own == own_before


def test_cached_layers_and_blocks_draw_what_a_fresh_drawing_draws():
    """The map layer, the mat-label spots and the seat blocks are kept between drawings: a
    board drawn from those caches is the board drawn afresh, and a changed seat (its CP, a
    unit's health) is drawn changed."""
    for name in ("onslaught", "four_player", "opening"):
        view = cv.view(name)
        names = cv.SEAT_NAMES[name]
        board_png(view, names)  # warm
        warm = board_png(view, names)
        cloudspire.clear_caches()
        assert board_png(view, names) == warm
        changed = copy.deepcopy(view)
        changed["players"][1]["cp"] += 3
        if changed["units"]:
            changed["units"][0]["hp"] = max(1, changed["units"][0]["hp"] - 1)
        cached = board_png(changed, names)
        assert cached != warm
        cloudspire.clear_caches()
        assert board_png(changed, names) == cached


# ---------------------------------------------------------------- what is drawn


def test_opening_board_content_is_pinned():
    """Every string drawn on a fixed view: every hex a move can name carries its column q
    (at the top of the hex), every row its ,r at both ends; the rest is pinned."""
    view = cv.view("opening")
    drawn = _drawn_board(view, cv.SEAT_NAMES["opening"])
    lay = drawn.layout
    model = map_model(view)
    texts = _texts(drawn)
    for q, r in model.hexes:
        x, y = lay.geom().label_xy(q, r)
        assert any(t.text == str(q) and abs((t.box[0] + t.box[2]) / 2 - x) < 1 and abs((t.box[1] + t.box[3]) / 2 - y) < 3
                   for t in drawn), (q, r)
    rows = Counter(t for t in texts if t.startswith(","))
    assert rows == {f",{r}": 2 for r in row_ends(model)}
    assert sorted({t for t in texts if not COORD.fullmatch(t)}) == OPENING_BOARD


OPENING_BOARD = sorted([
    "/20", "?", "Aether Obelisk", "Alice", "Bob", "CP 0", "G", "Goat Rider", "Grovetenders", "H", "Heirs",
    "MARKET", "Market phase", "Rushing Ford", "START", "Shield Bearer", "TO PLAY", "Waiting for Bob", "Wave 1/4",
    "power 10",
])


def test_opening_private_content_is_pinned():
    view = cv.view("opening", 0)
    drawn = _drawn_private(view, 0, names=cv.SEAT_NAMES["opening"])
    assert drawn.size == private_size(view, 0, "en", cv.SEAT_NAMES["opening"])
    assert sorted(set(_texts(drawn))) == sorted([
        "/20", "10", "2", "3", "5", "6", "A", "A 18", "Aether Obelisk", "At the table", "CP 0", "F", "F 12", "G",
        "G Alice:", "Goat Rider", "Grovetenders \u00b7 only for you", "H Bob:", "Harbor 0/3", "Inner Oak 0/3",
        "Legend", "MARKET", "R", "R 14", "Roost 0/3", "Rushing Ford", "Shield Bearer", "Source well", "Spirehall 0/3",
        "Standing policies", "Thicket 0/3", "Wave 1 \u00b7 Market phase", "Your fortress reserves", "attack",
        "barracks: minions 12, spires 8", "builds 0/2", "chip supply", "damage", "earthscape 12", "equipment",
        "forest", "fortification", "group", "hero", "influence: mats 5", "influence: mats 6", "lake",
        "landmark: health", "landmarks 5 \u00b7 relics 15 \u00b7 events 29", "landmarks:", "level-ups: automatic",
        "marks: automatic", "mat no. + influence", "merc spire", "mercenary", "mountain", "no event", "path", "peak",
        "piles: market 17 \u00b7 earthscapes 7 \u00b7", "plains", "power 10", "promoted", "range", "relics 0",
        "rewards: automatic", "ruins", "spire targets: lowest health first", "spire: chips", "swamp", "temple",
        "unit: health", "\u00b7",
    ])


def test_onslaught_board_draws_the_pieces_market_and_mats():
    view = cv.view("onslaught")
    drawn = _drawn_board(view, ["Alice", "Bob"])
    texts = _texts(drawn)
    assert {"Alice", "Bob", N.label("phase.onslaught", "en")} <= set(texts)
    # every unit's health and every spire's chip count is a number on its hex
    lay = drawn.layout
    for piece, number in [(u, u["hp"]) for u in view["units"]] + [(s, len(s["chips"])) for s in view["spires"]]:
        assert _number_on_hex(drawn, piece["pos"], number, lay), piece
    # every unit is named in its owner's card as the menus name it: name, hex, health
    for u in view["units"]:
        key = "panel.unit_grouped" if u["grouped"] else "panel.unit"
        assert N.label(key, "en", name=N.unit_name(u["type"], "en"), hex=u["pos"], hp=u["hp"]) in texts
    # the private picture shows each face-up market chip and the earthscape by name
    mine = _texts(_drawn_private(cv.view("onslaught", 0), 0, names=["Alice", "Bob"]))
    for chip in view["market"]["face"]:
        assert _shows(mine, N.name("market", chip)), chip
    if view["market"]["earthscape"]:
        assert _shows(mine, N.name("earthscapes", view["market"]["earthscape"]))
    # the numbered mats are labelled; face-down landmarks show "?", revealed ones their health
    # and, under the map, their name
    # (a mat walled in by others, with no sky beside it clear of every number, goes without)
    numbers = {str(n) for n in view["map"]["groups"].values()}
    assert len(numbers & set(texts)) >= 0.7 * len(numbers)
    for lm in view["landmarks"]:
        if not lm["revealed"]:
            assert _number_on_hex(drawn, lm["pos"], "?", lay)
        elif lm["max_hp"]:
            assert _number_on_hex(drawn, lm["pos"], lm["hp"], lay)
            assert N.label("landmarks.entry", "en", name=N.name("landmarks", lm["type"]), hex=lm["pos"],
                           hp=lm["hp"]) in texts


def _number_on_hex(drawn, pos: str, number, lay) -> object:
    """The string ``number`` drawn on hex ``pos``, under its coordinate label, or None."""
    q, r = (int(x) for x in pos.split(","))
    x, y = lay.centre(q, r)
    for t in drawn:
        cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
        if t.text == str(number) and abs(cx - x) < 0.8 * lay.size and y <= cy < y + lay.size:
            return t
    return None


def test_the_board_draws_power_and_influence_from_the_view():
    """The renderer decides nothing: change the view's figures and the picture follows."""
    view = cv.view("onslaught")
    view["players"][0]["power"] = 77
    groups = sorted(view["map"]["groups"])
    view["influence"] = [[groups[0]], []]
    texts = _texts(_drawn_board(view, ["Alice", "Bob"]))
    assert "power 77" in texts
    number = str(view["map"]["groups"][groups[0]])
    assert number in texts  # the mat's label (with seat 0's dot)
    details = [seat_details(view, s, ["Alice", "Bob"], influence(view), map_model(view), "en") for s in (0, 1)]
    assert N.label("panel.influence_of", "en", mats=number) in details[0]
    assert N.label("panel.influence_of", "en", mats=N.label("panel.none", "en")) in details[1]


def test_private_panel_shows_the_secret_things():
    """The sections of a seat's own panel come from its private fields."""
    view = cv.view("teams", 1)
    sections = dict(private_sections(view, 1, "en"))
    stack = sections[N.label("private.title.stack", "en")]
    own = view["stacks"][1]["entries"]
    assert len(own) >= 2
    assert [r[3] for r in stack if r[0] == "unit"] == [N.unit_name(e["type"], "en") for e in own]  # top first
    texts = _texts(_drawn_private(view, 1))
    assert [N.label("private.top", "en")] + [N.label("private.nth", "en", n=i + 1) for i in range(1, len(own))] \
        == [t for t in texts if t == "top" or t.startswith("#")]
    for e in own:
        assert str(e["hp"]) in texts and _shows(texts, N.unit_name(e["type"], "en"))
    peek = cv.view("peek", cv.view("peek")["turn"]["seat"])
    rows = dict(private_sections(peek, peek["viewer"], "en"))[N.label("private.title.landmarks", "en")]
    assert rows[0][3] == N.name("landmarks", peek["turn"]["peek"]["type"])
    assert N.name("landmarks", peek["turn"]["peek"]["type"]) in _texts(_drawn_private(peek, peek["viewer"]))
    prep = cv.view("prep", 0)  # an earlier player's locked stack (CS-AMB-33)
    assert any(t.startswith("Locked stack of") for t, _ in private_sections(prep, 0, "en"))


def test_policies_are_named_as_in_the_menus():
    view = cv.view("opening", 0)
    pol = view["players"][0]["policy"]
    rows = dict(private_sections(view, 0, "en"))[N.label("private.title.policies", "en")]
    line = " ".join(r[1] for r in rows)
    assert len(rows) == len(pol)  # one a line
    for key, value in pol.items():
        assert N.text(f"cloudspire.policy.{key}.{value}", "en") in line
    assert "_" not in line


# ---------------------------------------------------------------- read where Discord shows it (issue 22)


def _required_hexes(view) -> set[str]:
    """The hexes a move can name that must carry their coordinates, from the view alone:
    every piece, gate and uncovered Source well, and every empty hex next to a unit."""
    model = map_model(view)
    pieces = {x["pos"] for key in ("units", "spires", "landmarks") for x in view[key] if x.get("pos")}
    need = set(pieces) | {f["gate"] for f in view["map"]["forts"].values()}
    need |= {h["hex"] for h in view["map"]["hexes"] if h["well"]}
    for u in view["units"]:
        q, r = (int(x) for x in u["pos"].split(","))
        need |= {f"{q + dq},{r + dr}" for dq, dr in DIRS if (q + dq, r + dr) in model.hexes}
    return need


def move_labels(view, names, lang="en") -> dict[str, list]:
    """Every kind of label a move needs on the board, each found where it belongs (asserted):
    {kind: [DrawnText]}."""
    drawn = _drawn_board(view, names, lang)
    lay = drawn.layout
    geom = lay.geom()
    kinds: dict[str, list] = {"hex column": [], "row number": [], "unit health": [], "unit in its block": [],
                              "spire chips": [], "gate health": [], "landmark health": [], "source and gate": []}
    for pos in _required_hexes(view):
        q, r = (int(x) for x in pos.split(","))
        x, y = geom.label_xy(q, r)
        t = next((t for t in drawn if t.text == str(q) and abs((t.box[0] + t.box[2]) / 2 - x) < 1
                  and abs((t.box[1] + t.box[3]) / 2 - y) < 3), None)
        assert t is not None, f"{pos}: no column number"
        kinds["hex column"].append(t)
        row = [t for t in drawn if t.text == f",{r}" and abs((t.box[1] + t.box[3]) / 2 - lay.centre(q, r)[1]) < 3]
        assert len(row) == 2, f"{pos}: row {r} is not numbered at both ends"
        kinds["row number"] += row
    for u in view["units"]:
        t = _number_on_hex(drawn, u["pos"], u["hp"], lay)
        assert t is not None, u
        kinds["unit health"].append(t)
        key = "panel.unit_grouped" if u["grouped"] else "panel.unit"
        entry = N.label(key, lang, name=N.unit_name(u["type"], lang), hex=u["pos"], hp=u["hp"])
        t = next(t for t in drawn if t.text == entry)
        assert _inside(t.box, lay.panels[u["owner"]])
        kinds["unit in its block"].append(t)
    for sp in view["spires"]:
        kinds["spire chips"].append(_number_on_hex(drawn, sp["pos"], len(sp["chips"]), lay))
    for seat, f in view["map"]["forts"].items():
        p = view["players"][int(seat)]
        kinds["gate health"].append(_number_on_hex(drawn, f["gate"], "X" if p["broken"] else p["gate"], lay))
    for lm in view["landmarks"]:
        if lm["revealed"] and lm["max_hp"]:
            kinds["landmark health"].append(_number_on_hex(drawn, lm["pos"], lm["hp"], lay))
    for seat, block in enumerate(lay.panels):
        p = view["players"][seat]
        for number in (p["source"], "X" if p["broken"] else p["gate"]):
            kinds["source and gate"].append(next(t for t in drawn if t.text == str(number) and _inside(t.box, block)))
    assert all(t is not None for ts in kinds.values() for t in ts), kinds
    return kinds


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_label_a_move_needs_is_drawn_where_it_belongs_and_legible(name, lang):
    """Every hex a move can name (pieces, gates, wells, empty hexes next to units) carries
    its column, its row is numbered at both ends; every unit's health is on its hex and its
    name, hex and health in its owner's block; spire chips, gate and landmark health, each
    seat's Source and gate: all drawn as essential, at least as large as the legibility
    rule asks of a 1,200 x 900 picture (24 px)."""
    view = cv.view(name)
    kinds = move_labels(view, cv.SEAT_NAMES[name], lang)
    least = legibility.smallest_legible_px((W, H))
    assert least <= ESS
    small = {k: [(t.text, t.size) for t in ts if not t.essential or t.posted_px < least] for k, ts in kinds.items()}
    assert not any(small.values()), small
    assert kinds["hex column"] and kinds["row number"]


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_private_picture_is_legible(name, lang):
    """The private picture: its seat's units, landmarks, market and reserves drawn as
    essential at 24 px or more; the detail (every seat's facts, the legend) at SMALL."""
    view = cv.view(name)
    for seat in range(view["seats"]):
        drawn = _drawn_private(cv.view(name, seat), seat, lang, cv.SEAT_NAMES[name])
        assert all(t.image_size == drawn.size for t in drawn)
        least = legibility.smallest_legible_px(drawn.size)
        small = [(t.text, t.size) for t in drawn if t.posted_px < (least if t.essential else SMALL)]
        assert not small, small
        titles = [title for title, _rows in private_sections(cv.view(name, seat), seat, lang)]
        assert all(any(t.text == title and t.essential for t in drawn) for title in titles), titles


LONG_NAMES = ["Zo\u00eb \u00c5ngstr\u00f6m-\u0141ukasiewicz the Magnificent", "\u96f2\u5dba\u6230\u8a18\u73a9\u5bb6" * 3,
              "W" * 32, "Bartholomew Fitzgerald-Worthington III"]


def _longest(category: str, lang: str, n: int = 1, pred=None) -> list[str]:
    table = N._table(category)
    ids = [i for i in table if pred is None or pred(table[i])]
    return sorted(ids, key=lambda i: (-font(26).getlength(N.name(category, i, lang)), i))[:n]


def _long_view(lang: str, viewer=None) -> dict:
    """The 4-player sample with the longest names the content has everywhere a name is
    drawn: units on the map, stack tops, landmarks, market, earthscape, events, beside the
    barracks, heroes out, relics (the viewer's), explored landmarks (the viewer's)."""
    view = cv.view("four_player", viewer)
    minions = _longest("units", lang, 4, lambda u: u["kind"] == "minion")
    heroes = _longest("units", lang, 4, lambda u: u["kind"] == "hero")
    for i, u in enumerate(view["units"]):
        u["type"] = (heroes + minions)[i % 8]
        u["grouped"] = True
    for st in view["stacks"]:
        for e in [st["top"]] + list(st.get("entries") or []):
            if e:
                e["type"] = minions[0]
                e["members"] = minions[:3] if "members" in e else e.get("members")
    lms = _longest("landmarks", lang, 3, lambda lm: lm["hp"] > 0)
    for i, lm in enumerate(view["landmarks"][:3]):
        info = N.landmark_facts(lms[i])
        lm.update(revealed=True, type=lms[i], hp=info["hp"], max_hp=info["hp"], kind=info["kind"])
    view["market"]["face"] = _longest("market", lang, 6)
    view["market"]["earthscape"] = _longest("earthscapes", lang)[0]
    view["market"]["earthscape_bought"] = False
    view["event"]["current"] = _longest("events", lang)[0]
    view["event"]["lasting"] = _longest("events", lang, 3)[1:]
    for p in view["players"]:
        p["beside"] = _longest("market", lang, 3)
        p["heroes_removed"] = heroes[:3]
        p["mark"] = (p["seat"] + 1) % 4
        p["die_used"] = True
        if "relics" in p:
            p["relics"] = _longest("relics", lang, 4)
        p["conceded"] = p["seat"] == 3
    if viewer is not None:
        for lm in view["landmarks"][3:6]:
            if not lm["revealed"]:
                lm.update(type=_longest("landmarks", lang)[0], known=True)
    view["rest"] = [1]
    view["pending"] = [{"seat": 2, "kind": "free_spire"}]
    return view


def _area(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _check_fits(drawn, map_box=None) -> None:
    """Every string inside one of the picture's boxes, none cut with an ellipsis, none on
    top of another. On the map (``map_box``), where a piece wider than its hex may reach
    over a neighbour's column number, no string covers more than a third of another."""
    assert drawn.boxes
    for t in drawn:
        assert ELLIPSIS not in t.text, f"cut: {t.text!r}"
        assert any(_inside(t.box, b) for b in drawn.boxes), f"spills: {t.text!r} {t.box}"
    boxes = [t for t in drawn]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if map_box and _inside(a.box, map_box) and _inside(b.box, map_box):
                least = min(_area(a.box, a.box), _area(b.box, b.box))
                assert _area(a.box, b.box) <= least / 3, f"{a.text!r} {a.box} on {b.text!r} {b.box}"
            else:
                assert not _overlap(a.box, b.box), f"{a.text!r} {a.box} on {b.text!r} {b.box}"


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_spills_or_is_cut_with_the_longest_names(lang):
    """Issue 10 point 6: with the longest faction, unit, spire, landmark, relic, market,
    event and seat names, every drawn string stays inside its box (status, map, seat
    blocks, landmarks, market; the private picture's title strip and sections), overlaps no
    other string and is wrapped rather than cut with an ellipsis."""
    view = _long_view(lang)
    drawn = _drawn_board(view, LONG_NAMES, lang)
    # with every name the longest, the column takes width from the map (about 600 px): its
    # pieces then reach over their neighbours' numbers, so on the map only spills are
    # checked here (the samples' maps are checked for overlaps below)
    kept = Drawn(t for t in drawn if not _inside(t.box, drawn.layout.map_box))
    kept.boxes = drawn.boxes
    _check_fits(kept)
    assert all(any(_inside(t.box, b) for b in drawn.boxes) for t in drawn)
    for seat in range(4):
        own = _long_view(lang, seat)
        _check_fits(_drawn_private(own, seat, lang, LONG_NAMES))
    # every sample too, with its own names
    for name in SAMPLES:
        drawn = _drawn_board(cv.view(name), cv.SEAT_NAMES[name], lang)
        _check_fits(drawn, drawn.layout.map_box)


def test_the_most_crowded_boards_fit_the_picture():
    """Random legal games at their most crowded (the legibility cases' positions: up to 15
    units on the map, 6 revealed landmarks), with long and mixed-script names: every box of
    the board inside its 1,200 x 900, every unit named in its owner's block, in both
    languages (the map gives up width to the column when it must)."""
    from engine.cloudspire import GAME
    from tests.games.cloudspire import LEGIBILITY_NAMES, _most_crowded

    for seats, options, seed in ((3, {}, 1), (4, {}, 3), (4, {"mode": "teams"}, 2)):
        view = GAME.view(_most_crowded(seats, options, seed), None)
        for lang in LANGS:
            drawn = _drawn_board(view, LEGIBILITY_NAMES[:seats], lang)
            lay = drawn.layout
            assert drawn.size == (W, H)
            for box in lay.boxes():
                assert 0 <= box[0] < box[2] <= W and 0 <= box[1] < box[3] <= H, box
            texts = _texts(drawn)
            for u in view["units"]:
                key = "panel.unit_grouped" if u["grouped"] else "panel.unit"
                assert N.label(key, lang, name=N.unit_name(u["type"], lang), hex=u["pos"], hp=u["hp"]) in texts


def test_the_barracks_reads_the_same_for_the_seat_and_at_the_table():
    """Issue 10 point 11: one catalog key describes a player's barracks, in its own fortress
    reserves and in the list of every seat's facts, whatever the number of players."""
    for name in ("onslaught", "four_player"):
        view = cv.view(name)
        for seat in range(view["seats"]):
            own = cv.view(name, seat)
            line = barracks_text(own["players"][seat], "en")
            assert line.startswith("barracks: ")
            assert line in seat_details(view, seat, cv.SEAT_NAMES[name], influence(view), map_model(view), "en")
            rows = dict(private_sections(own, seat, "en"))[N.label("private.title.fortress", "en")]
            assert ("text", line) in [r[:2] for r in rows]
            assert _shows(_texts(_drawn_private(own, seat, names=cv.SEAT_NAMES[name])), line)


# ---------------------------------------------------------------- hidden information


def _swap_face_down_identities(st, rng):
    """Permute the identities of unrevealed landmarks that share a back (the back is
    public), and change who has explored them."""
    from engine.cloudspire.content import load

    backs = {}
    for lm in st["landmarks"].values():
        if not lm["revealed"]:
            backs.setdefault(load()["landmarks"][lm["type"]]["back"], []).append(lm)
    swapped = False
    for group in backs.values():
        types = [lm["type"] for lm in group]
        rng.shuffle(types)
        for lm, t in zip(group, types):
            swapped |= lm["type"] != t
            lm["type"] = t
            lm["known"] = sorted(rng.sample(range(st["seats"]), rng.randint(0, st["seats"])))
    return swapped


def _change_private_stacks(st, rng):
    """Change everything below the top of every deployment stack, the minions under
    group tops and the relics held."""
    kinds = ["slinger", "warmonger", "sproutling", "fledgling", "sparkling", "roc"]
    for seat, ids in enumerate(st["stacks"]):
        for uid in ids[1:]:
            st["units"][uid]["type"] = rng.choice(kinds)
            st["units"][uid]["hp"] = rng.randint(1, 3)
        if len(ids) > 1 and rng.random() < 0.5:
            st["stacks"][seat] = ids[:1] + list(reversed(ids[1:]))
    for u in st["units"].values():
        if u.get("members"):
            u["members"] = [rng.choice(kinds) for _ in u["members"]]
    prep = st.get("prep") or {}
    for entries in (prep.get("stacks") or {}).values():  # stacks in Prep: all but the top
        if entries:
            entries[0]["types"][1:] = [rng.choice(kinds) for _ in entries[0]["types"][1:]]
            for e in entries[1:]:
                e["types"] = [rng.choice(kinds) for _ in e["types"]]
    for p in st["players"]:  # same number held (public), other cards
        p["relics"] = [rng.choice(["tribute", "aegis_shard", "storm_glass"]) for _ in p["relics"]]


@pytest.mark.parametrize("name", SAMPLES)
def test_public_board_ignores_face_down_landmark_identities(name):
    st = cv.state(name)
    names = cv.SEAT_NAMES[name]
    expected = board_png(cv.view_of(st), names)
    rng = random.Random(name)
    any_swap = False
    for _ in range(3):
        other = copy.deepcopy(st)
        any_swap |= _swap_face_down_identities(other, rng)
        assert cv.view_of(other) == cv.view_of(st)
        assert board_png(cv.view_of(other), names) == expected
    if name in ("opening", "onslaught", "four_player"):
        assert any_swap, "the sample must have swappable face-down landmarks"


@pytest.mark.parametrize("name", ["onslaught", "teams", "four_player", "prep"])
def test_public_board_ignores_stacks_groups_and_relics(name):
    st = cv.state(name)
    names = cv.SEAT_NAMES[name]
    expected = board_png(cv.view_of(st), names)
    rng = random.Random(7)
    for _ in range(3):
        other = copy.deepcopy(st)
        _change_private_stacks(other, rng)
        # the change is real (some seat's own view sees it) but not public
        assert any(cv.view_of(other, s) != cv.view_of(st, s) for s in range(st["seats"]))
        assert cv.view_of(other) == cv.view_of(st)
        assert board_png(cv.view_of(other), names) == expected


@pytest.mark.parametrize("name", ["opening", "prep", "teams"])
def test_the_board_refuses_a_seats_own_view(name):
    """Hiding is decided once, by the engine: the board is drawn from the public view only."""
    for seat in range(cv.view(name)["seats"]):
        with pytest.raises(ValueError):
            board_png(cv.view(name, seat), cv.SEAT_NAMES[name])


def test_the_engines_public_view_carries_no_private_field():
    for name in SAMPLES:
        pv = cv.view(name)
        assert pv["viewer"] is None
        assert all("relics" not in p and "policy" not in p for p in pv["players"])
        assert all("members" not in u for u in pv["units"])
        assert all("entries" not in s and "members" not in (s["top"] or {}) for s in pv["stacks"])
        assert all(set(lm) == {"id", "pos", "back", "revealed"} for lm in pv["landmarks"] if not lm["revealed"])
        assert "peek" not in (pv.get("turn") or {})
        assert not {"own", "earlier"} & set(pv.get("prep") or {})


def test_private_panel_of_another_seat_uses_only_public_information():
    """A view for seat 1 rendered as seat 0's panel must not show seat 1's secrets
    (they are not seat 0's), so it equals the panel drawn from the public view."""
    for name in ("teams", "prep", "peek", "onslaught"):
        n = cv.view(name)["seats"]
        public = cv.view(name)
        for viewer in range(n):
            view = cv.view(name, viewer)
            for seat in range(n):
                if seat != viewer:
                    assert private_png(view, seat, []) == private_png(public, seat, [])


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
