"""Long text for Discord, never cut mid-word.

A message holds at most 2,000 characters (an embed description 4,096, a choice or select
label 100). :func:`split_text` cuts text into pieces that fit, at a line break where it can,
else at a space, else (Chinese and Japanese have no spaces) after a punctuation mark, and
only then between two characters; never inside a word it could avoid, a markdown link, a
mention, a custom emoji, a timestamp, a URL or inline code, and never between a character
and the marks or joiners that belong to it. :func:`clip` keeps the first piece with "…".
:func:`message_parts` gives a reply as a few messages, or its start and the whole text as a
file when it is very long.
"""
from __future__ import annotations

import re
import unicodedata

#: Discord's limit on a message's content
MESSAGE_LIMIT = 2000
#: more pieces than this and the text goes as a file
MAX_PARTS = 3
ELLIPSIS = "…"

#: what is never cut: markdown links, mentions, custom emoji, timestamps, URLs, inline code
_UNBREAKABLE = re.compile(
    r"\[[^\]\n]*\]\([^)\s]*\)"          # [text](url)
    r"|<a?:\w+:\d+>"                    # <:name:id>, <a:name:id>
    r"|<(?:@[!&]?|#)\d+>"               # <@user>, <@!user>, <@&role>, <#channel>
    r"|</[^:>\n]+:\d+>"                 # </command:id>
    r"|<t:-?\d+(?::\w)?>"               # <t:unix:R>
    r"|https?://\S+"
    r"|`[^`\n]+`"
)
#: a piece may end after these where there is no space (CJK text)
_BREAK_AFTER = set("。，、！？；：）」』】〕》〉…,.;:!?)]—·")


def _glued(text: str, i: int) -> bool:
    """True if a cut before ``text[i]`` would separate it from the character before it (a
    combining mark, a joiner, a variation selector or emoji modifier, a surrogate)."""
    if i <= 0 or i >= len(text):
        return False
    ch, prev = text[i], text[i - 1]
    cp = ord(ch)
    return (unicodedata.category(ch) in ("Mn", "Mc", "Me") or ch in "\u200d\ufe0f\ufe0e"
            or prev == "\u200d" or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F)


def _cut(text: str, limit: int) -> tuple[int, int]:
    """Where the first piece of ``text`` (longer than ``limit``) ends, and where the rest starts."""
    spans = [(m.start(), m.end()) for m in _UNBREAKABLE.finditer(text, 0, limit + 200)]

    def free(i: int) -> bool:
        return not any(a < i < b for a, b in spans) and not _glued(text, i)

    floor = limit // 3  # a piece not much shorter than it could be
    window = text[:limit + 1]
    for finder in (lambda: window.rfind("\n"), lambda: max(window.rfind(" "), window.rfind("\t"))):
        i = finder()
        while i > floor and not free(i):
            i = max(window.rfind("\n", 0, i), window.rfind(" ", 0, i))
        if i > floor:
            return i, i + 1
    for i in range(limit, floor, -1):
        if text[i - 1] in _BREAK_AFTER and free(i):
            return i, i
    for i in range(limit, 0, -1):
        if free(i) and not (text[i - 1].isalnum() and text[i].isalnum()):  # not inside a word
            return i, i
    for i in range(limit, 0, -1):  # one long word: cut it between characters
        if free(i):
            return i, i
    return limit, limit


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at line breaks, spaces or after
    punctuation (the break itself dropped), never inside a link, mention, emoji or code."""
    if limit < 1:
        raise ValueError("limit must be positive")
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        end, start = _cut(rest, limit)
        piece = rest[:end].rstrip()
        if piece:
            pieces.append(piece)
        rest = rest[start:]
        if rest.startswith("\n"):
            rest = rest[1:]
    if rest.strip() or not pieces:
        pieces.append(rest)
    return pieces


def clip(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else its start, cut as :func:`split_text`
    cuts, with "…"."""
    if len(text) <= limit:
        return text
    if limit <= len(ELLIPSIS):
        return ELLIPSIS[:limit]
    return split_text(text, limit - len(ELLIPSIS))[0].rstrip(" ,;:") + ELLIPSIS


def message_parts(text: str, limit: int = MESSAGE_LIMIT, max_parts: int = MAX_PARTS,
                  note: str = "") -> tuple[list[str], bytes | None]:
    """A reply as messages: ``text`` split into at most ``max_parts`` pieces, or, when it needs
    more, its first piece with ``note`` (e.g. "the whole text is attached") and the whole
    text as UTF-8 bytes for a file attachment."""
    pieces = split_text(text, limit)
    if len(pieces) <= max_parts:
        return pieces, None
    head = split_text(text, limit - len(note) - 1)[0] if note else pieces[0]
    return [f"{head}\n{note}" if note else head], text.encode("utf-8")
