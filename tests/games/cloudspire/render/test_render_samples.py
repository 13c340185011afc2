"""Tests for the Cloudspire renderer (the ``render/cloudspire/`` package): every sample view
renders a PNG of its size, deterministically and without changing the view, and what is drawn
on the board and the private picture is pinned.

What is drawn is checked with the text recorder (tests/render/text_recorder.py): the strings,
not the pixels, are pinned, because pixels move with Pillow and FreeType versions. The sample
views come from the real engine at fixed seeds (cloudspire_views.py); the shared helpers are in
cloudspire_render_helpers.py.
No test asserts wall-clock times (see tools/cloudspire/render_samples.py --bench).
"""

from __future__ import annotations

import copy
import re
from collections import Counter

import pytest

from tests.games.cloudspire.render import cloudspire_views as cv
from tests.games.cloudspire.render.cloudspire_render_helpers import (
    SAMPLES,
    LANGS,
    _board,
    _drawn_board,
    _drawn_private,
    _number_on_hex,
    _open,
    _shows,
    _texts,
)

from render import cloudspire, legibility
from render.cloudspire import PRIVATE_W, board_png, private_png, private_size
from render.cloudspire import names as N
from render.cloudspire.cards import seat_details
from render.cloudspire.board import influence
from render.cloudspire.layout import map_model, row_ends
from render.cloudspire.private import MIN_H, private_sections
from render.cloudspire.style import H, W

COORD = re.compile(r",?-?\d+")  # a hex's column q, a row's ,r


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
