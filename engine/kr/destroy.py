"""Phase 3, destroy hordes (KR-DES-1..4, KR-AMB-1/2/43/56/60, KR-ICN-12/14, KR-SOL-13, KR-ALL-3).

Coverage is evaluated once, on the state at the start of the phase (KR-AMB-2); every fully
covered tray is then destroyed together in step 1: soldiers back to the supply, tiles to the
(unlimited) tile supply, crystals from the card's back up to the cap of 12 (KR-BUY-6,
KR-AMB-56), portals counted. Step 2: each hero that was on a destroyed tray takes 1 damage
unless protected and stays on that road square (KR-DES-2); the wildcat takes none (KR-ALL-3);
Lilith's Resurrection heals and protects her first (KR-AMB-43). Then each destroyed ghost-icon
horde pushes its surviving heroes off the square and spawns the ghost deck's top card there
(KR-ICN-14, KR-AMB-60). Step 3: the last portal (or the boss) destroyed makes the victory
pending for the end of the round (KR-DES-3, KR-END-2).

A fully covered boss card is not simply destroyed: after the other trays, each boss's stage
ends (``boss.stage_covered``: his tiles and soldiers leave the card and the next stage begins,
KR-BOSS-1); only the end of the last stage removes his tray here, like a horde, and defeats him.
"""
from __future__ import annotations

from . import boss as bosses
from .content import HORDES, SCENARIOS
from .hordegrid import fully_covered
from .phases import Choose, damage_hero, default_choice, displace, heal_hero, restack
from .state import WILDCAT, GameOver, ev, gain_crystals, geo, grid, new_tray, tray_sort_key

RESURRECTION_HEAL = 3   # KR-LIL-5


def covered_trays(st: dict) -> list[str]:
    """The trays whose enemies are all covered, by tray id (KR-DES-1, KR-GEN-7)."""
    return [tid for tid in sorted(st["trays"], key=tray_sort_key)
            if fully_covered(grid(st["trays"][tid]["card"]), st["trays"][tid]["cover"])]


def _resurrect(st: dict, figure: str, events: list) -> None:
    if any(e["kind"] == "resurrection" and e["figure"] == figure for e in st["effects"]):
        heal_hero(st, figure, RESURRECTION_HEAL)
        st["heroes"][figure]["protected"] = True
        ev(events, "resurrection", figure=figure, health=st["heroes"][figure]["health"])


def destroy(st: dict, events: list, choose: Choose = default_choice) -> None:
    """Phase 3 (KR-DES-1..4)."""
    if st["phase"] == "over":
        return
    st["phase"] = 3
    try:
        _destroy(st, events, choose)
    except GameOver:
        return


def _remove(st: dict, tid: str, events: list, hit: list, ghosts: list) -> None:
    """Step 1 for one tray: off the map, soldiers and tiles back, crystals gained."""
    t = st["trays"].pop(tid)
    card = HORDES[t["card"]]
    st["soldiers"] += len(t["cover"]["soldiers"])    # KR-SOL-13: undamaged
    gained = gain_crystals(st, card["crystals"])
    ev(events, "tray_destroyed", tray=tid, card=t["card"], cell=t["cell"], crystals=gained,
       lost=card["crystals"] - gained, total=st["crystals"])
    figures = sorted(t["cover"]["heroes"])
    for figure in figures:
        st["heroes"][figure]["tray"] = None       # stays on the road square (KR-DES-2)
        _resurrect(st, figure, events)
    hit.extend(figures)
    restack(st, t["cell"])
    if card["kind"] == "portal":
        st["portals"]["destroyed"] += 1
        ev(events, "portal_destroyed", card=t["card"], destroyed=st["portals"]["destroyed"],
           total=st["portals"]["total"])
    if card.get("ghost_icon"):
        ghosts.append((t["cell"], figures))


def _destroy(st: dict, events: list, choose: Choose) -> None:
    hit: list[str] = []
    ghosts: list[tuple[str, list[str]]] = []
    shield = bosses.shield_up(st)
    covered = covered_trays(st)
    for tid in covered:
        if not bosses.is_boss(st["trays"][tid]["card"]):
            _remove(st, tid, events, hit, ghosts)
    for tid in covered:                               # a boss's stage ends (KR-BOSS-1, boss.py)
        if tid in st["trays"] and bosses.stage_covered(st, tid, events):
            _remove(st, tid, events, hit, ghosts)
    bosses.shield_change(st, shield, events)
    for figure in hit:                                # step 2
        if st["heroes"][figure]["kind"] != WILDCAT:
            damage_hero(st, figure, 1, events, "tray_destroyed")
    for cell, figures in ghosts:                      # KR-ICN-14
        for figure in figures:
            if st["heroes"][figure]["cell"] == cell:
                displace(st, figure, events, choose, "ghost")
        if st["ghost_deck"]:                          # KR-AMB-29
            card = st["ghost_deck"].pop(0)
            layer = -1 if any(t["cell"] == cell for t in st["trays"].values()) else 0
            tid = new_tray(st, card, cell, layer)
            restack(st, cell)
            ev(events, "ghost_spawn", card=card, cell=cell, tray=tid, facing=geo(st).orientation(cell))
    kind = SCENARIOS[st["scenario"]]["victory"]["kind"]
    done = (kind == "portals" and st["portals"]["total"] and st["portals"]["destroyed"] >= st["portals"]["total"]) \
        or (kind == "boss" and st["boss_defeated"])
    if done and not st["victory_pending"]:            # step 3
        st["victory_pending"] = True
        ev(events, "victory_pending", reason=kind)
