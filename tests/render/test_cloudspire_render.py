"""Tests for the Cloudspire renderer (the ``render/cloudspire/`` package).

The sample views come from the real engine at fixed seeds (tests/render/cloudspire_views.py).
What is drawn is checked with the text recorder (tests/render/text_recorder.py): the strings,
not the pixels, are pinned, because pixels move with Pillow and FreeType versions.
No test asserts wall-clock times (see tools/render_cloudspire_samples.py --bench).
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
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cloudspire_views as cv  # noqa: E402
from text_recorder import recording  # noqa: E402

from render.cloudspire import (  # noqa: E402
    PRIVATE_W,
    board_layout,
    board_png,
    private_png,
    private_size,
    render_board,
    render_private,
)
from render.cloudspire import names as N  # noqa: E402
from render.cloudspire.layout import map_model  # noqa: E402
from render.cloudspire.private import private_sections  # noqa: E402
from render.cloudspire.style import DIRS, H, W  # noqa: E402
from render.cloudspire.terrain import static_map  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "render" / "cloudspire"
CATALOG = ROOT / "locales" / "cloudspire_render.json"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SAMPLES = sorted(cv.MAKERS)
HEX_LABEL = re.compile(r"-?\d+,-?\d+")


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    img = Image.open(io.BytesIO(png))
    img.load()  # raises on a truncated or corrupt file
    assert img.format == "PNG"
    return img


def _board(view, names=None, lang="en") -> bytes:
    return board_png(view, names if names is not None else ["Alice", "Bob", "Cy", "Di"], lang)


class Drawn(list):
    """The strings drawn on one picture (text_recorder.DrawnText), and the picture's size."""

    size: tuple[int, int] = (0, 0)


def _drawn_board(view, names, lang="en") -> Drawn:
    """Every string drawn on the board, the static map layer included."""
    static_map.cache_clear()
    with recording() as texts:
        png = board_png(view, names, lang)
    out = Drawn(texts)
    out.size = _open(png).size
    return out


def _drawn_private(view, seat, lang="en") -> Drawn:
    with recording() as texts:
        png = private_png(view, seat, [], lang)
    out = Drawn(texts)
    out.size = _open(png).size
    return out


def _texts(drawn) -> list[str]:
    return [t.text for t in drawn]


def _shows(texts: list[str], name: str) -> bool:
    """``name`` is drawn, whole or cut with an ellipsis, alone or inside a line."""
    return any(name in t or (t.endswith("\u2026") and len(t) > 3 and name.startswith(t[:-1])) for t in texts)


# ---------------------------------------------------------------- every sample renders


def test_samples_cover_the_brief():
    assert {"opening", "onslaught", "four_player", "finished"} <= set(SAMPLES)
    assert cv.view("opening")["phase"] == "market" and cv.view("opening")["seats"] == 2
    ons = cv.view("onslaught")
    assert ons["phase"] == "onslaught"
    assert len(ons["units"]) >= 6 and len(ons["spires"]) >= 6 and ons["map"]["earthscapes"]
    assert any(u["grouped"] for u in ons["units"])
    assert cv.view("four_player")["seats"] == 4
    assert cv.view("finished")["phase"] == "over" and cv.view("finished")["result"]


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_board_sample_is_png_of_layout_size(name, lang):
    view = cv.view(name)
    drawn = _drawn_board(view, cv.SEAT_NAMES[name], lang)
    lay = board_layout(view, lang)
    assert drawn.size == (lay.width, lay.height) == (W, H)
    texts = _texts(drawn)
    for seat in range(view["seats"]):  # every player's name and, on roomy panels, fortress power
        assert cv.SEAT_NAMES[name][seat] in texts
        if view["seats"] == 2:
            assert N.label("panel.power", lang, n=view["players"][seat]["power"]) in texts
    assert any(t.startswith("Wave ") for t in texts)
    assert N.label("market.title", lang) in texts


@pytest.mark.parametrize("name", SAMPLES)
def test_private_sample_is_png_of_its_size(name):
    view = cv.view(name)
    for seat in range(view["seats"]):
        own = cv.view(name, seat)
        img = _open(private_png(own, seat, cv.SEAT_NAMES[name]))
        assert img.size == private_size(own, seat)
        assert img.width == PRIVATE_W
        texts = _texts(_drawn_private(own, seat))
        assert N.label("private.wave_phase", "en", wave=view["wave"],
                       phase=N.label(f"phase.{view['phase']}", "en")) in texts
        titles = [title for title, _rows in private_sections(own, seat, "en")]
        assert all(_shows(texts, t) for t in titles)


def test_old_names_are_aliases():
    view = cv.view("onslaught")
    assert render_board(view, seat_names=["Alice", "Bob"], lang="en") == board_png(view, ["Alice", "Bob"], "en")
    own = cv.view("onslaught", 1)
    assert render_private(own, 1, lang="en") == private_png(own, 1, ["Alice", "Bob"], "en")


