"""One card per player under the map, the width of the board: name, faction and tags, the
big numbers (Source, gate, fortress power), then the facts wrapping line after line (mark,
advancements, CP, builds, relics, stack, barracks, influence) and the player's units on the
map, named with the hex and health the menus show.

``player_card`` takes a drawing context or None: with None it only measures, so the board
can lay its boxes out before drawing them."""

from __future__ import annotations

from render.common import DARK_TEXT, GOLD, PANEL, PANEL_EDGE, RED, TEXT, TEXT_SOFT, font, rounded_box, safe_text

from .layout import MapModel, group_number
from .names import any_name, faction_name, label, name, ordinal, seat_name, unit_name
from .sprites import diamond, gate_icon
from .style import BIG, BODY, LABEL_CHIP, MAT_EDGE, NAME, PAD, TITLE, faction_of, player, section, seat_style, to_int
from .text import Row, line_height

STRIP = 8  # the colour strip on the card's left edge
TAG_H = int(BODY * 1.4)
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
    if isinstance(teams, list) and seat < len(teams):
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


def player_card(d, box, view: dict, seat: int, seat_names, infl: dict, model: MapModel, lang: str) -> float:
    """Draw (``d`` None: only measure) ``seat``'s card in ``box``; returns its height."""
    x0, y0, x1, y1 = box
    p = player(view, seat)
    st = seat_style(view, seat)
    active = seat in (view.get("active") or [])
    result = section(view, "result") or None
    if d is not None:
        rounded_box(d, box, 14, fill=PANEL, outline=st["bright"] if active else PANEL_EDGE, width=4 if active else 2)
        d.rounded_rectangle((x0 + 3, y0 + 3, x0 + 3 + STRIP, y1 - 3), radius=4, fill=st["bright"])
    lx, rx = x0 + STRIP + PAD, x1 - PAD
    f = font(BODY)
    # --- name (wrapped if it must), faction, tags
    row = Row(d, lx, rx, y0 + PAD - 4, max(line_height(NAME), TAG_H + 8), gap=12)
    br = 20
    row.add(2 * br, lambda x, cy: _letter_disc(d, x + br, cy, br, st))
    row.text(seat_name(seat_names, seat, lang), NAME, st["light"])
    row.text(faction_name(faction_of(view, seat), lang), BODY, TEXT_SOFT)
    for text, fill, tfill in _tags(view, seat, p, active, result, lang):
        w = f.getlength(text) + 20
        row.add(w, lambda x, cy, t=text, fl=fill, tf=tfill, w=w: _tag(d, x, cy, w, t, fl, tf))
    # --- the big numbers
    row.newline(int(BIG * 1.22))
    _numbers(row, p, st, lang)
    # --- the facts: mark, advancements (three pegs each), CP, builds, relics, stack, influence
    row.newline(line_height(BODY))
    row.sep, row.gap = SEP, 0
    mark = p.get("mark")
    if mark is not None and to_int(mark, -1) >= 0:
        row.text(label("panel.marks", lang, letter=seat_style(view, mark)["letter"],
                       name=seat_name(seat_names, to_int(mark), lang)), BODY, TEXT)
    for aid, lv in list((p.get("advancements") or {}).items())[:3]:
        nm = name("advancements", aid, lang)
        row.add(3 * 19 + 6 + f.getlength(nm), lambda x, cy, nm=nm, lv=to_int(lv): _advancement(d, x, cy, nm, lv))
    for fact in _facts(view, seat, p, lang):
        row.text(fact, BODY, TEXT_SOFT)
    _influence(d, row, seat, infl, model, lang)
    # --- units on the map
    row.end()
    units = unit_entries(view, seat, lang)
    if units:
        row.text(label("panel.on_map", lang), BODY, TEXT_SOFT)
        row.x += 10
        for i, u in enumerate(units):
            row.text(u, BODY, TEXT, sep=i > 0)
    return row.end() + PAD - 6 - y0


def _facts(view: dict, seat: int, p: dict, lang: str) -> list[str]:
    """The card's short facts after the advancements: CP, builds, relics, the die, the
    stack, the barracks, what stands beside the fortress, the heroes out."""
    facts = [label("panel.cp", lang, n=to_int(p.get("cp")))]
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


