"""Small drawn pieces: pills, icons with numbers (power, HP, tokens), the HP bar, the acted
check, the shield of a defence card, card backs and faces in miniature, the morale track."""

from __future__ import annotations

from render.common import DARK_TEXT, TEXT, font, rounded_box, safe_text

from . import names as N
from .style import (ACTED, BODY, CARD_BACK, CARD_BACK_EDGE, CARD_FACE, CARD_INK, COLLAPSE, COMMAND, DEFENCE,
                    DRAW_SQUARE, FACE_UP, HP_OFF, HP_ON, POWER, REVEALED, SMALL, TOKEN, mix)
from .text import fit, put, width, wrap

SWORD = "\u2694"
HEART = "\u2665"
CHECK = "\u2713"
DOT = "\u25cf"
SKULL = "\u2620"
CLUB = "\u2663"
ARROW = "\u2192"


def pill_w(text: str, size: int, pad: int = 7) -> float:
    return width(text, size) + 2 * pad


def pill(d, x: float, cy: float, text: str, size: int, fill, ink=TEXT, outline=None, pad: int = 7) -> float:
    """A rounded label with its left edge at ``x``, centred on ``cy``; returns its width."""
    s = safe_text(text)
    w = pill_w(s, size, pad)
    h = int(size * 1.3)
    if d is not None:
        rounded_box(d, (x, cy - h / 2, x + w, cy + h / 2), radius=h // 2, fill=fill, outline=outline,
                    width=2)
        put(d, (x + w / 2, cy), s, size, ink, "mm")
    return w


def stat(d, x: float, cy: float, glyph: str, value: object, size: int, colour, anchor: str = "l") -> float:
    """``glyph`` + number (e.g. the sword and the power); returns its width."""
    s = f"{glyph}{value}"
    w = width(s, size)
    if d is not None:
        x0 = x if anchor == "l" else x - w
        put(d, (x0, cy), s, size, colour, "lm")
    return w


def power_badge(d, x: float, cy: float, value: object, size: int, anchor: str = "l") -> float:
    """A power (ES-CARD-3/6) as a dark number on a yellow square; returns its width."""
    s = str(value)
    w = width(s, size) + 10
    h = size * 1.1
    if d is not None:
        x0 = x if anchor == "l" else x - w
        rounded_box(d, (x0, cy - h / 2, x0 + w, cy + h / 2), radius=5, fill=POWER, outline=DARK_TEXT, width=1)
        put(d, (x0 + w / 2, cy + 1), s, size, DARK_TEXT, "mm")
    return w


def hp_bar(d, box, hp: int, wounds: int) -> None:
    """One segment per HP: lit for HP left, dark for each wound marker (ES-CARD-4)."""
    x0, y0, x1, y1 = box
    hp = max(1, hp)
    gap = 3
    seg = (x1 - x0 - gap * (hp - 1)) / hp
    for i in range(hp):
        sx = x0 + i * (seg + gap)
        d.rectangle((sx, y0, sx + seg, y1), fill=HP_ON if i < hp - wounds else HP_OFF)


def check(d, cx: float, cy: float, r: float = 12) -> None:
    """The mark of a unit that executed a command this turn (ES-TURN-7)."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ACTED, outline=DARK_TEXT, width=2)
    d.line([(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.45), (cx + r * 0.55, cy - r * 0.45)], fill=DARK_TEXT,
           width=max(2, int(r / 4)), joint="curve")


def shield(d, cx: float, cy: float, r: float = 12, fill=DEFENCE) -> None:
    """A defence card lying on a unit (ES-DEF-4)."""
    pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy), (cx, cy + r * 1.15), (cx - r, cy)]
    d.polygon(pts, fill=fill, outline=DARK_TEXT)


def card_mark(d, cx: float, cy: float, r: float = 12, fill=COMMAND) -> None:
    """A command card being executed by a unit (ES-ACT-5), a small card with a play arrow."""
    d.rectangle((cx - r * 0.8, cy - r, cx + r * 0.8, cy + r), fill=fill, outline=DARK_TEXT, width=2)
    d.polygon([(cx - r * 0.3, cy - r * 0.45), (cx + r * 0.45, cy), (cx - r * 0.3, cy + r * 0.45)], fill=DARK_TEXT)


def tokens(d, x: float, cy: float, n: int, size: int = BODY) -> float:
    """Tokens on a command card (ES-GEN-7) as a gold dot and the count; returns the width."""
    return stat(d, x, cy, DOT, n, size, TOKEN) if n else 0.0


# ---------------------------------------------------------------- miniature cards

MINI_W = 182
MINI_H = 84
MINI_NAME = SMALL


def cost_mark(d, cx: float, cy: float, cost: int, size: int = SMALL) -> None:
    """A command's cost (ES-CARD-5) as a number in a gold coin."""
    r = size * 0.72
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TOKEN, outline=DARK_TEXT, width=2)
    put(d, (cx, cy + 1), str(cost), size, DARK_TEXT, "mm")


