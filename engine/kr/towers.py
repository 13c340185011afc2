"""Phase 2 tower actions: building a tower and resolving its attacks, passing a tower card
(KR-ACT-2..4, KR-TWR-1..10, KR-DMG-1..15, KR-SOL-1..11, KR-PRT-4..9, KR-PASS-1..7, KR-WHT-2,
KR-SOLO-3/4/9, KR-AMB-8..14, KR-AMB-52, KR-AMB-57).

Actions (one atomic command each, KR-ACT-3)::

    {"type": "build", "card": tower id, "site": "F2", "facing": "N"|"E"|"S"|"W",
     "attacks": [[placement, ...] per attack printed on the card]}
    placement: {"tray": "t3", "cells": [[c, r], ...]}            a damage tile (card squares)
               {"tray": "t3", "cells": [...], "tile": i}         ... naming the attack's i-th tile
               {"tray": "t3", "cell": [c, r]}                    a soldier from the supply
               {"tray": "t3", "cell": [c, r], "from": ["t1", [c, r]]}   a soldier moved (KR-SOL-8)
    {"type": "pass", "card": tower id, "to": seat, "variant": None | "a" | "b"}

Decisions taken here:

* A *soldier tower* is a card of the barracks family (士兵防御塔); only such a card lets a
  site hold a second tower (KR-SOL-10, KR-AMB-11/12); a face-down tower still counts
  (KR-AMB-57). Ownership of the second tower's site is the ordinary site check (KR-SOL-11).
* A tile's ``tile`` index may be left out: the first unused tile of the attack whose allowed
  orientation matches the cells is taken (tiles of one shape are interchangeable).
* Targets are the top tray of every road square the attack reaches (KR-TWR-7/8, KR-ICN-10),
  except a boss while one of his shield rules holds (``boss.shielded``: the Time Mage while a
  portal is on the map; ``kr.err.boss_shielded``).
* Compulsory placement (KR-AMB-8, KR-DMG-15, KR-SOL-4): after an attack's placements no
  unplaced tile (or supply soldier) may still have a legal placement on a target tray of its
  attack. Not counted: portals above the tower's level (KR-PRT-4), portals whose enemies are
  all covered (KR-PRT-9), and every portal, for every attack, when the *tower* has another
  possible target (``other_target``: a non-portal target of any of its attacks with a legal
  placement for one of that attack's tiles or soldiers, judged as the tower is built, before
  its placements; KR-PRT-7 speaks of the tower, not of one attack). Only a tower whose sole
  possible targets are portals must put all its attacks on them (KR-PRT-8). For "+"-linked
  tiles (KR-DMG-9) only the tray the other tiles went to counts.
* Relocated soldiers (KR-AMB-10) count against the attack's soldiers; moving one is never
  compulsory. The attacks resolve in printed order; the tower turns face down after all of
  them if any tile or soldier went onto a portal (KR-PRT-5/6, KR-AMB-9).
* Passing: upgrades are the next level's cards within the scenario's ``level_cap`` and in the
  supply; none gives an unchanged pass (KR-PASS-4, KR-AMB-14); with two L4s available the
  passer names the ``variant`` (KR-AMB-13); in solo the card goes to one's own pending slot
  (KR-SOLO-9, KR-AMB-52), otherwise to another seat's (KR-PASS-1).

Errors are ``IllegalAction("kr.err.<reason>")`` and leave the state unchanged: the action is
played on a copy whose contents then replace the state's (``state.all_or_nothing``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from engine.base import IllegalAction

from . import boss as bosses
from .content import SCENARIOS, SHAPES, TOWERS, tower_upgrades
from .hordegrid import (HordeGrid, fully_covered, placements, remove_soldier, soldier_placements, soldier_problem,
                        tile_problem, with_soldier, with_tile)
from .shapes import FACINGS, Shape, oriented, shape
from .state import Discard, all_or_nothing, copy_state, ev, geo, grid, trays_at, trays_by_cell

Cell = tuple[int, int]


def err(reason: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"kr.err.{reason}", message, **params)


# --- small checks ------------------------------------------------------------------------------

def check_phase(st: dict, phase: int) -> None:
    if st["phase"] != phase:
        raise err("wrong_phase", f"only in phase {phase}, not {st['phase']}", phase=st["phase"])


def check_seat(st: dict, seat: Any, key: str = "seat") -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(st["seats"]):
        raise err("bad_seat", f"no seat {seat!r}", **{key: seat})
    return seat


def check_card(card: Any) -> str:
    if not isinstance(card, str) or card not in TOWERS:
        raise err("no_such_card", f"no tower card {card!r}", card=card)
    return card


def check_in_hand(st: dict, seat: int, card: Any) -> str:
    """KR-ACT-2, KR-PASS-6/7: only cards in hand (not pending, not built) are played or passed."""
    check_card(card)
    if card not in st["seats"][seat]["hand"]:
        raise err("not_in_hand", f"{card} is not in seat {seat}'s hand", card=card, seat=seat)
    return card


def is_soldier_tower(card: str) -> bool:
    """A barracks card (KR-SOL-10)."""
    return TOWERS[card]["family"] == "barracks"


def level_cap(st: dict) -> int:
    return SCENARIOS[st["scenario"]]["level_cap"]


def check_site(st: dict, seat: int, card: str, site: Any) -> str:
    """May ``seat`` put ``card`` on ``site`` (KR-TWR-2/3, KR-SOL-9..11, KR-WHT-1/2,
    KR-SOLO-2..4, KR-AMB-11/12/51/57)?"""
    sites = geo(st).site_map(len(st["seats"]))
    if not isinstance(site, str) or site not in sites:
        raise err("not_a_site", f"{site!r} is not a building site in this game", site=site)
    colour = sites[site].colour
    if colour != "white" and colour not in st["seats"][seat]["colours"]:
        raise err("not_your_site", f"{site} is a {colour} site", site=site, colour=colour)
    if st["options"].get("solo") and colour == st["solo"]["excluded"]:
        raise err("excluded_colour", f"{colour} sites are excluded this round (KR-SOLO-3)",
                  site=site, colour=colour)
    heroes = [f for f, h in st["heroes"].items() if h["cell"] == site]
    if heroes:
        raise err("site_has_hero", f"{heroes[0]} stands on {site}", site=site, figure=heroes[0])
    towers = st["sites"].get(site, [])
    if len(towers) >= 2 or (towers and not (is_soldier_tower(card) or is_soldier_tower(towers[0]["card"]))):
        raise err("site_taken", f"{site} already holds {[t['card'] for t in towers]}", site=site)
    return site


def _pair(x: Any) -> Cell | None:
    if (isinstance(x, (list, tuple)) and len(x) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in x)):
        return int(x[0]), int(x[1])
    return None


def _cells(raw: Any) -> list[Cell]:
    read = [_pair(x) for x in raw] if isinstance(raw, list) and raw else [None]
    pairs = [p for p in read if p is not None]
    if len(pairs) != len(read):
        raise err("malformed", f"cells must be a non-empty list of [c, r], not {raw!r}", cells=raw)
    return pairs


# --- targets -----------------------------------------------------------------------------------

def reach_squares(st: dict, site: str, facing: str, attack: dict) -> tuple[str, ...]:
    """Road squares an attack reaches from ``site`` (KR-TWR-6..8, KR-AMB-5)."""
    return geo(st).reach(site, facing, attack["arrows"], attack["precise"])


def targets(st: dict, site: str, facing: str, attack: dict,
            on: Mapping[str, list[str]] | None = None) -> list[str]:
    """The trays an attack may target: the top tray of each square reached; a tray under a
    flying tray cannot be attacked (KR-ICN-10), nor a shielded boss (boss.py). ``on``:
    ``trays_by_cell(st)`` when known."""
    squares = reach_squares(st, site, facing, attack)
    if on is None:
        on = trays_by_cell(st, squares)
    found = []
    for cell in squares:
        here = on.get(cell)
        if here and not bosses.shielded(st, here[0]):
            found.append(here[0])
    return found


def _portal_level(g: HordeGrid) -> int | None:
    return g.portal_level if g.kind == "portal" else None


def tile_shapes(st: dict, tid: str, tile: str, facing: str, attack: dict) -> tuple[Shape, ...]:
    """Allowed orientations of a tile on a tray (KR-DMG-7, KR-AMB-6)."""
    return named_shapes(tile, facing, st["trays"][tid]["facing"], bool(attack["free"]))


@lru_cache(maxsize=4096)
def named_shapes(tile: str, facing: str, tray_facing: str, free: bool) -> tuple[Shape, ...]:
    """``shapes.oriented`` of the tile named ``tile`` (``content.SHAPES``), kept by name."""
    return oriented(SHAPES[tile], facing, tray_facing, free)


def _fits(st: dict, tid: str, facing: str, attack: dict, damage: str, tiles: list[int]) -> int | None:
    """The first of ``tiles`` (indices) with a legal placement on ``tid``, or None."""
    t = st["trays"][tid]
    g = grid(t["card"])
    for i in tiles:
        if placements(g, t["cover"], tile_shapes(st, tid, attack["tiles"][i], facing, attack), damage):
            return i
    return None


def _soldier_fits(st: dict, tid: str, damage: str) -> bool:
    t = st["trays"][tid]
    return bool(soldier_placements(grid(t["card"]), t["cover"], damage))


def other_target(st: dict, card: str, site: str, facing: str,
                 reached: Callable[[Any], list[str]] | None = None) -> bool:
    """Whether ``card`` built on ``site`` facing ``facing`` has a possible target other than
    a portal on the current state (KR-PRT-7): a horde tray one of its attacks reaches on which
    a tile of that attack, or a soldier from the supply, has a legal placement. Then no
    placement on a portal is compulsory for any of its attacks (towers._compulsory).
    ``reached(attack)``: its ``targets``, when known."""
    damage = TOWERS[card]["damage"]
    for attack in TOWERS[card]["attacks"]:
        tiles = list(range(len(attack["tiles"])))
        for tid in (reached(attack) if reached is not None else targets(st, site, facing, attack)):
            if _portal_level(grid(st["trays"][tid]["card"])) is not None:
                continue
            if _fits(st, tid, facing, attack, damage, tiles) is not None or (
                    attack["soldiers"] and st["soldiers"] and _soldier_fits(st, tid, damage)):
                return True
    return False


def legal_placements(st: dict, seat: int, card: str, site: str, facing: str,
                     attack_index: int) -> dict[str, dict[str, Any]]:
    """Per target tray of attack ``attack_index`` of ``card`` built on ``site`` facing
    ``facing``, on the current state: ``{"portal": level | None, "tiles": [[cells, ...] per
    tile of the attack], "soldiers": [[c, r], ...]}``. Trays of a portal above the tower's
    level are left out (KR-PRT-4). Each list is for one tile alone (the attack's other tiles
    not yet placed)."""
    check_seat(st, seat)
    check_card(card)
    check_site(st, seat, card, site)
    if facing not in FACINGS:
        raise err("bad_facing", f"facing must be one of {FACINGS}", facing=facing)
    attacks = TOWERS[card]["attacks"]
    if not isinstance(attack_index, int) or not 0 <= attack_index < len(attacks):
        raise err("malformed", f"{card} has {len(attacks)} attack(s)", attack=attack_index)
    attack, damage, level = attacks[attack_index], TOWERS[card]["damage"], TOWERS[card]["level"]
    out: dict[str, dict[str, Any]] = {}
    for tid in targets(st, site, facing, attack):
        t = st["trays"][tid]
        g = grid(t["card"])
        portal = _portal_level(g)
        if portal is not None and level < portal:
            continue
        out[tid] = {
            "portal": portal,
            "tiles": [[[list(c) for c in p.cells]
                       for p in placements(g, t["cover"], tile_shapes(st, tid, tile, facing, attack), damage)]
                      for tile in attack["tiles"]],
            "soldiers": ([list(c) for c in soldier_placements(g, t["cover"], damage)]
                         if attack["soldiers"] else []),
        }
    return out


# --- building ----------------------------------------------------------------------------------

def play_tower(st: dict, seat: int, action: dict, events: list) -> None:
    """Build a tower and resolve its attacks at once (KR-TWR-2..5, KR-AMB-8); all or nothing."""
    all_or_nothing(st, events, _build, seat, action)


def build_refusal(st: dict, seat: int, action: dict, others: bool | None = None) -> IllegalAction | None:
    """Why ``play_tower`` would refuse ``action`` (tried on one copy), or None. ``others``:
    ``other_target`` of the build on ``st``, when known."""
    try:
        _build(_trial_copy(st, seat), seat, action, Discard(), others)
    except IllegalAction as e:
        return e
    return None


def _trial_copy(st: dict, seat: Any) -> dict:
    """A copy of ``st`` as deep as ``_build`` needs: it changes the seat's hand, one site's
    list of towers, the soldiers left and trays' covers (replaced, never changed in place)."""
    if type(seat) is not int or not 0 <= seat < len(st["seats"]):
        return copy_state(st)                  # _build refuses the seat
    n = dict(st)
    seats = n["seats"] = list(st["seats"])
    seats[seat] = {**seats[seat], "hand": seats[seat]["hand"][:]}
    n["sites"] = {k: v[:] for k, v in st["sites"].items()}
    n["trays"] = {k: dict(t) for k, t in st["trays"].items()}
    return n


