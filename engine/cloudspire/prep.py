"""Prep phase: marks, CP, unit selection, grouping and the hidden deployment stack
(CS-PREP, CS-MP-3/7, CS-TEAM-3, CS-AMB-33/34).

A stack under construction is a list of entries (top first); an entry is
``{"k": "hero"|"minion", "types": [...], "eq": [...]}`` where a minion entry with several
types is a group (lowest move on top, CS-PREP-7)."""
from __future__ import annotations

from typing import Literal

from . import designed
from .content import load
from .emit import ev
from .reach import range_dist
from .state import (adv_sum, event_value, friendly, gate_hex, income_for_wave, new_id, prep_of, turn_order,
                    unit_maxhp)
from .types import Events, PrepEntry, Seat, State, Unit

Available = dict[str, tuple[Literal["hero", "minion"], int, str]]


def mark_options(st: State, seat: Seat) -> list[Seat]:
    out = []
    for o in range(st["seats"]):
        if friendly(st, seat, o) or st["players"][o]["broken"]:
            continue
        if st["teams"] and "designed" not in st:  # CS-DM-3: any opposing gate in a designed game
            mate = [s for s in range(st["seats"]) if s != seat and friendly(st, s, seat)]
            if any(st["players"][m]["mark"] == o and st["prep"] and m in prep_of(st)["marked"] for m in mate):
                continue  # CS-TEAM-3
        out.append(o)
    return out


def default_mark(st: State, seat: Seat) -> Seat:
    """Nearest unbroken opposing gate from your gate; ties by turn order."""
    opts = mark_options(st, seat)
    if not opts:
        opts = [o for o in range(st["seats"]) if not friendly(st, seat, o) and not st["players"][o]["broken"]]
    g = gate_hex(st, seat)
    order = turn_order(st)

    def k(o: Seat) -> tuple[int, int]:
        d = range_dist(st, g, gate_hex(st, o), 60)
        return (d if d is not None else 999, order.index(o))
    return min(opts, key=k)


def start_prep(st: State, events: Events) -> None:
    st["phase"] = "prep"
    order = turn_order(st)
    cp = income_for_wave(st["wave"]) + event_value(st, "cp_bonus")
    for s in range(st["seats"]):
        st["players"][s]["cp"] = max(0, cp + adv_sum(st, s, "cp") + designed.cp_bonus(st, s))
    st["prep"] = {"order": order, "marked": [], "locked": [], "stacks": {str(s): [] for s in order},
                  "step": "mark"}
    if st["seats"] == 2:  # CS-PREP-1: the declaration may be skipped in 2-player games
        for s in order:
            st["players"][s]["mark"] = 1 - s
            prep_of(st)["marked"].append(s)
        prep_of(st)["step"] = "stack"
    ev(events, "prep_started", wave=st["wave"], cp=cp)


def set_mark(st: State, seat: Seat, target: Seat, events: Events) -> None:
    st["players"][seat]["mark"] = target
    prep_of(st)["marked"].append(seat)
    ev(events, "mark", seat=seat, target=target)
    if len(prep_of(st)["marked"]) == st["seats"]:
        prep_of(st)["step"] = "stack"


def marking_seat(st: State) -> Seat | None:
    for s in prep_of(st)["order"]:
        if s not in prep_of(st)["marked"]:
            return s
    return None


def simultaneous(st: State) -> bool:
    return st["options"].get("faster_prep", "off") == "on"


def stacking_seats(st: State) -> list[Seat]:
    pr = prep_of(st)
    todo = [s for s in pr["order"] if s not in pr["locked"]]
    if simultaneous(st):
        return todo
    return todo[:1]


# ---------------------------------------------------------------- selection

def _entries(st: State, seat: Seat) -> list[PrepEntry]:
    return prep_of(st)["stacks"][str(seat)]


def cp_spent(st: State, seat: Seat) -> int:
    total = 0
    for e in _entries(st, seat):
        for t, paid in zip(e["types"], e["paid"]):
            total += paid
    return total


