"""Market phase (CS-MKT, CS-SET-15/16, CS-AMB-28/29)."""
from __future__ import annotations

from typing import Literal

from .. import rng as _rng
from . import modes
from .content import load
from .emit import ev
from .state import adv_sum, event_value
from .types import Events, Seat, State


def market_size(st: State) -> int:
    d = st.get("designed")
    if d is not None:
        return modes.MARKET_CHIPS[d["mode"]]  # CS-SOLO-1, CS-DM-2
    return st["seats"] + 1  # CS-MKT-1


def _draw(st: State, pile: Literal["supply", "es_pile"], discard: Literal["discard", "es_discard"]) -> str | None:
    m = st["market"]
    if not m[pile] and m[discard]:  # CS-AMB-29: reshuffle the discard pile
        m[pile] = m[discard]
        m[discard] = []
        _rng.shuffle(st["rng"], m[pile])
    return m[pile].pop(0) if m[pile] else None


def fill(st: State) -> None:
    m = st["market"]
    while len(m["face"]) < market_size(st):
        x = _draw(st, "supply", "discard")
        if x is None:
            break
        m["face"].append(x)
    if m["es_face"] is None:
        m["es_face"] = _draw(st, "es_pile", "es_discard")


def refresh(st: State) -> None:
    """CS-MKT-2 (Chinese full refresh, CS-AMB-28)."""
    m = st["market"]
    m["discard"] += m["face"]
    m["face"] = []
    if m["es_face"]:
        m["es_discard"].append(m["es_face"])
    m["es_face"] = None
    fill(st)


def chip_cost(st: State, seat: Seat, chip: str) -> int:
    c = load()["market"][chip]["cost"]
    return max(0, c - adv_sum(st, seat, "market_discount") - event_value(st, "market_discount"))


def options(st: State, seat: Seat) -> list[str]:
    m = st["market"]
    p = st["players"][seat]
    out = [x for x in m["face"] if chip_cost(st, seat, x) <= p["source"]]
    if m["es_face"] and not m["es_bought"] and p["source"] >= 2:
        out.append("es")
    return sorted(set(out)) + ["pass"]


def buy(st: State, seat: Seat, what: str, events: Events) -> None:
    m = st["market"]
    p = st["players"][seat]
    if what == "es":
        es = m["es_face"]
        assert es is not None, "options() offers es only while an earthscape is face up"
        p["source"] -= 2
        p["beside"].append(es)
        ev(events, "bought", seat=seat, chip=es, cost=2)
        m["es_face"] = None
        m["es_bought"] = True  # one earthscape per wave (CS-MKT-4b)
        m["es_face"] = _draw(st, "es_pile", "es_discard")
        if m["es_face"]:
            ev(events, "market_revealed", chip=m["es_face"])
        return
    cost = chip_cost(st, seat, what)
    p["source"] -= cost
    m["face"].remove(what)
    p["beside"].append(what)
    ev(events, "bought", seat=seat, chip=what, cost=cost)
    x = _draw(st, "supply", "discard")  # CS-MKT-5
    if x:
        m["face"].append(x)
        ev(events, "market_revealed", chip=x)
