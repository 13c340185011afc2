"""The public board picture, drawn for where Discord shows it: W x H (1,200 x 900).

A status strip across the top (wave, phase, whose turn and step, what is pending, the
event); under it the hex map on the left and, on the right, one compact block per seat (letter,
name, faction, tags, Source, gate, power, CP and its units on the map by name, hex and
health), the revealed landmarks and, in the Market phase, the market. Every string a
player needs to choose a move is drawn at least ESS px tall (render/legibility.py).

On the map every hex a move can name carries its column ``q`` and every row its ``,r`` at
both ends (the static layer, terrain.py). A piece shows one big number: a unit's health, a
spire's chip count, a landmark's or a gate's health. A unit is known by its hex, as the
menus know it ("Roc (4,-4, ❤5)"); its owner's block names it the same way ("Roc 4,-4 ❤5"),
and the landmarks box names the revealed landmarks."""

from __future__ import annotations

from collections import OrderedDict

from PIL import Image, ImageDraw

from render import legibility
from render.common import BG, DARK_TEXT, GOLD, TEXT, font, rounded_box, safe_text

from .cards import seat_block
from .layout import (
    BoardLayout,
    MapGeom,
    MapModel,
    group_number,
    map_geom,
)
from .names import label, seat_name
from .panels import draw_header_box, header, landmark_lines, landmarks_box, market_strip
from .sprites import draw_gate, draw_landmark, draw_spire, draw_unit
from .style import (
    BODY,
    ESS,
    GAP,
    H,
    LABEL_CHIP,
    MARGIN,
    MAT_EDGE,
    SY,
    W,
    faction_of,
    hex_distance,
    parse_hex,
    player,
    seat_style,
    section,
    to_int,
)
from .terrain import LABEL_DOT, LABEL_H, cached_model, mat_label_spots, row_labels, static_map

#: the map's share of the width (the rest is the column of text boxes): the first that lets
#: the column fit
MAP_WIDTHS = (716, 688, 660, 632, 604)
#: room beside every row for its ",r"
ROW_SIDE = 44


def influence(view: dict) -> dict[int, set[str]]:
    """Seat -> the hex groups in its influence, as the view gives them (CS-INF-1)."""
    return {seat: {str(g) for g in groups} for seat, groups in enumerate(view.get("influence") or [])
            if isinstance(groups, list)}


def _seats(view: dict) -> int:
    return max(1, len(view.get("players") or []) or to_int(view.get("seats"), 2))


def board_layout(view: dict, lang: str = "en", seat_names=None) -> BoardLayout:
    """Every box of the board for ``view`` (the boxes depend on the words, so on the
    language and the seat names). The map takes the first of MAP_WIDTHS; when the column
    of seat blocks would not fit under the status strip, the map gives up width to it (a
    wider column puts two units on a line), and if that is not enough the blocks leave
    the factions' names out (their letters and colours stay)."""
    hh = header(None, MARGIN, W - MARGIN, MARGIN, view, seat_names, lang)
    head = (MARGIN, MARGIN, W - MARGIN, int(MARGIN + hh))
    model = cached_model(view)[1]
    for compact in (False, True):
        for map_w in MAP_WIDTHS:
            lay = _layout(view, lang, seat_names, head, map_w, compact, model)
            if max(b[3] for b in [lay.header, *lay.panels, lay.landmarks, lay.market] if b) <= H - MARGIN:
                return lay
    return lay


def _layout(view: dict, lang: str, seat_names, head: tuple, map_w: int, compact: bool,
            model: MapModel) -> BoardLayout:
    cx0, cx1 = map_w + GAP, W - MARGIN
    y = head[3] + GAP
    geom = map_geom(model, (0, y, map_w, H), ROW_SIDE)
    panels = []
    for seat in range(_seats(view)):
        h = seat_block(None, (cx0, y, cx1, y + 10), view, seat, seat_names, lang, compact)
        panels.append((cx0, y, cx1, int(y + h)))
        y = panels[-1][3] + GAP
    lm = None
    if landmark_lines(view, lang):
        lh = landmarks_box(None, (cx0, y, cx1, y + 10), view, lang)
        lm = (cx0, y, cx1, int(y + lh))
        y = lm[3] + GAP
    market = None
    if view.get("phase") == "market":
        mh = market_strip(None, (cx0, y, cx1, y + 10), view, lang)
        market = (cx0, y, cx1, int(y + mh))
    return BoardLayout(W, H, head, geom.box, geom.size, geom.origin, panels, lm, market, compact)


