"""Phase 1, summon new hordes (KR-SPN-1..10, KR-ICN-15/16/18, KR-AMB-28/29/55/59/60).

Decks are processed by increasing marker (KR-SPN-1). A deck does not spawn while a pioneer
card lies on its path, nor in the round its road opened (KR-AMB-59); an empty deck spawns
nothing (KR-AMB-29). The revealed card goes on the first square of the marker's path without
a tray (heroes never count, KR-AMB-55); heroes standing there are displaced first (KR-SPN-7);
with no free square the horde reaches the Kingdom (KR-SPN-6). Trays are not modelled
(KR-AMB-28), so a flying horde needs nothing special at spawn. A pioneer horde replaces the
first of its icons' pioneer cards still on the map, else spawns normally (KR-ICN-16).

The boss (``scenario.boss``) is spawned from its marker in its round, before that deck's own
card, like a horde card; after the spawn decks his phase 1 rules act (``boss.after_spawns``:
Rift Call's extra card is spawned from its deck by :func:`_spawn_deck`, exactly like the deck's
own card, KR-BOSS-1).
"""
from __future__ import annotations

from . import boss as bosses
from .content import HORDES, SCENARIOS
from .phases import Choose, default_choice, displace, reach_kingdom, start_phase2
from .state import GameOver, ev, geo, new_tray, tray_cells


def _free_from(st: dict, cell: str) -> str | None:
    """The first square without a tray from ``cell`` along the road to the exit (KR-SPN-5)."""
    g, taken = geo(st), tray_cells(st)
    here: str | None = cell
    while here is not None and here in taken:
        here = g.next_square(here)
    return here


def place(st: dict, card: str, cell: str | None, events: list, choose: Choose, marker: int | None) -> str | None:
    """Put ``card`` on ``cell`` (displacing heroes there, KR-SPN-7) oriented by KR-SPN-4, or
    into the Kingdom when ``cell`` is None (KR-SPN-6). Returns the new tray id."""
    if cell is None:
        ev(events, "spawn_overflow", card=card, marker=marker)
        reach_kingdom(st, card, {"tiles": [], "soldiers": [], "heroes": {}}, events)
        return None
    for figure, h in sorted(st["heroes"].items()):
        if h["cell"] == cell:
            displace(st, figure, events, choose, "spawn")
    tid = new_tray(st, card, cell)
    ev(events, "spawn", card=card, marker=marker, cell=cell, tray=tid, facing=st["trays"][tid]["facing"])
    return tid


def _spawn_card(st: dict, marker: int, card: str, events: list, choose: Choose) -> str | None:
    """Reveal ``card`` from ``marker``'s deck and spawn it; returns its tray id (None: into
    the Kingdom)."""
    g = geo(st)
    for icon in HORDES[card].get("pioneer_icons") or ():
        if icon in st["pioneer_cards"]:      # KR-ICN-16
            before = g.cut_off_spawns(st["pioneer_cards"].values())
            cell = st["pioneer_cards"].pop(icon)
            opened = sorted(before - g.cut_off_spawns(st["pioneer_cards"].values()))
            st["opened"].extend(m for m in opened if m not in st["opened"])
            ev(events, "pioneer_card_removed", icon=icon, cell=cell, opened=opened)
            return place(st, card, _free_from(st, cell), events, choose, marker)
    return place(st, card, g.spawn_square(marker, tray_cells(st)), events, choose, marker)


def _spawn_deck(st: dict, marker: int, events: list, choose: Choose, cards: int = 1) -> None:
    """The top ``cards`` cards of ``marker``'s deck (its ``waves`` decks' top cards, one each,
    KR-SPN-2), unless the spawn point is skipped this round (KR-ICN-18, KR-AMB-59); an empty
    deck spawns nothing (KR-AMB-29)."""
    if marker in st["opened"]:
        ev(events, "spawn_skipped", marker=marker, reason="opened")   # KR-ICN-18
        return
    if marker in geo(st).cut_off_spawns(st["pioneer_cards"].values()):
        ev(events, "spawn_skipped", marker=marker, reason="cut_off")
        return
    deck = st["decks"].get(str(marker), [])
    for _ in range(cards):
        if deck:
            _spawn_card(st, marker, deck.pop(0), events, choose)


def summon(st: dict, events: list, choose: Choose = default_choice) -> None:
    """Phase 1 (KR-SPN-1..10). The game may be lost on the way (a portal spawning straight
    into the Kingdom, KR-SPN-6)."""
    if st["phase"] == "over":
        return
    st["phase"] = 1
    g = geo(st)
    boss = SCENARIOS[st["scenario"]]["boss"]
    there, shield = bosses.boss_tray(st) is not None, bosses.shield_up(st)
    try:
        for marker in g.spawn_markers:
            if boss is not None and boss["spawn"] == marker and boss["round"] == st["round"]:
                bosses.enter(st, _spawn_card(st, marker, boss["card"], events, choose), events)
            _spawn_deck(st, marker, events, choose, (st.get("waves") or {}).get(str(marker), 1))
        bosses.after_spawns(st, events, lambda marker: _spawn_deck(st, marker, events, choose))
        if there:
            bosses.shield_change(st, shield, events)      # a new portal raises it again
    except GameOver:
        return


def begin_round(st: dict, events: list, choose: Choose = default_choice) -> None:
    """Phase 1, then the start of phase 2 (revival, KR-HPT-5)."""
    summon(st, events, choose)
    start_phase2(st, events)
