"""A horde card's grid and what covers it (KR-GEN-5..7, KR-DMG-1..11, KR-SOL-2/3,
KR-HERO-9..14, KR-ICN-1/7/11/13/17, KR-PRT-3).

``horde_grid(card, kinds)`` turns a card definition (docs/kr/engine.md, ``hordes.json``) and
the enemy kinds (id -> ``{"large": bool, "defence": None|"physical"|"magic"|"deadly"}``) into
an immutable, hashable ``HordeGrid``; build it once per card and reuse it (``placements``
caches per grid). Grid squares are ``(c, r)``, row 0 along the card's top edge.

The cover state of one tray is plain JSON data, stored by the game state::

    {"tiles": [{"cells": [[c, r], ...], "damage": "physical", "source": "archer_1"}, ...],
     "soldiers": [[c, r], ...],
     "heroes": {"hero_id": [c, r]}}        # top-left square of the hero's 2x2 base

Functions never change a cover in place; ``add_*`` / ``remove_*`` return a new one.

Reasons a placement is illegal (``*_problem`` return one, ``add_*`` raise it):
``malformed`` (no cells, or a cell twice), ``orientation`` (not one of the allowed shapes),
``outside`` (KR-DMG-1), ``overlap`` (KR-DMG-2, KR-SOL-3, KR-HERO-10/14), ``uncoverable``
(KR-DMG-10), ``resistant`` (KR-DMG-3/4), ``no_enemy`` (soldiers, KR-SOL-3), ``deadly``
(soldiers and hero bases, KR-DMG-6).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from engine.kr.shapes import Cell, Shape, shape, size, translated

DAMAGE_TYPES: tuple[str, ...] = ("physical", "magic", "true")
DEFENCES: tuple[str | None, ...] = (None, "physical", "magic", "deadly")
UNCOVERABLE_AREAS: tuple[str, ...] = ("flying", "ghost", "pioneer", "portal_centre")
HERO_BASE: Shape = ((0, 0), (0, 1), (1, 0), (1, 1))
NEIGHBOURS_8: tuple[Cell, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class IllegalPlacement(ValueError):
    """A placement the rules forbid; ``reason`` is one of the codes in the module docstring."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Enemy:
    index: int            # position in the card's "enemies" list: the enemy's identity
    kind: str
    at: Cell              # top-left square (the only square of a normal enemy)
    large: bool
    defence: str | None
    cells: Shape
    mask: int


@dataclass(frozen=True)
class Icon:
    icon: str
    at: Cell


@dataclass(frozen=True)
class HordeGrid:
    id: str
    kind: str
    width: int
    height: int
    enemies: tuple[Enemy, ...]
    icons: tuple[Icon, ...]
    portal_level: int | None
    enemy_mask: int
    uncoverable: int
    physical_resistant: int
    magic_resistant: int
    deadly: int

    def __hash__(self) -> int:
        # kept by dataclass (an explicit __hash__): grids key the placement caches, and the
        # generated hash would walk every enemy each time; equal grids have equal ids
        return hash(self.id)

    def bit(self, cell: Cell) -> int:
        c, r = cell
        return 1 << (r * self.width + c)

    def inside(self, cell: Cell) -> bool:
        c, r = cell
        return 0 <= c < self.width and 0 <= r < self.height

    def mask(self, cells: Iterable[Cell]) -> int | None:
        """The bit mask of ``cells``; None if any lies outside the grid."""
        total = 0
        w, h = self.width, self.height
        for c, r in cells:                    # ``inside`` and ``bit``, inlined: a hot loop
            if not (0 <= c < w and 0 <= r < h):
                return None
            total |= 1 << (r * w + c)
        return total

    def inside_mask(self, cells: Iterable[Cell]) -> int:
        """The bit mask of ``cells``, for cells known to lie inside the grid (a legal
        placement's); a cell outside is a bug, not a rule."""
        total = self.mask(cells)
        if total is None:
            raise ValueError(f"cells outside the {self.width}x{self.height} grid")
        return total

    def resistant(self, damage: str) -> int:
        """Squares of enemies that ``damage`` may not cover (KR-DMG-3..5)."""
        if damage == "physical":
            return self.physical_resistant
        if damage == "magic":
            return self.magic_resistant
        if damage == "true":
            return 0
        raise ValueError(f"unknown damage type {damage!r}")


# --- building a grid -------------------------------------------------------------------------

def _pair(value: Iterable[int]) -> Cell:
    c, r = value
    return int(c), int(r)


def _block(at: Cell, w: int, h: int) -> Shape:
    return tuple((at[0] + dc, at[1] + dr) for dr in range(h) for dc in range(w))


