"""The boxes around the battlefield: one panel per player (hand and discard counts, the
morale track, the command zone, the units on the battlefield named in full with their cards,
the units lost, the morale zone with the modifiers in force) and the legend; the shared
helpers of the boxes (``boxed``, seat and unit names, the seat the game waits for). Every
function takes ``d`` None to measure and returns the y under what it drew."""

from __future__ import annotations

from render.common import GOLD, TEXT, TEXT_SOFT, rounded_box

from . import names as N
from . import widgets as WG
from .style import (BODY, BUFF, COMMAND, DEBUFF, DEFENCE, FACE_UP, GAP, MARGIN, PAD, PANEL, PANEL_EDGE, POWER, SMALL,
                    TITLE, W, line_h, player, section, to_int, units)
from .text import Flow, put

X0, X1 = MARGIN, W - MARGIN
IX0, IX1 = X0 + PAD, X1 - PAD
PHASES = ("move", "engage", "heal")  # phase kinds of a command in progress (content phases)
LH = line_h(BODY)


def boxed(d, y: float, draw, fill=PANEL, outline=PANEL_EDGE, width: int = 2) -> float:
    """``draw(d, y) -> y`` inside a rounded box from ``y``; returns the y under the box."""
    bottom = draw(None, y + PAD) + PAD
    if d is not None:
        rounded_box(d, (X0, y, X1, bottom), radius=14, fill=fill, outline=outline, width=width)
        draw(d, y + PAD)
    return bottom


def who(view: dict, seat: int, seat_names, lang: str) -> str:
    """``Alice (Empire)``."""
    factions = view.get("factions") or []
    name = N.seat_name(seat_names, seat, lang)
    if 0 <= seat < len(factions) and factions[seat]:
        return N.label("who", lang, name=name, faction=N.faction_name(factions[seat], lang))
    return name


def acting_seat(view: dict) -> int:
    """The seat the game waits for: the pending decision's, the vanguard mover, else the
    active player."""
    pend = section(view, "pending")
    if pend:
        return to_int(pend.get("seat"), -1)
    if view.get("phase") == "vanguard" and section(view, "vanguard"):
        return to_int(section(view, "vanguard").get("to_move"), -1)
    return to_int(view.get("active"), -1)


def unit_label(view: dict, uid: object, lang: str) -> str:
    """``u3 Legionary`` for a uid of the view (anything else as it is)."""
    u = next((u for u in units(view) if u.get("uid") == uid), None)
    return f"{uid} {N.unit_name(u['card'], lang)}" if u else str(uid)


# ---------------------------------------------------------------- a player's panel


def _unit_line(f: Flow, u: dict, lang: str, style: dict) -> None:
    card = u["card"]
    hp = to_int(u.get("hp"), N.unit(card)["hp"])
    f.word(str(u.get("uid")), BODY, style["light"])
    f.word(N.unit_name(card, lang), BODY, TEXT)
    f.word(str(u.get("cell")), BODY, TEXT_SOFT)
    power = u.get("power", N.unit(card)["power"])
    f.piece(WG.power_badge(None, 0, 0, power, BODY), lambda x, cy: WG.power_badge(f.d, x, cy, power, BODY))
    f.word(f"{WG.HEART}{max(0, hp - to_int(u.get('wounds')))}/{hp}", BODY, (252, 165, 165))
    if u.get("acted"):
        f.word(WG.CHECK, BODY, TEXT_SOFT)
    for key, colour in (("defence", DEFENCE), ("command", COMMAND)):
        b = u.get(key)
        if isinstance(b, dict) and b.get("card"):
            extra = f" {WG.DOT}{b['tokens']}" if to_int(b.get("tokens")) else ""
            if key == "command" and b.get("phase") in PHASES:  # the phase it is at (ES-ACT-6)
                extra += " (" + N.label("phase." + b["phase"], lang) + ")"
            f.word(N.label(key + "_on", lang, card=N.command_name(b["card"], lang)) + extra, BODY, colour)
    f.newline()


def _morale_zone(f: Flow, side: dict, lang: str) -> None:
    for kind, colour in (("own_buff", BUFF), ("enemy_debuff", DEBUFF)):
        for e in side.get(kind) or []:
            c = N.morale_card(e["card"], lang)
            state = e.get("state", "up")
            text = c["name"] + ("" if state == "up" else f" ({N.label('state.' + state, lang)})")
            ink = colour if state == "up" else TEXT_SOFT
            f.piece(WG.pill_w(text, BODY), lambda x, cy, t=text, k=ink, o=colour: WG.pill(
                f.d, x, cy, t, BODY, PANEL, k, outline=o))


