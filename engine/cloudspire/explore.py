"""Exploration, peeking and revealing landmarks (CS-EXP, CS-AMB-35)."""
from __future__ import annotations

from .emit import ev, private
from .hexgeo import neighbours
from .state import lm_data, turn_of
from .types import Events, Hex, Landmark, Seat, State, Unit


def explorable(st: State, seat: Seat) -> list[Hex]:
    """Face-down landmarks adjacent to one of your deployed, active units, not yet explored
    this turn (CS-EXP-1/4)."""
    turn = turn_of(st)
    pos = {u["pos"] for u in st["units"].values()
           if u["owner"] == seat and u["pos"] is not None and not inactive(st, u)}
    out = []
    for l in st["landmarks"].values():
        if l["revealed"] or l["id"] in turn["explored"]:
            continue
        if any(n in pos for n in neighbours(l["pos"])):
            out.append(l["pos"])
    return sorted(out)


def inactive(st: State, u: Unit) -> bool:
    """CS-REST-2: heroes of a player in rest mode are inactive."""
    return u["kind"] == "hero" and u["owner"] in st["rest"]


def explore(st: State, seat: Seat, h: Hex, events: Events) -> None:
    l = next(x for x in st["landmarks"].values() if x["pos"] == h)
    turn_of(st)["explored"].append(l["id"])
    if seat not in l["known"]:
        l["known"].append(seat)
    ev(events, "explored", seat=seat, pos=h, landmark=l["id"])
    private(events, seat, "peek", seat=seat, pos=h, type=l["type"])  # CS-EXP-2/7: the face is the explorer's
    if "foreboding" in lm_data(l)["talents"]:  # CS-EXP-5
        reveal(st, l, seat, events)
    else:
        turn_of(st)["peek"] = l["id"]


def reveal(st: State, l: Landmark, seat: Seat, events: Events) -> None:
    l["revealed"] = True
    l["hp"] = lm_data(l)["hp"]  # CS-EXP-3
    ev(events, "revealed", seat=seat, pos=l["pos"], landmark=l["id"], type=l["type"], hp=l["hp"])
