"""Map analysis for the strong bot: where enemy minions will walk (the threat map), what
our spires would cover, where enemy spires fire, and what an attack is worth."""
from __future__ import annotations

from .. import combat
from ..content import load
from ..hexgeo import hdist
from ..movement import INF, mark_distances
from ..reach import ball
from ..state import friendly, gate_hex, has_talent, occupancy, pos_of, turn_of, unit_attack, unit_range
from ..types import Hex, Occupancy, Seat, State, Target, Unit

Threat = dict[Hex, float]
"""hex -> how much enemy minion traffic it sees on the way to our gate."""


def protected_well(st: State) -> Hex | None:
    """A designed game's well to protect while its objective is open (CS-DM-7; public)."""
    d = st.get("designed")
    if d is None or d["objective"]["kind"] != "protect_well" or d["objective"]["status"] != "open":
        return None
    return d["objective"].get("well")


def cloud_side(st: State, seat: Seat) -> bool:
    d = st.get("designed")
    return d is not None and seat in d["cloud"]


def enemies(st: State, seat: Seat) -> list[Seat]:
    return [o for o in range(st["seats"]) if not friendly(st, seat, o) and st["players"][o] is not None]


def threat_map(st: State, seat: Seat, occ: Occupancy | None = None) -> Threat:
    """hex -> weight: hexes enemy minions cross on (near-)shortest routes to our gate, heavier
    near the gate.  Computed for path-only and plains walkers (most minions)."""
    occ = occupancy(st) if occ is None else occ
    out: Threat = {}
    own = gate_hex(st, seat)
    for allow in (0, 1):
        to_us = mark_distances(st, seat, allow, occ)
        for o in enemies(st, seat):
            if st["players"][o]["broken"] and st["seats"] > 2:
                continue
            frm = mark_distances(st, o, allow, occ)
            total = to_us.get(gate_hex(st, o), INF)
            for h, d in to_us.items():
                if h == own or d > 10:
                    continue
                e = frm.get(h, INF)
                on_route = total < INF and e + d <= total + 2
                w = (11 - d) * (1.0 if on_route else 0.35)
                if w > out.get(h, 0):
                    out[h] = w
    return out


def coverage(st: State, threat: Threat, h: Hex, r: int) -> float:
    return sum(threat.get(x, 0) for x in ball(st, h, r))


def enemy_spire_fire(st: State, seat: Seat) -> dict[Hex, float]:
    """hex -> expected spire damage if one of our units ends its move there."""
    out: dict[Hex, float] = {}
    for s in st["spires"].values():
        if friendly(st, seat, s["owner"]):
            continue
        atk, rng_, tal = combat.spire_stats(st, s)
        if atk == 0:
            continue
        dmg = atk * 1.0 + (1 if "venom" in tal else 0)
        for h, d in ball(st, s["pos"], rng_).items():
            if "lob" in tal and d <= 1:
                continue
            out[h] = out.get(h, 0) + dmg
    return out


def attack_options(st: State, u: Unit, pos: Hex, occ: Occupancy) -> list[tuple[Hex, Target]]:
    """(value, target hex) attacks a unit standing at pos could make next."""
    r = unit_range(u)
    out = []
    seat = u["owner"]
    for h, d in ball(st, pos, r).items():
        if h == pos or d == 0:
            continue
        t = combat.target_at(st, h, occ)
        if t is None or (t[0] == "unit" and t[1] == u["id"]):
            continue
        if not combat.valid_target(st, seat, t):
            continue
        out.append((h, t))
    return out


def attack_value(st: State, u: Unit, h: Hex, t: Target, occ: Occupancy, pos: Hex | None = None) -> float:
    """Heuristic value of u attacking target t at h from pos (negative = bad)."""
    pos = pos_of(u) if pos is None else pos
    c = load()
    dmg = combat.attack_damage(st, u, t)
    if dmg <= 0:
        return -1
    hero = u["kind"] == "hero"
    ret = 0
    if t[0] == "gate":
        hp = st["players"][t[1]]["gate"]
        ret = 1
        v = 6.0 * min(dmg, hp) + (100 if dmg >= hp else 0)
    elif t[0] == "spire":
        s = st["spires"][t[1]]
        bottom = s["chips"][-1] if s["chips"] else "a"
        if bottom == "f" and dmg < 2:
            return -1 if hero else 0.1
        kill = len(s["chips"]) == 1
        v = 2.5 + (c["spires"][s["type"]][s.get("side", "basic")]["reward"] + 3 if kill else 0)
    elif t[0] == "lm":
        l = st["landmarks"][t[1]]
        ld = c["landmarks"][l["type"]]
        kill = dmg >= l["hp"]
        rw = ld["reward"]
        v = 0.3 + (rw.get("source", 0) + 3 * rw.get("relic", 0) + 4 * rw.get("free_spire", 0) + 2 if kill else 0.4 * dmg)
        if not kill and l["id"] not in turn_of(st)["retaliated"]:
            lr = combat.talent_value_lm(ld, "range") or 1
            if hdist(l["pos"], pos) <= lr:
                ret = 3 if "endless_retaliation" in ld["talents"] else ld["atk"]
    else:
        tu = st["units"][t[1]]
        kill = dmg >= tu["hp"]
        rw = c["units"][tu["type"]][tu.get("side", "basic")]["reward"]
        v = (rw + 3 + (3 if tu["kind"] == "hero" else 0) if kill else 0.8 * dmg)
        if tu["pos"] and hdist(tu["pos"], gate_hex(st, u["owner"])) <= 3:
            v += 1.5  # defending our gate
        if tu["pos"] is not None and tu["pos"] == protected_well(st):
            v += 6  # CS-DM-7: drive the Cloud off the well
        if not kill and tu["id"] not in turn_of(st)["retaliated"] and hdist(pos_of(tu), pos) <= unit_range(tu):
            ret = unit_attack(st, tu)
    if ret:
        if has_talent(u, "tough"):
            ret = min(ret, 2)
        shield = u.get("up", {}).get("f", 0) if hero else 0
        taken = max(0, ret - (1 if shield else 0))
        if taken >= u["hp"]:
            rw = c["units"][u["type"]][u.get("side", "basic")]["reward"]
            v -= (12 if hero else 2 + rw)
        else:
            v -= taken * (1.2 if hero else 0.4)
    return v
