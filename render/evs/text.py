"""Text that never spills: wrapping into a column, and a :class:`Flow` that lays short pieces
(words, pills, icons with numbers) left to right, wrapping to a new line when the next one
does not fit. With no drawing context (``d`` None) both only measure, so a picture can lay
its boxes out before it draws them."""

from __future__ import annotations

from render.common import TEXT, ellipsize, font, safe_text, wrap_text

from .style import BODY, line_h

Colour = tuple[int, ...]      # RGB or RGBA
MAX_LINES = 30


def wrap(text: str, size: int, width: float, max_lines: int = MAX_LINES) -> list[str]:
    s = safe_text(text)
    if not s.strip():
        return []
    return wrap_text(s, font(size), width, max_lines, hyphenate=True)


def fit(text: str, size: int, width: float) -> str:
    """``text`` made drawable and ellipsized to ``width``."""
    return ellipsize(safe_text(text), font(size), width)


def width(text: str, size: int) -> float:
    return font(size).getlength(safe_text(text))


def put(d, xy, text: str, size: int, fill=TEXT, anchor: str = "la") -> None:
    """Draw already-safe ``text`` (nothing when only measuring)."""
    if d is not None and text:
        d.text(xy, text, font=font(size), fill=fill, anchor=anchor)


def paragraph(d, x0: float, x1: float, y: float, text: str, size: int = BODY, fill=TEXT,
              max_lines: int = MAX_LINES) -> float:
    """``text`` wrapped into ``x0..x1`` from ``y``; returns the y under it."""
    lh = line_h(size)
    for line in wrap(text, size, x1 - x0, max_lines):
        put(d, (x0, y + lh / 2), line, size, fill, "lm")
        y += lh
    return y


class Flow:
    """Pieces placed left to right in ``x0..x1`` from ``y``, lines ``lh`` tall."""

    def __init__(self, d, x0: float, x1: float, y: float, lh: float | None = None, gap: float = 12):
        self.d, self.x0, self.x1, self.y = d, x0, x1, y
        self.lh = lh or line_h(BODY)
        self.gap = gap
        self.x = x0
        self._sep: tuple[int, Colour] | None = None

    def piece(self, w: float, draw=None) -> tuple[float, float]:
        """Room for a piece ``w`` wide; ``draw(x, cy)`` draws it. Returns its (x, centre y).
        A separator asked for by :meth:`sep` goes before it when both fit on the line."""
        sep, self._sep = self._sep, None
        if self.x > self.x0 and sep is not None:
            size, fill = sep
            sw = width("\u00b7", size) + self.gap
            if self.x + sw + w <= self.x1:
                put(self.d, (self.x, self.y + self.lh / 2), "\u00b7", size, fill, "lm")
                self.x += sw
        if self.x > self.x0 and self.x + w > self.x1:
            self.newline()
        x, cy = self.x, self.y + self.lh / 2
        if self.d is not None and draw is not None:
            draw(x, cy)
        self.x += w + self.gap
        return x, cy

    def word(self, text: str, size: int = BODY, fill=TEXT) -> None:
        """A word or phrase; one longer than the line is wrapped onto lines of its own."""
        s = safe_text(text)
        if not s.strip():
            return
        w = width(s, size)
        if w <= self.x1 - self.x0:
            self.piece(w, lambda x, cy: put(self.d, (x, cy), s, size, fill, "lm"))
            return
        if self.x > self.x0:
            self.newline()
        for line in wrap(s, size, self.x1 - self.x0):
            self.piece(width(line, size), lambda x, cy, t=line: put(self.d, (x, cy), t, size, fill, "lm"))
            self.newline()

    def sep(self, size: int = BODY, fill: Colour = (150, 160, 178)) -> None:
        """A dot before the next piece if it stays on this line (none at a line start)."""
        self._sep = (size, fill)

    def newline(self) -> None:
        self._sep = None
        if self.x > self.x0:
            self.y += self.lh
        self.x = self.x0

    def end(self) -> float:
        """Close the last line; the y under it."""
        self.newline()
        return self.y
