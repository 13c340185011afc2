"""Regenerate the bundled fallback faces that draw players' names in scripts neither DejaVu
Sans nor the CJK subset (``tools/build_cjk_font.py``) has: Hangul, the scripts of South and
South-East Asia, Arabic, Hebrew, Georgian, Armenian, Ethiopic, and emoji (monochrome).

Every face is bold (the renderers draw bold), SIL Open Font License 1.1
(``render/fonts/LICENSE-Noto.txt``), and committed, so nothing is built at install time.
``render/common.py`` lists them in the order it tries them (``FALLBACK_CHAIN``); a character
is drawn by the first face whose cmap has it.

* ``NotoSansCJKkr-Bold-hangul.otf``: Hangul Syllables, Jamo and Compatibility Jamo from the
  Korean face of Noto Sans CJK Bold (``apt-get install fonts-noto-cjk``). Layout tables are
  dropped, as in the CJK subset: precomposed syllables need none.
* ``NotoSans<Script>-Bold-subset.ttf``: each script face of ``fonts-noto-core``
  (``/usr/share/fonts/truetype/noto``) less the characters DejaVu Sans Bold already draws
  (Latin, digits, punctuation), layout tables kept: these scripts need shaping.
* ``NotoSansSymbols-Bold-subset.ttf``, ``NotoSansSymbols2-Regular-subset.ttf``,
  ``NotoSansMath-Regular-subset.ttf``, ``NotoSans-Bold-subset.ttf``: symbols (circled
  letters, dingbats, ...), the mathematical alphanumerics of "fancy" names (𝓐𝓵𝓲𝓬𝓮) and the
  rarer Latin, Greek and Cyrillic letters, from ``fonts-noto-core`` likewise (Symbols 2 and
  Math have no bold), tried after emoji.
* ``NotoEmoji-Bold-subset.ttf``: Noto Emoji (the monochrome one), its variable font pinned
  at weight 700 and subset to the characters DejaVu lacks. Its source is the
  ``NotoEmoji[wght].ttf`` of the ``manimgx-fonts`` wheel on PyPI (Noto's own file, OFL):
  ``pip download --no-deps manimgx-fonts -d /tmp/f && unzip /tmp/f/*.whl -d /tmp/f``.

Needs, on the developer's machine only (none is a runtime dependency):

    apt-get install fonts-noto-cjk fonts-noto-core
    .venv/bin/pip install fonttools
    .venv/bin/python tools/build_fallback_fonts.py --emoji /tmp/f/manimgx_fonts/NotoEmoji[wght].ttf

The output is reproducible (no timestamps are written).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "render" / "fonts"
PRIMARY = FONT_DIR / "DejaVuSans-Bold.ttf"
CJK_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
NOTO_DIR = Path("/usr/share/fonts/truetype/noto")

#: Hangul Jamo, Hangul Compatibility Jamo, Hangul Jamo Extended-A, Hangul Syllables,
#: Hangul Jamo Extended-B
HANGUL = [(0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7A3), (0xD7B0, 0xD7FF)]

#: the faces tried after emoji (``fonts-noto-core`` file stems)
SYMBOLS = ["NotoSansSymbols-Bold", "NotoSansSymbols2-Regular", "NotoSansMath-Regular", "NotoSans-Bold"]

#: the script faces, in the order render/common.py tries them
SCRIPTS = [
    "Arabic", "Hebrew", "Thai", "Devanagari", "Bengali", "Tamil", "Telugu", "Gujarati",
    "Gurmukhi", "Kannada", "Malayalam", "Sinhala", "Khmer", "Lao", "Myanmar", "Georgian",
    "Armenian", "Ethiopic",
]


def _options(layout: bool):
    from fontTools import subset

    opts = subset.Options()
    if layout:
        opts.layout_features = ["*"]
    else:
        opts.layout_features = []
        opts.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx"]
    opts.drop_tables += ["DSIG"]
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    opts.desubroutinize = False
    opts.hinting = False
    return opts


def _save(font, unicodes: list[int], out: Path, layout: bool) -> None:
    from fontTools import subset

    font.recalcTimestamp = False
    sub = subset.Subsetter(_options(layout))
    sub.populate(unicodes=unicodes)
    sub.subset(font)
    font.save(str(out), reorderTables=True)
    print(f"{out.relative_to(ROOT)}: {len(unicodes)} characters, {out.stat().st_size / 1e3:.0f} kB")


def _primary_cmap() -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(str(PRIMARY), lazy=True).getBestCmap())


#: the PostScript name of the collection's Korean face, whose Hangul the subset keeps
HANGUL_FACE = "NotoSansCJKkr-Bold"


def build_hangul(source: Path) -> None:
    from fontTools.ttLib import TTCollection

    for face in TTCollection(str(source), lazy=False).fonts:
        if face["name"].getDebugName(6) == HANGUL_FACE:
            cmap = face.getBestCmap()
            wanted = [cp for lo, hi in HANGUL for cp in range(lo, hi + 1) if cp in cmap]
            _save(face, wanted, FONT_DIR / "NotoSansCJKkr-Bold-hangul.otf", layout=False)
            return
    sys.exit(f"{source}: no face {HANGUL_FACE} (the Korean face of Noto Sans CJK)")


def build_scripts(noto_dir: Path) -> None:
    from fontTools.ttLib import TTFont

    skip = _primary_cmap()
    for script in SCRIPTS:
        src = noto_dir / f"NotoSans{script}-Bold.ttf"
        if not src.exists():
            sys.exit(f"{src} not found: apt-get install fonts-noto-core")
        face = TTFont(str(src), lazy=False)
        # the script's own letters, plus what shaping needs (dotted circle, joiners)
        wanted = [cp for cp in face.getBestCmap() if cp > 0x7F and (cp not in skip or cp in (0x25CC, 0x200C, 0x200D))]
        _save(face, sorted(wanted), FONT_DIR / f"NotoSans{script}-Bold-subset.ttf", layout=True)


def build_symbols(noto_dir: Path) -> None:
    from fontTools.ttLib import TTFont

    skip = _primary_cmap()
    for stem in SYMBOLS:
        src = noto_dir / f"{stem}.ttf"
        if not src.exists():
            sys.exit(f"{src} not found: apt-get install fonts-noto-core")
        face = TTFont(str(src), lazy=False)
        wanted = sorted(cp for cp in face.getBestCmap() if cp > 0x7F and cp not in skip)
        _save(face, wanted, FONT_DIR / f"{stem}-subset.ttf", layout=False)


def build_emoji(source: Path) -> None:
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    face = TTFont(str(source), lazy=False)
    if "fvar" in face:
        face = instancer.instantiateVariableFont(face, {"wght": 700})
    skip = _primary_cmap()
    wanted = sorted(cp for cp in face.getBestCmap() if cp > 0x7F and cp not in skip)
    _save(face, wanted, FONT_DIR / "NotoEmoji-Bold-subset.ttf", layout=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cjk", type=Path, default=CJK_SOURCE, help="the Noto Sans CJK Bold collection")
    ap.add_argument("--noto-dir", type=Path, default=NOTO_DIR, help="where fonts-noto-core put its faces")
    ap.add_argument("--emoji", type=Path, required=True, help="NotoEmoji[wght].ttf (monochrome)")
    args = ap.parse_args()
    try:
        import fontTools  # noqa: F401
    except ImportError:
        sys.exit("needs fontTools: .venv/bin/pip install fonttools")
    build_hangul(args.cjk)
    build_scripts(args.noto_dir)
    build_emoji(args.emoji)
    build_symbols(args.noto_dir)


if __name__ == "__main__":
    main()