def _build(st: dict, seat: int, action: dict, events: list, others: bool | None = None) -> None:
    check_phase(st, 2)
    check_seat(st, seat)
    if not isinstance(action, dict) or action.get("type", "build") != "build":
        raise err("malformed", "a build action is {'type': 'build', 'card', 'site', 'facing', 'attacks'}")
    card = check_in_hand(st, seat, action.get("card"))
    site = check_site(st, seat, card, action.get("site"))
    facing = action.get("facing")
    if facing not in FACINGS:
        raise err("bad_facing", f"facing must be one of {FACINGS}", facing=facing)
    printed = TOWERS[card]["attacks"]
    chosen = action.get("attacks", [[] for _ in printed])
    if not isinstance(chosen, list) or len(chosen) != len(printed) or not all(isinstance(a, list) for a in chosen):
        raise err("malformed", f"{card} needs one list of placements per attack ({len(printed)})",
                  attacks=len(printed))
    if others is None:                                    # KR-PRT-7: decided for the tower
        others = other_target(st, card, site, facing)
    st["seats"][seat]["hand"].remove(card)
    tower = {"card": card, "seat": seat, "facing": facing, "face_down": False}
    st["sites"].setdefault(site, []).append(tower)
    ev(events, "tower_built", seat=seat, card=card, site=site, facing=facing)
    portal = False
    for index, (attack, placed) in enumerate(zip(printed, chosen)):
        portal |= _attack(st, card, site, facing, index, attack, placed, others, events)
    if portal:                                            # KR-PRT-5/6, KR-AMB-9
        tower["face_down"] = True
        ev(events, "tower_face_down", seat=seat, card=card, site=site)


