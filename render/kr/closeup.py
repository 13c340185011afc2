"""The close-up of one tray's card, in the card's own frame (row 0 at the top, the purple
dashed line, KR-SPN-4): enemies with their names (a large enemy as one 2x2 box), resistance
and deadly badges, icons lit or greyed when covered (KR-ICN-1), uncoverable areas (flying,
ghost, pioneer strip with its icons, the portal centre with its level), the damage tiles
(in their damage colour, KR-TWR-9, letting the enemy beneath show through), soldiers and
hero bases. With ``options`` (placements as lists of card squares) a numbered miniature of
the card per option, the option's squares outlined, so a player can pick "option 3". An option
may also be ``{"cells": [...], "number": n, "suggested": bool}``: drawn with that number (a
later page of a menu goes on counting) and, when suggested, framed in gold with a star."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.kr.hordegrid import Enemy, hero_cells
from render import legibility

from . import names as N
from .card import CardInfo, card_fill, card_info, hero_colours, hero_discs, square_fill
from .panels import PAD, Flow, X0, X1
from .style import (BG, BODY, COORD, CRYSTAL, DAMAGE_COLOURS, DEADLY, DEFENCE_COLOURS, ESS, GOLD, ICON_COLOURS,
                    LABEL, MARGIN, MAX_H, OPTION_COLOURS, PANEL, PANEL_EDGE, PORTAL_EDGE, PURPLE_LINE, SMALL, SOLDIER,
                    TEXT, TEXT_SOFT, TITLE, UNCOVERABLE, UNCOVERABLE_DARK, W, Colour, crystal, dashed_line, fit_size,
                    ink_on, put, text_w)

MAX_SQ = 128
MINI_SQ = 20
OPTIONS_W = 520       # the options' column, right of the card, when there are options
NUMBER_R = 18         # an option number's disc (its radius) and type size
NUMBER_SIZE = 28
MINI_TOP = 2 * NUMBER_R + 12   # room above a miniature for its number
ICON_GLYPH = {"heal": "+", "swift": "\u00bb", "target": "\u25ce"}


def _option(option: object, k: int) -> tuple[list[tuple[int, int]], int, bool]:
    """(cells, number, suggested) of the ``k``-th option (see the module docstring)."""
    if isinstance(option, dict):
        number = option.get("number")
        return (_cells(option.get("cells")), number if isinstance(number, int) else k + 1,
                bool(option.get("suggested")))
    return _cells(option), k + 1, False


def _cells(option: object) -> list[tuple[int, int]]:
    out = []
    for x in option if isinstance(option, (list, tuple)) else ():
        try:
            out.append((int(x[0]), int(x[1])))
        except (TypeError, ValueError, IndexError):
            continue
    return out


def _title(d: ImageDraw.ImageDraw | None, y: float, view: dict, tid: str, info: CardInfo, lang: str) -> float:
    t = view["trays"][tid]
    spec = N.card(info.card)
    top = y
    if d is not None:
        d.rounded_rectangle((X0, top, X1, _title(None, top, view, tid, info, lang)), radius=10, fill=PANEL,
                            outline=PORTAL_EDGE if info.kind == "portal" else PANEL_EDGE, width=2)
    name = N.horde_name(info.card, lang)
    f = Flow(d, X0 + PAD, X1 - PAD, y + PAD - 2, 38)
    with legibility.essential():
        f.word(f"{tid} \u00b7 {name}", TITLE, GOLD, 20)
        f.word(N.label("at_cell", lang, cell=t.get("cell", "?")), BODY)
        if info.kind == "portal":
            f.word(N.label("portal_level", lang, n=info.portal_level), BODY, (236, 150, 255))
    f.newline()
    f.word(N.label("top_edge", lang, dir=N.label(f"dir.{t.get('facing', 'N')}", lang)), SMALL, PURPLE_LINE)
    if t.get("layer", 0):
        f.word(N.label("stacked", lang), SMALL, (120, 220, 255))
    crys = str(spec.get("crystals", 0))

    def draw_crystals(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        _crystal(d, x + 8, cy)
        put(d, (x + 22, cy), crys, BODY, CRYSTAL, "lm")
    f.piece(22 + text_w(crys, BODY), draw_crystals)
    if spec.get("ghost_icon"):
        f.word(N.label("ghost_icon", lang), SMALL, (200, 200, 255))
    if spec.get("pioneer_icons"):
        icons = " \u2192 ".join(N.label(f"pioneer.{i}", lang) for i in spec["pioneer_icons"])
        f.word(N.label("pioneer_icons", lang, icons=icons), SMALL, TEXT_SOFT)
    return f.end() + PAD


def _crystal(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    crystal(d, cx, cy, 10)


def _enemy_box(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], e: Enemy) -> None:
    x0, y0, x1, y1 = box
    fill = _enemy_fill(e)
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), radius=10, fill=fill, outline=(120, 20, 20), width=3)


def _enemy_fill(e: Enemy) -> Colour:
    return DEADLY if e.defence == "deadly" else (214, 96, 96) if e.large else (232, 128, 116)


def _enemy_text(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], e: Enemy, lang: str,
                covered: bool) -> None:
    """The enemy's name and defence badge (outlined when a tile or base lies over it)."""
    x0, y0, x1, y1 = box
    fill = _enemy_fill(e)
    ink, stroke = (ink_on(fill), 0) if not covered else (TEXT, 3)
    name = N.enemy_name(e.kind, lang)
    size = BODY if e.large else ESS
    words = name.split() if not N.zh(lang) else [name]
    lines: list[str] = []
    for w in words:
        if lines and text_w(lines[-1] + " " + w, size) <= x1 - x0 - 14:
            lines[-1] += " " + w
        else:
            lines.append(w)
    lines = lines[:3]
    cy = (y0 + y1) / 2 - (len(lines) - 1) * size * 0.6 + (14 if e.defence else 0)   # under the badge
    for i, line in enumerate(lines):
        s = fit_size(line, size, x1 - x0 - 12, ESS)
        put(d, ((x0 + x1) / 2, cy + i * size * 1.2), line, s, ink, stroke=stroke, stroke_fill=(20, 20, 30),
            essential=True)
    if e.defence:
        word = N.label(f"defence_short.{e.defence}", lang)
        s = ESS
        bw = text_w(word, s) + 10
        col = DEFENCE_COLOURS[e.defence]
        bx1, by0 = x1 - 8, y0 + 8
        d.rounded_rectangle((bx1 - bw, by0, bx1, by0 + s + 8), radius=6, fill=col,
                            outline=(230, 60, 60) if e.defence == "deadly" else (20, 20, 30), width=2)
        put(d, (bx1 - bw / 2, by0 + (s + 8) / 2), word, s, ink_on(col), essential=True)


