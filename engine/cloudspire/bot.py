"""Default (timeout) decisions from the spec's decision table, and a purposeful bot."""
from __future__ import annotations

from .content import load
from .hexgeo import hdist, unkey
from .state import occupancy, spire_count, spire_cap, friendly, gate_hex, unit_attack, unit_range
from . import build as B, combat as C, prep as PR, phases as P, explore as X, market, cards
from .movement import hero_destinations, minion_options, mark_distances, INF
from .state import unit_allow


def _hk(h):
    q, r = unkey(h)
    return (q, r)


def _game():
    from . import game
    return game


def _pending_default(st, p):
    seat = p["seat"]
    if p["kind"] == "levelup":
        u = st["units"][p["unit"]]
        opts = C.levelup_options(st, u)
        ch = "flip" if "flip" in opts else ("a" if "a" in opts else "none")
        return {"do": "lvl", "unit": p["unit"], "choice": ch}
    if p["kind"] == "free_spire":
        t, order = B.default_free_spire(st, seat)
        return {"do": "free", "spire": t, "order": order}
    if p["kind"] == "fire":
        s = st["spires"][p["spire"]]
        targets = C.spire_targets(st, s, st["turn"]["seat"])
        saved = st["players"][seat]["policy"]["spire"]
        st["players"][seat]["policy"]["spire"] = "lowest_health"
        t = C.choose_spire_target(st, s, targets)
        st["players"][seat]["policy"]["spire"] = saved
        return {"do": "fire", "spire": s["id"], "unit": t}
    if p["kind"] == "mark":
        return {"do": "mark", "target": PR.default_mark(st, seat)}


def _deploy_default(st, seat, u):
    mark = st["players"][seat]["mark"]
    dist = mark_distances(st, mark, unit_allow(u))
    dests = hero_destinations(st, u)
    return min(dests, key=lambda h: (dist.get(h, INF), _hk(h)))


def _minion_default(st, seat):
    cands = P.lead_candidates(st, seat)
    u = cands[0]
    mode, opts, dist, d0 = minion_options(st, u)
    if mode == "sidestep":
        return {"do": "mm", "unit": u["id"], "to": ""}
    h = min(opts, key=lambda h: (dist.get(h, INF), _hk(h)))
    return {"do": "mm", "unit": u["id"], "to": h}


def _target_hp(st, h, occ):
    t = C.target_at(st, h, occ)
    if t[0] == "unit":
        return st["units"][t[1]]["hp"]
    if t[0] == "lm":
        return st["landmarks"][t[1]]["hp"]
    if t[0] == "spire":
        return len(st["spires"][t[1]]["chips"])
    return st["players"][t[1]]["gate"]


def timeout_action(st, seat):
    g = _game()
    if st["pending"]:
        return _pending_default(st, st["pending"][0])
    ph = st["phase"]
    legal = g.legal_actions(st, seat)
    if not legal:
        return None
    if ph in ("faction", "setup"):
        return legal[0]
    if ph == "market":
        return {"do": "pass"}
    if ph == "build":
        return {"do": "skip"} if st["build"]["follow"] else {"do": "end"}
    if ph == "prep":
        if st["prep"]["step"] == "mark":
            return {"do": "mark", "target": PR.default_mark(st, seat)}
        return {"do": "autostack"}
    t = st["turn"]
    step = t["step"]
    if step in ("a", "c"):
        f = P.forced_deploy(st, seat, step)
        if f is not None:
            return {"do": "mv", "unit": f["id"], "to": _deploy_default(st, seat, f)}
        return {"do": "next"}
    if step == "m":
        return _minion_default(st, seat)
    if step == "explore":
        return {"do": "hide"} if t["peek"] else {"do": "next"}
    if step == "attack":
        occ = occupancy(st)
        atks = [a for a in legal if a["do"] == "atk"]
        if not atks:
            return {"do": "next"}
        mins = [a for a in atks if st["units"][a["unit"]]["kind"] == "minion"]
        pool = mins or atks
        return min(pool, key=lambda a: (_target_hp(st, a["at"], occ), a["unit"], _hk(a["at"])))
    return {"do": "next"}


