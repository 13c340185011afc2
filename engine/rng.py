"""Deterministic RNG whose whole state is one JSON value living inside the game state.

SplitMix64: tiny, fast, and its state is a single integer, so a match replays exactly
from its seed. ``forced`` lets tests fix outcomes ("the coin shows 1") without patching.
"""
from __future__ import annotations

from typing import Any, MutableSequence, Sequence, TypedDict, TypeVar

MASK = (1 << 64) - 1

T = TypeVar("T")


class RngState(TypedDict):
    """The RNG's JSON state: the SplitMix64 counter and the values queued by ``force``."""
    s: int
    forced: list[int]


RngLike = RngState | dict[str, Any]
"""An RngState, or the same value in a game whose state is an untyped dict."""


def new_rng(seed: int) -> dict[str, Any]:
    """A fresh RngState (typed as a plain dict while some engines still pass it on as one)."""
    return {"s": seed & MASK, "forced": []}


def _next64(rng: RngLike) -> int:
    rng["s"] = (rng["s"] + 0x9E3779B97F4A7C15) & MASK
    z = rng["s"]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def randbelow(rng: RngLike, n: int) -> int:
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


def randint(rng: RngLike, lo: int, hi: int) -> int:
    """Uniform integer in [lo, hi] (a die: randint(rng, 1, 6))."""
    return lo + randbelow(rng, hi - lo + 1)


def choice(rng: RngLike, items: Sequence[T]) -> T:
    return items[randbelow(rng, len(items))]


def shuffle(rng: RngLike, items: MutableSequence[T]) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def force(rng: RngLike, *values: int) -> None:
    rng.setdefault("forced", []).extend(values)
