"""Measuring, ellipsizing and wrapping text to a width, in any font.

render.common re-exports these, and keeps ``fit_font`` (it picks among the bundled
fonts). A word too wide for a line breaks between CJK characters (Chinese has no spaces)
or else is hyphenated.
"""
from __future__ import annotations

import unicodedata

from PIL import ImageFont

ELLIPSIS = "\u2026"


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


#: CJK punctuation that never starts a line, and that never ends one
_NO_LINE_START = frozenset("\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u3011"
                           "\u300b\u3009\u3015\uff3d\uff5d\u2019\u201d\u2026\u30fc\u00b7\u30fb"
                           ")]},.:;!?%")
_NO_LINE_END = frozenset("\uff08\u300c\u300e\u3010\u300a\u3008\u3014\uff3b\uff5b\u2018\u201c([{")


def _is_wide(ch: str) -> bool:
    """A CJK character (East Asian wide or full-width): a line may break on either side."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _cjk_split(word: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> tuple[str, str]:
    """Split a too-long word holding CJK characters where CJK text breaks, between two
    characters one of which is wide, with no hyphen: the longest head that fits, keeping
    closing punctuation off the next line's start; ``("", word)`` if there is no such
    place (a word with no CJK character never has one)."""
    if word.isascii() or not any(_is_wide(ch) for ch in word):
        return "", word
    best = 0
    for k in range(1, len(word)):
        if fnt.getlength(word[:k]) > max_width:
            break
        a, b = word[k - 1], word[k]
        if (_is_wide(a) or _is_wide(b)) and b not in _NO_LINE_START and a not in _NO_LINE_END:
            best = k
    if best == 0:
        return "", word
    return word[:best], word[best:]


def wrap_text(
    text: str, fnt: ImageFont.FreeTypeFont, max_width: float, max_lines: int = 2,
    hyphenate: bool = True,
) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; the last line is ellipsized.
    A word wider than a line is broken between CJK characters (Chinese has no spaces), or
    else hyphenated when a later line can take the rest (``hyphenate``), otherwise
    ellipsized."""
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
            head, tail = _cjk_split(word, fnt, max_width)
            if not head and hyphenate:
                head, tail = _hyphen_split(word, fnt, max_width)
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
