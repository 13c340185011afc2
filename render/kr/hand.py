"""One seat's hand sheet (``private_png``), from the public view: hands are public in this
co-operative game, so the "private" picture is only the seat's own cards laid out large.

Top to bottom: the seat (colours, name, round and phase, done in phase 2); each tower card in
hand as a tile (name in the card's damage colour, family and level, then one row per attack:
its tiles as small squares in the card's frame with forward up, "+" between linked tiles,
soldiers as white discs, free-rotation and precise marks, and a 3x3 range diagram around the
card: a white arrow reaches 1 square, a gold double arrow 1 or 2); the pending-slot cards,
marked "next round"; the hero (health, move, melee or ranged, where it is, protection, the
wildcat for Alleria), its basic attack with its skill, and its abilities face up or face down
with their kind, text and attacks; a legend. Boxes are measured (``d`` None), then drawn."""

from __future__ import annotations

import math
from typing import Any, Mapping

from PIL import Image, ImageDraw

from engine.kr.content import HEROES, SHAPES, TOWERS
from render import legibility
from render.common import font, safe_text, to_png, wrap_text
from render.names import drawable

from . import names as N
from .checks import public_view
from .panels import PAD, X0, X1, Flow, swatch
from .style import (BG, BODY, DAMAGE_COLOURS, DONE, ESS, GOLD, MARGIN, MAX_H, PANEL, PANEL_EDGE, SMALL, SOLDIER,
                    TEXT, TEXT_SOFT, TITLE, W, Colour, check, fit_size, heart, ink_on, mix, player_colour, put, section,
                    text_w)

GAP = 10
SQ = 24                      # a tile square on a card
CELL = 32                    # a square of the 3x3 range diagram
DIAG = 3 * CELL
PER_ROW = 4                  # tower card tiles side by side (5 when a big hand needs it)
LINE = 24                    # one SMALL text line
RIGHT = 320                  # the attack column of a hero block
GREY, FREE = (120, 126, 140), (120, 220, 255)
KIND_COLOURS = {"instant": (250, 150, 60), "ongoing": (120, 200, 255), "protection": (110, 220, 140)}
DIRS = {"F": (0, -1), "FR": (1, -1), "R": (1, 0), "BR": (1, 1), "B": (0, 1), "BL": (-1, 1), "L": (-1, 0),
        "FL": (-1, -1)}   # card-frame direction -> step on the picture, forward up


def _seat_view(view: dict, seat: int) -> dict:
    v = public_view(view)
    seats = v.get("seats") or []
    if not isinstance(seat, int) or not 0 <= seat < len(seats) or not isinstance(seats[seat], dict):
        raise ValueError(f"no seat {seat!r} in this game")
    return v


