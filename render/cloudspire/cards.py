"""One compact block per seat beside the map: letter, name, faction and tags, the big
numbers (Source, gate, fortress power, CP), and the seat's units on the map, named with the
hex and health the menus show. The seat's other facts (mark, advancements, builds, relics,
stack, barracks, influence) are listed in the private picture (``seat_details``).

``seat_block`` takes a drawing context or None: with None it only measures, so the board
can lay its boxes out before drawing them."""

from __future__ import annotations

from render import legibility
from render.common import DARK_TEXT, GOLD, PANEL, PANEL_EDGE, RED, TEXT, TEXT_SOFT, font, rounded_box, safe_text

from .layout import MapModel, group_number
from .names import any_name, faction_name, label, name, ordinal, seat_name, unit_name
from .sprites import diamond, gate_icon
from .style import BIG, BODY, MAT_EDGE, NAME, PAD, TITLE, faction_of, player, section, seat_style, to_int
from .text import Row, line_height

STRIP = 6  # the colour strip on the card's left edge
TAG_H = int(BODY * 1.3)
SEP = "  \u00b7  "


def barracks_text(p: dict, lang: str) -> str:
    """What is left in a player's barracks: the same words on the board's card and in the
    player's private picture (the menus list the types when they are needed)."""
    return label("panel.barracks", lang, minions=sum(max(0, to_int(v)) for v in (p.get("barracks") or {}).values()),
                 spires=sum(max(0, to_int(v)) for v in (p.get("spire_barracks") or {}).values()))


def _tags(view: dict, seat: int, p: dict, active: bool, result: dict | None, lang: str) -> list[tuple]:
    st = seat_style(view, seat)
    tags = []
    if result:
        for i, group in enumerate(result.get("placements") or []):
            if isinstance(group, list) and seat in group:
                tags.append((ordinal(i + 1, lang), GOLD if i == 0 else TEXT_SOFT, DARK_TEXT))
    if p.get("conceded"):
        tags.append((label("tag.conceded", lang), RED, TEXT))
    elif p.get("broken"):
        tags.append((label("tag.broken", lang), RED, TEXT))
    if seat in (view.get("rest") or []):
        tags.append((label("tag.rest", lang), PANEL_EDGE, TEXT))
    if active and not result:
        tags.append((label("tag.to_play", lang), st["bright"], TEXT))
    if to_int(view.get("start"), -1) == seat and not result:
        tags.append((label("tag.start", lang), TEXT_SOFT, DARK_TEXT))
    teams = view.get("teams")
    if isinstance(teams, list) and seat < len(teams) and not view.get("designed"):  # there: "Cloud · …" says it
        tags.append((label("tag.team", lang, team="AB"[to_int(teams[seat]) % 2]), PANEL_EDGE, TEXT))
    return tags