def _enemies(card: Mapping[str, Any], kinds: Mapping[str, Mapping[str, Any]],
             width: int) -> tuple[Enemy, ...]:
    found = []
    for index, entry in enumerate(card.get("enemies", ())):
        kind = kinds.get(entry["enemy"])
        if kind is None:
            raise ValueError(f"{card.get('id')}: unknown enemy kind {entry['enemy']!r}")
        if kind.get("defence") not in DEFENCES:
            raise ValueError(f"{entry['enemy']}: unknown defence {kind.get('defence')!r}")
        at = _pair(entry["at"])
        large = bool(kind.get("large"))
        cells = _block(at, 2, 2) if large else (at,)
        mask = sum(1 << (r * width + c) for c, r in cells)
        found.append(Enemy(index, entry["enemy"], at, large, kind.get("defence"), cells, mask))
    return tuple(found)


def _defence_mask(enemies: tuple[Enemy, ...], defence: str) -> int:
    return sum(e.mask for e in enemies if e.defence == defence)


def _areas(card: Mapping[str, Any]) -> list[Shape]:
    blocks = []
    for area in card.get("areas", ()):
        if area["area"] not in UNCOVERABLE_AREAS:
            raise ValueError(f"{card.get('id')}: unknown area {area['area']!r}")
        w, h = area.get("size", (1, 1))
        blocks.append(_block(_pair(area["at"]), int(w), int(h)))
    return blocks


def horde_grid(card: Mapping[str, Any], kinds: Mapping[str, Mapping[str, Any]]) -> HordeGrid:
    """The grid of ``card`` (hordes.json format); raises ValueError on a malformed card
    (squares outside the grid, two things on one square, unknown kinds)."""
    width, height = (int(n) for n in card.get("size", (5, 4)))
    enemies = _enemies(card, kinds, width)
    areas = _areas(card)
    icons = tuple(Icon(i["icon"], _pair(i["at"])) for i in card.get("icons", ()))
    grid = HordeGrid(
        id=str(card.get("id", "")), kind=str(card.get("kind", "horde")), width=width, height=height,
        enemies=enemies, icons=icons, portal_level=card.get("portal_level"),
        enemy_mask=sum(e.mask for e in enemies),
        uncoverable=sum(1 << (r * width + c) for block in areas for c, r in block),
        physical_resistant=_defence_mask(enemies, "physical"),
        magic_resistant=_defence_mask(enemies, "magic"), deadly=_defence_mask(enemies, "deadly"))
    _check_layout(grid, [e.cells for e in enemies] + areas + [(i.at,) for i in icons], len(enemies) + len(areas))
    return grid


def _check_layout(grid: HordeGrid, blocks: list[Shape], exclusive: int) -> None:
    """Every block inside the grid; the first ``exclusive`` blocks (enemies, areas) disjoint."""
    taken = 0
    for number, block in enumerate(blocks):
        mask = grid.mask(block)
        if mask is None:
            raise ValueError(f"{grid.id}: {block} leaves the {grid.width}x{grid.height} grid")
        if number < exclusive:
            if mask & taken:
                raise ValueError(f"{grid.id}: two enemies or areas share a square in {block}")
            taken |= mask


# --- the cover state -------------------------------------------------------------------------

def empty_cover() -> dict[str, Any]:
    return {"tiles": [], "soldiers": [], "heroes": {}}


def hero_cells(top_left: Iterable[int]) -> Shape:
    """The 4 squares of a hero base whose top-left square is ``top_left``."""
    return translated(HERO_BASE, _pair(top_left))


def covered_mask(grid: HordeGrid, cover: Mapping[str, Any], skip_hero: str | None = None) -> int:
    """Every square holding a tile, a soldier or a hero base (except ``skip_hero``'s)."""
    total = 0
    for tile in cover.get("tiles", ()):
        for c, r in tile["cells"]:
            total |= 1 << (r * grid.width + c)
    for c, r in cover.get("soldiers", ()):
        total |= 1 << (r * grid.width + c)
    for hero, top_left in cover.get("heroes", {}).items():
        if hero != skip_hero:
            for c, r in hero_cells(top_left):
                total |= 1 << (r * grid.width + c)
    return total


# --- one placement ---------------------------------------------------------------------------

def _cells(cells: Iterable[Iterable[int]]) -> Shape | None:
    pairs = tuple(_pair(x) for x in cells)
    return pairs if pairs and len(set(pairs)) == len(pairs) else None


def tile_problem(grid: HordeGrid, cover: Mapping[str, Any], cells: Iterable[Iterable[int]],
                 damage: str, shapes: Iterable[Shape] | None = None) -> str | None:
    """Why a damage tile on ``cells`` (card squares) is illegal, or None if it is legal.
    ``shapes``: the allowed orientations (``shapes.oriented``); None skips that check.
    Empty squares may be covered (KR-DMG-11, KR-AMB-53); deadly enemies too (KR-DMG-6)."""
    grid.resistant(damage)      # rejects an unknown damage type
    pairs = _cells(cells)
    if pairs is None:
        return "malformed"
    if shapes is not None and shape(pairs) not in tuple(shapes):
        return "orientation"
    mask = grid.mask(pairs)
    if mask is None:
        return "outside"
    if mask & covered_mask(grid, cover):
        return "overlap"
    if mask & grid.uncoverable:
        return "uncoverable"
    if mask & grid.resistant(damage):
        return "resistant"
    return None


def soldier_problem(grid: HordeGrid, cover: Mapping[str, Any], cell: Iterable[int],
                    damage: str) -> str | None:
    """Why a soldier dealing ``damage`` may not stand on ``cell``, or None (KR-SOL-2/3)."""
    resistant = grid.resistant(damage)
    mask = grid.mask((_pair(cell),))
    if mask is None:
        return "outside"
    if mask & covered_mask(grid, cover):
        return "overlap"
    if mask & grid.uncoverable:
        return "uncoverable"
    if not mask & grid.enemy_mask:
        return "no_enemy"
    if mask & grid.deadly:
        return "deadly"
    if mask & resistant:
        return "resistant"
    return None


def hero_problem(grid: HordeGrid, cover: Mapping[str, Any], top_left: Iterable[int],
                 hero: str | None = None) -> str | None:
    """Why a hero base with top-left square ``top_left`` is illegal, or None (KR-HERO-10/11/14,
    KR-AMB-54). ``hero``'s own current base on this tray, if any, does not count as overlap.
    The base deals true damage, may cover empty squares and icons, never deadly enemies."""
    mask = grid.mask(hero_cells(top_left))
    if mask is None:
        return "outside"
    if mask & covered_mask(grid, cover, skip_hero=hero):
        return "overlap"
    if mask & grid.uncoverable:
        return "uncoverable"
    if mask & grid.deadly:
        return "deadly"
    return None


# --- every legal placement -------------------------------------------------------------------

class Placement(NamedTuple):
    anchor: Cell          # where the shape's (0, 0) corner goes
    orientation: int      # index into the shapes given
    cells: Shape


@lru_cache(maxsize=4096)
def _tile_candidates(grid: HordeGrid, shapes: tuple[Shape, ...],
                     damage: str) -> tuple[tuple[Placement, int], ...]:
    """Placements legal on an empty cover, with their masks: orientation, then row, then
    column order."""
    barred = grid.uncoverable | grid.resistant(damage)
    found = []
    for index, raw in enumerate(shapes):
        s = shape(raw)
        w, h = size(s)
        for r in range(grid.height - h + 1):
            for c in range(grid.width - w + 1):
                cells = translated(s, (c, r))
                mask = grid.inside_mask(cells)
                if not mask & barred:
                    found.append((Placement((c, r), index, cells), mask))
    return tuple(found)


def placements(grid: HordeGrid, cover: Mapping[str, Any], shapes: Iterable[Iterable[Cell]],
               damage: str) -> list[Placement]:
    """Every legal placement of one tile whose allowed orientations are ``shapes`` (card
    frame, e.g. from ``shapes.oriented``), in a fixed order (KR-DMG-1..11, KR-DMG-15)."""
    return placements_beside(grid, covered_mask(grid, cover), shapes, damage)


def placements_beside(grid: HordeGrid, taken: int, shapes: Iterable[Iterable[Cell]],
                      damage: str) -> list[Placement]:
    """``placements`` on a cover whose covered squares are the mask ``taken``."""
    return [p for p, _mask in masked_placements(grid, taken, shapes, damage)]


def masked_placements(grid: HordeGrid, taken: int, shapes: Iterable[Iterable[Cell]],
                      damage: str) -> list[tuple[Placement, int]]:
    """``placements_beside``, each with the bit mask of its cells."""
    key = tuple(tuple((c, r) for c, r in s) for s in shapes)
    return [pm for pm in _tile_candidates(grid, key, damage) if not pm[1] & taken]


