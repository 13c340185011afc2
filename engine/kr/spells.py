"""Spells (KR-SPL-1..11, KR-AMB-30..33, KR-PRT-12, KR-BOSS-3, KR-SOL-12, KR-ICN-10).

The team's spells (KR-AMB-32: any seat casts one as its phase-2 action) are kept in
``st["spells"] = {"available": [ids], "used": [ids]}``, created on the first choice or cast;
each is cast once per game (KR-SPL-2). The scenario's ``spells {allowed, energy}`` bounds the
choice, ``energy`` being the total of the chosen spells' energy icons (KR-SPL-1). The choice:
:func:`choose_spells` (the group's set-up decision, before any cast), else
``st["options"]["spells"]`` when present (checked the same way), else the allowed spells in the
scenario's order, each taken while the energy left allows (Ogre Ford: Rain of Fire and Call
Reinforcements).

Action (docs/kr/engine.md "Actions"): ``{"type": "spell", "spell", "placements": [tile
{"tray", "cells"} | soldier {"tray", "cell"}], "hero": figure (Time Gem), "pass": {"card",
"to", "variant"} (Hand of Midas)}``. Decisions taken here:

* Tiles take any orientation (KR-SPL-11, KR-AMB-19) on any tray of the map, but only the top
  tray of a square (KR-ICN-10). Attacking spells never target portals or bosses; Time Gem
  targets only them (KR-SPL-3/8, KR-PRT-12, KR-BOSS-3).
* Compulsory placement (as KR-AMB-8, KR-DMG-15, KR-SOL-4): no unplaced tile or supply soldier
  may still fit where the spell allows (the chosen tray; Lightning Bolt: each adjacent tray;
  Call Reinforcements: any tray). A cast placing nothing is refused (``no_target``).
* Lightning Bolt's first placement is its 1x2. Lightning Strike's tiles form one 8-connected
  group (KR-AMB-31). Time Gem's ``hero`` is a figure of kind ``hero`` not knocked out (not the
  wildcat); it takes 1 damage through ``phases.damage_hero`` (protection applies).
* Hand of Midas gives the card two levels up within the cap and in the supply, else one level
  up, else the card unchanged (KR-AMB-14/33); ``variant`` names one of two L4s and is ignored
  when the card received has none; solo: one's own slot (KR-SOLO-9), else another seat's.

Errors are ``IllegalAction("kr.err.<reason>")``; a cast is played on a copy of the state.
"""
from __future__ import annotations

from typing import Any

from .content import SCENARIOS, SHAPES, SPELLS, TOWERS, tower_upgrades
from .hordegrid import (NEIGHBOURS_8, HordeGrid, add_soldier, add_tile, covered_mask,
                        is_adjacent_group, placements, soldier_placements, soldier_problem, tile_problem)
from .phases import damage_hero
from .shapes import Shape, any_orientation
from .state import all_or_nothing, ev, geo, grid, trays_at
from .towers import _cells, _pair, check_in_hand, check_phase, check_seat, err, free_tiles, upgrade_options

Cell = tuple[int, int]
SHIELDED = ("portal", "boss")       # KR-SPL-3, KR-PRT-12, KR-BOSS-3


# --- the team's spells (KR-SPL-1/2, KR-AMB-32) -------------------------------------------------

def check_choice(st: dict, spell_ids: Any) -> list[str]:
    """``spell_ids`` checked against the scenario: allowed, distinct, within its energy."""
    sp = SCENARIOS[st["scenario"]]["spells"]
    if sp is None:
        raise err("no_spells", "this scenario uses no spells (KR-SET-9)")
    if not isinstance(spell_ids, (list, tuple)) or not all(isinstance(x, str) for x in spell_ids):
        raise err("malformed", f"spells are a list of spell ids, not {spell_ids!r}")
    for sid in spell_ids:
        if sid not in SPELLS:
            raise err("no_such_spell", f"no spell {sid!r}", spell=sid)
        if sid not in sp["allowed"]:
            raise err("spell_not_allowed", f"{sid} is not allowed here", spell=sid, allowed=list(sp["allowed"]))
    if len(set(spell_ids)) != len(spell_ids):
        raise err("duplicate_spell", "each spell may be chosen once", spells=list(spell_ids))
    energy = sum(SPELLS[sid]["energy"] for sid in spell_ids)
    if energy > sp["energy"]:
        raise err("too_much_energy", f"{energy} energy, at most {sp['energy']}", energy=energy, limit=sp["energy"])
    return list(spell_ids)