def _influence(d, row: Row, seat: int, infl: dict, model: MapModel, lang: str) -> None:
    """Influence: the numbers of the mats within this player's influence, as chips kept on
    one line with their heading when they fit."""
    f = font(BODY)
    gs = sorted((g for g in infl.get(seat, set()) if g in model.numbers),
                key=lambda g: (to_int(group_number(model, g), 99), g))
    head = label("panel.influence", lang)
    chips = [(group_number(model, g), max(line_height(BODY) - 6, f.getlength(group_number(model, g)) + 14))
             for g in gs] or [(label("panel.none", lang), f.getlength(label("panel.none", lang)))]
    whole = f.getlength(head) + 8 + sum(w + 5 for _n, w in chips)
    if row.x > row.x0 and row.x + f.getlength(SEP) + whole > row.x1 and whole <= row.x1 - row.x0:
        row.newline()  # keep "influence" and its chips on one line
    row.text(head, BODY, TEXT_SOFT)
    row.x += 8
    row.gap = 5
    for n, w in chips:
        if gs:
            row.add(w, lambda x, cy, n=n, w=w: _chip(d, x, cy, w, n), sep=False)
        else:
            row.text(n, BODY, TEXT_SOFT, sep=False)
    row.gap = 0


def _letter_disc(d, cx, cy, r, st) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=st["bright"], outline=TEXT, width=2)
    d.text((cx, cy), st["letter"], font=font(TITLE), fill=TEXT, anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)


def _tag(d, x, cy, w, text, fill, tfill) -> None:
    d.rounded_rectangle((x, cy - TAG_H / 2, x + w, cy + TAG_H / 2), radius=TAG_H / 2, fill=fill)
    d.text((x + w / 2, cy), text, font=font(BODY), fill=tfill, anchor="mm")


def _chip(d, x, cy, w, text) -> None:
    ch = line_height(BODY) - 6
    d.rounded_rectangle((x, cy - ch / 2, x + w, cy + ch / 2), radius=ch / 2, fill=LABEL_CHIP)
    d.text((x + w / 2, cy), text, font=font(BODY), fill=DARK_TEXT, anchor="mm")


def _advancement(d, x, cy, nm: str, lv: int) -> None:
    pr = 8
    for k in range(3):
        px_ = x + pr + k * 19
        d.ellipse((px_ - pr, cy - pr, px_ + pr, cy + pr), fill=GOLD if k < lv else PANEL_EDGE, outline=MAT_EDGE)
    d.text((x + 3 * 19 + 6, cy), nm, font=font(BODY), fill=TEXT, anchor="lm")


def _numbers(row: Row, p: dict, st: dict, lang: str) -> None:
    """The big numbers: Source (and its cap), gate health, fortress power."""
    d = row.d
    big = font(BIG)
    small = font(BODY)
    ir = 15
    src = str(to_int(p.get("source")))
    cap = p.get("cap")
    ct = f"/{to_int(cap)}" if cap is not None else ""
    w = ir * 1.6 + 6 + big.getlength(src) + 2 + small.getlength(ct)

    def source(x, cy):
        diamond(d, x + ir * 0.8, cy, ir)
        xx = x + ir * 1.6 + 6
        d.text((xx, cy), src, font=big, fill=TEXT, anchor="lm")
        if ct:
            d.text((xx + big.getlength(src) + 2, cy + BIG * 0.18), ct, font=small, fill=TEXT_SOFT, anchor="lm")

    row.add(w, source)
    broken = bool(p.get("broken"))
    gt = "X" if broken else str(to_int(p.get("gate")))

    def gate(x, cy):
        gate_icon(d, x + ir, cy, ir, st["bright"], broken, width=2)
        d.text((x + 2 * ir + 8, cy), gt, font=big, fill=RED if broken else TEXT, anchor="lm")

    row.add(2 * ir + 8 + big.getlength(gt), gate)
    row.text(label("panel.power", lang, n=to_int(p.get("power"))), BODY + 4, GOLD)
