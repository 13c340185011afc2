"""The boxes around the map: the header (scenario, round and phase, Kingdom hearts, crystals
x/12, portals, soldiers, ghost deck, the boss's stage and shield, the result), the seats
(colours, name, hero and its health and place, hand and pending-slot counts, done in phase 2),
the hordes on the map (the boss with his stage), and a colour legend. Every function measures
when ``d`` is None and returns the y under its box."""

from __future__ import annotations

from typing import Callable

from PIL import ImageDraw

from . import names as N
from .style import (BODY, COVER, CRYSTAL, DEADLY, DONE, ENEMY, ENEMY_LARGE, FLYING, GOLD, HEART, HIDDEN_ENEMY,
                    MARGIN, PANEL, PANEL_EDGE, PORTAL, SMALL, SOLDIER, TEXT, TEXT_SOFT, UNCOVERABLE, W, Colour,
                    check, crystal, heart, player_colour, put, section, text_w)

X0, X1 = MARGIN, W - MARGIN
PAD = 10


class Flow:
    """Pieces laid left to right, wrapping, lines ``lh`` tall (measures when ``d`` is None)."""

    def __init__(self, d: ImageDraw.ImageDraw | None, x0: float, x1: float, y: float, lh: float):
        self.d, self.x0, self.x1, self.y, self.lh, self.x = d, x0, x1, y, lh, x0

    def piece(self, w: float, draw: Callable[[ImageDraw.ImageDraw, float, float], object] | None = None,
              gap: float = 14) -> None:
        """Room for a piece ``w`` wide; ``draw(d, x, cy)`` draws it (only when drawing)."""
        if self.x > self.x0 and self.x + w > self.x1:
            self.newline()
        if self.d is not None and draw is not None:
            draw(self.d, self.x, self.y + self.lh / 2)
        self.x += w + gap

    def word(self, text: str, size: int, fill: Colour = TEXT, gap: float = 14) -> None:
        self.piece(text_w(text, size), lambda d, x, cy: put(d, (x, cy), text, size, fill, "lm"), gap)

    def newline(self) -> None:
        if self.x > self.x0:
            self.y += self.lh
        self.x = self.x0

    def end(self) -> float:
        self.newline()
        return self.y


def _panel(d: ImageDraw.ImageDraw | None, y0: float, y1: float, edge: Colour = PANEL_EDGE) -> None:
    if d is not None:
        d.rounded_rectangle((X0, y0, X1, y1), radius=10, fill=PANEL, outline=edge, width=2)


