"""Deterministic RNG whose whole state is one JSON value living inside the game state.

SplitMix64: tiny, fast, and its state is a single integer, so a match replays exactly
from its seed. ``forced`` lets tests fix outcomes ("the coin shows 1") without patching.
"""
from __future__ import annotations

MASK = (1 << 64) - 1


def new_rng(seed: int) -> dict:
    return {"s": seed & MASK, "forced": []}


def _next64(rng: dict) -> int:
    rng["s"] = (rng["s"] + 0x9E3779B97F4A7C15) & MASK
    z = rng["s"]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def randbelow(rng: dict, n: int) -> int:
    """Uniform integer in [0, n). A forced value, if queued, is used first."""
    if n <= 0:
        raise ValueError("n must be positive")
    if rng.get("forced"):
        value = rng["forced"].pop(0)
        if not 0 <= value < n:
            raise ValueError(f"forced value {value} out of range [0, {n})")
        return value
    limit = MASK - (MASK % n)
    while True:
        x = _next64(rng)
        if x < limit:
            return x % n


def randint(rng: dict, lo: int, hi: int) -> int:
    """Uniform integer in [lo, hi] (a die: randint(rng, 1, 6))."""
    return lo + randbelow(rng, hi - lo + 1)


def choice(rng: dict, items: list):
    return items[randbelow(rng, len(items))]


def shuffle(rng: dict, items: list) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def force(rng: dict, *values: int) -> None:
    rng.setdefault("forced", []).extend(values)
