"""Every posted picture reads where Discord shows it (render/legibility.py).

For every registered game, the pictures its ``legibility_cases()`` hook draws (in
tests/games/<id>/__init__.py: ``[(label, draw), ...]`` where ``draw()`` returns the PNG bytes of
a public board or private sheet, crowded positions at every seat count) must be landscape or
square, 1,200-1,600 px wide and no taller than 0.75 x the width, and every string drawn as
essential must be at least 10 px tall fitted into Discord's 550 x 400 desktop box and 8 px on
a 400 px wide phone. Sizes are the drawn font sizes times the layer's scale (text_recorder).
"""
from __future__ import annotations

import io

import pytest
from PIL import Image

from render import legibility
from tests.games import game_ids, hook
from tests.render.text_recorder import recording


def cases():
    out = []
    for game in game_ids():
        made = hook(game, "legibility_cases")
        if made is None:
            out.append(pytest.param(game, "-", None, id=f"{game}-no-cases"))
            continue
        for label, draw in made():
            out.append(pytest.param(game, label, draw, id=f"{game}-{label}"))
    return out


@pytest.mark.parametrize("game,label,draw", cases())
def test_a_posted_picture_reads_inline_and_on_a_phone(game, label, draw):
    assert draw is not None, f"{game} gives no legibility_cases() in tests/games/{game}/__init__.py"
    with recording() as texts:
        png = draw()
    size = Image.open(io.BytesIO(png)).size
    assert not legibility.shape_problems(size), (label, legibility.shape_problems(size))
    marked = [t for t in texts if t.essential]
    assert marked, f"{label}: nothing drawn is marked essential"
    least = legibility.smallest_legible_px(size)
    small = sorted({(t.text, round(t.posted_px, 1)) for t in marked if t.posted_px < least - 0.01},
                   key=lambda pair: pair[1])
    assert not small, f"{label} ({size[0]}x{size[1]}): essential text under {least:.1f} px: {small[:12]}"
