"""The board's text boxes other than the player cards: the header, the landmarks on the
map and the market. Each takes a drawing context or None (None only measures) and
returns the height it takes, so the board lays its boxes out before drawing them."""

from __future__ import annotations

from render.common import DARK_TEXT, GOLD, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, font, rounded_box, safe_text

from .layout import market_tiles
from .names import earthscape_number, label, market_facts, name, seat_name
from .sprites import diamond
from .style import BODY, CHIPS, MARKET_EDGE, MAT_EDGE, PAD, TITLE, section, seat_style, to_int
from .text import Pen, line_height, wrap

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
    if view.get("teams"):
        return label("header.teams", lang)
    return ""


def header(d, x0: float, x1: float, y0: float, view: dict, seat_names, lang: str) -> float:
    """Wave and phase, then whose turn it is (or who won), then what is pending."""
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
    # first line: the wave pill, the phase and the round, wrapping if they must
    wave, last = to_int(view.get("wave")), to_int(view.get("last_wave"))
    wtext = label("header.wave_of", lang, wave=wave, last=last) if last else label("header.wave", lang, wave=wave)
    items = [label(f"phase.{'over' if over else phase}", lang)] if phase is not None or over else []
    rnd = to_int(view.get("round"))
    if phase == "onslaught" and rnd and not over:
        items.append(label("header.round", lang, n=rnd))
    lx, rx = x0 + PAD, x1 - PAD
    y = y0 + PAD
    pf = font(TITLE)
    pw = pf.getlength(wtext) + 28
    ph = int(TITLE * 1.5)
    if d is not None:
        d.rounded_rectangle((lx, y, lx + pw, y + ph), radius=ph / 2, fill=TEXT)
        d.text((lx + pw / 2, y + ph / 2), wtext, font=pf, fill=DARK_TEXT, anchor="mm")
    x = lx + pw + 16
    for i, text in enumerate(items):  # the phase, then the round: on the pill's line if they fit
        size = TITLE if i == 0 else BODY
        w = font(size).getlength(text)
        if x + w > rx:
            y += ph + 4
            x = lx
        if d is not None:
            d.text((x, y + ph / 2), text, font=font(size), fill=TEXT if i == 0 else TEXT_SOFT, anchor="lm")
        x += w + 16
    pen = Pen(d, lx, rx, y + ph + 6)
    for text, size, colour in lines:
        pen.text(text, size, colour)
    return pen.y + PAD - 4 - y0


def draw_header_box(d, box, view: dict, seat_names, lang: str) -> None:
    rounded_box(d, box, 14, fill=PANEL)
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
    pen = Pen(d, x0 + PAD, x1 - PAD, y0 + PAD - 4)
    pen.text(label("landmarks.title", lang), TITLE, TEXT)
    pen.flow(landmark_lines(view, lang))
    return pen.y + PAD - 4 - y0

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
