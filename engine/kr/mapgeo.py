"""The scenario map's geometry (docs/kr/engine.md "Scenario maps"): the road graph towards
the exits, distances to the Kingdom, branches and their advance order, spawn squares, tray
orientation, range arrows, hero movement and displacement squares. Pure: no I/O, no state.

Conventions decided here (docs/kr/engine.md):

* A road step is orthogonal: a square's successor touches it (KR-GEN-3); diagonal steps are
  rejected. An exit's ``side`` is the map direction of the last step, from the last road
  square into the exit; the square beyond on that side is neither a road square nor a site.
* ``distance(cell)`` is the number of moves a tray needs to reach the Kingdom: 1 on the last
  road square before its exit.
* A branch is "nearer the Kingdom" than another when its square closest to the exit (its last
  square, just before it merges) has a smaller ``distance``; ties go to the lower marker.
* A tray's orientation is the side of the nearest exit (KR-SPN-4): the exit its square's road
  leads to, the only one it can reach, so the nearest by road distance; never the direction
  of the road's first step where the road turns.
* Heroes move like a chess king through road squares and sites, corners may be cut; occupancy
  never blocks passing (KR-HERO-5/6), so the caller names only the forbidden end squares.
* A spawn point is cut off while a pioneer card lies on any square of its path (KR-ICN-15).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import AbstractSet, Any, Callable

from .mapcells import (_CELL, _ID, _MAP_KEYS, _MAP_OPTIONAL, CARD_DIRS, COLOURS, DIRS8, FACINGS, MAX_COLUMNS,
                       MAX_PLAYERS, VECTORS, MapError, Site, Spawn, _fail, _row_major, cell_name, direction_between,
                       map_direction, parse_cell)

__all__ = ["CARD_DIRS", "COLOURS", "DIRS8", "FACINGS", "MAX_COLUMNS", "MAX_PLAYERS", "VECTORS", "MapError", "MapGeo",
           "Site", "Spawn", "cell_name", "direction_between", "map_direction", "parse_cell"]


@dataclass(frozen=True, eq=False)
class MapGeo:
    """A validated scenario map; build it with :meth:`from_dict`. Every query takes cell names."""
    width: int
    height: int
    road: Mapping[str, str]            # road square -> next road square or exit id
    exits: Mapping[str, str]           # exit id -> side (N/E/S/W)
    spawns: tuple[Spawn, ...]          # by increasing marker (KR-SPN-1)
    sites: Mapping[str, Site]
    entry: str                         # hero entry square (KR-HERO-7)
    pioneer_cards: Mapping[str, str]   # icon -> road square
    branch_order: tuple[int, ...]      # markers of non-empty branches, in advance order
    _dist: Mapping[str, int] = field(repr=False)
    _exit: Mapping[str, str] = field(repr=False)
    _paths: Mapping[int, tuple[str, ...]] = field(repr=False)
    _branch: Mapping[str, int] = field(repr=False)
    _rank: Mapping[int, int] = field(repr=False)
    _squares: frozenset[str] = field(repr=False, default=frozenset())   # every square's name
    _memo: dict[str, dict] = field(repr=False, default_factory=lambda: {
        "step": {}, "adjacent": {}, "arrow": {}, "reach": {}, "sites": {}, "road": {}, "site_map": {}})

    @classmethod
    def from_dict(cls, m: Mapping[str, Any]) -> MapGeo:
        """Validate a scenario ``map`` object (raises :class:`MapError`) and precompute."""
        return _build(m)

    # --- cells and adjacency (KR-GEN-2, KR-GEN-3) -------------------------------------------

    # The answers below depend on the map alone, so they are kept per map (the memo dicts
    # made by ``_build``; only squares of the map and valid arguments are stored).

    def inside(self, cell: str) -> bool:
        if type(cell) is str and cell in self._squares:
            return True
        m = _CELL.match(cell) if isinstance(cell, str) else None
        if m is None:
            return False
        x, y = parse_cell(cell)
        return x < self.width and y < self.height

    def _need(self, cell: str) -> tuple[int, int]:
        if not self.inside(cell):
            raise MapError(f"map: {cell!r} is not a square of this {self.width}x{self.height} map")
        return parse_cell(cell)

    def step(self, cell: str, direction: str, n: int = 1) -> str | None:
        """The square ``n`` steps from ``cell`` in map direction ``direction``; None off the map."""
        key = (cell, direction, n)
        try:
            return self._memo["step"][key]
        except (KeyError, TypeError):
            pass
        x, y = self._need(cell)
        dx, dy = VECTORS[direction]
        x, y = x + n * dx, y + n * dy
        got = cell_name(x, y) if 0 <= x < self.width and 0 <= y < self.height else None
        if type(cell) is str and type(direction) is str and type(n) is int:
            self._memo["step"][key] = got
        return got

    def adjacent(self, cell: str) -> tuple[str, ...]:
        """The up to 8 squares adjacent to ``cell`` (KR-GEN-3), clockwise from N."""
        try:
            return self._memo["adjacent"][cell]
        except (KeyError, TypeError):
            pass
        got = tuple(c for d in DIRS8 if (c := self.step(cell, d)) is not None)
        if type(cell) is str:
            self._memo["adjacent"][cell] = got
        return got

    def touching(self, cell: str) -> tuple[str, ...]:
        """The up to 4 squares touching ``cell`` orthogonally (KR-GEN-3): N, E, S, W."""
        return tuple(c for d in FACINGS if (c := self.step(cell, d)) is not None)

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacent(a)

    def is_touching(self, a: str, b: str) -> bool:
        return b in self.touching(a)

    def adjacent_trays(self, cell: str, trays: Iterable[str]) -> list[str]:
        """The squares among ``trays`` adjacent to ``cell``, never ``cell`` itself (KR-ICN-4,
        KR-AMB-25), clockwise from N."""
        occupied = set(trays)
        return [c for c in self.adjacent(cell) if c in occupied]

    # --- the road (KR-ADV-3, KR-ADV-10) --------------------------------------------------------

    def is_road(self, cell: str) -> bool:
        return cell in self.road

    def is_site(self, cell: str) -> bool:
        return cell in self.sites

    @property
    def road_squares(self) -> tuple[str, ...]:
        """Every road square, row by row (the targets of a precise attack, KR-TWR-8)."""
        memo = self._memo["road"]
        if "squares" not in memo:
            memo["squares"] = tuple(sorted(self.road, key=_row_major))
        return memo["squares"]

    def _road(self, cell: str) -> str:
        if cell not in self.road:
            raise MapError(f"map: {cell!r} is not a road square")
        return cell

    def next_square(self, cell: str) -> str | None:
        """The road square a tray on ``cell`` moves to, whatever occupies it (KR-ADV-3,
        KR-ICN-10); None when the next move takes it into the exit (KR-ADV-10)."""
        nxt = self.road[self._road(cell)]
        return None if nxt in self.exits else nxt

    def exit_of(self, cell: str) -> str:
        """The exit the road from ``cell`` leads to."""
        return self._exit[self._road(cell)]

    def distance(self, cell: str) -> int:
        """Moves a tray on ``cell`` needs to reach the Kingdom (1 on the last road square)."""
        return self._dist[self._road(cell)]

    @property
    def spawn_markers(self) -> tuple[int, ...]:
        """The markers in the order spawn decks are processed (KR-SPN-1)."""
        return tuple(s.marker for s in self.spawns)

    def spawn_cell(self, marker: int) -> str:
        """The road square in front of spawn deck ``marker`` (KR-SPN-3)."""
        return self.path(marker)[0]

    def path(self, marker: int) -> tuple[str, ...]:
        """The road squares from spawn ``marker``'s square to the last one before its exit."""
        if marker not in self._paths:
            raise MapError(f"map: no spawn marker {marker!r}")
        return self._paths[marker]

    # --- branches and the advance order (KR-ADV-4, KR-AMB-23) ----------------------------------

    def branch_of(self, cell: str) -> int:
        """The lowest spawn marker whose path passes through ``cell``."""
        return self._branch[self._road(cell)]

    def branch_squares(self, marker: int) -> tuple[str, ...]:
        """The squares of branch ``marker`` from its spawn towards the exit (empty when that
        spawn's square already lies on a lower marker's path)."""
        return tuple(c for c in self.path(marker) if self._branch[c] == marker)

    def advance_key(self, cell: str) -> tuple[int, int]:
        """Sort key of the tray on ``cell`` in phase 4: its branch's place in
        ``branch_order``, then the nearest to the exit first."""
        return self._rank[self.branch_of(cell)], self._dist[cell]

    def advance_order(self, occupied: Iterable[str]) -> list[str]:
        """The occupied road squares (positions at the start of phase 4) in the order their
        trays activate; trays stacked on one square go top down (KR-ADV-8, the caller's)."""
        return sorted(set(occupied), key=self.advance_key)

    # --- spawning (KR-SPN-3..6, KR-AMB-55, KR-ICN-15..18, KR-AMB-59) ---------------------------

    def spawn_square(self, marker: int, occupied: Collection[str]) -> str | None:
        """Where a tray spawned by ``marker`` goes: the first square of its path not in
        ``occupied`` (squares holding trays; heroes never count, KR-AMB-55); None when every
        square is taken and the horde reaches the exit (KR-SPN-6)."""
        taken = set(occupied)
        return next((c for c in self.path(marker) if c not in taken), None)

    def cut_off_spawns(self, pioneer_cells: Iterable[str]) -> frozenset[int]:
        """Markers whose path holds a pioneer card still on the map: they do not spawn
        (KR-ICN-15, KR-AMB-59)."""
        cards = set(pioneer_cells)
        return frozenset(s.marker for s in self.spawns if cards.intersection(self._paths[s.marker]))

    def orientation(self, cell: str) -> str:
        """Map direction (N/E/S/W) of the top edge (purple line) of a tray spawned on ``cell``
        (KR-SPN-4): the side of the nearest exit, nearest by road along the path the tray
        will travel, i.e. the exit the road from ``cell`` leads to (no other exit can be
        reached, so there is never a tie); whatever turns the road takes on the way. Kept
        while the tray moves (KR-AMB-7)."""
        return self.exits[self.exit_of(cell)]

    # --- range arrows (KR-TWR-6..8, KR-AMB-4, KR-AMB-5) -----------------------------------------

    def arrow_squares(self, origin: str, facing: str, arrow: Mapping[str, Any]) -> tuple[str, ...]:
        """The road squares one arrow reaches from ``origin``: the adjacent square in its map
        direction, and for ``reach`` 2 also the next one in line (no line of sight needed)."""
        reach = arrow.get("reach") if isinstance(arrow, Mapping) else None
        if reach not in (1, 2) or isinstance(reach, bool):
            raise MapError(f"map: an arrow is {{'dir': 'F'..'FL', 'reach': 1|2}}, not {arrow!r}")
        rel = arrow.get("dir")
        key = (origin, facing, rel, reach)
        try:
            return self._memo["arrow"][key]
        except (KeyError, TypeError):
            pass
        direction = map_direction(facing, rel)
        self._need(origin)
        reached = (self.step(origin, direction, n) for n in range(1, reach + 1))
        got = tuple(c for c in reached if c is not None and c in self.road)
        if type(origin) is str:
            self._memo["arrow"][key] = got
        return got

    def arrow_targets(self, origin: str, facing: str,
                      arrows: Iterable[Mapping[str, Any]]) -> list[tuple[str, ...]]:
        """Per arrow, the road squares it reaches (see :meth:`arrow_squares`)."""
        return [self.arrow_squares(origin, facing, a) for a in arrows]

    def reach(self, origin: str, facing: str, arrows: Iterable[Mapping[str, Any]],
              precise: bool = False) -> tuple[str, ...]:
        """Every road square the attack may target: all of them when precise (KR-TWR-8)."""
        if precise:
            return self.road_squares
        fast = self._memo["reach"].get((origin, facing, id(arrows))) if type(arrows) is tuple else None
        if fast is not None and fast[0] is arrows:      # the content's arrows: immutable tuples
            return fast[1]
        key = None
        if type(arrows) in (list, tuple) and all(type(a) in (dict, MappingProxyType) for a in arrows):
            key = (origin, facing, tuple((a.get("dir"), a.get("reach"), type(a.get("reach"))) for a in arrows))
            try:
                got = self._memo["reach"][key]
            except (KeyError, TypeError):
                got = None
            if got is not None:
                self._remember_reach(origin, facing, arrows, got)
                return got
        found = {c for squares in self.arrow_targets(origin, facing, arrows) for c in squares}
        got = tuple(sorted(found, key=_row_major))
        if key is not None and type(origin) is str:
            try:
                self._memo["reach"][key] = got
            except TypeError:
                pass
            self._remember_reach(origin, facing, arrows, got)
        return got

    def _remember_reach(self, origin: str, facing: str, arrows: Any, got: tuple[str, ...]) -> None:
        """The fast entry for the content's arrows (immutable tuples), also when another
        arrows tuple of the same content filled the memo first."""
        if type(origin) is str and type(arrows) is tuple and all(type(a) is MappingProxyType for a in arrows):
            self._memo["reach"][(origin, facing, id(arrows))] = (arrows, got)

    # --- heroes (KR-HERO-4..7, KR-SPN-7, KR-AMB-16/17/27/61) -----------------------------------

    @property
    def hero_squares(self) -> frozenset[str]:
        """Squares a hero may enter: road squares and building sites (KR-AMB-16)."""
        memo = self._memo["road"]
        if "hero" not in memo:
            memo["hero"] = frozenset(self.road) | frozenset(self.sites)
        return memo["hero"]

    def hero_reach(self, start: str | None, moves: int,
                   forbidden: Collection[str] = ()) -> dict[str, int]:
        """End squares a hero may reach with at most ``moves`` moves in 8 directions through
        hero squares -> the fewest moves needed. ``start`` None: the hero is on its board and
        its first move puts it on ``entry`` (KR-HERO-7). ``forbidden`` squares (towers,
        portals, KR-HERO-6) may be passed through but are not end squares; the start square
        itself is not listed (not moving is the caller's choice)."""
        heroes = self.hero_squares
        if start is None:
            if moves < 1:
                return {}
            best = {self.entry: 1}
        else:
            if start not in heroes:
                raise MapError(f"map: {start!r} is not a road square or building site")
            best = {start: 0}
        queue = deque(best)
        while queue:
            here = queue.popleft()
            if best[here] >= moves:
                continue
            for there in self.adjacent(here):
                if there in heroes and there not in best:
                    best[there] = best[here] + 1
                    queue.append(there)
        blocked = set(forbidden)
        return {c: d for c, d in best.items() if c != start and c not in blocked}

    def displacement_squares(self, cell: str, trays: Collection[str],
                             towers: Collection[str]) -> list[str]:
        """Where a hero pushed off ``cell`` may go (KR-SPN-7, KR-ICN-9, KR-ICN-14, KR-AMB-17,
        KR-AMB-27): adjacent road squares without a tray, nearest the exit first, then
        adjacent sites without a tower; ties clockwise from N. The first is the default of
        the owner's choice (KR-AMB-61); empty: back to the hero board."""
        around = self.adjacent(cell)
        tray_set, tower_set = set(trays), set(towers)
        roads = sorted((c for c in around if c in self.road and c not in tray_set), key=self._dist.__getitem__)
        return roads + [c for c in around if c in self.sites and c not in tower_set]

    def sites_for(self, players: int) -> tuple[Site, ...]:
        """The building sites used with ``players`` players (KR-SOLO-2), row by row."""
        memo = self._memo["sites"]
        if players not in memo:
            memo[players] = tuple(self.sites[c] for c in sorted(self.sites, key=_row_major)
                                  if players in self.sites[c].players)
        return memo[players]

    def site_map(self, players: int) -> Mapping[str, Site]:
        """``sites_for(players)`` by square (kept per map: read it, never change it)."""
        memo = self._memo["site_map"]
        if players not in memo:
            memo[players] = {s.cell: s for s in self.sites_for(players)}
        return memo[players]


