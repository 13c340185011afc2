"""Bosses: a boss card's stages and its rules (KR-BOSS-1..3, KR-ADV-1/12, KR-END-5, KR-HPT-1,
KR-HACT-7; rules "Content the rulebook does not give" 2). The Time Mage of ``rift_citadel`` is
authored in hordes.json (``boss {stages, move, text, rules}``); his rules are dispatched here on
their ``effect`` ids (``content.BOSS_EFFECTS``) with their ``params``, so another boss made of
the same effects with other numbers needs no code.

State: ``st["boss"]`` is None in a scenario without a boss, else ``{"card", "stage": 1..stages,
"stages", "entered": the round his tile came onto the map | None}`` (set up by setup.py; made on
demand for a state that lacks it, e.g. a boss tray put on another scenario's map by a test,
whose entry round is then taken to be his scenario's round, else the current one).
His tray is the tray carrying his card; ``st["boss_defeated"]`` records the defeat.

The hooks, each called by the phase that owns the moment:

* ``spawn.summon``: :func:`enter` when his card spawns; :func:`after_spawns` after the spawn
  decks (``extra_spawn``: one more card from deck ``params.deck`` in every round after the one
  he entered in, spawned like that deck's own card by the callback spawn.py passes).
* ``towers.targets`` / ``towers._target``: :func:`shielded` (``shielded_by_portals``: while a
  portal tray is on the map his tray is no legal tower target; ``kr.err.boss_shielded``).
  Spells and heroes never target him anyway (spells.py, hero_attacks.py); Time Gem may.
* ``advance.activate``: :func:`moves` (``move`` squares per phase 4, never swift; soldiers on
  him never stop him) and :func:`after_move` (``damage_near_heroes``: each hero within
  ``radius`` squares of his, not on it, takes ``damage`` through ``phases.damage_hero``, so
  protection holds, KR-HACT-7; resolved even when a tray in front kept him from moving, as the
  target icon is, KR-AMB-25).
* ``destroy._destroy``: :func:`stage_covered` when his card is fully covered in phase 3
  (KR-GEN-7): the stage ends (``heal_adjacent_trays``: every damage tile on the trays within
  ``radius`` squares of his is removed, soldiers and heroes stay, as a heal does, KR-AMB-26);
  before the last stage his tiles and soldiers leave the card and the next stage begins; the
  last stage's end is his defeat (the caller then removes his tray like a destroyed horde).
  The trays destroyed in the same phase 3 were already removed (coverage is read once, KR-AMB-2).
"""
from __future__ import annotations

from typing import Callable

from .content import HORDES, SCENARIOS
from .hordegrid import remove_soldiers, remove_tiles
from .mapgeo import parse_cell
from .phases import damage_hero
from .state import ev, tray_sort_key


# --- content and state ------------------------------------------------------------------------

def is_boss(card: str) -> bool:
    return HORDES[card]["kind"] == "boss"


def spec(card: str) -> dict:
    """The card's ``boss`` object (stages, move, text, rules)."""
    return HORDES[card]["boss"]


def rules(card: str, effect: str) -> list[dict]:
    return [r for r in spec(card)["rules"] if r["effect"] == effect]


def fresh(card: str) -> dict:
    return {"card": card, "stage": 1, "stages": spec(card)["stages"], "entered": None}


def initial(scenario: str) -> dict | None:
    """``st["boss"]`` at set-up: stage 1, not yet on the map (None without a boss)."""
    b = SCENARIOS[scenario]["boss"]
    return None if b is None else fresh(b["card"])


def record(st: dict, card: str) -> dict:
    """``st["boss"]`` for ``card``, made when the state has none for it."""
    b = st.get("boss")
    if b is None or b.get("card") != card:
        b = st["boss"] = fresh(card)
    return b


def boss_tray(st: dict) -> str | None:
    """The tray carrying a boss card (the first by id), None while no boss is on the map."""
    found = [tid for tid, t in st["trays"].items() if is_boss(t["card"])]
    return min(found, key=tray_sort_key) if found else None


def near(a: str, b: str, radius: int) -> bool:
    """``b`` is another square within ``radius`` squares of ``a``, diagonals included (the
    glossary's adjacency, KR-GEN-3, for radius 1)."""
    (ax, ay), (bx, by) = parse_cell(a), parse_cell(b)
    return a != b and max(abs(ax - bx), abs(ay - by)) <= radius


# --- the shield (towers) ----------------------------------------------------------------------

def portals_on_map(st: dict) -> bool:
    return any(HORDES[t["card"]]["kind"] == "portal" for t in st["trays"].values())


SHIELDS: dict[str, Callable[[dict], bool]] = {"shielded_by_portals": portals_on_map}


def shielded(st: dict, tid: str) -> bool:
    """Towers may not attack tray ``tid`` now: a boss one of whose shield rules holds."""
    card = st["trays"][tid]["card"]
    if not is_boss(card):
        return False
    return any(r["effect"] in SHIELDS and SHIELDS[r["effect"]](st) for r in spec(card)["rules"])


def shield_rule(card: str) -> str | None:
    return next((r["id"] for r in spec(card)["rules"] if r["effect"] in SHIELDS), None)


def shield_up(st: dict) -> bool:
    tid = boss_tray(st)
    return tid is not None and shielded(st, tid)


def shield_change(st: dict, before: bool, events: list) -> None:
    """After phase 3 the shield may fall with the last portal on the map; after phase 1 a
    portal spawned while he is on the map may raise it again."""
    tid = boss_tray(st)
    if tid is None or before == shielded(st, tid):
        return
    card = st["trays"][tid]["card"]
    ev(events, "boss_shield_up" if not before else "boss_shield_down", card=card, tray=tid, rule=shield_rule(card))


