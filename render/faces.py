"""The bundled font faces and what each draws, for :class:`render.common.FallbackFont`.

DejaVu Sans draws first (Latin, Greek, Cyrillic, Arabic, Hebrew, symbols); a character it
has no glyph for is drawn by the first face of :data:`FALLBACK_CHAIN` whose cmap maps it:
the Noto Sans CJK SC subset (hanzi, kana, CJK punctuation), a subset of Noto Sans CJK's
Korean face (Hangul), the Noto Sans faces of the scripts of South and South-East Asia,
Georgian and Ethiopic, Noto Emoji (monochrome), then Noto's symbol, maths and Latin faces.
Each face's cmap is read once and cached; the files and the commands that made them are in
``render/fonts/README.md``.

Right-to-left text is put in display order here, before anything is measured or drawn:
Arabic letters take their joined forms (the presentation forms DejaVu draws) and
:func:`visual` reorders a name by the Unicode bidirectional algorithm's levels (strong
letters, numbers and neutrals resolved from their neighbours), so the fonts lay it out left
to right with Pillow's BASIC engine, the same on every machine, libraqm or not. Only the
scripts that need glyph reordering or conjuncts no character mapping can give (Devanagari,
Thai, ...) are laid out by libraqm when Pillow has it (:data:`SHAPED`).
"""
from __future__ import annotations

import struct
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import features

FONT_DIR = Path(__file__).resolve().parent / "fonts"
PRIMARY_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}
CJK_FONT_FILE = FONT_DIR / "NotoSansCJKsc-Bold-subset.otf"
HANGUL_FONT_FILE = FONT_DIR / "NotoSansCJKkr-Bold-hangul.otf"
EMOJI_FONT_FILE = FONT_DIR / "NotoEmoji-Bold-subset.ttf"
#: the script faces (``tools/build_fallback_fonts.py``), in the order they are tried
SCRIPTS = ("Arabic", "Hebrew", "Thai", "Devanagari", "Bengali", "Tamil", "Telugu", "Gujarati",
           "Gurmukhi", "Kannada", "Malayalam", "Sinhala", "Khmer", "Lao", "Myanmar", "Georgian",
           "Armenian", "Ethiopic")
#: symbols, the mathematical alphanumerics of "fancy" names, rarer Latin/Greek/Cyrillic
SYMBOLS = ("NotoSansSymbols-Bold", "NotoSansSymbols2-Regular", "NotoSansMath-Regular", "NotoSans-Bold")
#: every fallback face, in the order tried; the renderers draw bold only, so regular text
#: falls back to these bold faces too
FALLBACK_CHAIN: tuple[Path, ...] = (
    CJK_FONT_FILE, HANGUL_FONT_FILE,
    *(FONT_DIR / f"NotoSans{s}-Bold-subset.ttf" for s in SCRIPTS),
    EMOJI_FONT_FILE,
    *(FONT_DIR / f"{stem}-subset.ttf" for stem in SYMBOLS),
)
_COMPLEX = {"Thai", "Devanagari", "Bengali", "Tamil", "Telugu", "Gujarati", "Gurmukhi",
            "Kannada", "Malayalam", "Sinhala", "Khmer", "Lao", "Myanmar"}
#: indices into FALLBACK_CHAIN of the faces laid out by libraqm when Pillow has it
SHAPED = frozenset(i for i, path in enumerate(FALLBACK_CHAIN)
                   if path.name.removeprefix("NotoSans").split("-")[0] in _COMPLEX)


@lru_cache(maxsize=1)
def has_raqm() -> bool:
    return bool(features.check("raqm"))


# ---------------------------------------------------------------- cmaps


def parse_cmap(data: bytes) -> frozenset[int]:
    """Code points mapped by a TrueType/OpenType font's cmap (formats 4 and 12)."""
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
        platform, _encoding, sub_off = struct.unpack_from(">HHI", data, cmap_off + 4 + 8 * i)
        if platform in (0, 3):
            points |= _subtable(data, cmap_off + sub_off)
    return frozenset(points)


def _subtable(data: bytes, base: int) -> set[int]:
    points: set[int] = set()
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
                    glyph = struct.unpack_from(">H", data, ro_pos + 2 * s + ro + 2 * (cp - start))[0]
                    if glyph:
                        glyph = (glyph + delta) & 0xFFFF
                if glyph:
                    points.add(cp)
    elif fmt == 12:
        n_groups = struct.unpack_from(">I", data, base + 12)[0]
        for g in range(n_groups):
            start, end, glyph = struct.unpack_from(">III", data, base + 16 + 12 * g)
            points.update(cp for cp in range(start, end + 1) if glyph + (cp - start))
    return points


@lru_cache(maxsize=None)
def coverage(path: Path) -> frozenset[int]:
    """The code points the face at ``path`` draws (read once)."""
    return parse_cmap(path.read_bytes())


@lru_cache(maxsize=2)
def face_table(bold: bool) -> dict[int, int]:
    """Code point -> index in :data:`FALLBACK_CHAIN` of the first face that draws it, for
    every code point the primary face (DejaVu) lacks."""
    primary = coverage(PRIMARY_FILES[bool(bold)])
    table: dict[int, int] = {}
    for i in range(len(FALLBACK_CHAIN) - 1, -1, -1):  # earlier faces win
        table.update(dict.fromkeys(coverage(FALLBACK_CHAIN[i]) - primary, i))
    return table


# ---------------------------------------------------------------- right to left


