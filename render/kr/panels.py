"""The boxes around the map: the header (scenario, round and phase, Kingdom hearts, crystals
x/12, portals, soldiers, ghost deck, the boss's stage and shield, the result), the seats
(colours, name, hero and its health and place, hand and pending-slot counts, done in phase 2),
the hordes on the map (the boss with his stage), and a colour legend. Every function measures
when ``d`` is None and returns the y under its box."""

from __future__ import annotations

from typing import Callable

from PIL import ImageDraw

from render import legibility

from . import names as N
from .style import (BODY, COVER, CRYSTAL, DEADLY, DONE, ENEMY, ENEMY_LARGE, ESS, FLYING, GOLD, HEART, HIDDEN_ENEMY,
                    MARGIN, PANEL, PANEL_EDGE, PORTAL, SMALL, SOLDIER, TEXT, TEXT_SOFT, TITLE, UNCOVERABLE, W,
                    Colour, check, crystal, heart, ink_on, player_colour, put, section, text_w)

X0, X1 = MARGIN, W - MARGIN
PAD = 10
LH = 32            # one line of essential text


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


def swatch(colour: object, size: int) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
    """A Flow piece: a seat colour's square, ``size`` px."""
    def draw(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
        d.rounded_rectangle((x, cy - size / 2, x + size, cy + size / 2), radius=5, fill=player_colour(colour),
                            outline=(240, 240, 240))
    return draw


def _panel(d: ImageDraw.ImageDraw | None, x0: float, y0: float, x1: float, y1: float,
           edge: Colour = PANEL_EDGE) -> None:
    if d is not None:
        d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PANEL, outline=edge, width=2)


