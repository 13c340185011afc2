"""Distances over the map for ranges (CS-MAP-9, CS-AMB-15): chains of lattice hexes that are
map or fortress hexes, never sky."""
from __future__ import annotations

from collections import deque

from .hexgeo import neighbours
from .types import Hex, State


def range_dist(st: State, a: Hex, b: Hex, limit: int) -> int | None:
    """CS-MAP-9 / CS-AMB-15: shortest chain of lattice hexes (map or fortress), never sky."""
    if a == b:
        return 0
    hexes = st["map"]["hexes"]
    seen = {a: 0}
    dq = deque([a])
    while dq:
        h = dq.popleft()
        d = seen[h]
        if d >= limit:
            continue
        for n in neighbours(h):
            if n in seen or n not in hexes:
                continue
            if n == b:
                return d + 1
            seen[n] = d + 1
            dq.append(n)
    return None


def within(st: State, a: Hex, b: Hex, r: int) -> bool:
    return range_dist(st, a, b, r) is not None


def ball(st: State, h: Hex, r: int) -> dict[Hex, int]:
    """Hexes within range r of h with their distance (CS-MAP-9: through map/fortress hexes)."""
    hexes = st["map"]["hexes"]
    seen = {h: 0}
    frontier = [h]
    for d in range(1, r + 1):
        nxt = []
        for x in frontier:
            for n in neighbours(x):
                if n not in seen and n in hexes:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return seen
