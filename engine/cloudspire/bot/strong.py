"""``strong_bot_action`` plays any seat purposefully with cheap one-ply heuristics (no search):

* Build (CS-BLD, CS-SPR): spires go on the wells whose range covers most of the hexes the
  enemy minions must cross on their way to our gate (weighted by closeness to the gate),
  fortification chips at the bottom (CS-SPR-7); income advancements early, and in the last
  wave the remaining Source buys the cheapest advancement pegs (fortress power, CS-WIN-2).
* Market (CS-MKT): mercenary spires while there is room under the cap, 0-CP units, equipment
  only for a hero.
* Prep (CS-PREP): the stack is filled with the strongest minions that can actually reach the
  mark (a minion on top that cannot leave the gate blocks the whole stack, CS-MOV-3), then
  heroes; equipment goes under the heroes.
* Onslaught: minions take the progress hex that is least covered by enemy spires and next to
  the gate if possible (CS-MOV-9 lets the owner choose); heroes move to where they can kill or
  hit the gate safely, defend our gate, or escort the minions; minions always prefer the gate
  (CS-ATK-3, CS-ATK-8), heroes only attack when the retaliation (CS-RET-1) does not kill them.
  Only harmless landmarks are revealed (revealed landmarks with health become forced targets
  of our own minions, CS-ATK-3/5)."""
from __future__ import annotations

from .. import combat, phases
from ..content import load
from ..explore import explorable, inactive
from ..hexgeo import hdist, neighbours
from ..legal import attack_state
from ..movement import INF, hero_destinations, mark_distances, minion_options
from ..state import (friendly, gate_hex, occupancy, pos_of, prep_of, turn_of, unit_allow, unit_attack, unit_move,
                     unit_range)
from ..types import Action, Hex, Occupancy, Seat, State, Unit
from .analysis import attack_options, attack_value, cloud_side, enemy_spire_fire, protected_well
from .defaults import hex_key, pending_default, timeout_action
from .strong_build import sb_build, sb_market, sb_mark, sb_stack, sb_start

SAFE_REVEAL_BLOCK = frozenset({"toxic_fumes", "endless_retaliation", "engage"})
"""Talents that make a revealed landmark a danger to our own units (never revealed on purpose)."""


def strong_bot_action(st: State, seat: Seat) -> Action | None:
    """The move for ``seat`` (None, as from timeout_action, when it has nothing to do)."""
    if st["pending"]:
        return pending_default(st, st["pending"][0])
    ph = st["phase"]
    if ph in ("faction", "setup"):
        return timeout_action(st, seat)
    if ph == "market":
        return sb_market(st, seat)
    if ph == "build":
        return sb_build(st, seat)
    if ph == "prep":
        if prep_of(st)["step"] == "mark":
            return {"type": "mark", "target": sb_mark(st, seat)}
        return sb_stack(st, seat)
    t = turn_of(st)
    step = t["step"]
    if step == "start":
        return sb_start(st, seat)
    if step == "a":
        f = phases.forced_deploy(st, seat, "a")
        if f is not None:
            return {"type": "mv", "unit": f["id"], "to": _forced_dest(st, seat, f)}
        return _sb_heroes(st, seat, "a")
    if step == "m":
        return _sb_minion(st, seat)
    if step == "c":
        return _sb_heroes(st, seat, "c")
    if step == "explore":
        if t["peek"]:
            l = st["landmarks"][t["peek"]]
            d = load()["landmarks"][l["type"]]
            safe = d["hp"] > 0 and d["atk"] == 0 and not (set(d["talents"]) & SAFE_REVEAL_BLOCK)
            return {"type": "reveal"} if safe else {"type": "hide"}
        ex = explorable(st, seat)
        return {"type": "explore", "at": ex[0]} if ex else {"type": "next"}
    if step == "attack":
        return _sb_attack(st, seat)
    return timeout_action(st, seat)


def _enemy_gate_on(st: State, seat: Seat, h: Hex, occ: Occupancy) -> bool:
    t = combat.target_at(st, h, occ)
    return t is not None and combat.valid_target(st, seat, t) and t[0] == "gate"


def _sb_minion(st: State, seat: Seat) -> Action:
    occ = occupancy(st)
    cands = phases.lead_candidates(st, seat, occ)
    fire = enemy_spire_fire(st, seat)
    best: tuple[tuple[object, ...], Action] | None = None
    key: tuple[object, ...]
    act: Action
    for u in cands:
        mode, opts, dist, d0 = minion_options(st, u, occ)
        if mode == "sidestep":
            key = (1, 0, 0, 0, "")
            act = {"type": "mm", "unit": u["id"], "to": ""}
            if best is None or key < best[0]:
                best = (key, act)
            continue
        for h, path in opts.items():
            near_gate = any(_enemy_gate_on(st, seat, n, occ) for n in neighbours(h))
            key = (0, dist.get(h, INF) - (3 if near_gate else 0) + 0.6 * fire.get(h, 0), len(u["id"]), u["id"], hex_key(h))
            if best is None or key < best[0]:
                best = (key, {"type": "mm", "unit": u["id"], "to": h})
    assert best is not None, "lead_candidates names at least one minion"
    return best[1]