def default_spells(st: dict) -> list[str]:
    """``options["spells"]`` if given, else the allowed spells in order while energy lasts."""
    sp = SCENARIOS[st["scenario"]]["spells"]
    if sp is None:
        return []
    if st["options"].get("spells") is not None:
        return check_choice(st, list(st["options"]["spells"]))
    chosen, left = [], sp["energy"]
    for sid in sp["allowed"]:
        if SPELLS[sid]["energy"] <= left:
            chosen.append(sid)
            left -= SPELLS[sid]["energy"]
    return chosen


def team_spells(st: dict) -> dict:
    """``{"available", "used"}`` without changing the state."""
    return st["spells"] if "spells" in st else {"available": default_spells(st), "used": []}


def unused_spells(st: dict) -> list[str]:
    sp = team_spells(st)
    return [s for s in sp["available"] if s not in sp["used"]]


def choose_spells(st: dict, spell_ids: Any, events: list | None = None) -> None:
    """The team's spells for this game, chosen at the start (KR-SPL-1, KR-SET-9)."""
    ids = check_choice(st, spell_ids)
    if team_spells(st)["used"] or st["round"] != 1:
        raise err("too_late", "spells are chosen at the start of the game (KR-SPL-1)")
    st["spells"] = {"available": ids, "used": []}
    if events is not None:
        ev(events, "spells_chosen", spells=list(ids))


# --- targets and tiles -------------------------------------------------------------------------

def _tile_placement(p: Any) -> tuple[Any, list[Cell]]:
    if not isinstance(p, dict) or ("cells" in p) == ("cell" in p):
        raise err("malformed", "a placement is {'tray', 'cells'} or {'tray', 'cell'}", placement=p)
    if "cell" in p:
        raise err("out_of_pattern", "this spell places tiles, not soldiers", placement=p)
    return p.get("tray"), _cells(p["cells"])


def _is_top(st: dict, tid: str) -> bool:
    return trays_at(st, st["trays"][tid]["cell"])[0] == tid


def _target(st: dict, tid: Any, shielded: bool) -> HordeGrid:
    """The grid of a tray this spell may attack (``shielded``: Time Gem's portals and bosses)."""
    if not isinstance(tid, str) or tid not in st["trays"]:
        raise err("no_such_tray", f"no tray {tid!r}", tray=tid)
    if not _is_top(st, tid):
        raise err("under_flying", f"{tid} lies under a flying tray (KR-ICN-10)", tray=tid)
    g = grid(st["trays"][tid]["card"])
    if shielded and g.kind not in SHIELDED:
        raise err("not_portal_or_boss", f"{tid} is neither a portal nor a boss (KR-SPL-8)", tray=tid)
    if not shielded and g.kind in SHIELDED:
        raise err(g.kind, f"spells cannot attack a {g.kind} (KR-SPL-3, KR-PRT-12, KR-BOSS-3)", tray=tid)
    return g


def targets(st: dict, shielded: bool = False) -> list[str]:
    """Trays a spell may attack, nearest the Kingdom first."""
    g = geo(st)
    found = [tid for tid, t in st["trays"].items()
             if _is_top(st, tid) and (grid(t["card"]).kind in SHIELDED) == shielded]
    return sorted(found, key=lambda tid: (g.distance(st["trays"][tid]["cell"]), int(tid[1:])))


def _shapes(tile: str) -> tuple[Shape, ...]:
    return any_orientation(SHAPES[tile])     # KR-SPL-11, KR-AMB-19


def _fits(st: dict, tid: str, tile: str, damage: str) -> list:
    t = st["trays"][tid]
    return placements(grid(t["card"]), t["cover"], _shapes(tile), damage)


def _put_tile(st: dict, tid: str, cells: list[Cell], tile: str, damage: str, source: str, events: list) -> None:
    t = st["trays"][tid]
    g = grid(t["card"])
    reason = tile_problem(g, t["cover"], cells, damage, _shapes(tile))
    if reason:
        raise err(reason, f"{tile} cannot go on {cells} of {tid}: {reason}", tray=tid, cells=[list(c) for c in cells])
    t["cover"] = add_tile(g, t["cover"], cells, damage, source=source)
    ev(events, "tile_placed", tray=tid, cells=[list(c) for c in cells], damage=damage, source=source)


