"""One seat's private picture, from that seat's own view: the status box (whose turn, the
decision), then the seat's hand (unit cards as chips, every command card with its full
text; during the secret pick, the cards picked so far), its command zone (full faces with
tokens and reveal / staging turns), its discard pile (names), the general commands every
unit may use, the faction effects and, with the Morale expansion, its morale zone."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import TEXT, TEXT_SOFT

from . import cards as C
from . import names as N
from . import widgets as WG
from .board import seat_styles
from .panels import IX0, IX1, X0, X1, boxed, who
from .status import status
from .style import BG, BODY, GAP, MARGIN, SMALL, TITLE, W, line_h, player, section, to_int
from .text import Flow, paragraph, put

ROW_GAP = 8


def _heading(d, y: float, text: str, colour=TEXT) -> float:
    put(d, (X0 + 4, y + line_h(TITLE) / 2), text, TITLE, colour, "lm")
    return y + line_h(TITLE) + 4


def _none(d, y: float, lang: str) -> float:
    put(d, (X0 + 14, y + line_h(BODY) / 2), N.label("none", lang), BODY, TEXT_SOFT, "lm")
    return y + line_h(BODY)


def _hand(d, y: float, view: dict, seat: int, lang: str, style: dict) -> float:
    p = player(view, seat)
    raw = p.get("pick")
    pick = raw if isinstance(raw, dict) else None
    picking = pick is not None and view.get("phase") == "select"
    cards = list(pick.get("cards") or []) if pick is not None and picking else list(p.get("hand") or [])
    if picking:
        y = _heading(d, y, N.label("your_pick", lang, n=len(cards)), style["light"])
    else:
        y = _heading(d, y, N.label("your_hand", lang, n=len(cards)), style["light"])
    if not cards:
        return _none(d, y, lang)
    unit_cards = [c for c in cards if N.is_unit(c)]
    if unit_cards:
        f = Flow(d, X0, X1, y, 52, gap=8)
        for c in unit_cards:
            f.piece(C.unit_chip_w(c, lang), lambda x, cy, c=c: C.unit_chip(d, x, cy, c, lang, style["fill"]))
        y = f.end() + 4
    for c in cards:
        if not N.is_unit(c):
            y = C.command_row(d, X0, X1, y, c, lang) + ROW_GAP
    return y


def _zone(d, y: float, view: dict, seat: int, lang: str, style: dict) -> float:
    zone = [e for e in player(view, seat).get("zone") or [] if isinstance(e, dict)]
    y = _heading(d, y + GAP, N.label("your_zone", lang, n=len(zone)), style["light"])
    if not zone:
        return _none(d, y, lang)
    turn = to_int(view.get("turn"))
    for e in zone:
        if e.get("card") is None:  # not in the owner's own view
            continue
        y = C.command_row(d, X0, X1, y, e["card"], lang, entry=e, turn=turn) + ROW_GAP
    return y


def _discard(d, y: float, view: dict, seat: int, lang: str, style: dict) -> float:
    p = player(view, seat)
    pile = list(p.get("discard") or [])
    y = _heading(d, y + GAP, N.label("your_discard", lang, n=to_int(p.get("discard_count"), len(pile))),
                 style["light"])
    if not pile:
        return _none(d, y, lang)
    f = Flow(d, X0, X1, y, line_h(BODY) + 8, gap=8)
    for c in pile:
        name = N.card_name(c, lang)
        f.piece(WG.pill_w(name, BODY), lambda x, cy, t=name: WG.pill(d, x, cy, t, BODY, (58, 64, 80)))
    return f.end()


def _peek(d, y: float, view: dict, seat: int, seat_names, lang: str) -> float:
    """The opponent's command zone as this seat's view gives it: with the advanced rule off
    the opponent may look at the unrevealed cards (ES-ADV-2), so the view carries them."""
    zone = [e for e in player(view, 1 - seat).get("zone") or [] if isinstance(e, dict)]
    if not any(e.get("card") is not None and not e.get("revealed") for e in zone):
        return y
    y = _heading(d, y + GAP, N.label("their_zone", lang, name=N.seat_name(seat_names, 1 - seat, lang),
                                     n=len(zone)), TEXT)
    f = Flow(d, X0, X1, y, WG.MINI_H + 8, gap=8)
    for e in zone:
        f.piece(WG.MINI_W, lambda x, cy, e=e: WG.mini_card(d, x, cy - WG.MINI_H / 2, e, lang))
    return f.end()


def _generals(d, y: float, lang: str) -> float:
    y = _heading(d, y + GAP, N.label("generals", lang), TEXT)
    for g in N.generals():
        y = C.command_row(d, X0, X1, y, g, lang) + ROW_GAP
    return y


def _effects(d, y: float, view: dict, seat: int, lang: str) -> float:
    fid = player(view, seat).get("faction")
    if not fid:
        return y

    def draw(dd, yy):
        put(dd, (IX0, yy + line_h(BODY) / 2), N.label("faction_effects", lang, faction=N.faction_name(fid, lang)),
            BODY, TEXT_SOFT, "lm")
        yy += line_h(BODY)
        for name, text in N.effects(fid, lang):
            yy = paragraph(dd, IX0, IX1, yy, name, BODY, TEXT)
            yy = paragraph(dd, IX0 + 14, IX1, yy, text, SMALL + 2, TEXT_SOFT)
        return yy

    return boxed(d, y + GAP, draw)


def _morale(d, y: float, view: dict, seat: int, lang: str, style: dict) -> float:
    morale = section(view, "morale")
    seats = morale.get("seats") or []
    if not morale.get("expansion") or seat >= len(seats):
        return y
    side = seats[seat]
    entries = [(e["card"], e.get("state", "up")) for k in ("own_buff", "enemy_debuff") for e in side.get(k) or []]
    y = _heading(d, y + GAP, N.label("your_morale_zone", lang, n=len(entries)), style["light"])
    if not entries:
        return _none(d, y, lang)
    for card, state in entries:
        y = C.morale_row(d, X0, X1, y, card, state, lang) + ROW_GAP
    return y


def _draw(d, view: dict, seat: int, seat_names, lang: str) -> float:
    style = seat_styles(view)[seat]
    y = status(d, MARGIN, view, seat_names, lang) + GAP
    put(d, (X0 + 4, y + line_h(TITLE) / 2), N.label("private_of", lang, name=who(view, seat, seat_names, lang)),
        TITLE, style["light"], "lm")
    y += line_h(TITLE)
    f = Flow(d, X0 + 4, X1, y, line_h(SMALL) + 4, gap=8)
    f.piece(WG.power_badge(None, 0, 0, 2, SMALL), lambda x, cy: WG.power_badge(d, x, cy, 2, SMALL))
    f.word(N.label("legend.card_power", lang), SMALL, TEXT_SOFT)
    f.piece(30, lambda x, cy: WG.cost_mark(d, x + 15, cy, 1, SMALL))
    f.word(N.label("legend.cost", lang), SMALL, TEXT_SOFT)
    f.sep(SMALL)
    f.word(f"{WG.DOT} {N.label('legend.tokens', lang)}", SMALL, (250, 204, 21))
    f.sep(SMALL)
    f.word(N.label("legend.revealed", lang), SMALL, (250, 204, 21))
    y = f.end() + GAP
    y = _hand(d, y, view, seat, lang, style)
    y = _zone(d, y, view, seat, lang, style)
    y = _discard(d, y, view, seat, lang, style)
    y = _morale(d, y, view, seat, lang, style)
    y = _peek(d, y, view, seat, seat_names, lang)
    y = _generals(d, y, lang)
    y = _effects(d, y, view, seat, lang)
    return y + MARGIN


def private_image(view: dict, seat: int, seat_names, lang: str) -> Image.Image:
    height = int(_draw(None, view, seat, seat_names, lang))
    img = Image.new("RGB", (W, height), BG)
    _draw(ImageDraw.Draw(img), view, seat, seat_names, lang)
    return img
