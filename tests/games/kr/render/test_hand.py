"""The Kingdom Rush hand and hero sheets (render/kr/hand.py, ``private_png`` and ``hero_png``):
every hero at 1, 2 and 4 seats in English and Chinese, landscape 1,200 px wide and at most 900
tall; the towers in hand and in the pending slot with their names, the hero's abilities face
up or down; a hand too big for the sheet names the cards that do not fit; the picture follows
the hand; a raw state is refused."""

from __future__ import annotations

import copy
import inspect
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from tests.games.kr.render import kr_views as V  # noqa: E402
from tests.render.text_recorder import recording  # noqa: E402

from engine.kr.content import HEROES, TOWERS  # noqa: E402
from engine.kr.setup import new_state  # noqa: E402
from render import legibility  # noqa: E402
from render.kr import hero_png, private_png  # noqa: E402
from tests.render.pngs import opened_png as _open  # noqa: E402

LANGS = ("en", "zh-CN")


def _names(n: int, lang: str) -> list[str]:
    return (V.NAMES if lang == "en" else V.NAMES_CJK)[:n]


def _state(hero: str, seats: int, scenario: str = "farrinken_valley") -> dict:
    others = [h for h in HEROES if h != hero]
    return new_state(seats, {"scenario": scenario, "heroes": [hero] + others[:seats - 1]}, 7)[0]


def test_private_png_signature() -> None:
    for draw in (private_png, hero_png):
        assert list(inspect.signature(draw).parameters) == ["view", "seat", "seat_names", "lang"]
        assert inspect.signature(draw).parameters["lang"].default == "en"


@pytest.mark.parametrize("hero", list(HEROES))
@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_hero_renders(hero: str, seats: int) -> None:
    view = V.public_view(_state(hero, seats))
    for lang in LANGS:
        for seat in range(seats):
            s = view["seats"][seat]
            with recording() as texts:
                img = _open(private_png(view, seat, _names(seats, lang), lang))
                hero = _open(hero_png(view, seat, _names(seats, lang), lang))
            for picture in (img, hero):
                assert picture.mode == "RGB" and not legibility.shape_problems(picture.size), picture.size
            drawn = " ".join(t.text for t in texts)
            spec = HEROES[s["hero"]]
            assert spec["name"][lang] in drawn
            for card in s["hand"]:
                assert TOWERS[card]["name"][lang] in drawn
            for ab in spec["abilities"]:
                assert ab["name"][lang] in drawn
            assert _names(seats, lang)[seat] in drawn
            # legible where Discord shows the picture: every essential string at least 24 px,
            # the detail (card texts, attack notes, legend) at least 16 px for when it is opened
            assert min(t.size for t in texts if t.essential) >= legibility.smallest_legible_px(img.size)
            assert min(t.size for t in texts if t.size) >= 16
            assert all(0 <= t.box[0] and t.box[2] <= t.image_size[0] + 1 and t.box[3] <= t.image_size[1] + 1
                       for t in texts), "text off the canvas"


def test_midgame_views_render() -> None:
    for scenario, seats in (("pioneer_pass", 4), ("twin_gates", 2), ("farrinken_valley", 1)):
        view = V.public_view(V.midgame_state(scenario, seats))
        for lang in LANGS:
            for seat in range(seats):
                assert _open(private_png(view, seat, _names(seats, lang), lang)).width == 1200
                assert _open(hero_png(view, seat, _names(seats, lang), lang)).width == 1200


def test_the_picture_follows_the_hand() -> None:
    st = _state("magnus", 2)
    before = V.public_view(st)
    png = private_png(before, 0, V.NAMES[:2])
    st["seats"][0]["hand"].append("artillery_4b")
    grown = V.public_view(st)
    with recording() as texts:
        png2 = private_png(grown, 0, V.NAMES[:2])
    assert png2 != png
    assert "Tesla x104" in {t.text for t in texts}
    st["seats"][0]["hand"].remove("artillery_4b")
    assert private_png(V.public_view(st), 0, V.NAMES[:2]) == png
    st["seats"][0]["hand"][0] = "barracks_4a"             # same size, another card
    assert private_png(V.public_view(st), 0, V.NAMES[:2]) != png
    # the other seat's sheet does not show this hand
    with recording() as texts:
        private_png(V.public_view(st), 1, V.NAMES[:2])
    assert "Holy Order" not in {t.text for t in texts}


def test_pending_cards_and_face_down_abilities() -> None:
    st = _state("lilith", 2)
    st["seats"][0]["pending"] = ["mage_3"]
    st["heroes"]["lilith"]["abilities"]["resurrection"] = False
    with recording() as texts:
        private_png(V.public_view(st), 0, V.NAMES[:2])
        hero_png(V.public_view(st), 0, V.NAMES[:2])
    drawn = [t.text for t in texts]
    assert "Wizard Tower" in drawn
    assert "next round" in drawn
    assert drawn.count("face down") == 1
    assert drawn.count("face up") == len(HEROES["lilith"]["abilities"]) - 1
    with recording() as texts:
        private_png(V.public_view(st), 0, V.NAMES_CJK[:2], "zh-CN")
        hero_png(V.public_view(st), 0, V.NAMES_CJK[:2], "zh-CN")
    drawn = [t.text for t in texts]
    assert "巫师塔" in drawn and "下一轮" in drawn and "背面朝上" in drawn


def test_raw_state_and_bad_seat_refused() -> None:
    st = V.midgame_state("haunted_marsh", 4)
    with pytest.raises(ValueError):
        private_png(st, 0, V.NAMES)                # a state with its deck order
    with pytest.raises(ValueError):
        hero_png(st, 0, V.NAMES)
    view = V.public_view(st)
    for seat in (-1, 4, "0", None):
        with pytest.raises(ValueError):
            private_png(view, seat, V.NAMES)
    with pytest.raises(ValueError):
        private_png([], 0, V.NAMES)
    private_png(copy.deepcopy(view), 3, V.NAMES)   # the view itself is fine


def test_a_big_hand_names_the_cards_that_do_not_fit() -> None:
    st = _state("magnus", 1)
    st["seats"][0]["hand"] = list(TOWERS)[:13]
    st["seats"][0]["pending"] = ["mage_2", "archer_2"]
    with recording() as texts:
        img = _open(private_png(V.public_view(st), 0, V.NAMES[:1]))
    assert not legibility.shape_problems(img.size)
    drawn = " ".join(t.text for t in texts)
    for card in st["seats"][0]["hand"] + st["seats"][0]["pending"]:
        assert TOWERS[card]["name"]["en"] in drawn, card
    assert any(t.text.startswith("and ") and t.text.endswith("more:") for t in texts)
    assert all(t.box[3] <= img.height + 1 for t in texts)
