"""The Kingdom Rush renderer (render/kr/): every scenario renders at 1, 2 and 4 seats in
English and Chinese from the public view, landscape (1,200 px wide, at most 900 tall); a placed
tile changes the tray's picture; heroes on one square lie side by side; the hordes list says
what its numbers are; the horde close-up names its squares as moves do and numbers placement
options; nothing hidden is drawn (the renderer only gets the view and refuses a state)."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest
from PIL import ImageChops

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from tests.games.kr.render import kr_views as V  # noqa: E402
from tests.render.text_recorder import recording  # noqa: E402

from engine.kr.content import ENEMIES, HORDES, SCENARIOS  # noqa: E402
from engine.kr.hordegrid import add_tile, horde_grid, placements  # noqa: E402
from render import legibility  # noqa: E402
from render.kr import board_layout, board_png, horde_png  # noqa: E402
from tests.render.pngs import opened_png as _open  # noqa: E402

ROOT = Path(__file__).resolve().parents[4]
LANGS = ("en", "zh-CN")


def _names(n: int, lang: str) -> list[str]:
    return (V.NAMES if lang == "en" else V.NAMES_CJK)[:n]


def _no_deck_order(view: dict) -> None:
    assert "rng" not in view
    for deck in view["decks"].values():
        assert set(deck) == {"count", "top_crystals"}
    assert set(view["ghost_deck"]) == {"count"}


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_scenario_renders(scenario: str, seats: int) -> None:
    view = V.public_view(V.setup_state(scenario, seats))
    _no_deck_order(view)
    for lang in LANGS:
        with recording() as texts:
            img = _open(board_png(view, _names(seats, lang), lang))
        assert img.width == 1200 and not legibility.shape_problems(img.size), img.size
        assert img.mode == "RGB"
        assert all(0 <= t.box[0] and t.box[2] <= img.width + 1 and t.box[3] <= img.height + 1 for t in texts)


@pytest.mark.parametrize("scenario,seats", [("pioneer_pass", 4), ("twin_gates", 2), ("farrinken_valley", 1)])
def test_midgame_smoke(scenario: str, seats: int) -> None:
    view = V.public_view(V.midgame_state(scenario, seats))
    for lang in LANGS:
        with recording() as texts:
            img = _open(board_png(view, _names(seats, lang), lang))
        drawn = {t.text for t in texts}
        name = SCENARIOS[scenario]["name"]["en" if lang == "en" else "zh-CN"]
        assert name in drawn
        assert any(_names(seats, lang)[0] in t for t in drawn)
        assert img.width == 1200
    for tid in view["trays"]:
        assert not legibility.shape_problems(_open(horde_png(view, tid, "en")).size)


def test_letters_readable_at_phone_width() -> None:
    view = V.public_view(V.midgame_state("pioneer_pass", 4))
    with recording() as texts:
        img = _open(board_png(view, V.NAMES, "en"))
    letters = [t for t in texts if t.text in "ABCDEFGHIJKL" and len(t.text) == 1 and t.size]
    assert len(letters) >= 12 and all(t.essential for t in letters)
    # at least 8 px when the picture is shown 400 px wide
    assert min(t.size for t in letters) * 400 / img.width >= 8


def test_a_placed_tile_changes_the_tray() -> None:
    st = V.setup_state("farrinken_valley", 2)
    tid, tray = next(iter(st["trays"].items()))
    before = V.public_view(st)
    g = horde_grid(HORDES[tray["card"]], ENEMIES)
    p = placements(g, tray["cover"], [((0, 0), (1, 0))], "physical")[0]
    tray["cover"] = add_tile(g, tray["cover"], [list(c) for c in p.cells], "physical", "archer_1")
    after = V.public_view(st)
    a, b = _open(board_png(before, V.NAMES[:2])), _open(board_png(after, V.NAMES[:2]))
    assert a.size == b.size
    box = tuple(int(v) for v in board_layout(after, V.NAMES[:2]).tray_boxes[tid])
    assert ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None
    diff = ImageChops.difference(a, b).getbbox()
    assert diff is not None
    # the close-up changes too
    assert horde_png(before, tid) != horde_png(after, tid)


def test_horde_closeup_numbers_options() -> None:
    view = V.public_view(V.midgame_state("pioneer_pass", 4))
    tid = next(t for t, tr in view["trays"].items() if tr["card"] == "orc_war_party")
    options = [[[1, 2]], [[2, 0], [3, 0]], [[0, 3], [1, 3]]]
    plain = _open(horde_png(view, tid, "en"))
    with recording() as texts:
        img = _open(horde_png(view, tid, "en", options))
    drawn = [t.text for t in texts]
    assert {"1", "2", "3"} <= set(drawn)
    assert not legibility.shape_problems(img.size) and not legibility.shape_problems(plain.size)
    # the squares named as moves name them: letters on top, numbers on the left
    assert {"a", "b", "c", "d", "e"} <= set(drawn) and {"1", "2", "3", "4"} <= set(drawn)
    assert "Orc Warrior" in " ".join(drawn) or "Orc" in drawn
    with recording() as texts:
        _open(horde_png(view, tid, "zh-CN", options))
    assert any("兽人" in t.text for t in texts)
    with pytest.raises(KeyError):
        horde_png(view, "t999")


def test_portal_level_and_deadly_marked() -> None:
    view = V.public_view(V.midgame_state("pioneer_pass", 4))
    portal = next(t for t, tr in view["trays"].items() if HORDES[tr["card"]]["kind"] == "portal")
    with recording() as texts:
        horde_png(view, portal, "en")
    assert str(HORDES[view["trays"][portal]["card"]]["portal_level"]) in {t.text for t in texts}
    deadly = next(t for t, tr in view["trays"].items() if tr["card"] == "shadow_ambush")
    with recording() as texts:
        horde_png(view, deadly, "en")
    assert "deadly" in {t.text for t in texts}


def test_no_hidden_information() -> None:
    st = V.midgame_state("haunted_marsh", 4)
    view = V.public_view(st)
    _no_deck_order(view)
    assert "decks" in st and all(isinstance(d, list) for d in st["decks"].values())
    with pytest.raises(ValueError):
        board_png(st, V.NAMES)                 # a state with its deck order is refused
    with pytest.raises(ValueError):
        horde_png(st, next(iter(st["trays"])))
    with recording() as texts:
        board_png(copy.deepcopy(view), V.NAMES)
    drawn = " ".join(t.text for t in texts)
    on_map = {tr["card"] for tr in view["trays"].values()}
    for deck in st["decks"].values():        # cards still in the decks are never named
        for card in set(deck) - on_map:
            assert HORDES[card]["name"]["en"] not in drawn


def test_catalog_entries() -> None:
    entries = json.loads((ROOT / "locales" / "kr" / "core.json").read_text(encoding="utf-8"))
    ours = {k: v for k, v in entries.items() if k.startswith("kr.render.")}
    assert len(ours) > 50
    assert all(set(v) == {"en", "zh-CN"} for v in ours.values())
    lines = (ROOT / "locales" / "kr" / "core.json").read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(entries) + 2     # one key per line


def test_heroes_on_one_square_lie_side_by_side() -> None:
    st = V.setup_state("ogre_ford", 4)
    cell = next(c for c in V._geo(st).path(1) if c not in {t["cell"] for t in st["trays"].values()})
    for hero in [s["hero"] for s in st["seats"]]:
        st["heroes"][hero].update(cell=cell, tray=None)
    view = V.public_view(st)
    with recording() as texts:
        board_png(view, V.NAMES)
    box = board_layout(view, V.NAMES).cells[cell]
    tokens = [t for t in texts if box[0] <= (t.box[0] + t.box[2]) / 2 <= box[2]
              and box[1] <= (t.box[1] + t.box[3]) / 2 <= box[3]]
    assert len(tokens) == 4
    for i, a in enumerate(tokens):
        for b in tokens[i + 1:]:
            overlap = min(a.box[2], b.box[2]) > max(a.box[0], b.box[0]) and \
                min(a.box[3], b.box[3]) > max(a.box[1], b.box[1])
            assert not overlap, (a.text, b.text)


def test_the_hordes_list_says_what_its_numbers_are() -> None:
    view = V.public_view(V.midgame_state("pioneer_pass", 4))
    for lang, words in (("en", "enemies left"), ("zh-CN", "剩余敌人")):
        with recording() as texts:
            board_png(view, _names(4, lang), lang)
        drawn = [t.text for t in texts]
        assert any(words in t for t in drawn)
        assert not any(t.endswith(")") and "(" in t and t.split("(")[-1][:-1].isdigit() for t in drawn)
