"""The private picture of Empire vs Steppe: a seat's hand with every card's full text, its
command zone and discard pile, from its own view only, readable at phone width."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from tests.games.evs.render import evs_views as V  # noqa: E402
from tests.render.text_recorder import recording  # noqa: E402

from engine.evs.content import COMMANDS, GENERALS, UNITS  # noqa: E402
from render.common import can_draw  # noqa: E402
from render.evs import private_png  # noqa: E402

LANGS = ("en", "zh-CN")


def _view(name: str, viewer):
    try:
        return V.view(name, viewer)
    except LookupError:  # pragma: no cover
        pytest.skip(f"no {name} position in the current engine")


def _drawn(name: str, seat: int, lang: str = "en"):
    view = _view(name, seat)
    with recording() as texts:
        png = private_png(view, seat, V.NAMES if lang == "en" else V.NAMES_CJK, lang)
    img = Image.open(io.BytesIO(png))
    img.load()
    return view, img, texts


def _name(card: str, lang: str) -> str:
    return (UNITS.get(card) or COMMANDS[card])["name"][lang]


def _flat(texts) -> str:
    return " ".join(" ".join(t.text for t in texts).split())


@pytest.mark.parametrize("name", ["base_vanguard", "base_mid", "advanced_mid", "all_mid", "morale_mid"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_hand_zone_and_discard_are_drawn_with_full_texts(name, lang, seat):
    view, img, texts = _drawn(name, seat, lang)
    assert img.width == 800
    p = view["players"][seat]
    drawn = [t.text for t in texts]
    flat = _flat(texts).replace("- ", "").replace("-", "")
    for card in p["hand"]:
        assert any(t.startswith(_name(card, lang)) for t in drawn), card
        if card in COMMANDS:  # the card's whole text, wrapped over lines
            text = " ".join(COMMANDS[card]["text"][lang].split()).replace("-", "")
            assert text.replace(" ", "") in flat.replace(" ", ""), card
    for e in p["zone"]:
        assert any(t.startswith(_name(e["card"], lang)) for t in drawn), e
    for card in p["discard"]:
        assert _name(card, lang) in drawn
    for g in GENERALS.values():
        assert g["name"][lang] in drawn
    assert all(can_draw(t) for t in drawn)


@pytest.mark.parametrize("name", ["base_mid", "advanced_mid", "all_defence"])
def test_nothing_of_the_other_seat_is_drawn(name):
    st = V.state(name)
    for seat in (0, 1):
        _view_, _img, texts = _drawn(name, seat)
        other = st["players"][1 - seat]
        secret = {_name(c, "en") for c in other["hand"] + other["discard"]}
        if st["options"]["advanced"] == "on":  # else the opponent may look (ES-ADV-2)
            secret |= {_name(e["card"], "en") for e in other["zone"] if not e["revealed"]}
        assert not [t.text for t in texts if t.text in secret]


def test_the_opponents_zone_is_drawn_when_the_view_lets_the_seat_look():
    st = V.state("base_mid")
    for seat in (0, 1):
        view, _img, texts = _drawn("base_mid", seat)
        drawn = [t.text for t in texts]
        other = st["players"][1 - seat]
        assert f"{V.NAMES[1 - seat]}'s command zone ({len(other['zone'])}): you may look" in drawn
        for e in other["zone"]:
            words = _name(e["card"], "en").split()
            assert any(t.startswith(words[0]) for t in drawn)
    view, _img, texts = _drawn("advanced_mid", 0)
    assert not [t.text for t in texts if "command zone" in t.text and "you may look" in t.text]


def test_the_secret_pick_is_drawn_while_picking():
    view, _img, texts = _drawn("pick_select", 0)
    seat = 0 if view["players"][0]["pick"]["cards"] else 1
    view, _img, texts = _drawn("pick_select", seat)
    cards = view["players"][seat]["pick"]["cards"]
    assert cards and not view["players"][seat]["hand"]
    drawn = [t.text for t in texts]
    assert f"Your secret pick ({len(cards)} cards)" in drawn
    for c in cards:
        assert any(t.startswith(_name(c, "en")) for t in drawn), c


def test_the_zone_shows_tokens_and_reveal_turns():
    view, _img, texts = _drawn("advanced_mid", 0)
    drawn = [t.text for t in texts]
    for e in view["players"][0]["zone"]:
        if e["tokens"]:
            assert f"\u25cf{e['tokens']}" in drawn
        if e["revealed"] and e["revealed_turn"] != view["turn"]:
            assert f"revealed in turn {e['revealed_turn']}" in drawn


@pytest.mark.parametrize("lang", LANGS)
def test_the_private_picture_is_readable_at_phone_width(lang):
    for name in ("base_mid", "morale_mid", "pick_select"):
        for seat in (0, 1):
            _view_, img, texts = _drawn(name, seat, lang)
            small = [(t.text, t.size) for t in texts if t.size * 0.729 * 400 / img.width < 8.0]
            assert not small
