"""Attacks, damage, retaliation, groups, defeats, rewards and hero level-ups
(CS-ATK, CS-DMG, CS-RET, CS-GRP, CS-HERO-2..8, CS-RWD, CS-SPR-7/8, CS-WIN-1, CS-MP-4..7)."""
from __future__ import annotations

from typing import Any, Callable

from .. import rng as _rng
from . import designed
from .build import free_spire_reward
from .content import load
from .decks import draw_relic
from .emit import ev
from .prep import remark_after_break
from .reach import range_dist, within
from .scoring import finish
from .state import (friendly, gain_source, has_talent, lm_data, occupancy, pos_of, side_stats, talent_value,
                    turn_of, unit_attack, unit_maxhp, unit_range)
from .types import (UPGRADE_KEYS, Events, Hex, Landmark, Occupancy, Seat, Spire, State, Target, Unit,
                    is_upgrade_key)


def roll_spire_die(st: State) -> int:
    faces = load()["dice"]["spire_die"]["faces"]
    return faces[_rng.randbelow(st["rng"], len(faces))]


# ---------------------------------------------------------------- targets

def target_at(st: State, h: Hex, occ: Occupancy) -> Target | None:
    """What sits at h: ("unit", id) / ("spire", id) / ("gate", seat) / ("lm", id) / None."""
    o = occ.get(h)
    if o:
        return {"u": "unit", "s": "spire", "l": "lm"}[o[0]], o[1]
    c = st["map"]["hexes"].get(h)
    if c and "gate" in c:
        return "gate", c["gate"]
    return None


def target_on(st: State, h: Hex, occ: Occupancy) -> Target:
    """target_at for a hex known to hold a target (a legal attack's, one unit_targets lists)."""
    t = target_at(st, h, occ)
    assert t is not None, f"nothing to attack on {h}"
    return t


def target_owner(st: State, t: Target) -> Seat | None:
    kind, i = t
    if kind == "unit":
        return st["units"][i]["owner"]
    if kind == "spire":
        return st["spires"][i]["owner"]
    if kind == "gate":
        return i
    return None


def valid_target(st: State, seat: Seat, t: Target | None) -> bool:
    """CS-ATK-2 (+CS-AMB-37 broken gates)."""
    if t is None:
        return False
    kind, i = t
    if kind == "lm":
        l = st["landmarks"][i]
        return l["revealed"] and lm_data(l)["hp"] > 0
    if kind == "gate":
        p = st["players"][i]
        return not friendly(st, seat, i) and not p["broken"] and p["gate"] > 0
    return not friendly(st, seat, target_owner(st, t))


def unit_targets(st: State, u: Unit, occ: Occupancy | None = None) -> list[Hex]:
    """Hexes of valid targets in range; Engage (CS-ATK-5) restricts to engage landmarks."""
    occ = occupancy(st) if occ is None else occ
    r = unit_range(u)
    out, engage = [], []
    cand = set(occ) | {f["gate"] for f in st["map"]["forts"].values()}
    for h in cand:
        if h == u["pos"]:
            continue
        t = target_at(st, h, occ)
        if t is None or not valid_target(st, u["owner"], t):
            continue
        if not within(st, pos_of(u), h, r):
            continue
        out.append(h)
        if t[0] == "lm" and "engage" in lm_data(st["landmarks"][t[1]])["talents"]:
            engage.append(h)
    return sorted(engage or out)


# ---------------------------------------------------------------- damage

def damage_unit(st: State, u: Unit, dmg: int) -> bool:
    """Apply dmg to a unit (CS-DMG-1/2, CS-AMB-9). Returns True if the (top) unit is defeated."""
    if dmg <= 0:
        return False
    up = u.setdefault("up", {"a": 0, "f": 0, "r": 0})
    if u["kind"] == "hero" and up.get("f", 0) > 0:
        up["f"] -= 1
        st["supply"]["f"] += 1
        dmg -= 1
    u["hp"] -= dmg
    return u["hp"] <= 0


def attack_damage(st: State, attacker: Unit, t: Target) -> int:
    d = unit_attack(st, attacker)
    if t[0] == "lm" and has_talent(attacker, "hunter"):
        d += 1
    if t[0] in ("spire", "gate") and has_talent(attacker, "siege"):
        d += 1
    if t[0] == "unit" and has_talent(st["units"][t[1]], "armored") and d > 0:
        d = max(1, d - 1)
    return d


def landmark_attack(l: Landmark) -> int:
    return lm_data(l)["atk"]