def _sb_attack(st: State, seat: Seat) -> Action:
    acts, oblig = attack_state(st, seat)
    if not acts:
        return {"type": "next"}
    occ = occupancy(st)
    scored = []
    for a in acts:
        u = st["units"][a["unit"]]
        t = combat.target_on(st, a["at"], occ)
        v = attack_value(st, u, a["at"], t, occ)
        # minions must attack anyway: let them go first on what they do best (the gate)
        scored.append((v + (0.5 if u["kind"] == "minion" else 0), a))
    scored.sort(key=lambda x: (-x[0], x[1]["unit"], hex_key(x[1]["at"])))
    v, a = scored[0]
    if v <= 0 and not oblig:
        mins = [(v2, a2) for v2, a2 in scored if st["units"][a2["unit"]]["kind"] == "minion"]
        if not mins:
            return {"type": "next"}
        return mins[0][1]
    return a


def _sb_heroes(st: State, seat: Seat, step: str) -> Action:
    f = phases.forced_deploy(st, seat, step)
    if f is not None:
        return {"type": "mv", "unit": f["id"], "to": _forced_dest(st, seat, f)}
    t = turn_of(st)
    occ = occupancy(st)
    fire = None
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["kind"] != "hero" or u["pos"] is None or u["id"] in t["moved"] or inactive(st, u):
            continue
        if fire is None:
            fire = enemy_spire_fire(st, seat)
        dest = _sb_hero_dest(st, seat, u, occ=occ, fire=fire)
        if dest is not None and dest != u["pos"]:
            return {"type": "mv", "unit": u["id"], "to": dest}
    return {"type": "next"}


def _hero_pos_score(st: State, seat: Seat, u: Unit, h: Hex, occ: Occupancy, fire: dict[Hex, float],
                    enemy_units: list[Unit], own_gate: Hex, goal: dict[Hex, int] | None) -> float:
    # best attack from h
    best = 0.0
    for th, tt in attack_options(st, u, h, occ):
        v = attack_value(st, u, th, tt, occ, pos=h)
        if v > best:
            best = v
    score = best
    if h == protected_well(st) and cloud_side(st, seat):
        score += 4  # CS-DM-7: a Cloud hero sits on the well
    # danger: enemy spires fire on our turn; enemy units may attack on theirs
    danger = fire.get(h, 0)
    for e in enemy_units:
        if hdist(pos_of(e), h) <= unit_move(e) + unit_range(e):
            danger += 0.5 * unit_attack(st, e)
    score -= danger * (3.0 if danger >= u["hp"] else 0.8)
    # defence: stay near enemy units threatening our gate, else escort toward the goal
    near_threat = [e for e in enemy_units if hdist(pos_of(e), own_gate) <= 5]
    if near_threat:
        score -= 0.4 * min(hdist(h, pos_of(e)) for e in near_threat)
    elif goal is not None:
        score -= 0.25 * goal.get(h, 30)
    return score


def _forced_dest(st: State, seat: Seat, f: Unit) -> Hex:
    """Where the hero that must deploy now goes (forced_deploy names only one with somewhere to go)."""
    h = _sb_hero_dest(st, seat, f, forced=True)
    assert h is not None, "a forced deploy has destinations"
    return h


def _sb_hero_dest(st: State, seat: Seat, u: Unit, forced: bool = False, occ: Occupancy | None = None,
                  fire: dict[Hex, float] | None = None) -> Hex | None:
    occ = occupancy(st) if occ is None else occ
    fire = enemy_spire_fire(st, seat) if fire is None else fire
    dests = hero_destinations(st, u, occ)
    if not dests:
        return None
    cands = list(dests)
    if not forced:
        cands.append(pos_of(u))
    enemy_units = [e for e in st["units"].values() if e["pos"] is not None and not friendly(st, seat, e["owner"])]
    own_gate = gate_hex(st, seat)
    mark = st["players"][seat]["mark"]
    goal = None
    if mark is not None:
        goal = mark_distances(st, mark, unit_allow(u), occ)
    scores = {}
    for h in cands:
        o = dict(occ)
        if u["pos"] is not None:
            o.pop(u["pos"], None)
        o[h] = ("u", u["id"])
        scores[h] = _hero_pos_score(st, seat, u, h, o, fire, enemy_units, own_gate, goal)
    best = max(cands, key=lambda h: (scores[h], -(hex_key(h)[0]), -(hex_key(h)[1])))
    if not forced and u["pos"] in scores and scores[best] <= scores[u["pos"]] + 0.2:
        return u["pos"]
    return best
