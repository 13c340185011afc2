"""The public board picture, phone first: W px wide and as tall as it needs.

Top to bottom: the header (wave, phase, whose turn), the hex map filling the width (the
cells a move can name always fit; fortress bodies may be cut at the side edges), one card
per player (a row each), the revealed landmarks on the map, the market and the legend.

On the map every hex a move can name now (``labelled_hexes``) carries its coordinates
(``q,r``, the words ``at:`` and ``to:`` take): in its upper half when a piece stands in its
lower half, else in its middle. A piece shows one big number: a unit's health, a spire's
chip count, a landmark's or a gate's health. A unit is known by its hex, as the menus know
it ("Roc (4,-4, ❤5)"); its owner's card names it the same way ("Roc 4,-4 ❤5"), and the
landmarks box names the revealed landmarks."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.common import BG, DARK_TEXT, GOLD, TEXT, font, safe_text

from .cards import player_card
from .layout import (
    BoardLayout,
    MapGeom,
    MapModel,
    group_label_spots,
    group_number,
    map_geom,
    map_key,
    map_model,
)
from .legend import draw_legend, legend_height
from .panels import draw_header_box, header, landmark_lines, landmarks_box, market_box
from .sprites import draw_gate, draw_landmark, draw_spire, draw_unit
from .style import (
    BODY,
    FACE_DOWN_MARK,
    GAP,
    LABEL_CHIP,
    MAP_MARGIN,
    MARGIN,
    MAT_EDGE,
    SQRT3,
    TERRAIN,
    UNKNOWN_TERRAIN,
    W,
    hex_distance,
    min_font,
    parse_hex,
    player,
    section,
    seat_style,
    to_int,
)
from .terrain import static_map

#: Discord shows pictures up to this many px a side
MAX_H = 4096
#: the smallest coordinate label: its digits MIN_PX tall at the phone width
COORD_MIN = min_font(W, 9.05)
FORT_TEXT = (226, 232, 240)


def influence(view: dict) -> dict[int, set[str]]:
    """Seat -> the hex groups in its influence, as the view gives them (CS-INF-1)."""
    return {seat: {str(g) for g in groups} for seat, groups in enumerate(view.get("influence") or [])
            if isinstance(groups, list)}


def _seats(view: dict) -> int:
    return max(1, len(view.get("players") or []) or to_int(view.get("seats"), 2))


def board_layout(view: dict, lang: str = "en", seat_names=None, legend: bool = True) -> BoardLayout:
    """Every box of the board for ``view`` (the boxes depend on the words, so on the
    language and the seat names). A board taller than Discord shows (MAX_H) leaves the
    legend out."""
    model = map_model(view)
    infl = influence(view)
    y = MARGIN
    hh = header(None, MARGIN, W - MARGIN, y, view, seat_names, lang)
    head = (MARGIN, y, W - MARGIN, int(y + hh))
    y = head[3] + GAP
    geom = map_geom(model, MAP_MARGIN, y, W - 2 * MAP_MARGIN)
    y = geom.box[3] + GAP
    panels = []
    for seat in range(_seats(view)):
        h = player_card(None, (MARGIN, y, W - MARGIN, y + 10), view, seat, seat_names, infl, model, lang)
        panels.append((MARGIN, y, W - MARGIN, int(y + h)))
        y = panels[-1][3] + GAP
    lm = None
    if landmark_lines(view, lang):
        lh = landmarks_box(None, (MARGIN, y, W - MARGIN, y + 10), view, lang)
        lm = (MARGIN, y, W - MARGIN, int(y + lh))
        y = lm[3] + GAP
    mh = market_box(None, (MARGIN, y, W - MARGIN, y + 10), view, lang)
    market = (MARGIN, y, W - MARGIN, int(y + mh))
    y = market[3] + GAP
    box = (MARGIN, y, W - MARGIN, y + legend_height(W - 2 * MARGIN, lang))
    if legend and box[3] + MARGIN > MAX_H:
        return board_layout(view, lang, seat_names, legend=False)
    y = (box[3] if legend else y - GAP) + MARGIN
    return BoardLayout(W, int(y), head, geom.box, geom.size, geom.origin, panels, lm, market, box if legend else None)


def board_image(view: dict, seat_names, lang: str = "en") -> Image.Image:
    lay = board_layout(view, lang, seat_names)
    model = map_model(view)
    geom = lay.geom()
    img = Image.new("RGB", (lay.width, lay.height), BG)
    static = static_map(map_key(view), lay.map_box, lay.size, lay.origin)
    img.paste(static, lay.map_box[:2])
    d = ImageDraw.Draw(img)
    infl = influence(view)
    taken: list[tuple] = []  # boxes of what is drawn on the map, for the mat labels to avoid
    _draw_forts(d, geom, view, model, taken)
    _draw_pieces(img, d, geom, view, model, taken)
    _draw_coordinates(d, geom, view, model, taken)
    _draw_face_down(d, geom, model)
    _draw_group_labels(d, geom, view, model, infl, taken)
    draw_header_box(d, lay.header, view, seat_names, lang)
    for seat, box in enumerate(lay.panels):
        player_card(d, box, view, seat, seat_names, infl, model, lang)
    if lay.landmarks:
        landmarks_box(d, lay.landmarks, view, lang)
    market_box(d, lay.market, view, lang)
    if lay.legend:
        draw_legend(d, lay.legend, lang)
    if img.height > MAX_H:  # still too tall: shrink it whole (text keeps its size at phone width)
        img = img.resize((int(img.width * MAX_H / img.height), MAX_H), Image.Resampling.LANCZOS)
    return img

# ---------------------------------------------------------------- the map


def token_font(geom: MapGeom) -> int:
    return max(BODY, min(34, int(0.8 * geom.token_h())))


def coord_font(geom: MapGeom, model: MapModel) -> int:
    """The largest coordinate size (from COORD_MIN up) at which the widest label of this
    map fits its hex."""
    labels = [f"{q},{r}" for q, r in model.hexes]
    size = max(COORD_MIN, min(34, int(0.8 * geom.size)))
    while size > COORD_MIN:
        f = font(size, False)
        if max((f.getlength(t) for t in labels), default=0) <= SQRT3 * geom.size - 2:
            break
        size -= 1
    return size


def labelled_hexes(view: dict, model: MapModel) -> dict[tuple, bool]:
    """The hexes whose coordinates are drawn, each with whether something stands on it
    (a piece or a well): the hexes a move can name now. Every piece's hex, every gate and
    uncovered Source well (builds), the empty hexes next to any unit and up to three steps
    (the longest move) from the units of the player whose turn it is, and in the Build
    phase every hex in the influence of the players building (earthscapes)."""
    occupied = set()
    units = []
    for key in ("units", "spires", "landmarks"):
        for x in view.get(key) or []:
            c = parse_hex(x.get("pos")) if isinstance(x, dict) else None
            if c is not None and c in model.hexes:
                occupied.add(c)
                if key == "units":
                    units.append((c, to_int(x.get("owner"), -1)))
    turn = section(view, "turn")
    mover = to_int(turn.get("seat"), -1) if view.get("phase") == "onslaught" else -1
    out = {c: True for c in occupied}
    for c in model.fort_gate.values():
        if c in model.hexes:
            out[c] = True
    for c, h in model.hexes.items():
        if h.get("well") and c not in out:
            out[c] = True  # the well ring stands where a piece would
    for c, owner in units:
        reach = 3 if owner == mover else 1
        for n in model.hexes:
            if n not in out and hex_distance(c, n) <= reach:
                out[n] = False
    if view.get("phase") == "build":
        infl = influence(view)
        groups = set().union(*(infl.get(s_, set()) for s_ in view.get("active") or [] if isinstance(s_, int)))
        for c, h in model.hexes.items():
            if c not in out and str(h.get("group")) in groups:
                out[c] = False
    return out


def _draw_coordinates(d, geom: MapGeom, view: dict, model: MapModel, taken: list) -> None:
    """The ``q,r`` of every hex a move can name now: over the piece on it, or in the
    middle of an empty hex."""
    f = font(coord_font(geom, model), False)
    for c, with_piece in sorted(labelled_hexes(view, model).items()):
        h = model.hexes[c]
        x, y = geom.label_xy(*c) if with_piece else geom.centre(*c)
        if c in model.fort_cells:
            col = FORT_TEXT
        else:
            col = TERRAIN.get(h.get("terrain"), UNKNOWN_TERRAIN)["label"]
        d.text((x, y), f"{c[0]},{c[1]}", font=f, fill=col, anchor="mm")
        taken.append(d.textbbox((x, y), f"{c[0]},{c[1]}", font=f, anchor="mm"))


def _draw_face_down(d, geom: MapGeom, model: MapModel) -> None:
    for slot in sorted(set(model.face_down.values())):
        c = model.slot_centres.get(slot)
        if c is None:
            continue
        x, y = geom.centre(*c)
        d.text((x, y), "?", font=font(max(BODY, int(geom.size * 1.6))), fill=FACE_DOWN_MARK, anchor="mm")


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
    bx0, _by0, bx1, _by1 = geom.box
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
            if x - r < bx0 or x + r > bx1:
                continue  # cut by the picture's edge
            d.ellipse((x - r, y - r, x + r, y + r), fill=st["bright"], outline=MAT_EDGE, width=3)
            d.text((x, y), st["letter"], font=font(max(BODY, int(geom.size * 0.8))), fill=TEXT, anchor="mm",
                   stroke_width=2, stroke_fill=MAT_EDGE)
            break


def _draw_group_labels(d, geom: MapGeom, view: dict, model: MapModel, infl: dict, taken: list) -> None:
    """Each mat's number, pinned in the sky beside it, with a dot per seat whose influence
    reaches it; on a spot clear of the other labels and the pieces (``taken``) if there is
    one, else on the least crowded one."""
    s = geom.size
    fnt = font(BODY)
    dot = 9
    bx0, by0, bx1, by1 = geom.box

    def chip(g, mid, direction, push=0.5):
        x, y = geom.centre(*mid)
        dq, dr = direction
        vx, vy = SQRT3 * (dq + dr / 2.0), 1.5 * dr
        nrm = math.hypot(vx, vy) or 1
        x += vx / nrm * push * s
        y += vy / nrm * push * s
        seats = [seat for seat, gs in sorted(infl.items()) if g in gs]
        tw = fnt.getlength(group_number(model, g))
        w = tw + 16 + len(seats) * (dot * 2 + 3)
        hgt = BODY + 10
        return x, y, w, hgt, tw, seats

    placed: list[tuple] = []

    def crowding(x, y, w, hgt):
        x0, y0, x1, y1 = x - w / 2 - 3, y - hgt / 2 - 3, x + w / 2 + 3, y + hgt / 2 + 3
        if not (bx0 + 2 <= x0 and x1 <= bx1 - 2 and by0 + 2 <= y0 and y1 <= by1 - 2):
            return 1e9
        area = 0.0
        for boxes, weight in ((placed, 10), (taken, 1)):
            for p in boxes:
                if p[0] < x1 and x0 < p[2] and p[1] < y1 and y0 < p[3]:
                    area += (min(x1, p[2]) - max(x0, p[0])) * (min(y1, p[3]) - max(y0, p[1])) * weight
        return area

    # the mats with fewest spots choose first
    for g, spots in sorted(group_label_spots(model).items(), key=lambda kv: (len(kv[1]), kv[0])):
        if not spots:
            continue
        scored = [(crowding(*chip(g, *sp, push)[:4]), k, i, sp, push)
                  for k, push in enumerate((0.5, 0.85, 1.2)) for i, sp in enumerate(spots)]
        _c, _k, _i, best, push = min(scored)
        x, y, w, hgt, tw, seats = chip(g, *best, push)
        x = min(max(x, bx0 + w / 2 + 2), bx1 - w / 2 - 2)
        y = min(max(y, by0 + hgt / 2 + 2), by1 - hgt / 2 - 2)
        placed.append((x - w / 2, y - hgt / 2, x + w / 2, y + hgt / 2))
        x0 = x - w / 2
        d.rounded_rectangle((x0, y - hgt / 2, x0 + w, y + hgt / 2), radius=hgt / 2, fill=LABEL_CHIP,
                            outline=MAT_EDGE, width=2)
        d.text((x0 + 8 + tw / 2, y), safe_text(group_number(model, g)), font=fnt, fill=DARK_TEXT, anchor="mm")
        px_ = x0 + 8 + tw + 4 + dot
        for seat in seats:
            st = seat_style(view, seat)
            d.ellipse((px_ - dot, y - dot, px_ + dot, y + dot), fill=st["bright"], outline=MAT_EDGE)
            px_ += dot * 2 + 3

