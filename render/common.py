"""Shared drawing helpers for the game renderers.

Everything here is game-agnostic: bundled fonts, a colour palette, glyph-safe text,
catalog labels the font can draw, fitting text to a width, rounded boxes and pills. The
width measuring and wrapping (render/textfit.py) and PNG encoding (render/png.py) live in
their own modules and are re-exported here.

Fonts are always loaded from ``render/fonts`` (never from system paths) and text is laid
out with Pillow's BASIC engine, so a fresh machine renders byte-identical images whether
or not libraqm is installed.

Two faces draw every string: DejaVu Sans (Latin, Greek, Cyrillic, symbols) and, for the
characters DejaVu has no glyph for, a subset of Noto Sans CJK SC (Chinese, kana, CJK
punctuation; ``tools/build_cjk_font.py``). :func:`font` returns a :class:`FallbackFont`
that picks the face per character, so text DejaVu covers is drawn exactly as before and
``draw.text`` / ``getlength`` need no change in the renderers.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache
from pathlib import Path
from string import Formatter
from typing import Any, Iterable

from PIL import Image, ImageChops, ImageDraw, ImageFont

from gamehost.i18n import DEFAULT_LOCALE, catalog, normalize_locale

from render import faces
from render.png import to_png  # noqa: F401  (re-exported)
from render.textfit import ELLIPSIS, ellipsize, text_width, wrap_text  # noqa: F401  (re-exported)

FONT_DIR = faces.FONT_DIR
FONT_FILES = faces.PRIMARY_FILES
#: the CJK fallback face, the first of the chain (``render/faces.py``)
CJK_FONT_FILE = faces.CJK_FONT_FILE
FALLBACK_CHAIN = faces.FALLBACK_CHAIN

#: what a character no bundled face draws is replaced with (one mark per character)
REPLACEMENT = "\u25a1"

# ---------------------------------------------------------------- colours (RGB)

BG = (22, 26, 34)
PANEL = (36, 42, 54)
PANEL_EDGE = (70, 80, 98)
TEXT = (246, 248, 252)
TEXT_SOFT = (208, 215, 228)  # secondary text: still light and bold-friendly
DARK_TEXT = (18, 20, 26)
GOLD = (250, 204, 21)
GREEN = (34, 197, 94)
ORANGE = (251, 146, 60)
RED = (239, 68, 68)
DAMAGE_RED = (220, 38, 38)

#: per-seat colours: bright (borders, names), dark (tile fills), tint (areas)
SEAT_COLOURS = [
    {"name": "blue", "bright": (59, 130, 246), "light": (147, 197, 253),
     "dark": (30, 58, 138), "tint": (30, 41, 66)},
    {"name": "red", "bright": (239, 68, 68), "light": (252, 165, 165),
     "dark": (127, 29, 29), "tint": (60, 32, 38)},
    {"name": "green", "bright": (34, 197, 94), "light": (134, 239, 172),
     "dark": (20, 83, 45), "tint": (28, 52, 38)},
    {"name": "amber", "bright": (245, 158, 11), "light": (253, 230, 138),
     "dark": (120, 53, 15), "tint": (58, 44, 26)},
]


def seat_colour(seat: int) -> dict:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


# ---------------------------------------------------------------- fonts


@lru_cache(maxsize=None)
def _primary_coverage(bold: bool) -> frozenset[int]:
    """Code points DejaVu draws."""
    return faces.coverage(FONT_FILES[bool(bold)])


@lru_cache(maxsize=None)
def _fallback_coverage(bold: bool) -> frozenset[int]:
    """Code points the fallback faces draw that DejaVu does not."""
    return frozenset(faces.face_table(bool(bold)))


@lru_cache(maxsize=None)
def _coverage(bold: bool) -> frozenset[int]:
    """Code points the bundled fonts draw, one face or another."""
    return _primary_coverage(bold) | _fallback_coverage(bold)


def can_draw(text: str, bold: bool = True) -> bool:
    """True if every character of ``text`` has a glyph in the bundled fonts (DejaVu or a
    fallback face)."""
    cov = _coverage(bool(bold))
    return all(ord(ch) in cov or ch in "\n\t" for ch in text)


#: the face index of a run DejaVu draws
PRIMARY = -1
#: measured strings remembered per font (a game uses about a thousand per size; ~1.5 MB at most)
LENGTHS_KEPT = 8192
#: bytes of rasterised strings remembered per font (a game's labels take a few hundred KB a size)
MASK_BYTES_KEPT = 2_000_000


@lru_cache(maxsize=8192)
def _runs(text: str, bold: bool) -> tuple[tuple[str, int], ...] | None:
    """``text`` in display order (``faces.visual``: right-to-left runs reversed) cut into runs
    of ``(chars, face)``, ``face`` an index into :data:`FALLBACK_CHAIN` or :data:`PRIMARY`;
    None when DejaVu draws it all as it is, the common case, which stays on Pillow's own
    path. A character no face has stays with DejaVu (:func:`safe_text` has replaced it
    before anything is drawn)."""
    if text.isascii():
        return None
    shown = faces.visual(text)
    extra = _fallback_coverage(bold)
    if shown == text and not any(ord(ch) in extra for ch in text):
        return None
    table = faces.face_table(bool(bold)) if extra else {}
    runs: list[tuple[str, int]] = []
    start, cur = 0, None
    for i, ch in enumerate(shown):
        face = table.get(ord(ch), PRIMARY)
        if cur is None:
            cur = face
        elif face != cur:
            runs.append((shown[start:i], cur))
            start, cur = i, face
    if cur is not None:
        runs.append((shown[start:], cur))
    return tuple(runs)


class FallbackFont(ImageFont.FreeTypeFont):
    """DejaVu at ``size`` px with the fallback faces (``render/faces.py``: CJK, Hangul, the
    scripts of South and South-East Asia, emoji) per character.

    It is DejaVu's own :class:`~PIL.ImageFont.FreeTypeFont` (``size``, ``getmetrics``,
    ``path`` are DejaVu's) and measures, boxes and rasterises a string DejaVu draws on its
    own exactly as Pillow does. A string with characters only the CJK face has is cut into
    runs (:func:`_runs`), each measured and rasterised by its own face and laid end to end
    on one baseline; the anchor's vertical metrics (ascender, middle, descender) are
    DejaVu's, so Chinese and Latin labels line up alike."""

    def __init__(self, size: int, bold: bool = True) -> None:
        bold = bool(bold)
        super().__init__(str(FONT_FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC)
        self.bold = bold
        self._faces: dict[int, ImageFont.FreeTypeFont] = {}
        #: the CJK face (the first fallback) at this size
        self.fallback = self._face(0)
        self._baseline: dict[str, float] = {}
        self._lengths: dict[tuple[str, str], float] = {}
        self._masks: dict[tuple, tuple[Any, tuple[int, int]]] = {}
        self._mask_bytes = 0

    def __reduce__(self):
        return font, (self.size, self.bold)

    def font_variant(self, font=None, size=None, index=None, encoding=None, layout_engine=None):
        if font is None and index is None and encoding is None and layout_engine in (None, self.layout_engine):
            return _font(self.size if size is None else size, self.bold)
        return super().font_variant(font, size, index, encoding, layout_engine)

    # -- helpers

    def _face(self, index: int) -> ImageFont.FreeTypeFont:
        """Fallback face ``index`` at this size, loaded on first use; libraqm lays out the
        faces of scripts that need shaping when Pillow has it."""
        face = self._faces.get(index)
        if face is None:
            shaped = index in faces.SHAPED and faces.has_raqm()
            engine = ImageFont.Layout.RAQM if shaped else ImageFont.Layout.BASIC
            face = ImageFont.FreeTypeFont(str(FALLBACK_CHAIN[index]), self.size, layout_engine=engine)
            self._faces[index] = face
        return face

    def _run_length(self, run: str, fb: int, mode: str = "") -> float:
        if fb != PRIMARY:
            return self._face(fb).getlength(run, mode)
        return ImageFont.FreeTypeFont.getlength(self, run, mode)

    def _baseline_below(self, v: str) -> float:
        """How far below the anchor point the baseline lies for vertical anchor ``v`` in
        ``"amsd"`` (DejaVu's metrics, as Pillow computes them)."""
        if v not in self._baseline:
            top = ImageFont.FreeTypeFont.getbbox(self, "x", anchor="l" + v)[1]
            base = ImageFont.FreeTypeFont.getbbox(self, "x", anchor="ls")[1]
            self._baseline[v] = top - base
        return self._baseline[v]

    def _boxes(self, runs, mode: str, stroke_width: float, ink: bool = True):
        """Each run's pen x from the start of the string and (with ``ink``) its ink box on a
        baseline at y = 0, else None; and the total advance width."""
        out, pen = [], 0.0
        for run, fb in runs:
            box = None
            if ink:
                if fb != PRIMARY:
                    box = self._face(fb).getbbox(run, mode, None, None, None, stroke_width, "ls")
                else:
                    box = ImageFont.FreeTypeFont.getbbox(self, run, mode, None, None, None, stroke_width, "ls")
            out.append((run, fb, pen, box))
            pen += self._run_length(run, fb, mode)
        return out, pen

    def _origin(self, anchor: str | None, width: float, ink_top: float, ink_bottom: float):
        """The baseline origin relative to the anchor point."""
        anchor = anchor or "la"
        if len(anchor) != 2 or anchor[0] not in "lmr" or anchor[1] not in "amsdtb":
            raise ValueError(f"bad anchor {anchor!r}")
        h, v = anchor[0], anchor[1]
        x = 0.0 if h == "l" else -(width / 2 if h == "m" else width)
        if v == "t":
            y = -ink_top
        elif v == "b":
            y = -ink_bottom
        else:
            y = self._baseline_below(v)
        return x, y

    # -- the FreeTypeFont API the renderers and ImageDraw use

    def getlength(self, text, mode="", direction=None, features=None, language=None):
        # text fitting measures the same words again and again, move after move: a string's
        # advance at this size is remembered (FreeType's answer, unchanged)
        plain = isinstance(text, str) and direction is None and features is None and language is None
        if plain:
            known = self._lengths.get((text, mode))
            if known is not None:
                return known
        runs = _runs(text, self.bold) if isinstance(text, str) else None
        if runs is None:
            length = super().getlength(text, mode, direction, features, language)
        else:
            length = sum(self._run_length(run, fb, mode) for run, fb in runs)
        if plain:
            if len(self._lengths) >= LENGTHS_KEPT:
                self._lengths.clear()
            self._lengths[(text, mode)] = length
        return length

    def getbbox(self, text, mode="", direction=None, features=None, language=None,
                stroke_width=0, anchor=None):
        runs = _runs(text, self.bold) if isinstance(text, str) else None
        if runs is None:
            return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
        boxes, width = self._boxes(runs, mode, stroke_width)
        left = min(math.floor(pen) + b[0] for _r, _f, pen, b in boxes)
        right = max(math.floor(pen) + b[2] for _r, _f, pen, b in boxes)
        top = min(b[1] for *_x, b in boxes)
        bottom = max(b[3] for *_x, b in boxes)
        ox, oy = self._origin(anchor, width, top, bottom)
        dx, dy = math.floor(ox), math.floor(oy)
        return left + dx, top + dy, right + dx, bottom + dy

    def getmask2(self, text, mode="", direction=None, features=None, language=None,
                 stroke_width=0, anchor=None, ink=0, start=None, *args, **kwargs):
        # most labels are drawn again at the same place move after move: their rasterised
        # mask is remembered (never for RGBA, whose mask ImageDraw changes in place)
        plain = (isinstance(text, str) and mode != "RGBA" and direction is None and features is None
                 and language is None and not args)
        if not plain:
            return self._rasterise(text, mode, direction, features, language, stroke_width, anchor, ink,
                                   start, *args, **kwargs)
        key = (text, mode, stroke_width, anchor, ink, tuple(start or (0.0, 0.0)), tuple(sorted(kwargs.items())))
        known = self._masks.get(key)
        if known is None:
            known = self._rasterise(text, mode, None, None, None, stroke_width, anchor, ink, start, **kwargs)
            size = known[0].size[0] * known[0].size[1]
            if self._mask_bytes + size > MASK_BYTES_KEPT:
                self._masks.clear()
                self._mask_bytes = 0
            self._masks[key] = known
            self._mask_bytes += size
        return known

    def _rasterise(self, text, mode="", direction=None, features=None, language=None,
                   stroke_width=0, anchor=None, ink=0, start=None, *args, **kwargs):
        runs = _runs(text, self.bold) if isinstance(text, str) else None
        if runs is None:
            return super().getmask2(text, mode, direction, features, language, stroke_width,
                                    anchor, ink, start, *args, **kwargs)
        sx, sy = start or (0.0, 0.0)
        inked = bool(anchor) and anchor[1:] in ("t", "b")  # only these anchors need the ink
        boxes, width = self._boxes(runs, mode, stroke_width, inked)
        top = min(b[1] for *_x, b in boxes) if inked else 0
        bottom = max(b[3] for *_x, b in boxes) if inked else 0
        ox, oy = self._origin(anchor, width, top, bottom)
        base_y = sy + oy
        iy = math.floor(base_y)
        pieces = []
        for run, fb, pen, _box in boxes:
            px = sx + ox + pen
            ix = math.floor(px)
            getmask2 = self._face(fb).getmask2 if fb != PRIMARY else super().getmask2
            mask, (mx, my) = getmask2(run, mode, None, None, None, stroke_width, "ls", ink,
                                      (px - ix, base_y - iy), *args, **kwargs)
            if mask.size[0] and mask.size[1]:
                pieces.append((mask, ix + mx, iy + my))
        if not pieces:
            return Image.core.fill("RGBA" if mode == "RGBA" else "L", (0, 0)), (0, 0)
        if len(pieces) == 1:  # e.g. all Chinese, or Chinese and spaces
            mask, x, y = pieces[0]
            return mask, (x, y)
        x0 = min(x for _m, x, _y in pieces)
        y0 = min(y for _m, _x, y in pieces)
        x1 = max(x + m.size[0] for m, x, _y in pieces)
        y1 = max(y + m.size[1] for m, _x, y in pieces)
        canvas = Image.new(pieces[0][0].mode, (x1 - x0, y1 - y0))
        for mask, x, y in pieces:
            box = (x - x0, y - y0, x - x0 + mask.size[0], y - y0 + mask.size[1])
            piece = canvas._new(mask)
            canvas.paste(ImageChops.lighter(canvas.crop(box), piece), box)
        return canvas.im, (x0, y0)


def font(size: int, bold: bool = True) -> FallbackFont:
    """The bundled font at ``size`` px (cached): DejaVu Sans, with the CJK face for what
    DejaVu cannot draw."""
    return _font(size, bool(bold))


@lru_cache(maxsize=None)
def _font(size: int, bold: bool) -> FallbackFont:
    return FallbackFont(size, bold)


# characters silently dropped: joiners, variation selectors, skin-tone modifiers...
def _is_invisible(ch: str) -> bool:
    cp = ord(ch)
    if 0x1F3FB <= cp <= 0x1F3FF or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF:
        return True
    if 0xE0020 <= cp <= 0xE007F:  # emoji tag characters
        return True
    return unicodedata.category(ch) in ("Cf", "Cc", "Cs", "Co", "Cn") and ch not in "\n"


@lru_cache(maxsize=4096)
def safe_text(text: object, bold: bool = True) -> str:
    """Make ``text`` drawable with the bundled fonts.

    Normalises to NFC, turns line breaks and tabs into spaces, drops invisible format
    characters (zero-width joiners, variation selectors, emoji modifiers), and replaces each
    character no bundled face has a glyph for (a script or an emoji none of them covers) by
    one neutral mark (:data:`REPLACEMENT`). Every other character, whatever its script, is
    kept: the fallback faces draw it. Never raises, whatever the input.
    """
    if text is None:
        return ""
    s = unicodedata.normalize("NFC", str(text))
    cov = _coverage(bool(bold))
    out: list[str] = []
    for ch in s:
        if ch in "\r\n\t":
            ch = " "
        if _is_invisible(ch):
            continue
        if ord(ch) in cov:
            out.append(ch)
        elif not unicodedata.category(ch).startswith("M"):
            out.append(REPLACEMENT)  # an unsupported combining mark is dropped, its base kept
    return "".join(out)


def has_readable(text: str) -> bool:
    """True if ``text`` (already safe) holds something to read: a character the fonts draw
    that is neither a space nor the replacement mark (a letter, a digit, an emoji...)."""
    return any(not ch.isspace() and ch != REPLACEMENT for ch in text)


# ---------------------------------------------------------------- fitting


def fit_font(
    text: str, max_width: float, sizes: Iterable[int], bold: bool = True
) -> tuple[ImageFont.FreeTypeFont, str]:
    """Largest size in ``sizes`` (descending) at which ``text`` fits; else the smallest
    size with the text ellipsized."""
    sizes = list(sizes)
    for size in sizes:
        fnt = font(size, bold)
        if fnt.getlength(text) <= max_width:
            return fnt, text
    fnt = font(sizes[-1], bold)
    return fnt, ellipsize(text, fnt, max_width)


# ---------------------------------------------------------------- drawing


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: object,
    fnt: ImageFont.FreeTypeFont,
    fill=TEXT,
    anchor: str = "la",
    max_width: float | None = None,
    stroke: int = 0,
    stroke_fill=None,
    bold: bool = True,
) -> str:
    """Draw glyph-safe text (optionally ellipsized to ``max_width``); returns what was
    drawn. ``bold`` must match the font, for the glyph-coverage check."""
    s = safe_text(text, bold)
    if max_width is not None:
        s = ellipsize(s, fnt, max_width)
    if s:
        draw.text(xy, s, font=fnt, fill=fill, anchor=anchor,
                  stroke_width=stroke, stroke_fill=stroke_fill)
    return s