def free_tiles(tiles: list[str], p: dict, used: set[int], owner: str) -> int | list[int]:
    """A placement's ``tile`` index when it gives one (checked: a tile of ``owner`` not placed
    yet), else the indices still unplaced (at least one); ``owner`` is "attack" or "spell"."""
    if "tile" in p:
        i = p["tile"]
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(tiles):
            raise err("no_such_tile", f"the {owner} has {len(tiles)} tile(s), not {i!r}", tile=i)
        if i in used:
            raise err("too_many", f"tile {i} ({tiles[i]}) is already placed", tile=i)
        return i
    free = [i for i in range(len(tiles)) if i not in used]
    if not free:
        raise err("too_many", f"the {owner} has only {len(tiles)} tile(s)", tiles=len(tiles))
    return free


def _tile_index(st: dict, tid: str, facing: str, attack: dict, p: dict, cells: list[Cell],
                used: set[int]) -> int:
    tiles = attack["tiles"]
    free = free_tiles(tiles, p, used, "attack")
    if isinstance(free, int):
        return free
    want = shape(cells)
    for i in free:
        if want in tile_shapes(st, tid, tiles[i], facing, attack):
            return i
    for i in free:   # same size, wrong way round: tile_problem says "orientation"
        if len(SHAPES[tiles[i]]) == len(cells):
            return i
    raise err("no_such_tile", f"no unplaced tile of the attack has {len(cells)} square(s)",
              cells=[list(c) for c in cells])