def soldier_placements(grid: HordeGrid, cover: Mapping[str, Any], damage: str) -> list[Cell]:
    """Every square a soldier dealing ``damage`` may take, row by row (KR-SOL-2/3)."""
    return soldier_cells_beside(grid, covered_mask(grid, cover), damage)


def soldier_cells_beside(grid: HordeGrid, taken: int, damage: str) -> list[Cell]:
    """``soldier_placements`` on a cover whose covered squares are the mask ``taken``."""
    barred = taken | grid.uncoverable | grid.deadly | grid.resistant(damage)
    wanted = grid.enemy_mask & ~barred         # soldier_problem's checks, the cover's mask taken once
    w = grid.width
    return [(c, r) for r in range(grid.height) for c in range(w) if wanted >> (r * w + c) & 1]


def hero_placements(grid: HordeGrid, cover: Mapping[str, Any], hero: str | None = None) -> list[Cell]:
    """Every legal top-left square for a hero base, row by row (KR-HERO-10); empty when the
    hero cannot end its movement on this tray."""
    barred = covered_mask(grid, cover, skip_hero=hero) | grid.uncoverable | grid.deadly
    w = grid.width                             # hero_problem's checks, the cover's mask taken once
    block = 1 | 1 << 1 | 1 << w | 1 << (w + 1)
    return [(c, r) for r in range(grid.height - 1) for c in range(w - 1)
            if not (block << (r * w + c)) & barred]


# --- changing the cover ----------------------------------------------------------------------

def _copy(cover: Mapping[str, Any]) -> dict[str, Any]:
    return {"tiles": list(cover.get("tiles", ())), "soldiers": list(cover.get("soldiers", ())),
            "heroes": dict(cover.get("heroes", {}))}


def add_tile(grid: HordeGrid, cover: Mapping[str, Any], cells: Iterable[Iterable[int]], damage: str,
             source: str = "", shapes: Iterable[Shape] | None = None) -> dict[str, Any]:
    """``cover`` with a damage tile added; raises IllegalPlacement."""
    cells = [list(_pair(x)) for x in cells]
    reason = tile_problem(grid, cover, cells, damage, shapes)
    if reason:
        raise IllegalPlacement(reason)
    return with_tile(cover, cells, damage, source)


def with_tile(cover: Mapping[str, Any], cells: Iterable[Iterable[int]], damage: str,
              source: str = "") -> dict[str, Any]:
    """``add_tile`` for a tile ``tile_problem`` has just found legal on ``cover``."""
    new = _copy(cover)
    new["tiles"].append({"cells": [list(_pair(x)) for x in cells], "damage": damage, "source": source})
    return new


def add_soldier(grid: HordeGrid, cover: Mapping[str, Any], cell: Iterable[int], damage: str) -> dict[str, Any]:
    """``cover`` with a soldier added; raises IllegalPlacement."""
    reason = soldier_problem(grid, cover, cell, damage)
    if reason:
        raise IllegalPlacement(reason)
    return with_soldier(cover, cell)


def with_soldier(cover: Mapping[str, Any], cell: Iterable[int]) -> dict[str, Any]:
    """``add_soldier`` for a soldier ``soldier_problem`` has just found legal on ``cover``."""
    new = _copy(cover)
    new["soldiers"].append(list(_pair(cell)))
    return new


def add_hero(grid: HordeGrid, cover: Mapping[str, Any], hero: str, top_left: Iterable[int]) -> dict[str, Any]:
    """``cover`` with ``hero``'s base at ``top_left`` (moved there if already on this tray);
    raises IllegalPlacement."""
    reason = hero_problem(grid, cover, top_left, hero)
    if reason:
        raise IllegalPlacement(reason)
    new = _copy(cover)
    new["heroes"][hero] = list(_pair(top_left))
    return new


def remove_tiles(cover: Mapping[str, Any]) -> dict[str, Any]:
    """Heal: every damage tile goes back to the supply; soldiers and heroes stay (KR-ICN-2,
    KR-AMB-26)."""
    new = _copy(cover)
    new["tiles"] = []
    return new


def remove_soldiers(cover: Mapping[str, Any]) -> dict[str, Any]:
    """Every soldier leaves the tray (KR-ICN-9, KR-SOL-13, KR-AMB-21)."""
    new = _copy(cover)
    new["soldiers"] = []
    return new


def remove_soldier(cover: Mapping[str, Any], cell: Iterable[int]) -> dict[str, Any]:
    """The soldier on ``cell`` leaves the tray (moved, KR-SOL-8); KeyError if there is none."""
    target = list(_pair(cell))
    new = _copy(cover)
    if target not in [list(x) for x in new["soldiers"]]:
        raise KeyError(f"no soldier on {target}")
    new["soldiers"] = [x for x in new["soldiers"] if list(x) != target]
    return new


