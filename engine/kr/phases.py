"""What the automatic phases share: hero and soldier damage, knock-out and revival
(KR-HPT-1..8, KR-AMB-20/46, KR-SOL-5, KR-ALL-3), displacement of heroes (KR-SPN-7, KR-ICN-9/14,
KR-AMB-17/27/61), hordes reaching the Kingdom (KR-ADV-10..13, KR-AMB-24/62, KR-END-3/4/5), the
start of phase 2 and the end of the round (KR-ACT-1, KR-GEN-11, KR-END-1/2/6).

The phases themselves: ``spawn.summon`` / ``spawn.begin_round`` (phase 1 and the start of
phase 2), ``destroy.destroy`` (3), ``advance.advance`` (4), ``returns.return_cards`` (5), then
``end_round`` here after phase 6. Each changes the state in place and appends events.

Displacement choices (where a pushed hero goes) belong to the hero's owner (KR-AMB-61). The
phase functions take a ``choose(st, figure, squares)`` callback returning one of ``squares``
(from ``MapGeo.displacement_squares``) or None (back to the hero board), or raising
:class:`Ask` to stop the phase there and ask the owner (the round machine's chooser,
engine/kr/displacement.py); :func:`default_choice` takes the first square of the owner's
standing order, else the board (docs/rules/kingdom-rush.md "Decision points").
"""
from __future__ import annotations

from typing import Callable

from . import standing
from .content import HORDES, SCENARIOS
from .hordegrid import kingdom_damage, remove_hero
from .state import WILDCAT, ev, finish, geo, grid, lose, tower_cells, tray_cells

Choose = Callable[[dict, str, list], "str | None"]


class Ask(Exception):
    """Raised by a ``choose`` callback: ``figure``'s owner must be asked where it goes among
    ``squares``; :func:`displace` adds its ``cause`` (engine/kr/displacement.py)."""

    def __init__(self, figure: str, squares: list[str], cause: str = ""):
        super().__init__(figure)
        self.figure, self.squares, self.cause = figure, list(squares), cause


def default_choice(st: dict, figure: str, squares: list) -> str | None:
    """The displacement the figure's owner chose in advance (engine/kr/standing.py; by
    default the road square nearest the exit, else a site), else back to the hero board."""
    return next(iter(standing.ordered(st, figure, squares)), None)


# --- figures on the map ----------------------------------------------------------------------

def leave_tray(st: dict, figure: str) -> None:
    """``figure`` stops engaging its tray (its base no longer covers, KR-HERO-12)."""
    h = st["heroes"][figure]
    tid = h["tray"]
    if tid is not None and tid in st["trays"]:
        t = st["trays"][tid]
        t["cover"] = remove_hero(t["cover"], figure)
    h["tray"] = None


def to_board(st: dict, figure: str) -> None:
    leave_tray(st, figure)
    st["heroes"][figure]["cell"] = None


def displace(st: dict, figure: str, events: list, choose: Choose, cause: str) -> None:
    """Move ``figure`` to an adjacent empty road square or free site chosen by its owner, or
    back to its hero board when there is none; it is not knocked out (KR-SPN-7, KR-ICN-9/14,
    KR-AMB-17/27). ``choose`` may stop the phase here to ask the owner (:class:`Ask`)."""
    h = st["heroes"][figure]
    g = geo(st)
    squares = g.displacement_squares(h["cell"], tray_cells(st), tower_cells(st))
    try:
        target = choose(st, figure, list(squares))
    except Ask as ask:
        ask.cause = cause
        raise
    if target is not None and target not in squares:
        target = default_choice(st, figure, list(squares))
    origin = h["cell"]
    leave_tray(st, figure)
    h["cell"] = target
    ev(events, "hero_displaced", figure=figure, cell=origin, to=target, cause=cause)


def knock_out(st: dict, figure: str, events: list) -> None:
    """Off the map onto the hero board; what it covered is uncovered (KR-HPT-4). The wildcat
    goes back to Alleria's board and is never revived (KR-ALL-3/4)."""
    h = st["heroes"][figure]
    h["health"] = 0
    h["knocked_out"] = True
    to_board(st, figure)
    ev(events, "hero_knocked_out", figure=figure)


def damage_hero(st: dict, figure: str, n: int, events: list, cause: str) -> int:
    """``figure`` takes ``n`` damage; none while protected (KR-HPT-8). Knocked out at 0 hearts
    (KR-HPT-2/4, KR-AMB-20); the wildcat is knocked out by any damage (KR-AMB-34). Returns
    the hearts lost. A hero standing on its hero board still has its heart track there and
    takes damage aimed at it (Time Gem's chosen hero, KR-SPL-8); the wildcat off the map is
    out of play."""
    h = st["heroes"][figure]
    if n <= 0 or h["knocked_out"] or (h["cell"] is None and h["kind"] == WILDCAT):
        return 0
    if h["protected"]:
        ev(events, "hero_protected", figure=figure, cause=cause)
        return 0
    lost = h["health"] if h["kind"] == WILDCAT else min(n, h["health"])
    h["health"] -= lost
    ev(events, "hero_damaged", figure=figure, damage=lost, health=h["health"], cause=cause)
    if h["health"] <= 0:
        knock_out(st, figure, events)
    return lost