def player_panel(d, y: float, view: dict, seat: int, seat_names, lang: str, style: dict) -> float:
    p = player(view, seat)
    morale = section(view, "morale")
    mseats = morale.get("seats") or []
    mside = mseats[seat] if seat < len(mseats) and isinstance(mseats[seat], dict) else {}
    acting = acting_seat(view)
    on_move = view.get("phase") not in ("over", "select") and acting == seat

    def draw(dd, yy):
        name = N.seat_name(seat_names, seat, lang)
        f = Flow(dd, IX0, IX1, yy, line_h(TITLE))
        if on_move:
            f.word("\u25b6", TITLE, GOLD)
        if seat in (section(view, "result").get("winners") or []):
            f.word("\u265b", TITLE, GOLD)
        f.word(name, TITLE, style["light"])
        if p.get("faction"):
            f.word(N.faction_name(p["faction"], lang), BODY, TEXT_SOFT)
        yy = f.end()
        f = Flow(dd, IX0, IX1, yy)
        f.word(N.label("hand", lang, n=to_int(p.get("hand_count")), units=to_int(p.get("hand_units")),
                       commands=to_int(p.get("hand_commands"))), BODY, TEXT)
        f.sep()
        f.word(N.label("discard", lang, n=to_int(p.get("discard_count"))), BODY, TEXT)
        yy = f.end() + 4
        marker = to_int(mside.get("marker"), to_int(p.get("track")))
        track = mside.get("track") or {}
        collapse = to_int(track.get("collapse"), to_int(p.get("collapse"), 12))
        draw_sq = list(track.get("draw") or []) if morale.get("expansion") else []
        lw = WG.width(N.label("morale", lang), SMALL) + 10
        put(dd, (IX0, yy + 22), N.label("morale", lang), SMALL, TEXT_SOFT, "lm")
        if dd is not None:
            WG.track(dd, IX0 + lw, IX1, yy + 22, marker, collapse, draw_sq, style["edge"])
        yy += 44 + GAP
        zone = [e for e in p.get("zone") or [] if isinstance(e, dict)]
        put(dd, (IX0, yy + LH / 2), N.label("zone", lang, n=len(zone)), BODY, TEXT_SOFT, "lm")
        yy += LH
        if zone:
            f = Flow(dd, IX0, IX1, yy, WG.MINI_H + 8, gap=8)
            for e in zone:
                f.piece(WG.MINI_W, lambda x, cy, e=e: WG.mini_card(dd, x, cy - WG.MINI_H / 2, e, lang))
            yy = f.end()
        mine = [u for u in units(view) if to_int(u.get("seat"), -1) == seat]
        yy += 4
        put(dd, (IX0, yy + LH / 2), N.label("units", lang, n=len(mine)), BODY, TEXT_SOFT, "lm")
        yy += LH
        f = Flow(dd, IX0 + 10, IX1, yy, gap=10)
        for u in mine:
            _unit_line(f, u, lang, style)
        lost = [N.unit_name(c, lang) for c in p.get("units_lost") or []]
        if lost:
            f.word(N.label("lost", lang, n=len(lost)), BODY, TEXT_SOFT)
            f.word(", ".join(lost), SMALL + 2, TEXT_SOFT)
        yy = f.end()
        if morale.get("expansion") and mside:
            yy += 4
            f = Flow(dd, IX0, IX1, yy)
            f.word(N.label("morale_zone", lang, n=to_int(mside.get("pile"))), BODY, TEXT_SOFT)
            if mside.get("rally_cost") is not None:
                f.sep()
                f.word(N.label("rally_cost", lang, n=to_int(mside.get("rally_cost"))), BODY, TEXT_SOFT)
            yy = f.end()
            f = Flow(dd, IX0, IX1, yy, LH + 6, gap=8)
            _morale_zone(f, mside, lang)
            yy = f.end()
            mods = [(k, to_int(v)) for k, v in (mside.get("modifiers") or {}).items() if to_int(v)]
            if mods:
                f = Flow(dd, IX0, IX1, yy)
                f.word(N.label("in_force", lang), BODY, TEXT_SOFT)
                for k, v in mods:
                    f.word(N.label("mod." + k, lang, n=f"{v:+d}".replace("-", "\u2212")), BODY,
                           BUFF if (v < 0) == (k == "cost") else DEBUFF)
                yy = f.end()
        return yy

    return boxed(d, y, draw, fill=style["tint"], outline=style["edge"] if on_move else PANEL_EDGE,
                 width=4 if on_move else 2)


def legend(d, y: float, view: dict, lang: str) -> float:
    """What the marks mean."""
    def draw(dd, yy):
        f = Flow(dd, IX0, IX1, yy, line_h(SMALL), gap=16)
        f.piece(WG.power_badge(None, 0, 0, 2, SMALL), lambda x, cy: WG.power_badge(dd, x, cy, 2, SMALL))
        items = [(N.label('legend.power', lang), POWER),
                 (f"{WG.HEART} {N.label('legend.hp', lang)}", (252, 165, 165)),
                 (f"{WG.CHECK} {N.label('legend.acted', lang)}", TEXT_SOFT),
                 (N.label("legend.defence", lang), DEFENCE), (N.label("legend.command", lang), COMMAND),
                 (f"{WG.DOT} {N.label('legend.tokens', lang)}", GOLD), (N.label("legend.revealed", lang), GOLD)]
        if any(e.get("face_up") and not e.get("revealed") for p in view.get("players") or [] if isinstance(p, dict)
               for e in p.get("zone") or [] if isinstance(e, dict)):
            items.append((N.label("legend.face_up", lang), FACE_UP))  # ES-DEP-7
        if section(view, "terrain"):
            items += [(N.label("legend.height", lang), TEXT), (f"{WG.CLUB}n {N.label('legend.forest', lang)}",
                                                                (134, 239, 172)),
                      (N.label("terrain_deck", lang, n=to_int(section(view, "terrain").get("deck"))), TEXT_SOFT)]
        if section(view, "morale").get("expansion"):
            items += [(N.label("legend.draw", lang), (125, 211, 252)), (N.label("legend.buff", lang), BUFF),
                      (N.label("legend.debuff", lang), DEBUFF)]
        for text, colour in items:
            f.word(text, SMALL, colour)
        return f.end()

    return boxed(d, y, draw)


