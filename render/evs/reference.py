"""The blocks of a seat's reference pages (private.py lays them out in columns): the full
texts the sheet cut, the discard pile, both morale zones, the opponent's command zone when
the seat may look (ES-ADV-2), the general commands, the faction effects and the legend of
the board's marks. Each block draws itself ``x0..x1`` wide from ``y`` and returns the y under
it; with ``d`` None it only measures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from render import legibility
from render.common import GOLD, TEXT, TEXT_SOFT

from . import cards as C
from . import names as N
from . import widgets as WG
from .board import seat_styles
from .style import (BODY, BUFF, COMMAND, DEBUFF, DEFENCE, DRAW_SQUARE, FACE_UP, FOREST_MARK, POWER, SMALL,
                    line_h, player, section, to_int)
from .text import Flow, paragraph

Draw = Callable[[object, float, float, float], float]
ROW_GAP = 6


@dataclass
class Block:
    draw_fn: Draw

    def height(self, width: float) -> float:
        return self.draw_fn(None, 0, width, 0)

    def draw(self, d, x: float, y: float, width: float) -> float:
        return self.draw_fn(d, x, x + width, y)


def _heading(d, x0: float, x1: float, y: float, text: str, colour=TEXT) -> float:
    with legibility.essential():
        return paragraph(d, x0, x1, y, text, BODY, colour) + 2


def _rows(title: str, colour, cards: list[str], lang: str, turn: int = 0) -> list[Block]:
    """A heading and a card a block (the first card with the heading), so a long list goes on
    in the next column."""
    def card(c: str, heading: bool) -> Block:
        def draw(d, x0, x1, y):
            if heading:
                y = _heading(d, x0, x1, y, title, colour)
            return C.command_row(d, x0, x1, y, c, lang, turn=turn) + ROW_GAP
        return Block(draw)
    return [card(c, i == 0) for i, c in enumerate(cards)]


def _discard(view: dict, seat: int, lang: str, colour) -> Block:
    p = player(view, seat)
    pile = list(p.get("discard") or [])

    def draw(d, x0, x1, y):
        y = _heading(d, x0, x1, y, N.label("your_discard", lang, n=to_int(p.get("discard_count"), len(pile))),
                     colour)
        f = Flow(d, x0, x1, y, line_h(BODY) + 6, gap=6)
        with legibility.essential():
            for c in pile:
                name = N.card_name(c, lang)
                f.piece(WG.pill_w(name, BODY), lambda x, cy, t=name: WG.pill(d, x, cy, t, BODY, (58, 64, 80)))
            if not pile:
                f.word(N.label("none", lang), BODY, TEXT_SOFT)
        return f.end()
    return Block(draw)


def _morale(view: dict, seat: int, title: Callable[[int], str], lang: str, colour) -> list[Block]:
    """A seat's morale zone: a heading, then a card a block (the first with the heading)."""
    morale = section(view, "morale")
    seats = morale.get("seats") or []
    if not morale.get("expansion") or seat >= len(seats) or not isinstance(seats[seat], dict):
        return []
    side = seats[seat]
    entries = [(e["card"], e.get("state", "up")) for k in ("own_buff", "enemy_debuff") for e in side.get(k) or []]

    def block(i: int) -> Block:
        def draw(d, x0, x1, y):
            if i == 0:
                y = _heading(d, x0, x1, y, title(len(entries)), colour)
            if not entries:
                with legibility.essential():
                    return paragraph(d, x0, x1, y, N.label("none", lang), BODY, TEXT_SOFT)
            return C.morale_row(d, x0, x1, y, entries[i][0], entries[i][1], lang) + ROW_GAP
        return Block(draw)
    return [block(i) for i in range(max(1, len(entries)))]


def _peek(view: dict, seat: int, seat_names, lang: str) -> Block | None:
    """The opponent's command zone as this seat's view gives it: with the advanced rule off
    the opponent may look at the unrevealed cards (ES-ADV-2), so the view carries them."""
    zone = [e for e in player(view, 1 - seat).get("zone") or [] if isinstance(e, dict)]
    if not any(e.get("card") is not None and not e.get("revealed") for e in zone):
        return None

    def draw(d, x0, x1, y):
        y = _heading(d, x0, x1, y, N.label("their_zone", lang, name=N.seat_name(seat_names, 1 - seat, lang),
                                           n=len(zone)))
        f = Flow(d, x0, x1, y, WG.MINI_H + 8, gap=8)
        for e in zone:
            f.piece(WG.MINI_W, lambda x, cy, e=e: WG.mini_card(d, x, cy - WG.MINI_H / 2, e, lang))
        return f.end()
    return Block(draw)


def _effects(view: dict, seat: int, lang: str) -> Block | None:
    fid = player(view, seat).get("faction")
    if not fid:
        return None

    def draw(d, x0, x1, y):
        y = _heading(d, x0, x1, y, N.label("faction_effects", lang, faction=N.faction_name(fid, lang)))
        for name, text in N.effects(fid, lang):
            y = paragraph(d, x0, x1, y, name, BODY, TEXT)
            y = paragraph(d, x0 + 10, x1, y, text, SMALL, TEXT_SOFT)
        return y
    return Block(draw)


def _legend(view: dict, lang: str) -> Block:
    """What the board's marks mean."""
    items = [(N.label('legend.power', lang), POWER), (f"{WG.HEART} {N.label('legend.hp', lang)}", (252, 165, 165)),
             (f"{WG.CHECK} {N.label('legend.acted', lang)}", TEXT_SOFT),
             (N.label("legend.defence", lang), DEFENCE), (N.label("legend.command", lang), COMMAND),
             (f"{WG.DOT} {N.label('legend.tokens', lang)}", GOLD), (N.label("legend.revealed", lang), GOLD),
             (N.label("legend.face_up", lang), FACE_UP), (N.label("legend.cost", lang), GOLD),
             (N.label("legend.card_power", lang), POWER)]
    if section(view, "terrain"):
        items += [(N.label("legend.height", lang), TEXT), (f"{WG.CLUB}n {N.label('legend.forest', lang)}",
                                                            FOREST_MARK),
                  (N.label("terrain_deck", lang, n=to_int(section(view, "terrain").get("deck"))), TEXT_SOFT)]
    if section(view, "morale").get("expansion"):
        items += [(N.label("legend.draw", lang), DRAW_SQUARE), (N.label("legend.buff", lang), BUFF),
                  (N.label("legend.debuff", lang), DEBUFF)]

    def draw(d, x0, x1, y):
        for text, colour in items:
            y = paragraph(d, x0, x1, y, text, SMALL, colour)
        return y
    return Block(draw)


def reference_blocks(view: dict, seat: int, seat_names, lang: str, cut: list[str]) -> list[Block]:
    """The reference pages' blocks, in reading order."""
    colour = seat_styles(view)[seat]["light"]
    turn = to_int(view.get("turn"))
    blocks: list[Block | None] = []
    blocks += _rows(N.label("full_texts", lang), colour, cut, lang, turn)
    blocks.append(_discard(view, seat, lang, colour))
    blocks += _morale(view, seat, lambda n: N.label("your_morale_zone", lang, n=n), lang, colour)
    other = N.seat_name(seat_names, 1 - seat, lang)
    blocks += _morale(view, 1 - seat, lambda n: N.label("their_morale_zone", lang, name=other, n=n), lang, TEXT)
    blocks.append(_peek(view, seat, seat_names, lang))
    blocks += _rows(N.label("generals", lang), TEXT, N.generals(), lang)
    blocks.append(_effects(view, seat, lang))
    blocks.append(_legend(view, lang))
    return [b for b in blocks if b is not None]
