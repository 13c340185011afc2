"""Wave flow: Event, Income, Market, Build, Prep, Onslaught, end of wave (CS-WAVE, CS-INC,
CS-ONS, CS-REST, CS-MOV-1, CS-FIRE, CS-END, CS-MP-9; the designed modes' steps, CS-DM)."""
from __future__ import annotations

from typing import Literal

from .. import rng as _rng
from . import cards, designed, market, prep
from .combat import (choose_spire_target, damage_unit, defeat_landmark, defeat_unit, fire_spire,
                     spire_targets)
from .content import load
from .emit import ev
from .explore import inactive
from .hexgeo import neighbours
from .movement import (INF, apply_minion_path, hero_destinations, mark_distances, minion_options,  # noqa: F401
                       start_distance)  # INF and minion_options: importable from here as before
from .reach import within
from .scoring import finish
from .state import (adv_sum, build_of, event_value, faction_data, friendly, gain_source, has_minions_anywhere,
                    has_talent, income_for_wave, lm_data, mark_of, occupancy, team_of, turn_of, turn_order,
                    unit_allow, unit_maxhp)
from .types import Events, Hex, Landmark, Occupancy, Seat, State, Unit


def last_wave(st: State) -> int:
    if "designed" in st:
        return designed.last_wave(st)  # CS-DM-5, CS-DM-13
    if st["options"].get("faster_short", "off") == "on":
        return 3  # CS-ADJ-2(d)
    return int(st["options"].get("waves", 4))


# ---------------------------------------------------------------- wave start

def start_wave(st: State, events: Events) -> None:
    ev(events, "wave_started", wave=st["wave"], start=st["start"])
    designed.start_wave(st, events)
    cards.event_phase(st, events)
    if st["phase"] == "over":
        return
    income(st, events)
    start_market(st, events)


def income(st: State, events: Events) -> None:
    """CS-INC-1/2."""
    base = income_for_wave(st["wave"]) + event_value(st, "income_bonus")
    for s in turn_order(st):
        got = gain_source(st, s, base + adv_sum(st, s, "income") + designed.income_bonus(st, s))
        ev(events, "income", seat=s, source=got, total=st["players"][s]["source"])
    if st["seats"] > 2 and not st["teams"]:
        for s in turn_order(st):
            if st["players"][s]["broken"]:
                repair_gate(st, s, events)


def repair_gate(st: State, s: Seat, events: Events) -> None:
    """CS-MP-9 / CS-AMB-38: sacrifice highest-level advancements, then 2 Source per health."""
    p = st["players"][s]
    f = faction_data(st, s)
    while p["gate"] < 3 and any(v > 0 for v in p["adv"].values()):
        top = max(p["adv"].values())
        cands = [a for a in f["advancements"] if p["adv"][a["id"]] == top]
        a = min(cands, key=lambda a: (a["levels"][top - 1]["cost"], a["id"]))
        eff = a["levels"][top - 1]["effect"]
        if eff.startswith("cap:"):
            p["cap"] -= int(eff.split(":")[1])
            p["source"] = min(p["source"], p["cap"])
        p["adv"][a["id"]] = top - 1
        p["gate"] += 1
        ev(events, "sacrificed", seat=s, structure=a["id"], level=top)
    while p["gate"] < 3 and p["source"] >= 2:
        p["source"] -= 2
        p["gate"] += 1
    if p["gate"] > 0:
        p["broken"] = False
    ev(events, "gate_repaired", seat=s, gate=p["gate"])


def start_market(st: State, events: Events) -> None:
    if not cards.market_on(st):
        return start_build(st, events)
    st["phase"] = "market"
    if st["wave"] > 1:
        market.refresh(st)
    st["market"]["es_bought"] = False
    st["market"]["turn"] = 0


def market_seat(st: State) -> Seat:
    return turn_order(st)[st["market"]["turn"]]


def after_market_turn(st: State, events: Events) -> None:
    st["market"]["turn"] += 1
    if st["market"]["turn"] >= st["seats"]:
        start_build(st, events)


def start_build(st: State, events: Events) -> None:
    st["phase"] = "build"
    st["build"] = {"ended": [], "idx": 0, "follow": None}


def build_simultaneous(st: State) -> bool:
    return st["options"].get("faster_build", "off") == "on"