def heroes_in_play(st: State, seat: Seat) -> int:
    return sum(1 for u in st["units"].values() if u["owner"] == seat and u["kind"] == "hero")


def _available(st: State, seat: Seat) -> Available:
    """type -> (kind, cp, count) the player may still add."""
    c = load()
    heroes_ok = designed.heroes_allowed(st, seat)  # CS-DM-9/12
    p = st["players"][seat]
    used: dict[tuple[str, str], int] = {}
    for e in _entries(st, seat):
        for t, src in zip(e["types"], e["src"]):
            used[(t, src)] = used.get((t, src), 0) + 1
    out: Available = {}
    for t, n in p["barracks"].items():
        left = n - used.get((t, "barracks"), 0)
        if left > 0:
            out[t] = ("minion", c["units"][t]["cp"], "barracks")
    for t in set(p["beside"]):
        d = c["units"].get(t)
        if d is None:
            continue
        left = p["beside"].count(t) - used.get((t, "beside"), 0)
        if left > 0:
            if d["kind"] == "hero" and d.get("faction") is None and st["wave"] == 1:
                continue  # CS-AMB-34: mercenary heroes from wave 2
            if d["kind"] == "hero" and not heroes_ok:
                continue
            out[t] = (d["kind"], 0, "beside")
    on_map = {u["type"] for u in st["units"].values() if u["owner"] == seat}
    for h in p.get("heroes", []) if heroes_ok else ():
        d = c["units"][h]
        if h in on_map or h in p["removed_heroes"] or h in p["beside"] or (h, "fac") in used:
            continue
        if st["wave"] == 1 and not d["start"]:
            continue  # CS-PREP-5
        out[h] = ("hero", d["cp"], "fac")
    return out


def add_options(st: State, seat: Seat) -> list[str]:
    entries = _entries(st, seat)
    avail = _available(st, seat)
    left = st["players"][seat]["cp"] - cp_spent(st, seat)
    heroes = heroes_in_play(st, seat) + sum(1 for e in entries if e["k"] == "hero")
    limit = 1 if st["wave"] == 1 else 2  # CS-PREP-6
    has_min = any(e["k"] == "minion" for e in entries)
    hero_below = has_min and entries[-1]["k"] == "hero"
    out = []
    for t, (k, cp, src) in sorted(avail.items()):
        if cp > left:
            continue
        if k == "hero" and heroes >= limit:
            continue
        if k == "minion" and hero_below:
            continue  # CS-PREP-8: minions consecutive, heroes above or below them
        out.append(t)
    return out


def join_options(st: State, seat: Seat) -> list[str]:
    entries = _entries(st, seat)
    if not entries or entries[-1]["k"] != "minion":
        return []
    return [t for t in add_options(st, seat) if load()["units"][t]["kind"] == "minion"]


def equip_options(st: State, seat: Seat) -> list[tuple[str, str]]:
    c = load()
    p = st["players"][seat]
    eqs = sorted(set(x for x in p["beside"] if c["market"].get(x, {}).get("type") == "equipment"))
    used = [x for e in _entries(st, seat) for x in e["eq"]]
    out = []
    for e_id in eqs:
        if p["beside"].count(e_id) - used.count(e_id) <= 0:
            continue
        for e in _entries(st, seat):
            if e["k"] == "hero":
                out.append((e_id, e["types"][0]))
    return out


def add(st: State, seat: Seat, t: str, join: bool, events: Events) -> None:
    avail = _available(st, seat)
    k, cp, src = avail[t]
    entries = _entries(st, seat)
    if join:
        g = entries[-1]
        g["types"].append(t)
        g["src"].append(src)
        g["paid"].append(cp)
        c = load()
        order = sorted(range(len(g["types"])), key=lambda i: c["units"][g["types"][i]]["basic"]["mv"])
        g["types"] = [g["types"][i] for i in order]
        g["src"] = [g["src"][i] for i in order]
        g["paid"] = [g["paid"][i] for i in order]
    else:
        entries.append({"k": k, "types": [t], "src": [src], "paid": [cp], "eq": []})