def test_render_is_deterministic_and_does_not_mutate_the_view():
    view = cv.view("onslaught")
    own = cv.view("onslaught", 0)
    before, own_before = copy.deepcopy(view), copy.deepcopy(own)
    a = _board(view)
    b = _board(copy.deepcopy(view))
    private_png(own, 0, [])
    assert a == b
    assert view == before and own == own_before


# ---------------------------------------------------------------- what is drawn


def test_opening_board_content_is_pinned():
    """Every string drawn on a fixed view (hex coordinates checked separately)."""
    view = cv.view("opening")
    drawn = _drawn_board(view, cv.SEAT_NAMES["opening"])
    assert drawn.size == (1240, 960)
    texts = _texts(drawn)
    coords = {t for t in texts if HEX_LABEL.fullmatch(t)}
    assert coords == {h["hex"] for h in view["map"]["hexes"]}
    assert sorted({t for t in texts if not HEX_LABEL.fullmatch(t)}) == OPENING_BOARD


OPENING_BOARD = sorted([
    "  \u00b7  ", "/20", "1", "10", "2", "3", "4", "5", "6", "7", "?", "A", "A 18", "Aether Obelisk", "Alice",
    "Bob", "CP 0", "F", "F 12", "G", "Goat Rider", "Grovetenders", "H", "Harbor", "Heirs", "Inner\u2026",
    "MARKET", "Market phase", "PWR", "R", "R 14", "Roost", "Rushing Ford", "START", "Shield Bearer",
    "Source well", "Spire 2, Skyhall 2", "Spirehall", "Sproutling 2, Vine Lasher 2, Barkback 2,\u2026",
    "TO PLAY", "Talon Guard 2, Skydiver 2, Plumed Lance\u2026", "Thicket", "Thornwall 2, Elderbough 2",
    "Waiting for Bob", "Wave 1/4", "attack", "builds 0/2", "chip supply", "damage", "earthscape 12",
    "equipment", "forest", "fortification", "group", "hero", "influence", "lake", "landmarks:",
    "mat no. + influence", "merc spire", "mercenary", "minions left: Fledgling 2, Windcaller 2,",
    "minions left: War Briar 2, Treehead Elk 2,", "mountain", "no event", "path", "peak",
    "piles: market 17 \u00b7 earthscapes 7 \u00b7 landmarks 5 \u00b7", "plains", "power 10", "promoted", "range",
    "relics 0", "relics 15 \u00b7 events 29", "ruins", "spires left: Aerie 2, Gust Tower 2, Feather",
    "spires left: Shrubbery 2, Reetall 2,", "swamp", "temple",
])


def test_opening_private_content_is_pinned():
    view = cv.view("opening", 0)
    drawn = _drawn_private(view, 0)
    assert drawn.size == private_size(view, 0) == (640, 164)
    assert sorted(set(_texts(drawn))) == sorted([
        "G", "Grovetenders \u00b7 only\u2026", "Standing policies", "Wave 1 \u00b7 Market phase",
        "automatic \u00b7 marks: automatic",
        "spire targets: lowest health first \u00b7 level-ups: automatic \u00b7 rewards:",
    ])


def test_onslaught_board_draws_the_pieces_market_and_mats():
    view = cv.view("onslaught")
    texts = _texts(_drawn_board(view, ["Alice", "Bob"]))
    counts = Counter(texts)
    assert {"Alice", "Bob", N.label("phase.onslaught", "en")} <= set(texts)
    # every hex is labelled with its coordinates
    assert {h["hex"] for h in view["map"]["hexes"]} <= set(texts)
    # every unit's health, and every spire's chip count, is a number on the map
    need = Counter(str(u["hp"]) for u in view["units"]) + Counter(str(len(s["chips"])) for s in view["spires"])
    assert all(counts[k] >= n for k, n in need.items()), (need, counts)
    # the market shows each face-up chip and the earthscape by name
    for chip in view["market"]["face"]:
        assert _shows(texts, N.name("market", chip)), chip
    if view["market"]["earthscape"]:
        assert _shows(texts, N.name("earthscapes", view["market"]["earthscape"]))
    # every numbered mat is labelled; revealed landmarks show their abbreviated name
    assert {str(n) for n in view["map"]["groups"].values()} <= set(texts)
    for lm in view["landmarks"]:
        assert lm["revealed"] or "?" in texts


