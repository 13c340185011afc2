"""Positions for the engine/kr tower tests (build, pass, buy): a real scenario with the map
cleared (kr_phase_fixtures.bare), then hands, trays and covers set by each test."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.base import IllegalAction
from engine.kr.hordegrid import hero_cells
from engine.kr.state import grid
from tests.games.kr.engine.kr_phase_fixtures import bare, tile, tray


def game(scenario: str = "farrinken_valley", heroes: list[str] | None = None, hands: tuple = (),
         **opts: Any) -> dict:
    """``bare`` with each seat's hand replaced by ``hands[seat]``."""
    st = bare(scenario, heroes, **opts)
    for seat, cards in enumerate(hands):
        st["seats"][seat]["hand"] = list(cards)
    return st


def build(card: str, site: str, facing: str, *attacks: list) -> dict:
    return {"type": "build", "card": card, "site": site, "facing": facing, "attacks": [list(a) for a in attacks]}


def T(tid: str, *cells: tuple, **extra: Any) -> dict:
    """A tile placement."""
    return {"tray": tid, "cells": [list(c) for c in cells], **extra}


def S(tid: str, cell: tuple, frm: tuple | None = None) -> dict:
    """A soldier placement, optionally moved from ``(tray, (c, r))``."""
    p: dict = {"tray": tid, "cell": list(cell)}
    if frm is not None:
        p["from"] = [frm[0], list(frm[1])]
    return p


def fill(st: dict, tid: str, keep: tuple = ()) -> None:
    """1x1 true tiles on every free coverable square of the tray except ``keep``."""
    t = st["trays"][tid]
    g = grid(t["card"])
    taken = {tuple(c) for x in t["cover"]["tiles"] for c in x["cells"]}
    taken |= {tuple(c) for c in t["cover"]["soldiers"]}
    for top_left in t["cover"]["heroes"].values():
        taken |= set(hero_cells(top_left))
    free = [(c, r) for r in range(g.height) for c in range(g.width)
            if (c, r) not in taken and (c, r) not in keep and not g.bit((c, r)) & g.uncoverable]
    t["cover"] = {**t["cover"], "tiles": t["cover"]["tiles"] + [tile([cell]) for cell in free]}


def refused(fn: Any, st: dict, *args: Any, reason: str) -> IllegalAction:
    """``fn(st, *args, events)`` raises kr.err.<reason> and leaves ``st`` and events unchanged."""
    before = copy.deepcopy(st)
    events: list = []
    with pytest.raises(IllegalAction) as info:
        fn(st, *args, events)
    assert info.value.code == f"kr.err.{reason}", info.value.message
    assert st == before
    assert events == []
    return info.value


__all__ = ["game", "build", "T", "S", "fill", "refused", "tray", "tile"]