def do_attack(st: State, uid: str, h: Hex, events: Events) -> None:
    """One unit attack (CS-ATK-9 order)."""
    occ = occupancy(st)
    a = st["units"][uid]
    t = target_on(st, h, occ)
    seat = a["owner"]
    turn_of(st)["attacked"].append(uid)
    dmg = attack_damage(st, a, t)
    ev(events, "attack", unit=uid, type=a["type"], seat=seat, target=h, target_kind=t[0], damage=dmg)
    if t[0] == "gate":
        g = t[1]
        p = st["players"][g]
        p["gate"] = max(0, p["gate"] - dmg)
        ev(events, "gate_damaged", seat=g, damage=dmg, gate=p["gate"])
        designed.gate_damaged(st)
        broken = p["gate"] == 0
        # CS-ATK-8: the gate always retaliates 1 (even the breaking attack), CS-AMB-7
        if damage_unit(st, a, 1):
            ev(events, "retaliation", by="gate", seat=g, unit=uid, damage=1)
            defeat_unit(st, a, g, None, events)
        else:
            ev(events, "retaliation", by="gate", seat=g, unit=uid, damage=1)
        if broken:
            if a["kind"] == "hero" and a["id"] in st["units"]:
                level_up(st, a["id"], events)
            gate_broken(st, g, seat, events)
        return
    if t[0] == "spire":
        s = st["spires"][t[1]]
        damage_spire(st, s, dmg, seat, uid, events)
        return
    if t[0] == "lm":
        l = st["landmarks"][t[1]]
        l["hp"] -= dmg
        ev(events, "damage", target=h, target_kind="lm", damage=dmg, hp=max(0, l["hp"]))
        if l["hp"] <= 0:
            defeat_landmark(st, l, seat, uid, events)
            return
        _landmark_retaliates(st, l, a, events)
        return
    tu = st["units"][t[1]]
    dead = damage_unit(st, tu, dmg)
    ev(events, "damage", target=h, target_kind="unit", unit=tu["id"], damage=dmg, hp=max(0, tu["hp"]))
    if dead:
        defeat_unit(st, tu, seat, uid, events)
        return
    # CS-RET-1..3: first attack this turn from within its own range
    if tu["id"] not in turn_of(st)["retaliated"] and within(st, pos_of(tu), pos_of(a), unit_range(tu)):
        rd = unit_attack(st, tu)
        if rd > 0:
            turn_of(st)["retaliated"].append(tu["id"])
            rd = _tough(a, rd)
            ev(events, "retaliation", by=tu["id"], unit=uid, damage=rd)
            if damage_unit(st, a, rd):
                defeat_unit(st, a, tu["owner"], tu["id"], events)


def _tough(u: Unit, d: int) -> int:
    return min(d, 2) if has_talent(u, "tough") else d


def _landmark_retaliates(st: State, l: Landmark, a: Unit, events: Events) -> None:
    data = lm_data(l)
    if l["id"] in turn_of(st)["retaliated"]:
        return
    r = talent_value_lm(data, "range") or 1
    if not within(st, l["pos"], pos_of(a), r):
        return
    if "endless_retaliation" in data["talents"]:
        total, rolls = 0, []
        while True:  # CS-RET-10
            x = roll_spire_die(st)
            rolls.append(x)
            total += x
            if x in (0, 2):
                break
        ev(events, "roll", by=l["id"], dice=rolls)
        rd = total
    else:
        rd = data["atk"]
    if rd <= 0:
        return
    turn_of(st)["retaliated"].append(l["id"])
    rd = _tough(a, rd)
    ev(events, "retaliation", by=l["id"], unit=a["id"], damage=rd)
    if damage_unit(st, a, rd):
        defeat_unit(st, a, None, None, events)


def talent_value_lm(data: dict[str, Any], name: str) -> int:
    for t in data["talents"]:
        if t.split(":")[0] == name and ":" in t:
            return int(t.split(":")[1])
    return 0


def damage_spire(st: State, s: Spire, dmg: int, seat: Seat | None, uid: str | None, events: Events) -> None:
    """CS-SPR-7/8: at most one chip per attack; fortification bottom needs 2+."""
    if dmg <= 0 or not s["chips"]:
        return
    bottom = s["chips"][-1]
    if bottom == "f" and dmg < 2:
        ev(events, "spire_held", spire=s["id"], pos=s["pos"])
        return
    s["chips"].pop()
    st["supply"][bottom] += 1
    ev(events, "spire_chip_lost", spire=s["id"], pos=s["pos"], chip=bottom, left=len(s["chips"]))
    if not s["chips"]:
        destroy_spire(st, s, seat, uid, events)