def heal_hero(st: dict, figure: str, n: int) -> int:
    """Heal ``n`` hearts, never above the maximum (KR-HPT-3)."""
    h = st["heroes"][figure]
    gained = max(0, min(n, h["max"] - h["health"]))
    h["health"] += gained
    return gained


def restack(st: dict, cell: str) -> None:
    """Number the layers of the trays on ``cell`` 0, 1, ... keeping their order."""
    here = sorted((tid for tid, t in st["trays"].items() if t["cell"] == cell),
                  key=lambda tid: st["trays"][tid]["layer"])
    for n, tid in enumerate(here):
        st["trays"][tid]["layer"] = n


# --- the Kingdom -----------------------------------------------------------------------------

def reach_kingdom(st: dict, card: str, cover: dict, events: list, tray: str | None = None) -> None:
    """A horde enters the Kingdom (KR-ADV-10..13, KR-SPN-6): a portal or boss loses the game at
    once (KR-ADV-12, KR-END-4/5); any other horde costs 1 heart per uncovered enemy, 4 per large
    one not fully covered (KR-AMB-24), then leaves play for good (KR-AMB-62)."""
    kind = HORDES[card]["kind"]
    if tray is not None:
        t = st["trays"].pop(tray)
        st["soldiers"] += len(t["cover"]["soldiers"])
        for figure in list(t["cover"]["heroes"]):
            st["heroes"][figure]["tray"] = None
        restack(st, t["cell"])
    ev(events, "horde_reached_kingdom", card=card, tray=tray)
    if kind in ("portal", "boss"):
        lose(st, f"{kind}_reached_kingdom", events)
    hearts = kingdom_damage(grid(card), cover)
    st["hearts"] = max(0, st["hearts"] - hearts)
    ev(events, "kingdom_damaged", card=card, damage=hearts, hearts=st["hearts"])
    if st["hearts"] <= 0:
        lose(st, "kingdom_destroyed", events)   # KR-END-3


# --- round boundaries ------------------------------------------------------------------------

def start_phase2(st: dict, events: list) -> None:
    """Start of phase 2: knocked-out heroes are revived at full health on their boards, their
    hero card already played so they cannot act this round; abilities stay as they are
    (KR-ACT-1, KR-HPT-5..7, KR-AMB-46). The wildcat is never revived (KR-ALL-4)."""
    if st["phase"] == "over":
        return
    st["phase"] = 2
    for s in st["seats"]:
        s["done"] = False
    for figure, h in st["heroes"].items():
        if h["knocked_out"] and h["kind"] != WILDCAT:
            h.update(knocked_out=False, health=h["max"], cell=None, tray=None, activated=True, revived=True)
            ev(events, "hero_revived", figure=figure, health=h["max"])


def end_round(st: dict, events: list) -> None:
    """After phase 6: "until the end of the round" effects and protections expire (KR-GEN-11),
    a revived hero may act again next round (KR-HPT-6), a bench hero leaves the game (its tiles
    stay, KR-SOLO-8);
    the players win if the last portal (or the boss) fell this round or the scenario's rounds
    are survived (KR-END-1/2/6); otherwise the next round starts at phase 1."""
    if st["phase"] == "over":
        return
    for h in st["heroes"].values():
        h["protected"] = False
        h["revived"] = False
    for effect in st["effects"]:  # a bench hero's one round is over: out of the game (KR-SOLO-8)
        if effect.get("kind") == "bench" and effect.get("figure") in st["heroes"]:
            to_board(st, effect["figure"])
            st["heroes"][effect["figure"]]["out"] = True
            ev(events, "bench_hero_left", figure=effect["figure"])
    st["effects"] = []
    st["opened"] = []
    st["proposals"] = []
    solo = st["solo"]
    solo["last_excluded"], solo["excluded"] = solo["excluded"], None
    victory = SCENARIOS[st["scenario"]]["victory"]
    won = st["victory_pending"] or (victory["kind"] == "survive" and st["round"] >= victory["rounds"])
    ev(events, "round_end", round=st["round"])
    if won:
        finish(st, "victory", victory["kind"])
        ev(events, "game_over", outcome="victory", reason=victory["kind"])
        return
    st["round"] += 1
    st["phase"] = 1
    ev(events, "round_start", round=st["round"])