def build_seats(st: State) -> list[Seat]:
    b = build_of(st)
    if b["follow"]:
        return [b["follow"]["seat"]]
    order = turn_order(st)
    todo = [s for s in order if s not in b["ended"]]
    if build_simultaneous(st):
        return todo
    if not todo:
        return []
    for i in range(st["seats"]):
        s = order[(b["idx"] + i) % st["seats"]]
        if s not in b["ended"]:
            return [s]
    return []


def after_build_turn(st: State, seat: Seat, events: Events) -> None:
    b = build_of(st)
    order = turn_order(st)
    b["idx"] = (order.index(seat) + 1) % st["seats"]
    if len(b["ended"]) == st["seats"]:
        prep.start_prep(st, events)


# ---------------------------------------------------------------- onslaught

def start_onslaught(st: State, events: Events) -> None:
    st["phase"] = "onslaught"
    st["round"] = 1
    ev(events, "onslaught_started", wave=st["wave"])
    if not has_minions_anywhere(st):
        return end_wave(st, events)
    begin_turn(st, st["start"], events)


def begin_turn(st: State, seat: Seat, events: Events) -> None:
    st["turn"] = {"seat": seat, "step": "start", "moved": [], "attacked": [], "explored": [],
                  "retaliated": [], "peek": None, "stack_done": False, "fire": [], "fired": False}
    ev(events, "turn", seat=seat, round=st["round"])
    # CS-REST-1/3, CS-AMB-4: rest mode once units have been on the map
    if st["units_seen"] and not st["rest"]:
        sides = {team_of(st, u["owner"]) for u in st["units"].values()}
        if len(sides) == 1:
            side = sides.pop()
            st["rest"] = [s for s in range(st["seats"]) if team_of(st, s) == side]
            ev(events, "rest_mode", seats=st["rest"])
    for u in st["units"].values():  # regenerate talent
        if u["owner"] == seat and u["pos"] is not None and has_talent(u, "regenerate"):
            u["hp"] = min(unit_maxhp(u), u["hp"] + 1)


def _signature(st: State) -> str:
    u = sorted((k, v["pos"], v["hp"], len(v.get("members") or []), v["type"]) for k, v in st["units"].items())
    s = sorted((k, "".join(v["chips"])) for k, v in st["spires"].items())
    l = sorted((k, v["hp"], v["revealed"]) for k, v in st["landmarks"].items())
    g = [p["gate"] for p in st["players"]]
    return repr((u, s, l, g, [len(x) for x in st["stacks"]]))


def end_turn(st: State, events: Events) -> None:
    order = turn_order(st)
    i = order.index(turn_of(st)["seat"])
    if designed.well_taken(st, events, round_end=i == len(order) - 1):  # CS-DM-7
        return
    if i == len(order) - 1:
        st["round"] += 1
        # Stalemate breaker (engine rule, not in the rulebook): if two whole rounds pass
        # with nothing changing on the board, the Onslaught ends.
        sig = _signature(st)
        stall = st.setdefault("stall", {"sig": None, "n": 0})
        if sig == stall["sig"]:
            stall["n"] += 1
        else:
            stall["sig"], stall["n"] = sig, 0
        if stall["n"] >= 2:
            ev(events, "stalemate", wave=st["wave"])
            return end_wave(st, events)
    begin_turn(st, order[(i + 1) % len(order)], events)


def stack_top(st: State, seat: Seat) -> Unit | None:
    s = st["stacks"][seat]
    return st["units"][s[0]] if s else None


def forced_deploy(st: State, seat: Seat, step: str) -> Unit | None:
    """CS-MOV-1(a)/(c): the hero on top of the stack that must deploy now, if any."""
    top = stack_top(st, seat)
    if top is None or top["kind"] != "hero" or inactive(st, top) or top["id"] in turn_of(st)["moved"]:
        return None
    if step == "a" and not any(st["units"][i]["kind"] == "minion" for i in st["stacks"][seat]):
        return None
    if not hero_destinations(st, top):
        return None
    return top


