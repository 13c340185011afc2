"""The board's text parts: the header, one panel per player and the market."""

from __future__ import annotations

from render.common import (
    DARK_TEXT,
    GOLD,
    PANEL,
    PANEL_EDGE,
    RED,
    TEXT,
    TEXT_SOFT,
    draw_text,
    ellipsize,
    fit_font,
    font,
    rounded_box,
    safe_text,
    wrap_text,
)

from .layout import MARKET_ROW, MapModel, group_number, market_tiles
from .names import (
    any_name,
    earthscape_number,
    faction_name,
    label,
    market_facts,
    name,
    ordinal,
    seat_name,
    unit_name,
)
from .sprites import diamond, gate_icon
from .style import CHIPS, LABEL_CHIP, MARKET_EDGE, MAT_EDGE, faction_of, player, section, seat_style, to_int

# ---------------------------------------------------------------- header


def _active_text(view: dict, seat_names, lang: str) -> str:
    phase = view.get("phase")
    act = [a for a in (view.get("active") or []) if isinstance(a, int)]
    turn = view.get("turn") if isinstance(view.get("turn"), dict) else None
    if phase == "onslaught" and turn:
        seat = to_int(turn.get("seat"))
        return label("header.turn", lang, name=seat_name(seat_names, seat, lang),
                     step=label(f"step.{turn.get('step')}", lang))
    if not act:
        return ""
    if len(act) == 1:
        return label("header.waiting_for", lang, name=seat_name(seat_names, act[0], lang))
    return label("header.waiting_for_n", lang, n=len(act))


def draw_header(d, box, view: dict, seat_names, lang: str) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 12, fill=PANEL)
    cy = (y0 + y1) / 2
    wave, last = to_int(view.get("wave")), to_int(view.get("last_wave"))
    phase = view.get("phase")
    text = label("header.wave_of", lang, wave=wave, last=last) if last else label("header.wave", lang, wave=wave)
    f = font(24)
    w = f.getlength(text) + 22
    rounded_box(d, (x0 + 10, cy - 18, x0 + 10 + w, cy + 18), 18, fill=TEXT)
    d.text((x0 + 10 + w / 2, cy), text, font=f, fill=DARK_TEXT, anchor="mm")
    x = x0 + 10 + w + 14
    result = section(view, "result") or None
    if phase == "over" or result:
        winners = [w_ for w_ in (result or {}).get("winners") or [] if isinstance(w_, int)]
        names = label("header.and", lang).join(seat_name(seat_names, w_, lang) for w_ in winners)
        names = names or label("header.nobody", lang)
        reason = label(f"reason.{(result or {}).get('reason')}", lang)
        text = label("header.over_one" if len(winners) == 1 else "header.over_many", lang, names=names)
        fnt, text = fit_font(text, x1 - x - 230, (26, 24, 22, 20))
        d.text((x, cy - 1), text, font=fnt, fill=GOLD, anchor="lm")
        draw_text(d, (x1 - 14, cy), label("header.by", lang, reason=reason), font(20), TEXT_SOFT, anchor="rm",
                  max_width=220)
        return
    ptxt = label(f"phase.{phase}", lang) if phase is not None else ""
    f2 = font(26)
    d.text((x, cy), ptxt, font=f2, fill=TEXT, anchor="lm")
    x += f2.getlength(ptxt) + 16
    rnd = to_int(view.get("round"))
    if phase == "onslaught" and rnd:
        rt = label("header.round", lang, n=rnd)
        d.text((x, cy + 2), rt, font=font(18), fill=TEXT_SOFT, anchor="lm")
        x += font(18).getlength(rt) + 16
    act = _active_text(view, seat_names, lang)
    right = _header_right(view, lang)
    rw = font(17).getlength(right) if right else 0
    maxw = x1 - x - 14 - (min(rw, 300) + 16 if right else 0)
    if act and maxw > 40:
        fnt, act = fit_font(safe_text(act), maxw, (20, 18, 16))
        act_col = seat_style(view, (view.get("turn") or {}).get("seat") if view.get("turn") else
                             (view.get("active") or [0])[0] if view.get("active") else 0)["light"]
        d.text((x, cy), act, font=fnt, fill=act_col, anchor="lm")
    if right:
        draw_text(d, (x1 - 14, cy), right, font(17), TEXT_SOFT, anchor="rm", max_width=300)