def _is_rtl_range(cp: int) -> bool:
    return 0x0590 <= cp <= 0x08FF or 0xFB1D <= cp <= 0xFEFC or 0x10800 <= cp <= 0x10FFF \
        or 0x1E800 <= cp <= 0x1EFFF


@lru_cache(maxsize=1)
def _arabic_forms() -> dict[tuple[int, str], int]:
    """(letter, form) -> its presentation form, form one of isolated/final/initial/medial,
    from Unicode's own decompositions of the Presentation Forms blocks."""
    out: dict[tuple[int, str], int] = {}
    for cp in [*range(0xFB50, 0xFDFF), *range(0xFE70, 0xFEFF)]:
        parts = unicodedata.decomposition(chr(cp)).split()
        if len(parts) == 2 and parts[0] in ("<isolated>", "<final>", "<initial>", "<medial>"):
            out.setdefault((int(parts[1], 16), parts[0][1:-1]), cp)
    return out


_LAM_ALEF = {0x0622: (0xFEF5, 0xFEF6), 0x0623: (0xFEF7, 0xFEF8), 0x0625: (0xFEF9, 0xFEFA),
             0x0627: (0xFEFB, 0xFEFC)}


def _joining(cp: int) -> str:
    """'D' (joins both sides), 'R' (joins the letter before only), 'T' (a mark, transparent)
    or 'U' (joins nothing)."""
    forms = _arabic_forms()
    if unicodedata.category(chr(cp)) == "Mn":
        return "T"
    if cp in (0x0640, 0x200D) or (cp, "medial") in forms or (cp, "initial") in forms:
        return "D"
    return "R" if (cp, "final") in forms else "U"


def shape_arabic(text: str) -> str:
    """Arabic letters in their joined (initial, medial, final, isolated) presentation forms,
    lam-alef as its ligature; everything else as it is."""
    if not any(0x0600 <= ord(ch) <= 0x06FF for ch in text):
        return text
    forms, cps = _arabic_forms(), [ord(ch) for ch in text]
    kinds = [_joining(cp) for cp in cps]
    solid = [i for i, k in enumerate(kinds) if k != "T"]
    out = list(text)
    skip: set[int] = set()
    for n, i in enumerate(solid):
        if i in skip:
            continue
        prev = solid[n - 1] if n else None
        nxt = solid[n + 1] if n + 1 < len(solid) else None
        before = prev is not None and kinds[prev] == "D" and kinds[i] in "DR"
        after = nxt is not None and kinds[i] == "D" and kinds[nxt] in "DR"
        if cps[i] == 0x0644 and nxt is not None and cps[nxt] in _LAM_ALEF:
            out[i] = chr(_LAM_ALEF[cps[nxt]][1 if before else 0])
            out[nxt] = ""
            skip.add(nxt)
            continue
        form = {(True, True): "medial", (True, False): "final", (False, True): "initial"}.get(
            (before, after), "isolated")
        out[i] = chr(forms.get((cps[i], form), cps[i]))
    return "".join(out)


_MIRROR = dict(zip("()[]{}<>«»", ")(][}{><»«"))


def visual(text: str) -> str:
    """``text`` in display order (right-to-left runs reversed, Arabic joined): the logical
    order unchanged when it has no right-to-left letter."""
    if not any(_is_rtl_range(ord(ch)) for ch in text):
        return text
    text = shape_arabic(text)
    kinds = [unicodedata.bidirectional(ch) for ch in text]
    strong = [k for k in kinds if k in ("L", "R", "AL")]
    base = 1 if strong and strong[0] != "L" else 0
    levels: list[int | None] = []
    for k in kinds:
        if k in ("R", "AL"):
            levels.append(1)
        elif k == "L":
            levels.append(2 if base else 0)
        elif k in ("EN", "AN"):
            levels.append(2)  # numbers read left to right inside any run
        else:
            levels.append(None)  # neutral: resolved from the strong letters around it
    _resolve_neutrals(levels, kinds, base)
    resolved = [lv or 0 for lv in levels]
    chars = [(_MIRROR.get(ch, ch) if lv % 2 else ch) for ch, lv in zip(text, resolved)]
    return "".join(_reorder(chars, resolved))


def _resolve_neutrals(levels: list[int | None], kinds: list[str], base: int) -> None:
    def side(i: int, step: int) -> int:
        while 0 <= i < len(levels):
            if levels[i] is not None and kinds[i] != "NSM":
                return 1 if levels[i] == 1 or (levels[i] == 2 and kinds[i] in ("EN", "AN")) else 0
            i += step
        return base

    for i, lv in enumerate(levels):
        if lv is not None:
            continue
        if kinds[i] == "NSM" and i and levels[i - 1] is not None:
            levels[i] = levels[i - 1]
            continue
        before, after = side(i - 1, -1), side(i + 1, 1)
        levels[i] = 1 if before == after == 1 else (2 if base else 0) if before == after == 0 else base
    for i, k in enumerate(kinds):  # a number between left-to-right letters stays at their level
        if k in ("EN", "AN") and side(i - 1, -1) == 0 and side(i + 1, 1) == 0 and not base:
            levels[i] = 0


def _reorder(chars: list[str], levels: list[int]) -> list[str]:
    """Reverse every maximal run at or above each level, from the highest to 1 (UBA L2)."""
    for level in range(max(levels), 0, -1):
        i = 0
        while i < len(chars):
            if levels[i] >= level:
                j = i
                while j < len(chars) and levels[j] >= level:
                    j += 1
                chars[i:j] = chars[i:j][::-1]
                levels[i:j] = levels[i:j][::-1]
                i = j
            else:
                i += 1
    return chars