def _target(st: dict, tid: Any, allowed: list[str], reached: tuple[str, ...],
            level: int) -> tuple[str, HordeGrid]:
    """The tray ``tid`` names and its grid, if the attack may place there."""
    if not isinstance(tid, str) or tid not in st["trays"]:
        raise err("no_such_tray", f"no tray {tid!r}", tray=tid)
    if tid not in allowed:
        cell = st["trays"][tid]["cell"]
        if cell in reached and trays_at(st, cell)[0] == tid and bosses.shielded(st, tid):
            raise err("boss_shielded", f"{tid} is shielded while a portal is on the map", tray=tid)
        if cell in reached:
            raise err("under_flying", f"{tid} lies under a flying tray (KR-ICN-10)", tray=tid)
        raise err("out_of_range", f"{tid} is out of range", tray=tid, cell=st["trays"][tid]["cell"])
    g = grid(st["trays"][tid]["card"])
    portal = _portal_level(g)
    if portal is not None and level < portal:
        raise err("portal_level", f"an L{level} tower cannot attack an L{portal} portal (KR-PRT-4)",
                  tray=tid, level=level, portal=portal)
    return tid, g


def _attack(st: dict, card: str, site: str, facing: str, index: int, attack: dict, placed: list,
            others: bool, events: list) -> bool:
    """One attack's placements (KR-TWR-5, KR-DMG-8/9, KR-SOL-1..8); True if one hit a portal.
    ``others``: the tower has a non-portal possible target (``other_target``, KR-PRT-7)."""
    level, damage = TOWERS[card]["level"], TOWERS[card]["damage"]
    reached = reach_squares(st, site, facing, attack)
    allowed = targets(st, site, facing, attack)
    used: set[int] = set()
    tile_trays: set[str] = set()
    soldiers = 0
    portal = False
    for p in placed:
        if not isinstance(p, dict) or ("cells" in p) == ("cell" in p):
            raise err("malformed", "a placement is {'tray', 'cells'} or {'tray', 'cell'}", placement=p)
        tid, g = _target(st, p.get("tray"), allowed, reached, level)
        t = st["trays"][tid]
        if "cells" in p:
            cells = _cells(p["cells"])
            i = _tile_index(st, tid, facing, attack, p, cells, used)
            reason = tile_problem(g, t["cover"], cells, damage, tile_shapes(st, tid, attack["tiles"][i], facing, attack))
            if reason:
                raise err(reason, f"{attack['tiles'][i]} cannot go on {cells} of {tid}: {reason}",
                          tray=tid, cells=[list(c) for c in cells], tile=i)
            t["cover"] = with_tile(t["cover"], cells, damage, source=card)
            used.add(i)
            tile_trays.add(tid)
            ev(events, "tile_placed", tray=tid, cells=[list(c) for c in cells], damage=damage,
               source=card, attack=index)
        else:
            cell = _pair(p["cell"])
            if cell is None:
                raise err("malformed", f"a soldier's cell is [c, r], not {p['cell']!r}", cell=p["cell"])
            if soldiers >= attack["soldiers"]:
                raise err("too_many", f"the attack has {attack['soldiers']} soldier(s)", soldiers=attack["soldiers"])
            origin = _take_soldier(st, p.get("from"))
            reason = soldier_problem(g, t["cover"], cell, damage)
            if reason:
                raise err(reason, f"a soldier cannot stand on {list(cell)} of {tid}: {reason}",
                          tray=tid, cell=list(cell))
            t["cover"] = with_soldier(t["cover"], cell)
            soldiers += 1
            ev(events, "soldier_placed", tray=tid, cell=list(cell), source=card, attack=index, moved_from=origin)
        portal |= _portal_level(g) is not None
    if attack["linked"] and len(tile_trays) > 1:         # KR-DMG-9
        raise err("linked", "tiles joined by '+' go on one single tray", trays=sorted(tile_trays))
    _compulsory(st, facing, attack, damage, level, allowed, others, used, tile_trays, soldiers)
    return portal