def private_png(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of ``seat``'s hand sheet (its tower cards in hand and in the pending slot), drawn
    from the public view (a state is refused)."""
    return to_png(hand_image(_seat_view(view, seat), seat, seat_names, lang))


def hero_png(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of ``seat``'s hero sheet (health, move, its basic attack and abilities with their
    texts), drawn from the public view (a state is refused)."""
    return to_png(hero_image(_seat_view(view, seat), seat, seat_names, lang))


def _canvas(height: float) -> Image.Image:
    return Image.new("RGB", (W, int(min(MAX_H, max(height, 0.45 * W)))), BG)


def hand_image(view: dict, seat: int, seat_names: list[str] | None, lang: str) -> Image.Image:
    s = view["seats"][seat]
    count = len(s.get("hand") or []) + len(s.get("pending") or [])
    per = PER_ROW
    while True:   # a big hand goes five to a row rather than making the sheet taller
        height = _sheet(None, view, seat, seat_names, lang, per)
        if height <= MAX_H or per >= 5 or count <= PER_ROW:
            break
        per += 1
    img = _canvas(height)
    _sheet(ImageDraw.Draw(img), view, seat, seat_names, lang, per)
    return img


def hero_image(view: dict, seat: int, seat_names: list[str] | None, lang: str) -> Image.Image:
    def sheet(d, legend: bool) -> float:
        y = _header(d, MARGIN, view, seat, seat_names, lang, hero=True) + GAP
        y = _hero(d, y, view, seat, lang, named=False)
        return (_legend(d, y + GAP, lang) if legend else y) + MARGIN
    legend = sheet(None, True) <= MAX_H     # the legend is on the hand sheet too
    img = _canvas(sheet(None, legend))
    sheet(ImageDraw.Draw(img), legend)
    return img


def _sheet(d, view: dict, seat: int, seat_names, lang: str, per: int) -> float:
    s = view["seats"][seat]
    y = _header(d, MARGIN, view, seat, seat_names, lang) + GAP
    hand = [c for c in s.get("hand") or [] if c in TOWERS]
    pending = [c for c in s.get("pending") or [] if c in TOWERS]
    heading = N.label("hand.towers", lang, n=len(hand))
    if pending:
        heading += " \u00b7 " + N.label("hand.pending", lang, n=len(pending))
    y = _cards(d, y, [(c, False) for c in hand] + [(c, True) for c in pending], lang, heading, per)
    if _legend(None, y, lang) + MARGIN <= MAX_H:
        y = _legend(d, y, lang) + GAP
    return y + MARGIN - GAP


# ---------------------------------------------------------------- small pieces


def _panel(d, y0: float, y1: float) -> None:
    if d is not None:
        d.rounded_rectangle((X0, y0, X1, y1), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)


def _dmg(damage: str, lang: str) -> str:
    return N.label(f"hand.damage.{damage}", lang)


def _pill_w(text: str, size: int = ESS) -> float:
    return text_w(text, size) + 16


def _pill(d, x: float, cy: float, text: str, colour: Colour, size: int = ESS, solid: bool = False) -> None:
    w = _pill_w(text, size)
    d.rounded_rectangle((x, cy - size * 0.7, x + w, cy + size * 0.7), radius=int(size * 0.6),
                        fill=colour if solid else None, outline=colour, width=2)
    put(d, (x + w / 2, cy), text, size, ink_on(colour) if solid else colour, essential=True)


def _groups(attack: Mapping[str, Any]) -> list[tuple[tuple[int, int], ...]]:
    """The tiles as cell groups in the owner's frame (a fixed pattern of 1x1 tiles is one group)."""
    if attack.get("pattern"):
        return [tuple((int(c), int(r)) for c, r in attack["pattern"])]
    return [tuple(SHAPES[s]) for s in attack.get("tiles") or () if s in SHAPES]


def _tiles_size(groups, soldiers: int, linked: bool, sq: int) -> tuple[float, float]:
    w = h = 0.0
    for i, g in enumerate(groups):
        w += (18 if linked else 12) if i else 0
        w += (max(c for c, _ in g) + 1) * sq
        h = max(h, (max(r for _, r in g) + 1) * sq)
    if soldiers:
        w += (18 if linked else 12) if groups else 0
        w += soldiers * 20
        h = max(h, 20)
    return w, h


def _draw_tiles(d, x: float, y: float, h: float, groups, soldiers: int, linked: bool, sq: int,
                fill: Colour) -> None:
    edge = mix(fill, (255, 255, 255), 0.5)
    for i, g in enumerate(groups + [None] * bool(soldiers)):
        if i:
            if linked:
                put(d, (x + 9, y + h / 2), "+", BODY, GOLD)
            x += 18 if linked else 12
        if g is None:
            for k in range(soldiers):
                d.ellipse((x + k * 20 + 1, y + h / 2 - 8, x + k * 20 + 17, y + h / 2 + 8), fill=SOLDIER,
                          outline=(40, 40, 48), width=2)
            break
        oy = y + (h - (max(r for _, r in g) + 1) * sq) / 2
        for c, r in g:
            d.rectangle((x + c * sq, oy + r * sq, x + c * sq + sq - 2, oy + r * sq + sq - 2), fill=fill, outline=edge)
        x += (max(c for c, _ in g) + 1) * sq


def _diagram(d, x: float, y: float, attack: Mapping[str, Any], fill: Colour, hero: bool) -> None:
    """The 3x3 range diagram: the card (or hero) in the middle, forward up."""
    d.rounded_rectangle((x, y, x + DIAG, y + DIAG), radius=6, fill=(26, 30, 40), outline=PANEL_EDGE, width=2)
    for k in (1, 2):
        d.line((x + k * CELL, y + 3, x + k * CELL, y + DIAG - 3), fill=(52, 58, 72))
        d.line((x + 3, y + k * CELL, x + DIAG - 3, y + k * CELL), fill=(52, 58, 72))
    cx, cy = x + DIAG / 2, y + DIAG / 2
    if attack.get("precise") and not attack.get("arrows"):
        for r in (CELL * 1.35, CELL * 0.9):
            d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=GOLD, width=3)
    if attack.get("melee"):
        d.rectangle((cx - CELL / 2 + 2, cy - CELL / 2 + 2, cx + CELL / 2 - 2, cy + CELL / 2 - 2), outline=GOLD,
                    width=3)
    if hero:
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=fill, outline=TEXT, width=2)
    else:
        d.rectangle((cx - 7, cy - 9, cx + 7, cy + 9), fill=fill, outline=TEXT)
    d.polygon([(cx, cy - 13), (cx - 5, cy - 7), (cx + 5, cy - 7)], fill=TEXT)      # forward
    for a in attack.get("arrows") or ():
        dx, dy = DIRS.get(a.get("dir"), DIRS["F"])
        px, py = cx + dx * CELL, cy + dy * CELL
        if a.get("reach") == 2:
            _arrow(d, px, py, dx, dy, 14, GOLD, 2)
        else:
            _arrow(d, px, py, dx, dy, 13, TEXT)