def header(d: ImageDraw.ImageDraw | None, y: float, view: dict, lang: str) -> float:
    """The status strip across the top: scenario, round and phase; the Kingdom's hearts, the
    crystals, portals, soldiers, ghost deck, the boss and the result. Every word essential."""
    top = y
    result = section(view, "result") or None
    if d is not None:
        _panel(d, X0, top, X1, header(None, top, view, lang), GOLD if result else PANEL_EDGE)
    with legibility.essential():
        f = Flow(d, X0 + PAD, X1 - PAD, y + PAD - 2, 38)
        f.word(N.scenario_name(str(view.get("scenario")), lang), TITLE, GOLD, 20)
        phase = view.get("phase")
        f.word(N.label("round", lang, n=view.get("round", "?")), BODY, TEXT, 16)
        if phase != "over":
            f.word(N.label("phase", lang, n=phase) + ": " + N.phase_name(phase, lang), BODY, TEXT)
        y = f.end()
        f = Flow(d, X0 + PAD, X1 - PAD, y, LH + 2)
        hearts, crys = str(view.get("hearts", "?")), f"{view.get('crystals', '?')}/12"
        kingdom = N.label("kingdom", lang)

        def draw_hearts(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
            heart(d, x + 11, cy, 11)
            put(d, (x + 27, cy), hearts + " " + kingdom, BODY, TEXT, "lm")
        f.piece(27 + text_w(hearts + " " + kingdom, BODY), draw_hearts, 24)

        def draw_crystals(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
            crystal(d, x + 10, cy, 12)
            put(d, (x + 26, cy), crys, BODY, CRYSTAL, "lm")
        f.piece(26 + text_w(crys, BODY), draw_crystals, 24)
        portals = section(view, "portals")
        if portals.get("total"):
            f.word(N.label("portals", lang, done=portals.get("destroyed", 0), total=portals["total"]), BODY,
                   (236, 150, 255), 24)
        f.word(N.label("soldiers", lang, n=view.get("soldiers", "?")), BODY, TEXT, 24)
        ghosts = view.get("ghost_deck")
        if isinstance(ghosts, dict) and ghosts.get("count"):
            f.word(N.label("ghosts", lang, n=ghosts["count"]), BODY, TEXT, 24)
        boss = boss_line(view, lang)
        if boss:
            f.word(boss[0], BODY, BOSS_TEXT, 16)
            if boss[1]:
                f.word(boss[1], ESS, TEXT_SOFT, 24)
        _decks(f, view, lang)
        solo = section(view, "solo")
        if len(view.get("seats") or []) == 1 and solo.get("excluded"):
            col = str(solo["excluded"])
            f.word(N.label("excluded", lang, colour=N.label(f"colour.{col}", lang)), ESS, player_colour(col), 24)
        if result:
            key = "victory" if result.get("outcome") == "victory" else "defeat"
            f.word(N.label(key, lang), TITLE, DONE if key == "victory" else HEART)
        y = f.end()
    return y + PAD - 6


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


def _where(h: dict, lang: str) -> str:
    if h.get("knocked_out"):
        return N.label("knocked_out", lang)
    if h.get("tray"):
        return N.label("on_tray", lang, cell=h.get("cell", "?"))
    if h.get("cell"):
        return str(h["cell"])
    return N.label("on_board", lang)


def seats(d: ImageDraw.ImageDraw | None, x0: float, x1: float, y: float, view: dict,
          seat_names: list[str] | None, lang: str) -> float:
    """Each seat: its colours, name and done mark; its hero's initials, health and place, and
    its hand and pending-slot counts. Every word essential."""
    top = y
    rows = view.get("seats") or []
    if d is not None:
        _panel(d, x0, top, x1, seats(None, x0, x1, top, view, seat_names, lang))
    y += PAD - 4
    phase2 = view.get("phase") == 2
    hcol = _hero_colours(view)
    with legibility.essential():
        for i, s in enumerate(rows):
            f = Flow(d, x0 + PAD, x1 - PAD, y, LH)
            for col in s.get("colours") or []:
                f.piece(22, swatch(col, 22), 4)
            f.word(N.seat_name(seat_names, i, lang), BODY, TEXT, 10)
            if phase2 and s.get("done"):
                done = N.label("done", lang)

                def draw_done(d: ImageDraw.ImageDraw, x: float, cy: float, done: str = done) -> None:
                    check(d, x + 10, cy, 10)
                    put(d, (x + 24, cy), done, ESS, DONE, "lm")
                f.piece(24 + text_w(done, ESS), draw_done)
            f.newline()
            hero = str(s.get("hero"))
            h = (view.get("heroes") or {}).get(hero) or {}
            initial = N.hero_initial(hero, lang) if hero in hcol else "?"
            col = hcol.get(hero, (150, 150, 150))

            tw = max(32, text_w(initial, ESS) + 12)

            def draw_token(d: ImageDraw.ImageDraw, x: float, cy: float, t: str = initial, c: Colour = col,
                           tw: float = tw) -> None:
                d.rounded_rectangle((x, cy - 15, x + tw, cy + 15), radius=15, fill=c, outline=(250, 250, 250), width=2)
                put(d, (x + tw / 2, cy), t, ESS, ink_on(c))
            f.piece(tw, draw_token, 8)
            hp = f"{h.get('health', '?')}/{h.get('max', '?')}"

            def draw_hp(d: ImageDraw.ImageDraw, x: float, cy: float, hp: str = hp) -> None:
                heart(d, x + 10, cy, 10)
                put(d, (x + 24, cy), hp, ESS, TEXT, "lm")
            f.piece(24 + text_w(hp, ESS), draw_hp, 12)
            f.word(_where(h, lang), ESS, TEXT_SOFT, 12)
            f.word(N.label("hand", lang, n=len(s.get("hand") or [])), ESS, TEXT_SOFT, 12)
            if s.get("pending"):
                f.word(N.label("pending", lang, n=len(s["pending"])), ESS, GOLD, 12)
            y = f.end() + 4
    return y + PAD - 6


def _hero_colours(view: dict) -> dict[str, Colour]:
    from .card import hero_colours
    return hero_colours(view)


def _tray_rows(view: dict, lang: str) -> list[tuple[str, str, int, Colour]]:
    """(square, name, enemies left, colour) of every tray on the map, by square."""
    from .card import card_info
    out = []
    trays = [t for t in (view.get("trays") or {}).values() if isinstance(t, dict)]
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
        colour = (236, 150, 255) if info.kind == "portal" else BOSS_TEXT if info.kind == "boss" \
            else FLYING if t.get("layer", 0) else TEXT
        out.append((str(t.get("cell")), name, left, colour))
    return out


def _count(d: ImageDraw.ImageDraw, x1: float, cy: float, n: int) -> float:
    """The enemies left on a tray: a number on a red square (an enemy's colour on the map)."""
    w = max(30, text_w(str(n), ESS) + 12)
    if d is not None:
        d.rounded_rectangle((x1 - w, cy - 14, x1, cy + 14), radius=6, fill=ENEMY if n else (70, 74, 86))
        put(d, (x1 - w / 2, cy), str(n), ESS, TEXT)
    return w


def hordes(d: ImageDraw.ImageDraw | None, x0: float, x1: float, y: float, view: dict, lang: str,
           compact: bool = False) -> float:
    """The trays on the map: square, horde name and the number of enemies left on it (the
    heading says so); ``compact``: square and number only, three to a row."""
    rows = _tray_rows(view, lang)
    if not rows:
        return y
    top = y
    if d is not None:
        _panel(d, x0, top, x1, hordes(None, x0, x1, top, view, lang, compact))
    with legibility.essential():
        y += PAD - 2
        head = N.label("hordes", lang).rstrip(":：")
        left = N.label("enemies_left", lang)
        put(d, (x0 + PAD, y + LH / 2), head, ESS, GOLD, "lm")
        put(d, (x1 - PAD, y + LH / 2), left + " \u2193", ESS, TEXT_SOFT, "rm")
        y += LH + 2
        per = 3 if compact else 1
        cw = (x1 - x0 - 2 * PAD) / per
        for k, (cell, name, n, colour) in enumerate(rows):
            cx0 = x0 + PAD + (k % per) * cw
            cy = y + (k // per) * LH + LH / 2
            cx1 = cx0 + cw - (8 if compact else 0)
            if d is not None:
                put(d, (cx0, cy), cell, ESS, colour, "lm")
                w = _count(d, cx1, cy, n)
                if not compact:
                    room = cx1 - w - 10 - (cx0 + text_w(cell, ESS) + 10)
                    put(d, (cx0 + text_w(cell, ESS) + 10, cy), _clip(name, room), ESS, colour, "lm")
        y += ((len(rows) + per - 1) // per) * LH
    return y + PAD


def _clip(text: str, width: float) -> str:
    if text_w(text, ESS) <= width:
        return text
    while text and text_w(text + "\u2026", ESS) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _decks(f: Flow, view: dict, lang: str) -> None:
    """The spawn decks into the status strip: marker, cards left (and a round, when more than
    one), the top card's crystals; the advance order of the branches."""
    from .mapdraw import marker
    for m, deck in sorted((view.get("decks") or {}).items()):
        if not isinstance(deck, dict):
            continue
        text = f"\u00d7{deck.get('count', '?')}"
        shown = deck.get("top_crystals")
        waves = (view.get("waves") or {}).get(str(m), 1)
        if waves > 1 and deck.get("count"):
            text += N.label("deck_waves", lang, w=waves)

        def draw_deck(d: ImageDraw.ImageDraw, x: float, cy: float, m: object = m, text: str = text,
                      shown: object = shown, count: object = deck.get("count")) -> None:
            marker(d, x + 17, cy, int(str(m)) if str(m).isdigit() else 0)
            put(d, (x + 38, cy), text, ESS, TEXT, "lm")
            if shown is not None and count:
                cx = x + 38 + text_w(text, ESS) + 14
                crystal(d, cx, cy, 11)
                put(d, (cx + 13, cy), str(shown), ESS, CRYSTAL, "lm")
        extra = text_w(str(shown), ESS) + 30 if shown is not None and deck.get("count") else 0
        f.piece(38 + text_w(text, ESS) + extra, draw_deck, 20)
    order = N.geo(str(view.get("scenario"))).branch_order if view.get("scenario") in N.SCENARIOS else ()
    if len(order) > 1:
        f.word(N.label("branches", lang, order="\u2192".join(str(m) for m in order)), ESS, TEXT_SOFT)


LEGEND: tuple[tuple[str, Colour], ...] = (
    ("enemy", ENEMY), ("large", ENEMY_LARGE), ("deadly", DEADLY), ("covered", COVER), ("soldier", SOLDIER),
    ("area", UNCOVERABLE), ("portal", PORTAL), ("flying", FLYING))


def legend(d: ImageDraw.ImageDraw | None, x0: float, x1: float, y: float, lang: str) -> float:
    """What the colours of the small tray cards mean (detail: read when the picture is opened)."""
    f = Flow(d, x0 + 4, x1 - 4, y, 26)
    for key, col in LEGEND:
        word = N.label(f"legend.{key}", lang)

        def draw(d: ImageDraw.ImageDraw, x: float, cy: float, col: Colour = col, word: str = word,
                 key: str = key) -> None:
            d.rectangle((x, cy - 8, x + 16, cy + 8), fill=col, outline=(200, 200, 200))
            if key == "covered":
                d.ellipse((x + 5, cy - 3, x + 11, cy + 3), fill=HIDDEN_ENEMY)
            put(d, (x + 22, cy), word, SMALL, TEXT_SOFT, "lm")
        f.piece(22 + text_w(word, SMALL), draw, 14)
    return f.end()
