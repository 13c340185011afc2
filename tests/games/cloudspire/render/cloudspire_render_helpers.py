"""Shared helpers of the Cloudspire renderer tests (test_render_*.py, the ``render/cloudspire/``
package): the sample names and languages, opening a PNG, and the strings drawn on the board and
on a private picture with their boxes (tests/render/text_recorder.py)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from tests.games.cloudspire.render import cloudspire_views as cv
from tests.render.text_recorder import recording

from render import cloudspire
from render.cloudspire import board_layout, board_png, private_png
from render.cloudspire.private import layout_boxes
from render.common import font
from tests.render.pngs import opened_png as _open

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parents[4]
PACKAGE = ROOT / "render" / "cloudspire"
SAMPLES = sorted(cv.MAKERS)
LANGS = ("en", "zh-CN")


def _board(view, names=None, lang="en") -> bytes:
    return board_png(view, names if names is not None else ["Alice", "Bob", "Cy", "Di"], lang)


class Drawn(list):
    """The strings drawn on one picture (text_recorder.DrawnText), the picture's size and
    the boxes its text must stay in."""

    size: tuple[int, int] = (0, 0)
    boxes: list = []


def _drawn_board(view, names, lang="en") -> Drawn:
    """Every string drawn on the board, the cached map layer included."""
    cloudspire.clear_caches()
    with recording() as texts:
        png = board_png(view, names, lang)
    size = _open(png).size
    lay = board_layout(view, lang, names)
    dx, dy = lay.map_box[0], lay.map_box[1]
    # the cached map layer (terrain.py) is drawn at the map box's size, then pasted at its corner
    out = Drawn(t if t.image_size == size else
                replace(t, box=(t.box[0] + dx, t.box[1] + dy, t.box[2] + dx, t.box[3] + dy), image_size=size)
                for t in texts)
    out.size = size
    out.layout = lay
    out.boxes = lay.boxes()
    return out


def _drawn_private(view, seat, lang="en", names=()) -> Drawn:
    with recording() as texts:
        png = private_png(view, seat, list(names), lang)
    out = Drawn(texts)
    out.size = _open(png).size
    out.boxes = layout_boxes(view, seat, lang, list(names))
    return out


def _texts(drawn) -> list[str]:
    return [t.text for t in drawn]


def _shows(texts: list[str], name: str) -> bool:
    """``name`` is drawn, alone or inside a line, or wrapped over consecutive lines."""
    if any(name in t for t in texts):
        return True
    for i in range(len(texts)):
        run = texts[i]
        for t in texts[i + 1:i + 6]:
            run = run + ("" if run.endswith("-") else " ") + t
            if name in run or name.replace("-", "") in run.replace("-", ""):
                return True
    return False


def _cap(size: int) -> float:
    """Height of a capital (and of a digit) at font ``size``."""
    box = font(size).getbbox("H0")
    return box[3] - box[1]


def _inside(box, outer, slack: float = 0.5) -> bool:
    return (outer[0] - slack <= box[0] and box[2] <= outer[2] + slack
            and outer[1] - slack <= box[1] and box[3] <= outer[3] + slack)


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _number_on_hex(drawn, pos: str, number, lay) -> object:
    """The string ``number`` drawn on hex ``pos``, under its coordinate label, or None."""
    q, r = (int(x) for x in pos.split(","))
    x, y = lay.centre(q, r)
    for t in drawn:
        cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
        if t.text == str(number) and abs(cx - x) < 0.8 * lay.size and y <= cy < y + lay.size:
            return t
    return None
