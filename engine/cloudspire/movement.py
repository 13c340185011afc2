"""Movement: distance to the mark, the minion movement procedure, hero moves, deploying
(CS-MOV-1..13, CS-AMB-16..21)."""
from __future__ import annotations

from collections import deque
from types import MappingProxyType
from typing import Literal, Mapping

from .content import load  # noqa: F401 - importable from here as before
from .hexgeo import neighbours
from .state import friendly, gate_hex, mark_of, occupancy, unit_allow, unit_move
from .types import Hex, Occupancy, Seat, State, Unit

TR: Mapping[str, int] = MappingProxyType({"p": 0, "l": 1, "f": 2, "m": 3, "w": 4})
INF = 10 ** 6
Path = list[Hex]
MinionOptions = tuple[Literal["progress", "sidestep"], dict[Hex, Path], dict[Hex, int], int]


def enterable(st: State, h: Hex, allow: int) -> bool:
    """Terrain-wise enterable map hex (fortress hexes never, CS-MAP-10, CS-AMB-22)."""
    c = st["map"]["hexes"].get(h)
    if c is None or c["t"] == "x":
        return False
    return TR[c["t"]] <= allow


def mark_distances(st: State, mark: Seat, allow: int, occ: Occupancy | None = None) -> dict[Hex, int]:
    """CS-MOV-8 / CS-AMB-18: hexes within the allowance, units passable, spires and
    landmarks not; counted to the mark's gate hex."""
    occ = occupancy(st) if occ is None else occ
    g = gate_hex(st, mark)
    dist = {g: 0}
    dq = deque([g])
    while dq:
        h = dq.popleft()
        d = dist[h] + 1
        for n in neighbours(h):
            if n in dist or not enterable(st, n, allow):
                continue
            o = occ.get(n)
            if o and o[0] != "u":
                continue
            dist[n] = d
            dq.append(n)
    return dist


def start_distance(st: State, dist: dict[Hex, int], u: Unit, start_hex: Hex) -> int:
    if u["pos"] is None:  # in the stack: at its own gate (CS-AMB-20)
        best = min((dist.get(n, INF) for n in neighbours(start_hex)), default=INF)
        return best + 1 if best < INF else INF
    return dist.get(start_hex, INF)


def _step_ok(st: State, occ: Occupancy, u: Unit, prev: Hex | None, h: Hex, allow: int) -> str | None:
    """May the minion step into h (from prev)? Returns "ok", "swap" or None."""
    if not enterable(st, h, allow):
        return None
    o = occ.get(h)
    if o is None:
        return "ok"
    if o[0] != "u":
        return None
    other = st["units"][o[1]]
    # CS-MOV-11 / CS-AMB-19: swap with a friendly hero that could stand where the minion was
    if other["kind"] == "hero" and friendly(st, other["owner"], u["owner"]) and prev is not None:
        if enterable(st, prev, unit_allow(other)):
            return "swap"
    return None


def minion_paths(st: State, u: Unit, occ: Occupancy | None = None) -> dict[int, dict[Hex, Path]]:
    """All simple legal paths (lists of hexes, excluding the start) of length 1..M, keyed by
    length.  A unit in the stack starts at its gate (first step costs 1, CS-MOV-3)."""
    occ = occupancy(st) if occ is None else occ
    allow = unit_allow(u)
    M = unit_move(u)
    start = u["pos"] if u["pos"] is not None else gate_hex(st, u["owner"])
    out: dict[int, dict[Hex, Path]] = {k: {} for k in range(1, M + 1)}

    def rec(path: Path, prev: Hex | None, cur: Hex) -> None:
        k = len(path)
        if k:
            last = path[-1]
            if occ.get(last) is None or occ.get(last) == ("u", u["id"]) or _is_swap_end(st, occ, last):
                out[k].setdefault(last, list(path))
        if k == M:
            return
        for n in neighbours(cur):
            if n in path or n == start:
                continue
            s = _step_ok(st, occ, u, cur if (k or u["pos"] is not None) else None, n, allow)
            if s is None:
                continue
            path.append(n)
            rec(path, cur, n)
            path.pop()

    rec([], None, start)
    return out


def _is_swap_end(st: State, occ: Occupancy, h: Hex) -> bool:
    o = occ.get(h)
    return o is not None and o[0] == "u" and st["units"][o[1]]["kind"] == "hero"


def minion_options(st: State, u: Unit, occ: Occupancy | None = None) -> MinionOptions:
    """CS-MOV-9 procedure.  Returns (mode, {dest: path}); mode "progress" or "sidestep".
    For "sidestep" the empty dict key "" means staying put (CS-MOV-12, CS-AMB-17)."""
    occ = occupancy(st) if occ is None else occ
    mark = mark_of(st, u["owner"])
    dist = mark_distances(st, mark, unit_allow(u), occ)
    start = u["pos"] if u["pos"] is not None else gate_hex(st, u["owner"])
    d0 = start_distance(st, dist, u, start)
    paths = minion_paths(st, u, occ)
    for k in sorted(paths, reverse=True):
        good = {h: p for h, p in paths[k].items() if dist.get(h, INF) < d0}
        if good:
            return "progress", good, dist, d0
    side: dict[Hex, Path] = {"": []}
    if d0 < INF:
        for k in sorted(paths):
            for h, p in paths[k].items():
                if dist.get(h, INF) == d0 and h not in side:
                    side[h] = p
    return "sidestep", side, dist, d0


def hero_destinations(st: State, u: Unit, occ: Occupancy | None = None) -> dict[Hex, int]:
    """Free movement (CS-MOV-5): hexes reachable through empty enterable hexes within the
    move stat.  A hero in the stack starts at its gate (deploying costs 1)."""
    occ = occupancy(st) if occ is None else occ
    allow = unit_allow(u)
    M = unit_move(u)
    start = u["pos"] if u["pos"] is not None else gate_hex(st, u["owner"])
    dist = {start: 0}
    dq = deque([start])
    while dq:
        h = dq.popleft()
        if dist[h] >= M:
            continue
        for n in neighbours(h):
            if n in dist or not enterable(st, n, allow) or n in occ:
                continue
            dist[n] = dist[h] + 1
            dq.append(n)
    dist.pop(start, None)
    return dist


def apply_minion_path(st: State, u: Unit, path: Path, occ: Occupancy | None = None) -> list[str]:
    """Move along ``path``; each friendly hero met is put in the hex just left (CS-MOV-11).

    A deploying minion's first step leaves its gate, where no unit may stand (CS-MOV-4,
    CS-AMB-22), so no swap is legal there (CS-AMB-19) and ``minion_paths`` never offers one:
    a friendly hero on that step blocks (CS-AMB-21)."""
    occ = occupancy(st) if occ is None else occ
    prev = u["pos"]
    swaps = []
    for h in path:
        o = occ.get(h)
        if o and o[0] == "u" and o[1] != u["id"]:
            assert prev is not None, f"{u['id']}: no swap on the step out of the gate (CS-AMB-19, CS-AMB-22)"
            hero = st["units"][o[1]]
            hero["pos"] = prev
            occ[prev] = ("u", hero["id"])
            swaps.append(hero["id"])
        if prev is not None and occ.get(prev) == ("u", u["id"]):
            del occ[prev]
        occ[h] = ("u", u["id"])
        prev = h
    u["pos"] = path[-1] if path else u["pos"]
    return swaps