def _index(tiles: list[str], p: dict, cells: list[Cell], used: set[int]) -> int:
    free = free_tiles(tiles, p, used, "spell")
    if isinstance(free, int):
        return free
    same = [i for i in free if len(SHAPES[tiles[i]]) == len(cells)]
    if not same:
        raise err("no_such_tile", f"no unplaced tile has {len(cells)} square(s)", cells=[list(c) for c in cells])
    return same[0]


def _touches(cells: Any, group: set[Cell]) -> bool:
    return not group or any((c + dc, r + dr) in group for c, r in cells for dc, dr in NEIGHBOURS_8)


# --- casting -----------------------------------------------------------------------------------

def apply_spell(st: dict, seat: int, action: dict, events: list) -> None:
    """Cast a spell (KR-SPL-2..11); all or nothing."""
    all_or_nothing(st, events, _cast, seat, action)


def _cast(st: dict, seat: int, action: Any, events: list) -> None:
    sp = team_spells(st)  # on the copy: the team's record exists from the first cast on
    st["spells"] = {"available": list(sp["available"]), "used": list(sp["used"])}
    check_phase(st, 2)
    check_seat(st, seat)
    if not isinstance(action, dict) or action.get("type", "spell") != "spell":
        raise err("malformed", "a spell action is {'type': 'spell', 'spell', 'placements', 'hero', 'pass'}")
    sid = action.get("spell")
    if not isinstance(sid, str) or sid not in SPELLS:
        raise err("no_such_spell", f"no spell {sid!r}", spell=sid)
    if sid not in st["spells"]["available"]:
        raise err("spell_unavailable", f"the team has no {sid} this game", spell=sid)
    if sid in st["spells"]["used"]:
        raise err("spell_used", f"{sid} was already cast this game (KR-SPL-2)", spell=sid)
    placed = action.get("placements", [])
    if not isinstance(placed, list):
        raise err("malformed", "placements must be a list", placements=placed)
    spell = SPELLS[sid]
    st["spells"]["used"].append(sid)
    ev(events, "spell_cast", seat=seat, spell=sid)
    effect, params = spell["effect"], spell["params"]
    if effect == "place_tiles":
        _place_tiles(st, sid, params, placed, action.get("hero"), events)
    elif effect == "chain_tiles":
        _chain_tiles(st, sid, params, placed, events)
    elif effect == "soldiers":
        _soldiers(st, sid, params, placed, events)
    else:
        if placed:
            raise err("out_of_pattern", f"{sid} places nothing", spell=sid)
        _upgrade_pass(st, seat, params["levels"], action.get("pass"), events)


def _place_tiles(st: dict, sid: str, params: Any, placed: list, hero: Any, events: list) -> None:
    """Rain of Fire, Lightning Strike, Time Gem: tiles on one single tray."""
    tiles, damage, adjacent = list(params["tiles"]), params["damage"], params["adjacent"]
    shielded = params["target"] == "portal_or_boss"
    if params["hero_damage"]:
        hero = _check_hero(st, hero)
    tray: str | None = None
    used: set[int] = set()
    group: set[Cell] = set()
    for p in placed:
        tid, cells = _tile_placement(p)
        _target(st, tid, shielded)
        if tray is not None and tid != tray:
            raise err("out_of_pattern", f"{sid}'s tiles go on one single tray", trays=[tray, tid])
        tray = tid
        i = _index(tiles, p, cells, used)
        _put_tile(st, tid, cells, tiles[i], damage, sid, events)
        used.add(i)
        group.update(cells)
    if adjacent and group and not is_adjacent_group(group):
        raise err("not_adjacent_group", "the tiles form one adjacent group (KR-AMB-31)",
                  cells=[list(c) for c in sorted(group)])
    left = [tiles[i] for i in range(len(tiles)) if i not in used]
    for tid in [tray] if tray is not None else targets(st, shielded):
        for tile in left:
            if any(not adjacent or _touches(q.cells, group) for q in _fits(st, tid, tile, damage)):
                raise err("must_place", f"{tile} can still be placed on {tid}", tray=tid, tile=tile)
    if tray is None:
        raise err("no_target", f"{sid} has nothing to attack", spell=sid)
    if params["hero_damage"]:
        damage_hero(st, hero, params["hero_damage"], events, sid)


def _check_hero(st: dict, figure: Any) -> str:
    h = st["heroes"].get(figure) if isinstance(figure, str) else None
    if h is None or h["kind"] != "hero" or h["knocked_out"]:
        raise err("bad_hero", f"choose a hero in play to take the damage, not {figure!r}", figure=figure)
    return figure