def test_the_board_draws_power_and_influence_from_the_view():
    """The renderer decides nothing: change the view's figures and the picture follows."""
    view = cv.view("onslaught")
    view["players"][0]["power"] = 77
    groups = sorted(view["map"]["groups"])
    view["influence"] = [[groups[0]], []]
    texts = _texts(_drawn_board(view, ["Alice", "Bob"]))
    assert "power 77" in texts and "77" in texts  # panel and fortress
    assert N.label("panel.none", "en") in texts  # seat 1 has no influence now
    number = str(view["map"]["groups"][groups[0]])
    i = texts.index(N.label("panel.influence", "en"))
    assert texts[i + 1] == number


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
    line = dict(private_sections(view, 0, "en"))[N.label("private.title.policies", "en")][0][1]
    for key, value in pol.items():
        assert N.text(f"cloudspire.policy.{key}.{value}", "en") in line
    assert "_" not in line


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


@pytest.mark.parametrize("names,shown", [
    (cv.NAMES_CJK, ["Player 1", "? Drake ?"]),
    (cv.NAMES_4_ODD, ["Player 1", "Player 2"]),
    ([], ["Player 1", "Player 2"]),
    (None, ["Player 1", "Player 2"]),
    (["", None], ["Player 1", "Player 2"]),
])
def test_cjk_emoji_and_missing_seat_names(names, shown):
    for name in ("opening", "finished"):
        texts = _texts(_drawn_board(cv.view(name), names, "zh-CN"))
        assert set(shown) <= set(texts)
    texts = _texts(_drawn_board(cv.view("four_player"), names, "zh-CN"))
    assert "Player 4" in texts


def test_four_player_board_stays_on_the_canvas():
    for name in ("four_player", "teams"):
        view = cv.view(name)
        lay = board_layout(view)
        mx0, my0, mx1, my1 = lay.map_box
        model = map_model(view)
        for c in model.all_cells():
            x, y = lay.centre(*c)
            assert mx0 <= x - lay.size * 0.87 and x + lay.size * 0.87 <= mx1, c
            assert my0 <= y - lay.size and y + lay.size <= my1, c
        assert len(lay.panels) == 4
        boxes = [lay.header, lay.map_box, lay.side_box, lay.market, lay.legend] + lay.panels
        for x0, y0, x1, y1 in boxes:
            assert 0 <= x0 < x1 <= lay.width and 0 <= y0 < y1 <= lay.height
        # the side column does not overlap itself
        col = sorted(lay.panels + [lay.market, lay.legend], key=lambda b: b[1])
        for a, b in zip(col, col[1:]):
            assert a[3] <= b[1]
        for p in lay.panels:
            assert p[3] - p[1] >= 120  # room for name, numbers, advancements, facts


def test_hex_size_is_readable():
    for name in SAMPLES:
        assert board_layout(cv.view(name)).size >= 26


def test_face_down_isles_are_drawn_in_guided_setup():
    view = cv.view("guided")
    hidden = [s for s in view["map"]["slots"] if not s["revealed"]]
    assert hidden and all(s["isle"] is None and s["footprint"] for s in hidden)
    model = map_model(view)
    assert set(model.face_down.values()) == {s["slot"] for s in hidden}
    texts = _texts(_drawn_board(view, ["Alice", "Bob"]))
    assert texts.count("?") >= len(hidden)  # a question mark on each face-down slot


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
    for seat in range(2):  # the panel lists the mat numbers after "influence"
        nums = sorted(str(view["map"]["groups"][g]) for g in view["influence"][seat])
        assert Counter(texts)[N.label("panel.influence", "en")] == 2
        assert all(n in texts for n in nums)


def test_names_come_from_the_engine_content():
    assert N.unit_name("war_briar", "en") == "War Briar"
    assert N.name("landmarks", "wild_drake") == "Wild Drake"
    assert N.name("market", "sellsword") == "Sellsword"
    assert N.name("advancements", cv.view("opening")["players"][0]["advancements"].popitem()[0])
    # the bundled font has no CJK glyphs: Chinese falls back to English, never "?"
    assert N.unit_name("war_briar", "zh-CN") == "War Briar"
    # a missing id is a bug, not a prettified guess
    with pytest.raises(KeyError):
        N.unit_name("no_such_unit", "en")
    with pytest.raises(KeyError):
        N.label("no.such.label", "en")


def test_labels_come_from_the_catalog_in_both_languages(monkeypatch):
    """Chinese labels are used as soon as the font can draw them; English otherwise."""
    assert N.label("market.title", "zh-CN") == "MARKET"  # DejaVu has no CJK glyphs
    N._locale_for.cache_clear()
    monkeypatch.setattr(N, "can_draw", lambda text: True)
    try:
        assert N.label("market.title", "zh-CN") == "\u5e02\u573a"
        assert N.ordinal(2, "zh-CN") == "\u7b2c2\u540d"
    finally:
        N._locale_for.cache_clear()


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
    with pytest.raises(KeyError):
        _board(view)


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
        assert engine in ([], ["engine.cloudspire.content"]), (stem, engine)
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
        assert _open(private_png(own, seat, cv.NAMES_4[:seats])).size == private_size(own, seat)
