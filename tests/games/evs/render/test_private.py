"""The private pictures of Empire vs Steppe: a seat's sheet (hand and command zone as card
tiles, texts whole where they fit) and its reference pages (the texts the sheet cut, discard
pile, morale zones, general commands, the opponent's zone when one may look), from its own
view only, each 1,200 wide and at most 900 tall (the legibility rule)."""

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
from render import legibility  # noqa: E402
from render.evs import private_png, private_pngs  # noqa: E402

LANGS = ("en", "zh-CN")


def _view(name: str, viewer):
    try:
        return V.view(name, viewer)
    except LookupError:  # pragma: no cover
        pytest.skip(f"no {name} position in the current engine")


def _drawn(name: str, seat: int, lang: str = "en", pages: bool = True):
    """The view, the sheet and what every page (only the sheet: ``pages`` False) draws."""
    view = _view(name, seat)
    names = V.NAMES if lang == "en" else V.NAMES_CJK
    with recording() as texts:
        pngs = private_pngs(view, seat, names, lang) if pages else [private_png(view, seat, names, lang)]
    imgs = [Image.open(io.BytesIO(png)) for png in pngs]
    for img in imgs:
        img.load()
        assert img.width == 1200 and img.height <= 900 and not legibility.shape_problems(img.size)
    return view, imgs[0], texts


def _name(card: str, lang: str) -> str:
    return (UNITS.get(card) or COMMANDS[card])["name"][lang]


def _flat(texts) -> str:
    return " ".join(" ".join(t.text for t in texts).split())


@pytest.mark.parametrize("name", ["base_vanguard", "base_mid", "advanced_mid", "all_mid", "morale_mid"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_hand_zone_and_discard_are_drawn_with_full_texts(name, lang, seat):
    view, img, texts = _drawn(name, seat, lang)
    p = view["players"][seat]
    drawn = [t.text for t in texts]
    flat = _flat(texts).replace("- ", "").replace("-", "")
    sheet = "".join(t.text for t in _drawn(name, seat, lang, pages=False)[2]).replace(" ", "").replace("-", "")
    for card in p["hand"]:
        assert _name(card, lang).replace(" ", "").replace("-", "") in sheet, card  # on the sheet, maybe wrapped
        if card in COMMANDS:  # the card's whole text, on the sheet or the reference page
            text = " ".join(COMMANDS[card]["text"][lang].split()).replace("-", "")
            assert text.replace(" ", "") in flat.replace(" ", ""), card
    for e in p["zone"]:
        assert _name(e["card"], lang).replace(" ", "").replace("-", "") in sheet, e
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
        assert f"{V.NAMES[1 - seat]}'s command zone ({len(other['zone'])}): you may look" in " ".join(drawn)
        for e in other["zone"]:
            words = _name(e["card"], "en").split()
            assert any(t.startswith(words[0]) for t in drawn)
    view, _img, texts = _drawn("advanced_mid", 0)
    assert "you may look" not in " ".join(t.text for t in texts)


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
def test_what_a_move_needs_on_the_sheet_is_legible(lang):
    """Every card's name, power and cost, the tokens and the seat's resources are drawn
    essential at the legible size (24 px on a 1,200 px wide picture); texts may be smaller."""
    least = legibility.smallest_legible_px((1200, 900))
    for name in ("base_mid", "morale_mid", "pick_select"):
        for seat in (0, 1):
            view, _img, texts = _drawn(name, seat, lang, pages=False)
            essential = [t for t in texts if t.essential]
            assert essential and all(t.posted_px >= least for t in essential)
            p = view["players"][seat]
            cards = p["hand"] or (p.get("pick") or {}).get("cards") or []
            flat = "".join(t.text for t in essential).replace(" ", "").replace("-", "")
            for c in cards:
                assert _name(c, lang).replace(" ", "").replace("-", "") in flat, c
