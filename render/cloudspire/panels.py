"""The text boxes other than the seat blocks: the header (status), the landmarks on the map,
the board's market strip and the private picture's full market. Each takes a drawing
context or None (None only measures) and returns the height it takes, so the pictures lay
their boxes out before drawing them."""

from __future__ import annotations

from render.common import DARK_TEXT, GOLD, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, font, rounded_box, safe_text

from .layout import market_tiles
from .names import earthscape_number, label, market_facts, name, seat_name
from .sprites import diamond
from .style import BODY, CHIPS, MARKET_EDGE, MAT_EDGE, PAD, TITLE, section, seat_style, to_int
from .text import Pen, Row, line_height, wrap

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


def _header_extra(view: dict, lang: str) -> str:
    pend = [p for p in view.get("pending") or [] if isinstance(p, dict)]
    if pend:
        p = pend[0]
        return label("header.pending", lang, letter=seat_style(view, p.get("seat"))["letter"],
                     kind=label(f"pending.{p.get('kind')}", lang))
    if view.get("teams") and not view.get("designed"):  # a designed game's strip says its objective
        return label("header.teams", lang)
    return ""


def designed_text(view: dict, lang: str) -> str:
    """A designed game's objective as it stands (the view's public ``designed`` block, CS-DM):
    what to do, how far it is, and whether it is met or failed; "" for other games."""
    block = section(view, "designed")
    ob = block.get("objective") if isinstance(block.get("objective"), dict) else {}
    if not block or not ob:
        return ""
    kind = ob.get("kind") if ob.get("kind") in ("survive", "break_gate", "protect_well", "endless") else "survive"
    text = label(f"dm.{kind}", lang, n=to_int(ob.get("target")), done=to_int(ob.get("progress")),
                 well=safe_text(ob.get("well") or ""))
    if kind == "endless":
        text = label("dm.endless", lang, n=to_int(ob.get("progress")))
    status = ob.get("status")
    if status in ("met", "failed"):
        text = label("dm.with_status", lang, objective=text, status=label(f"dm.status.{status}", lang))
    difficulty = block.get("difficulty")
    if difficulty in ("easy", "normal", "hard"):
        text = label("dm.with_difficulty", lang, objective=text, difficulty=label(f"dm.difficulty.{difficulty}", lang))
    return text


def header(d, x0: float, x1: float, y0: float, view: dict, seat_names, lang: str) -> float:
    """One strip across the board: wave, phase and round, whose turn it is (or who won),
    what is pending and the event."""
    phase = view.get("phase")
    result = section(view, "result") or None
    over = phase == "over" or bool(result)
    lines = []  # (text, size, colour)
    if over:
        winners = [w for w in (result or {}).get("winners") or [] if isinstance(w, int)]
        names = label("header.and", lang).join(seat_name(seat_names, w, lang) for w in winners)
        names = names or label("header.nobody", lang)
        lines.append((label("header.wins_one" if len(winners) == 1 else "header.wins_many", lang, names=names),
                      TITLE, GOLD))
        lines.append((label("header.by", lang, reason=label(f"reason.{(result or {}).get('reason')}", lang)),
                      BODY, TEXT_SOFT))
    else:
        act = _active_text(view, seat_names, lang)
        if act:
            t = view.get("turn") if isinstance(view.get("turn"), dict) else None
            seat = t.get("seat") if t else (view.get("active") or [0])[0]
            lines.append((act, BODY + 2, seat_style(view, seat)["light"]))
        extra = _header_extra(view, lang)
        if extra:
            lines.append((extra, BODY, TEXT_SOFT))
        cur = section(view, "event").get("current")
        if cur:
            lines.append((label("market.event", lang, name=name("events", cur, lang)), BODY, GOLD))
    objective = designed_text(view, lang)
    if objective:
        lines.append((objective, BODY, GOLD))
    # one strip: the wave pill, the phase and the round, then the lines above, wrapping
    wave, last = to_int(view.get("wave")), to_int(view.get("last_wave"))
    if section(view, "designed").get("mode") == "endless":
        last = 0  # endless: the waves go on (its hard cap is in the objective's words)
    wtext = label("header.wave_of", lang, wave=wave, last=last) if last else label("header.wave", lang, wave=wave)
    items = [(label(f"phase.{'over' if over else phase}", lang), TITLE, TEXT)] if phase is not None or over else []
    rnd = to_int(view.get("round"))
    if phase == "onslaught" and rnd and not over:
        items.append((label("header.round", lang, n=rnd), BODY, TEXT_SOFT))
    pf = font(TITLE)
    pw = pf.getlength(wtext) + 24
    ph = int(TITLE * 1.34)
    row = Row(d, x0 + PAD, x1 - PAD, y0 + 6, ph + 4, gap=20)

    def pill(x, cy):
        d.rounded_rectangle((x, cy - ph / 2, x + pw, cy + ph / 2), radius=ph / 2, fill=TEXT)
        d.text((x + pw / 2, cy), wtext, font=pf, fill=DARK_TEXT, anchor="mm")

    row.add(pw, pill)
    for text, size, colour in items + lines:
        row.text(text, size, colour)
    return row.end() + 6 - y0