def destroy_spire(st: State, s: Spire, seat: Seat | None, uid: str | None, events: Events) -> None:
    c = load()
    del st["spires"][s["id"]]
    owner = st["players"][s["owner"]]
    data = c["spires"][s["type"]]
    if data["merc"]:
        st["market"]["discard"].append(s["type"])
    else:
        owner["spire_bar"][s["type"]] = owner["spire_bar"].get(s["type"], 0) + 1
    reward = data[s.get("side", "basic")]["reward"]
    ev(events, "spire_destroyed", spire=s["id"], type=s["type"], seat=s["owner"], by=seat, pos=s["pos"])
    if seat is not None:
        got = gain_source(st, seat, reward)
        ev(events, "reward", seat=seat, source=got)
    if uid and uid in st["units"] and st["units"][uid]["kind"] == "hero":
        level_up(st, uid, events)


def defeat_unit(st: State, u: Unit, collector: Seat | None, killer_uid: str | None, events: Events) -> None:
    """CS-GRP-2/3, CS-HERO-8, CS-RWD-1..4.  ``collector`` gains the reward; a killing hero
    levels up (CS-HERO-2)."""
    c = load()
    data = c["units"][u["type"]]
    reward = data[u.get("side", "basic")]["reward"]
    owner = st["players"][u["owner"]]
    ev(events, "defeated", unit=u["id"], type=u["type"], seat=u["owner"], by=collector, pos=u["pos"])
    # chip goes home
    if u["kind"] == "hero":
        owner["removed_heroes"].append(u["type"])
        for e in u.get("eq", []):
            st["market"]["discard"].append(e)
    elif data.get("faction"):
        owner["barracks"][u["type"]] = owner["barracks"].get(u["type"], 0) + 1
    else:
        st["market"]["discard"].append(u["type"])
    for k in UPGRADE_KEYS:
        st["supply"][k] += u["up"][k]
    members = u.get("members") or []
    if members:
        nxt = members.pop(0)
        u["type"] = nxt
        u["side"] = "basic"
        u["hp"] = unit_maxhp(u)
        ev(events, "group_next", unit=u["id"], type=nxt, hp=u["hp"])
    else:
        _remove_unit(st, u)
    if collector is not None:
        got = gain_source(st, collector, reward)
        ev(events, "reward", seat=collector, source=got)
    if killer_uid and killer_uid in st["units"] and st["units"][killer_uid]["kind"] == "hero":
        level_up(st, killer_uid, events)


def _remove_unit(st: State, u: Unit) -> None:
    del st["units"][u["id"]]
    for stack in st["stacks"]:
        if u["id"] in stack:
            stack.remove(u["id"])


def defeat_landmark(st: State, l: Landmark, seat: Seat | None, uid: str | None, events: Events) -> None:
    data = lm_data(l)
    del st["landmarks"][l["id"]]
    st["landmark_discard"].append(l["type"])
    ev(events, "landmark_defeated", landmark=l["id"], type=l["type"], by=seat, pos=l["pos"])
    if seat is not None:
        rw = data["reward"]
        if rw.get("source"):
            got = gain_source(st, seat, rw["source"])
            ev(events, "reward", seat=seat, source=got)
        for _ in range(rw.get("relic", 0)):
            draw_relic(st, seat, events)
        if rw.get("free_spire"):
            free_spire_reward(st, seat, l["pos"], events)
    if uid and uid in st["units"] and st["units"][uid]["kind"] == "hero":
        level_up(st, uid, events)  # CS-AMB-12


def level_up(st: State, uid: str, events: Events, choice: str | None = None) -> None:
    """CS-HERO-2..5 with the owner's standing policy (CS-AMB-11)."""
    u = st["units"][uid]
    p = st["players"][u["owner"]]
    if choice is None and p["policy"]["levelup"] == "manual":
        opts = levelup_options(st, u)
        if opts != ["none"]:
            st["pending"].append({"seat": u["owner"], "kind": "levelup", "unit": uid})
            ev(events, "levelup_pending", unit=uid, seat=u["owner"])
            return
    if choice is None:
        opts = levelup_options(st, u)
        choice = "flip" if "flip" in opts else ("a" if "a" in opts else "none")
    apply_levelup(st, u, choice, events)


def levelup_options(st: State, u: Unit) -> list[str]:
    cap = side_stats(u)["cap"]
    n = sum(u["up"][k] for k in UPGRADE_KEYS)
    if n < cap:
        opts = [k for k in ("a", "f") if st["supply"][k] > 0]
        if talent_value(u, "range") and st["supply"]["r"] > 0:
            opts.append("r")
        return opts + ["none"]
    if u.get("side", "basic") == "basic":
        return ["flip", "none"]
    return ["none"]