def equip(st: State, seat: Seat, item: str, hero: str) -> None:
    """Put ``item`` under the hero ``hero`` of the stack being built (CS-MKT-7)."""
    for e in _entries(st, seat):
        if e["k"] == "hero" and e["types"][0] == hero:
            e["eq"].append(item)
            break


def default_stack(st: State, seat: Seat) -> None:
    """Spec default: starting hero if available, then minions greedily from most to least
    expensive that still fit, ungrouped; minions by move (lowest first), hero last."""
    c = load()
    prep_of(st)["stacks"][str(seat)] = []
    heroes: list[str] = []
    while True:
        opts = add_options(st, seat)
        hs = [t for t in opts if c["units"][t]["kind"] == "hero" and _available(st, seat)[t][1] == 0]
        if hs and not heroes:
            heroes.append(hs[0])
            add(st, seat, hs[0], False, [])
            continue
        ms = [t for t in opts if c["units"][t]["kind"] == "minion"]
        if not ms:
            break
        av = _available(st, seat)
        t = max(ms, key=lambda t: (av[t][1], t))
        add(st, seat, t, False, [])
    entries = prep_of(st)["stacks"][str(seat)]
    hs_ = [e for e in entries if e["k"] == "hero"]
    ms_ = sorted([e for e in entries if e["k"] == "minion"], key=lambda e: c["units"][e["types"][0]]["basic"]["mv"])
    prep_of(st)["stacks"][str(seat)] = ms_ + hs_


def undo(st: State, seat: Seat) -> None:
    entries = _entries(st, seat)
    e = entries[-1]
    if len(e["types"]) > 1:
        for f in ("types", "src", "paid"):
            e[f].pop()
    else:
        entries.pop()


def lock(st: State, seat: Seat, events: Events) -> bool:
    pr = prep_of(st)
    pr["locked"].append(seat)
    ev(events, "stack_locked", seat=seat, height=len(_entries(st, seat)),
       top=(_entries(st, seat)[0]["types"][0] if _entries(st, seat) else None))
    if len(pr["locked"]) == st["seats"]:
        materialise(st, events)
        return True
    return False


def materialise(st: State, events: Events) -> None:
    """Turn locked stacks into units sitting at their gates (CS-PREP-9/10)."""
    for s in prep_of(st)["order"]:
        p = st["players"][s]
        ids = []
        for e in _entries(st, s):
            uid = new_id(st, "u")
            for t, src in zip(e["types"], e["src"]):
                if src == "barracks":
                    p["barracks"][t] -= 1
                elif src == "beside":
                    p["beside"].remove(t)
            for x in e["eq"]:
                p["beside"].remove(x)
            top = e["types"][0]
            u: Unit = {"id": uid, "type": top, "owner": s, "kind": e["k"], "side": "basic", "pos": None,
                 "up": {"a": 0, "f": 0, "r": 0}, "members": list(e["types"][1:]), "eq": list(e["eq"]), "hp": 0}
            u["hp"] = unit_maxhp(u)
            st["units"][uid] = u
            ids.append(uid)
        st["stacks"][s] = ids
    prep_of(st)["done"] = True


def remark_after_break(st: State, g: Seat, events: Events) -> None:
    """CS-MP-7."""
    for s in turn_order(st):
        if st["players"][s]["mark"] == g and not friendly(st, s, g):
            opts = [o for o in range(st["seats"]) if not friendly(st, s, o) and not st["players"][o]["broken"]]
            if not opts:
                continue
            if st["players"][s]["policy"]["mark"] == "manual":
                st["pending"].append({"seat": s, "kind": "mark"})
            else:
                new = default_mark(st, s)
                st["players"][s]["mark"] = new
                ev(events, "mark", seat=s, target=new)
