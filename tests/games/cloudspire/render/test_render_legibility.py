"""Tests for the Cloudspire renderer (the ``render/cloudspire/`` package): the pictures read where
Discord shows them (issue 22, render/legibility.py): every label a move needs is drawn as
essential, where it belongs, at least 24 px tall on the 1,200 px wide picture, and no string
spills out of its box, sits on another or is cut with an ellipsis, even with the longest names.

What is drawn is checked with the text recorder (tests/render/text_recorder.py): the strings,
not the pixels, are pinned, because pixels move with Pillow and FreeType versions. The sample
views come from the real engine at fixed seeds (cloudspire_views.py); the shared helpers are in
cloudspire_render_helpers.py.
"""

from __future__ import annotations

import pytest

from tests.games.cloudspire.render import cloudspire_views as cv
from tests.games.cloudspire.render.cloudspire_render_helpers import (
    SAMPLES,
    LANGS,
    Drawn,
    _drawn_board,
    _drawn_private,
    _inside,
    _number_on_hex,
    _overlap,
    _shows,
    _texts,
)

from render import legibility
from render.cloudspire import names as N
from render.cloudspire.cards import barracks_text, seat_details
from render.cloudspire.board import influence
from render.cloudspire.layout import map_model
from render.cloudspire.private import private_sections
from render.cloudspire.style import DIRS, ESS, H, SMALL, W
from render.common import font

ELLIPSIS = "\u2026"


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