# --- phase 1 -----------------------------------------------------------------------------------

def enter(st: dict, tid: str | None, events: list) -> None:
    """His card has spawned as tray ``tid`` (None: straight into the Kingdom, the game is lost)."""
    if tid is None:
        return
    t = st["trays"][tid]
    b = record(st, t["card"])
    b["entered"] = st["round"]
    ev(events, "boss_entered", card=t["card"], tray=tid, cell=t["cell"], stage=b["stage"], stages=b["stages"],
       rules=[r["id"] for r in spec(t["card"])["rules"]])


def _extra_spawn(st: dict, tid: str, rule: dict, events: list, spawn_deck: Callable[[int], None]) -> None:
    marker = rule["params"]["deck"]
    left = len(st["decks"].get(str(marker), []))
    b = record(st, st["trays"][tid]["card"])
    if left or not b.get("told_empty"):               # an empty deck is narrated once
        ev(events, "boss_extra_spawn", card=st["trays"][tid]["card"], rule=rule["id"], marker=marker, left=left)
    b["told_empty"] = not left
    spawn_deck(marker)


PHASE1 = {"extra_spawn": _extra_spawn}


def after_spawns(st: dict, events: list, spawn_deck: Callable[[int], None]) -> None:
    """Phase 1 after the spawn decks, in every round after the one he entered in."""
    tid = boss_tray(st)
    if tid is None:
        return
    card = st["trays"][tid]["card"]
    b = record(st, card)
    if b["entered"] is None:          # a state from before the record: his scenario's round
        sb = SCENARIOS[st["scenario"]]["boss"]
        b["entered"] = sb["round"] if sb is not None and sb["card"] == card else st["round"]
    if st["round"] <= b["entered"]:
        return
    for r in spec(card)["rules"]:
        if r["effect"] in PHASE1 and tid in st["trays"]:
            PHASE1[r["effect"]](st, tid, r, events, spawn_deck)


# --- phase 4 -----------------------------------------------------------------------------------

def moves(card: str) -> int:
    """Move attempts per phase 4: the card's ``move``, never swift (no icons count)."""
    return spec(card)["move"]


def _damage_near_heroes(st: dict, tid: str, rule: dict, events: list) -> None:
    cell = st["trays"][tid]["cell"]
    p = rule["params"]
    for figure, h in sorted(st["heroes"].items()):
        if h["cell"] is not None and near(cell, h["cell"], p["radius"]):
            damage_hero(st, figure, p["damage"], events, rule["id"])


MOVED = {"damage_near_heroes": _damage_near_heroes}


def after_move(st: dict, tid: str, events: list) -> None:
    """His phase 4 movement is over (he is still on the map)."""
    for r in spec(st["trays"][tid]["card"])["rules"]:
        if r["effect"] in MOVED and tid in st["trays"]:
            MOVED[r["effect"]](st, tid, r, events)


# --- phase 3 -----------------------------------------------------------------------------------

def _heal_adjacent_trays(st: dict, tid: str, rule: dict, events: list) -> None:
    t = st["trays"][tid]
    healed = []
    for other in sorted(st["trays"], key=tray_sort_key):
        o = st["trays"][other]
        if other != tid and not is_boss(o["card"]) and o["cover"]["tiles"] \
                and near(t["cell"], o["cell"], rule["params"]["radius"]):
            o["cover"] = remove_tiles(o["cover"])
            healed.append(other)
    if healed:
        ev(events, "boss_heal_trays", card=t["card"], rule=rule["id"], cell=t["cell"], trays=healed)


STAGE_END = {"heal_adjacent_trays": _heal_adjacent_trays}


def stage_covered(st: dict, tid: str, events: list) -> bool:
    """Phase 3, his card fully covered: the stage ends. True when it was the last (defeated:
    the caller removes the tray); else his tiles and soldiers are removed and the next stage
    begins."""
    t = st["trays"][tid]
    card = t["card"]
    b = record(st, card)
    stage, last = b["stage"], b["stage"] >= b["stages"]
    if last:
        st["boss_defeated"] = True
        ev(events, "boss_defeated", card=card, tray=tid, cell=t["cell"], stage=stage, stages=b["stages"])
    else:
        ev(events, "boss_stage_cleared", card=card, tray=tid, cell=t["cell"], stage=stage, stages=b["stages"])
    for r in spec(card)["rules"]:
        if r["effect"] in STAGE_END:
            STAGE_END[r["effect"]](st, tid, r, events)
    if last:
        return True
    st["soldiers"] += len(t["cover"]["soldiers"])             # back to the supply, undamaged
    t["cover"] = remove_soldiers(remove_tiles(t["cover"]))
    b["stage"] = stage + 1
    ev(events, "boss_stage_begins", card=card, tray=tid, cell=t["cell"], stage=b["stage"], stages=b["stages"])
    return False


# --- the view ------------------------------------------------------------------------------------

def public(st: dict) -> dict | None:
    """What the view shows of the boss: ``st["boss"]`` plus his ``tray`` (None off the map),
    ``shielded`` and ``defeated``; None when the game has no boss."""
    tid = boss_tray(st)
    b = st.get("boss")
    if tid is not None and (b is None or b.get("card") != st["trays"][tid]["card"]):
        b = fresh(st["trays"][tid]["card"])
    if b is None:
        return None
    return {**b, "tray": tid, "shielded": tid is not None and shielded(st, tid),
            "defeated": bool(st.get("boss_defeated"))}


# every boss effect id and the moment it acts (the tests check it covers content.BOSS_EFFECTS)
HOOKS = {**{e: "shield" for e in SHIELDS}, **{e: "phase1" for e in PHASE1}, **{e: "moved" for e in MOVED},
         **{e: "stage_end" for e in STAGE_END}}