def _arrow(d, cx: float, cy: float, dx: float, dy: float, r: float, fill: Colour, heads: int = 1) -> None:
    """An arrow centred on (cx, cy) pointing along (dx, dy): a shaft and one or two heads."""
    n = math.hypot(dx, dy) or 1
    ux, uy = dx / n, dy / n
    d.line((cx - ux * r, cy - uy * r, cx + ux * r * 0.3, cy + uy * r * 0.3), fill=fill, width=max(3, int(r / 3.5)))
    for k in range(heads):
        tx, ty = cx + ux * r * (1 - 0.75 * k), cy + uy * r * (1 - 0.75 * k)
        bx, by = tx - ux * r * 0.85, ty - uy * r * 0.85
        d.polygon([(tx, ty), (bx - uy * r * 0.6, by + ux * r * 0.6), (bx + uy * r * 0.6, by - ux * r * 0.6)],
                  fill=fill, outline=(20, 20, 24))


def _flags(attack: Mapping[str, Any], lang: str) -> list[tuple[str, Colour]]:
    out: list[tuple[str, Colour]] = []
    if attack.get("soldiers"):
        out.append((N.label("hand.soldiers", lang, n=attack["soldiers"]), SOLDIER))
    if attack.get("free"):
        out.append(("\u21bb " + N.label("hand.free", lang), FREE))
    if attack.get("precise"):
        out.append(("\u25ce " + N.label("hand.precise_short", lang), GOLD))
    for k in ("melee", "each", "distinct", "wildcat"):
        if attack.get(k):
            out.append((N.label(f"hand.flag.{k}", lang), TEXT_SOFT))
    if not _groups(attack) and not attack.get("soldiers"):
        out.append((N.label("hand.no_tiles", lang), TEXT_SOFT))
    return out


def attack_row(d, x0: float, x1: float, y: float, attack: Mapping[str, Any], fill: Colour, lang: str,
               hero: bool = False) -> float:
    """One attack between x0 and x1: tiles and marks on the left, the range diagram on the
    right; returns the y under it."""
    groups, n, linked = _groups(attack), int(attack.get("soldiers") or 0), bool(attack.get("linked"))
    room = x1 - DIAG - 10 - x0
    sq = SQ
    while sq > 9 and _tiles_size(groups, n, linked, sq)[0] > room:
        sq -= 1
    tw, th = _tiles_size(groups, n, linked, sq)
    if d is not None and th:
        _draw_tiles(d, x0, y + 2, th, groups, n, linked, sq, fill)
    f = Flow(d, x0, x0 + room, y + (th + 8 if th else 0), LINE)
    for text, colour in _flags(attack, lang):
        size = fit_size(text, SMALL, room, 16)
        f.word(text, size, colour, 12)
    if d is not None:
        _diagram(d, x1 - DIAG, y, attack, fill, hero)
    return max(y + DIAG, f.end())


# ---------------------------------------------------------------- boxes


