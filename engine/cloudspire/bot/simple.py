"""The default bot (``bot_action``, what a bot seat plays when asked for the simpler
opponent): cheap rules of thumb on top of the timeout defaults."""
from __future__ import annotations

from .. import build, combat, market, phases
from ..content import load
from ..explore import explorable, inactive
from ..hexgeo import hdist
from ..legal import attack_state
from ..movement import INF, hero_destinations, minion_options
from ..state import build_of, friendly, gate_hex, occupancy, spire_cap, spire_count, turn_of, unit_range
from ..types import Action, Hex, Seat, State
from .defaults import deploy_default, hex_key, pending_default, relic_die_or_next, target_hp, timeout_action


def bot_action(st: State, seat: Seat) -> Action | None:
    """The move for ``seat`` (None, as from timeout_action, when it has nothing to do)."""
    if st["pending"]:
        return pending_default(st, st["pending"][0])
    ph = st["phase"]
    if ph in ("faction", "setup"):
        return timeout_action(st, seat)
    if ph == "market":
        return _bot_market(st, seat)
    if ph == "build":
        return _bot_build(st, seat)
    if ph == "prep":
        return timeout_action(st, seat)
    t = turn_of(st)
    step = t["step"]
    if step == "start":
        return _bot_start(st, seat)
    if step == "a":
        f = phases.forced_deploy(st, seat, "a")
        if f is not None:
            return {"type": "mv", "unit": f["id"], "to": deploy_default(st, seat, f)}
        return {"type": "next"}
    if step == "m":
        return _bot_minion(st, seat)
    if step == "c":
        return _bot_heroes(st, seat)
    if step == "explore":
        if t["peek"]:
            l = st["landmarks"][t["peek"]]
            return {"type": "reveal"} if load()["landmarks"][l["type"]]["hp"] > 0 else {"type": "hide"}
        ex = explorable(st, seat)
        return {"type": "explore", "at": ex[0]} if ex else {"type": "next"}
    if step == "attack":
        return _bot_attack(st, seat)
    return timeout_action(st, seat)


def _bot_market(st: State, seat: Seat) -> Action:
    c = load()
    p = st["players"][seat]
    opts = market.options(st, seat)
    best = None
    for x in opts:
        if x in ("pass", "es"):
            continue
        d = c["market"][x]
        cost = market.chip_cost(st, seat, x)
        if d["type"] == "merc_spire" and spire_count(st, seat) + p["beside"].count(x) < spire_cap(st) - 1:
            score = 3
        elif d["type"] in ("mercenary", "merc_hero"):
            score = 2
        else:
            score = 1
        if p["source"] - cost < 3 and st["wave"] > 1:
            score -= 2
        if score > 0 and (best is None or (score, -cost) > best[0]):
            best = ((score, -cost), x)
    if best:
        return {"type": "buy", "chip": best[1]}
    return {"type": "pass"}


def _best_well(st: State, seat: Seat, wells: list[Hex]) -> Hex | None:
    """Wells near the routes between the gates: minimise distance to own gate + to the mark."""
    own = gate_hex(st, seat)
    targets = [gate_hex(st, o) for o in range(st["seats"]) if not friendly(st, seat, o)]

    def score(h: Hex) -> tuple[int, tuple[int, int]]:
        return (hdist(h, own) + min(hdist(h, t) for t in targets), hex_key(h))
    return min(wells, key=score) if wells else None


def _spire_build(st: State, seat: Seat, free: bool = False) -> Action | None:
    c = load()
    if spire_count(st, seat) >= spire_cap(st):
        return None
    wells = build.buildable_wells(st, seat)
    if not wells:
        return None
    choices = [x for x in build.spire_choices(st, seat) if x[2] <= st["players"][seat]["source"]]
    choices = [x for x in choices if all(st["supply"][k] >= c["spires"][x[0]][x[1]]["initial"].count(k) for k in "arf")]
    if not choices:
        return None
    t, side, cost = max(choices, key=lambda x: (len(c["spires"][x[0]][x[1]]["initial"]), -x[2], x[0]))
    init = c["spires"][t][side]["initial"]
    order = "".join(sorted(init, key=lambda ch: {"a": 0, "r": 1, "f": 2}[ch]))
    at = _best_well(st, seat, wells)
    assert at is not None, "wells is not empty"
    return {"type": "build", "spire": t, "side": side, "at": at, "order": order}