def adjacent_targets(st: dict, tid: str) -> list[str]:
    """Lightning Bolt's chain: the top tray of each square adjacent to ``tid``'s, portals and
    bosses left out (KR-SPL-6, KR-GEN-3)."""
    g = geo(st)
    found = []
    for cell in g.adjacent(st["trays"][tid]["cell"]):
        here = trays_at(st, cell)
        if here and grid(st["trays"][here[0]]["card"]).kind not in SHIELDED:
            found.append(here[0])
    return found


def _chain_tiles(st: dict, sid: str, params: Any, placed: list, events: list) -> None:
    """Lightning Bolt: a 1x2 on one tray, then a 1x1 on every adjacent tray (KR-SPL-6)."""
    bolt, chain, damage = params["tile"], params["chain"], params["damage"]
    if not placed:
        for tid in targets(st):
            if _fits(st, tid, bolt, damage):
                raise err("must_place", f"{bolt} can be placed on {tid}", tray=tid, tile=bolt)
        raise err("no_target", f"{sid} has nothing to attack", spell=sid)
    tid, cells = _tile_placement(placed[0])
    _target(st, tid, False)
    if len(cells) != len(SHAPES[bolt]):
        raise err("out_of_pattern", f"{sid} starts with its {bolt}", cells=[list(c) for c in cells])
    _put_tile(st, tid, cells, bolt, damage, sid, events)
    around = adjacent_targets(st, tid)
    hit: set[str] = set()
    for p in placed[1:]:
        other, cells = _tile_placement(p)
        _target(st, other, False)
        if len(cells) != len(SHAPES[chain]):
            raise err("too_many" if len(cells) == len(SHAPES[bolt]) else "no_such_tile",
                      f"after the {bolt}, {sid} places {chain} tiles", cells=[list(c) for c in cells])
        if other not in around or other in hit:
            raise err("out_of_pattern", f"one {chain} per tray adjacent to {tid}", tray=other, adjacent=around)
        _put_tile(st, other, cells, chain, damage, sid, events)
        hit.add(other)
    for other in around:
        if other not in hit and _fits(st, other, chain, damage):
            raise err("must_place", f"{chain} can still be placed on {other} (KR-SPL-6)", tray=other, tile=chain)


def _soldiers(st: dict, sid: str, params: Any, placed: list, events: list) -> None:
    """Call Reinforcements: soldiers from the supply on any trays (KR-SPL-5, KR-SOL-12)."""
    n, damage = params["soldiers"], params["damage"]
    count = 0
    for p in placed:
        if not isinstance(p, dict) or "cell" not in p or "cells" in p or "from" in p:
            raise err("out_of_pattern", f"{sid} places soldiers from the supply {{'tray', 'cell'}}", placement=p)
        tid = p.get("tray")
        g = _target(st, tid, False)
        cell = _pair(p["cell"])
        if cell is None:
            raise err("malformed", f"a soldier's cell is [c, r], not {p['cell']!r}", cell=p["cell"])
        if count >= n:
            raise err("too_many", f"{sid} places {n} soldiers", soldiers=n)
        if st["soldiers"] < 1:
            raise err("no_soldiers", "every soldier is already on a tray (KR-SOL-7)")
        t = st["trays"][tid]
        reason = soldier_problem(g, t["cover"], cell, damage)
        if reason:
            raise err(reason, f"a soldier cannot stand on {list(cell)} of {tid}: {reason}", tray=tid, cell=list(cell))
        t["cover"] = add_soldier(g, t["cover"], cell, damage)
        st["soldiers"] -= 1
        count += 1
        ev(events, "soldier_placed", tray=tid, cell=list(cell), source=sid, moved_from=None)
    if count < n and st["soldiers"] > 0:
        for tid in targets(st):
            t = st["trays"][tid]
            if soldier_placements(grid(t["card"]), t["cover"], damage):
                raise err("must_place", f"a soldier can still be placed on {tid}", tray=tid)
    if not count:
        raise err("no_soldiers" if st["soldiers"] < 1 else "no_target", f"{sid} has nothing to attack", spell=sid)


def _ladder(card: str, levels: int) -> list[list[str]]:
    """The cards 0, 1, ..., ``levels`` levels above ``card`` in its family."""
    rungs = [[card]]
    for _ in range(levels):
        rungs.append(list(dict.fromkeys(u for c in rungs[-1] for u in tower_upgrades(c))))
    return rungs


