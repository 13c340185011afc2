"""Record every string a renderer draws, with its font size and its box on the image, so
render tests can assert what is drawn (names, numbers, labels) and how big it is, rather
than only that drawing did not crash.

    with recording() as texts:
        png = board_png(view, seat_names=["Alice", "Bob"], lang="en")
    assert any(t.text == "Alice" for t in texts)

Supersampled layers (drawn large, then shrunk) report their boxes in the layer's pixels;
a renderer that draws text on such a layer says so with ``render.legibility.layer(scale)``, and
``DrawnText.scale`` carries it (``posted_px``: the font size on the posted picture). Text drawn
inside ``render.legibility.essential()`` is marked ``essential`` (the legibility rule).
"""
from __future__ import annotations

import importlib
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from PIL import ImageDraw

from gamehost import registry
from render import legibility


@dataclass(frozen=True)
class DrawnText:
    text: str
    size: int            # font size in pixels (0 if unknown)
    box: tuple[float, float, float, float]
    image_size: tuple[int, int]
    essential: bool = False
    scale: float = 1.0   # how much larger the text lands on the posted picture

    @property
    def posted_px(self) -> float:
        return self.size * self.scale

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]


def forget_kept_drawings() -> None:
    """Every registered game's renderer forgets what it keeps between drawings (map layers,
    panels, tiles: ``render.<id>.clear_caches()``), so a recording sees all the text a drawing
    has, whatever was drawn before in the same process."""
    for game in registry.plugins():
        try:
            module = importlib.import_module(f"render.{game.id}")
        except ImportError:
            continue
        clear = getattr(module, "clear_caches", None)
        if callable(clear):
            clear()


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    forget_kept_drawings()
    drawn: list[DrawnText] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        result = original(self, xy, text, fill, font, anchor, *args, **kwargs)
        if isinstance(text, str) and text.strip():
            try:
                box = self.textbbox(xy, text, font=font, anchor=anchor,
                                    **{k: v for k, v in kwargs.items() if k in ("spacing", "align", "stroke_width")})
            except (ValueError, TypeError):
                box = (xy[0], xy[1], xy[0], xy[1])
            drawn.append(DrawnText(text, int(getattr(font, "size", 0) or 0), tuple(box), self.im.size,
                                   legibility.is_essential(), legibility.layer_scale()))
        return result

    ImageDraw.ImageDraw.text = text
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original
