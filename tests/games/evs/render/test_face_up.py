"""Face-up staging in the pictures (ES-DEP-7): a card staged face-up is drawn by name on the
public board (its tile framed in teal; the legend of the private reference page says what teal
means), even with the advanced rule, while the face-down cards next to it stay backs; the
owner's private picture says the opponent sees it."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from tests.games.evs.render import evs_views as V  # noqa: E402
from tests.render.text_recorder import recording  # noqa: E402

from engine.evs import GAME  # noqa: E402
from engine.evs.content import COMMANDS  # noqa: E402
from render.evs import board_png, private_png, private_pngs  # noqa: E402


def _face_up_sample() -> tuple[dict, int, str, set[str]]:
    """The advanced-rule sample with its first unrevealed zone card turned face-up: the state,
    that card's owner, its id and the ids of the face-down cards left."""
    st = copy.deepcopy(V.state("advanced_mid"))
    for seat, p in enumerate(st["players"]):
        down = [e for e in p["zone"] if not e["revealed"]]
        if down:
            down[0]["face_up"] = True
            rest = {e["card"] for q in st["players"] for e in q["zone"] if not e["revealed"] and not e.get("face_up")}
            return st, seat, down[0]["card"], rest
    pytest.skip("no face-down card in the sample")


def _drawn(png_call) -> list[str]:
    with recording() as texts:
        png_call()
    return [t.text for t in texts]


def test_ES_DEP_7_the_public_board_draws_a_face_up_card_and_no_face_down_one():
    st, _seat, card, rest = _face_up_sample()
    view = GAME.view(st, None)
    drawn = " ".join(_drawn(lambda: board_png(view, V.NAMES, "en")))
    name = COMMANDS[card]["name"]["en"]
    assert name in drawn
    legend = " ".join(_drawn(lambda: private_pngs(GAME.view(st, 0), 0, V.NAMES, "en")))
    assert "teal frame: staged face up" in legend
    hidden = {COMMANDS[c]["name"]["en"] for c in rest} - {name}
    assert not [n for n in hidden if n in drawn and n not in {COMMANDS[b["card"]]["name"]["en"]
                                                           for b in st["battle"] if b["card"] in COMMANDS}]


def test_ES_DEP_7_the_owners_picture_says_the_opponent_sees_it():
    st, seat, _card, _rest = _face_up_sample()
    drawn = " ".join(_drawn(lambda: private_png(GAME.view(st, seat), seat, V.NAMES, "en")))
    assert "face up: the opponent sees it" in drawn  # wrapped in its tile