def _header(d, y: float, view: dict, seat: int, seat_names, lang: str, hero: bool = False) -> float:
    """The seat's colours and name, which sheet this is, the round and phase, done in phase 2."""
    top = y
    if d is not None:
        _panel(d, top, _header(None, top, view, seat, seat_names, lang, hero))
    s = view["seats"][seat]
    f = Flow(d, X0 + PAD, X1 - PAD, y + PAD - 2, 38)
    with legibility.essential():
        for col in s.get("colours") or []:
            f.piece(24, swatch(col, 24), 4)
        name = N.seat_name(seat_names, seat, lang)
        hid = str(s.get("hero"))
        if hero and hid in HEROES:
            f.word(N.hero_name(hid, lang), TITLE, GOLD, 14)
            f.word(name, ESS, TEXT, 20)
        else:
            f.word(N.label("hand.title", lang, name=name), TITLE, GOLD, 20)
        phase = view.get("phase")
        line = N.label("round", lang, n=view.get("round", "?"))
        if phase != "over":
            line += " \u00b7 " + N.label("phase", lang, n=phase) + ": " + N.phase_name(phase, lang)
        f.word(line, ESS, TEXT_SOFT, 16)
        done = N.label("done", lang)
        if phase == 2 and s.get("done"):
            def draw_done(d: ImageDraw.ImageDraw, px: float, cy: float) -> None:
                check(d, px + 10, cy, 10)
                put(d, (px + 26, cy), done, ESS, DONE, "lm")
            f.piece(26 + text_w(done, ESS), draw_done)
        hid = str(s.get("hero"))
        if hero and hid in HEROES:
            f.newline()
            return _stats(d, y, view, hid, HEROES[hid], (view.get("heroes") or {}).get(hid) or {}, lang, f) + PAD - 4
    return f.end() + PAD - 4


def _card(d, x: float, y: float, card: str, lang: str, pending: bool, cw: float, h: float | None = None) -> float:
    """A tower card tile, ``cw`` wide, ``h`` tall when given; returns its height."""
    t = TOWERS[card]
    fill = DAMAGE_COLOURS.get(t["damage"], GREY)
    x1 = x + cw
    if d is not None:
        if h is None:
            raise TypeError("drawing a card needs its height (measure it first)")
        d.rounded_rectangle((x, y, x1, y + h), radius=10, fill=PANEL, outline=GOLD if pending else PANEL_EDGE,
                            width=3 if pending else 2)
        d.rounded_rectangle((x + 3, y + 3, x1 - 3, y + 42), radius=8, fill=fill)
    lvl, name = N.label("level", lang, n=N.level_text(card)), N.tower_name(card, lang)
    put(d, (x + PAD, y + 23), _clip(name, cw - 2 * PAD), fit_size(name, BODY, cw - 2 * PAD, ESS), TEXT, "lm",
        essential=True)
    f = Flow(d, x + PAD, x1 - PAD, y + 46, 34)
    fam = N.label(f"hand.family.{t['family']}", lang)
    with legibility.essential():
        f.word(lvl, ESS, GOLD, 10)
        f.word(fam, ESS, TEXT_SOFT, 10)
    dmg = _dmg(t["damage"], lang)
    f.piece(_pill_w(dmg), lambda d, px, cy: _pill(d, px, cy, dmg, fill, solid=True), 10)
    if pending:
        nr = N.label("hand.next_round", lang)
        f.piece(_pill_w(nr), lambda d, px, cy: _pill(d, px, cy, nr, GOLD), 10)
    yy = f.end() + 4
    for i, a in enumerate(t["attacks"]):
        if i and d is not None:
            d.line((x + PAD, yy - 5, x1 - PAD, yy - 5), fill=PANEL_EDGE, width=1)
        yy = attack_row(d, x + PAD, x1 - PAD, yy, a, fill, lang) + 10
    return yy - y


def _clip(text: str, width: float) -> str:
    """``text`` cut at a word with '…' when it is wider than ``width`` at ESS px."""
    if text_w(text, ESS) <= width:
        return text
    words = text.split()
    while len(words) > 1 and text_w(" ".join(words) + "\u2026", ESS) > width:
        words.pop()
    out = " ".join(words)
    while out and text_w(out + "\u2026", ESS) > width:
        out = out[:-1]
    return out + "\u2026"


def _cards(d, y: float, cards: list[tuple[str, bool]], lang: str, heading: str, per: int,
           bottom: float = MAX_H) -> float:
    """A heading and the cards as tiles, ``per`` to a row; cards that would pass ``bottom`` are
    named in a line under the last row that fits instead."""
    put(d, (X0 + 4, y + 16), heading, BODY, TEXT, "lm", essential=True)
    y += 36
    cw = (X1 - X0 - (per - 1) * GAP) / per
    for i in range(0, len(cards), per):
        row = cards[i:i + per]
        h = max(_card(None, 0, 0, c, lang, pending, cw) for c, pending in row)
        if i and y + h > bottom - 2 * LINE:
            f = Flow(d, X0 + 4, X1 - 4, y, 34)
            with legibility.essential():
                f.word(N.label("hand.more", lang, n=len(cards) - i), ESS, GOLD, 10)
                for c, pending in cards[i:]:
                    f.word(N.tower_name(c, lang) + " " + N.label("level", lang, n=N.level_text(c)), ESS,
                           GOLD if pending else TEXT, 20)
            return f.end() + GAP
        if d is not None:
            for k, (c, pending) in enumerate(row):
                _card(d, X0 + k * (cw + GAP), y, c, lang, pending, cw, h)
        y += h + GAP
    return y


