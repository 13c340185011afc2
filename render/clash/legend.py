"""The legend under the board and the hand: what each ability pill and marker means, for
the ones that appear in the picture."""

from __future__ import annotations

from PIL import ImageDraw

from render.common import (
    DAMAGE_RED,
    DARK_TEXT,
    GOLD,
    GREEN,
    PANEL,
    PANEL_EDGE,
    RED,
    TEXT,
    TEXT_SOFT,
    draw_text,
    font,
    pill,
    pill_width,
    rounded_box,
    safe_text,
)

from .content import Cards, ability_sort
from .labels import NEGATIVE_ABILITIES, ability_abbr, ability_name, text
from .style import LANES, LEGEND_PILL, LEGEND_TEXT, NEG_PILL_FILL, PILL_FILL, USED_PILL_FILL
from .widgets import to_int

#: one legend entry: (kind, pill label, explanation)
LegendItem = tuple[str, str, str]

#: kind -> (pill fill, pill text colour, pill padding)
_PILL_STYLE = {
    "ability": (PILL_FILL, DARK_TEXT, 5),
    "drawback": (NEG_PILL_FILL, DARK_TEXT, 5),
    "granted": (GOLD, DARK_TEXT, 5),
    "used": (USED_PILL_FILL, TEXT, 5),
    "new": (GOLD, DARK_TEXT, 5),
    "damage": (DAMAGE_RED, TEXT, 5),
    "dash": (GREEN, DARK_TEXT, 5),
    "champion": (GOLD, DARK_TEXT, 7),
    "stack": (PANEL_EDGE, TEXT, 5),
}


def ability_items(abilities: list[str], lang: str) -> list[LegendItem]:
    """One entry per ability, in rulebook order."""
    return [("drawback" if a in NEGATIVE_ABILITIES else "ability", ability_abbr(a, lang), ability_name(a, lang))
            for a in ability_sort(abilities)]


def board_items(view: dict, lane_sides: dict[str, list[list[dict]]], draft: dict | None,
                cards: Cards) -> list[LegendItem]:
    """Entries for the abilities and markers on the board's creatures (and on the revealed
    draft cards when ``draft`` is shown)."""
    seen: list[str] = []
    granted_example = ""
    new = champ = dash = dmg = used = stack = False
    lang = cards.lang
    creatures = [c for lane in LANES for side in lane_sides[lane] for c in side]
    for c in creatures:
        for a in c.get("abilities") or []:
            if a not in seen:
                seen.append(a)
        if c.get("granted") and not granted_example:
            granted_example = ability_abbr(c["granted"][0], lang)
        new |= bool(c.get("played_this_turn"))
        champ |= bool(c.get("champion"))
        dash |= to_int(c.get("dash_bonus")) > 0
        dmg |= to_int(c.get("damage")) > 0
        used |= bool(c.get("protection_used")) and "PROTECTION" in (c.get("abilities") or [])
        stack |= bool(c.get("stack"))
    if draft:
        for cid in draft.get("revealed") or []:
            for a in cards.info(cid)["abilities"]:
                if a not in seen:
                    seen.append(a)
    items = ability_items(seen, lang)
    if granted_example:
        items.append(("granted", "+" + granted_example, text("legend.granted", lang)))
    if used:
        items.append(("used", ability_abbr("PROTECTION", lang), text("legend.protection_used", lang)))
    if new:
        items.append(("new", text("tile.new", lang), text("legend.new", lang)))
    if dmg:
        items.append(("damage", "-2", text("legend.damage", lang)))
    if dash:
        items.append(("dash", "\u26a1+2", text("legend.dash", lang)))
    if champ:
        items.append(("champion", "\u2605", text("legend.champion", lang)))
    if stack:
        items.append(("stack", text("tile.on", lang), text("legend.stack", lang)))
    return items


def item_width(item: LegendItem) -> int:
    """Room an entry takes on its line (the champion star's pill, drawn with padding 7, is
    measured with 5 like the others: it borrows 4 px of the gap)."""
    _kind, label, expl = item
    return pill_width(label, font(LEGEND_PILL), 5) + 6 + int(font(LEGEND_TEXT).getlength(safe_text(expl))) + 18


def flow_legend(items: list[LegendItem], max_w) -> list[list[LegendItem]]:
    """The entries in lines no wider than ``max_w``."""
    lines: list[list[LegendItem]] = [[]]
    x = 0
    for it in items:
        w = item_width(it)
        if lines[-1] and x + w > max_w:
            lines.append([])
            x = 0
        lines[-1].append(it)
        x += w
    return lines


def legend_height(lines: list[list[LegendItem]]) -> int:
    return 16 + 34 * len(lines)


def draw_legend(draw: ImageDraw.ImageDraw, box, lines: list[list[LegendItem]]) -> None:
    rounded_box(draw, box, 12, fill=PANEL)
    y = box[1] + 10
    fp, ft = font(LEGEND_PILL), font(LEGEND_TEXT)
    for line in lines:
        x = box[0] + 12
        for kind, label, expl in line:
            fill, tfill, pad = _PILL_STYLE.get(kind, _PILL_STYLE["ability"])
            b = pill(draw, x, y + 2, label, fp, fill, tfill, pad_x=pad, height=26)
            if kind == "used":
                draw.line((b[0] + 3, b[3] - 4, b[2] - 3, b[1] + 4), fill=RED, width=3)
            draw_text(draw, (b[2] + 6, y + 15), expl, ft, TEXT_SOFT, anchor="lm")
            x += item_width((kind, label, expl))
        y += 34