def stack_fact(view: dict, seat: int, lang: str) -> str:
    """The deployment stack: height and top unit only (the rest is private)."""
    stacks = {to_int(x.get("seat"), -1): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    sk = stacks.get(seat) or {}
    height = to_int(sk.get("height"))
    if height:
        top = section(sk, "top")
        return label("panel.stack_top", lang, n=height, top=unit_name(top.get("type"), lang))
    prep = section(view, "prep")
    tops = prep.get("tops") or {}
    if tops.get(str(seat)):
        return label("panel.stack_locked_top", lang, top=unit_name(tops[str(seat)], lang))
    if seat in (prep.get("locked") or []):
        return label("panel.stack_locked", lang)
    return ""


def unit_entries(view: dict, seat: int, lang: str) -> list[str]:
    """The seat's units on the map as the menus name them: name, hex, health."""
    out = []
    for u in view.get("units") or []:
        if not isinstance(u, dict) or to_int(u.get("owner"), -1) != seat or not u.get("pos"):
            continue
        key = "panel.unit_grouped" if u.get("grouped") else "panel.unit"
        out.append(label(key, lang, name=unit_name(u.get("type"), lang), hex=safe_text(u.get("pos")),
                         hp=to_int(u.get("hp"))))
    return out


def seat_block(d, box, view: dict, seat: int, seat_names, lang: str, compact: bool = False) -> float:
    """Draw (``d`` None: only measure) ``seat``'s block in ``box``: its letter, name,
    faction and tags; its Source, gate, fortress power and CP; its units on the map as the
    menus name them (name, hex, health). Returns its height. All of it is essential.
    ``compact``: without the faction's name (its letter and colour stay), for a crowded
    board."""
    x0, y0, x1, y1 = box
    p = player(view, seat)
    st = seat_style(view, seat)
    active = seat in (view.get("active") or [])
    result = section(view, "result") or None
    with legibility.essential():
        if d is not None:
            rounded_box(d, box, 10, fill=PANEL, outline=st["bright"] if active else PANEL_EDGE,
                        width=4 if active else 2)
            d.rounded_rectangle((x0 + 3, y0 + 3, x0 + 3 + STRIP, y1 - 3), radius=3, fill=st["bright"])
        lx, rx = x0 + STRIP + PAD, x1 - PAD
        f = font(BODY)
        row = Row(d, lx, rx, y0 + PAD - 6, max(line_height(NAME), TAG_H + 4), gap=10)
        br = 16
        row.add(2 * br, lambda x, cy: _letter_disc(d, x + br, cy, br, st))
        row.text(seat_name(seat_names, seat, lang), NAME, st["light"])
        if not compact:
            row.text(faction_name(faction_of(view, seat), lang), BODY, TEXT_SOFT)
        for text, fill, tfill in _tags(view, seat, p, active, result, lang):
            w = f.getlength(text) + 16
            row.add(w, lambda x, cy, t=text, fl=fill, tf=tfill, w=w: _tag(d, x, cy, w, t, fl, tf))
        row.lh = max(row.lh, line_height(BIG) - 4)
        numbers(row, p, st, lang)
        units = unit_entries(view, seat, lang)
        if units:
            row.newline(line_height(BODY))
            row.sep, row.gap = SEP, 0
            for u in units:
                row.text(u, BODY, TEXT)
        return row.end() + PAD - 8 - y0


def seat_details(view: dict, seat: int, seat_names, infl: dict, model: MapModel, lang: str) -> list[str]:
    """The facts of a seat that the board leaves to the private picture: its mark, its
    advancements, CP, builds, relics, the die, the stack, the barracks, what stands beside
    the fortress, the heroes out and its influence."""
    p = player(view, seat)
    out = []
    mark = p.get("mark")
    if mark is not None and to_int(mark, -1) >= 0:
        out.append(label("panel.marks", lang, letter=seat_style(view, mark)["letter"],
                         name=seat_name(seat_names, to_int(mark), lang)))
    for aid, lv in list((p.get("advancements") or {}).items())[:3]:
        out.append(label("panel.advancement", lang, name=name("advancements", aid, lang), level=to_int(lv)))
    out += _facts(view, seat, p, lang)
    gs = sorted((g for g in infl.get(seat, set()) if g in model.numbers),
                key=lambda g: (to_int(group_number(model, g), 99), g))
    numbers = ", ".join(group_number(model, g) for g in gs) or label("panel.none", lang)
    out.append(label("panel.influence_of", lang, mats=numbers))
    return out


def _facts(view: dict, seat: int, p: dict, lang: str) -> list[str]:
    """A seat's short facts after the advancements: builds, relics, the die, the
    stack, the barracks, what stands beside the fortress, the heroes out."""
    facts = []
    if p.get("lb_allowance") is not None:
        facts.append(label("panel.builds", lang, used=to_int(p.get("limited_builds")),
                           allowed=to_int(p.get("lb_allowance"))))
    facts.append(label("panel.relics", lang, n=to_int(p.get("relic_count"))))
    if p.get("die_used"):
        facts.append(label("panel.die_used", lang))
    sf = stack_fact(view, seat, lang)
    if sf:
        facts.append(sf)
    if p.get("barracks") or p.get("spire_barracks"):
        facts.append(barracks_text(p, lang))
    beside = p.get("beside") or []
    if beside:
        facts.append(label("panel.beside", lang, names=", ".join(any_name(b, lang) for b in beside)))
    removed = p.get("heroes_removed") or []
    if removed:
        facts.append(label("panel.heroes_out", lang, names=", ".join(unit_name(b, lang) for b in removed)))
    return facts


def _letter_disc(d, cx, cy, r, st) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=st["bright"], outline=TEXT, width=2)
    d.text((cx, cy), st["letter"], font=font(TITLE), fill=TEXT, anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)


def _tag(d, x, cy, w, text, fill, tfill) -> None:
    d.rounded_rectangle((x, cy - TAG_H / 2, x + w, cy + TAG_H / 2), radius=TAG_H / 2, fill=fill)
    d.text((x + w / 2, cy), text, font=font(BODY), fill=tfill, anchor="mm")


def numbers(row: Row, p: dict, st: dict, lang: str) -> None:
    """The big numbers: Source (and its cap), gate health, fortress power, CP, as one
    piece of ``row`` (on the line so far if they fit there, else on the next)."""
    big, small = font(BIG), font(BODY)
    ir = 15
    src = str(to_int(p.get("source")))
    cap = p.get("cap")
    ct = f"/{to_int(cap)}" if cap is not None else ""
    broken = bool(p.get("broken"))
    gt = "X" if broken else str(to_int(p.get("gate")))
    words = [(label("panel.power", lang, n=to_int(p.get("power"))), GOLD),
             (label("panel.cp", lang, n=to_int(p.get("cp"))), TEXT)]
    fw = font(BODY + 2)
    parts = [ir * 1.6 + 6 + big.getlength(src) + 2 + small.getlength(ct), 2 * ir + 8 + big.getlength(gt)]
    parts += [fw.getlength(w) for w, _c in words]
    gap = 14

    def draw(x, cy):
        d = row.d
        diamond(d, x + ir * 0.8, cy, ir)
        xx = x + ir * 1.6 + 6
        d.text((xx, cy), src, font=big, fill=TEXT, anchor="lm")
        if ct:
            d.text((xx + big.getlength(src) + 2, cy + BIG * 0.18), ct, font=small, fill=TEXT_SOFT, anchor="lm")
        x += parts[0] + gap
        gate_icon(d, x + ir, cy, ir, st["bright"], broken, width=2)
        d.text((x + 2 * ir + 8, cy), gt, font=big, fill=RED if broken else TEXT, anchor="lm")
        x += parts[1] + gap
        for (w, colour), pw in zip(words, parts[2:]):
            d.text((x, cy), w, font=fw, fill=colour, anchor="lm")
            x += pw + gap

    row.add(sum(parts) + gap * (len(parts) - 1), draw)
