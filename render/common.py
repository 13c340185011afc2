"""Shared drawing helpers for the game renderers.

Everything here is game-agnostic: bundled fonts, a colour palette, glyph-safe text,
catalog labels the font can draw, measuring/fitting/wrapping text, rounded boxes, pills and
PNG encoding.

Fonts are always loaded from ``render/fonts`` (never from system paths) and text is laid
out with Pillow's BASIC engine, so a fresh machine renders byte-identical images whether
or not libraqm is installed.
"""

from __future__ import annotations

import io
import math
import struct
import unicodedata
import zlib
from functools import lru_cache
from pathlib import Path
from string import Formatter
from typing import Iterable

from PIL import Image, ImageDraw, ImageFont

from gamehost.i18n import DEFAULT_LOCALE, catalog, normalize_locale

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    False: FONT_DIR / "DejaVuSans.ttf",
    True: FONT_DIR / "DejaVuSans-Bold.ttf",
}

#: what an unsupported glyph run is replaced with
REPLACEMENT = "?"
ELLIPSIS = "\u2026"

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
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu font at ``size`` px (cached)."""
    return ImageFont.truetype(
        str(FONT_FILES[bool(bold)]), size, layout_engine=ImageFont.Layout.BASIC
    )


def _parse_cmap(data: bytes) -> frozenset[int]:
    """Code points mapped by a TrueType font's cmap (formats 4 and 12)."""
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_off = None
    for i in range(num_tables):
        tag, _, off, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_off = off
            break
    if cmap_off is None:
        return frozenset()
    n_sub = struct.unpack_from(">H", data, cmap_off + 2)[0]
    points: set[int] = set()
    for i in range(n_sub):
        platform, encoding, sub_off = struct.unpack_from(">HHI", data, cmap_off + 4 + 8 * i)
        if platform not in (0, 3):
            continue
        base = cmap_off + sub_off
        fmt = struct.unpack_from(">H", data, base)[0]
        if fmt == 4:
            seg_x2 = struct.unpack_from(">H", data, base + 6)[0]
            segs = seg_x2 // 2
            ends = struct.unpack_from(f">{segs}H", data, base + 14)
            starts = struct.unpack_from(f">{segs}H", data, base + 16 + seg_x2)
            deltas = struct.unpack_from(f">{segs}h", data, base + 16 + 2 * seg_x2)
            ro_pos = base + 16 + 3 * seg_x2
            range_offsets = struct.unpack_from(f">{segs}H", data, ro_pos)
            for s in range(segs):
                start, end, delta, ro = starts[s], ends[s], deltas[s], range_offsets[s]
                if start == 0xFFFF:
                    continue
                for cp in range(start, end + 1):
                    if ro == 0:
                        glyph = (cp + delta) & 0xFFFF
                    else:
                        g_pos = ro_pos + 2 * s + ro + 2 * (cp - start)
                        glyph = struct.unpack_from(">H", data, g_pos)[0]
                        if glyph:
                            glyph = (glyph + delta) & 0xFFFF
                    if glyph:
                        points.add(cp)
        elif fmt == 12:
            n_groups = struct.unpack_from(">I", data, base + 12)[0]
            for g in range(n_groups):
                start, end, glyph = struct.unpack_from(">III", data, base + 16 + 12 * g)
                for cp in range(start, end + 1):
                    if glyph + (cp - start):
                        points.add(cp)
    return frozenset(points)


@lru_cache(maxsize=None)
def _coverage(bold: bool) -> frozenset[int]:
    return _parse_cmap(FONT_FILES[bool(bold)].read_bytes())


def can_draw(text: str, bold: bool = True) -> bool:
    """True if every character of ``text`` has a glyph in the bundled font."""
    cov = _coverage(bool(bold))
    return all(ord(ch) in cov or ch in "\n\t" for ch in text)


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
    """Make ``text`` drawable with the bundled font.

    Normalises to NFC, turns line breaks and tabs into spaces, drops invisible format
    characters (zero-width joiners, variation selectors, emoji modifiers), and replaces
    every run of characters the font has no glyph for (CJK, emoji, ...) with a single
    ``?``. Never raises, whatever the input.
    """
    if text is None:
        return ""
    s = unicodedata.normalize("NFC", str(text))
    cov = _coverage(bool(bold))
    out: list[str] = []
    replaced = False
    for ch in s:
        if ch in "\r\n\t":
            ch = " "
        if _is_invisible(ch):
            continue
        if ord(ch) in cov:
            out.append(ch)
            replaced = False
        elif unicodedata.category(ch).startswith("M"):
            continue  # an unsupported combining mark: drop it, keep the base letter
        elif not replaced:
            out.append(REPLACEMENT)
            replaced = True
    return "".join(out)


