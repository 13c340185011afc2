"""Text in boxes that never spills and is never cut: a :class:`Pen` writes lines top-down
inside a column, wrapping (and, for a word wider than the column, breaking it) instead of
cutting with an ellipsis. With no drawing context it only measures, so the board can lay
its boxes out before drawing them."""

from __future__ import annotations

from render.common import TEXT, TEXT_SOFT, font, safe_text, wrap_text

from .style import BODY

#: no text is cut: a paragraph may take as many lines as it needs
MAX_LINES = 40


def line_height(size: int) -> int:
    return int(round(size * 1.22))


def wrap(text: str, size: int, width: float) -> list[str]:
    """``text`` (made drawable) in lines no wider than ``width`` at ``size``; nothing is
    cut: a word wider than a line is broken (between CJK characters, or hyphenated)."""
    s = safe_text(text)
    if not s.strip():
        return []
    return wrap_text(s, font(size), width, MAX_LINES, hyphenate=True)


class Pen:
    """Writes top-down in the column ``x0``..``x1`` from ``y``; ``d`` None only measures."""

    def __init__(self, d, x0: float, x1: float, y: float):
        self.d, self.x0, self.x1, self.y = d, x0, x1, y

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    def space(self, h: float) -> None:
        self.y += h

    def text(self, text: str, size: int = BODY, fill=TEXT, x: float | None = None) -> int:
        """A paragraph, wrapped to the column; returns its number of lines."""
        x = self.x0 if x is None else x
        lines = wrap(text, size, self.x1 - x)
        lh = line_height(size)
        for line in lines:
            if self.d is not None:
                self.d.text((x, self.y + lh / 2), line, font=font(size), fill=fill, anchor="lm")
            self.y += lh
        return len(lines)

    def flow(self, items: list[tuple[str, tuple]], size: int = BODY, sep: str = "  \u00b7  ") -> None:
        """Short items, coloured each, one after the other with a separator, wrapping
        between items (an item wider than the column is wrapped itself)."""
        fnt = font(size)
        lh = line_height(size)
        sw = fnt.getlength(sep)
        x = self.x0
        started = False
        for text, fill in items:
            s = safe_text(text)
            if not s.strip():
                continue
            w = fnt.getlength(s)
            if started and x + sw + w <= self.x1:
                if self.d is not None:
                    self.d.text((x + sw / 2, self.y + lh / 2), sep.strip(), font=fnt, fill=fill, anchor="mm")
                x += sw
            elif started:
                self.y += lh
                x = self.x0
            if w > self.x1 - x:  # longer than a whole line: wrap it
                lines = wrap(s, size, self.x1 - self.x0)
                for i, line in enumerate(lines):
                    if self.d is not None:
                        self.d.text((self.x0, self.y + lh / 2), line, font=fnt, fill=fill, anchor="lm")
                    if i < len(lines) - 1:
                        self.y += lh
                x = self.x0 + fnt.getlength(lines[-1])
            else:
                if self.d is not None:
                    self.d.text((x, self.y + lh / 2), s, font=fnt, fill=fill, anchor="lm")
                x += w
            started = True
        if started:
            self.y += lh


class Row:
    """Pieces of a line (a word, a pill, a number with its icon) placed left to right
    from ``x0``, wrapping to a new line of ``line_h`` when the next piece does not fit;
    each piece is drawn by ``draw(x, centre_y)`` (not called when only measuring). With
    ``sep`` the pieces of a line are separated by a dot."""

    def __init__(self, d, x0: float, x1: float, y: float, line_h: float, gap: float = 14, sep: str = ""):
        self.d, self.x0, self.x1, self.y, self.lh, self.gap = d, x0, x1, y, line_h, gap
        self.sep = sep
        self.x = x0

    def add(self, width: float, draw, sep: bool = True) -> None:
        sw = font(BODY).getlength(self.sep) if self.sep and sep and self.x > self.x0 else 0
        if self.x > self.x0 and self.x + sw + width > self.x1:
            self.newline()
            sw = 0
        if sw and self.d is not None:
            self.d.text((self.x + sw / 2, self.y + self.lh / 2), self.sep.strip(), font=font(BODY), fill=TEXT_SOFT,
                        anchor="mm")
        self.x += sw
        if self.d is not None:
            draw(self.x, self.y + self.lh / 2)
        self.x += width + self.gap

    def text(self, text: str, size: int, fill, sep: bool = True) -> None:
        """A word or short phrase; one longer than a whole line is wrapped, its first line
        after what is already on the line if a good part of the line is left."""
        s = safe_text(text)
        fnt = font(size)
        w = fnt.getlength(s)
        if w <= self.x1 - self.x0:
            self.add(w, lambda x, cy: self.d.text((x, cy), s, font=fnt, fill=fill, anchor="lm"), sep=sep)
            return
        sw = font(BODY).getlength(self.sep) if self.sep and sep and self.x > self.x0 else 0
        room = self.x1 - self.x - sw
        if self.x > self.x0 and room < (self.x1 - self.x0) / 3:
            self.newline()
            room = self.x1 - self.x0
        s = " ".join(s.split())
        first = wrap(s, size, room)[0] if room > 0 else ""
        core = first[:-1] if first.endswith("-") and not s[:len(first)].endswith("-") else first
        if not s.startswith(core):
            core = first = ""
        rest = s[len(core):].strip()
        lines = ([first] if first else []) + (wrap(rest, size, self.x1 - self.x0) if rest else [])
        for i, line in enumerate(lines):
            if i:
                self.newline()
            self.add(fnt.getlength(line), lambda x, cy, t=line: self.d.text((x, cy), t, font=fnt, fill=fill,
                                                                              anchor="lm"), sep=sep and i == 0)

    def newline(self, line_h: float | None = None) -> None:
        self.y += self.lh
        if line_h is not None:
            self.lh = line_h
        self.x = self.x0

    def end(self) -> float:
        """Close the last line; returns the y under it."""
        if self.x > self.x0:
            self.y += self.lh
        self.x = self.x0
        return self.y
