"""Pillow renderer for Clash of Decks.

Draws the view dict described in ``docs/clash-view.md`` (never raw engine state):

* :func:`render_board` -- the public board PNG for the channel embed;
* :func:`render_hand` -- one seat's private hand strip, for that seat's DM.

The images are ~1080 px wide and meant to stay readable when Discord shrinks them to
~400 px on a phone: big bold numbers, one colour per seat (seat 0 blue on the left,
seat 1 red on the right, as in CD-GEN-3), no thin grey text.

Card names come from an optional ``card_lookup(card_id) -> dict`` (the shape of
``engine.clash.cards.CARDS[id]``); without it, or for an unknown id, the id is prettified.
This module imports neither discord nor the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from PIL import Image, ImageDraw

from render.common import (
    BG,
    DAMAGE_RED,
    DARK_TEXT,
    GOLD,
    GREEN,
    ORANGE,
    PANEL,
    PANEL_EDGE,
    RED,
    TEXT,
    TEXT_SOFT,
    can_draw,
    draw_text,
    ellipsize,
    fit_font,
    font,
    has_readable,
    pill,
    pill_width,
    prettify_id,
    rounded_box,
    safe_text,
    seat_colour,
    to_png,
    wrap_text,
)

CardLookup = Callable[[str], dict]

__all__ = [
    "ABILITY_ABBR",
    "ABILITY_NAMES",
    "BoardLayout",
    "board_layout",
    "render_board",
    "render_hand",
]

# ---------------------------------------------------------------- abilities (CD-ABL-4)

ABILITY_ABBR = {
    "FLYING": "FLY", "AQUATIC": "AQU", "AURA": "AUR", "FRENZY": "FRZ",
    "CATALYST": "CAT", "PROTECTION": "PRO", "RAGE": "RAG", "REGENERATION": "REG",
    "BLADE": "BLD", "SWEEP": "SWP", "THORNS": "THR", "IMMORTAL": "IMM",
    "RETALIATE": "RET", "MERCENARY": "MER", "PIERCE": "PRC", "BLOOD_PRICE": "BLP",
    "DASH": "DSH", "POSSESS": "POS", "VANISH": "VAN", "WEAKEN": "WEA",
}
ABILITY_NAMES = {
    "FLYING": {"en": "Flying", "zh-CN": "飞行"},
    "AQUATIC": {"en": "Aquatic", "zh-CN": "水生"},
    "AURA": {"en": "Aura", "zh-CN": "光环"},
    "FRENZY": {"en": "Frenzy", "zh-CN": "狂暴"},
    "CATALYST": {"en": "Catalyst", "zh-CN": "催化"},
    "PROTECTION": {"en": "Protection", "zh-CN": "护卫"},
    "RAGE": {"en": "Rage", "zh-CN": "暴怒"},
    "REGENERATION": {"en": "Regeneration", "zh-CN": "再生"},
    "BLADE": {"en": "Blade", "zh-CN": "利刃"},
    "SWEEP": {"en": "Sweep", "zh-CN": "横扫"},
    "THORNS": {"en": "Thorns", "zh-CN": "荆棘"},
    "IMMORTAL": {"en": "Immortal", "zh-CN": "不朽"},
    "RETALIATE": {"en": "Retaliate", "zh-CN": "反击"},
    "MERCENARY": {"en": "Mercenary", "zh-CN": "佣兵"},
    "PIERCE": {"en": "Pierce", "zh-CN": "穿刺"},
    "BLOOD_PRICE": {"en": "Blood Price", "zh-CN": "血祭"},
    "DASH": {"en": "Dash", "zh-CN": "闪现"},
    "POSSESS": {"en": "Possess", "zh-CN": "附身"},
    "VANISH": {"en": "Vanish", "zh-CN": "消隐"},
    "WEAKEN": {"en": "Weaken", "zh-CN": "虚弱"},
}
#: drawbacks (CD-THR-3, CD-MER-3) get a different pill colour
NEGATIVE_ABILITIES = {"THORNS", "MERCENARY"}


def ability_abbr(ability: str) -> str:
    return ABILITY_ABBR.get(ability) or safe_text(str(ability))[:3].upper() or "?"


def ability_name(ability: str, lang: str = "en") -> str:
    names = ABILITY_NAMES.get(ability)
    if not names:
        return prettify_id(str(ability).lower())
    if lang.startswith("zh") and can_draw(names["zh-CN"]):
        return names["zh-CN"]
    return names["en"]


# ---------------------------------------------------------------- geometry

W = 1080
MARGIN = 12
HEADER_H = 60
BANNER_H = 72
PANEL_GAP = 12
PANEL_W = (W - 2 * MARGIN - PANEL_GAP) // 2  # 522
BRIDGE_W = 96
LANE_PAD = 10
SIDE_PAD = 8  # between bridge and the first tile, and between tiles and the lane edge
TILE_GAP = 8
TILE_H = 196
WIDE_TILE_W = 148  # up to 3 creatures on a side
NARROW_TILE_W = 109  # 4 per row, wrapping after that
NARROW_PER_ROW = 4
LANE_GAP = 10
EMPTY_LANE_H = 116

BRIDGE_X0 = (W - BRIDGE_W) // 2
BRIDGE_X1 = BRIDGE_X0 + BRIDGE_W

# colours specific to this game
MANA = (34, 211, 238)
BASTION_FILL = GOLD
FORT_FILL = ORANGE
CARD_FILL = (48, 56, 72)
PILL_FILL = (232, 236, 244)
NEG_PILL_FILL = (196, 181, 253)
USED_PILL_FILL = (100, 106, 120)
BRIDGE_WOOD = (133, 94, 56)
BRIDGE_DARK = (92, 62, 34)
LANE_FILL = (32, 37, 48)

LANES = ("top", "bottom")
LANE_LABEL = {"top": "TOP", "bottom": "BOTTOM"}

PHASE_LABEL = {"summon": "Summon phase", "attack": "Attack phase"}
STAGE_LABEL = {
    "deck_choice": "Choosing decks",
    "draft": "Draft",
    "constructed": "Building decks",
    "champion": "Choosing champions",
    "play": "",
    "finished": "Game over",
}
FORMAT_LABEL = {"precon": "Precon", "draft": "Draft", "constructed": "Constructed"}
REASON_LABEL = {
    "fort_destroyed": "{loser}'s fort fell",
    "only_fort": "{loser} had only the fort card left",
    "resigned": "{loser} resigned",
    "timeout": "{loser} ran out of time",
}


# ---------------------------------------------------------------- card data


class _Cards:
    """Per-render memo of card look-ups; never raises."""

    def __init__(self, lookup: CardLookup | None, lang: str):
        self.lookup = lookup
        self.lang = lang or "en"
        self._memo: dict[str, dict] = {}

    def info(self, card_id: object) -> dict:
        key = str(card_id)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        raw = None
        if self.lookup is not None and card_id is not None:
            try:
                raw = self.lookup(key)
            except Exception:  # an unknown id or a broken lookup must not break a render
                raw = None
        if not isinstance(raw, dict):
            raw = {}
        info = {
            "id": key,
            "name": self._name(key, raw.get("name")),
            "type": raw.get("type"),
            "cost": raw.get("cost"),
            "av": raw.get("av"),
            "hp": raw.get("hp"),
            "abilities": [a for a in (raw.get("abilities") or []) if isinstance(a, str)],
        }
        self._memo[key] = info
        return info

    def name(self, card_id: object) -> str:
        return self.info(card_id)["name"]

    def _name(self, card_id: str, name: object) -> str:
        if isinstance(name, dict):
            if self.lang.startswith("zh"):
                zh = name.get("zh") or name.get("zh-CN")
                if zh and can_draw(str(zh)):
                    return str(zh)
            en = name.get("en")
            if en:
                return safe_text(en)
        elif isinstance(name, str) and name:
            return safe_text(name)
        return prettify_id(card_id)


def _int(v, default=0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def _seat_name(seat_names: list[str] | None, seat: int, is_ai: bool = False) -> str:
    raw = ""
    if seat_names and 0 <= seat < len(seat_names) and seat_names[seat] is not None:
        raw = safe_text(seat_names[seat]).strip()
    if raw and has_readable(raw):
        return raw
    if is_ai:
        return "AI"
    return f"Player {seat + 1}"  # no name, or one the font cannot draw at all (CJK...)


# ---------------------------------------------------------------- layout


@dataclass
class TileBox:
    lane: str
    seat: int
    index: int
    box: tuple[int, int, int, int]


@dataclass
class BoardLayout:
    width: int
    height: int
    header: tuple[int, int, int, int]
    banner: tuple[int, int, int, int] | None
    panels: list[tuple[int, int, int, int]]
    lanes: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    draft: tuple[int, int, int, int] | None = None
    legend: tuple[int, int, int, int] | None = None
    tiles: list[TileBox] = field(default_factory=list)
    #: lane -> (tile width, tiles per row); each lane sizes its tiles on its fuller side
    tile_size: dict[str, tuple[int, int]] = field(default_factory=dict)
    legend_items: list = field(default_factory=list)

    def all_boxes(self) -> list[tuple[int, int, int, int]]:
        boxes = [self.header, *self.panels, *self.lanes.values()]
        boxes += [b for b in (self.banner, self.draft, self.legend) if b]
        boxes += [t.box for t in self.tiles]
        return boxes


def _lane_sides(view: dict) -> dict[str, list[list[dict]]]:
    lanes = view.get("lanes") or {}
    out = {}
    for lane in LANES:
        sides = lanes.get(lane) or [[], []]
        sides = list(sides) + [[]] * (2 - len(sides))
        out[lane] = [list(sides[0] or []), list(sides[1] or [])]
    return out


def _panel_height(view: dict) -> int:
    seats = view.get("seats") or []
    extra = any(s.get("champion") or s.get("deck") for s in seats)
    setup = view.get("stage") not in ("play", "finished") and not any(
        s.get("hand") or s.get("is_ai") for s in seats)
    return (110 if setup else 174) + (32 if extra else 0)


def _show_draft(view: dict) -> bool:
    return view.get("stage") == "draft" and bool(view.get("draft"))


def board_layout(view: dict, cards: _Cards | None = None) -> BoardLayout:
    """Every box the board image uses; the image is exactly ``width`` x ``height``."""
    cards = cards or _Cards(None, "en")
    y = MARGIN
    header = (MARGIN, y, W - MARGIN, y + HEADER_H)
    y = header[3] + 8
    banner = None
    if view.get("stage") == "finished" or view.get("result"):
        banner = (MARGIN, y, W - MARGIN, y + BANNER_H)
        y = banner[3] + 8
    ph = _panel_height(view)
    panels = [
        (MARGIN, y, MARGIN + PANEL_W, y + ph),
        (W - MARGIN - PANEL_W, y, W - MARGIN, y + ph),
    ]
    y += ph + LANE_GAP
    layout = BoardLayout(width=W, height=0, header=header, banner=banner, panels=panels)

    if _show_draft(view):
        dh = _draft_height(view, cards)
        layout.draft = (MARGIN, y, W - MARGIN, y + dh)
        y += dh + LANE_GAP
    else:
        sides = _lane_sides(view)
        for lane in LANES:
            most = max(len(side) for side in sides[lane])
            if most <= 3:
                tile_w, per_row = WIDE_TILE_W, 3
            else:
                tile_w, per_row = NARROW_TILE_W, NARROW_PER_ROW
            layout.tile_size[lane] = (tile_w, per_row)
            rows = max(-(-len(side) // per_row) for side in sides[lane])
            if rows:
                lh = 2 * LANE_PAD + rows * TILE_H + (rows - 1) * TILE_GAP
            else:
                lh = EMPTY_LANE_H
            layout.lanes[lane] = (MARGIN, y, W - MARGIN, y + lh)
            for seat in (0, 1):
                for i, _c in enumerate(sides[lane][seat]):
                    row, col = divmod(i, per_row)
                    ty = y + LANE_PAD + row * (TILE_H + TILE_GAP)
                    if seat == 0:
                        x1 = BRIDGE_X0 - SIDE_PAD - col * (tile_w + TILE_GAP)
                        x0 = x1 - tile_w
                    else:
                        x0 = BRIDGE_X1 + SIDE_PAD + col * (tile_w + TILE_GAP)
                        x1 = x0 + tile_w
                    layout.tiles.append(TileBox(lane, seat, i, (x0, ty, x1, ty + TILE_H)))
            y += lh + LANE_GAP

    items = _legend_items(view, cards)
    if items:
        lines = _flow_legend(items, W - 2 * MARGIN - 24)
        lh = 16 + len(lines) * 34
        layout.legend = (MARGIN, y, W - MARGIN, y + lh)
        layout.legend_items = lines
        y += lh + LANE_GAP
    layout.height = y - LANE_GAP + MARGIN
    return layout


# ---------------------------------------------------------------- legend


def _legend_items(view: dict, cards: _Cards) -> list[tuple]:
    """(kind, label, text) entries for the abilities and markers that appear."""
    seen: list[str] = []
    granted_example = ""
    new = champ = dash = dmg = used = stack = False
    creatures = [c for lane in LANES for side in _lane_sides(view)[lane] for c in side]
    for c in creatures:
        for a in c.get("abilities") or []:
            if a not in seen:
                seen.append(a)
        if c.get("granted") and not granted_example:
            granted_example = ability_abbr(c["granted"][0])
        new |= bool(c.get("played_this_turn"))
        champ |= bool(c.get("champion"))
        dash |= _int(c.get("dash_bonus")) > 0
        dmg |= _int(c.get("damage")) > 0
        used |= bool(c.get("protection_used")) and "PROTECTION" in (c.get("abilities") or [])
        stack |= bool(c.get("stack"))
    draft = view.get("draft") if _show_draft(view) else None
    if draft:
        for cid in draft.get("revealed") or []:
            for a in cards.info(cid)["abilities"]:
                if a not in seen:
                    seen.append(a)
    order = list(ABILITY_ABBR)
    seen.sort(key=lambda a: order.index(a) if a in order else 99)
    lang = cards.lang
    items: list[tuple] = [("ability", ability_abbr(a), ability_name(a, lang)) for a in seen]
    if granted_example:
        items.append(("granted", "+" + granted_example, "granted (Aura/custom)"))
    if used:
        items.append(("used", "PRO", "Protection used"))
    if new:
        items.append(("new", "NEW", "new this turn"))
    if dmg:
        items.append(("damage", "-2", "damage taken"))
    if dash:
        items.append(("dash", "DASH+2", "Dash bonus"))
    if champ:
        items.append(("champion", "\u2605", "champion"))
    if stack:
        items.append(("stack", "on", "Possess host"))
    return items


LEGEND_PILL = 17
LEGEND_TEXT = 19


def _legend_item_width(item) -> int:
    kind, label, text = item
    return pill_width(label, font(LEGEND_PILL), 5) + 6 + int(font(LEGEND_TEXT).getlength(safe_text(text))) + 18


def _flow_legend(items, max_w) -> list[list]:
    lines: list[list] = [[]]
    x = 0
    for it in items:
        w = _legend_item_width(it)
        if lines[-1] and x + w > max_w:
            lines.append([])
            x = 0
        lines[-1].append(it)
        x += w
    return lines


def _draw_legend(draw, box, lines) -> None:
    rounded_box(draw, box, 12, fill=PANEL)
    y = box[1] + 10
    fp, ft = font(LEGEND_PILL), font(LEGEND_TEXT)
    for line in lines:
        x = box[0] + 12
        for kind, label, text in line:
            if kind == "granted":
                b = pill(draw, x, y + 2, label, fp, GOLD, DARK_TEXT, pad_x=5, height=26)
            elif kind == "used":
                b = pill(draw, x, y + 2, label, fp, USED_PILL_FILL, TEXT, pad_x=5, height=26)
                draw.line((b[0] + 3, b[3] - 4, b[2] - 3, b[1] + 4), fill=RED, width=3)
            elif kind == "new":
                b = pill(draw, x, y + 2, label, fp, GOLD, DARK_TEXT, pad_x=5, height=26)
            elif kind == "damage":
                b = pill(draw, x, y + 2, label, fp, DAMAGE_RED, TEXT, pad_x=5, height=26)
            elif kind == "dash":
                b = pill(draw, x, y + 2, label, fp, GREEN, DARK_TEXT, pad_x=5, height=26)
            elif kind == "champion":
                b = pill(draw, x, y + 2, label, fp, GOLD, DARK_TEXT, pad_x=7, height=26)
            elif kind == "stack":
                b = pill(draw, x, y + 2, label, fp, PANEL_EDGE, TEXT, pad_x=5, height=26)
            else:
                fill = NEG_PILL_FILL if _abbr_is_negative(label) else PILL_FILL
                b = pill(draw, x, y + 2, label, fp, fill, DARK_TEXT, pad_x=5, height=26)
            draw_text(draw, (b[2] + 6, y + 15), text, ft, TEXT_SOFT, anchor="lm")
            x += _legend_item_width((kind, label, text))
        y += 34


def _abbr_is_negative(label: str) -> bool:
    return label in {ABILITY_ABBR[a] for a in NEGATIVE_ABILITIES}


# ---------------------------------------------------------------- static layers


@lru_cache(maxsize=32)
def _static_board(height: int, panels: tuple, lanes: tuple) -> Image.Image:
    """Background, lane strips and bridges: identical for every board of this shape."""
    img = Image.new("RGB", (W, height), BG)
    d = ImageDraw.Draw(img)
    for lane, (x0, y0, x1, y1) in lanes:
        rounded_box(d, (x0, y0, x1, y1), 14, fill=LANE_FILL)
        # each side tinted with its seat colour
        d.rectangle((x0 + 14, y0, BRIDGE_X0, y1), fill=seat_colour(0)["tint"])
        d.rounded_rectangle((x0, y0, x0 + 28, y1), 14, fill=seat_colour(0)["tint"])
        d.rectangle((BRIDGE_X1, y0, x1 - 14, y1), fill=seat_colour(1)["tint"])
        d.rounded_rectangle((x1 - 28, y0, x1, y1), 14, fill=seat_colour(1)["tint"])
        # the bridge: planks across the river
        d.rectangle((BRIDGE_X0, y0, BRIDGE_X1, y1), fill=BRIDGE_WOOD)
        for py in range(y0 + 52, y1 - 4, 18):
            d.line((BRIDGE_X0 + 4, py, BRIDGE_X1 - 4, py), fill=BRIDGE_DARK, width=3)
        d.line((BRIDGE_X0, y0, BRIDGE_X0, y1), fill=BRIDGE_DARK, width=5)
        d.line((BRIDGE_X1, y0, BRIDGE_X1, y1), fill=BRIDGE_DARK, width=5)
        label = LANE_LABEL[lane]
        fnt, label = fit_font(label, BRIDGE_W - 10, (20, 18, 16))
        rounded_box(d, (BRIDGE_X0 + 3, y0 + 8, BRIDGE_X1 - 3, y0 + 40), 8, fill=DARK_TEXT)
        draw_text(d, ((BRIDGE_X0 + BRIDGE_X1) / 2, y0 + 24), label, fnt, TEXT, anchor="mm")
        # arrows: who attacks which way
        cy = (y0 + 46 + y1) // 2
        ah = 14
        d.polygon([(BRIDGE_X0 + 14, cy - ah - 14), (BRIDGE_X0 + 40, cy - 14),
                   (BRIDGE_X0 + 14, cy + ah - 14)], fill=seat_colour(0)["bright"])
        d.polygon([(BRIDGE_X1 - 14, cy - ah + 16), (BRIDGE_X1 - 40, cy + 16),
                   (BRIDGE_X1 - 14, cy + ah + 16)], fill=seat_colour(1)["bright"])
    return img


# ---------------------------------------------------------------- creature tiles


def _flow_pills(draw, x0, y0, max_w, max_rows, entries, fnt, height=24, gap=3, draw_it=True):
    """entries: (label, fill, text_fill, outline, struck). Returns rows used."""
    x, y, row = x0, y0, 0
    widths = [pill_width(e[0], fnt, 3) for e in entries]
    for i, (entry, w) in enumerate(zip(entries, widths)):
        if x > x0 and x + w > x0 + max_w:
            row += 1
            x, y = x0, y + height + gap
        if row >= max_rows:
            break
        remaining = len(entries) - i
        # keep room for a "+N" pill if this is the last row and more will not fit
        if row == max_rows - 1 and remaining > 1:
            rest_w = sum(widths[i:]) + gap * (remaining - 1)
            more_w = pill_width(f"+{remaining - 1}", fnt, 3)
            if x + rest_w > x0 + max_w and x + w + gap + more_w > x0 + max_w:
                if draw_it:
                    pill(draw, x, y, f"+{remaining}", fnt, PANEL_EDGE, TEXT, pad_x=3, height=height)
                return row + 1
        label, fill, tfill, outline, struck = entry
        if draw_it:
            b = pill(draw, x, y, label, fnt, fill, tfill, outline=outline, pad_x=3, height=height)
            if struck:
                draw.line((b[0] + 2, b[3] - 3, b[2] - 2, b[1] + 3), fill=RED, width=3)
        x += w + gap
    return row + 1


def _ability_entries(abilities, granted, protection_used):
    out = []
    granted = set(granted or [])
    for a in abilities or []:
        label = ability_abbr(a)
        if a in granted:
            out.append(("+" + label, GOLD, DARK_TEXT, None, False))
        elif a == "PROTECTION" and protection_used:
            out.append((label, USED_PILL_FILL, TEXT, None, True))
        elif a in NEGATIVE_ABILITIES:
            out.append((label, NEG_PILL_FILL, DARK_TEXT, None, False))
        else:
            out.append((label, PILL_FILL, DARK_TEXT, None, False))
    return out


def _draw_heart(draw, cx, cy, r, fill):
    draw.ellipse((cx - r, cy - r * 0.9, cx, cy + r * 0.1), fill=fill)
    draw.ellipse((cx, cy - r * 0.9, cx + r, cy + r * 0.1), fill=fill)
    draw.polygon([(cx - r + 0.5, cy - r * 0.3), (cx + r - 0.5, cy - r * 0.3), (cx, cy + r)], fill=fill)


def _draw_sword(draw, cx, cy, r, fill):
    # a simple upright blade with a cross-guard
    draw.polygon([(cx, cy - r), (cx + r * 0.28, cy - r * 0.6), (cx + r * 0.28, cy + r * 0.35),
                  (cx - r * 0.28, cy + r * 0.35), (cx - r * 0.28, cy - r * 0.6)], fill=fill)
    draw.rectangle((cx - r * 0.7, cy + r * 0.35, cx + r * 0.7, cy + r * 0.55), fill=fill)
    draw.rectangle((cx - r * 0.14, cy + r * 0.55, cx + r * 0.14, cy + r), fill=fill)


def _stat(draw, cx, cy, kind, value, colour, big=32, max_w=None):
    """An icon then a big number, centred on (cx, cy); shrinks to fit ``max_w``."""
    s = str(value)
    icon, gap = 22, 3
    for size in (big, big - 2, big - 4, 28, 26):
        fnt = font(size)
        tw = fnt.getlength(s)
        if max_w is None or icon + gap + tw <= max_w:
            break
    else:
        icon = 16
    x = cx - (icon + gap + tw) / 2
    if kind == "av":
        _draw_sword(draw, x + icon / 2, cy, icon / 2, (253, 224, 71))
    else:
        _draw_heart(draw, x + icon / 2, cy, icon / 2, (248, 113, 113))
    draw.text((x + icon + gap, cy), s, font=fnt, fill=colour, anchor="lm",
              stroke_width=2, stroke_fill=DARK_TEXT)


def _draw_creature(draw, box, c: dict, cards: _Cards, side: int) -> None:
    """One creature tile; ``side`` is the seat whose side of the lane it stands on."""
    x0, y0, x1, y1 = box
    col = seat_colour(side)
    stack = c.get("stack") or None
    body = (x0, y0 + 10, x1, y1)
    if stack:
        # the host card peeks out behind the possessor
        rounded_box(draw, (x0 + 8, y0 + 2, x1, y1 - 10), 12, fill=col["tint"],
                    outline=col["light"], width=3)
        body = (x0, y0 + 12, x1 - 8, y1)
    bx0, by0, bx1, by1 = body
    bw = bx1 - bx0
    champion = bool(c.get("champion"))
    outline = GOLD if champion else col["bright"]
    rounded_box(draw, body, 12, fill=col["dark"], outline=outline, width=4 if champion else 3)

    # top badges straddling the border: position, champion, NEW
    index = c.get("_index")
    bf = font(17)
    bx = bx0 + 4
    if index is not None:
        b = pill(draw, bx, by0 - 10, str(index + 1), bf, TEXT, DARK_TEXT, pad_x=7, height=22)
        bx = b[2] + 3
    if champion:
        b = pill(draw, bx, by0 - 10, "\u2605", bf, GOLD, DARK_TEXT, pad_x=5, height=22)
        bx = b[2] + 3
    if c.get("played_this_turn"):
        nw = pill_width("NEW", bf, 6)
        pill(draw, bx1 - nw - 4, by0 - 10, "NEW", bf, GOLD, DARK_TEXT, pad_x=6, height=22)

    # name
    inner = bw - 12
    name = cards.name(c.get("card"))
    nf = font(19 if bw >= 130 else 18)
    ny = by0 + 16
    lines = wrap_text(safe_text(name), nf, bw - (14 if bw >= 130 else 8), 2)
    if len(lines) == 1:
        ny += 11
    for i, line in enumerate(lines):
        draw.text((bx0 + bw / 2, ny + i * 22), line, font=nf, fill=TEXT, anchor="ma")

    # stats: AV (sword) and remaining HP (heart)
    av, hp = _int(c.get("av")), _int(c.get("hp"))
    base_av, base_hp = _int(c.get("base_av"), av), _int(c.get("base_hp"), hp)
    dmg = max(0, _int(c.get("damage")))
    dash = max(0, _int(c.get("dash_bonus")))
    sy = by0 + 82
    av_col = GREEN if av > base_av else (ORANGE if av < base_av else TEXT)
    half = bw / 2 - 6
    _stat(draw, bx0 + bw * 0.27, sy, "av", av, av_col, big=34, max_w=half)
    hp_col = ORANGE if dmg else (GREEN if hp > base_hp else TEXT)
    _stat(draw, bx0 + bw * 0.73, sy, "hp", hp - dmg, hp_col, big=34, max_w=half)

    # status row: damage this turn, Dash bonus, the host of a Possess stack
    sf = font(17)
    row_y = by0 + 104
    entries = []
    if dmg:
        entries.append((f"-{dmg} of {hp}" if bw >= 130 else f"-{dmg}", DAMAGE_RED, TEXT, None))
    if dash:
        entries.append((f"DASH+{dash}" if bw >= 130 and not (dmg and stack) else f"\u26a1+{dash}",
                        GREEN, DARK_TEXT, None))
    if stack and len(stack) > 1:
        entries.append(("on " + cards.name(stack[-1]), col["tint"], col["light"], col["light"]))
    sfonts = [font(16) if e[3] else sf for e in entries]
    if entries:
        widths = [pill_width(e[0], f, 5) for e, f in zip(entries, sfonts)]
        total = sum(widths) + 4 * (len(entries) - 1)
        if total > inner and stack:  # the host label gives way
            widths[-1] = max(30, int(inner - (total - widths[-1])))
            total = sum(widths) + 4 * (len(entries) - 1)
        x = bx0 + max(6, (bw - total) / 2)
        for (label, fill, tf, outline), w, f in zip(entries, widths, sfonts):
            label = ellipsize(safe_text(label), f, w - 10)
            b = pill(draw, x, row_y, label, f, fill, tf, outline=outline, pad_x=5, height=24,
                     width=2)
            x = b[2] + 4

    # abilities: printed (white), granted (gold, "+"), Protection used (struck)
    ab = _ability_entries(c.get("abilities"), c.get("granted"), c.get("protection_used"))
    if ab:
        _flow_pills(draw, bx0 + 5, by1 - 6 - 2 * 24 - 3, bw - 10, 2, ab, font(16))


# ---------------------------------------------------------------- panels


def _hand_strip(draw, x0, y0, max_w, seat: dict, col: dict, card_h=52) -> None:
    """The public hand: backs for every non-fort card, the fort card highlighted."""
    hand = seat.get("hand") or []
    n = len(hand)
    if n == 0:
        return
    gap = 5
    fort_extra = 14
    cw = min(36, int((max_w - fort_extra - gap * (n - 1)) / n))
    cw = max(cw, 8)
    if cw < 14:
        gap = 2
        cw = max(6, int((max_w - fort_extra - gap * (n - 1)) / n))
    x = x0
    fort_x1 = None
    boxes = []
    for i, item in enumerate(hand):
        is_fort = isinstance(item, dict) and item.get("fort")
        w = cw + fort_extra if is_fort else cw
        box = (x, y0, x + w, y0 + card_h)
        boxes.append(box)
        if is_fort:
            side = item.get("side") or seat.get("fort_side") or "bastion"
            fill = BASTION_FILL if side == "bastion" else FORT_FILL
            rounded_box(draw, (box[0] - 2, box[1] - 3, box[2] + 2, box[3] + 3), 7, fill=TEXT)
            rounded_box(draw, box, 6, fill=fill)
            letter = "B" if side == "bastion" else "F"
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), letter,
                      font=font(26), fill=DARK_TEXT, anchor="mm")
            fort_x1 = box[2]
        else:
            rounded_box(draw, box, 5, fill=col["dark"], outline=col["bright"], width=2)
            if cw >= 16:
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                r = min(cw, card_h) * 0.22
                draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)],
                             fill=col["bright"])
        x = box[2] + gap
    # health: the cards right of the fort
    if fort_x1 is not None and boxes and fort_x1 < boxes[-1][2]:
        draw.rectangle((fort_x1 + gap, y0 + card_h + 5, boxes[-1][2], y0 + card_h + 9), fill=RED)


def _stat_box(draw, x, y, big: str, small: str, big_col=TEXT, small_col=TEXT_SOFT,
              icon=None, h=42) -> int:
    """[icon BIG small] in a dark rounded box; returns the right edge."""
    fb, fs = font(28), font(18)
    w = 12 + (24 if icon else 0) + fb.getlength(big) + (6 + fs.getlength(small) if small else 0) + 12
    rounded_box(draw, (x, y, x + w, y + h), 10, fill=DARK_TEXT)
    cx = x + 12
    cy = y + h / 2
    if icon == "heart":
        _draw_heart(draw, cx + 10, cy, 10, (248, 113, 113))
        cx += 24
    elif icon == "mana":
        draw.polygon([(cx + 10, cy - 11), (cx + 20, cy), (cx + 10, cy + 11), (cx, cy)], fill=MANA)
        cx += 24
    elif icon == "cards":
        draw.rounded_rectangle((cx + 2, cy - 11, cx + 16, cy + 9), 3, outline=TEXT, width=2)
        draw.rounded_rectangle((cx + 6, cy - 8, cx + 20, cy + 12), 3, fill=DARK_TEXT, outline=TEXT, width=2)
        cx += 24
    draw.text((cx, cy), big, font=fb, fill=big_col, anchor="lm")
    cx += fb.getlength(big)
    if small:
        draw.text((cx + 6, cy + 2), small, font=fs, fill=small_col, anchor="lm")
    return int(x + w)


def _side_label(side: str) -> tuple[str, tuple]:
    return ("BASTION", GOLD) if side != "fort" else ("FORT (last)", ORANGE)


def _champion_text(ch: dict | None, cards: _Cards) -> str:
    if not ch:
        return ""
    state = ch.get("state")
    if state == "hidden" or not ch.get("card"):
        return "\u2605 Champion chosen (hidden)"
    name = cards.name(ch.get("card"))
    if state == "ready":
        cost = ch.get("cost_now")
        return f"\u2605 ready" + (f" (cost {cost})" if cost is not None else "") + f": {name}"
    if state == "exhausted":
        return f"\u2605 exhausted: {name}"
    if state == "in_play":
        return f"\u2605 in play: {name}"
    return f"\u2605 {name}"


def _draw_panel(draw, box, view: dict, seat_idx: int, name: str, cards: _Cards) -> None:
    seats = view.get("seats") or []
    seat = seats[seat_idx] if seat_idx < len(seats) else {}
    col = seat_colour(seat_idx)
    x0, y0, x1, y1 = box
    turn_player = _int(view.get("turn_player"), -1)
    active = view.get("stage") == "play" and turn_player == seat_idx
    rounded_box(draw, box, 14, fill=PANEL, outline=col["bright"], width=5 if active else 2)
    # colour chip + name
    draw.rounded_rectangle((x0 + 12, y0 + 14, x0 + 30, y0 + 40), 5, fill=col["bright"])
    right = x1 - 12
    if active:
        tf = font(18)
        tw = pill_width("TO PLAY", tf, 8)
        pill(draw, right - tw, y0 + 13, "TO PLAY", tf, col["bright"], TEXT, pad_x=8, height=28)
        right -= tw + 8
    if seat.get("is_ai") and name != "AI":
        tf = font(18)
        tw = pill_width("AI", tf, 8)
        pill(draw, right - tw, y0 + 13, "AI", tf, TEXT, DARK_TEXT, pad_x=8, height=28)
        right -= tw + 8
    nf, nm = fit_font(name, right - (x0 + 40), (28, 26, 24, 22))
    draw.text((x0 + 40, y0 + 27), nm, font=nf, fill=col["light"], anchor="lm")

    y = y0 + 54
    hand = seat.get("hand") or []
    if seat.get("is_ai"):
        _draw_ai_panel(draw, x0, y, x1, seat, cards)
    elif view.get("stage") in ("play", "finished") or hand:
        side = seat.get("fort_side") or "bastion"
        label, lcol = _side_label(side)
        x = _stat_box(draw, x0 + 12, y, str(_int(seat.get("health"))), label, TEXT, lcol, icon="heart")
        mana = _int(seat.get("mana"))
        x = _stat_box(draw, x + 8, y, str(mana), "mana", MANA if mana else TEXT_SOFT, icon="mana")
        hs = _int(seat.get("hand_size"), len(hand))
        _stat_box(draw, x + 8, y, str(hs), "card" if hs == 1 else "cards", icon="cards")
        if hand:
            _hand_strip(draw, x0 + 14, y + 56, x1 - x0 - 28, seat, col)
    else:
        # setup stages: no hand yet
        draft = view.get("draft") or {}
        picked = draft.get("picked") or []
        mine = picked[seat_idx] if seat_idx < len(picked) else []
        if view.get("stage") == "draft" or draft:
            big, small = str(len(mine)), "of 8 cards picked"
        else:
            big, small = "", STAGE_LABEL.get(view.get("stage"), "") or "Waiting"
        if big:
            _stat_box(draw, x0 + 12, y, big, small, TEXT, TEXT_SOFT, icon="cards")
        else:
            draw_text(draw, (x0 + 14, y + 21), small, font(22), TEXT_SOFT, anchor="lm",
                      max_width=x1 - x0 - 28)
    extras = []
    if seat.get("deck"):
        extras.append("Deck: " + prettify_id(seat.get("deck")))
    ch = _champion_text(seat.get("champion"), cards)
    if ch:
        extras.append(ch)
    if extras:
        draw_text(draw, (x0 + 14, y1 - 20), "  \u00b7  ".join(extras), font(19), TEXT,
                  anchor="lm", max_width=x1 - x0 - 28)


def _draw_ai_panel(draw, x0, y, x1, seat: dict, cards: _Cards) -> None:
    side = seat.get("fort_side") or "bastion"
    label, lcol = _side_label(side)
    deck = _int(seat.get("ai_deck_size"))
    x = _stat_box(draw, x0 + 12, y, str(deck), "deck  " + label, TEXT, lcol, icon="cards")
    discard = list(seat.get("ai_discard") or [])
    _stat_box(draw, x + 8, y, str(len(discard)), "discard")
    # the top of the discard pile (last entry = most recent), face up, top first
    fy = y + 56
    lf = font(18)
    lead = "Discard, top first:" if discard else "Discard pile empty"
    draw.text((x0 + 14, fy + 14), lead, font=lf, fill=TEXT_SOFT, anchor="lm")
    if not discard:
        return
    x = x0 + 14 + lf.getlength(lead) + 8
    row_y, rows = fy, 1
    right = x1 - 14
    max_rows = 1 if (seat.get("deck") or seat.get("champion")) else 2
    for cid in reversed(discard[-4:]):
        nm = safe_text(cards.name(cid))
        w = pill_width(nm, lf, 8)
        if x + w > right and x > x0 + 14 + 1:
            if rows == max_rows:
                break
            rows += 1
            row_y += 34
            x = x0 + 14
        w = min(w, right - x)
        b = pill(draw, x, row_y, ellipsize(nm, lf, w - 16), lf, PILL_FILL, DARK_TEXT,
                 pad_x=8, height=28)
        x = b[2] + 6


# ---------------------------------------------------------------- header and banner


def _draw_header(draw, box, view: dict, names: list[str]) -> None:
    x0, y0, x1, y1 = box
    rounded_box(draw, box, 14, fill=PANEL)
    cy = (y0 + y1) / 2
    stage = view.get("stage")
    x = x0 + 12
    tf = font(24)
    turn = view.get("turn")
    if turn:
        b = pill(draw, x, cy - 18, f"Turn {turn}", tf, TEXT, DARK_TEXT, pad_x=10, height=36)
        x = b[2] + 12
    # right side: mode / format
    mode = view.get("mode")
    bits = ["Solo" if mode == "solo" else "Duel"]
    if view.get("format") in FORMAT_LABEL:
        bits.append(FORMAT_LABEL[view["format"]])
    solo = view.get("solo") or {}
    if mode == "solo" and solo:
        lvl = _int(solo.get("difficulty"))
        bits.append(f"level {lvl}" if lvl else "quick")
    rf = font(20)
    rtxt = " \u00b7 ".join(bits)
    rw = rf.getlength(rtxt)
    draw_text(draw, (x1 - 14, cy), rtxt, rf, TEXT_SOFT, anchor="rm")
    avail = x1 - 14 - rw - 16 - x
    if stage == "play":
        tp = _int(view.get("turn_player"), 0)
        col = seat_colour(tp)
        who = names[tp] if tp < len(names) else f"Player {tp + 1}"
        phase = PHASE_LABEL.get(view.get("phase"), "")
        suffix = f"  \u00b7  {phase}" if phase else ""
        wf = font(26)
        who_w = min(wf.getlength(who), max(60, avail - wf.getlength(" to play" + suffix)))
        who_s = ellipsize(who, wf, who_w)
        draw.text((x, cy), who_s, font=wf, fill=col["light"], anchor="lm")
        x += wf.getlength(who_s)
        draw_text(draw, (x, cy), " to play" + suffix, wf, TEXT, anchor="lm",
                  max_width=x1 - 14 - rw - 16 - x)
    else:
        label = STAGE_LABEL.get(stage, safe_text(stage or ""))
        draw_text(draw, (x, cy), label or "Clash of Decks", font(26), TEXT, anchor="lm",
                  max_width=avail)


def _draw_banner(draw, box, view: dict, names: list[str]) -> None:
    x0, y0, x1, y1 = box
    result = view.get("result") or {}
    winners = [w for w in (result.get("winners") or []) if isinstance(w, int)]
    n_seats = max(2, len(view.get("seats") or []))
    if winners:
        w = winners[0]
        fill = seat_colour(w)["bright"]
        title = f"\u2605 {names[w] if w < len(names) else f'Player {w + 1}'} wins! \u2605"
        losers = [s for s in range(n_seats) if s not in winners]
        loser = names[losers[0]] if losers and losers[0] < len(names) else "The opponent"
        reason = REASON_LABEL.get(result.get("reason"), "")
        sub = reason.format(loser=loser) if reason else ""
    else:
        fill = PANEL_EDGE
        title = "Game over"
        sub = ""
    rounded_box(draw, (x0, y0, x1, y1), 16, fill=GOLD)
    rounded_box(draw, (x0 + 6, y0 + 6, x1 - 6, y1 - 6), 12, fill=fill)
    tf, title = fit_font(title, (x1 - x0) * (0.62 if sub else 0.95), (38, 34, 30, 26))
    if sub:
        draw.text((x0 + 24, (y0 + y1) / 2), title, font=tf, fill=TEXT, anchor="lm",
                  stroke_width=2, stroke_fill=DARK_TEXT)
        tx = x0 + 24 + tf.getlength(title) + 20
        draw_text(draw, (x1 - 24, (y0 + y1) / 2), sub, font(22), TEXT, anchor="rm",
                  max_width=x1 - 24 - tx)
    else:
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), title, font=tf, fill=TEXT, anchor="mm",
                  stroke_width=2, stroke_fill=DARK_TEXT)


# ---------------------------------------------------------------- card faces (hand, draft)


def _draw_card_face(draw, box, info: dict, *, playable=False, border=None, pos=None,
                    champion=False, cost_override=None) -> None:
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
    # name
    nf = font(18)
    lines = wrap_text(safe_text(info.get("name", "?")), nf, w - 14, 2)
    ny = y0 + 54
    for i, line in enumerate(lines):
        draw.text(((x0 + x1) / 2, ny + i * 22), line, font=nf, fill=TEXT, anchor="ma")
    # type tag
    ty = ny + 48
    if champion:
        pill(draw, x0 + (w - pill_width("CHAMPION", font(15), 5)) / 2, ty, "CHAMPION",
             font(15), GOLD, DARK_TEXT, pad_x=5, height=22)
    elif info.get("type") == "spell":
        pill(draw, x0 + (w - pill_width("SPELL", font(16), 6)) / 2, ty, "SPELL",
             font(16), (192, 132, 252), DARK_TEXT, pad_x=6, height=22)
    # stats
    if info.get("type") != "spell" and (info.get("av") is not None or info.get("hp") is not None):
        sy = y1 - 6 - 2 * 24 - 4 - 28
        if info.get("av") is not None:
            _stat(draw, x0 + w * 0.27, sy, "av", info["av"], TEXT, big=28)
        if info.get("hp") is not None:
            _stat(draw, x0 + w * 0.73, sy, "hp", info["hp"], TEXT, big=28)
    ab = _ability_entries(info.get("abilities"), [], False)
    if ab:
        _flow_pills(draw, x0 + 6, y1 - 6 - 2 * 24 - 4, w - 12, 2, ab, font(16))


def _draw_fort_card(draw, box, side: str, health: int) -> None:
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
    label = "BASTION" if side != "fort" else "FORT"
    lf, label = fit_font(label, x1 - x0 - 8, (18, 16, 14))
    draw.text((cx, ty + 66), label, font=lf, fill=DARK_TEXT, anchor="mm")
    draw.text((cx, y1 - 46), str(health), font=font(34), fill=DARK_TEXT, anchor="mm")
    draw.text((cx, y1 - 20), "health", font=font(16), fill=DARK_TEXT, anchor="mm")


# ---------------------------------------------------------------- draft area

DRAFT_CARD_W = 190
DRAFT_CARD_H = 230


def _draft_height(view: dict, cards: _Cards) -> int:
    d = view.get("draft") or {}
    picked = d.get("picked") or [[], []]
    rows = max([_pick_rows(p, cards) for p in picked] + [1])
    return 60 + DRAFT_CARD_H + 20 + 40 + rows * 36 + 12


def _pick_rows(picks, cards: _Cards) -> int:
    return len(_flow_names(picks or [], cards, PANEL_W - 28))


def _flow_names(ids, cards: _Cards, max_w):
    fnt = font(18)
    rows: list[list[tuple[str, int]]] = [[]]
    x = 0
    for cid in ids:
        nm = safe_text(cards.name(cid))
        w = min(pill_width(nm, fnt, 8), max_w)
        if rows[-1] and x + w > max_w:
            rows.append([])
            x = 0
        rows[-1].append((ellipsize(nm, fnt, w - 16), w))
        x += w + 6
    return rows if rows[0] else []


def _draw_draft(draw, box, view: dict, names: list[str], cards: _Cards) -> None:
    x0, y0, x1, y1 = box
    d = view.get("draft") or {}
    rounded_box(draw, box, 14, fill=LANE_FILL)
    picker = _int(d.get("picker"), 0)
    col = seat_colour(picker)
    left = _int(d.get("picks_left"))
    rnd = d.get("round")
    title = f"Draft round {rnd}" if rnd else "Draft"
    tf = font(24)
    draw.text((x0 + 16, y0 + 28), title, font=tf, fill=TEXT, anchor="lm")
    x = x0 + 16 + tf.getlength(title) + 20
    who = names[picker] if picker < len(names) else f"Player {picker + 1}"
    tail = f" picks {left}" if left else " to pick"
    wf = font(28)
    pile = d.get("pile_size")
    ptxt = f"pile {pile}" if pile is not None else ""
    pw = font(20).getlength(ptxt)
    who_s = ellipsize(who, wf, max(60, x1 - 16 - pw - 20 - x - wf.getlength(tail)))
    rounded_box(draw, (x - 8, y0 + 8, x + wf.getlength(who_s + tail) + 8, y0 + 48), 10,
                fill=col["dark"], outline=col["bright"], width=3)
    draw.text((x, y0 + 28), who_s, font=wf, fill=col["light"], anchor="lm")
    draw.text((x + wf.getlength(who_s), y0 + 28), tail, font=wf, fill=TEXT, anchor="lm")
    if ptxt:
        draw_text(draw, (x1 - 16, y0 + 28), ptxt, font(20), TEXT_SOFT, anchor="rm")
    revealed = list(d.get("revealed") or [])
    n = len(revealed)
    cy = y0 + 60
    if n:
        cw = min(DRAFT_CARD_W, int((x1 - x0 - 32 - 12 * (n - 1)) / n))
        total = n * cw + 12 * (n - 1)
        cx = x0 + (x1 - x0 - total) / 2
        for cid in revealed:
            _draw_card_face(draw, (int(cx), cy, int(cx) + cw, cy + DRAFT_CARD_H),
                            cards.info(cid), border=col["bright"])
            cx += cw + 12
    else:
        draw_text(draw, ((x0 + x1) / 2, cy + DRAFT_CARD_H / 2), "No cards revealed",
                  font(22), TEXT_SOFT, anchor="mm")
    # picks, public (rules: Information)
    py = cy + DRAFT_CARD_H + 20
    picked = d.get("picked") or [[], []]
    for s in (0, 1):
        scol = seat_colour(s)
        px0 = x0 + 14 if s == 0 else x1 - 14 - (PANEL_W - 28)
        ids = picked[s] if s < len(picked) else []
        nm = names[s] if s < len(names) else f"Player {s + 1}"
        hdr = f"picked {len(ids)}"
        hf = font(20)
        draw_text(draw, (px0, py + 14), ellipsize(nm, hf, PANEL_W - 200), hf, scol["light"], anchor="lm")
        draw_text(draw, (px0 + min(hf.getlength(nm), PANEL_W - 200) + 10, py + 14), hdr, hf,
                  TEXT_SOFT, anchor="lm")
        ry = py + 40
        for row in _flow_names(ids, cards, PANEL_W - 28):
            x = px0
            for label, w in row:
                pill(draw, x, ry, label, font(18), scol["dark"], TEXT, outline=scol["bright"],
                     pad_x=8, height=30)
                x += w + 6
            ry += 36


# ---------------------------------------------------------------- public API


def render_board(
    view: dict,
    *,
    seat_names: list[str],
    card_lookup: CardLookup | None = None,
    lang: str = "en",
) -> bytes:
    """The public board as PNG bytes.

    Hand cards other than the fort card are always drawn as backs, even if ``view`` is a
    seat's private view, so the channel image can never leak a hand.
    """
    img = _board_image(view, seat_names=seat_names, card_lookup=card_lookup, lang=lang)
    return to_png(img)


def _board_image(view, *, seat_names, card_lookup=None, lang="en") -> Image.Image:
    cards = _Cards(card_lookup, lang)
    seats = view.get("seats") or []
    names = [_seat_name(seat_names, i, bool(s.get("is_ai"))) for i, s in enumerate(seats)]
    while len(names) < 2:
        names.append(_seat_name(seat_names, len(names)))
    layout = board_layout(view, cards)
    base = _static_board(
        layout.height,
        tuple(layout.panels),
        tuple(sorted(layout.lanes.items())),
    )
    img = base.copy()
    draw = ImageDraw.Draw(img)
    _draw_header(draw, layout.header, view, names)
    if layout.banner:
        _draw_banner(draw, layout.banner, view, names)
    for s, box in enumerate(layout.panels):
        _draw_panel(draw, box, view, s, names[s], cards)
    if layout.draft:
        _draw_draft(draw, layout.draft, view, names, cards)
    else:
        sides = _lane_sides(view)
        for lane in LANES:
            lx0, ly0, lx1, ly1 = layout.lanes[lane]
            for seat in (0, 1):
                if not sides[lane][seat]:
                    cx = (lx0 + BRIDGE_X0) / 2 if seat == 0 else (BRIDGE_X1 + lx1) / 2
                    draw_text(draw, (cx, (ly0 + ly1) / 2), "empty", font(20),
                              seat_colour(seat)["light"], anchor="mm")
        for t in layout.tiles:
            c = dict(sides[t.lane][t.seat][t.index])
            c["_index"] = t.index
            _draw_creature(draw, t.box, c, cards, t.seat)
    if layout.legend:
        _draw_legend(draw, layout.legend, layout.legend_items)
    return img


# ---------------------------------------------------------------- private hand

HAND_CARD_W = 112
HAND_FORT_W = 84
HAND_CARD_H = 214
HAND_GAP = 8
HAND_TOP = 74  # header height incl. margin
HAND_BAR = 30  # room for the play-window bar above the cards
HAND_HEALTH_BAR = 40


def hand_layout(view: dict, seat: int, cards: _Cards | None = None) -> dict:
    """Boxes of the private hand image: ``width``, ``height``, ``boxes`` (one
    ``(kind, item, box)`` per hand item left to right, plus a ready champion), and the
    ability ``legend`` box and lines (or None)."""
    cards = cards or _Cards(None, "en")
    seats = view.get("seats") or []
    s = seats[seat] if 0 <= seat < len(seats) else {}
    hand = [h for h in (s.get("hand") or []) if isinstance(h, dict)]
    items = [("fort" if h.get("fort") else "card", h) for h in hand]
    ch = s.get("champion")
    if isinstance(ch, dict) and ch.get("card") and ch.get("state") == "ready":
        items.append(("champion", ch))
    avail = W - 2 * MARGIN
    rows: list[list] = [[]]
    x = 0
    for kind, item in items:
        w = HAND_FORT_W if kind == "fort" else HAND_CARD_W
        extra = 16 if kind == "champion" and rows[-1] else 0
        if rows[-1] and x + extra + w > avail:
            rows.append([])
            x, extra = 0, 0
        rows[-1].append((kind, item, x + extra, w))
        x += extra + w + HAND_GAP
    boxes = []
    y = MARGIN + HAND_TOP
    for row in rows:
        if not row:
            continue
        row_w = row[-1][2] + row[-1][3]
        x0 = (W - row_w) // 2
        y += HAND_BAR
        for kind, item, rx, w in row:
            boxes.append((kind, item, (x0 + rx, y, x0 + rx + w, y + HAND_CARD_H)))
        y += HAND_CARD_H + HAND_HEALTH_BAR
    if not boxes:
        y += 80
    # legend of the abilities on the visible cards
    seen: list[str] = []
    for kind, item, _box in boxes:
        cid = item.get("card")
        if cid and not item.get("hidden"):
            for a in cards.info(cid)["abilities"]:
                if a not in seen:
                    seen.append(a)
    order = list(ABILITY_ABBR)
    seen.sort(key=lambda a: order.index(a) if a in order else 99)
    legend = lines = None
    if seen:
        lines = _flow_legend(
            [("ability", ability_abbr(a), ability_name(a, cards.lang)) for a in seen],
            W - 2 * MARGIN - 24)
        legend = (MARGIN, y, W - MARGIN, y + 16 + 34 * len(lines))
        y = legend[3] + LANE_GAP
    return {"width": W, "height": y + MARGIN - (LANE_GAP if legend else 0),
            "boxes": boxes, "legend": legend, "legend_lines": lines}


def render_hand(
    view: dict,
    seat: int,
    *,
    card_lookup: CardLookup | None = None,
    lang: str = "en",
) -> bytes:
    """The owner's private hand strip (for DMs only), as PNG bytes."""
    return to_png(_hand_image(view, seat, card_lookup=card_lookup, lang=lang))