def rounded_box(draw: ImageDraw.ImageDraw, box, radius: int = 10, fill=None,
                outline=None, width: int = 1) -> None:
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    radius = max(0, min(radius, (x1 - x0) // 2, (y1 - y0) // 2))
    draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill,
                           outline=outline, width=width)


def pill(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill,
    text_fill=TEXT,
    outline=None,
    pad_x: int = 6,
    height: int | None = None,
    width: int = 2,
) -> tuple[int, int, int, int]:
    """A rounded label whose top-left is (x, y); returns its box."""
    s = safe_text(text)
    w = math.ceil(fnt.getlength(s)) + 2 * pad_x
    h = height or int(fnt.size * 1.35)
    box = (int(x), int(y), int(x) + w, int(y) + h)
    rounded_box(draw, box, radius=h // 2, fill=fill, outline=outline, width=width)
    draw.text((box[0] + w / 2, box[1] + h / 2), s, font=fnt, fill=text_fill, anchor="mm")
    return box


def pill_width(text: str, fnt: ImageFont.FreeTypeFont, pad_x: int = 6) -> int:
    return math.ceil(fnt.getlength(safe_text(text))) + 2 * pad_x



def label(key: str, lang: str | None = "en", /, **params) -> str:
    """The catalog text ``key`` in ``lang`` if the bundled fonts can draw its words, else in
    English, formatted with ``params``.

    With the CJK fallback face a Chinese label is drawn in Chinese; a locale whose script
    neither face covers would fall back to its English text rather than turn into ``?``.
    An unknown key comes back as the key itself (as ``gamehost.i18n.t`` does)."""
    cat = catalog()
    loc = normalize_locale(lang)
    if loc != DEFAULT_LOCALE and cat.has(key):
        template = cat.entries[key].get(loc, "")
        if not can_draw("".join(literal for literal, _f, _s, _c in Formatter().parse(template))):
            loc = DEFAULT_LOCALE  # the words, not the parameters, decide: names are made safe
    return cat.t(key, loc, **params)


def has_label(key: str) -> bool:
    """True if the message catalog holds ``key``."""
    return catalog().has(key)


def prettify_id(card_id: object) -> str:
    """``"ember_drake"`` -> ``"Ember Drake"``."""
    s = str(card_id or "?").replace("_", " ").replace("-", " ").strip()
    return " ".join(w[:1].upper() + w[1:] for w in s.split()) or "?"
