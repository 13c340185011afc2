"""Hex geometry on one axial lattice (CS-MAP-1).

Hexes are axial ``(q, r)``; in JSON and notation a hex is the string ``"q,r"``.
Directions are numbered 0..5 counter-clockwise starting east.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

Vec = tuple[int, int]

DIRS: tuple[Vec, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def unkey(h: str) -> tuple[int, int]:
    a, b = h.split(",")
    return int(a), int(b)


def add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1])


@lru_cache(maxsize=None)
def neighbours(h: str) -> tuple[str, ...]:
    q, r = unkey(h)
    return tuple(key(q + dq, r + dr) for dq, dr in DIRS)


def distance(a: Vec, b: Vec) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hdist(a: str, b: str) -> int:
    return distance(unkey(a), unkey(b))


def rotate(v: Vec, steps: int) -> Vec:
    """Rotate a vector by ``steps`` * 60 degrees counter-clockwise about the origin."""
    q, r = v
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q, r)


def disc(radius: int) -> list[tuple[int, int]]:
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if distance((q, r), (0, 0)) <= radius]


def bfs_within(start: str, radius: int, passable: Callable[[str], bool]) -> dict[str, int]:
    """Hexes reachable from ``start`` by chains through ``passable`` hexes, with distance."""
    dist = {start: 0}
    frontier = [start]
    d = 0
    while frontier and d < radius:
        d += 1
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if n not in dist and passable(n):
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist
