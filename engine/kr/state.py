"""The JSON game state of Kingdom Rush: Rift in Time: layout, a fast structural copy, events,
the end of the game and small queries (docs/kr/engine.md).

Layout (``schema`` 1)::

    {"schema": 1, "game": "kr", "scenario": scenario id,
     "options": {"scenario", "difficulty", "heroes": [hero id by seat], "solo": bool},
     "rng": engine.rng state,
     "round": 1, 2, ..., "phase": 1..6 | "over",
     "seats": [{"hero": id, "colours": ["red"] (solo: 3 colours, KR-SOLO-2),
                "hand": [tower ids], "pending": [tower ids] (pending-tower slot, KR-PASS-6),
                "done": bool (finished phase 2 or 6, KR-ACT-5),
                "proposed": bool (made its one proposal of this phase 6; absent before the
                first phase 6, rounds.py)}],
     "trays": {tray id "t1": {"card": horde card id, "cell": road square,
               "facing": N|E|S|W (top edge / purple line, KR-SPN-4),
               "cover": hordegrid cover {"tiles", "soldiers", "heroes"},
               "layer": 0 on the road, higher = stacked on top (flying, KR-ICN-10)}},
     "next_tray": int,
     "decks": {"1": [card ids, top first]} per spawn marker   (hidden, KR-SET-7),
     "ghost_deck": [card ids, top first]                     (hidden, KR-SET-8),
     "pioneer_cards": {icon: road square} still on the map (KR-ICN-15),
     "opened": [markers whose road opened this round] (KR-ICN-18, KR-AMB-59),
     "hearts": Kingdom hearts, "crystals": 0..12 (KR-BUY-6, KR-AMB-56),
     "supply": {tower id: copies}, "soldiers": soldiers in the supply (KR-SOL-7),
     "sites": {site square: [{"card", "seat", "facing", "face_down"}]}  (<= 2, KR-SOL-9/10),
     "heroes": {figure id: {"seat", "kind": "hero"|"wildcat", "cell": square | None (hero
                board), "tray": tray id | None (engaged), "facing", "health", "max",
                "abilities": {ability id: face up?}, "activated": hero card on the board,
                "knocked_out", "protected" (until end of round, KR-HPT-8)}},
                the wildcat is figure "wildcat" owned by Alleria's seat (KR-ALL-1..4),
     "effects": [{"kind", "figure"}] lasting until the end of the round (KR-GEN-11),
     "solo": {"excluded": colour | None, "last_excluded": colour | None, "bench": [ids]},
     "proposals": [{"seat", "buys": [[tower, seat]], "takes": [[site, tower, seat]], "approved": [seats]}] (phase 6),
     "white": [{"card", "site", "builder"}] (white-site towers awaiting the group, KR-WHT-3),
     "portals": {"total": n, "destroyed": n}, "boss_defeated": bool,
     "boss": None | {"card", "stage": 1.., "stages", "entered": round | None} (boss.py),
     "victory_pending": bool (KR-DES-3, KR-END-2),
     "result": None | {"outcome": "victory"|"defeat", "reason"}}

A hero on a tray has its base in that tray's ``cover["heroes"]`` under its figure id and the
tray's id in ``tray``; a hero on an empty road square or a site has ``tray`` None.
"""
from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any, NoReturn

from engine.base import Event

from .content import ENEMIES, HORDES, map_dict
from .hordegrid import HordeGrid, horde_grid
from .mapgeo import MapGeo

SCHEMA = 1
MAX_CRYSTALS = 12          # KR-BUY-6
SOLDIERS = 12              # publisher figure (rules "Content the rulebook does not give", 11)
WILDCAT = "wildcat"


class GameOver(Exception):
    """Raised the moment the players lose (KR-END-3..5); the phase functions catch it."""


class Discard(list):
    """The events of a trial run that nobody reads (a suggestion tried on a copy): ``ev``
    makes none, and whatever else is added is dropped."""

    def append(self, item: Any) -> None:
        pass

    def extend(self, items: Any) -> None:
        pass


def ev(events: list, kind: str, visible_to: int | None = None, **params: Any) -> None:
    if events.__class__ is Discard:
        return
    events.append(Event(kind, params, visible_to))


def finish(st: dict, outcome: str, reason: str) -> None:
    st["result"] = {"outcome": outcome, "reason": reason}
    st["phase"] = "over"


def lose(st: dict, reason: str, events: list) -> NoReturn:
    """The players lose at once (KR-RND-3, KR-END-3..5)."""
    finish(st, "defeat", reason)
    ev(events, "game_over", outcome="defeat", reason=reason)
    raise GameOver()


# --- content lookups ---------------------------------------------------------------------------

@lru_cache(maxsize=None)
def grid(card: str) -> HordeGrid:
    return horde_grid(HORDES[card], ENEMIES)


@lru_cache(maxsize=None)
def _geo(scenario: str) -> MapGeo:
    return MapGeo.from_dict(map_dict(scenario))


def geo(st: dict) -> MapGeo:
    return _geo(st["scenario"])


def scenario_geo(scenario: str) -> MapGeo:
    """``geo`` of a state of ``scenario``."""
    return _geo(scenario)


def is_flying(card: str) -> bool:
    return any(a["area"] == "flying" for a in HORDES[card].get("areas", ()))


# --- copying -----------------------------------------------------------------------------------

def copy_state(st: dict) -> dict:
    """A structural copy. Covers' tiles and soldier cells are never changed in place (hordegrid
    returns new covers), so the lists are copied but their items shared; options are shared."""
    n = dict(st)
    rng = st["rng"]
    n["rng"] = {"s": rng["s"], "forced": rng.get("forced", [])[:]}
    # plain loops rather than comprehensions: the collections are small and this is hot
    seats = []
    for s in st["seats"]:
        s = dict(s)
        s["colours"], s["hand"], s["pending"] = s["colours"][:], s["hand"][:], s["pending"][:]
        seats.append(s)
    n["seats"] = seats
    trays = {}
    for k, t in st["trays"].items():
        t = dict(t)
        c = t["cover"]
        t["cover"] = {"tiles": c["tiles"][:], "soldiers": c["soldiers"][:], "heroes": dict(c["heroes"])}
        trays[k] = t
    n["trays"] = trays
    n["decks"] = {k: d[:] for k, d in st["decks"].items()}
    n["ghost_deck"] = st["ghost_deck"][:]
    n["pioneer_cards"] = dict(st["pioneer_cards"])
    n["opened"] = st["opened"][:]
    n["supply"] = dict(st["supply"])
    sites = {}
    for k, v in st["sites"].items():
        sites[k] = [dict(t) for t in v]
    n["sites"] = sites
    heroes = {}
    for k, h in st["heroes"].items():
        h = dict(h)
        h["abilities"] = dict(h["abilities"])
        heroes[k] = h
    n["heroes"] = heroes
    n["effects"] = [dict(e) for e in st["effects"]] if st["effects"] else []
    n["solo"] = {**st["solo"], "bench": st["solo"]["bench"][:]}
    n["proposals"] = [{**p, "buys": [b[:] for b in p["buys"]], "takes": [x[:] for x in p.get("takes", [])],
                       "approved": p["approved"][:]}
                      for p in st["proposals"]] if st["proposals"] else []
    n["portals"] = dict(st["portals"])
    if "white" in st:
        n["white"] = [dict(w) for w in st["white"]]
    if st.get("boss") is not None:
        n["boss"] = dict(st["boss"])
    if "spells" in st:
        n["spells"] = {k: v[:] for k, v in st["spells"].items()}
    if st["result"] is not None:
        n["result"] = dict(st["result"])
    return n


# --- queries -----------------------------------------------------------------------------------

def tray_sort_key(tid: str) -> int:
    return int(tid[1:])


def all_or_nothing(st: dict, events: list, apply, *args) -> None:
    """``apply(copy, *args, its_events)`` on a copy of ``st``; only when it raises nothing is
    ``st`` replaced by the copy and the events kept (one atomic action, KR-ACT-3)."""
    new = copy_state(st)
    local: list = []
    apply(new, *args, local)
    st.update(new)
    events.extend(local)


def trays_at(st: dict, cell: str) -> list[str]:
    """The trays on ``cell``, top first (KR-ADV-8)."""
    here = [tid for tid, t in st["trays"].items() if t["cell"] == cell]
    if len(here) < 2:
        return here
    return sorted(here, key=lambda tid: -st["trays"][tid]["layer"])


def trays_by_cell(st: dict, cells: Collection[str] | None = None) -> dict[str, list[str]]:
    """``trays_at`` of every square holding a tray (of ``cells`` only, when given), from one
    pass over the trays: square -> its trays, top first."""
    trays = st["trays"]
    if cells is not None and len(cells) > 8:
        cells = set(cells)
    found: dict[str, list[str]] = {}
    for tid, t in trays.items():
        cell = t["cell"]
        if cells is None or cell in cells:
            if cell in found:
                found[cell].append(tid)
            else:
                found[cell] = [tid]
    for here in found.values():
        if len(here) > 1:
            here.sort(key=lambda tid: -trays[tid]["layer"])
    return found


def tray_cells(st: dict) -> set[str]:
    return {t["cell"] for t in st["trays"].values()}


def tower_cells(st: dict) -> set[str]:
    return {c for c, towers in st["sites"].items() if towers}


def heroes_on_map(st: dict) -> list[str]:
    return [f for f, h in st["heroes"].items() if h["cell"] is not None]


def gain_crystals(st: dict, n: int) -> int:
    """Add up to ``n`` crystals; those beyond the cap are lost (KR-BUY-6, KR-AMB-56)."""
    gained = max(0, min(n, MAX_CRYSTALS - st["crystals"]))
    st["crystals"] += gained
    return gained


def new_tray(st: dict, card: str, cell: str, layer: int = 0) -> str:
    tid = f"t{st['next_tray']}"
    st["next_tray"] += 1
    st["trays"][tid] = {"card": card, "cell": cell, "facing": geo(st).orientation(cell),
                        "cover": {"tiles": [], "soldiers": [], "heroes": {}}, "layer": layer}
    return tid


def tower_count(st: dict) -> dict[str, int]:
    """Every tower card in the game by id: supply, hands, pending slots and sites (conserved)."""
    total: dict[str, int] = dict(st["supply"])
    cards = [c for s in st["seats"] for c in s["hand"] + s["pending"]]
    cards += [t["card"] for towers in st["sites"].values() for t in towers]
    for c in cards:
        total[c] = total.get(c, 0) + 1
    return total