def closeup_image(view: dict, tid: str, lang: str, options: list | None) -> Image.Image:
    """The title across the top; the card with its squares named (letters on top, numbers on
    the left, as moves name them: ``b2``) on the left; the numbered options in a column on the
    right. Landscape, W wide and at most MAX_H tall."""
    t = view["trays"][tid]
    info = card_info(t)
    hcol = hero_colours(view)
    opts = [_option(o, k) for k, o in enumerate(options or [])]
    y_grid = _title(None, MARGIN, view, tid, info, lang) + 24 + LABEL
    right = W - MARGIN - (OPTIONS_W + 10 if opts else 0)
    left = MARGIN + LABEL + 16
    sq = int(min(MAX_SQ, (right - left - 10) // info.w, (MAX_H - MARGIN - 10 - y_grid) // info.h))
    gx0 = left + (right - left - info.w * sq) / 2
    gy1 = y_grid + info.h * sq
    ox0 = right + 10
    per_row = max(1, int(OPTIONS_W // (info.w * MINI_SQ + 24)))
    mini_h = info.h * MINI_SQ + MINI_TOP + 14
    y_opts = y_grid - LABEL - 10 + 40
    height = max(gy1 + 14 + MARGIN, y_opts + ((len(opts) + per_row - 1) // per_row) * mini_h + MARGIN, 0.5 * W)
    img = Image.new("RGB", (W, int(min(MAX_H, height))), BG)
    d = ImageDraw.Draw(img)
    _title(d, MARGIN, view, tid, info, lang)
    _grid(img, gx0, y_grid, sq, info, hcol, lang)
    _coordinates(d, gx0, y_grid, sq, info)
    if opts:
        put(d, (ox0 + 4, y_opts - 26), N.label("options", lang, n=len(opts)), ESS, GOLD, "lm", essential=True)
        colw = OPTIONS_W / per_row
        for k, (cells, number, suggested) in enumerate(opts):
            ox = ox0 + (k % per_row) * colw + (colw - info.w * MINI_SQ) / 2
            oy = y_opts + (k // per_row) * mini_h + MINI_TOP
            if oy + info.h * MINI_SQ > MAX_H:
                break
            _mini(d, ox, oy, info, hcol, cells, k, number, suggested)
    return img


def _coordinates(d: ImageDraw.ImageDraw, gx0: float, gy0: float, sq: int, info: CardInfo) -> None:
    """The card squares' names as moves spell them: column letters a, b, ... above the purple
    top edge, row numbers 1, 2, ... on the left."""
    with legibility.essential():
        for c in range(info.w):
            put(d, (gx0 + c * sq + sq / 2, gy0 - 22 - LABEL / 2), chr(97 + c), LABEL, COORD)
        for r in range(info.h):
            put(d, (gx0 - 14, gy0 + r * sq + sq / 2), str(r + 1), LABEL, COORD, "rm")


def _grid(img: Image.Image, gx0: float, gy0: float, sq: int, info: CardInfo, hcol: dict[str, Colour],
          lang: str) -> None:
    d = ImageDraw.Draw(img)
    gx1, gy1 = gx0 + info.w * sq, gy0 + info.h * sq
    d.rectangle((gx0 - 4, gy0 - 4, gx1 + 4, gy1 + 4), fill=card_fill(info),
                outline=PORTAL_EDGE if info.kind == "portal" else (96, 84, 64), width=3)
    line = (150, 110, 200) if info.kind == "portal" else (196, 182, 150)
    for r in range(info.h):
        for c in range(info.w):
            x, y = gx0 + c * sq, gy0 + r * sq
            d.rectangle((x, y, x + sq, y + sq), outline=line, width=1)
    for cell, area in info.area_at.items():
        x, y = gx0 + cell[0] * sq, gy0 + cell[1] * sq
        d.rectangle((x + 1, y + 1, x + sq - 1, y + sq - 1), fill=GOLD if area == "portal_centre" else UNCOVERABLE)
        if area != "portal_centre":
            for k in range(-sq, sq, 14):
                d.line((x + max(0, k), y + max(0, -k), x + min(sq, sq + k), y + min(sq, sq - k)),
                       fill=UNCOVERABLE_DARK, width=3)
    for a in N.card(info.card).get("areas") or ():   # one label per area
        (c0, r0), (w, h) = a["at"], a["size"]
        box = (gx0 + c0 * sq, gy0 + r0 * sq, gx0 + (c0 + w) * sq, gy0 + (r0 + h) * sq)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if a["area"] == "portal_centre":
            put(d, (cx, cy - 6), str(info.portal_level), max(ESS, int(sq * 0.6)), (60, 20, 90), essential=True)
            put(d, (cx, box[3] - 14), N.label("area.portal_centre", lang), fit_size(
                N.label("area.portal_centre", lang), 16, sq - 8), (60, 20, 90))
        else:
            word = N.label(f"area.{a['area']}", lang)
            put(d, (cx, cy), word, ESS, TEXT, stroke=3, stroke_fill=UNCOVERABLE_DARK, essential=True)
    enemies = list({e.index: e for e in info.enemy_at.values()}.values())
    boxes = {e.index: (gx0 + e.at[0] * sq, gy0 + e.at[1] * sq, gx0 + (e.at[0] + (2 if e.large else 1)) * sq,
                       gy0 + (e.at[1] + (2 if e.large else 1)) * sq) for e in enemies}
    for e in enemies:
        _enemy_box(d, boxes[e.index], e)
    _cover(img, gx0, gy0, sq, info, hcol, lang)
    d = ImageDraw.Draw(img)
    for e in enemies:
        _enemy_text(d, boxes[e.index], e, lang, any(info.covered(c) for c in e.cells))
    _cover_labels(d, gx0, gy0, sq, info, hcol, lang)
    for icon, (c, r), lit in info.icons:
        x, y = gx0 + c * sq, gy0 + r * sq
        col = ICON_COLOURS.get(icon, (200, 200, 200)) if lit else (120, 120, 126)
        rr = sq * 0.16
        cx, cy = x + rr + 6, y + sq - rr - 6
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=col, outline=(250, 250, 250) if lit else (70, 70, 70),
                  width=2)
        put(d, (cx, cy), ICON_GLYPH.get(icon, "?"), int(rr * 1.5), TEXT if lit else (60, 60, 66))
        word = N.label(f"icon.{icon}", lang)
        put(d, (cx + rr + 4, cy), word, fit_size(word, 16, sq - 2 * rr - 16), col if lit else (90, 90, 96), "lm",
            stroke=2, stroke_fill=(250, 250, 250) if lit else (200, 200, 200))
        if not lit:
            d.line((cx - rr, cy + rr, cx + rr, cy - rr), fill=(40, 40, 40), width=3)
    # the top edge: the purple dashed line, facing the nearest exit (KR-SPN-4)
    dashed_line(d, (gx0 - 4, gy0 - 10), (gx1 + 4, gy0 - 10), PURPLE_LINE, 5, 14, 8)


def _cover(img: Image.Image, gx0: float, gy0: float, sq: int, info: CardInfo, hcol: dict[str, Colour],
           lang: str) -> None:
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    for tile in info.tiles:
        col = DAMAGE_COLOURS.get(str(tile.get("damage")), (120, 120, 120))
        cells = {(int(c[0]), int(c[1])) for c in tile.get("cells") or ()}
        for c, r in cells:
            x, y = gx0 + c * sq, gy0 + r * sq
            ld.rectangle((x + 2, y + 2, x + sq - 2, y + sq - 2), fill=col + (165,))
        for c, r in cells:      # the outline of the whole tile
            x, y = gx0 + c * sq, gy0 + r * sq
            for (dc, dr), seg in (((0, -1), (x, y, x + sq, y)), ((0, 1), (x, y + sq, x + sq, y + sq)),
                                  ((-1, 0), (x, y, x, y + sq)), ((1, 0), (x + sq, y, x + sq, y + sq))):
                if (c + dc, r + dr) not in cells:
                    ld.line(seg, fill=(20, 20, 30, 255), width=4)
    for hero, tl in info.heroes.items():
        base = hero_cells(tl)
        x0, y0 = gx0 + min(c for c, _ in base) * sq, gy0 + min(r for _, r in base) * sq
        col = hcol.get(hero, (200, 200, 200))
        ld.rounded_rectangle((x0 + 6, y0 + 6, x0 + 2 * sq - 6, y0 + 2 * sq - 6), radius=18, fill=col + (150,),
                             outline=(250, 250, 250, 255), width=6)
    img.paste(Image.alpha_composite(img.convert("RGBA"), layer).convert("RGB"))


def _cover_labels(d: ImageDraw.ImageDraw, gx0: float, gy0: float, sq: int, info: CardInfo,
                  hcol: dict[str, Colour], lang: str) -> None:
    for tile in info.tiles:
        cells = sorted((int(c[0]), int(c[1])) for c in tile.get("cells") or ())
        if cells and tile.get("source"):
            src = str(tile["source"])
            try:
                word = N.tower_name(src, lang)
            except KeyError:
                try:
                    word = N.hero_name(src, lang)
                except KeyError:
                    word = src
            c, r = cells[0]
            put(d, (gx0 + c * sq + 8, gy0 + r * sq + 14), word, fit_size(word, 15, sq - 12), TEXT, "lm",
                stroke=2, stroke_fill=(20, 20, 30))
    for c, r in info.soldiers:
        rr = sq * 0.2
        cx, cy = gx0 + (c + 1) * sq - rr - 8, gy0 + (r + 1) * sq - rr - 8
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=SOLDIER, outline=(30, 30, 40), width=3)
        put(d, (cx, cy), N.label("soldier_short", lang), max(ESS, int(rr)), (30, 30, 40), essential=True)
    for hero, tl in info.heroes.items():
        base = hero_cells(tl)
        x0, y0 = gx0 + min(c for c, _ in base) * sq, gy0 + min(r for _, r in base) * sq
        col = hcol.get(hero, (200, 200, 200))
        name = N.hero_name(hero, lang)
        if text_w(name, ESS) > 2 * sq - 36:
            name = N.hero_initial(hero, lang)
        d.rounded_rectangle((x0 + 12, y0 + 2 * sq - 48, x0 + 2 * sq - 12, y0 + 2 * sq - 12), radius=8, fill=col,
                            outline=(250, 250, 250), width=2)
        put(d, (x0 + sq, y0 + 2 * sq - 30), name, ESS, ink_on(col), essential=True)


def _mini(d: ImageDraw.ImageDraw, ox: float, oy: float, info: CardInfo, hcol: dict[str, Colour],
          cells: list[tuple[int, int]], k: int, number: int, suggested: bool) -> None:
    s = MINI_SQ
    col = OPTION_COLOURS[k % len(OPTION_COLOURS)]
    if suggested:
        d.rounded_rectangle((ox - 9, oy - MINI_TOP + 2, ox + info.w * s + 9, oy + info.h * s + 9), radius=8,
                            outline=GOLD, width=4)
    d.rectangle((ox - 2, oy - 2, ox + info.w * s + 2, oy + info.h * s + 2), fill=card_fill(info),
                outline=(96, 84, 64))
    for r in range(info.h):
        for c in range(info.w):
            x, y = ox + c * s, oy + r * s
            d.rectangle((x, y, x + s - 1, y + s - 1), fill=square_fill(info, (c, r), hcol), outline=(196, 182, 150))
    hero_discs(d, ox, oy, s, info, "N", hcol, "en")
    chosen = set(cells)
    for c, r in chosen:
        x, y = ox + c * s, oy + r * s
        d.rectangle((x + 5, y + 5, x + s - 6, y + s - 6), fill=col)
        for (dc, dr), seg in (((0, -1), (x, y, x + s, y)), ((0, 1), (x, y + s, x + s, y + s)),
                              ((-1, 0), (x, y, x, y + s)), ((1, 0), (x + s, y, x + s, y + s))):
            if (c + dc, r + dr) not in chosen:
                d.line(seg, fill=col, width=4)
    # the number, big enough to read on a phone (the picture is shown about half size there)
    label = str(number)
    half = max(NUMBER_R, text_w(label, NUMBER_SIZE) / 2 + 6)
    cx, cy = ox + info.w * s / 2 - (14 if suggested else 0), oy - NUMBER_R - 5
    d.rounded_rectangle((cx - half, cy - NUMBER_R, cx + half, cy + NUMBER_R), radius=NUMBER_R, fill=col,
                        outline=(20, 20, 26), width=2)
    put(d, (cx, cy), label, NUMBER_SIZE, (20, 20, 26), essential=True)
    if suggested:
        put(d, (cx + half + 16, cy), "\u2605", NUMBER_SIZE, GOLD)