def _block(d, y: float, title: str, tags: list[tuple[str, Colour, bool]], text: str, attacks, fill: Colour,
           lang: str, up: bool | None = None) -> float:
    """A hero's basic attack or ability: title, tags and text on the left, its attacks on
    the right, side by side (``up`` False: face down, drawn greyed)."""
    x0, x1 = X0 + PAD, X1 - PAD
    tx1 = x1 - (len(attacks) * (RIGHT + 14) if attacks else 0)
    f = Flow(d, x0, tx1, y + 2, 32)
    if up is not None:
        f.piece(18, lambda d, px, cy: d.rounded_rectangle((px, cy - 12, px + 18, cy + 12), radius=3,
                                                       fill=GOLD if up else (70, 74, 86),
                                                       outline=TEXT if up else GREY, width=2), 8)
    with legibility.essential():
        f.word(title, fit_size(title, BODY, tx1 - x0 - 30, ESS), TEXT if up is not False else TEXT_SOFT, 10)
    for word, colour, solid in tags:
        def draw_tag(d: ImageDraw.ImageDraw, px: float, cy: float, w: str = word, c: Colour = colour,
                     s: bool = solid) -> None:
            _pill(d, px, cy, w, c, solid=s)
        f.piece(_pill_w(word), draw_tag, 8)
    ly = f.end() + 2
    for line in wrap_text(safe_text(text), font(SMALL), tx1 - x0, 6):
        put(d, (x0, ly + LINE / 2), line, SMALL, TEXT_SOFT if up is not False else GREY, "lm")
        ly += LINE
    ry = y
    colour = fill if up is not False else mix(fill, GREY, 0.7)
    for k, a in enumerate(attacks):
        right = x1 - (len(attacks) - 1 - k) * (RIGHT + 14)
        ry = max(ry, attack_row(d, right - RIGHT, right, y, a, colour, lang, hero=True) + 8)
    return max(ly, ry) + 4


def _hero(d, y: float, view: dict, seat: int, lang: str, named: bool = True) -> float:
    """The hero block (its name first unless the sheet's header says it: ``named`` False)."""
    top = y
    if d is not None:
        _panel(d, top, _hero(None, top, view, seat, lang, named))
    hid = str(view["seats"][seat].get("hero"))
    spec, h = HEROES.get(hid), (view.get("heroes") or {}).get(hid) or {}
    y += PAD
    if spec is None:
        put(d, (X0 + PAD, y + 16), N.label("hand.no_hero", lang), BODY, TEXT_SOFT, "lm", essential=True)
        return y + 32 + PAD
    if named:
        put(d, (X0 + PAD, y + 16), N.hero_name(hid, lang), TITLE, GOLD, "lm", essential=True)
        y += 36
    if named:
        with legibility.essential():
            y = _stats(d, y, view, hid, spec, h, lang)
        y = _rule(d, y + 2)
    basic = spec["basic"]
    fill = DAMAGE_COLOURS.get(basic.get("damage"), GREY)
    skill = spec.get("skill") or {}
    colon = "\uff1a" if N.zh(lang) else ": "
    text = f"{N.skill_name(hid, lang)}{colon}{drawable(skill['text'], lang)}" if skill else ""
    y = _block(d, y, N.label("hand.basic", lang), [(_dmg(basic["damage"], lang), fill, True)], text,
               [basic], fill, lang)
    y = _rule(d, y + 2)
    put(d, (X0 + PAD, y + 14), N.label("hand.abilities", lang), BODY, GOLD, "lm", essential=True)
    y += 32
    faces = section(h, "abilities")
    for i, ab in enumerate(spec["abilities"]):
        if i:
            y = _rule(d, y, soft=True)
        up = bool(faces.get(ab["id"], True))
        fill = DAMAGE_COLOURS.get(ab.get("damage"), GREY)
        tags = [(N.label("hand.face_up" if up else "hand.face_down", lang), DONE if up else GREY, False),
                (N.label(f"hand.kind.{ab['kind']}", lang), KIND_COLOURS.get(ab["kind"], GREY), True)]
        if ab.get("damage"):
            tags.append((_dmg(ab["damage"], lang), fill, True))
        y = _block(d, y + 4, N.ability_name(ab["id"], lang), tags, drawable(ab["text"], lang),
                   ab.get("attacks") or (), fill, lang, up)
    return y + PAD - 4