def header(d: ImageDraw.ImageDraw | None, y: float, view: dict, lang: str) -> float:
    top = y
    result = section(view, "result") or None
    if d is not None:
        _panel(d, top, header(None, top, view, lang), GOLD if result else PANEL_EDGE)
    y += PAD
    title = N.scenario_name(str(view.get("scenario")), lang)
    put(d, (X0 + PAD, y + 16), title, BODY + 4, GOLD, "lm")
    y += 36
    phase = view.get("phase")
    line = N.label("round", lang, n=view.get("round", "?"))
    if phase != "over":
        line += " \u00b7 " + N.label("phase", lang, n=phase) + ": " + N.phase_name(phase, lang)
    put(d, (X0 + PAD, y + 15), line, BODY, TEXT, "lm")
    y += 32
    f = Flow(d, X0 + PAD, X1 - PAD, y, 32)
    hearts = str(view.get("hearts", "?"))

    def draw_hearts(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        heart(d, x + 9, cy, 9)
        put(d, (x + 22, cy), hearts, BODY, TEXT, "lm")
        put(d, (x + 26 + text_w(hearts, BODY), cy + 1), N.label("kingdom", lang), SMALL, TEXT_SOFT, "lm")
    f.piece(20 + text_w(hearts, BODY) + 4 + text_w(N.label("kingdom", lang), SMALL), draw_hearts)
    crys = f"{view.get('crystals', '?')}/12"

    def draw_crystals(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        crystal(d, x + 8, cy, 10)
        put(d, (x + 22, cy), crys, BODY, CRYSTAL, "lm")
    f.piece(20 + text_w(crys, BODY), draw_crystals)
    portals = section(view, "portals")
    if portals.get("total"):
        f.word(N.label("portals", lang, done=portals.get("destroyed", 0), total=portals["total"]), BODY)
    f.word(N.label("soldiers", lang, n=view.get("soldiers", "?")), BODY)
    order = N.geo(str(view.get("scenario"))).branch_order if view.get("scenario") in N.SCENARIOS else ()
    if len(order) > 1:
        f.word(N.label("branches", lang, order="\u2192".join(str(m) for m in order)), SMALL, TEXT_SOFT)
    for m, deck in sorted((view.get("decks") or {}).items()):
        if isinstance(deck, dict):
            shown = deck.get("top_crystals")
            waves = (view.get("waves") or {}).get(str(m), 1)
            f.word(N.label("deck", lang, m=m, n=deck.get("count", "?"))
                   + (N.label("deck_top", lang, c=shown) if shown is not None and deck.get("count") else "")
                   + (N.label("deck_waves", lang, w=waves) if waves > 1 and deck.get("count") else ""),
                   SMALL, TEXT_SOFT)
    ghosts = view.get("ghost_deck")
    if isinstance(ghosts, dict) and ghosts.get("count"):
        f.word(N.label("ghosts", lang, n=ghosts["count"]), BODY)
    y = f.end()
    boss = boss_line(view, lang)
    if boss:
        f = Flow(d, X0 + PAD, X1 - PAD, y, 32)
        f.word(boss[0], BODY, BOSS_TEXT)
        if boss[1]:
            f.word(boss[1], SMALL, TEXT_SOFT)
        y = f.end()
    if result:
        key = "victory" if result.get("outcome") == "victory" else "defeat"
        put(d, (X0 + PAD, y + 16), N.label(key, lang), BODY + 2, DONE if key == "victory" else HEART, "lm")
        y += 34
    return y + PAD - 4


BOSS_TEXT = (255, 150, 90)


def _boss(view: dict) -> dict | None:
    boss = view.get("boss")
    return boss if isinstance(boss, dict) and boss.get("card") in N.HORDES else None


def boss_line(view: dict, lang: str) -> tuple[str, str] | None:
    """The boss in words: ``("The Time Mage · stage 1/2", "shielded while portals ...")``, his
    arrival round before he enters, or his defeat; None without a boss."""
    boss = _boss(view)
    if boss is None:
        return None
    name = N.horde_name(boss["card"], lang)
    if boss.get("defeated"):
        return N.label("boss_defeated", lang, name=name), ""
    if not boss.get("tray") and boss.get("entered") is None:
        spec = (N.SCENARIOS.get(str(view.get("scenario"))) or {}).get("boss") or {}
        if spec.get("card") == boss["card"]:
            return N.label("boss_arrives", lang, name=name, n=spec.get("round", "?")), ""
    stage = N.label("boss_stage", lang, name=name, stage=boss.get("stage", "?"), stages=boss.get("stages", "?"))
    return stage, N.label("boss_shielded", lang) if boss.get("shielded") else ""


def _seat_lines(view: dict, seat: int, seat_names: list[str] | None, lang: str) -> tuple[str, str]:
    s = view["seats"][seat]
    hero = str(s.get("hero"))
    h = (view.get("heroes") or {}).get(hero) or {}
    name = N.seat_name(seat_names, seat, lang)
    where = N.label("on_board", lang)
    if h.get("knocked_out"):
        where = N.label("knocked_out", lang)
    elif h.get("tray"):
        where = N.label("on_tray", lang, cell=h.get("cell", "?"))
    elif h.get("cell"):
        where = N.label("on_cell", lang, cell=h["cell"])
    try:
        hname = N.hero_name(hero, lang)
    except KeyError:
        hname = hero
    line2 = (f"{hname} \u2665{h.get('health', '?')}/{h.get('max', '?')} \u00b7 {where} \u00b7 "
             + N.label("hand", lang, n=len(s.get("hand") or []))
             + " \u00b7 " + N.label("pending", lang, n=len(s.get("pending") or [])))
    return name, line2


def seats(d: ImageDraw.ImageDraw | None, y: float, view: dict, seat_names: list[str] | None, lang: str) -> float:
    top = y
    rows = view.get("seats") or []
    if d is not None:
        _panel(d, top, seats(None, top, view, seat_names, lang))
    y += PAD
    phase2 = view.get("phase") == 2
    for i, s in enumerate(rows):
        name, line2 = _seat_lines(view, i, seat_names, lang)
        x: float = X0 + PAD
        for col in s.get("colours") or []:
            if d is not None:
                d.rounded_rectangle((x, y + 4, x + 22, y + 26), radius=5, fill=player_colour(col),
                                    outline=(240, 240, 240), width=1)
            x += 26
        x += 4
        put(d, (x, y + 15), name, BODY, TEXT, "lm")
        x += text_w(name, BODY) + 12
        if phase2 and s.get("done"):
            if d is not None:
                check(d, x + 10, y + 15, 10)
            put(d, (x + 26, y + 15), N.label("done", lang), SMALL, DONE, "lm")
        y += 31
        f = Flow(d, X0 + PAD + 8, X1 - PAD, y, 26)
        for part in line2.split(" \u00b7 "):
            f.word(part, SMALL, TEXT_SOFT)
        y = f.end() + 6
    solo = section(view, "solo")
    if len(rows) == 1 and solo.get("excluded"):
        col = str(solo["excluded"])
        put(d, (X0 + PAD, y + 14), N.label("excluded", lang, colour=N.label(f"colour.{col}", lang)), SMALL,
            player_colour(col), "lm")
        y += 30
    return y + PAD - 6


def hordes(d: ImageDraw.ImageDraw | None, y: float, view: dict, lang: str) -> float:
    """Each tray: square, horde name, enemies left; portals with their level."""
    from .card import card_info
    trays = [t for t in (view.get("trays") or {}).values() if isinstance(t, dict)]
    if not trays:
        return y
    top = y
    if d is not None:
        _panel(d, top, hordes(None, top, view, lang))
    f = Flow(d, X0 + PAD, X1 - PAD, y + PAD, 28)
    f.word(N.label("hordes", lang), SMALL, GOLD)
    for t in sorted(trays, key=lambda t: (str(t.get("cell")), t.get("layer", 0))):
        try:
            info = card_info(t)
        except KeyError:
            continue
        left = sum(1 for e in {id(e): e for e in info.enemy_at.values()}.values() if not info.enemy_covered(e))
        name = N.horde_name(info.card, lang)
        if info.kind == "portal":
            name += " " + N.label("level", lang, n=info.portal_level)
        boss = _boss(view)
        if info.kind == "boss" and boss and boss.get("card") == info.card:
            name += f" {boss.get('stage', '?')}/{boss.get('stages', '?')}"
        txt = f"{t.get('cell')} {name} ({left})"
        colour = (236, 150, 255) if info.kind == "portal" else BOSS_TEXT if info.kind == "boss" \
            else FLYING if t.get("layer", 0) else TEXT
        f.word(txt, SMALL, colour)
    return f.end() + PAD


LEGEND: tuple[tuple[str, Colour], ...] = (
    ("enemy", ENEMY), ("large", ENEMY_LARGE), ("deadly", DEADLY), ("covered", COVER), ("soldier", SOLDIER),
    ("area", UNCOVERABLE), ("portal", PORTAL), ("flying", FLYING))


def legend(d: ImageDraw.ImageDraw | None, y: float, lang: str) -> float:
    f = Flow(d, X0 + 4, X1 - 4, y, 26)
    for key, col in LEGEND:
        word = N.label(f"legend.{key}", lang)

        def draw(d: ImageDraw.ImageDraw, x: float, cy: float, col: Colour = col, word: str = word,
                 key: str = key) -> None:
            d.rectangle((x, cy - 8, x + 16, cy + 8), fill=col, outline=(200, 200, 200))
            if key == "covered":
                d.ellipse((x + 5, cy - 3, x + 11, cy + 3), fill=HIDDEN_ENEMY)
            put(d, (x + 22, cy), word, SMALL - 2, TEXT_SOFT, "lm")
        f.piece(22 + text_w(word, SMALL - 2), draw, 16)
    return f.end()
