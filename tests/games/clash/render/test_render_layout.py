"""Tests for the Clash of Decks renderer (the render/clash/ package): layout. Nothing is drawn off
the canvas, however full the lanes and hands, and no text spills out of its card or panel, even
with the longest names.

What is drawn is pinned as content (every string with its font size, and the image size, for
the fixed sample views in ``clash_views``), never as pixels: pixels change with the Pillow and
FreeType versions. The shared helpers are in clash_render_helpers.py.
"""

from __future__ import annotations

import pytest

from tests.games.clash.render import clash_views
from tests.games.clash.render.clash_render_helpers import _cards, _drawn, _texts
from tests.render.text_recorder import DrawnText

from engine.clash.cards import CARDS
from render import common, legibility
from render.clash import board_layout, hand_layout, render_board, render_hand
from render.clash.content import Cards
from render.clash.draft import revealed_boxes
from render.clash.style import BRIDGE_X0, BRIDGE_X1


# ---------------------------------------------------------------- layout: never off-canvas


def _overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _check_layout(view):
    layout = board_layout(view, _cards())
    inside = (0, 0, layout.width, layout.height)
    for box in layout.all_boxes():
        assert inside[0] <= box[0] < box[2] <= inside[2], box
        assert inside[1] <= box[1] < box[3] <= inside[3], box
    tiles = layout.tiles
    for i, a in enumerate(tiles):
        lane = layout.lanes[a.lane]
        assert lane[0] <= a.box[0] and a.box[2] <= lane[2]
        assert lane[1] <= a.box[1] and a.box[3] <= lane[3]
        if a.seat == 0:
            assert a.box[2] <= BRIDGE_X0  # never on the bridge
        else:
            assert a.box[0] >= BRIDGE_X1
        for b in tiles[i + 1:]:
            assert not _overlaps(a.box, b.box), (a, b)
    return layout


def _badges(layout, texts) -> list[int]:
    """The position badges, tile by tile: each tile is drawn on its own small picture (then
    pasted), its badge first, at its top left."""
    board = (layout.width, layout.height)
    return [int(t.text) for t in texts
            if t.image_size != board and t.text.isdigit() and t.box[0] < 30 and t.box[1] < 12]


def test_nine_creature_lane_stays_on_canvas():
    view = clash_views.crowded()
    assert len(view["lanes"]["top"][0]) == 9
    layout = _check_layout(view)
    n = sum(1 for lane in ("top", "bottom") for side in view["lanes"][lane] for _ in side)
    assert len(layout.tiles) == n
    _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    assert _badges(layout, texts) == [t.index + 1 for t in layout.tiles]  # every tile's position badge
    assert sorted(t.index for t in layout.tiles if t.lane == "top" and t.seat == 0) == list(range(9))
    assert _texts(texts).count("Goblin") == 2


def test_huge_lanes_stay_on_canvas():
    view = clash_views.crowded()
    many = [clash_views.creature(500 + i, "goblin", s) for s in (0, 1) for i in range(12)]
    view["lanes"]["bottom"] = [many[:12], many[12:]]
    layout = _check_layout(view)
    img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    assert img.size == (layout.width, layout.height)
    assert not legibility.shape_problems(img.size)  # smaller tiles, never a taller board
    assert _badges(layout, texts) == [t.index + 1 for t in layout.tiles]
    goblins = [t for t in texts if t.text.startswith("Go")]
    assert len(goblins) == 2 + 24  # every Goblin named (cut with "…" on the narrowest tiles)
    assert all(t.size >= 24 for t in goblins)


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
def test_sample_layouts_stay_on_canvas(name):
    _check_layout(clash_views.BOARD_SAMPLES[name][0]())


def test_index_zero_is_next_to_the_bridge():
    view = clash_views.midgame()
    layout = board_layout(view, _cards())
    for lane in ("top", "bottom"):
        for seat in (0, 1):
            tiles = sorted((t for t in layout.tiles if t.lane == lane and t.seat == seat),
                           key=lambda t: t.index)
            if seat == 0:  # left side: x decreases away from the bridge
                xs = [t.box[2] for t in tiles]
                assert xs == sorted(xs, reverse=True)
            else:
                xs = [t.box[0] for t in tiles]
                assert xs == sorted(xs)


def test_hand_layout_stays_on_canvas_for_big_hands():
    view = clash_views.opening(private_for=0)
    hand = view["seats"][0]["hand"]
    view["seats"][0]["hand"] = hand + [{"card": "goblin", "playable": False}] * 10
    view["seats"][0]["champion"] = {"card": "storm_queen", "state": "ready", "cost_now": 4}
    lay = hand_layout(view, 0, _cards())
    assert len(lay["boxes"]) == len(view["seats"][0]["hand"]) + 1
    for _kind, _item, box in lay["boxes"]:
        assert 0 <= box[0] < box[2] <= lay["width"] and 0 <= box[1] < box[3] <= lay["height"]
    boxes = [b for _k, _i, b in lay["boxes"]]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlaps(a, b)
    img, texts = _drawn(lambda: render_hand(view, 0, card_lookup=clash_views.lookup))
    assert img.size == (lay["width"], lay["height"])
    drawn = _texts(texts)
    assert drawn.count("Goblin") == 11 and any(d.startswith("\u2605 ") for d in drawn)  # the starred champion
    assert "can play from these 4" in drawn