def _stats(d, y: float, view: dict, hid: str, spec: Mapping[str, Any], h: Mapping[str, Any], lang: str,
           flow: Flow | None = None) -> float:
    """The hero's health, move, range, place and state (onto ``flow`` when given: the hero
    sheet's header); the wildcat's."""
    f = flow or Flow(d, X0 + PAD, X1 - PAD, y, 34)
    hp = N.label("hand.health", lang, h=h.get("health", spec["health"]), max=h.get("max", spec["health"]))

    def draw_health(d: ImageDraw.ImageDraw, px: float, cy: float) -> None:
        heart(d, px + 10, cy, 10)
        put(d, (px + 26, cy), hp, BODY, TEXT, "lm")
    f.piece(26 + text_w(hp, BODY), draw_health)
    f.word(N.label("hand.move", lang, n=spec["move"]), BODY)
    f.word(N.label(f"hand.range.{spec['range']}", lang), BODY, TEXT_SOFT)
    f.word(_where(h, lang), ESS, TEXT_SOFT)
    if h.get("protected"):
        f.word(N.label("hand.protected", lang), ESS, (110, 220, 140))
    if h.get("activated"):
        f.word(N.label("hand.acted", lang), ESS, GOLD)
    y = f.end()
    cat = (view.get("heroes") or {}).get("wildcat")
    if spec.get("wildcat") and isinstance(cat, dict):
        w = spec["wildcat"]
        line = N.label("hand.wildcat", lang, h=cat.get("health", w["health"]), max=cat.get("max", w["health"]),
                       n=w["move"], where=_where(cat, lang) if cat.get("cell") else N.label("hand.off_map", lang))
        put(d, (X0 + PAD, y + 16), line, ESS, TEXT_SOFT, "lm")
        y += 36
    return y


def _where(h: Mapping[str, Any], lang: str) -> str:
    if h.get("knocked_out"):
        return N.label("knocked_out", lang)
    if h.get("tray"):
        return N.label("on_tray", lang, cell=h.get("cell", "?"))
    if h.get("cell"):
        return N.label("on_cell", lang, cell=h["cell"])
    return N.label("on_board", lang)


def _rule(d, y: float, soft: bool = False) -> float:
    if d is not None:
        d.line((X0 + PAD, y + 4, X1 - PAD, y + 4), fill=(56, 62, 78) if soft else PANEL_EDGE, width=1 if soft else 2)
    return y + 10


def _legend(d, y: float, lang: str) -> float:
    f = Flow(d, X0 + 4, X1 - 4, y, 30)
    for dmg, col in DAMAGE_COLOURS.items():
        word = _dmg(dmg, lang)

        def draw_damage(d: ImageDraw.ImageDraw, px: float, cy: float, c: Colour = col, w: str = word) -> None:
            d.rectangle((px, cy - 8, px + 16, cy + 8), fill=c, outline=mix(c, (255, 255, 255), 0.5))
            put(d, (px + 22, cy), w, SMALL, TEXT_SOFT, "lm")
        f.piece(22 + text_w(word, SMALL), draw_damage)
    f.word(N.label("hand.legend_linked", lang), SMALL, GOLD)
    for key, r, colour, heads in (("hand.legend_single", 12, TEXT, 1), ("hand.legend_double", 13, GOLD, 2)):
        def draw_arrow(d: ImageDraw.ImageDraw, px: float, cy: float, key: str = key, r: int = r,
                       colour: Colour = colour, heads: int = heads) -> None:
            _arrow(d, px + 9, cy, 0, -1, r, colour, heads)
            put(d, (px + 26, cy), N.label(key, lang), SMALL, TEXT_SOFT, "lm")
        f.piece(26 + text_w(N.label(key, lang), SMALL), draw_arrow)
    f.word("\u25b2 " + N.label("hand.legend_forward", lang), SMALL, TEXT_SOFT)
    f.word("\u21bb " + N.label("hand.free", lang), SMALL, FREE)
    f.word("\u25ce " + N.label("hand.precise", lang), SMALL, GOLD)
    return f.end()