def draw_header_box(d, box, view: dict, seat_names, lang: str) -> None:
    rounded_box(d, box, 10, fill=PANEL)
    header(d, box[0], box[2], box[1], view, seat_names, lang)

# ---------------------------------------------------------------- landmarks


def landmark_lines(view: dict, lang: str) -> list[tuple[str, tuple]]:
    """The revealed landmarks by name, with their hex and health (the face-down ones show
    their back on the map)."""
    out = []
    for lm in view.get("landmarks") or []:
        if not isinstance(lm, dict) or not lm.get("pos"):
            continue
        pos = safe_text(lm.get("pos"))
        if lm.get("revealed"):
            nm = name("landmarks", lm.get("type"), lang)
            if to_int(lm.get("max_hp")) > 0:
                out.append((label("landmarks.entry", lang, name=nm, hex=pos, hp=to_int(lm.get("hp"))), TEXT))
            else:
                out.append((label("landmarks.entry_inert", lang, name=nm, hex=pos), TEXT))
    return out


def landmarks_box(d, box, view: dict, lang: str) -> float:
    x0, y0, x1, _y1 = box
    if d is not None:
        rounded_box(d, box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    pen = Pen(d, x0 + PAD, x1 - PAD, y0 + PAD - 6)
    pen.flow([(label("landmarks.title", lang), TEXT_SOFT)] + landmark_lines(view, lang))
    return pen.y + PAD - 8 - y0


# ---------------------------------------------------------------- the board's market strip


def market_strip(d, box, view: dict, lang: str) -> float:
    """The market on the board (the Market phase): each face-up chip and the earthscape by
    name, with its cost on a Source diamond (types, supply and piles: the private picture)."""
    x0, y0, x1, _y1 = box
    if d is not None:
        rounded_box(d, box, 10, fill=PANEL, outline=PANEL_EDGE, width=2)
    mk = section(view, "market")
    row = Row(d, x0 + PAD, x1 - PAD, y0 + PAD - 6, line_height(BODY), gap=14)
    row.text(label("market.title", lang), BODY, TEXT_SOFT)
    f = font(BODY)
    dr = 17
    for kind, ident in market_tiles(view):
        cost: int | None
        if kind == "chip":
            nm, cost = name("market", ident, lang), market_facts(ident)[1]
            edge = MARKET_EDGE[market_facts(ident)[0]]
        elif ident:
            nm = name("earthscapes", ident, lang)
            cost = None if mk.get("earthscape_bought") else to_int(mk.get("earthscape_cost"))
            edge = (134, 184, 96)
        else:
            continue
        nm = safe_text(nm)
        w = 2 * dr + 6 + f.getlength(nm)
        row.add(w, lambda x, cy, nm=nm, cost=cost, edge=edge: _strip_tile(d, x, cy, dr, nm, cost, edge))
    return row.end() + PAD - 8 - y0


def _strip_tile(d, x, cy, dr, nm: str, cost, edge) -> None:
    f = font(BODY)
    if cost is not None:
        diamond(d, x + dr, cy, dr + 3)
        d.text((x + dr, cy), str(to_int(cost)), font=f, fill=DARK_TEXT,
               anchor="mm")
    else:
        d.ellipse((x + dr - 6, cy - 6, x + dr + 6, cy + 6), fill=edge)
    d.text((x + 2 * dr + 6, cy), nm, font=f, fill=TEXT, anchor="lm")

# ---------------------------------------------------------------- market


def market_box(d, box, view: dict, lang: str) -> float:
    """The market's face-up chips and earthscape with their costs, the chip supply, the
    event, the piles."""
    x0, y0, x1, _y1 = box
    if d is not None:
        rounded_box(d, box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    mk = section(view, "market")
    lx, rx = x0 + PAD, x1 - PAD
    lh = line_height(TITLE)
    y = y0 + PAD - 4
    title = label("market.title", lang)
    if d is not None:
        d.text((lx, y + lh / 2), title, font=font(TITLE), fill=TEXT, anchor="lm")
    # chip supply: right of the title if it fits, else on its own line
    sup = view.get("supply") or {}
    f = font(BODY)
    pills = [(f"{CHIPS[ch]['letter']} {to_int(sup.get(ch))}", CHIPS[ch]) for ch in "arf"]
    head = label("market.chip_supply", lang)
    sw = f.getlength(head) + 10 + sum(f.getlength(t) + 18 + 6 for t, _ in pills)
    sx = rx - sw
    if sx < lx + font(TITLE).getlength(title) + 20:
        y += lh
        sx = lx
    if d is not None:
        d.text((sx, y + lh / 2), head, font=f, fill=TEXT_SOFT, anchor="lm")
        px_ = sx + f.getlength(head) + 10
        for t, info in pills:
            w = f.getlength(t) + 18
            d.rounded_rectangle((px_, y + 4, px_ + w, y + lh - 4), radius=6, fill=info["fill"], outline=MAT_EDGE)
            d.text((px_ + w / 2, y + lh / 2), t, font=f, fill=info["text"], anchor="mm")
            px_ += w + 6
    y += lh + 4
    for tile in market_tiles(view):
        y = _market_tile(d, lx, rx, y, tile, mk, lang) + 5
    pen = Pen(d, lx, rx, y + 2)
    ev = section(view, "event")
    cur = ev.get("current")
    lasting = list(ev.get("lasting") or [])
    if cur:
        pen.text(label("market.event", lang, name=name("events", cur, lang)), fill=GOLD)
    if lasting:
        pen.text(label("market.lasting", lang, names=", ".join(name("events", x, lang) for x in lasting)),
                 fill=TEXT_SOFT)
    if not cur and not lasting:
        pen.text(label("market.no_event", lang), fill=TEXT_SOFT)
    pen.text(label("market.piles", lang, market=to_int(mk.get("supply")),
                   earthscapes=to_int(mk.get("earthscape_pile")), landmarks=to_int(view.get("landmark_pile")),
                   relics=to_int(view.get("relic_deck")), events=to_int(ev.get("deck"))), fill=TEXT_SOFT)
    return pen.y + PAD - 4 - y0


def _market_tile(d, lx, rx, y, tile, mk: dict, lang: str) -> float:
    """One tile: cost diamond, name, and its type on the right (or under the name)."""
    kind, ident = tile
    cost: int | None
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
    f = font(BODY)
    lh = line_height(BODY)
    dr = 17
    tx = lx + 12 + 2 * dr + 8
    inner = rx - 10 - tx
    sw = f.getlength(sub) if sub else 0
    one_line = f.getlength(name_) + (sw + 24 if sub else 0) <= inner
    name_lines = wrap(name_, BODY, inner)
    sub_lines = [] if one_line or not sub else wrap(sub, BODY, inner)
    h = max(lh, lh * (len(name_lines) + len(sub_lines))) + 6
    if d is not None:
        rounded_box(d, (lx, y, rx, y + h), 8, fill=fill, outline=edge, width=3)
        cy = y + h / 2
        if cost is not None:
            ccx = lx + 12 + dr * 0.8
            diamond(d, ccx, cy, dr + 2)
            d.text((ccx, cy), str(to_int(cost)), font=f, fill=DARK_TEXT, anchor="mm")
        ty = y + 3
        for line in name_lines:
            d.text((tx, ty + lh / 2), line, font=f, fill=TEXT, anchor="lm")
            ty += lh
        if one_line and sub:
            d.text((rx - 10, y + 3 + lh / 2), sub, font=f, fill=TEXT_SOFT, anchor="rm")
        for line in sub_lines:
            d.text((tx, ty + lh / 2), line, font=f, fill=TEXT_SOFT, anchor="lm")
            ty += lh
    return y + h