def _hand_image(view: dict, seat: int, *, card_lookup=None, lang="en") -> Image.Image:
    cards = _Cards(card_lookup, lang)
    seats = view.get("seats") or []
    s = seats[seat] if 0 <= seat < len(seats) else {}
    col = seat_colour(seat)
    lay = hand_layout(view, seat, cards)
    img = Image.new("RGB", (lay["width"], lay["height"]), BG)
    draw = ImageDraw.Draw(img)

    # header: whose hand, health, mana, turn status
    hb = (MARGIN, MARGIN, W - MARGIN, MARGIN + HAND_TOP - 12)
    rounded_box(draw, hb, 14, fill=PANEL, outline=col["bright"], width=3)
    cy = (hb[1] + hb[3]) / 2
    draw.rounded_rectangle((hb[0] + 12, cy - 13, hb[0] + 30, cy + 13), 5, fill=col["bright"])
    x = hb[0] + 42
    tf = font(26)
    draw.text((x, cy), "Your hand", font=tf, fill=col["light"], anchor="lm")
    x += tf.getlength("Your hand") + 16
    side = s.get("fort_side") or "bastion"
    label, lcol = _side_label(side)
    x = _stat_box(draw, x, cy - 21, str(_int(s.get("health"))), label, TEXT, lcol, icon="heart")
    mana = _int(s.get("mana"))
    x = _stat_box(draw, x + 8, cy - 21, str(mana), "mana", MANA if mana else TEXT_SOFT, icon="mana")
    stage = view.get("stage")
    if stage == "play":
        tp = _int(view.get("turn_player"), -1)
        if tp == seat:
            msg = "Your turn"
            phase = PHASE_LABEL.get(view.get("phase"))
            if phase:
                msg += ": " + phase
            mcol = GREEN
        else:
            msg, mcol = "Opponent's turn", TEXT_SOFT
    else:
        msg, mcol = STAGE_LABEL.get(stage, "") or "", TEXT_SOFT
    if view.get("turn"):
        msg = f"Turn {view['turn']} \u00b7 {msg}" if msg else f"Turn {view['turn']}"
    draw_text(draw, (hb[2] - 14, cy), msg, font(22), mcol, anchor="rm", max_width=hb[2] - 14 - x - 12)

    if not lay["boxes"]:
        draw_text(draw, (W / 2, MARGIN + HAND_TOP + 40), "No cards in hand", font(24),
                  TEXT_SOFT, anchor="mm")
        return img

    # play window: the leftmost four non-fort cards (CD-PLAY-2a)
    window: set[int] = set()
    for i, (kind, item, _b) in enumerate(lay["boxes"]):
        if kind == "card" and len(window) < 4:
            window.add(i)
    fort_i = next((i for i, b in enumerate(lay["boxes"]) if b[0] == "fort"), None)
    health = _int(s.get("health"))
    pos = 0
    for i, (kind, item, box) in enumerate(lay["boxes"]):
        x0, y0, x1, y1 = box
        if kind == "fort":
            pos += 1
            _draw_fort_card(draw, box, item.get("side") or side, health)
        elif kind == "champion":
            info = cards.info(item.get("card"))
            _draw_card_face(draw, box, info, champion=True, cost_override=item.get("cost_now"))
        else:
            pos += 1
            if item.get("hidden") or not item.get("card"):
                rounded_box(draw, box, 12, fill=col["dark"], outline=col["bright"], width=3)
                draw.text(((x0 + x1) / 2, (y0 + y1) / 2), "?", font=font(40), fill=col["light"], anchor="mm")
            else:
                _draw_card_face(draw, box, cards.info(item["card"]),
                                playable=bool(item.get("playable")), pos=pos)
        if i in window:
            draw.rectangle((x0, y0 - 12, x1 + (HAND_GAP if i + 1 in window and
                            lay["boxes"][i + 1][2][1] == y0 else 0), y0 - 7), fill=MANA)
        if fort_i is not None and i > fort_i and kind == "card":
            draw.rectangle((x0, y1 + 7, x1 + (HAND_GAP if i + 1 < len(lay["boxes"]) and
                            lay["boxes"][i + 1][0] == "card" and lay["boxes"][i + 1][2][1] == y0 else 0),
                            y1 + 12), fill=RED)
    # labels for the bars
    if window:
        first = lay["boxes"][min(window)][2]
        label = "can play from these 4" if len(window) == 4 else f"can play from these {len(window)}"
        draw_text(draw, (first[0], first[1] - 17), label, font(18), MANA, anchor="ls")
    if fort_i is not None and fort_i + 1 < len(lay["boxes"]) and lay["boxes"][fort_i + 1][0] == "card":
        last = [b for b in lay["boxes"] if b[0] == "card"][-1][2]
        label = f"{health} card{'s' if health != 1 else ''} right of the fort = health"
        draw_text(draw, (last[2], last[3] + 32), label, font(18), (252, 165, 165), anchor="rs")
    if lay["legend"]:
        _draw_legend(draw, lay["legend"], lay["legend_lines"])
    return img


def board_png(view: dict, seat_names: list[str], lang: str = "en") -> bytes:
    """``render_board`` with the game's own card content: a picklable job for worker processes."""
    from engine.clash.cards import CARDS
    return render_board(view, seat_names=seat_names, card_lookup=CARDS.get, lang=lang)


def hand_png(view: dict, seat: int, lang: str = "en") -> bytes:
    """``render_hand`` with the game's own card content (a worker-process job)."""
    from engine.clash.cards import CARDS
    return render_hand(view, seat, card_lookup=CARDS.get, lang=lang)