# ====================================================================== bot

def bot_action(st, seat):
    g = _game()
    if st["pending"]:
        return _pending_default(st, st["pending"][0])
    ph = st["phase"]
    if ph in ("faction", "setup"):
        return timeout_action(st, seat)
    if ph == "market":
        return _bot_market(st, seat)
    if ph == "build":
        return _bot_build(st, seat)
    if ph == "prep":
        return timeout_action(st, seat)
    t = st["turn"]
    step = t["step"]
    if step == "start":
        return _bot_start(st, seat)
    if step == "a":
        f = P.forced_deploy(st, seat, "a")
        if f is not None:
            return {"do": "mv", "unit": f["id"], "to": _deploy_default(st, seat, f)}
        return {"do": "next"}
    if step == "m":
        return _bot_minion(st, seat)
    if step == "c":
        return _bot_heroes(st, seat)
    if step == "explore":
        if t["peek"]:
            l = st["landmarks"][t["peek"]]
            return {"do": "reveal"} if load()["landmarks"][l["type"]]["hp"] > 0 else {"do": "hide"}
        ex = X.explorable(st, seat)
        return {"do": "explore", "at": ex[0]} if ex else {"do": "next"}
    if step == "attack":
        return _bot_attack(st, seat)
    return timeout_action(st, seat)


def _bot_market(st, seat):
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
        return {"do": "buy", "chip": best[1]}
    return {"do": "pass"}


def _best_well(st, seat, wells):
    """Wells near the routes between the gates: minimise distance to own gate + to the mark."""
    own = gate_hex(st, seat)
    mark = st["players"][seat]["mark"]
    targets = [gate_hex(st, o) for o in range(st["seats"]) if not friendly(st, seat, o)]
    def score(h):
        return (hdist(h, own) + min(hdist(h, t) for t in targets), _hk(h))
    return min(wells, key=score) if wells else None


def _spire_build(st, seat, free=False):
    c = load()
    from .state import spire_count as sc
    if sc(st, seat) >= spire_cap(st):
        return None
    wells = B.buildable_wells(st, seat)
    if not wells:
        return None
    choices = [x for x in B.spire_choices(st, seat) if x[2] <= st["players"][seat]["source"]]
    choices = [x for x in choices if all(st["supply"][k] >= c["spires"][x[0]][x[1]]["initial"].count(k) for k in "arf")]
    if not choices:
        return None
    t, side, cost = max(choices, key=lambda x: (len(c["spires"][x[0]][x[1]]["initial"]), -x[2], x[0]))
    init = c["spires"][t][side]["initial"]
    order = "".join(sorted(init, key=lambda ch: {"a": 0, "r": 1, "f": 2}[ch]))
    return {"do": "build", "spire": t, "side": side, "at": _best_well(st, seat, wells), "order": order}


def _spire_upgrade(st, seat, budget):
    best = None
    for s in sorted(st["spires"].values(), key=lambda s: s["id"]):
        if s["owner"] != seat or B.upgrade_room(s) <= 0:
            continue
        for ch in ("a", "r", "f"):
            if st["supply"][ch] <= 0:
                continue
            cost = B.upgrade_cost(s, ch)
            if cost <= budget:
                key = ({"a": 0, "f": 1, "r": 2}[ch], cost, s["id"])
                if best is None or key < best[0]:
                    best = (key, {"do": "up", "at": s["pos"], "chips": ch})
    return best[1] if best else None