def _spire_upgrade(st: State, seat: Seat, budget: int) -> Action | None:
    best: tuple[tuple[int, int, str], Action] | None = None
    for s in sorted(st["spires"].values(), key=lambda s: s["id"]):
        if s["owner"] != seat or build.upgrade_room(s) <= 0:
            continue
        for ch in ("a", "r", "f"):
            if st["supply"][ch] <= 0:
                continue
            cost = build.upgrade_cost(s, ch)
            if cost <= budget:
                key = ({"a": 0, "f": 1, "r": 2}[ch], cost, s["id"])
                if best is None or key < best[0]:
                    best = (key, {"type": "up", "at": s["pos"], "chips": ch})
    return best[1] if best else None


def _bot_build(st: State, seat: Seat) -> Action:
    b = build_of(st)
    p = st["players"][seat]
    c = load()
    if b["follow"]:
        return {"type": "skip"}
    es = [x for x in p["beside"] if x in c["earthscapes"]]
    if es:
        pl = build.earthscape_placements(st, seat, es[0])
        if pl:
            return {"type": "es", "earthscape": es[0], "at": pl[0][0], "rot": pl[0][1]}
    merc = [x for x in build.spire_choices(st, seat) if x[2] == 0]
    a = _spire_build(st, seat)
    if a and (merc or st["wave"] <= 3 or spire_count(st, seat) < 2):
        return a
    advs = build.adv_options(st, seat)
    for aid in advs:
        lvl = p["adv"][aid]
        if aid != "harbor" and (st["wave"] <= 2 or lvl < 1 or st["wave"] >= phases.last_wave(st)):
            return {"type": "adv", "structure": aid}
    up = _spire_upgrade(st, seat, p["source"] - (2 if st["wave"] < phases.last_wave(st) else 0))
    if up:
        return up
    return {"type": "end"}


def _bot_start(st: State, seat: Seat) -> Action:
    p = st["players"][seat]
    if p["lb"] < build.lb_allowance(st, seat):
        a = _spire_build(st, seat)
        if a:
            return a
    return relic_die_or_next(st, seat)


def _bot_minion(st: State, seat: Seat) -> Action:
    occ = occupancy(st)
    cands = phases.lead_candidates(st, seat, occ)
    u = cands[0]
    mode, opts, dist, d0 = minion_options(st, u, occ)
    if mode == "sidestep":
        return {"type": "mm", "unit": u["id"], "to": ""}
    return {"type": "mm", "unit": u["id"], "to": min(opts, key=lambda h: (dist.get(h, INF), hex_key(h)))}


def _interest_hexes(st: State, seat: Seat) -> list[Hex]:
    occ = occupancy(st)
    out = []
    for h, o in occ.items():
        if o[0] == "u" and not friendly(st, seat, st["units"][o[1]]["owner"]):
            out.append(h)
        elif o[0] == "l":
            out.append(h)
        elif o[0] == "s" and not friendly(st, seat, st["spires"][o[1]]["owner"]):
            out.append(h)
    for other in range(st["seats"]):
        if not friendly(st, seat, other) and not st["players"][other]["broken"]:
            out.append(gate_hex(st, other))
    return out


def _bot_heroes(st: State, seat: Seat) -> Action:
    f = phases.forced_deploy(st, seat, "c")
    if f is not None:
        return {"type": "mv", "unit": f["id"], "to": deploy_default(st, seat, f)}
    t = turn_of(st)
    interest = _interest_hexes(st, seat)
    occ = occupancy(st)
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["kind"] != "hero" or u["pos"] is None or u["id"] in t["moved"] or inactive(st, u):
            continue
        if not interest:
            continue
        r = unit_range(u)

        def score(h: Hex) -> tuple[int, tuple[int, int]]:
            d = min(hdist(h, x) for x in interest)
            return (abs(d - r), hex_key(h))
        here = score(u["pos"])
        dests = hero_destinations(st, u, occ)
        if not dests:
            continue
        best = min(dests, key=score)
        if score(best)[0] < here[0]:
            return {"type": "mv", "unit": u["id"], "to": best}
    return {"type": "next"}


def _bot_attack(st: State, seat: Seat) -> Action:
    acts, oblig = attack_state(st, seat)
    if not acts:
        return {"type": "next"}
    occ = occupancy(st)

    def key(a: Action) -> tuple[bool, bool, bool, int, str, tuple[int, int]]:
        u = st["units"][a["unit"]]
        hp = target_hp(st, a["at"], occ)
        t = combat.target_on(st, a["at"], occ)
        kill = combat.attack_damage(st, u, t) >= hp
        return (u["kind"] != "minion", not kill, t[0] != "gate", hp, a["unit"], hex_key(a["at"]))
    best = min(acts, key=key)
    u = st["units"][best["unit"]]
    if u["kind"] == "hero" and not oblig:
        t = combat.target_on(st, best["at"], occ)
        kill = combat.attack_damage(st, u, t) >= target_hp(st, best["at"], occ)
        if not kill and u["hp"] <= 2:
            return {"type": "next"}
    return best
