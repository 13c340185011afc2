"""Phase 4, advance horde trays (KR-ADV-1..13, KR-ICN-1..4/9/10/11, KR-AMB-17/21..27/62).

Order: ``MapGeo.advance_order`` of the squares occupied at the start of the phase (KR-ADV-4,
KR-AMB-23), each square's stack top down (KR-ADV-8); a tray fully completes its activation
before the next. One activation:

1. a flying tray first drops its soldiers (to the supply) and moves its heroes off (owner's
   choice, else the hero board, KR-ICN-9, KR-AMB-27);
2. visible icons (KR-ICN-1): heal removes every tile (KR-ICN-2, KR-AMB-26), then the other
   icons are read again: swift gives 2 attempts (KR-ICN-3), target is remembered;
3. each attempt: a tray carrying soldiers or heroes does not move; every soldier on it is
   removed (KR-SOL-5) and every hero takes 1 damage (KR-ADV-5, KR-AMB-21/22), so a swift tray
   whose blockers are gone moves on its second attempt; otherwise it moves to the next road
   square unless a tray is there (KR-ADV-7) - a flying tray lands on top of it (KR-ICN-10) -
   displacing heroes standing on an empty square (KR-AMB-17); past the last square it reaches
   the Kingdom (KR-ADV-10..13);
4. a visible target icon deals 1 damage to each hero adjacent to the tray's square, whether or
   not it moved (KR-ICN-4, KR-AMB-25).

A boss tile (KR-ADV-1, KR-BOSS-2) makes its card's ``move`` attempts, never swift; soldiers on
his card cover squares but never stop him (they stay on it); after his movement his rules act
(``boss.after_move``: Time Warp).
"""
from __future__ import annotations

from . import boss as bosses
from .hordegrid import remove_soldier, remove_tiles, visible_icons
from .phases import Choose, damage_hero, default_choice, displace, reach_kingdom, restack
from .state import GameOver, ev, geo, grid, is_flying, tray_cells, trays_at


def activation_order(st: dict) -> list[str]:
    """Tray ids in the order they activate this phase (KR-ADV-4/8, KR-AMB-23)."""
    return [tid for cell in geo(st).advance_order(tray_cells(st)) for tid in trays_at(st, cell)]


def advance(st: dict, events: list, choose: Choose = default_choice) -> None:
    """Phase 4 (KR-ADV-1..13)."""
    if st["phase"] == "over":
        return
    st["phase"] = 4
    try:
        for tid in activation_order(st):
            if tid in st["trays"]:
                activate(st, tid, events, choose)
    except GameOver:
        return


def _icons(st: dict, tid: str) -> set[str]:
    t = st["trays"][tid]
    return {i.icon for i in visible_icons(grid(t["card"]), t["cover"])}


def _blocked(st: dict, tid: str, events: list) -> bool:
    """KR-ADV-5, KR-AMB-21: the blockers are hurt and the attempt fails (never a boss's)."""
    t = st["trays"][tid]
    cover = t["cover"]
    if (not cover["soldiers"] and not cover["heroes"]) or bosses.is_boss(t["card"]):
        return False
    ev(events, "tray_blocked", tray=tid, cell=t["cell"])
    for cell in list(cover["soldiers"]):
        t["cover"] = remove_soldier(t["cover"], cell)
        st["soldiers"] += 1
        ev(events, "soldier_lost", tray=tid, at=list(cell))
    for figure in sorted(cover["heroes"]):
        damage_hero(st, figure, 1, events, "blocking")
    return True


def _step(st: dict, tid: str, events: list, choose: Choose) -> str:
    """One move attempt: "moved", "blocked", "stopped" or "kingdom"."""
    if _blocked(st, tid, events):
        return "blocked"
    g = geo(st)
    t = st["trays"][tid]
    nxt = g.next_square(t["cell"])
    if nxt is None:
        reach_kingdom(st, t["card"], t["cover"], events, tray=tid)
        return "kingdom"
    below = trays_at(st, nxt)
    flying = is_flying(t["card"])
    if below and not flying:
        return "stopped"                              # KR-ADV-7, KR-ADV-9
    if not below:
        for figure, h in sorted(st["heroes"].items()):
            if h["cell"] == nxt:
                displace(st, figure, events, choose, "advance")   # KR-AMB-17
    origin = t["cell"]
    t["cell"] = nxt
    t["layer"] = max((st["trays"][x]["layer"] for x in below), default=-1) + 1
    restack(st, origin)
    ev(events, "tray_moved", tray=tid, card=t["card"], cell=origin, to=nxt, on_top=bool(below))
    return "moved"


def activate(st: dict, tid: str, events: list, choose: Choose = default_choice) -> None:
    """One tray's whole activation (steps 1-4 of the module docstring)."""
    t = st["trays"][tid]
    if is_flying(t["card"]):                          # KR-ICN-9
        st["soldiers"] += len(t["cover"]["soldiers"])
        t["cover"] = {**t["cover"], "soldiers": []}
        for figure in sorted(t["cover"]["heroes"]):
            displace(st, figure, events, choose, "flying")
    icons = _icons(st, tid)
    if "heal" in icons and t["cover"]["tiles"]:       # KR-ICN-2
        t["cover"] = remove_tiles(t["cover"])
        ev(events, "heal", tray=tid, cell=t["cell"])
        icons = _icons(st, tid)
    boss = bosses.is_boss(t["card"])
    attempts = bosses.moves(t["card"]) if boss else 2 if "swift" in icons else 1   # KR-ICN-3
    for _ in range(attempts):
        if _step(st, tid, events, choose) in ("kingdom", "stopped"):
            break
    if boss and tid in st["trays"]:
        bosses.after_move(st, tid, events)
    if "target" in icons and tid in st["trays"]:      # KR-ICN-4, KR-AMB-25
        g, cell = geo(st), st["trays"][tid]["cell"]
        for figure, h in sorted(st["heroes"].items()):
            if h["cell"] is not None and g.is_adjacent(cell, h["cell"]):
                damage_hero(st, figure, 1, events, "target")
