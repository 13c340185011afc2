"""Shared helpers of the Clash of Decks renderer tests (test_render_*.py, the render/clash/
package): opening a PNG, the card content for a language, and the image and every string a
render drew (tests/render/text_recorder.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from tests.games.clash.render import clash_views
from tests.render.text_recorder import DrawnText, recording

from render.clash import clear_caches
from render.clash.content import Cards
from tests.render.pngs import opened_png as _open

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parents[4]
PACKAGE = ROOT / "render" / "clash"


def _cards(lang="en"):
    return Cards(clash_views.lookup, lang)


def _drawn(render) -> tuple[Image.Image, list[DrawnText]]:
    """The image ``render()`` returns and every string it drew (the kept static layer and
    tiles of the board are dropped first, so everything is drawn and recorded every time)."""
    clear_caches()
    with recording() as texts:
        png = render()
    return _open(png), texts


def _texts(texts: list[DrawnText]) -> list[str]:
    return [t.text for t in texts]
