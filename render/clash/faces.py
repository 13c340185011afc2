"""Card faces: a hand or draft card (cost gem, name, type tag, stats, abilities) and the
fort card (Bastion or Fort side up)."""

from __future__ import annotations

from PIL import ImageDraw

from render.common import (
    DARK_TEXT,
    ELLIPSIS,
    GOLD,
    GREEN,
    PANEL_EDGE,
    TEXT,
    TEXT_SOFT,
    fit_font,
    font,
    pill,
    pill_width,
    rounded_box,
    safe_text,
    wrap_text,
)

from .labels import text
from .style import BASTION_FILL, CARD_FILL, FORT_FILL, MANA, SPELL_FILL
from .widgets import ability_entries, flow_pills, stat

#: where a face's name starts below its top edge, and the room for its two lines
NAME_TOP = 54
NAME_LINE = 22
NAME_PAD = 14


NAME_SIZES = (18, 16, 14, 12)  # a long name shrinks before it is cut


def name_fit(name: str, width: int) -> tuple[int, list[str]]:
    """The font size and lines of a card name on a face ``width`` px wide: at most two
    lines, in the largest size that needs no "…" (a name too long at every size is cut at
    the largest)."""
    text = safe_text(name)
    for size in NAME_SIZES:
        lines = wrap_text(text, font(size), width - NAME_PAD, 2)
        if not any(line.endswith(ELLIPSIS) for line in lines):
            return size, lines
    return NAME_SIZES[0], wrap_text(text, font(NAME_SIZES[0]), width - NAME_PAD, 2)  # too long at any size


def name_lines(name: str, width: int) -> list[str]:
    """The card name as drawn on a face ``width`` px wide (at most two lines)."""
    return name_fit(name, width)[1]


def draw_card_face(draw: ImageDraw.ImageDraw, box, info: dict, lang: str, *, playable=False,
                   border=None, pos=None, champion=False, cost_override=None) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    edge = GREEN if playable else (border or PANEL_EDGE)
    if champion:
        edge = GOLD
    rounded_box(draw, box, 12, fill=CARD_FILL, outline=edge, width=5 if (playable or champion) else 3)
    # cost gem
    cost = cost_override if cost_override is not None else info.get("cost")
    if cost is not None:
        r = 18
        cx, cy = x0 + 8 + r, y0 + 8 + r
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MANA, outline=DARK_TEXT, width=2)
        draw.text((cx, cy), str(cost), font=font(24), fill=DARK_TEXT, anchor="mm")
    # position / tag at top right
    if pos is not None:
        draw.text((x1 - 10, y0 + 26), str(pos), font=font(20), fill=TEXT_SOFT, anchor="rm")
    if playable:
        pill(draw, x1 - 10 - pill_width("\u2713", font(18), 6) - (22 if pos is not None else 0),
             y0 + 13, "\u2713", font(18), GREEN, DARK_TEXT, pad_x=6, height=26)
    # name (a champion's is starred and gold, like its border: a tag would cover its stats)
    name = info.get("name", "?")
    if champion:
        name = f"\u2605 {name}"
    size, lines = name_fit(name, w)
    nf = font(size)
    ny = y0 + NAME_TOP
    for i, line in enumerate(lines):
        draw.text(((x0 + x1) / 2, ny + i * NAME_LINE), line, font=nf, fill=GOLD if champion else TEXT, anchor="ma")
    # type tag
    ty = ny + 48
    if info.get("type") == "spell":
        tag = text("card.spell", lang)
        pill(draw, x0 + (w - pill_width(tag, font(16), 6)) / 2, ty, tag,
             font(16), SPELL_FILL, DARK_TEXT, pad_x=6, height=22)
    # stats
    if info.get("type") != "spell" and (info.get("av") is not None or info.get("hp") is not None):
        sy = y1 - 6 - 2 * 24 - 4 - 28
        if info.get("av") is not None:
            stat(draw, x0 + w * 0.27, sy, "av", info["av"], TEXT, big=28)
        if info.get("hp") is not None:
            stat(draw, x0 + w * 0.73, sy, "hp", info["hp"], TEXT, big=28)
    ab = ability_entries(info.get("abilities"), [], False, lang)
    if ab:
        flow_pills(draw, x0 + 6, y1 - 6 - 2 * 24 - 4, w - 12, 2, ab, font(16))


def draw_fort_card(draw: ImageDraw.ImageDraw, box, side: str, health: int, lang: str) -> None:
    x0, y0, x1, y1 = box
    fill = BASTION_FILL if side != "fort" else FORT_FILL
    rounded_box(draw, box, 12, fill=fill, outline=TEXT, width=3)
    cx = (x0 + x1) / 2
    # a little tower
    ty = y0 + 40
    draw.rectangle((cx - 18, ty, cx + 18, ty + 40), fill=DARK_TEXT)
    for i in range(3):
        draw.rectangle((cx - 18 + i * 14, ty - 10, cx - 10 + i * 14, ty), fill=DARK_TEXT)
    draw.rectangle((cx - 6, ty + 20, cx + 6, ty + 40), fill=fill)
    label = text("fort.bastion", lang) if side != "fort" else text("fort.fort", lang)
    lf, label = fit_font(label, x1 - x0 - 8, (18, 16, 14))
    draw.text((cx, ty + 66), label, font=lf, fill=DARK_TEXT, anchor="mm")
    draw.text((cx, y1 - 46), str(health), font=font(34), fill=DARK_TEXT, anchor="mm")
    draw.text((cx, y1 - 20), text("fort.health", lang), font=font(16), fill=DARK_TEXT, anchor="mm")
