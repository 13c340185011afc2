"""Regenerate the bundled CJK fallback font, ``render/fonts/NotoSansCJKsc-Bold-subset.otf``.

The renderers draw with DejaVu Sans Bold; characters DejaVu has no glyph for (Chinese,
Japanese kana, CJK punctuation, full-width forms) fall back to this subset of Noto Sans CJK
SC Bold (SIL Open Font License 1.1, see ``render/fonts/LICENSE-NotoSansCJK.txt``). The
subset is committed, so nothing is built at install time; run this tool again when a
catalog or content file gains a character the subset lacks (``tests/render/test_fonts.py``
says which).

It holds:

* every character of ``locales/**/*.json`` and ``engine/*/data/*.json`` that DejaVu Sans Bold
  cannot draw and the source font can (keys and values, escapes decoded);
* all of GB2312: its 682 symbols (CJK punctuation, full-width forms, kana, ...), its 3,755
  level-1 and 3,008 level-2 hanzi, Big5's 5,401 frequently used traditional hanzi, and the
  whole CJK Unified Ideographs block (20,992 hanzi, rare ones such as 龘 among them), so
  Chinese and Japanese player names, simplified or traditional, draw too: 6.2 MB
  (``--minimal`` keeps only GB2312's symbols and level 1: 1.1 MB);
* the whole CJK Symbols and Punctuation, Hiragana, Katakana and Half/Full-width Forms blocks.

Layout tables (GSUB/GPOS) and vertical metrics are dropped: the renderers lay text out with
Pillow's BASIC engine, which uses neither. CFF hints and subroutines are kept. The output
is reproducible (no timestamp is written).

Needs, on the developer's machine only (neither is a runtime dependency):

    apt-get install fonts-noto-cjk          # /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
    .venv/bin/pip install fonttools
    .venv/bin/python tools/build_cjk_font.py [--source PATH] [--out PATH] [--minimal]

``--source`` also takes a single-face font (``NotoSansCJKsc-Bold.otf``, ``NotoSansSC-Bold.otf``);
in a collection the face whose family is ``Noto Sans CJK SC`` is used.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "render" / "fonts"
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
DEFAULT_OUT = FONT_DIR / "NotoSansCJKsc-Bold-subset.otf"
FAMILY = "Noto Sans CJK SC"
PRIMARY = FONT_DIR / "DejaVuSans-Bold.ttf"

#: whole Unicode blocks kept: CJK Symbols and Punctuation, Hiragana, Katakana, Katakana
#: Phonetic Extensions, Half-width and Full-width Forms
BLOCKS = [(0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]

#: CJK Unified Ideographs, the whole block (20,992 hanzi, rare ones such as 龘 among them),
#: kept unless ``--minimal``: any Chinese or Japanese player name draws
UNIFIED = (0x4E00, 0x9FFF)


def gb2312(level2: bool = False) -> set[str]:
    """GB2312's symbols (rows 1-9) and level-1 hanzi (rows 16-55); level 2 (rows 56-87) too
    with ``level2``."""
    rows = list(range(1, 10)) + list(range(16, 56)) + (list(range(56, 88)) if level2 else [])
    out: set[str] = set()
    for row in rows:
        for col in range(1, 95):
            try:
                out.add(bytes([0xA0 + row, 0xA0 + col]).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # an unassigned cell
    return out


def big5_common() -> set[str]:
    """Big5's level-1 (frequently used) hanzi, 0xA440-0xC67E."""
    out: set[str] = set()
    for hi in range(0xA4, 0xC7):
        for lo in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            if (hi, lo) > (0xC6, 0x7E):
                break
            try:
                out.add(bytes([hi, lo]).decode("big5"))
            except UnicodeDecodeError:
                pass
    return out


def common_chars(minimal: bool = False) -> set[str]:
    """The characters kept besides the project's own: GB2312 (and Big5's common hanzi) and
    the CJK blocks."""
    out = gb2312(level2=not minimal) | (set() if minimal else big5_common())
    for lo, hi in BLOCKS + ([] if minimal else [UNIFIED]):
        out.update(chr(cp) for cp in range(lo, hi + 1))
    return out


def project_files() -> list[Path]:
    return sorted(ROOT.glob("locales/**/*.json")) + sorted(ROOT.glob("engine/*/data/*.json"))


def project_chars() -> set[str]:
    """Every character of the project's catalogs and content data (keys and values)."""
    chars: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, str):
            chars.update(node)
        elif isinstance(node, dict):
            for k, v in node.items():
                walk(k)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in project_files():
        walk(json.loads(path.read_text(encoding="utf-8")))
    return chars


def load_source(path: Path):
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() in (".ttc", ".otc"):
        coll = TTCollection(str(path), lazy=False)
        for face in coll.fonts:
            if face["name"].getDebugName(1) == FAMILY:
                return face
        sys.exit(f"{path}: no face named {FAMILY!r}")
    return TTFont(str(path), lazy=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--minimal", action="store_true",
                    help="GB2312 symbols and level-1 hanzi only (no level 2, no Big5)")
    args = ap.parse_args()
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        sys.exit("needs fontTools: .venv/bin/pip install fonttools")
    if not args.source.exists():
        sys.exit(f"{args.source} not found: apt-get install fonts-noto-cjk, or pass --source")

    src = load_source(args.source)
    src.recalcTimestamp = False  # reproducible output
    src_cmap = src.getBestCmap()
    dejavu = TTFont(str(PRIMARY), lazy=True).getBestCmap()

    wanted = {ch for ch in project_chars() if ord(ch) not in dejavu and ord(ch) > 0x7F}
    missing = sorted(ch for ch in wanted if ord(ch) not in src_cmap)
    wanted |= common_chars(args.minimal)
    unicodes = sorted(ord(ch) for ch in wanted if ord(ch) in src_cmap)

    opts = subset.Options()
    opts.layout_features = []
    opts.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "DSIG"]
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    opts.desubroutinize = False
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=unicodes)
    sub.subset(src)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    src.save(str(args.out), reorderTables=True)

    print(f"{args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}: "
          f"{len(unicodes)} characters, {args.out.stat().st_size / 1e6:.2f} MB")
    if missing:
        print("in the project's text but in neither DejaVu nor the source font:",
              " ".join(f"{ch}(U+{ord(ch):04X})" for ch in missing))


if __name__ == "__main__":
    main()