# ---------------------------------------------------------------- no text leaves its box


def _inside(box, outer) -> bool:
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


def _owner(t: DrawnText, boxes):
    """The smallest box holding the centre of the drawn string: the card, tile, panel,
    header or legend it belongs to (the canvas for the labels between them)."""
    cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
    holding = [(n, b) for n, b in boxes if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
    return min(holding, key=lambda nb: (nb[1][2] - nb[1][0]) * (nb[1][3] - nb[1][1]))


def _board_boxes(view, cards):
    lay = board_layout(view, cards)
    boxes = [("canvas", (0, 0, lay.width, lay.height)), ("header", lay.header)]
    boxes += [(f"panel {i}", b) for i, b in enumerate(lay.panels)]
    boxes += [(f"lane {k}", b) for k, b in lay.lanes.items()]
    boxes += [(f"tile {t.lane}/{t.seat}/{t.index}", t.box) for t in lay.tiles]
    boxes += [(n, b) for n, b in (("banner", lay.banner), ("legend", lay.legend), ("draft", lay.draft)) if b]
    if lay.draft:
        revealed = (view.get("draft") or {}).get("revealed") or []
        boxes += [(f"draft card {i}", b) for i, b in enumerate(revealed_boxes(lay.draft, len(revealed)))]
    return boxes


def _hand_boxes(view, seat, cards):
    lay = hand_layout(view, seat, cards)
    boxes = [("canvas", (0, 0, lay["width"], lay["height"])), ("header", lay["header"])]
    boxes += [(f"{kind} {i}", b) for i, (kind, _item, b) in enumerate(lay["boxes"])]
    return boxes + ([("legend", lay["legend"])] if lay["legend"] else [])


def _spills(render, boxes) -> list:
    """Strings outside their box; a creature tile is drawn on its own picture, so its strings
    must stay inside that picture."""
    _img, texts = _drawn(render)
    canvas = boxes[0][1][2:]
    out = []
    for t in texts:
        if t.image_size != canvas:
            name, box = "tile", (0, 0, *t.image_size)
        else:
            name, box = _owner(t, boxes)
        if not _inside(t.box, box):
            out.append((name, t.text, t.size, tuple(round(v) for v in t.box), box))
    return out


def _longest_ids(content: dict) -> list[str]:
    by_en = sorted(content, key=lambda c: -common.font(19).getlength(content[c]["name"]["en"]))
    by_zh = sorted(content, key=lambda c: -len(content[c]["name"].get("zh") or ""))
    return list(dict.fromkeys(by_en[:4] + by_zh[:4]))


LONG_SEAT_NAMES = [["Alice", "Bob"],
                   ["Alexandra the Magnificent of Very Long Names", "Bartholomew Longname-Smythe III"]]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
@pytest.mark.parametrize("content", ["engine", "test"])
def test_no_text_spills_out_of_its_card_or_panel(content, lang):
    """Every string drawn stays inside the box it belongs to (creature tile, card face,
    panel, header, legend, canvas) with the longest card names of the content in both
    languages, long seat names, every status pill and the samples."""
    data, lookup = (CARDS, CARDS.get) if content == "engine" else (clash_views.CARDS, clash_views.lookup)
    ids = _longest_ids(data)
    if content == "test":
        ids = ["behemoth", *ids]
    cards = Cards(lookup, lang)
    spills = []
    views = dict(clash_views.long_name_views(data, ids))
    if content == "test":
        views.update({n: (m(), None) for n, (m, _names) in clash_views.BOARD_SAMPLES.items()})
        views.update({n: (m(), s) for n, (m, s) in clash_views.HAND_SAMPLES.items()})
    for key, (view, seat) in views.items():
        for names in LONG_SEAT_NAMES:
            spills += [(key, *s) for s in _spills(
                lambda: render_board(view, seat_names=names, card_lookup=lookup, lang=lang),
                _board_boxes(view, cards))]
        if seat is not None:
            spills += [(key, *s) for s in _spills(
                lambda: render_hand(view, seat, card_lookup=lookup, lang=lang), _hand_boxes(view, seat, cards))]
    assert not spills, spills[:10]


def test_a_wide_tile_shortens_its_status_pills_rather_than_spill():
    view = clash_views.base_view(lanes={"top": [[clash_views.creature(1, "goblin", 0, damage=2, dash=2)], []],
                                        "bottom": [[], []]})
    _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert "-2" in drawn and "\u26a1+2" in drawn
    assert "-2 of 1" not in drawn
    _img, texts = _drawn(lambda: render_hand(view, 0, card_lookup=clash_views.lookup))
    assert "Dash bonus" in _texts(texts)  # the legend, on the private sheet
