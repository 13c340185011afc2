"""Shared helpers of the morale rule tests (test_morale_rules_*.py, engine/evs/morale_rules.py):
a fresh morale state, finding cards of the content, arranging piles and zones, and a random run
of turns, shakes, plays and Rally removals.

Seat 0 is the Empire and seat 1 the Steppe unless a test says otherwise."""
from __future__ import annotations

import json

from engine.evs import morale_rules as mr
from engine.rng import new_rng

EMP, STP = 0, 1
CARDS = mr.load()


def new(seed: int = 1, *, factions=("empire", "steppe"), expansion: bool = True, active: int | None = EMP):
    rng = new_rng(seed)
    m = mr.setup(rng, list(factions), expansion=expansion)
    if active is not None:
        mr.start_turn(m, active)
    return m, rng


def find(faction: str, kind: str, etype: str | None = None, *, duration: str | None = None,
         value: int | None = None, conditions: bool | None = False) -> list[str]:
    out = []
    for c in CARDS.values():
        if c["faction"] != faction or c["kind"] != kind:
            continue
        if etype and c["effect"]["type"] != etype:
            continue
        if duration and c["duration"] != duration:
            continue
        if value is not None and c["value"] != value:
            continue
        if conditions is not None and bool(c.get("conditions")) != conditions:
            continue
        out.append(c["id"])
    assert out, (faction, kind, etype, duration, value)
    return out


def stack(m: dict, seat: int, *ids: str) -> None:
    """Put ``ids`` on top of the pile on ``seat``'s side, in this order (first = top)."""
    pile = m["piles"][seat]
    for cid in ids:
        pile.remove(cid)
    pile[:0] = list(ids)


def place(m: dict, holder: int, cid: str, state: str = "up", played: int | None = None) -> None:
    """Move ``cid`` from the pile on ``holder``'s side into ``holder``'s morale zone."""
    m["piles"][holder].remove(cid)
    own = CARDS[cid]["faction"] == m["factions"][holder]
    m["seats"][holder]["zone"].append({"card": cid, "side": "own_buff" if own else "enemy_debuff",
                                       "state": state, "pile": holder, "played": played})


def all_cards(m: dict) -> list[str]:
    return sorted(m["piles"][0] + m["piles"][1] + [e["card"] for s in m["seats"] for e in s["zone"]])


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def state_of(m, holder, cid):
    return next(e["state"] for e in m["seats"][holder]["zone"] if e["card"] == cid)


def _random_run(seed: int, steps: int, check=None) -> list:
    """A random sequence of turns, shakes, plays and Rally removals; ``check(m, before, n,
    seat, events)`` after each direct shake. Returns every event."""
    import random
    r = random.Random(seed)
    m, rng = new(seed, factions=r.choice([("empire", "steppe"), ("steppe", "empire")]), active=r.randrange(2))
    every = []
    for _ in range(steps):
        op = r.random()
        active = m["turn"]["active"]
        if op < 0.1:
            mr.start_turn(m, 1 - active, every)
        elif op < 0.65:
            seat, n = r.randrange(2), r.randint(1, 7)
            before = json.loads(json.dumps(m))
            ev = []
            mr.shake(m, rng, seat, n, ev, active_seat=active)
            if check:
                check(m, before, n, seat, ev)
            every += ev
        elif op < 0.9:
            seat = r.randrange(2)
            drawn = m["just_drawn"]["cards"][0] if m["just_drawn"] and m["just_drawn"]["cards"] else None
            options = mr.playable(m, seat, declared_action=seat == active, just_drawn=drawn)
            if options:
                cid = r.choice(options)
                mr.play(m, seat, cid, every, declared_action=seat == active, just_drawn=drawn)
        else:
            seat = active
            targets = mr.rally_targets(m, seat)
            if targets:
                mr.rally_remove(m, seat, r.choice(targets), every, paid=mr.rally_cost(m, seat))
        for side in m["seats"]:
            assert 0 <= side["marker"] <= side["track"]["collapse"]
        assert all_cards(m) == sorted(CARDS)
    return every