def _header_right(view: dict, lang: str) -> str:
    pend = [p for p in view.get("pending") or [] if isinstance(p, dict)]
    if pend:
        p = pend[0]
        return label("header.pending", lang, letter=seat_style(view, p.get("seat"))["letter"],
                     kind=label(f"pending.{p.get('kind')}", lang))
    if view.get("teams"):
        return label("header.teams", lang)
    return ""


# ---------------------------------------------------------------- player panels

PANEL_STYLES = {
    # roomy: 2-player boards; compact: 3-4 players
    "roomy": {"badge": 15, "name": 21, "line": 14, "row": 50, "big": 40, "small": 14, "adv": 13,
              "adv_h": 24, "facts": 14, "facts_h": 20, "tag": 12},
    "compact": {"badge": 12, "name": 18, "line": 12, "row": 36, "big": 29, "small": 12, "adv": 12,
                "adv_h": 20, "facts": 12, "facts_h": 17, "tag": 11},
}


def _panel_tags(view: dict, seat: int, p: dict, active: bool, result: dict | None, lang: str) -> list[tuple]:
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


def _stack_fact(view: dict, seat: int, lang: str, short: bool = False) -> str:
    """The deployment stack: height and top unit only (the rest is private)."""
    stacks = {to_int(x.get("seat"), -1): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    sk = stacks.get(seat) or {}
    height = to_int(sk.get("height"))
    if height:
        if short:
            return label("panel.stack", lang, n=height)
        top = sk.get("top") if isinstance(sk.get("top"), dict) else {}
        return label("panel.stack_top", lang, n=height, top=unit_name(top.get("type"), lang))
    prep = section(view, "prep")
    tops = prep.get("tops") or {}
    if tops.get(str(seat)):
        if short:
            return label("panel.stack_locked", lang)
        return label("panel.stack_locked_top", lang, top=unit_name(tops[str(seat)], lang))
    if seat in (prep.get("locked") or []):
        return label("panel.stack_locked", lang)
    return ""


def draw_player_panel(d, box, view: dict, seat: int, seat_names, infl: dict, model: MapModel, lang: str) -> None:
    x0, y0, x1, y1 = box
    p = player(view, seat)
    st = seat_style(view, seat)
    active = seat in (view.get("active") or [])
    result = section(view, "result") or None
    sty = PANEL_STYLES["roomy" if (y1 - y0) >= 230 else "compact"]
    compact = sty is PANEL_STYLES["compact"]
    rounded_box(d, box, 12, fill=PANEL, outline=st["bright"] if active else PANEL_EDGE,
                width=3 if active else 2)
    d.rounded_rectangle((x0 + 2, y0 + 2, x0 + 9, y1 - 2), radius=4, fill=st["bright"])
    lx, rx = x0 + 16, x1 - 8
    # --- name row: letter badge, name, tags
    y = y0 + (6 if compact else 8)
    br = sty["badge"]
    d.ellipse((lx, y, lx + 2 * br, y + 2 * br), fill=st["bright"], outline=TEXT, width=2)
    d.text((lx + br, y + br), st["letter"], font=font(int(br * 1.25)), fill=TEXT, anchor="mm",
           stroke_width=1, stroke_fill=MAT_EDGE)
    tf = font(sty["tag"])
    tx = rx
    th = sty["tag"] + 7
    for text, fill, tfill in _panel_tags(view, seat, p, active, result, lang):
        w = tf.getlength(text) + 10
        if tx - w < lx + 2 * br + 60:
            break
        d.rounded_rectangle((tx - w, y + br - th / 2, tx, y + br + th / 2), radius=th / 2, fill=fill)
        d.text((tx - w / 2, y + br), text, font=tf, fill=tfill, anchor="mm")
        tx -= w + 4
    nx = lx + 2 * br + 7
    name_ = seat_name(seat_names, seat, lang)
    fnt, name_ = fit_font(name_, max(20, tx - nx - 6), (sty["name"], sty["name"] - 2, sty["name"] - 4))
    d.text((nx, y + br), name_, font=fnt, fill=st["light"], anchor="lm")
    fac = faction_name(faction_of(view, seat), lang)
    if compact:  # the faction name after the player's name, if there is room
        fx = nx + fnt.getlength(name_) + 8
        if tx - fx > 40:
            draw_text(d, (fx, y + br + 1), fac, font(11), TEXT_SOFT, anchor="lm", max_width=tx - fx - 6)
    y += 2 * br + (3 if compact else 5)
    mark = p.get("mark")
    mark_txt = ""
    if mark is not None and to_int(mark, -1) >= 0:
        mark_txt = label("panel.marks", lang, letter=seat_style(view, mark)["letter"],
                         name=seat_name(seat_names, to_int(mark), lang))
    if not compact:
        line = fac + (f"  \u2192 {mark_txt}" if mark_txt else "")
        draw_text(d, (lx, y), line, font(sty["line"]), TEXT_SOFT, max_width=rx - lx)
        y += sty["line"] + 7
    y = _draw_numbers(d, lx, rx, y, p, st, sty, lang)
    # --- advancements: three structures, three pegs each
    adv = p.get("advancements") or {}
    items = list(adv.items())[:3]
    if items:
        colw = (rx - lx) / len(items)
        af = font(sty["adv"])
        pr = max(4, sty["adv"] // 3 + 1)
        for i, (aid, lv) in enumerate(items):
            ax = lx + i * colw
            cy_ = y + sty["adv_h"] / 2 - 1
            for k in range(3):
                px_ = ax + pr + k * (2 * pr + 2)
                on = k < to_int(lv)
                d.ellipse((px_ - pr, cy_ - pr, px_ + pr, cy_ + pr), fill=GOLD if on else PANEL_EDGE,
                          outline=MAT_EDGE)
            tx0 = ax + 3 * (2 * pr + 2) + 3
            draw_text(d, (tx0, cy_), name("advancements", aid, lang), af, TEXT, anchor="lm",
                      max_width=colw - (tx0 - ax) - 4)
        y += sty["adv_h"]
    # --- small facts
    facts = []
    if compact and mark_txt:
        facts.append("\u2192 " + mark_txt)
    sf = _stack_fact(view, seat, lang, short=compact)
    if sf and compact:
        facts.append(sf)
    facts.append(label("panel.cp", lang, n=to_int(p.get("cp"))))
    if p.get("lb_allowance") is not None:
        facts.append(label("panel.builds", lang, used=to_int(p.get("limited_builds")),
                           allowed=to_int(p.get("lb_allowance"))))
    if not compact or to_int(p.get("relic_count")):
        facts.append(label("panel.relics", lang, n=to_int(p.get("relic_count"))))
    if sf and not compact:
        facts.append(sf)
    if p.get("die_used") and not compact:
        facts.append(label("panel.die_used", lang))
    ff = font(sty["facts"])
    # keep a line for the influence row below
    y = _flow_text(d, lx, y, rx, facts, ff, TEXT_SOFT, y1 - 4 - sty["facts_h"] - 2, line_h=sty["facts_h"])
    # --- influence: the numbers of the mats within this player's influence
    gs = sorted((g for g in infl.get(seat, set()) if g in model.numbers),
                key=lambda g: (to_int(group_number(model, g), 99), g))
    ih = sty["facts_h"]
    if y + ih <= y1 - 3:
        f = font(sty["facts"] - 1)
        cy_ = y + ih / 2 - 1
        head = label("panel.influence", lang)
        d.text((lx, cy_), head, font=f, fill=TEXT_SOFT, anchor="lm")
        ix = lx + f.getlength(head) + 6
        for g in gs:
            lab = group_number(model, g)
            w = max(ih - 3, f.getlength(lab) + 8)
            if ix + w > rx:
                break
            d.rounded_rectangle((ix, cy_ - (ih - 3) / 2, ix + w, cy_ + (ih - 3) / 2), radius=(ih - 3) / 2,
                                fill=LABEL_CHIP)
            d.text((ix + w / 2, cy_), lab, font=f, fill=DARK_TEXT, anchor="mm")
            ix += w + 3
        if not gs:
            d.text((ix, cy_), label("panel.none", lang), font=f, fill=TEXT_SOFT, anchor="lm")
        y += ih + 2
    _draw_reserves(d, lx, rx, y, y1, p, sty, compact, lang)


def _draw_numbers(d, lx, rx, y, p: dict, st: dict, sty: dict, lang: str) -> float:
    """The big numbers: Source (and its cap), gate health, fortress power."""
    row_h = sty["row"]
    big = font(sty["big"])
    small = font(sty["small"])
    cyr = y + row_h / 2
    cx = lx
    ir = row_h * 0.3
    diamond(d, cx + ir * 0.8, cyr, ir)
    cx += ir * 1.6 + 5
    src = str(to_int(p.get("source")))
    d.text((cx, cyr), src, font=big, fill=TEXT, anchor="lm")
    cx += big.getlength(src) + 2
    cap = p.get("cap")
    if cap is not None:
        t = f"/{to_int(cap)}"
        d.text((cx, cyr + sty["big"] * 0.2), t, font=small, fill=TEXT_SOFT, anchor="lm")
        cx += small.getlength(t)
    cx += 14
    gate_icon(d, cx + ir, cyr, ir, st["bright"], bool(p.get("broken")))
    cx += 2 * ir + 6
    gt = "X" if p.get("broken") else str(to_int(p.get("gate")))
    d.text((cx, cyr), gt, font=big, fill=RED if p.get("broken") else TEXT, anchor="lm")
    cx += big.getlength(gt) + 14
    pf = font(sty["small"] + 2)
    pw = label("panel.power", lang, n=to_int(p.get("power")))
    if cx + pf.getlength(pw) <= rx:
        d.text((cx, cyr + 2), pw, font=pf, fill=GOLD, anchor="lm")
    return y + row_h + 2


def _draw_reserves(d, lx, rx, y, y1, p: dict, sty: dict, compact: bool, lang: str) -> None:
    """Beside the barracks, heroes out, barracks (when there is room)."""
    lf = font(sty["facts"] - 1)
    lh = sty["facts_h"] - 2
    beside = [b for b in p.get("beside") or []]
    if beside and y + lh <= y1 - 4:
        y = _wrap_lines(d, lx, y, rx, label("panel.beside", lang, names=", ".join(any_name(b, lang) for b in beside)),
                        lf, TEXT_SOFT, y1 - 4, line_h=lh)
    removed = p.get("heroes_removed") or []
    if removed and y + lh <= y1 - 4:
        y = _wrap_lines(d, lx, y, rx, label("panel.heroes_out", lang,
                                            names=", ".join(unit_name(b, lang) for b in removed)),
                        lf, TEXT_SOFT, y1 - 4, line_h=lh)
    bar = p.get("barracks") or {}
    sbar = p.get("spire_barracks") or {}
    if (bar or sbar) and y + lh <= y1 - 4:
        nm = sum(max(0, to_int(v)) for v in bar.values())
        ns = sum(max(0, to_int(v)) for v in sbar.values())
        if compact or y + 4 * lh > y1 - 4:
            draw_text(d, (lx, y), label("panel.barracks", lang, minions=nm, spires=ns), lf, TEXT_SOFT,
                      max_width=rx - lx)
        else:  # roomy: what is left, by type
            none = label("panel.none", lang)
            mins = ", ".join(f"{unit_name(t, lang)} {to_int(v)}" for t, v in bar.items() if to_int(v) > 0)
            sps = ", ".join(f"{name('spires', t, lang)} {to_int(v)}" for t, v in sbar.items() if to_int(v) > 0)
            y = _wrap_lines(d, lx, y, rx, label("panel.minions_left", lang, names=mins or none), lf, TEXT_SOFT,
                            y1 - 4 - lh, line_h=lh, max_lines=2)
            _wrap_lines(d, lx, y, rx, label("panel.spires_left", lang, names=sps or none), lf, TEXT_SOFT, y1 - 4,
                        line_h=lh, max_lines=2)


def _flow_text(d, x0, y, x1, items, fnt, fill, y_max, line_h=18, sep="  \u00b7  ") -> float:
    """Items separated by dots, wrapped onto as many lines as fit; returns the next y."""
    x = x0
    sw = fnt.getlength(sep)
    drawn_any = False
    if y + line_h > y_max:
        return y
    for it in items:
        it = safe_text(it)
        w = fnt.getlength(it)
        if drawn_any and x + sw + w > x1:
            y += line_h
            x = x0
            drawn_any = False
            if y + line_h > y_max:
                return y
        if drawn_any:
            d.text((x, y), sep, font=fnt, fill=PANEL_EDGE, anchor="la")
            x += sw
        s = ellipsize(it, fnt, x1 - x)
        d.text((x, y), s, font=fnt, fill=fill, anchor="la")
        x += fnt.getlength(s)
        drawn_any = True
    return y + line_h


def _wrap_lines(d, x0, y, x1, text, fnt, fill, y_max, line_h=16, max_lines=2) -> float:
    n = max(1, min(max_lines, int((y_max - y) // line_h)))
    for line in wrap_text(safe_text(text), fnt, x1 - x0, n):
        d.text((x0, y), line, font=fnt, fill=fill, anchor="la")
        y += line_h
    return y


# ---------------------------------------------------------------- market


def draw_market(d, box, view: dict, lang: str) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 12, fill=PANEL, outline=PANEL_EDGE, width=2)
    mk = section(view, "market")
    d.text((x0 + 12, y0 + 17), label("market.title", lang), font=font(16), fill=TEXT, anchor="lm")
    sup = view.get("supply") or {}
    cx = x1 - 10
    for ch in "fra":
        info = CHIPS[ch]
        t = f"{info['letter']} {to_int(sup.get(ch))}"
        w = font(12).getlength(t) + 10
        d.rounded_rectangle((cx - w, y0 + 8, cx, y0 + 26), radius=4, fill=info["fill"], outline=MAT_EDGE)
        d.text((cx - w / 2, y0 + 17), t, font=font(12), fill=info["text"], anchor="mm")
        cx -= w + 4
    d.text((cx - 4, y0 + 17), label("market.chip_supply", lang), font=font(11), fill=TEXT_SOFT, anchor="rm")
    tiles = market_tiles(view)
    n = len(tiles)
    ty0 = y0 + 32
    if n <= 4:  # one chip per row, with its type
        for i, tile in enumerate(tiles):
            ty = ty0 + i * MARKET_ROW
            _market_tile(d, (x0 + 10, ty, x1 - 10, ty + MARKET_ROW - 3), tile, mk, lang, wide=True)
        y = ty0 + n * MARKET_ROW + 4
    else:  # two columns
        rows = (n + 1) // 2
        tw = (x1 - x0 - 20 - 6) / 2
        for i, tile in enumerate(tiles):
            col, row = i % 2, i // 2
            tx = x0 + 10 + col * (tw + 6)
            ty = ty0 + row * MARKET_ROW
            _market_tile(d, (tx, ty, tx + tw, ty + MARKET_ROW - 3), tile, mk, lang, wide=False)
        y = ty0 + rows * MARKET_ROW + 4
    ev = section(view, "event")
    cur = ev.get("current")
    lasting = [x for x in ev.get("lasting") or []]
    f = font(13)
    lines = []
    if cur:
        lines.append((label("market.event", lang, name=name("events", cur, lang)), GOLD))
    if lasting:
        lines.append((label("market.lasting", lang, names=", ".join(name("events", x, lang) for x in lasting)),
                      TEXT_SOFT))
    if not lines:
        lines.append((label("market.no_event", lang), TEXT_SOFT))
    for line, col in lines[:2]:
        draw_text(d, (x0 + 12, y), line, f, col, max_width=x1 - x0 - 24)
        y += 18
    piles = label("market.piles", lang, market=to_int(mk.get("supply")), earthscapes=to_int(mk.get("earthscape_pile")),
                  landmarks=to_int(view.get("landmark_pile")), relics=to_int(view.get("relic_deck")),
                  events=to_int(ev.get("deck")))
    _wrap_lines(d, x0 + 12, y, x1 - 10, piles, font(11), TEXT_SOFT, y1 - 2, line_h=14)


def _market_tile(d, box, tile, mk: dict, lang: str, wide: bool) -> None:
    kind, ident = tile
    x0, y0, x1, y1 = box
    if kind == "chip":
        mtype, cost = market_facts(ident)
        name_, sub, edge = name("market", ident, lang), label(f"market.type.{mtype}", lang), MARKET_EDGE[mtype]
        fill = (48, 56, 72)
    else:
        bought = bool(mk.get("earthscape_bought"))
        edge, fill = (134, 184, 96), ((40, 60, 48) if not bought else (40, 44, 52))
        if ident:
            name_ = name("earthscapes", ident, lang)
            sub = label("market.bought", lang) if bought else label("market.earthscape_n", lang,
                                                                     n=earthscape_number(ident))
            cost = None if bought else mk.get("earthscape_cost")
        else:
            name_, sub, cost = label("market.no_earthscape", lang), "", None
    rounded_box(d, box, 6, fill=fill, outline=edge, width=2)
    cy = (y0 + y1) / 2
    r = 8
    if cost is not None:
        ccx = x0 + r + 5
        diamond(d, ccx, cy, r + 2)
        d.text((ccx, cy), str(to_int(cost)), font=font(12), fill=DARK_TEXT, anchor="mm")
    tx = x0 + 2 * r + 10
    right = x1 - 6
    if sub and (wide or kind == "es"):
        sf = font(11)
        sw = sf.getlength(sub)
        if not wide:
            sub = ellipsize(sub, sf, (x1 - x0) * 0.4)
            sw = sf.getlength(sub)
        d.text((right, cy), sub, font=sf, fill=TEXT_SOFT, anchor="rm")
        right -= sw + 8
    draw_text(d, (tx, cy), name_, font(13 if wide else 12), TEXT, anchor="lm", max_width=right - tx)