def _take_soldier(st: dict, origin: Any) -> list | None:
    """A soldier from the supply (KR-SOL-1/7) or moved off a tray (KR-SOL-8, KR-AMB-10)."""
    if origin is None:
        if st["soldiers"] < 1:
            raise err("no_soldiers", "every soldier is already on a tray (KR-SOL-7)")
        st["soldiers"] -= 1
        return None
    cell = _pair(origin[1]) if isinstance(origin, list) and len(origin) == 2 else None
    if cell is None:
        raise err("malformed", f"'from' is [tray id, [c, r]], not {origin!r}", origin=origin)
    tid = origin[0]
    t = st["trays"].get(tid) if isinstance(tid, str) else None
    if t is None or list(cell) not in [list(x) for x in t["cover"]["soldiers"]]:
        raise err("no_soldier_there", f"no soldier on {origin!r}", origin=origin)
    t["cover"] = remove_soldier(t["cover"], cell)
    return [tid, list(cell)]


def _compulsory(st: dict, facing: str, attack: dict, damage: str, level: int, allowed: list[str],
                others: bool, used: set[int], tile_trays: set[str], soldiers: int) -> None:
    """KR-AMB-8, KR-DMG-15, KR-SOL-4, KR-PRT-7..9: nothing left out that could still be placed."""
    candidates = []
    for tid in allowed:
        g = grid(st["trays"][tid]["card"])
        portal = _portal_level(g)
        if portal is not None and (level < portal or others or fully_covered(g, st["trays"][tid]["cover"])):
            continue
        candidates.append(tid)
    left = [i for i in range(len(attack["tiles"])) if i not in used]
    tile_candidates = sorted(tile_trays) if attack["linked"] and tile_trays else candidates
    for tid in tile_candidates if left else ():
        i = _fits(st, tid, facing, attack, damage, left)
        if i is not None:
            raise err("must_place", f"{attack['tiles'][i]} can still be placed on {tid} (KR-AMB-8)",
                      tray=tid, tile=i)
    if soldiers < attack["soldiers"] and st["soldiers"] > 0:
        for tid in candidates:
            if _soldier_fits(st, tid, damage):
                raise err("must_place", f"a soldier can still be placed on {tid} (KR-AMB-8)", tray=tid)