def lead_candidates(st: State, seat: Seat, occ: Occupancy | None = None) -> list[Unit]:
    """CS-MOV-1(b), CS-AMB-20: the unmoved minions closest to the mark (deployed ones plus the
    stack top if it is a minion)."""
    occ = occupancy(st) if occ is None else occ
    turn = turn_of(st)
    cands = [u for u in st["units"].values()
             if u["owner"] == seat and u["kind"] == "minion" and u["pos"] is not None and u["id"] not in turn["moved"]]
    top = stack_top(st, seat)
    if top is not None and top["kind"] == "minion" and not turn["stack_done"] and top["id"] not in turn["moved"]:
        cands.append(top)
    if not cands:
        return []
    mark = mark_of(st, seat)
    cache: dict[str, dict[Hex, int]] = {}
    best: int | None = None
    out: list[Unit] = []
    for u in cands:
        allow = load()["units"][u["type"]][u.get("side", "basic")]["terrain"]
        if allow not in cache:
            cache[allow] = mark_distances(st, mark, unit_allow(u), occ)
        start = u["pos"] if u["pos"] is not None else st["map"]["forts"][str(seat)]["gate"]
        d = start_distance(st, cache[allow], u, start)
        if best is None or d < best:
            best, out = d, [u]
        elif d == best:
            out.append(u)
    return sorted(out, key=lambda u: (len(u["id"]), u["id"]))


def move_minion(st: State, u: Unit, dest: Hex, path: list[Hex], events: Events) -> None:
    seat = u["owner"]
    from_stack = u["pos"] is None
    turn_of(st)["moved"].append(u["id"])
    if not path:
        if from_stack:
            turn_of(st)["stack_done"] = True  # CS-AMB-20
        ev(events, "minion_stays", unit=u["id"], type=u["type"], seat=seat)
        return
    frm = u["pos"]
    swaps = apply_minion_path(st, u, path)
    if from_stack:
        st["stacks"][seat].remove(u["id"])
        st["units_seen"] = True
    ev(events, "minion_moved", unit=u["id"], type=u["type"], seat=seat, frm=frm, to=dest, path=path, swaps=swaps)
    after_move(st, u, events)


def after_move(st: State, u: Unit, events: Events) -> None:
    """Post-movement talents: Toxic Fumes (landmarks), Impale (CS-EX-11)."""
    pos = u["pos"]
    nb = set(neighbours(pos))
    for l in list(st["landmarks"].values()):
        if l["revealed"] and l["pos"] in nb and "toxic_fumes" in lm_data(l)["talents"]:
            ev(events, "toxic_fumes", landmark=l["id"], unit=u["id"], damage=1)
            if damage_unit(st, u, 1):
                defeat_unit(st, u, None, None, events)
                return
    if has_talent(u, "impale"):
        occ = occupancy(st)
        targets: list[tuple[Literal["u"], Unit] | tuple[Literal["l"], Landmark]] = []
        for n in nb:
            o = occ.get(n)
            if not o:
                continue
            if o[0] == "u" and not friendly(st, st["units"][o[1]]["owner"], u["owner"]):
                targets.append(("u", st["units"][o[1]]))
            elif o[0] == "l":
                l = st["landmarks"][o[1]]
                if l["revealed"] and lm_data(l)["kind"] == "minion":
                    targets.append(("l", l))
        if targets:
            best = min(targets, key=lambda x: (x[1]["hp"], x[1]["id"]))
            ev(events, "impale", unit=u["id"], target=best[1]["pos"], damage=1)
            killer = u["id"] if u["kind"] == "hero" else None
            if best[0] == "u":
                tu = best[1]
                if damage_unit(st, tu, 1):
                    defeat_unit(st, tu, u["owner"], killer, events)
            else:
                lm = best[1]
                lm["hp"] -= 1
                if lm["hp"] <= 0:
                    defeat_landmark(st, lm, u["owner"], killer, events)


def move_hero(st: State, u: Unit, dest: Hex, events: Events) -> None:
    seat = u["owner"]
    frm = u["pos"]
    if frm is None:
        st["stacks"][seat].remove(u["id"])
        st["units_seen"] = True
    u["pos"] = dest
    turn_of(st)["moved"].append(u["id"])
    ev(events, "hero_moved", unit=u["id"], type=u["type"], seat=seat, frm=frm, to=dest)
    after_move(st, u, events)


def start_fire(st: State, events: Events) -> None:
    """CS-FIRE-1/2: opponents in turn order after the active player, each spire once."""
    seat = turn_of(st)["seat"]
    order = turn_order(st)
    i = order.index(seat)
    q = []
    if "jam_spires" not in st["players"][seat]["relic_effects"]:
        for k in range(1, st["seats"]):
            o = order[(i + k) % st["seats"]]
            if friendly(st, o, seat):
                continue
            q += sorted((sid for sid, s in st["spires"].items() if s["owner"] == o), key=lambda x: (len(x), x))
    turn_of(st)["fire"] = q
    turn_of(st)["step"] = "fire"


