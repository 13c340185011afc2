"""Placing a hero attack's tiles and soldiers (KR-HACT-2..5, KR-DMG-1..15, KR-SOL-2..4/12,
KR-PRT-11, KR-HERO-13, KR-AMB-8/19/45/53/58).

Targets (``attack_targets``): the top tray of every road square the attack's arrows reach
from the hero's square and facing (arrows never reach the hero's own square, so a ranged
attack never hits the engaged tray, KR-HACT-4); ``melee`` adds the tray the hero is engaged
with (KR-HACT-3, KR-AMB-45); ``wildcat`` the tray the hero's wildcat is engaged with
(KR-ALL-7/8). Portals and bosses are never targets (KR-HACT-5, KR-PRT-11, KR-HERO-13), nor a
tray under a flying tray (KR-ICN-10).

Tiles keep the hero's facing unless the attack is ``free`` (KR-DMG-7, KR-AMB-6/19). ``linked``
puts every tile and soldier on one tray (KR-DMG-9, KR-LIL-4, KR-MAG-3), ``distinct`` every tile
on a different tray (KR-IGN-5), ``each`` repeats the tiles once on every tray in range
(KR-LIL-2). Soldiers come from the supply (KR-SOL-7/12).

Compulsory placement (the reading for heroes, after KR-AMB-8): when an attack is resolved,
no unplaced tile or soldier of it may still have a legal placement on a tray it could go to;
"may" effects (the skills' and abilities' extra tiles) are ``optional``: any number of them.

``Parts`` splits an action's flat placement list by its ``attack`` key (0 when left out, an
ability's attack index, or ``"extra"``). In ``auto`` mode (the suggestions) the placements are
chosen greedily (most enemies newly covered first) and recorded; they pass the very same checks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from .content import HEROES, SHAPES
from .hordegrid import (HordeGrid, Placement, covered_enemies, covered_mask, gains_beside, masked_placements,
                        soldier_cells_beside, soldier_placements, soldier_problem, tile_problem, with_soldier,
                        with_tile)
from .hero_moves import as_pair
from .shapes import Shape, shape
from .state import WILDCAT, ev, geo, grid, trays_at, trays_by_cell
from .towers import err, named_shapes

Cell = tuple[int, int]
Check = Callable[[str, Shape, list], bool]     # (tray, cells, cells placed there before) -> ok
Complete = Callable[[list], None]              # raises must_place; gets [(tray, cells)]


@dataclass
class Ctx:
    """One hero action being resolved: the state (a working copy), the acting seat, the events,
    auto mode, and the figures in transit (moved, not yet stopped)."""
    st: dict
    seat: int
    events: list
    auto: bool = False
    transit: set = field(default_factory=set)


class Parts:
    """An action's placements by ``attack`` key; ``take`` hands them out once, ``finish`` refuses
    leftovers; ``chosen`` is what was placed (the auto mode's answer)."""

    def __init__(self, raw: Any, auto: bool):
        self.by_key: dict[Any, list] = {}
        self.chosen: list[dict] = []
        if auto or raw is None:
            raw = []
        if not isinstance(raw, list):
            raise err("malformed", f"placements are a list, not {raw!r}")
        for p in raw:
            if not isinstance(p, dict) or ("cells" in p) == ("cell" in p) or not isinstance(p.get("tray"), str):
                raise err("malformed", "a placement is {'tray', 'cells'} or {'tray', 'cell'}, with an optional "
                                       "'attack'", placement=p)
            key = p.get("attack", 0)
            if not (key == "extra" or (isinstance(key, int) and not isinstance(key, bool) and key >= 0)):
                raise err("malformed", f"'attack' is an attack index or 'extra', not {key!r}", placement=p)
            self.by_key.setdefault(key, []).append(p)

    def take(self, key: Any) -> list[dict]:
        return self.by_key.pop(key, [])

    def record(self, key: Any, p: dict) -> None:
        q = {k: v for k, v in p.items() if k != "attack"}
        if key != 0:
            q["attack"] = key
        self.chosen.append(q)

    def finish(self) -> None:
        if self.by_key:
            key = next(iter(self.by_key))
            raise err("unused_placements", f"placements for attack {key!r} have no use in this action", attack=key)


# --- targets -----------------------------------------------------------------------------------

def tray_kind(st: dict, tid: str) -> str:
    return grid(st["trays"][tid]["card"]).kind


def reach_trays(st: dict, squares: Any, on: Mapping[str, list[str]] | None = None
                ) -> tuple[list[str], dict[str, str]]:
    """The top tray of each square (targets) and the trays that may not be targeted, with why;
    ``on``: ``trays_by_cell(st)`` when known."""
    ok: list[str] = []
    blocked: dict[str, str] = {}
    if on is None:
        squares = squares if type(squares) in (tuple, list) else tuple(squares)
        on = trays_by_cell(st, squares)
    for cell in squares:
        here = on.get(cell)
        if not here:
            continue
        for tid in here[1:]:
            blocked[tid] = "under_flying"
        kind = tray_kind(st, here[0])
        if kind in ("portal", "boss"):
            blocked[here[0]] = kind
        elif here[0] not in ok:
            ok.append(here[0])
    return ok, blocked


def wildcat_of(st: dict, actor: str) -> str | None:
    """The actor's wildcat figure: Alleria's when she is a seat's hero (KR-ALL-1); nobody else
    has one (KR-AMB-44)."""
    w = st["heroes"].get(WILDCAT)
    h = st["heroes"].get(actor)
    if w is None or h is None or not HEROES.get(actor, {}).get("wildcat") or w["seat"] != h["seat"]:
        return None
    return WILDCAT if st["seats"][h["seat"]]["hero"] == actor else None


def _own(st: dict, figure: str | None, ok: list[str], blocked: dict[str, str]) -> None:
    tid = st["heroes"][figure]["tray"] if figure else None
    if tid is None or tid not in st["trays"]:
        return
    if trays_at(st, st["trays"][tid]["cell"])[0] != tid:
        blocked[tid] = "under_flying"
    elif tid not in ok:
        ok.append(tid)


def attack_targets(st: dict, actor: str, attack: dict) -> tuple[list[str], dict[str, str]]:
    """The trays ``attack`` of ``actor`` may target now, and the blocked ones (see module)."""
    h = st["heroes"][actor]
    if h["cell"] is None:
        return [], {}
    squares = geo(st).reach(h["cell"], h["facing"], attack["arrows"]) if attack.get("arrows") else ()
    ok, blocked = reach_trays(st, squares)
    if attack.get("melee"):
        _own(st, actor, ok, blocked)
    if attack.get("wildcat"):
        _own(st, wildcat_of(st, actor), ok, blocked)
    return ok, blocked


def adjacent_targets(st: dict, actor: str) -> tuple[list[str], dict[str, str]]:
    """Trays on the squares adjacent to ``actor`` (not its own square, KR-GEN-3)."""
    h = st["heroes"][actor]
    if h["cell"] is None:
        return [], {}
    return reach_trays(st, geo(st).adjacent(h["cell"]))


# --- scoring -----------------------------------------------------------------------------------

def gain(g: HordeGrid, before: dict, after: dict) -> tuple[int, int]:
    """(enemies newly covered, enemy squares newly covered) between two covers."""
    b = covered_mask(g, before) & g.enemy_mask
    a = covered_mask(g, after) & g.enemy_mask
    return len(covered_enemies(g, after)) - len(covered_enemies(g, before)), bin(a & ~b).count("1")


def enemies_under(g: HordeGrid, cells: Iterable[Cell]) -> int:
    """Enemies with at least one square under ``cells`` (KR-IGN-1/2)."""
    mask = g.mask(cells) or 0
    return sum(1 for e in g.enemies if e.mask & mask)


def enemy_squares(g: HordeGrid, cells: Iterable[Cell]) -> int:
    """Squares of ``cells`` holding an enemy (KR-MAL-4); the rest are empty (KR-MAL-1)."""
    mask = g.mask(cells) or 0
    return bin(mask & g.enemy_mask).count("1")


# --- resolving one attack ----------------------------------------------------------------------

@dataclass
class _Run:
    ctx: Ctx
    actor: str
    attack: dict
    damage: str
    key: Any
    targets: list[str]
    blocked: dict[str, str]
    label: str
    facing: str
    check: Check | None
    used: set = field(default_factory=set)
    mine: dict = field(default_factory=dict)        # tray -> [cells] placed by this attack
    soldier_trays: set = field(default_factory=set)
    soldiers: int = 0
    placed: list = field(default_factory=list)

    @property
    def st(self) -> dict:
        return self.ctx.st

    def shapes(self, tid: str, i: int) -> tuple[Shape, ...]:
        return named_shapes(self.attack["tiles"][i], self.facing, self.st["trays"][tid]["facing"],
                            bool(self.attack.get("free", False)))

    def slot_free(self, i: int, tid: str) -> bool:
        return ((i, tid) if self.attack.get("each") else i) not in self.used

    def candidates(self, i: int) -> list[str]:
        if self.attack.get("linked") and (self.mine or self.soldier_trays):
            return sorted(set(self.mine) | self.soldier_trays)
        if self.attack.get("distinct"):
            return [t for t in self.targets if t not in self.mine]
        return [t for t in self.targets if self.slot_free(i, t)]

    def fits(self, i: int, tid: str) -> list:
        t = self.st["trays"][tid]
        g = grid(t["card"])
        return [p for p, _mask in self.masked_fits(i, tid, g, covered_mask(g, t["cover"]))]

    def masked_fits(self, i: int, tid: str, g: HordeGrid, taken: int) -> list[tuple[Placement, int]]:
        """``fits`` on the tray's grid ``g`` whose covered squares are ``taken``, each with
        the mask of its cells."""
        return [pm for pm in masked_placements(g, taken, self.shapes(tid, i), self.damage)
                if self.check is None or self.check(tid, pm[0].cells, self.mine.get(tid, []))]

    def soldier_room(self) -> list[str]:
        if self.soldiers >= self.attack.get("soldiers", 0) or self.st["soldiers"] < 1:
            return []
        trays = self.candidates(-1) if self.attack.get("linked") else self.targets
        return [tid for tid in trays
                if soldier_placements(grid(self.st["trays"][tid]["card"]), self.st["trays"][tid]["cover"], self.damage)]


def resolve(ctx: Ctx, actor: str, attack: dict, damage: str, parts: Parts, key: Any,
            targets: list[str], blocked: dict[str, str], label: str, *, optional: bool = False,
            facing: str | None = None, check: Check | None = None,
            complete: Complete | None = None) -> list[tuple[str, list[Cell]]]:
    """Place one attack's tiles and soldiers on ``targets`` (KR-DMG-1..15, KR-SOL-2..4); returns
    the tiles placed as (tray, cells). Compulsory unless ``optional`` (module docstring);
    ``check`` limits where a tile may go, ``complete`` replaces the compulsory check."""
    run = _Run(ctx, actor, attack, damage, key, targets, blocked, label,
               facing or ctx.st["heroes"][actor]["facing"], check)
    if ctx.auto:
        while (p := _best(run, optional)) is not None:
            _one(run, p)
            parts.record(key, p)
    else:
        for p in parts.take(key):
            _one(run, p)
            parts.record(key, p)
    if not optional:
        if complete is not None:
            complete(run.placed)
        else:
            _compulsory(run)
    return run.placed


def _one(run: _Run, p: dict) -> None:
    st = run.st
    tid = p["tray"]
    if tid not in run.targets:
        if tid in run.blocked:
            raise err(run.blocked[tid], f"{run.label} cannot target {tid} ({run.blocked[tid]}, KR-HACT-5, "
                                        f"KR-PRT-11)", tray=tid)
        if tid not in st["trays"]:
            raise err("no_such_tray", f"no tray {tid!r}", tray=tid)
        raise err("out_of_range", f"{tid} is out of range of {run.label}", tray=tid, cell=st["trays"][tid]["cell"])
    t = st["trays"][tid]
    g = grid(t["card"])
    if "cells" in p:
        raw = p["cells"]
        read = [as_pair(x) for x in raw] if isinstance(raw, list) and raw else [None]
        cells = [c for c in read if c is not None]
        if len(cells) != len(read):
            raise err("malformed", f"cells are a non-empty list of [c, r], not {raw!r}", cells=raw)
        i = _slot(run, tid, cells, p)
        reason = tile_problem(g, t["cover"], cells, run.damage, run.shapes(tid, i))
        if reason:
            raise err(reason, f"{run.attack['tiles'][i]} cannot go on {cells} of {tid}: {reason}", tray=tid,
                      cells=[list(c) for c in cells], tile=i)
        if run.check is not None and not run.check(tid, tuple(cells), run.mine.get(tid, [])):
            raise err("bad_position", f"{run.label}: {cells} is not where this tile may go", tray=tid,
                      cells=[list(c) for c in cells])
        if run.attack.get("distinct") and tid in run.mine:
            raise err("distinct", f"{run.label} puts each tile on a different tray", tray=tid)
        t["cover"] = with_tile(t["cover"], cells, run.damage, source=run.actor)
        run.used.add((i, tid) if run.attack.get("each") else i)
        run.mine.setdefault(tid, []).append(cells)
        run.placed.append((tid, cells))
        ev(run.ctx.events, "tile_placed", tray=tid, cells=[list(c) for c in cells], damage=run.damage,
           source=run.actor, ability=run.label, attack=run.key)
    else:
        cell = as_pair(p["cell"])
        if cell is None:
            raise err("malformed", f"a soldier's cell is [c, r], not {p['cell']!r}", cell=p["cell"])
        if run.soldiers >= run.attack.get("soldiers", 0):
            raise err("too_many", f"{run.label} has {run.attack.get('soldiers', 0)} soldier(s)", tray=tid)
        if st["soldiers"] < 1:
            raise err("no_soldiers", "every soldier is already on a tray (KR-SOL-7)")
        reason = soldier_problem(g, t["cover"], cell, run.damage)
        if reason:
            raise err(reason, f"a soldier cannot stand on {list(cell)} of {tid}: {reason}", tray=tid, cell=list(cell))
        t["cover"] = with_soldier(t["cover"], cell)
        st["soldiers"] -= 1
        run.soldiers += 1
        run.soldier_trays.add(tid)
        ev(run.ctx.events, "soldier_placed", tray=tid, cell=list(cell), source=run.actor, ability=run.label)
    if run.attack.get("linked") and len(set(run.mine) | run.soldier_trays) > 1:
        raise err("linked", f"{run.label} puts everything on one single tray (KR-DMG-9)",
                  trays=sorted(set(run.mine) | run.soldier_trays))


def _slot(run: _Run, tid: str, cells: list[Cell], p: dict) -> int:
    tiles = run.attack["tiles"]
    free = [i for i in range(len(tiles)) if run.slot_free(i, tid)]
    if "tile" in p:
        i = p["tile"]
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(tiles):
            raise err("no_such_tile", f"{run.label} has {len(tiles)} tile(s), not {i!r}", tile=i)
        if i not in free:
            raise err("too_many", f"tile {i} ({tiles[i]}) is already placed", tile=i)
        return i
    if not free:
        raise err("too_many", f"{run.label} has no more tiles for {tid}", tray=tid)
    want = shape(cells)
    for i in free:
        if want in run.shapes(tid, i):
            return i
    for i in free:
        if len(SHAPES[tiles[i]]) == len(cells):
            return i
    raise err("no_such_tile", f"{run.label} has no unplaced tile of {len(cells)} square(s)",
              cells=[list(c) for c in cells])


def _compulsory(run: _Run) -> None:
    for i in range(len(run.attack["tiles"])):
        for tid in run.candidates(i):
            if run.slot_free(i, tid) and run.fits(i, tid):
                raise err("must_place", f"{run.label}: {run.attack['tiles'][i]} can still be placed on {tid} "
                                        f"(compulsory, KR-AMB-8)", tray=tid, tile=i)
    room = run.soldier_room()
    if room:
        raise err("must_place", f"{run.label}: a soldier can still be placed on {room[0]} (KR-AMB-8)", tray=room[0])


def _best(run: _Run, optional: bool) -> dict | None:
    """The next placement in auto mode: the tile (then soldier) covering the most, or None."""
    best: tuple | None = None
    for i in range(len(run.attack["tiles"])):
        for tid in run.candidates(i):
            if not run.slot_free(i, tid):
                continue
            t = run.st["trays"][tid]
            g = grid(t["card"])
            taken = covered_mask(g, t["cover"])
            gain = gains_beside(g, taken)
            for pl, added in run.masked_fits(i, tid, g, taken):   # legal: adding one only adds its squares
                score = gain(added)
                if best is None or score > best[0]:
                    best = (score, tid, pl.cells, i)
        if best is not None:
            break
    if best is None:
        for tid in run.soldier_room():
            t = run.st["trays"][tid]
            g = grid(t["card"])
            taken = covered_mask(g, t["cover"])
            gain = gains_beside(g, taken)
            for cell in soldier_cells_beside(g, taken, run.damage):
                score = gain(g.bit(cell))
                if best is None or score > best[0]:
                    best = (score, tid, cell, None)
    if best is None or (optional and best[0] <= (0, 0)):
        return None
    _, tid, at, i = best
    if i is None:
        return {"tray": tid, "cell": list(at)}
    return {"tray": tid, "cells": [list(c) for c in at], "tile": i}