def board_image(view: dict, seat_names, lang: str = "en") -> Image.Image:
    lay = board_layout(view, lang, seat_names)
    key, model = cached_model(view)
    geom = lay.geom()
    img = Image.new("RGB", (lay.width, lay.height), BG)
    img.paste(static_map(key, lay.map_box, lay.size, lay.origin), (int(lay.map_box[0]), int(lay.map_box[1])))
    d = ImageDraw.Draw(img)
    infl = influence(view)
    taken: list[tuple] = []  # boxes of what is drawn on the map, for the mat labels to avoid
    with legibility.essential():
        _draw_forts(d, geom, view, model, taken)
        _draw_pieces(img, d, geom, view, model, taken)
        _draw_group_labels(d, geom, view, key, model, infl, taken)
        _draw_slot_numbers(d, geom, model, lang)
        draw_header_box(d, lay.header, view, seat_names, lang)
        for seat, box in enumerate(lay.panels):
            _seat_block(img, d, box, view, seat, seat_names, lang, lay.compact)
        if lay.landmarks:
            landmarks_box(d, lay.landmarks, view, lang)
        if lay.market:
            market_strip(d, lay.market, view, lang)
    return img

# ---------------------------------------------------------------- the map


def token_font(geom: MapGeom) -> int:
    return max(ESS, min(34, int(0.8 * geom.token_h())))


def _draw_pieces(img, d, geom: MapGeom, view: dict, model: MapModel, taken: list) -> None:
    h = geom.token_h()
    fs = token_font(geom)
    explored = set(section(view, "turn").get("explored") or [])
    for lm in view.get("landmarks") or []:
        c = parse_hex(lm.get("pos")) if isinstance(lm, dict) else None
        if c is None:
            continue
        x, y = geom.token_xy(*c)
        box = draw_landmark(img, d, lm, x, y, h, fs)
        taken.append(box)
        if lm.get("id") in explored and not lm.get("revealed"):  # being explored this turn
            g = 4
            d.rounded_rectangle((box[0] - g, box[1] - g, box[2] + g, box[3] + g), radius=(box[3] - box[1]) / 2 + g,
                                outline=GOLD, width=4)
    for sp in view.get("spires") or []:
        c = parse_hex(sp.get("pos")) if isinstance(sp, dict) else None
        if c is not None:
            taken.append(draw_spire(img, d, view, sp, *geom.token_xy(*c), h, fs))
    for u in view.get("units") or []:
        c = parse_hex(u.get("pos")) if isinstance(u, dict) else None
        if c is not None:
            taken.append(draw_unit(img, d, view, u, *geom.token_xy(*c), h, fs))


def _draw_forts(d, geom: MapGeom, view: dict, model: MapModel, taken: list) -> None:
    """Each gate with its health and the marks aimed at it; the owner's letter on the
    fortress body (its figures are in the owner's card)."""
    h = geom.token_h()
    fs = token_font(geom)
    markers: dict[int, list[int]] = {}
    for p in view.get("players") or []:
        if isinstance(p, dict) and p.get("mark") is not None:
            markers.setdefault(to_int(p.get("mark"), -1), []).append(to_int(p.get("seat"), -1))
    bx0, by0, bx1, by1 = geom.box
    rows = [b for _t, b in row_labels(model, geom)]
    for seat in sorted(set(model.fort_gate) | set(model.fort_body)):
        p = player(view, seat)
        st = seat_style(view, seat)
        gate = model.fort_gate.get(seat)
        if gate is not None:
            x, y = geom.token_xy(*gate)
            box = draw_gate(d, view, seat, to_int(p.get("gate")), bool(p.get("broken")), x, y, h, fs)
            taken.append(box)
            for i, m in enumerate(sorted(markers.get(seat, []))[:3]):  # marks: target dots
                ms = seat_style(view, m)
                rr = 0.2 * geom.size
                mx = box[2] + rr * 0.4
                my = box[1] + rr + i * (2 * rr + 2)
                d.ellipse((mx - rr, my - rr, mx + rr, my + rr), fill=(239, 68, 68), outline=MAT_EDGE)
                d.ellipse((mx - rr * 0.6, my - rr * 0.6, mx + rr * 0.6, my + rr * 0.6), fill=ms["bright"],
                          outline=MAT_EDGE)
        body = list(model.fort_body.get(seat) or [])
        if gate is not None:
            order = {c: i for i, c in enumerate(body)}
            body.sort(key=lambda c: (hex_distance(c, gate), order[c]))
        for c in body:
            x, y = geom.centre(*c)
            r = 0.62 * geom.size
            if x - r < bx0 or x + r > bx1 or y - r < by0 or y + r > by1:
                continue  # cut by the map's edge
            if any(b[0] < x + r and x - r < b[2] and b[1] < y + r and y - r < b[3] for b in rows):
                continue  # on a row's number
            d.ellipse((x - r, y - r, x + r, y + r), fill=st["bright"], outline=MAT_EDGE, width=3)
            d.text((x, y), st["letter"], font=font(max(BODY, int(geom.size * 0.8))), fill=TEXT, anchor="mm",
                   stroke_width=2, stroke_fill=MAT_EDGE)
            break