def has_readable(text: str) -> bool:
    """True if ``text`` (already safe) holds at least one letter or digit."""
    return any(ch.isalnum() for ch in text)


# ---------------------------------------------------------------- measuring


def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    return fnt.getlength(text)


def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` (may return "")."""
    if fnt.getlength(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if fnt.getlength(ELLIPSIS) <= max_width else ""
    return text[:lo].rstrip() + ELLIPSIS


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


def _hyphen_split(word: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> tuple[str, str]:
    """Split a too-long word as ``("Alchem-", "ist")``, keeping at least 3 letters on
    each side; ``("", word)`` if that is impossible."""
    best = 0
    for k in range(3, len(word) - 2):
        if fnt.getlength(word[:k] + "-") <= max_width:
            best = k
        else:
            break
    if best == 0:
        return "", word
    return word[:best] + "-", word[best:]


def wrap_text(
    text: str, fnt: ImageFont.FreeTypeFont, max_width: float, max_lines: int = 2,
    hyphenate: bool = True,
) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; the last line is ellipsized.
    A word wider than a line is hyphenated when a later line can take the rest
    (``hyphenate``), otherwise ellipsized."""
    words = text.split()
    lines: list[str] = []
    current = ""
    while words:
        word = words[0]
        trial = f"{current} {word}" if current else word
        if fnt.getlength(trial) <= max_width:
            current = trial
            words.pop(0)
            continue
        if current:
            lines.append(current)
            current = ""
            if len(lines) == max_lines:
                break
            continue
        # a single word wider than the line
        if len(lines) < max_lines - 1:
            head, tail = _hyphen_split(word, fnt, max_width) if hyphenate else ("", word)
            if head:
                lines.append(head)
                words[0] = tail
                continue
        break
    rest = " ".join(([current] if current else []) + words)
    if rest:
        if len(lines) < max_lines:
            lines.append(ellipsize(rest, fnt, max_width))
        else:
            lines[-1] = ellipsize(lines[-1] + " " + rest, fnt, max_width)
    return lines[:max_lines]


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


#: PNG colour type and bytes per pixel of the 8-bit modes :func:`to_png` writes itself
_PNG_MODES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(tag)))


def to_png(image: Image.Image, compress_level: int = 3) -> bytes:
    """Encode as PNG (lossless: decodes to exactly ``image``'s pixels).

    For 8-bit L/RGB/RGBA images the scanlines are written unfiltered and deflated by zlib
    directly. Pillow's encoder tries every PNG row filter on every row, which costs more
    than the compression itself; on the flat-colour boards the renderers draw, unfiltered
    rows at zlib level 3 come out ~2.5x faster and no larger (a 1080x840 board: ~5 ms and
    ~85 KB instead of ~14 ms and ~92 KB with Pillow at level 1). Other modes go through
    Pillow at the same level."""
    spec = _PNG_MODES.get(image.mode)
    width, height = image.size
    if spec is None or not width or not height:
        buf = io.BytesIO()
        image.save(buf, format="PNG", compress_level=compress_level)
        return buf.getvalue()
    colour_type, channels = spec
    data = memoryview(image.tobytes())
    stride = width * channels
    deflate = zlib.compressobj(compress_level)
    idat = []
    for start in range(0, height * stride, stride):
        idat.append(deflate.compress(b"\0"))  # filter type 0 (None) for this row
        idat.append(deflate.compress(data[start:start + stride]))
    idat.append(deflate.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join((b"\x89PNG\r\n\x1a\n", _png_chunk(b"IHDR", header),
                     _png_chunk(b"IDAT", b"".join(idat)), _png_chunk(b"IEND", b"")))


def label(key: str, lang: str | None = "en", /, **params) -> str:
    """The catalog text ``key`` in ``lang`` if the bundled font can draw its words, else in
    English, formatted with ``params``.

    The bundled DejaVu fonts have no CJK glyphs, so today a Chinese label falls back to its
    English text rather than turning into ``?``; a font with CJK glyphs turns them on with no
    change here. An unknown key comes back as the key itself (as ``gamehost.i18n.t`` does)."""
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