def run_fire(st: State, events: Events) -> None:
    """Fire queued spires; stops at a manual decision (pending)."""
    seat = turn_of(st)["seat"]
    while turn_of(st)["fire"]:
        sid = turn_of(st)["fire"][0]
        s = st["spires"].get(sid)
        if s is None:
            turn_of(st)["fire"].pop(0)
            continue
        targets = spire_targets(st, s, seat)
        if not targets:
            turn_of(st)["fire"].pop(0)
            continue
        if st["players"][s["owner"]]["policy"]["spire"] == "manual" and len(targets) > 1:
            if not any(p["kind"] == "fire" for p in st["pending"]):
                st["pending"].append({"seat": s["owner"], "kind": "fire", "spire": sid})
            return
        turn_of(st)["fire"].pop(0)
        fire_spire(st, sid, choose_spire_target(st, s, targets), events)
        if not has_minions_anywhere(st):
            return
    turn_of(st)["step"] = "explore"


def end_wave(st: State, events: Events) -> None:
    """CS-END-3/4/5."""
    c = load()
    st["stall"] = {"sig": None, "n": 0}
    for uid in [k for k, u in st["units"].items() if u["kind"] == "minion"]:
        u = st["units"].pop(uid)  # only after a stalemate: minions go home
        p = st["players"][u["owner"]]
        for t in [u["type"]] + list(u.get("members") or []):
            if c["units"][t].get("faction"):
                p["barracks"][t] = p["barracks"].get(t, 0) + 1
            else:
                st["market"]["discard"].append(t)
        for stack in st["stacks"]:
            if uid in stack:
                stack.remove(uid)
    for s in range(st["seats"]):
        p = st["players"][s]
        for uid in list(st["stacks"][s]):
            u = st["units"].pop(uid)
            p["beside"].append(u["type"])  # CS-AMB-3
            for e in u.get("eq", []):
                p["beside"].append(e)
        st["stacks"][s] = []
        p["lb"] = 0
        p["die_used"] = False
    cards.end_of_wave_cards(st)
    st["rest"] = []
    st["turn"] = None
    st["prep"] = None
    st["build"] = None
    ev(events, "wave_ended", wave=st["wave"], source=[p["source"] for p in st["players"]],
       gates=[p["gate"] for p in st["players"]], relics=[len(p["relics"]) for p in st["players"]])
    if "designed" in st:
        if designed.end_of_wave(st, events):  # CS-DM-5..8, CS-DM-13
            return
    elif st["wave"] >= last_wave(st):
        finish(st, "fortress_power")
        result = st["result"]
        assert result is not None, "finish() records the result"
        ev(events, "game_over", winners=result["winners"])
        return
    if "designed" not in st:  # CS-DM-4: the people always start
        st["start"] = (st["start"] + 1) % st["seats"]  # CS-END-4.3
    st["wave"] += 1
    st["units_seen"] = False
    start_wave(st, events)


def faction_die(st: State, seat: Seat, events: Events) -> None:
    """Faction rule: once per wave at the start of your turn, roll your faction die."""
    f = faction_data(st, seat)
    faces = f["dice"]["faces"]
    x = faces[_rng.randbelow(st["rng"], len(faces))]
    p = st["players"][seat]
    p["die_used"] = True
    eff = f["rule"]["effect"]
    ev(events, "faction_die", seat=seat, die=f["dice"]["id"], result=x)
    if x <= 0:
        return
    if eff == "gain_source":
        gain_source(st, seat, x)
    elif eff in ("heal_unit", "heal_hero"):
        us = [u for u in st["units"].values() if u["owner"] == seat and u["pos"] is not None
              and (eff == "heal_unit" or u["kind"] == "hero") and u["hp"] < unit_maxhp(u)]
        if us:
            u = min(us, key=lambda u: (u["hp"] - unit_maxhp(u), u["id"]))
            u["hp"] = min(unit_maxhp(u), u["hp"] + x)
    elif eff == "zap_near_spire":
        mine = [s["pos"] for s in st["spires"].values() if s["owner"] == seat]
        us = [u for u in st["units"].values() if u["pos"] is not None and not friendly(st, seat, u["owner"])
              and any(within(st, p_, u["pos"], 2) for p_ in mine)]
        if us:
            u = min(us, key=lambda u: (u["hp"], u["id"]))
            if damage_unit(st, u, x):
                defeat_unit(st, u, seat, None, events)