def apply_levelup(st: State, u: Unit, choice: str, events: Events) -> None:
    if choice == "none":
        return
    if choice == "flip":
        old = unit_maxhp(u)
        for k in UPGRADE_KEYS:
            st["supply"][k] += u["up"][k]
        u["up"] = {"a": 0, "f": 0, "r": 0}
        u["side"] = "promoted"
        new = unit_maxhp(u)
        if new > old:
            u["hp"] += new - old
        else:
            u["hp"] = max(1, min(u["hp"], new))  # CS-AMB-10
        ev(events, "promoted", unit=u["id"], type=u["type"], hp=u["hp"])
        return
    assert is_upgrade_key(choice), f"not a level-up choice: {choice!r}"
    u.setdefault("up", {"a": 0, "f": 0, "r": 0})
    u["up"][choice] = u["up"].get(choice, 0) + 1
    st["supply"][choice] -= 1
    ev(events, "level_up", unit=u["id"], type=u["type"], chip=choice)


def gate_broken(st: State, g: Seat, by: Seat, events: Events) -> None:
    """CS-WIN-1, CS-MP-4..7, CS-TEAM-5, CS-AMB-47; CS-DM-6/8/12 in a designed game."""
    p = st["players"][g]
    p["broken"] = True
    ev(events, "gate_broken", seat=g, by=by)
    n = st["seats"]
    if "designed" in st:
        if designed.gate_broken(st, g, by, events):
            return
    elif n == 2 or st["teams"]:
        finish(st, "gate_broken", winners=[s for s in range(n) if friendly(st, s, by)])
        return
    got = gain_source(st, by, p["source"])  # looting, CS-MP-6 / CS-AMB-39
    p["source"] = 0
    ev(events, "looted", seat=by, victim=g, source=got)
    standing = [s for s in range(n) if not st["players"][s]["broken"]]
    if len(standing) == 1 and "designed" not in st:  # endless goes on (CS-DM-12)
        finish(st, "last_gate", winners=standing)
        return
    # CS-MP-7: every player whose mark it was declares a new mark, in turn order
    remark_after_break(st, g, events)


# ---------------------------------------------------------------- spires fire

def spire_stats(st: State, s: Spire) -> tuple[int, int, list[str]]:
    data = load()["spires"][s["type"]][s.get("side", "basic")]
    rng_ = 1 + s["chips"].count("r") + st["wave_flags"].get("spire_range", 0)
    return s["chips"].count("a"), rng_, data["talents"]


def spire_targets(st: State, s: Spire, active: Seat, occ: Occupancy | None = None) -> list[str]:
    """CS-FIRE-1/5: the active player's units in range (never landmarks or teammates)."""
    atk, rng_, tal = spire_stats(st, s)
    if atk == 0:  # CS-AMB-32
        return []
    out = []
    for u in st["units"].values():
        if u["owner"] != active or u["pos"] is None:
            continue
        d = range_dist(st, s["pos"], u["pos"], rng_)
        if d is None or ("lob" in tal and d <= 1):
            continue
        out.append(u["id"])
    return sorted(out, key=_idkey)


def _idkey(i: str) -> tuple[int, str]:
    return (len(i), i)


def choose_spire_target(st: State, s: Spire, targets: list[str]) -> str:
    pol = st["players"][s["owner"]]["policy"]["spire"]
    us = st["units"]
    gate = st["map"]["forts"][str(s["owner"])]["gate"]

    def gdist(uid: str) -> int:
        d = range_dist(st, pos_of(us[uid]), gate, 40)
        return d if d is not None else 99
    key: Callable[[str], tuple[object, ...]]
    if pol == "nearest_gate":
        key = lambda i: (gdist(i), us[i]["hp"], _idkey(i))
    elif pol == "heroes_first":
        key = lambda i: (us[i]["kind"] != "hero", us[i]["hp"], gdist(i), _idkey(i))
    else:
        key = lambda i: (us[i]["hp"], gdist(i), _idkey(i))
    return min(targets, key=key)


def fire_spire(st: State, sid: str, target: str, events: Events) -> None:
    """CS-FIRE-4/6/7."""
    s = st["spires"][sid]
    atk, _, tal = spire_stats(st, s)
    rolls = [roll_spire_die(st) for _ in range(atk)]
    dmg = sum(rolls)
    if "venom" in tal and dmg > 0:
        dmg += 1
    u = st["units"][target]
    ev(events, "spire_fire", spire=sid, pos=s["pos"], seat=s["owner"], unit=target, dice=rolls, damage=dmg)
    if damage_unit(st, u, dmg):
        defeat_unit(st, u, s["owner"], None, events)
    else:
        ev(events, "damage", target=u["pos"], target_kind="unit", unit=target, damage=dmg, hp=u["hp"])