#: seat blocks drawn lately, by everything they show (most seats' blocks do not change
#: between moves): block key -> the block's pixels
_BLOCKS: OrderedDict[str, Image.Image] = OrderedDict()
BLOCKS_KEPT = 96


def _seat_block(img, d, box, view: dict, seat: int, seat_names, lang: str, compact: bool) -> None:
    """``seat``'s block in ``box``: pasted when a block showing the same was drawn lately,
    else drawn (on the board itself, so the text recorder sees it) and kept."""
    units = [u for u in view.get("units") or [] if isinstance(u, dict) and to_int(u.get("owner"), -1) == seat]
    res = section(view, "result")
    key = repr([player(view, seat), seat_style(view, seat)["letter"], faction_of(view, seat),
                seat in (view.get("active") or []), res.get("placements"), bool(res), view.get("rest"),
                view.get("start"), view.get("teams"), units, seat_name(seat_names, seat, lang), lang, compact,
                [int(v) for v in box]])
    x0, y0 = int(box[0]), int(box[1])
    kept = _BLOCKS.get(key)
    if kept is not None:
        _BLOCKS.move_to_end(key)
        img.paste(kept, (x0, y0))
        return
    seat_block(d, box, view, seat, seat_names, lang, compact)
    _BLOCKS[key] = img.crop((x0, y0, int(box[2]) + 1, int(box[3]) + 1))
    while len(_BLOCKS) > BLOCKS_KEPT:
        _BLOCKS.popitem(last=False)


def clear_caches() -> None:
    _BLOCKS.clear()


def _draw_slot_numbers(d, geom: MapGeom, model: MapModel, lang: str) -> None:
    """Under the "?" of each face-down isle slot, its number (``isle SLOT ROT`` takes it)."""
    f = font(BODY)
    for slot in sorted(set(model.face_down.values())):
        c = model.slot_centres.get(slot)
        if c is None:
            continue
        x, y = geom.centre(*c)
        y += 1.1 * geom.size * SY
        text = label("slot", lang, n=slot)
        w = f.getlength(text) + 16
        rounded_box(d, (x - w / 2, y - LABEL_H / 2, x + w / 2, y + LABEL_H / 2), LABEL_H // 2, fill=LABEL_CHIP,
                    outline=MAT_EDGE, width=2)
        d.text((x, y), text, font=f, fill=DARK_TEXT, anchor="mm")


def _draw_group_labels(d, geom: MapGeom, view: dict, key: str, model: MapModel, infl: dict, taken: list) -> None:
    """Each mat's number, pinned in the sky beside it (on the first of its spots, chosen once
    per map by terrain.mat_label_spots, that the pieces (``taken``) and the labels placed
    before cover least), with a dot per seat whose influence reaches it."""
    fnt = font(BODY)
    spots = mat_label_spots(key, geom.box, geom.size, geom.origin, _seats(view))
    hgt = LABEL_H
    placed: list[tuple] = []
    for g, candidates in spots.items():
        seats = [seat for seat, gs in sorted(infl.items()) if g in gs]
        text = safe_text(group_number(model, g))
        tw = fnt.getlength(text)
        w = tw + 16 + len(seats) * (2 * LABEL_DOT + 3)

        def covered(x0, y, w=w):
            box = (x0 - 2, y - hgt / 2 - 2, x0 + w + 2, y + hgt / 2 + 2)
            return sum(max(0.0, min(box[2], p[2]) - max(box[0], p[0])) * max(0.0, min(box[3], p[3]) - max(box[1], p[1]))
                       for p in taken + placed)

        x0, y = min(candidates, key=lambda c: c[2] + 10 * covered(c[0], c[1]))[:2]
        placed.append((x0, y - hgt / 2, x0 + w, y + hgt / 2))
        rounded_box(d, (x0, y - hgt / 2, x0 + w, y + hgt / 2), hgt // 2, fill=LABEL_CHIP, outline=MAT_EDGE,
                    width=2)
        d.text((x0 + 8 + tw / 2, y), text, font=fnt, fill=DARK_TEXT, anchor="mm")
        px_ = x0 + 8 + tw + 4 + LABEL_DOT
        for seat in seats:
            st = seat_style(view, seat)
            d.ellipse((px_ - LABEL_DOT, y - LABEL_DOT, px_ + LABEL_DOT, y + LABEL_DOT), fill=st["bright"],
                      outline=MAT_EDGE)
            px_ += LABEL_DOT * 2 + 3