def remove_hero(cover: Mapping[str, Any], hero: str) -> dict[str, Any]:
    """``hero`` leaves the tray and stops covering (KR-HERO-12); no change if absent."""
    new = _copy(cover)
    new["heroes"].pop(hero, None)
    return new


# --- coverage --------------------------------------------------------------------------------

def covered_enemies(grid: HordeGrid, cover: Mapping[str, Any]) -> tuple[Enemy, ...]:
    """Enemies every square of which is covered (KR-GEN-6, KR-ICN-11)."""
    taken = covered_mask(grid, cover)
    return tuple(e for e in grid.enemies if e.mask & taken == e.mask)


def uncovered_enemies(grid: HordeGrid, cover: Mapping[str, Any]) -> tuple[Enemy, ...]:
    taken = covered_mask(grid, cover)
    return tuple(e for e in grid.enemies if e.mask & taken != e.mask)


def fully_covered(grid: HordeGrid, cover: Mapping[str, Any]) -> bool:
    """Every enemy covered; empty squares and uncoverable areas never count (KR-GEN-7,
    KR-DMG-12, KR-ICN-7/13/17)."""
    return grid.enemy_mask & covered_mask(grid, cover) == grid.enemy_mask


def visible_icons(grid: HordeGrid, cover: Mapping[str, Any]) -> tuple[Icon, ...]:
    """Icons whose square is not covered: only these work (KR-ICN-1, KR-ADV-2)."""
    taken = covered_mask(grid, cover)
    return tuple(i for i in grid.icons if not grid.bit(i.at) & taken)


def kingdom_damage(grid: HordeGrid, cover: Mapping[str, Any]) -> int:
    """Hearts the Kingdom loses when this horde reaches it: 1 per uncovered normal enemy, 4 per
    large enemy not fully covered (KR-ADV-11, KR-ICN-11, KR-AMB-24)."""
    return sum(4 if e.large else 1 for e in uncovered_enemies(grid, cover))


def gains_beside(grid: HordeGrid, taken: int) -> Callable[[int], tuple[int, int]]:
    """What covering the squares ``added`` too gives on a cover whose covered mask is ``taken``:
    ``gain(added)`` is (enemies newly covered, enemy squares newly covered)."""
    still = [e.mask for e in grid.enemies if e.mask & taken != e.mask]
    free = grid.enemy_mask & ~taken

    def gain(added: int) -> tuple[int, int]:
        after = taken | added
        return sum(1 for m in still if m & after == m), (added & free).bit_count()
    return gain


# --- group rules -----------------------------------------------------------------------------

def is_adjacent_group(cells: Iterable[Iterable[int]]) -> bool:
    """Lightning Strike's "placed adjacent" (KR-SPL-7, KR-AMB-31): the squares form one group
    connected through adjacency (8 neighbours, KR-GEN-3), so each touches at least one other.
    One square alone counts as a group; no squares does not."""
    pending = {_pair(x) for x in cells}
    if not pending:
        return False
    frontier = [pending.pop()]
    while frontier:
        c, r = frontier.pop()
        for dc, dr in NEIGHBOURS_8:
            if (c + dc, r + dr) in pending:
                pending.remove((c + dc, r + dr))
                frontier.append((c + dc, r + dr))
    return not pending


def base_sides(top_left: Iterable[int]) -> dict[str, Shape]:
    """The squares touching each side of a hero base (orthogonally, KR-GEN-3); squares
    diagonal to a corner touch no side."""
    c, r = _pair(top_left)
    return {"top": ((c, r - 1), (c + 1, r - 1)), "bottom": ((c, r + 2), (c + 1, r + 2)),
            "left": ((c - 1, r), (c - 1, r + 1)), "right": ((c + 2, r), (c + 2, r + 1))}


def touches_own_side(top_left: Iterable[int], tiles: Iterable[Iterable[Iterable[int]]]) -> bool:
    """Reaper's Harvest (KR-LIL-3): every tile touches exactly one side of the base and no two
    tiles touch the same side. With all 4 tiles placed, each side has exactly one tile
    against it; fewer tiles (some could not be placed, KR-DMG-15) leave sides free."""
    sides = list(base_sides(top_left).values())
    used: set[int] = set()
    for tile in tiles:
        squares = {_pair(x) for x in tile}
        touched = [n for n, side in enumerate(sides) if squares.intersection(side)]
        if len(touched) != 1 or touched[0] in used:
            return False
        used.add(touched[0])
    return True
