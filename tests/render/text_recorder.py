"""Record every string a renderer draws, with its font size and its box on the image, so
render tests can assert what is drawn (names, numbers, labels) and how big it is, rather
than only that drawing did not crash.

    with recording() as texts:
        png = board_png(view, seat_names=["Alice", "Bob"], lang="en")
    assert any(t.text == "Alice" for t in texts)

Supersampled layers (drawn large, then shrunk) report their boxes in the layer's pixels;
``DrawnText.scale`` is not known here, so compare sizes on the final image only for text
drawn straight onto it.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from PIL import ImageDraw


@dataclass(frozen=True)
class DrawnText:
    text: str
    size: int            # font size in pixels (0 if unknown)
    box: tuple[float, float, float, float]
    image_size: tuple[int, int]

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
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
            drawn.append(DrawnText(text, int(getattr(font, "size", 0) or 0), tuple(box), self.im.size))
        return result

    ImageDraw.ImageDraw.text = text
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original
