"""Hero movement and engagement for the hero action (KR-HERO-4..14, KR-PRT-11, KR-AMB-16..18,
KR-AMB-54, KR-ALL-4, KR-SOLO-7, KR-AMB-50).

A figure moves square by square (``move_path``): every step goes to one of the 8 adjacent
squares (KR-HERO-4) that is a road square or a building site (KR-HERO-5, KR-AMB-16); a figure
on its hero board first lands on the entry square (KR-HERO-7). Occupancy never blocks passing.
Moving off a tray uncovers what the base covered (KR-HERO-12, ``phases.leave_tray``). While
it moves the figure is *in transit* (on a square, engaged with nothing); ``settle`` then
stops it: never on a tower (KR-HERO-6) or a portal or boss square (KR-PRT-11, KR-HERO-13);
on a tray it engages the top tray with a 2x2 base whose top-left square the player names
(KR-HERO-9..11/14, ``hordegrid.hero_problem``), and without room it cannot stop there
(KR-HERO-10). ``teleport`` puts a figure straight onto a square (Magic Trick KR-MAG-2, bench
heroes KR-SOLO-7); the caller settles it.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

from .content import HEROES
from .hordegrid import add_hero, hero_placements, hero_problem
from .phases import leave_tray
from .state import WILDCAT, ev, geo, grid, scenario_geo, tower_cells, trays_at
from .towers import err

Cell = tuple[int, int]


def as_pair(x: Any) -> Cell | None:
    if (isinstance(x, (list, tuple)) and len(x) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in x)):
        return int(x[0]), int(x[1])
    return None


def stop_problem(st: dict, cell: str, on: Mapping[str, list[str]] | None = None,
                 towers: Collection[str] | None = None) -> str | None:
    """Why no figure may end its movement on ``cell`` whatever the base: a tower (KR-HERO-6),
    a portal or a boss (KR-PRT-11, KR-HERO-13); None if it may. ``on``, ``towers``:
    ``trays_by_cell(st)`` and ``tower_cells(st)`` when known."""
    if cell in (tower_cells(st) if towers is None else towers):
        return "cannot_stop_there"
    kinds = {grid(st["trays"][tid]["card"]).kind for tid in (trays_at(st, cell) if on is None else on.get(cell, ()))}
    if "portal" in kinds:
        return "portal"
    if "boss" in kinds:
        return "boss"
    return None


def room(st: dict, figure: str, cell: str, on: Mapping[str, list[str]] | None = None) -> list[Cell] | None:
    """The legal base squares on the top tray of ``cell`` (None: no tray there); ``on``:
    ``trays_by_cell(st)`` when known."""
    here = trays_at(st, cell) if on is None else on.get(cell)
    if not here:
        return None
    t = st["trays"][here[0]]
    return hero_placements(grid(t["card"]), t["cover"], figure)


def check_path(st: dict, figure: str, path: Any, moves: int) -> list[str]:
    """``path`` as a list of squares a figure may walk with at most ``moves`` movement points
    (KR-HERO-4/5/7, KR-AMB-16); raises bad_path / too_far."""
    if not isinstance(path, list) or not all(isinstance(c, str) for c in path):
        raise err("bad_path", f"a path is a list of squares like 'C4', not {path!r}", path=path)
    if len(path) > moves:
        raise err("too_far", f"{figure} has {moves} movement point(s), the path has {len(path)} step(s)",
                  figure=figure, moves=moves, steps=len(path))
    g = geo(st)
    squares = g.hero_squares
    here = st["heroes"][figure]["cell"]
    for n, cell in enumerate(path):
        if not g.inside(cell) or cell not in squares:
            raise err("bad_path", f"{cell} is neither a road square nor a building site (KR-AMB-16)",
                      cell=cell, step=n)
        if here is None:
            if cell != g.entry:
                raise err("bad_path", f"from the hero board the first move goes to the entry square "
                                      f"{g.entry} (KR-HERO-7)", cell=cell, entry=g.entry)
        elif not g.is_adjacent(here, cell):
            raise err("bad_path", f"{cell} is not adjacent to {here} (KR-HERO-4)", cell=cell, step=n,
                      previous=here)
        here = cell
    return path


def move_path(st: dict, figure: str, path: list[str], events: list) -> None:
    """Walk ``path`` (already checked): leave the tray, end in transit on the last square."""
    if not path:
        return
    h = st["heroes"][figure]
    start = h["cell"]
    leave_tray(st, figure)
    h["cell"] = path[-1]
    ev(events, "hero_moved", figure=figure, start=start, path=list(path), cell=path[-1])


def teleport(st: dict, figure: str, cell: Any, events: list) -> str:
    """Put ``figure`` straight onto ``cell`` (KR-MAG-2, KR-SOLO-7, KR-AMB-50), in transit."""
    g = geo(st)
    if not isinstance(cell, str) or not g.inside(cell) or cell not in g.hero_squares:
        raise err("bad_path", f"{cell!r} is neither a road square nor a building site (KR-AMB-16)", cell=cell)
    h = st["heroes"][figure]
    start = h["cell"]
    leave_tray(st, figure)
    h["cell"] = cell
    ev(events, "hero_moved", figure=figure, start=start, path=[cell], cell=cell, placed=True)
    return cell


def settle(st: dict, figure: str, base: Any, events: list) -> None:
    """Stop ``figure`` on its square: engage the top tray there with the base ``base`` or
    refuse (KR-HERO-6/9/10/13/14, KR-PRT-11, KR-AMB-54)."""
    h = st["heroes"][figure]
    cell = h["cell"]
    problem = stop_problem(st, cell)
    if problem:
        raise err(problem, f"{figure} cannot end its movement on {cell} ({problem})", figure=figure, cell=cell)
    here = trays_at(st, cell)
    if not here:
        if base is not None:
            raise err("no_tray", f"there is no tray on {cell} to engage", cell=cell)
        return
    tid = here[0]
    t = st["trays"][tid]
    g = grid(t["card"])
    if not hero_placements(g, t["cover"], figure):
        raise err("no_room_on_tray", f"no room for a 2x2 base on {tid} at {cell} (KR-HERO-10)", tray=tid, cell=cell)
    if base is None:
        raise err("base_required", f"ending on {cell} engages {tid}: name the base's top-left square "
                                   f"(KR-HERO-9)", tray=tid, cell=cell)
    pair = as_pair(base)
    if pair is None:
        raise err("malformed", f"a base is [c, r], not {base!r}", base=base)
    reason = hero_problem(g, t["cover"], pair, figure)
    if reason:
        raise err(reason, f"{figure}'s base cannot go on {list(pair)} of {tid}: {reason}", tray=tid,
                  base=list(pair))
    t["cover"] = add_hero(g, t["cover"], figure, pair)
    h["tray"] = tid
    ev(events, "hero_engaged", figure=figure, tray=tid, cell=cell, base=list(pair))


def place_wildcat_first(st: dict, figure: str, base: Any, events: list) -> None:
    """KR-ALL-4: the first time Alleria finishes a movement, her wildcat (never yet on the map,
    not knocked out) is placed in her square; on a tray it needs a 2x2 base (``base`` or the
    first legal one), otherwise it is not placed. It may then be activated this round."""
    w = st["heroes"].get(WILDCAT)
    h = st["heroes"][figure]
    if (w is None or w["seat"] != h["seat"] or h["kind"] == WILDCAT or w["cell"] is not None
            or w["knocked_out"] or h["cell"] is None or figure not in _wildcat_owners(st)):
        return
    put_wildcat(st, h["cell"], base, events, "first_move", strict=False)


def _wildcat_owners(st: dict) -> set[str]:
    return {s["hero"] for s in st["seats"] if HEROES[s["hero"]].get("wildcat")}


def put_wildcat(st: dict, cell: str, base: Any, events: list, cause: str, strict: bool) -> bool:
    """Put the wildcat on ``cell`` (engaging the top tray with ``base`` or the first legal base).
    ``strict``: refuse when it cannot be placed; otherwise it is simply not placed."""
    w = st["heroes"][WILDCAT]
    spots = room(st, WILDCAT, cell)
    if spots is not None:
        pair = as_pair(base) if base is not None else (spots[0] if spots else None)
        if pair is None or pair not in spots:
            if strict:
                raise err("no_room_on_tray", f"the wildcat has no room for its base on {cell} (KR-AMB-35)",
                          cell=cell, base=base)
            return False
        tid = trays_at(st, cell)[0]
        t = st["trays"][tid]
        t["cover"] = add_hero(grid(t["card"]), t["cover"], WILDCAT, pair)
        w.update(cell=cell, tray=tid)
    else:
        w.update(cell=cell, tray=None)
    w["knocked_out"] = False
    w["health"] = w["max"]
    ev(events, "wildcat_placed", figure=WILDCAT, cell=cell, tray=w["tray"], cause=cause)
    return True


def paths_from(st: dict, figure: str, moves: int) -> dict[str, list[str]]:
    """A shortest path to every square ``figure`` could end on within ``moves`` moves, ignoring
    what stands there (the suggestions' helper; KR-HERO-4/5/7)."""
    return {c: list(p) for c, p in _paths(st["scenario"], st["heroes"][figure]["cell"], moves)}


@lru_cache(maxsize=4096)
def _paths(scenario: str, start: str | None, moves: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``paths_from`` on the map alone (kept per map, start square and moves)."""
    g = scenario_geo(scenario)
    squares = g.hero_squares
    if start is None:
        if moves < 1:
            return ()
        best: dict[str, list[str]] = {g.entry: [g.entry]}
    else:
        best = {start: []}
    queue = deque(best)
    while queue:
        here = queue.popleft()
        if len(best[here]) >= moves:
            continue
        for there in g.adjacent(here):
            if there in squares and there not in best:
                best[there] = best[here] + [there]
                queue.append(there)
    return tuple((c, tuple(p)) for c, p in best.items() if p)
