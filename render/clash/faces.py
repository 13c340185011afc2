"""Card faces: a hand, draft or deck card (cost gem, name, type tag, stats, abilities) and the
fort card (Bastion or Fort side up). Everything on a face is essential but the fort card's
"health" caption."""

from __future__ import annotations

from PIL import ImageDraw

from render import legibility
from render.common import (
    DARK_TEXT,
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
from .style import BASTION_FILL, CARD_FILL, DETAIL, ESSENTIAL, FORT_FILL, MANA, NAME_LINE, SPELL_FILL
from .widgets import ability_entries, flow_pills, stat

#: where a face's name starts below its top edge
NAME_TOP = 46
NAME_PAD = 12


def name_lines(name: str, width: int) -> list[str]:
    """The card name as drawn on a face ``width`` px wide (at most two lines)."""
    return wrap_text(safe_text(name), font(ESSENTIAL), width - NAME_PAD, 2)


def draw_card_face(draw: ImageDraw.ImageDraw, box, info: dict, lang: str, *, playable=False,
                   border=None, pos=None, champion=False, cost_override=None) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    edge = GREEN if playable else (border or PANEL_EDGE)
    if champion:
        edge = GOLD
    rounded_box(draw, box, 12, fill=CARD_FILL, outline=edge, width=5 if (playable or champion) else 3)
    f = font(ESSENTIAL)
    with legibility.essential():
        cost = cost_override if cost_override is not None else info.get("cost")
        if cost is not None:
            r = 17
            cx, cy = x0 + 7 + r, y0 + 7 + r
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MANA, outline=DARK_TEXT, width=2)
            draw.text((cx, cy), str(cost), font=f, fill=DARK_TEXT, anchor="mm")
        right = x1 - 8
        if pos is not None:
            draw.text((right, y0 + 24), str(pos), font=f, fill=TEXT_SOFT, anchor="rm")
            right -= f.getlength(str(pos)) + 6
        if playable:
            pill(draw, right - pill_width("\u2713", f, 4), y0 + 10, "\u2713", f, GREEN, DARK_TEXT,
                 pad_x=4, height=28)
        # the name (a champion's is starred and gold, like its border)
        name = info.get("name", "?")
        if champion:
            name = f"\u2605 {name}"
        lines = name_lines(name, w)
        for i, line in enumerate(lines):
            draw.text(((x0 + x1) / 2, y0 + NAME_TOP + i * NAME_LINE), line, font=f,
                      fill=GOLD if champion else TEXT, anchor="ma")
        ty = y0 + NAME_TOP + 2 * NAME_LINE + 4
        if info.get("type") == "spell":
            tag = text("card.spell", lang)
            pill(draw, x0 + (w - pill_width(tag, f, 5)) / 2, ty + 2, tag, f, SPELL_FILL, DARK_TEXT,
                 pad_x=5, height=28)
        elif info.get("av") is not None or info.get("hp") is not None:
            if info.get("av") is not None:
                stat(draw, x0 + w * 0.27, ty + 16, "av", info["av"], TEXT, max_w=w / 2 - 4)
            if info.get("hp") is not None:
                stat(draw, x0 + w * 0.73, ty + 16, "hp", info["hp"], TEXT, max_w=w / 2 - 4)
        ab = ability_entries(info.get("abilities"), [], False, lang)
        if ab:
            rows = 2 if y1 - (ty + 38) >= 60 else 1
            flow_pills(draw, x0 + 6, ty + 38, w - 12, rows, ab)


def draw_fort_card(draw: ImageDraw.ImageDraw, box, side: str, health: int, lang: str) -> None:
    x0, y0, x1, y1 = box
    fill = BASTION_FILL if side != "fort" else FORT_FILL
    rounded_box(draw, box, 12, fill=fill, outline=TEXT, width=3)
    cx = (x0 + x1) / 2
    ty = y0 + 22  # a little tower
    draw.rectangle((cx - 16, ty, cx + 16, ty + 34), fill=DARK_TEXT)
    for i in range(3):
        draw.rectangle((cx - 16 + i * 12, ty - 9, cx - 9 + i * 12, ty), fill=DARK_TEXT)
    draw.rectangle((cx - 5, ty + 17, cx + 5, ty + 34), fill=fill)
    label = text("fort.bastion", lang) if side != "fort" else text("fort.fort", lang)
    with legibility.essential():
        lf, label = fit_font(label, x1 - x0 - 8, (ESSENTIAL,))
        draw.text((cx, ty + 58), label, font=lf, fill=DARK_TEXT, anchor="mm")
        draw.text((cx, y1 - 52), str(health), font=font(36), fill=DARK_TEXT, anchor="mm")
    draw.text((cx, y1 - 22), text("fort.health", lang), font=font(DETAIL), fill=DARK_TEXT, anchor="mm")