def midas_options(st: dict, card: str, levels: int = 2) -> list[str]:
    """Cards Hand of Midas may give for ``card``: ``levels`` up if any is within the cap and in
    the supply (``towers.upgrade_options``), else one level fewer, ...; [] passes the card
    unchanged (KR-AMB-14/33)."""
    rungs = _ladder(card, levels - 1)
    for below in reversed(rungs):
        options = list(dict.fromkeys(u for c in below for u in upgrade_options(st, c)))
        if options:
            return options
    return []


def _upgrade_pass(st: dict, seat: int, levels: int, spec: Any, events: list) -> None:
    """Hand of Midas (KR-SPL-9/10, KR-AMB-33; solo KR-SOLO-9)."""
    if not isinstance(spec, dict):
        raise err("malformed", "Hand of Midas needs 'pass': {'card', 'to', 'variant'}", spec=spec)
    card = check_in_hand(st, seat, spec.get("card"))
    to = check_seat(st, spec.get("to"), "to")
    if st["options"].get("solo"):
        if to != seat:
            raise err("solo_own_slot", "in solo the upgraded card goes to your own slot (KR-SOLO-9)", to=to)
    elif to == seat:
        raise err("pass_to_self", "a tower is passed to another player (KR-PASS-1)", to=to)
    variant = spec.get("variant")
    if variant is not None and not any(TOWERS[u]["variant"] == variant for r in _ladder(card, levels) for u in r):
        raise err("bad_variant", f"{card} has no upgrade variant {variant!r}", card=card, variant=variant)
    options = midas_options(st, card, levels)
    if variant is not None and any(TOWERS[u]["variant"] for u in options):
        options = [u for u in options if TOWERS[u]["variant"] == variant]
        if not options:
            raise err("variant_unavailable", f"no {variant!r} upgrade of {card}", card=card, variant=variant)
    if len(options) > 1:
        raise err("choose_variant", f"name the upgrade: {options}", card=card, options=options)
    received = options[0] if options else card
    st["seats"][seat]["hand"].remove(card)
    if received != card:
        st["supply"][card] = st["supply"].get(card, 0) + 1
        st["supply"][received] -= 1
    st["seats"][to]["pending"].append(received)
    ev(events, "tower_passed", seat=seat, to=to, card=card, received=received, upgraded=received != card,
       levels=TOWERS[received]["level"] - TOWERS[card]["level"], spell="hand_of_midas")


# --- suggestions -------------------------------------------------------------------------------

Score = tuple[int, int]


def _score(g: HordeGrid, before: int, add: int) -> Score:
    """Enemies newly covered, then enemy squares newly covered."""
    after = before | add
    enemies = sum(1 for e in g.enemies if e.mask & after == e.mask and e.mask & before != e.mask)
    return enemies, bin(g.enemy_mask & add & ~before).count("1")


def _plus(a: Score, b: Score) -> Score:
    return a[0] + b[0], a[1] + b[1]


def best_tiles(st: dict, tid: str, tiles: list[str], damage: str, adjacent: bool = False) -> tuple[Score, list[Shape]]:
    """The best legal placement of a spell's ``tiles`` on ``tid`` (compulsory tiles included):
    every tile placed while one fits; with ``adjacent`` (1x1 tiles) a largest 8-connected group."""
    t = st["trays"][tid]
    g = grid(t["card"])
    before = covered_mask(g, t["cover"])
    opts = [[(q.cells, g.mask(q.cells) or 0) for q in placements(g, t["cover"], _shapes(tile), damage)]
            for tile in tiles]
    if adjacent:
        free = {cells[0] for cells, _ in opts[0]} if opts else set()
        near = {c: {(c[0] + dc, c[1] + dr) for dc, dr in NEIGHBOURS_8} & free for c in free}
        sets = {frozenset([c]) for c in free}
        for _ in range(len(tiles) - 1):
            grown = {s | {n} for s in sets for c in s for n in near[c] - s}
            if not grown:
                break
            sets = grown
        best: tuple[Score, list[Shape]] = ((0, 0), [])
        for s in sorted(sets, key=sorted):
            score = _score(g, before, g.mask(s) or 0)
            if not best[1] or score > best[0]:
                best = (score, [(c,) for c in sorted(s)])
        return best

    def search(i: int, taken: int, chosen: list[Shape]) -> tuple[Score, list[Shape]]:
        if i == len(opts):
            return _score(g, before, taken), chosen
        here = [o for o in opts[i] if not o[1] & taken]
        if not here:
            return search(i + 1, taken, chosen)
        top: tuple[Score, list[Shape]] | None = None
        for cells, mask in here:
            found = search(i + 1, taken | mask, chosen + [cells])
            if top is None or found[0] > top[0]:
                top = found
        return top  # type: ignore[return-value]

    return search(0, 0, [])