# --- building and validation ---------------------------------------------------------------

def _keys(where: str, obj: object, required: AbstractSet[str],
          optional: AbstractSet[str] = frozenset()) -> Mapping:
    if not isinstance(obj, Mapping):
        _fail(f"{where} must be an object")
    missing, unknown = required - set(obj), set(obj) - required - optional
    if missing:
        _fail(f"{where}: missing {', '.join(sorted(missing))}")
    if unknown:
        _fail(f"{where}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    return obj


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


Square = Callable[[str, object], str]   # square(where, name): a cell name of the map, or MapError


def _build(m: Mapping[str, Any]) -> MapGeo:
    _keys("map", m, _MAP_KEYS, _MAP_OPTIONAL)
    size = m["size"]
    if not (isinstance(size, (list, tuple)) and len(size) == 2 and all(_int(v) for v in size)
            and 1 <= size[0] <= MAX_COLUMNS and size[1] >= 1):
        _fail(f"size must be [columns 1..{MAX_COLUMNS}, rows >= 1], not {size!r}")
    w, h = size

    def square(where: str, name: object) -> str:
        if not isinstance(name, str) or not _CELL.match(name):
            _fail(f"{where}: {name!r} is not a cell name like 'C4'")
        x, y = parse_cell(name)
        if x >= w or y >= h:
            _fail(f"{where}: {name} is outside the {w}x{h} map (A1..{cell_name(w - 1, h - 1)})")
        return name

    sides = _exits(m["exits"])
    road = m["road"]
    if not isinstance(road, Mapping) or not road:
        _fail("road must be a non-empty object {road square: next square or exit id}")
    for c in road:
        square("road", c)
    sites = _sites(m["sites"], road, square)
    _check_road_steps(road, sides, sites, w, h)
    dist, exit_of = _distances(road, sides)
    spawns = _spawns(m["spawns"], road, square)
    paths, branch = _paths(road, spawns)
    entry = _entry(m, road, sides, square)
    pioneers = _pioneers(m.get("pioneer_cards", []), road, square)
    order, rank = _branch_order(spawns, paths, branch, dist)
    return MapGeo(
        width=w, height=h, road=MappingProxyType(dict(road)), exits=MappingProxyType(sides),
        spawns=tuple(spawns), sites=MappingProxyType(sites), entry=entry,
        pioneer_cards=MappingProxyType(pioneers), branch_order=order,
        _dist=MappingProxyType(dist), _exit=MappingProxyType(exit_of),
        _paths=MappingProxyType(paths), _branch=MappingProxyType(branch), _rank=MappingProxyType(rank),
        _squares=frozenset(cell_name(x, y) for x in range(w) for y in range(h)))


def _exits(exits: object) -> dict[str, str]:
    """The exits' sides by exit id."""
    if not isinstance(exits, Mapping) or not exits:
        _fail("exits must be a non-empty object {exit id: {'side': 'N'|'E'|'S'|'W'}}")
    sides: dict[str, str] = {}
    for eid, e in exits.items():
        if not isinstance(eid, str) or not _ID.match(eid):
            _fail(f"exits: exit id {eid!r} must be lowercase like 'exit1'")
        _keys(f"exits.{eid}", e, {"side"})
        if e["side"] not in FACINGS:
            _fail(f"exits.{eid}.side must be one of {FACINGS}, not {e['side']!r}")
        sides[eid] = e["side"]
    return sides


def _sites(raw_sites: object, road: Mapping[str, str], square: Square) -> dict[str, Site]:
    """The building sites by cell: off the road, one per cell, with their player counts."""
    sites: dict[str, Site] = {}
    if not isinstance(raw_sites, list):
        _fail("sites must be a list")
    for i, s in enumerate(raw_sites):
        _keys(f"sites[{i}]", s, {"cell", "colour", "players"})
        c = square(f"sites[{i}].cell", s["cell"])
        if c in road:
            _fail(f"sites[{i}]: {c} is a road square")
        if c in sites:
            _fail(f"sites: two sites on {c}")
        if s["colour"] not in COLOURS:
            _fail(f"sites[{i}].colour must be one of {COLOURS}, not {s['colour']!r}")
        players = s["players"]
        if (not isinstance(players, list) or not players or len(set(players)) != len(players)
                or not all(_int(n) and 1 <= n <= MAX_PLAYERS for n in players)):
            _fail(f"sites[{i}].players must list distinct player counts 1..{MAX_PLAYERS}, not {players!r}")
        sites[c] = Site(c, s["colour"], frozenset(players))
    return sites


def _check_road_steps(road: Mapping[str, Any], sides: dict[str, str], sites: dict[str, Site], w: int, h: int) -> None:
    """Each road square leads to a touching road square, or to an exit whose side is clear."""
    for c, nxt in road.items():
        if isinstance(nxt, str) and nxt in sides:
            x, y = parse_cell(c)
            dx, dy = VECTORS[sides[nxt]]
            beyond = cell_name(x + dx, y + dy) if 0 <= x + dx < w and 0 <= y + dy < h else None
            if beyond in road or beyond in sites:
                _fail(f"road: {c} -> {nxt}: the exit's side {sides[nxt]} from {c} is {beyond}, "
                      "which is a road square or a site")
            continue
        if not isinstance(nxt, str) or nxt not in road:
            _fail(f"road: {c} -> {nxt!r}: the successor must be a road square (a key of road) "
                  f"or an exit id ({', '.join(sides)})")
        (x, y), (nx, ny) = parse_cell(c), parse_cell(nxt)
        if abs(nx - x) + abs(ny - y) != 1:
            _fail(f"road: {c} -> {nxt}: successive road squares must touch orthogonally")


def _distances(road: Mapping[str, str], sides: dict[str, str]) -> tuple[dict[str, int], dict[str, str]]:
    """Every road square's distance to the Kingdom and its exit; no cycle, no exit unused."""
    dist: dict[str, int] = {}
    exit_of: dict[str, str] = {}
    for start in road:
        trail: list[str] = []
        c = start
        while c in road and c not in dist:
            if c in trail:
                loop = trail[trail.index(c):] + [c]
                _fail(f"road: cycle {' -> '.join(loop)} never reaches an exit")
            trail.append(c)
            c = road[c]
        d, ex = (0, c) if c in sides else (dist[c], exit_of[c])
        for sq in reversed(trail):
            d += 1
            dist[sq], exit_of[sq] = d, ex
    unused = set(sides) - set(exit_of.values())
    if unused:
        _fail(f"exits: no road leads to {', '.join(sorted(unused))}")
    return dist, exit_of


def _spawns(raw_spawns: object, road: Mapping[str, str], square: Square) -> list[Spawn]:
    """The spawn points on road squares, by increasing marker (KR-SPN-1)."""
    if not isinstance(raw_spawns, list) or not raw_spawns:
        _fail("spawns must be a non-empty list of {'marker': n, 'cell': road square}")
    spawns: list[Spawn] = []
    for i, s in enumerate(raw_spawns):
        _keys(f"spawns[{i}]", s, {"marker", "cell"})
        if not _int(s["marker"]) or s["marker"] < 1:
            _fail(f"spawns[{i}].marker must be a number >= 1, not {s['marker']!r}")
        if any(p.marker == s["marker"] for p in spawns):
            _fail(f"spawns: marker {s['marker']} appears twice")
        if square(f"spawns[{i}].cell", s["cell"]) not in road:
            _fail(f"spawns[{i}].cell {s['cell']} is not a road square")
        spawns.append(Spawn(s["marker"], s["cell"]))
    spawns.sort(key=lambda s: s.marker)
    return spawns


def _paths(road: Mapping[str, str], spawns: list[Spawn]) -> tuple[dict[int, tuple[str, ...]], dict[str, int]]:
    """Each spawn's path to its exit, and each road square's branch (the lowest marker whose
    path reaches it); every road square is on some path."""
    paths: dict[int, tuple[str, ...]] = {}
    branch: dict[str, int] = {}
    for s in spawns:
        walk, c = [], s.cell
        while c in road:
            walk.append(c)
            c = road[c]
        paths[s.marker] = tuple(walk)
        for c in walk:
            branch.setdefault(c, s.marker)
    stray = sorted(set(road) - set(branch), key=_row_major)
    if stray:
        _fail(f"road: {', '.join(stray)} not on the path of any spawn")
    return paths, branch


def _entry(m: Mapping[str, Any], road: Mapping[str, str], sides: dict[str, str], square: Square) -> str:
    """The hero entry square: named, or the one road square before an exit (KR-HERO-7)."""
    if "entry" in m:
        entry = square("entry", m["entry"])
        if entry not in road:
            _fail(f"entry {entry} is not a road square")
        return entry
    lasts = sorted((c for c, nxt in road.items() if nxt in sides), key=_row_major)
    if len(lasts) != 1:
        _fail(f"entry: the road enters the Kingdom from {', '.join(lasts)}; name the hero "
              "entry square (KR-HERO-7)")
    return lasts[0]


def _pioneers(raw_pioneers: object, road: Mapping[str, str], square: Square) -> dict[str, str]:
    """The pioneer cards' road squares by icon (KR-ICN-15), one card per icon and per square."""
    pioneers: dict[str, str] = {}
    if not isinstance(raw_pioneers, list):
        _fail("pioneer_cards must be a list")
    for i, p in enumerate(raw_pioneers):
        _keys(f"pioneer_cards[{i}]", p, {"icon", "cell"})
        if not isinstance(p["icon"], str) or not _ID.match(p["icon"]):
            _fail(f"pioneer_cards[{i}].icon {p['icon']!r} must be a lowercase id")
        if p["icon"] in pioneers:
            _fail(f"pioneer_cards: icon {p['icon']} appears twice")
        if square(f"pioneer_cards[{i}].cell", p["cell"]) not in road:
            _fail(f"pioneer_cards[{i}].cell {p['cell']} is not a road square")
        if p["cell"] in pioneers.values():
            _fail(f"pioneer_cards: two cards on {p['cell']}")
        pioneers[p["icon"]] = p["cell"]
    return pioneers


def _branch_order(spawns: list[Spawn], paths: dict[int, tuple[str, ...]], branch: dict[str, int],
                  dist: dict[str, int]) -> tuple[tuple[int, ...], dict[int, int]]:
    """The advance order of the non-empty branches: the lowest marker first, then nearest the
    Kingdom by each branch's last square, ties to the lower marker; and each marker's rank."""
    lowest = spawns[0].marker
    last_square = {s.marker: [c for c in paths[s.marker] if branch[c] == s.marker] for s in spawns}
    others = sorted((s.marker for s in spawns if s.marker != lowest and last_square[s.marker]),
                    key=lambda mk: (dist[last_square[mk][-1]], mk))
    order = (lowest, *others)
    return order, {mk: i for i, mk in enumerate(order)}
