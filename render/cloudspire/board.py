"""The public board picture: the static map, the pieces on it, the fortresses, the mat
labels with their influence dots, then the header and the side column."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.common import BG, DARK_TEXT, GOLD, RED, TEXT, TEXT_SOFT, font

from .layout import BoardLayout, MapModel, board_layout, group_label_spots, group_number, map_key, map_model
from .legend import draw_legend
from .names import label, unit_name
from .panels import draw_header, draw_market, draw_player_panel
from .sprites import badge, diamond, draw_landmark, draw_spire, draw_unit, gate_icon, number
from .style import (
    LABEL_CHIP,
    MAT_EDGE,
    SQRT3,
    abbr,
    hex_distance,
    parse_hex,
    player,
    section,
    seat_style,
    to_int,
)
from .terrain import static_map


def influence(view: dict) -> dict[int, set[str]]:
    """Seat -> the hex groups in its influence, as the view gives them (CS-INF-1)."""
    return {seat: {str(g) for g in groups} for seat, groups in enumerate(view.get("influence") or [])
            if isinstance(groups, list)}


def board_image(view: dict, seat_names, lang: str = "en") -> Image.Image:
    lay = board_layout(view, lang)
    model = map_model(view)
    img = Image.new("RGB", (lay.width, lay.height), BG)
    static = static_map(map_key(view), lay.map_box, lay.size, lay.origin)
    img.paste(static, lay.map_box[:2])
    d = ImageDraw.Draw(img)
    _draw_pieces(img, d, lay, view, model, lang)
    infl = influence(view)
    _draw_group_labels(d, lay, view, model, infl)
    draw_header(d, lay.header, view, seat_names, lang)
    for seat, box in enumerate(lay.panels):
        draw_player_panel(d, box, view, seat, seat_names, infl, model, lang)
    if lay.market:
        draw_market(d, lay.market, view, lang)
    if lay.legend:
        draw_legend(d, lay.legend, lang)
    return img


def _draw_pieces(img, d, lay: BoardLayout, view: dict, model: MapModel, lang: str) -> None:
    s = lay.size
    lift = 0.14 * s  # pieces sit a little low, under the coordinate label
    players = view.get("players") or []
    stacks = {(to_int(x.get("seat"), -1)): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    tops = section(view, "prep").get("tops") or {}
    markers: dict[int, list[int]] = {}
    for p in players:
        if isinstance(p, dict) and p.get("mark") is not None:
            markers.setdefault(to_int(p.get("mark"), -1), []).append(to_int(p.get("seat"), -1))
    for seat in sorted(set(model.fort_gate) | set(model.fort_body)):
        _draw_fort(img, d, lay, view, seat, model, stacks.get(seat), tops.get(str(seat)),
                   sorted(markers.get(seat, [])), lang)
    explored = set(section(view, "turn").get("explored") or [])
    for lm in view.get("landmarks") or []:
        c = parse_hex(lm.get("pos")) if isinstance(lm, dict) else None
        if c is None:
            continue
        x, y = lay.centre(*c)
        if lm.get("id") in explored and not lm.get("revealed"):  # being explored this turn
            rr = 0.74 * s
            d.ellipse((x - rr, y + lift - rr, x + rr, y + lift + rr), outline=GOLD, width=max(2, int(0.1 * s)))
        draw_landmark(img, d, s, lm, x, y + lift, lang)
    for sp in view.get("spires") or []:
        c = parse_hex(sp.get("pos")) if isinstance(sp, dict) else None
        if c is None:
            continue
        x, y = lay.centre(*c)
        draw_spire(img, d, s, view, sp, x, y + lift)
    for u in view.get("units") or []:
        c = parse_hex(u.get("pos")) if isinstance(u, dict) else None
        if c is None:
            continue
        x, y = lay.centre(*c)
        draw_unit(img, d, s, view, u, x, y + lift)


def _draw_fort(img, d, lay: BoardLayout, view: dict, seat: int, model: MapModel, stack: dict | None,
               prep_top: object, markers: list[int], lang: str) -> None:
    """A fortress mat: the gate (health, marks aimed at it), then on the body cells nearest
    the gate first: Source, the deployment stack, advancement pegs and fortress power."""
    s = lay.size
    st = seat_style(view, seat)
    p = player(view, seat)
    gate = model.fort_gate.get(seat)
    broken = bool(p.get("broken"))
    if gate is not None:
        gx, gy = lay.centre(*gate)
        gy += 0.12 * s
        gate_icon(d, gx, gy, 0.62 * s, st["bright"], broken)
        number(d, (gx, gy + 0.08 * s), "X" if broken else to_int(p.get("gate")), max(12, int(round(0.66 * s))))
        # marks aimed at this gate: small target chips on the gate's lower corners
        spots = [(-0.46, 0.5), (0.46, 0.5), (0.0, 0.66)]
        for i, m in enumerate(markers[:3]):
            ms = seat_style(view, m)
            mx = gx + spots[i][0] * s
            my = gy - 0.12 * s + spots[i][1] * s
            rr = 0.21 * s
            d.ellipse((mx - rr, my - rr, mx + rr, my + rr), fill=RED, outline=MAT_EDGE)
            d.ellipse((mx - rr * 0.68, my - rr * 0.68, mx + rr * 0.68, my + rr * 0.68), fill=ms["bright"],
                      outline=TEXT)
            d.text((mx, my), ms["letter"], font=font(max(7, int(rr * 1.05))), fill=TEXT, anchor="mm",
                   stroke_width=1, stroke_fill=MAT_EDGE)
    # body cells: nearest to the gate first
    body = list(model.fort_body.get(seat) or [])
    if gate is not None:
        order = {c: i for i, c in enumerate(body)}
        body.sort(key=lambda c: (hex_distance(c, gate), order[c]))
    slots = body + [None] * 4
    # 1: Source
    c = slots[0]
    if c is not None:
        x, y = lay.centre(*c)
        diamond(d, x, y, 0.78 * s)
        number(d, (x, y + 0.02 * s), to_int(p.get("source")), max(12, int(round(0.62 * s))))
    # 2: faction letter or the deployment stack
    c = slots[1]
    if c is not None:
        x, y = lay.centre(*c)
        top = stack.get("top") if isinstance(stack, dict) else None
        height = to_int(stack.get("height")) if isinstance(stack, dict) else 0
        if isinstance(top, dict) and height:
            draw_unit(img, d, s, view, dict(top, grouped=height > 1 or top.get("grouped")), x, y, 0.92)
            badge(d, x + 0.45 * s, y + 0.5 * s, label("fort.stack_height", lang, n=height), max(8, int(0.3 * s)),
                  GOLD, DARK_TEXT)
        elif prep_top:
            rr = 0.5 * s
            d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=st["bright"], outline=GOLD, width=2)
            d.text((x, y), abbr(unit_name(prep_top, lang)), font=font(max(9, int(0.36 * s))), fill=TEXT,
                   anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)
            badge(d, x, y + 0.62 * s, label("fort.locked", lang), max(7, int(0.24 * s)), GOLD, DARK_TEXT)
        else:
            rr = 0.5 * s
            d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=st["bright"], outline=MAT_EDGE, width=2)
            d.text((x, y), st["letter"], font=font(max(10, int(0.6 * s))), fill=TEXT, anchor="mm",
                   stroke_width=2, stroke_fill=MAT_EDGE)
    # 3 (+4): advancements, one column of pegs per structure
    c = slots[2]
    if c is not None:
        x, y = lay.centre(*c)
        adv = p.get("advancements") or {}
        vals = [max(0, min(3, to_int(v))) for v in list(adv.values())[:3]] or [0, 0, 0]
        pr = 0.13 * s
        for i, lv in enumerate(vals):
            px_ = x + (i - (len(vals) - 1) / 2) * 0.42 * s
            for k in range(3):
                py = y + (0.42 - k * 0.4) * s
                on = k < lv
                d.ellipse((px_ - pr, py - pr, px_ + pr, py + pr), fill=GOLD if on else st["dark"],
                          outline=TEXT_SOFT if not on else MAT_EDGE)
    c = slots[3]
    if c is not None:
        x, y = lay.centre(*c)
        d.text((x, y - 0.3 * s), label("fort.power", lang), font=font(max(7, int(0.24 * s))), fill=TEXT_SOFT,
               anchor="mm")
        number(d, (x, y + 0.14 * s), to_int(p.get("power")), max(10, int(round(0.48 * s))))


def _draw_group_labels(d, lay: BoardLayout, view: dict, model: MapModel, infl: dict) -> None:
    """Each mat's number, pinned in the sky beside it, with a dot per seat whose influence
    reaches it."""
    spots = group_label_spots(model)
    s = lay.size
    fnt = font(max(10, int(round(0.36 * s))))
    for g, ((q, r), (dq, dr)) in spots.items():
        x, y = lay.centre(q, r)
        # push the label a little further into the sky
        vx, vy = SQRT3 * (dq + dr / 2.0), 1.5 * dr
        nrm = math.hypot(vx, vy) or 1
        x += vx / nrm * 0.42 * s
        y += vy / nrm * 0.42 * s
        text = group_number(model, g)
        seats = [seat for seat, gs in sorted(infl.items()) if g in gs]
        dot = max(4, int(0.16 * s))
        tw = fnt.getlength(text)
        w = tw + 10 + len(seats) * (dot * 2 + 2)
        h = fnt.size + 6
        bx0, by0, bx1, by1 = lay.map_box
        x = min(max(x, bx0 + w / 2 + 3), bx1 - w / 2 - 3)
        y = min(max(y, by0 + h / 2 + 3), by1 - h / 2 - 3)
        x0 = x - w / 2
        d.rounded_rectangle((x0, y - h / 2, x0 + w, y + h / 2), radius=h / 2, fill=LABEL_CHIP,
                            outline=MAT_EDGE)
        d.text((x0 + 5 + tw / 2, y), text, font=fnt, fill=DARK_TEXT, anchor="mm")
        px_ = x0 + 5 + tw + 2 + dot
        for seat in seats:
            st = seat_style(view, seat)
            d.ellipse((px_ - dot, y - dot, px_ + dot, y + dot), fill=st["bright"], outline=MAT_EDGE)
            px_ += dot * 2 + 2