def _tiles(tid: str, cells: list[Shape]) -> list[dict]:
    return [{"tray": tid, "cells": [list(c) for c in cs]} for cs in cells]


def _gem_hero(st: dict) -> str | None:
    """Who takes Time Gem's damage: a protected hero, else the one with most health."""
    heroes = [(not h["protected"], -h["health"], f) for f, h in st["heroes"].items()
              if h["kind"] == "hero" and not h["knocked_out"]]
    return min(heroes)[2] if heroes else None


def suggest_spell_actions(st: dict, seat: int) -> list[dict]:
    """For each unused spell of the team, one complete legal cast with the placements that
    newly cover the most enemies (ties: the tray nearest the Kingdom); spells with nothing
    to do are left out."""
    if st["phase"] != 2:
        return []
    out = []
    for sid in unused_spells(st):
        action = _suggest(st, seat, sid)
        if action is not None:
            out.append(action)
    return out


def _suggest(st: dict, seat: int, sid: str) -> dict | None:
    effect, params = SPELLS[sid]["effect"], SPELLS[sid]["params"]
    action: dict = {"type": "spell", "spell": sid, "placements": []}
    if effect == "place_tiles":
        shielded = params["target"] == "portal_or_boss"
        best: tuple[Score, str, list[Shape]] | None = None
        for tid in targets(st, shielded):
            score, cells = best_tiles(st, tid, list(params["tiles"]), params["damage"], params["adjacent"])
            if cells and (best is None or score > best[0]):
                best = (score, tid, cells)
        if best is None:
            return None
        action["placements"] = _tiles(best[1], best[2])
        if params["hero_damage"]:
            action["hero"] = _gem_hero(st)
            if action["hero"] is None:
                return None
    elif effect == "chain_tiles":
        chain: tuple[Score, list[dict]] | None = None
        for tid in targets(st):
            score, cells = best_tiles(st, tid, [params["tile"]], params["damage"])
            if not cells:
                continue
            placed = _tiles(tid, cells)
            for other in adjacent_targets(st, tid):
                s, c = best_tiles(st, other, [params["chain"]], params["damage"])
                score, placed = _plus(score, s), placed + _tiles(other, c)
            if chain is None or score > chain[0]:
                chain = (score, placed)
        if chain is None:
            return None
        action["placements"] = chain[1]
    elif effect == "soldiers":
        covers = {tid: st["trays"][tid]["cover"] for tid in targets(st)}
        for _ in range(min(params["soldiers"], st["soldiers"])):
            pick: tuple[Score, str, Cell] | None = None
            for tid, cover in covers.items():
                g = grid(st["trays"][tid]["card"])
                before = covered_mask(g, cover)
                for cell in soldier_placements(g, cover, params["damage"]):
                    score = _score(g, before, g.bit(cell))
                    if pick is None or score > pick[0]:
                        pick = (score, tid, cell)
            if pick is None:
                break
            g = grid(st["trays"][pick[1]]["card"])
            covers[pick[1]] = add_soldier(g, covers[pick[1]], pick[2], params["damage"])
            action["placements"].append({"tray": pick[1], "cell": list(pick[2])})
        if not action["placements"]:
            return None
    else:
        solo = st["options"].get("solo")
        if not solo and len(st["seats"]) < 2:
            return None
        gift: tuple[tuple[int, int], str, str] | None = None
        for card in dict.fromkeys(st["seats"][seat]["hand"]):
            options = midas_options(st, card, params["levels"])
            if options:
                key = (TOWERS[options[0]]["level"] - TOWERS[card]["level"], TOWERS[options[0]]["level"])
                if gift is None or key > gift[0]:
                    gift = (key, card, options[0])
        if gift is None:
            return None
        to = seat if solo else (seat + 1) % len(st["seats"])
        action["pass"] = {"card": gift[1], "to": to, "variant": TOWERS[gift[2]]["variant"]}
    return action