def _bot_build(st, seat):
    b = st["build"]
    p = st["players"][seat]
    c = load()
    if b["follow"]:
        return {"do": "skip"}
    es = [x for x in p["beside"] if x in c["earthscapes"]]
    if es:
        pl = B.earthscape_placements(st, seat, es[0])
        if pl:
            return {"do": "es", "earthscape": es[0], "at": pl[0][0], "rot": pl[0][1]}
    merc = [x for x in B.spire_choices(st, seat) if x[2] == 0]
    a = _spire_build(st, seat)
    if a and (merc or st["wave"] <= 3 or spire_count(st, seat) < 2):
        return a
    advs = B.adv_options(st, seat)
    f = st["factions"][seat]
    for aid in advs:
        lvl = p["adv"][aid]
        if aid != "harbor" and (st["wave"] <= 2 or lvl < 1 or st["wave"] >= P.last_wave(st)):
            return {"do": "adv", "structure": aid}
    up = _spire_upgrade(st, seat, p["source"] - (2 if st["wave"] < P.last_wave(st) else 0))
    if up:
        return up
    return {"do": "end"}


def _bot_start(st, seat):
    p = st["players"][seat]
    if p["lb"] < B.lb_allowance(st, seat):
        a = _spire_build(st, seat)
        if a:
            return a
    for rid in sorted(set(p["relics"])):
        tg = cards.relic_targets(st, seat, rid)
        if tg:
            return {"do": "relic", "relic": rid, "args": tg[0]}
    if not p["die_used"]:
        return {"do": "die"}
    return {"do": "next"}


def _bot_minion(st, seat):
    occ = occupancy(st)
    cands = P.lead_candidates(st, seat, occ)
    u = cands[0]
    mode, opts, dist, d0 = minion_options(st, u, occ)
    if mode == "sidestep":
        return {"do": "mm", "unit": u["id"], "to": ""}
    return {"do": "mm", "unit": u["id"], "to": min(opts, key=lambda h: (dist.get(h, INF), _hk(h)))}


def _interest_hexes(st, seat):
    occ = occupancy(st)
    out = []
    for h, o in occ.items():
        if o[0] == "u" and not friendly(st, seat, st["units"][o[1]]["owner"]):
            out.append(h)
        elif o[0] == "l":
            out.append(h)
        elif o[0] == "s" and not friendly(st, seat, st["spires"][o[1]]["owner"]):
            out.append(h)
    for o in range(st["seats"]):
        if not friendly(st, seat, o) and not st["players"][o]["broken"]:
            out.append(gate_hex(st, o))
    return out


def _bot_heroes(st, seat):
    f = P.forced_deploy(st, seat, "c")
    if f is not None:
        return {"do": "mv", "unit": f["id"], "to": _deploy_default(st, seat, f)}
    t = st["turn"]
    interest = _interest_hexes(st, seat)
    occ = occupancy(st)
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["kind"] != "hero" or u["pos"] is None or u["id"] in t["moved"] or X.inactive(st, u):
            continue
        if not interest:
            continue
        r = unit_range(u)

        def score(h):
            d = min(hdist(h, x) for x in interest)
            return (abs(d - r), _hk(h))
        here = score(u["pos"])
        dests = hero_destinations(st, u, occ)
        if not dests:
            continue
        best = min(dests, key=score)
        if score(best)[0] < here[0]:
            return {"do": "mv", "unit": u["id"], "to": best}
    return {"do": "next"}


def _bot_attack(st, seat):
    g = _game()
    acts, oblig = g._attack_state(st, seat)
    if not acts:
        return {"do": "next"}
    occ = occupancy(st)

    def key(a):
        u = st["units"][a["unit"]]
        hp = _target_hp(st, a["at"], occ)
        t = C.target_at(st, a["at"], occ)
        kill = C.attack_damage(st, u, t) >= hp
        return (u["kind"] != "minion", not kill, t[0] != "gate", hp, a["unit"], _hk(a["at"]))
    best = min(acts, key=key)
    u = st["units"][best["unit"]]
    if u["kind"] == "hero" and not oblig:
        t = C.target_at(st, best["at"], occ)
        kill = C.attack_damage(st, u, t) >= _target_hp(st, best["at"], occ)
        if not kill and u["hp"] <= 2:
            return {"do": "next"}
    return best
