"""The side column of the board, right of the battlefield: the status box (status.py) and one
box per player (its hand, discard and lost counts, its morale marker on a small track, its
command zone as tiles with the revealed and face-up cards named, the commands and defences
its units carry, the modifiers in force); the shared helpers of the boxes (``boxed``, seat
and unit names, the seat the game waits for). Every function takes ``d`` None to measure and
returns the y under what it drew. What a move needs is drawn inside
``legibility.essential()`` at BODY size."""

from __future__ import annotations

from render import legibility
from render.common import GOLD, TEXT, TEXT_SOFT, rounded_box

from . import names as N
from . import widgets as WG
from .style import (BODY, BUFF, COMMAND, DEBUFF, DEFENCE, FACE_UP, PAD, PANEL, PANEL_EDGE, REVEALED, SIDE_X0,
                    SIDE_X1, line_h, player, section, to_int, units)
from .text import Flow, fit, width

X0, X1 = SIDE_X0, SIDE_X1
IX0, IX1 = X0 + PAD, X1 - PAD
PHASES = ("move", "engage", "heal")  # phase kinds of a command in progress (content phases)
LH = line_h(BODY)
TILE_W, TILE_H = 34, 40


def boxed(d, y: float, draw, fill=PANEL, outline=PANEL_EDGE, width: int = 2, x0: float = X0,
          x1: float = X1) -> float:
    """``draw(d, y) -> y`` inside a rounded box ``x0..x1`` from ``y``; returns the y under it."""
    bottom = draw(None, y + PAD - 2) + PAD - 2
    if d is not None:
        rounded_box(d, (x0, y, x1, bottom), radius=12, fill=fill, outline=outline, width=width)
        draw(d, y + PAD - 2)
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


# ---------------------------------------------------------------- a player's box


def _title(f: Flow, view: dict, seat: int, seat_names, lang: str, style: dict, on_move: bool) -> None:
    marks = ("\u25b6 " if on_move else "") + ("\u265b " if seat in (section(view, "result").get("winners") or [])
                                               else "")
    name = N.seat_name(seat_names, seat, lang)
    fid = player(view, seat).get("faction")
    faction = N.faction_name(fid, lang) if fid else ""
    room = IX1 - IX0 - width(marks, BODY)
    if faction and width(name, BODY) + width(faction, BODY) + f.gap <= room:
        f.word(marks + name, BODY, style["light"])
        f.word(faction, BODY, TEXT_SOFT)
    else:  # the colour tells the faction; the name gets the line
        f.word(marks + fit(name, BODY, room), BODY, style["light"])
    f.newline()


def _resources(f: Flow, view: dict, seat: int, lang: str, level: int) -> None:
    p = player(view, seat)
    f.word(N.label("hand_n", lang, n=to_int(p.get("hand_count"))), BODY, TEXT)
    f.sep()
    f.word(N.label("discard", lang, n=to_int(p.get("discard_count"))), BODY, TEXT)
    if level >= 4:  # the morale line runs on
        f.sep()
    else:
        f.newline()


def _morale(f: Flow, view: dict, seat: int, lang: str, style: dict, level: int) -> None:
    """The marker on its track (a bar: the marker in the faction colour, draw squares framed
    blue, the collapse square red) and, with the Morale expansion, the pile and the rally cost."""
    p = player(view, seat)
    morale = section(view, "morale")
    mseats = morale.get("seats") or []
    mside = mseats[seat] if seat < len(mseats) and isinstance(mseats[seat], dict) else {}
    marker = to_int(mside.get("marker"), to_int(p.get("track")))
    track = mside.get("track") or {}
    collapse = to_int(track.get("collapse"), to_int(p.get("collapse"), 12))
    draw_sq = list(track.get("draw") or []) if morale.get("expansion") else []
    f.word(N.label("morale_of", lang, n=marker, max=collapse), BODY, TEXT)
    lost = len(p.get("units_lost") or [])
    if lost:
        f.sep()
        f.word(N.label("lost_n", lang, n=lost), BODY, TEXT_SOFT)
    if morale.get("expansion") and mside:
        f.sep()
        f.word(N.label("pile", lang, n=to_int(mside.get("pile"))), BODY, TEXT_SOFT)
        if mside.get("rally_cost") is not None:
            f.sep()
            f.word(N.label("rally_n", lang, n=to_int(mside.get("rally_cost"))), BODY, TEXT_SOFT)
    f.newline()
    y = f.y
    if f.d is not None:
        WG.track_bar(f.d, IX0, IX1, y + 1, y + 13, marker, collapse, draw_sq, style["edge"])
    f.y = y + 18
    mods = [(k, to_int(v)) for k, v in (mside.get("modifiers") or {}).items() if to_int(v)]
    if mods:
        if level < 4:
            f.word(N.label("in_force", lang), BODY, TEXT_SOFT)
        for k, v in mods:
            f.word(N.label("mod." + k, lang, n=f"{v:+d}".replace("-", "\u2212")), BODY,
                   BUFF if (v < 0) == (k == "cost") else DEBUFF)
        f.newline()


