"""Tests for the Clash of Decks renderer (the render/clash/ package): edge cases: minimal and odd
views, zero mana and one-card hands, the AI's discard pile.

What is drawn is pinned as content (every string with its font size, and the image size, for
the fixed sample views in ``clash_views``), never as pixels: pixels change with the Pillow and
FreeType versions. The shared helpers are in clash_render_helpers.py.
"""

from __future__ import annotations

import copy

import pytest

from tests.games.clash.render import clash_views
from tests.games.clash.render.clash_render_helpers import _drawn, _texts

from render import legibility
from render.clash import render_board, render_hand


# ---------------------------------------------------------------- edge cases


def test_minimal_and_odd_views_do_not_crash():
    odd = [
        {},
        {"stage": "deck_choice", "seats": [{"seat": 0}, {"seat": 1}]},
        {"stage": "champion", "seats": [{"seat": 0, "champion": {"state": "hidden"}},
                                        {"seat": 1, "champion": None}]},
        {"stage": "finished", "result": {"winners": [], "reason": "weird"}},
        {"stage": "something_new", "phase": "unknown", "turn": 3},
    ]
    headers = ["Clash of Decks", "Choosing decks", "Choosing champions", "Game over", "something_new"]
    sheets = [("Your hand", "No cards in hand"), ("The decks still free", None),
              ("Your champion", "Not chosen yet"), ("Your hand", "No cards in hand"),
              ("Your hand", "No cards in hand")]
    for view, header, (title, empty) in zip(odd, headers, sheets):
        _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"]))
        drawn = _texts(texts)
        assert header in drawn, (view, drawn)
        assert "A" in drawn and "B" in drawn
        for seat in (0, 5):  # an out-of-range seat draws an empty sheet
            img, texts = _drawn(lambda: render_hand(view, seat))
            assert title in _texts(texts) and (empty is None or empty in _texts(texts)), _texts(texts)
            assert not legibility.shape_problems(img.size)
    _img, texts = _drawn(lambda: render_board(odd[3], seat_names=["A", "B"]))
    assert _texts(texts).count("Game over") == 1  # the banner, in the header's place: nobody won
    v = clash_views.midgame()
    v["lanes"]["top"][0][0]["abilities"].append("SOMETHING_NEW")
    v["lanes"]["top"][0][0]["card"] = "unknown_card_id"
    _img, texts = _drawn(lambda: render_board(v, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert {"Unknown Card", "Id"} <= set(drawn) or {"Unknown", "Card Id"} <= set(drawn), drawn
    assert "SOM" in drawn  # an unknown ability still gets a pill
    _img, texts = _drawn(lambda: render_hand(v, 0, card_lookup=clash_views.lookup))
    assert "SOM" in _texts(texts) and "Something New" in _texts(texts)  # ... and a legend line on the sheet


def test_zero_mana_and_one_card_hands():
    view = clash_views.crowded()
    s0 = view["seats"][0]
    assert s0["mana"] == 0 and s0["hand_size"] == 2
    _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"]))
    drawn = _texts(texts)
    panel = drawn[drawn.index("TO PLAY"):][:8]  # seat 0's panel: health, mana, hand size
    assert panel == ["TO PLAY", "A", "1", "BASTION", "0", "mana", "2", "cards"]
    priv = copy.deepcopy(view)
    priv["seats"][0]["hand"] = [{"fort": True, "side": "bastion"}, {"card": "goblin", "playable": False}]
    _img, texts = _drawn(lambda: render_hand(priv, 0, card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert "Goblin" in drawn and "can play from these 1" in drawn
    assert "1 card right of the fort = health" in drawn
    only_fort = clash_views.only_fort_loss()
    _img, texts = _drawn(lambda: render_hand(only_fort, 1, card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert "BASTION" in drawn and "Turn 11 \u00b7 Game over" in drawn
    assert not any("can play" in t or "right of the fort" in t for t in drawn)


@pytest.mark.parametrize("pile", [5, 12])
def test_the_ai_discard_pile_is_named_whole(pile):
    """Issue 22: the board named only the last 4 of the AI's 5 discarded cards. The board now
    names, top first, every card that fits its panel and says how many more; the player's
    private sheet names them all."""
    view = clash_views.solo()
    ids = ["goblin", "sellsword", "alchemist", "fireball", "thorn_knight", "lancer", "spearman"]
    view["seats"][1]["ai_discard"] = (ids * 2)[:pile]
    names = [clash_views.CARDS[c]["name"]["en"] for c in reversed(view["seats"][1]["ai_discard"])]
    _img, texts = _drawn(lambda: render_board(view, seat_names=["Alice", "AI"], card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    at = drawn.index("discard")
    shown = [t for t in drawn[at + 1:at + 1 + pile] if t in names]
    assert shown == names[:len(shown)] and shown
    more = [t for t in drawn if t.startswith("+") and t.endswith(" more")]
    if len(shown) < pile:
        assert more == [f"+{pile - len(shown)} more"]
    else:
        assert not more
    view["seats"][0]["hand"] = [{"fort": True, "side": "bastion"}, {"card": "goblin", "playable": True}]
    _img, texts = _drawn(lambda: render_hand(view, 0, card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    at = drawn.index("The AI's discard pile, top first:")
    assert drawn[at + 1:at + 1 + pile] == names