def mini_card(d, x: float, y: float, entry: dict, lang: str) -> None:
    """A command-zone card as the public sees it: face-down (its back, a "?") unless the
    view gives its face; revealed cards have a gold frame (ES-ACT-4), cards staged face-up and
    not revealed a teal one (ES-DEP-7); tokens as a gold count."""
    card = entry.get("card")
    revealed = bool(entry.get("revealed"))
    edge = REVEALED if revealed else FACE_UP if entry.get("face_up") else CARD_BACK_EDGE
    box = (x, y, x + MINI_W, y + MINI_H)
    if card is None:
        rounded_box(d, box, radius=10, fill=CARD_BACK, outline=CARD_BACK_EDGE, width=3)
        rounded_box(d, (x + 8, y + 8, x + MINI_W - 8, y + MINI_H - 8), radius=6,
                    outline=mix(CARD_BACK, CARD_BACK_EDGE, 0.5), width=2)
        put(d, (x + MINI_W / 2, y + MINI_H / 2), "?", BODY + 10, TEXT, "mm")
    else:
        spec = N.command(card)
        rounded_box(d, box, radius=10, fill=CARD_FACE, outline=edge, width=2 if edge == CARD_BACK_EDGE else 5)
        power_badge(d, x + 8, y + 18, spec["power"], SMALL)
        cost_mark(d, x + MINI_W - 20, y + 18, spec["cost"])
        lines = wrap(N.command_name(card, lang), MINI_NAME, MINI_W - 14, 2)
        for i, line in enumerate(lines):
            put(d, (x + 8, y + 44 + i * 25), line, MINI_NAME, CARD_INK, "lm")
    n = int(entry.get("tokens") or 0)
    if n:
        w = pill_w(f"{DOT}{n}", BODY)
        pill(d, x + MINI_W - w - 6, y + MINI_H - 4, f"{DOT}{n}", BODY, DARK_TEXT, TOKEN, outline=TOKEN)


# ---------------------------------------------------------------- the morale track


def track(d, x0: float, x1: float, cy: float, marker: int, collapse: int, draw: list[int], colour) -> None:
    """Squares 0..collapse (ES-MOR-4): the marker's square in the faction colour, draw
    squares (Morale expansion, ES-MX-5) framed in blue, the collapse square dark red."""
    n = collapse + 1
    gap = 3
    sw = (x1 - x0 - gap * (n - 1)) / n
    h = 40
    for i in range(n):
        sx = x0 + i * (sw + gap)
        box = (sx, cy - h / 2, sx + sw, cy + h / 2)
        here = i == marker
        fill = colour if here else (COLLAPSE if i == collapse else (46, 52, 66))
        outline = DRAW_SQUARE if i in draw else (90, 98, 116)
        rounded_box(d, box, radius=6, fill=fill, outline=outline, width=4 if i in draw else 1)
        if i == collapse and not here:
            put(d, (sx + sw / 2, cy), SKULL, BODY, (254, 202, 202), "mm")
        else:
            put(d, (sx + sw / 2, cy), str(i), BODY if here else SMALL, DARK_TEXT if here else (170, 180, 196), "mm")


def track_bar(d, x0: float, x1: float, y0: float, y1: float, marker: int, collapse: int, draw: list[int],
              colour) -> None:
    """The morale track as a thin bar of squares 0..collapse (ES-MOR-4): the marker's square in
    the faction colour, draw squares (ES-MX-5) framed blue, the collapse square dark red. The
    numbers are in the text beside it."""
    n = max(1, collapse + 1)
    gap = 2
    sw = (x1 - x0 - gap * (n - 1)) / n
    for i in range(n):
        sx = x0 + i * (sw + gap)
        fill = colour if i == marker else (COLLAPSE if i == collapse else (60, 68, 84))
        d.rectangle((sx, y0, sx + sw, y1), fill=fill, outline=DRAW_SQUARE if i in draw else None,
                    width=2 if i in draw else 0)


def zone_tile(d, x: float, y: float, w: float, h: float, entry: dict) -> float:
    """A command-zone card on the board: a back with "?" (or its tokens as a gold number), its
    face's power when public; gold frame when revealed (ES-ACT-4), teal when staged face up
    and not revealed (ES-DEP-7). Returns the width it needs (``d`` None: only measures)."""
    card = entry.get("card")
    revealed = bool(entry.get("revealed"))
    edge = REVEALED if revealed else FACE_UP if entry.get("face_up") else CARD_BACK_EDGE
    n = int(entry.get("tokens") or 0)
    text = f"{DOT}{n}" if n else ("?" if card is None else str(N.command(card)["power"]))
    need = width(text, BODY) + 12
    if d is not None:
        rounded_box(d, (x, y, x + w, y + h), radius=6, fill=CARD_BACK if card is None else CARD_FACE, outline=edge,
                    width=2 if edge == CARD_BACK_EDGE else 4)
        ink = (TOKEN if card is None else (146, 64, 14)) if n else (TEXT if card is None else CARD_INK)
        put(d, (x + w / 2, y + h / 2 + 1), text, BODY, ink, "mm")
    return need


def fitted(d, x: float, cy: float, text: str, size: int, max_w: float, fill=TEXT, anchor: str = "lm") -> str:
    s = fit(text, size, max_w)
    put(d, (x, cy), s, size, fill, anchor)
    return s


__all__ = ["ARROW", "CHECK", "CLUB", "HEART", "SWORD", "font"]