def _zone(f: Flow, view: dict, seat: int, lang: str, named: bool = True) -> None:
    """The command zone: a tile per card (a back with "?", gold when revealed, teal when staged
    face up; its tokens as a gold number), then the cards whose faces are public, by name."""
    zone = [e for e in player(view, seat).get("zone") or [] if isinstance(e, dict)]
    lh, f.lh = f.lh, TILE_H + 4
    f.word(N.label("zone_short", lang), BODY, TEXT_SOFT)
    for e in zone:
        w = max(TILE_W, WG.zone_tile(None, 0, 0, TILE_W, TILE_H, e))
        f.piece(w, lambda x, cy, e=e, w=w: WG.zone_tile(f.d, x, cy - TILE_H / 2, w, TILE_H, e))
    f.newline()
    f.lh = lh
    for e in zone:
        if e.get("card") is None or not named:
            continue
        colour = REVEALED if e.get("revealed") else FACE_UP
        n = to_int(e.get("tokens"))
        f.word(N.command_name(e["card"], lang) + (f" {WG.DOT}{n}" if n else ""), BODY, colour)
        f.newline()


def _carried(f: Flow, view: dict, seat: int, lang: str, level: int) -> None:
    """The command each unit executes (with its tokens and phase) and the defence on it; on a
    crowded board (``level`` 1) without the phase, (``level`` 3) not at all: the tokens' marks
    show them."""
    if level >= 3:
        return
    for u in units(view):
        if to_int(u.get("seat"), -1) != seat:
            continue
        for key, colour, icon in (("command", COMMAND, WG.card_mark), ("defence", DEFENCE, WG.shield)):
            b = u.get(key)
            if isinstance(b, dict) and b.get("card"):
                f.piece(22, lambda x, cy, icon=icon: icon(f.d, x + 10, cy, 10))
                f.word(str(u.get("uid")), BODY, colour)
                f.word(N.command_name(b["card"], lang), BODY, colour)
                if to_int(b.get("tokens")):
                    f.word(f"{WG.DOT}{b['tokens']}", BODY, GOLD)
                if key == "command" and b.get("phase") in PHASES and level == 0:  # its phase (ES-ACT-6)
                    f.word("(" + N.label("phase." + b["phase"], lang) + ")", BODY, colour)
                f.newline()
    f.newline()


#: how crowded a board may be before each box says less (board.py picks the first that fits)
LEVELS = (0, 1, 2, 3, 4)


def player_panel(d, y: float, view: dict, seat: int, seat_names, lang: str, style: dict, level: int = 0) -> float:
    """A player's box; ``level`` > 0 on a crowded board: 1 drops the phases of the commands in
    progress, 2 the names of the public command-zone cards (their tiles stay, and the private
    sheets name them), 3 the list of the cards units carry (their tokens' marks stay), 4
    runs the counts and the modifiers on without line breaks or labels."""
    on_move = view.get("phase") not in ("over", "select") and acting_seat(view) == seat

    def draw(dd, yy):
        with legibility.essential():
            f = Flow(dd, IX0, IX1, yy, LH, gap=8)
            _title(f, view, seat, seat_names, lang, style, on_move)
            _resources(f, view, seat, lang, level)
            _morale(f, view, seat, lang, style, level)
            _zone(f, view, seat, lang, level < 2)
            _carried(f, view, seat, lang, level)
            return f.end()

    return boxed(d, y, draw, fill=style["tint"], outline=style["edge"] if on_move else PANEL_EDGE,
                 width=4 if on_move else 2)
