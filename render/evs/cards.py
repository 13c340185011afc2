"""Card faces at full size for the private picture: a command card as a row the width of the
picture (power and cost on the left; name, the unit it is for, its markers and its whole
text on the right; for a command-zone card also its tokens and its reveal and staging
turns), a unit card as a chip (name, power, HP), a morale card as a row (kind, duration,
morale value, text). Each takes ``d`` None to measure and returns the y under it."""

from __future__ import annotations

from render import legibility
from render.common import DARK_TEXT, TEXT, rounded_box

from . import names as N
from . import widgets as WG
from .style import (BODY, BUFF, CARD_BACK_EDGE, CARD_FACE, CARD_INK, DEBUFF, DEFENCE, REVEALED,
                    SMALL, line_h, to_int)
from .text import Flow, paragraph, put

LEFT = 48  # the power / cost column
MARKERS = ("action", "defence", "reveal", "dispatch", "recall")
MARKER_FILL = {"action": (254, 215, 170), "defence": (191, 219, 254), "reveal": (253, 230, 138),
               "dispatch": (221, 214, 254), "recall": (187, 247, 208)}
SOFT_INK = (82, 82, 96)


def command_row(d, x0: float, x1: float, y: float, card: str, lang: str, entry: dict | None = None,
                turn: int = 0, text_lines: int = 30, height: float = 0) -> float:
    """A command card (or a general command) as a tile ``x0..x1`` wide: its power and cost on
    the left, its name, the unit it is for, its markers and its text (at most ``text_lines``
    lines) on the right; ``entry`` is its command-zone entry (tokens, reveal and staging
    turns) when it lies there. At least ``height`` tall; returns the y under it."""
    spec = N.command(card)
    revealed = bool(entry and entry.get("revealed"))

    def body(dd, yy):
        with legibility.essential():  # what the card is and its tokens
            f = Flow(dd, x0 + LEFT, x1 - 8, yy, line_h(BODY), gap=8)
            f.word(N.command_name(card, lang), BODY, CARD_INK)
            n = to_int(entry.get("tokens")) if entry is not None else 0
            if n:
                f.piece(WG.pill_w(f"{WG.DOT}{n}", BODY), lambda x, cy: WG.pill(
                    dd, x, cy, f"{WG.DOT}{n}", BODY, DARK_TEXT, (250, 204, 21)))
            yy = f.end()
        f = Flow(dd, x0 + LEFT, x1 - 8, yy, line_h(SMALL) + 4, gap=6)
        unit = N.command_unit(card, lang)
        f.word(N.label("for_unit", lang, unit=unit) if unit else N.label("any_unit", lang), SMALL, SOFT_INK)
        for m in MARKERS:
            if spec["markers"].get(m):
                text = N.label("marker." + m, lang)
                f.piece(WG.pill_w(text, SMALL, 5), lambda x, cy, t=text, m=m: WG.pill(
                    dd, x, cy, t, SMALL, MARKER_FILL[m], CARD_INK, pad=5))
        yy = max(f.end(), y + 80)  # under the cost coin
        yy = paragraph(dd, x0 + 10, x1 - 8, yy, N.command_text(card, lang), SMALL, CARD_INK, text_lines)
        if entry is not None:
            f = Flow(dd, x0 + 10, x1 - 8, yy, line_h(SMALL), gap=8)
            rt = entry.get("revealed_turn")
            if revealed:
                key = "revealed_now" if rt is not None and to_int(rt) == turn else "revealed_turn"
                f.word(N.label(key, lang, n=to_int(rt)), SMALL, (146, 64, 14))
            if entry.get("face_up") and not revealed:  # ES-DEP-7: the opponent sees it
                f.word(N.label("face_up", lang), SMALL, (15, 118, 110))
            st = entry.get("staged_turn")
            if st is not None:
                key = "staged_now" if to_int(st) == turn else "staged_turn"
                f.word(N.label(key, lang, n=to_int(st)), SMALL, SOFT_INK)
            yy = f.end()
        return yy

    bottom = max(body(None, y + 8) + 6, y + 84, y + height)
    if d is not None:
        edge = REVEALED if revealed else (DEFENCE if spec["markers"].get("defence") else CARD_BACK_EDGE)
        rounded_box(d, (x0, y, x1, bottom), radius=10, fill=CARD_FACE, outline=edge, width=5 if revealed else 3)
        with legibility.essential():  # a general command has no command power (ES-ENG-3)
            if card not in N.generals():
                WG.power_badge(d, x0 + 8, y + 22, spec["power"], BODY)
            WG.cost_mark(d, x0 + 23, y + 56, spec["cost"], BODY)
        body(d, y + 8)
    return bottom


def unit_chip_w(card: str, lang: str) -> float:
    return WG.width(N.unit_name(card, lang), BODY) + WG.power_badge(None, 0, 0, 0, BODY) + \
        WG.width(f"{WG.HEART}{N.unit(card)['hp']}", BODY) + 44


def unit_chip(d, x: float, cy: float, card: str, lang: str, colour) -> None:
    """A unit card (ES-CARD-1): name, base power, HP."""
    u = N.unit(card)
    w = unit_chip_w(card, lang)
    rounded_box(d, (x, cy - 20, x + w, cy + 20), radius=10, fill=colour, outline=TEXT, width=2)
    with legibility.essential():
        put(d, (x + 10, cy), N.unit_name(card, lang), BODY, TEXT, "lm")
        x2 = x + 18 + WG.width(N.unit_name(card, lang), BODY)
        x2 += WG.power_badge(d, x2, cy, u["power"], BODY) + 8
        WG.stat(d, x2, cy, WG.HEART, u["hp"], BODY, (254, 202, 202))


def morale_row(d, x0: float, x1: float, y: float, card: str, state: str, lang: str) -> float:
    """A morale card of the player's zone (ES-MX-1): name, buff or debuff, once or ongoing,
    its state, the morale value, the text."""
    c = N.morale_card(card, lang)
    colour = BUFF if c["kind"] == "buff" else DEBUFF

    def body(dd, yy):
        with legibility.essential():
            f = Flow(dd, x0 + 12, x1 - 8, yy, line_h(BODY), gap=8)
            f.word(c["name"], BODY, CARD_INK)
            if state != "up":
                f.word(N.label("state." + state, lang), BODY, (109, 40, 217))
            yy = f.end()
        f = Flow(dd, x0 + 12, x1 - 8, yy, line_h(SMALL), gap=8)
        f.word(N.label(f"morale.{c['kind']}", lang) + " \u00b7 " + N.label(f"morale.{c['duration']}", lang),
               SMALL, SOFT_INK)
        f.word(N.label("morale.value", lang, n=c["value"]), SMALL, SOFT_INK)
        yy = f.end()
        return paragraph(dd, x0 + 12, x1 - 8, yy, c["text"], SMALL, CARD_INK)

    bottom = body(None, y + 8) + 8
    if d is not None:
        rounded_box(d, (x0, y, x1, bottom), radius=10, fill=CARD_FACE, outline=colour, width=4)
        body(d, y + 8)
    return bottom