# --- passing -----------------------------------------------------------------------------------

def upgrade_options(st: dict, card: str) -> list[str]:
    """Cards ``card`` may be upgraded to when passed: one level up, same family, within the
    scenario's level cap and in the supply (KR-PASS-2/4/5, KR-AMB-13/14)."""
    return [u for u in tower_upgrades(card)
            if TOWERS[u]["level"] <= level_cap(st) and st["supply"].get(u, 0) > 0]


def pass_tower(st: dict, seat: int, action: dict, events: list) -> None:
    """Pass a card from hand, upgraded by one level when possible, face down into a pending
    slot (KR-PASS-1..7, KR-AMB-13/14; solo: one's own slot, KR-SOLO-9, KR-AMB-52)."""
    check_phase(st, 2)
    check_seat(st, seat)
    if not isinstance(action, dict) or action.get("type", "pass") != "pass":
        raise err("malformed", "a pass action is {'type': 'pass', 'card', 'to', 'variant'}")
    card = check_in_hand(st, seat, action.get("card"))
    to = check_seat(st, action.get("to"), "to")
    if st["options"].get("solo"):
        if to != seat:
            raise err("solo_own_slot", "in solo the upgraded card goes to your own slot (KR-SOLO-9)", to=to)
    elif to == seat:
        raise err("pass_to_self", "a tower is passed to another player (KR-PASS-1)", to=to)
    variant = action.get("variant")
    if variant is not None and not any(TOWERS[u]["variant"] == variant for u in tower_upgrades(card)):
        raise err("bad_variant", f"{card} has no upgrade variant {variant!r}", card=card, variant=variant)
    options = upgrade_options(st, card)
    if variant is not None and options:
        options = [u for u in options if TOWERS[u]["variant"] == variant]
        if not options:
            raise err("variant_unavailable", f"no {variant!r} upgrade of {card} is available", card=card,
                      variant=variant)
    if len(options) > 1:
        raise err("choose_variant", f"name the upgrade: {options}", card=card, options=options)
    received = options[0] if options else card
    st["seats"][seat]["hand"].remove(card)
    if received != card:
        st["supply"][card] = st["supply"].get(card, 0) + 1
        st["supply"][received] -= 1
    st["seats"][to]["pending"].append(received)
    ev(events, "tower_passed", seat=seat, to=to, card=card, received=received, upgraded=received != card)
