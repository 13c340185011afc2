"""Default (timeout) decisions from the spec's decision table, and a purposeful bot."""
from __future__ import annotations

from .content import load
from .content import ALLOWANCE
from .hexgeo import hdist, neighbours, unkey
from .state import (occupancy, spire_count, spire_cap, friendly, gate_hex, unit_attack, unit_range,
                    unit_move, has_talent, faction_data)
from . import build as B, combat as C, prep as PR, phases as P, explore as X, market, cards
from .movement import enterable, hero_destinations, minion_options, mark_distances, INF
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
    for aid in advs:
        lvl = p["adv"][aid]
        if aid != "harbor" and (st["wave"] <= 2 or lvl < 1 or st["wave"] >= P.last_wave(st)):
            return {"do": "adv", "structure": aid}
    up = _spire_upgrade(st, seat, p["source"] - (2 if st["wave"] < P.last_wave(st) else 0))
    if up:
        return up
    return {"do": "end"}


def _relic_die_or_next(st, seat):
    """End of a start-of-turn step: play a relic that has a target, roll the die, go on."""
    p = st["players"][seat]
    for rid in sorted(set(p["relics"])):
        tg = cards.relic_targets(st, seat, rid)
        if tg:
            return {"do": "relic", "relic": rid, "args": tg[0]}
    if not p["die_used"]:
        return {"do": "die"}
    return {"do": "next"}


def _bot_start(st, seat):
    p = st["players"][seat]
    if p["lb"] < B.lb_allowance(st, seat):
        a = _spire_build(st, seat)
        if a:
            return a
    return _relic_die_or_next(st, seat)


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


# ====================================================================== strong bot
#
# ``strong_bot_action`` plays any seat purposefully with cheap one-ply heuristics (no search):
#
# * Build (CS-BLD, CS-SPR): spires go on the wells whose range covers most of the hexes the
#   enemy minions must cross on their way to our gate (weighted by closeness to the gate),
#   fortification chips at the bottom (CS-SPR-7); income advancements early, and in the last
#   wave the remaining Source buys the cheapest advancement pegs (fortress power, CS-WIN-2).
# * Market (CS-MKT): mercenary spires while there is room under the cap, 0-CP units, equipment
#   only for a hero.
# * Prep (CS-PREP): the stack is filled with the strongest minions that can actually reach the
#   mark (a minion on top that cannot leave the gate blocks the whole stack, CS-MOV-3), then
#   heroes; equipment goes under the heroes.
# * Onslaught: minions take the progress hex that is least covered by enemy spires and next to
#   the gate if possible (CS-MOV-9 lets the owner choose); heroes move to where they can kill or
#   hit the gate safely, defend our gate, or escort the minions; minions always prefer the gate
#   (CS-ATK-3, CS-ATK-8), heroes only attack when the retaliation (CS-RET-1) does not kill them.
#   Only harmless landmarks are revealed (revealed landmarks with health become forced targets
#   of our own minions, CS-ATK-3/5).

_SAFE_REVEAL_BLOCK = {"toxic_fumes", "endless_retaliation", "engage"}


def strong_bot_action(st, seat):
    if st["pending"]:
        return _pending_default(st, st["pending"][0])
    ph = st["phase"]
    if ph in ("faction", "setup"):
        return timeout_action(st, seat)
    if ph == "market":
        return _sb_market(st, seat)
    if ph == "build":
        return _sb_build(st, seat)
    if ph == "prep":
        if st["prep"]["step"] == "mark":
            return {"do": "mark", "target": _sb_mark(st, seat)}
        return _sb_stack(st, seat)
    t = st["turn"]
    step = t["step"]
    if step == "start":
        return _sb_start(st, seat)
    if step == "a":
        f = P.forced_deploy(st, seat, "a")
        if f is not None:
            return {"do": "mv", "unit": f["id"], "to": _sb_hero_dest(st, seat, f, forced=True)}
        return _sb_heroes(st, seat, "a")
    if step == "m":
        return _sb_minion(st, seat)
    if step == "c":
        return _sb_heroes(st, seat, "c")
    if step == "explore":
        if t["peek"]:
            l = st["landmarks"][t["peek"]]
            d = load()["landmarks"][l["type"]]
            safe = d["hp"] > 0 and d["atk"] == 0 and not (set(d["talents"]) & _SAFE_REVEAL_BLOCK)
            return {"do": "reveal"} if safe else {"do": "hide"}
        ex = X.explorable(st, seat)
        return {"do": "explore", "at": ex[0]} if ex else {"do": "next"}
    if step == "attack":
        return _sb_attack(st, seat)
    return timeout_action(st, seat)


# ---------------------------------------------------------------- map analysis

def _enemies(st, seat):
    return [o for o in range(st["seats"]) if not friendly(st, seat, o) and st["players"][o] is not None]


def _threat(st, seat, occ=None):
    """hex -> weight: hexes enemy minions cross on (near-)shortest routes to our gate, heavier
    near the gate.  Computed for path-only and plains walkers (most minions)."""
    occ = occupancy(st) if occ is None else occ
    out = {}
    own = gate_hex(st, seat)
    for allow in (0, 1):
        to_us = mark_distances(st, seat, allow, occ)
        for o in _enemies(st, seat):
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


def _ball(st, h, r):
    """Hexes within range r of h (CS-MAP-9: through map/fortress hexes, never sky)."""
    hexes = st["map"]["hexes"]
    seen = {h: 0}
    frontier = [h]
    for d in range(1, r + 1):
        nxt = []
        for x in frontier:
            for n in neighbours(x):
                if n not in seen and n in hexes:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return seen


def _coverage(st, threat, h, r):
    return sum(threat.get(x, 0) for x in _ball(st, h, r))


# ---------------------------------------------------------------- market / build

def _sb_market(st, seat):
    c = load()
    p = st["players"][seat]
    opts = market.options(st, seat)
    last = st["wave"] >= P.last_wave(st)
    has_hero = any(u["owner"] == seat and u["kind"] == "hero" for u in st["units"].values()) or \
        any(c["units"].get(x, {}).get("kind") == "hero" for x in p["beside"])
    free_slots = spire_cap(st) - spire_count(st, seat) - sum(1 for x in p["beside"] if c["spires"].get(x, {}).get("merc"))
    best = None
    for x in opts:
        if x in ("pass", "es"):
            continue
        d = c["market"][x]
        cost = market.chip_cost(st, seat, x)
        left = p["source"] - cost
        if d["type"] == "merc_spire":
            if free_slots <= 0:
                continue
            ini = d["basic"]["initial"]
            score = 2 * ini.count("a") + ini.count("r") + 0.5 * ini.count("f") - 0.6 * cost + 3
        elif d["type"] in ("mercenary", "merc_hero"):
            if last and d["type"] == "merc_hero":
                continue
            score = 1.0 if d["type"] == "mercenary" else 1.5
        else:
            if not has_hero or last:
                continue
            score = 0.5
        if left < 2 and st["wave"] > 1:
            score -= 1.5
        if last:
            score -= 1.5  # the last wave's Source is better spent on fortress power
        if score > 0 and (best is None or (score, -cost, x) > best[0]):
            best = ((score, -cost, x), x)
    if best:
        return {"do": "buy", "chip": best[1]}
    return {"do": "pass"}


def _spire_value(ini, cov_by_r):
    a, r, f = ini.count("a"), ini.count("r"), ini.count("f")
    return cov_by_r(1 + r) * (a + 0.25 * f + 0.1 * len(ini))


def _best_spire_build(st, seat, budget, threat, wells=None):
    """Best (value, action) construct within budget, or None."""
    c = load()
    if spire_count(st, seat) >= spire_cap(st):
        return None
    wells = B.buildable_wells(st, seat) if wells is None else wells
    if not wells:
        return None
    choices = [x for x in B.spire_choices(st, seat) if x[2] <= budget]
    choices = [x for x in choices if all(st["supply"][k] >= c["spires"][x[0]][x[1]]["initial"].count(k) for k in "arf")]
    if not choices:
        return None
    cache = {}

    def cov(h, r):
        if (h, r) not in cache:
            cache[(h, r)] = _coverage(st, threat, h, r)
        return cache[(h, r)]
    best = None
    for t, side, cost in choices:
        ini = c["spires"][t][side]["initial"]
        for h in wells:
            v = _spire_value(ini, lambda r: cov(h, r))
            if v <= 0:
                continue
            key = (v - 2.0 * cost, -cost, t, side, _hk(h))
            if best is None or key > best[0]:
                order = "".join(sorted(ini, key=lambda ch: {"a": 0, "r": 1, "f": 2}[ch]))
                best = (key, v, {"do": "build", "spire": t, "side": side, "at": h, "order": order})
    if best is None:
        return None
    return best[1], best[2]


def _best_upgrade(st, seat, budget, threat):
    best = None
    for s in sorted(st["spires"].values(), key=lambda s: s["id"]):
        if s["owner"] != seat or B.upgrade_room(s) <= 0:
            continue
        atk, rng_, _ = C.spire_stats(st, s)
        cov = _coverage(st, threat, s["pos"], rng_)
        if cov <= 0:
            continue
        opts = []
        if st["supply"]["a"] > 0:
            opts.append(("a", cov * 1.0))
        if st["supply"]["f"] > 0 and s["chips"][-1] != "f":
            opts.append(("f", cov * 0.35 + 1))
        if st["supply"]["r"] > 0 and atk > 0:
            more = _coverage(st, threat, s["pos"], rng_ + 1) - cov
            opts.append(("r", more * atk))
        for ch, v in opts:
            cost = B.upgrade_cost(s, ch)
            if cost > budget or v <= 0:
                continue
            key = (v / cost, -cost, s["id"], ch)
            if best is None or key > best[0]:
                best = (key, {"do": "up", "at": s["pos"], "chips": ch})
    return best[1] if best else None


def _cheapest_adv(st, seat, budget, income_only=False):
    f = faction_data(st, seat)
    p = st["players"][seat]
    best = None
    for a in f["advancements"]:
        lvl = p["adv"].get(a["id"], 0)
        if lvl >= len(a["levels"]):
            continue
        lv = a["levels"][lvl]
        if lv["cost"] > budget:
            continue
        if income_only and not lv["effect"].startswith("income:"):
            continue
        key = (lv["cost"], a["id"])
        if best is None or key < best[0]:
            best = (key, a["id"], lv["cost"])
    return best


def _spire_target(st):
    return min(spire_cap(st), st["wave"] + 1)


def _sb_build(st, seat):
    b = st["build"]
    p = st["players"][seat]
    c = load()
    threat = _threat(st, seat)
    if b["follow"]:
        wells = [w for w in b["follow"]["wells"] if w in B.buildable_wells(st, seat)]
        a = _best_spire_build(st, seat, p["source"], threat, wells)
        return a[1] if a else {"do": "skip"}
    es = [x for x in p["beside"] if x in c["earthscapes"]]
    if es:
        pl = B.earthscape_placements(st, seat, es[0])
        if pl:
            return {"do": "es", "earthscape": es[0], "at": pl[0][0], "rot": pl[0][1]}
    src = p["source"]
    last = st["wave"] >= P.last_wave(st)
    left_waves = P.last_wave(st) - st["wave"]
    # 1. mercenary spires already paid for
    merc = [x for x in p["beside"] if c["spires"].get(x, {}).get("merc")]
    if merc:
        a = _best_spire_build(st, seat, 0, threat)
        if a:
            return a[1]
    if last:
        # 2'. last wave: fortress power first (each peg is +1, CS-WIN-2), keep a little defence
        if spire_count(st, seat) < 2:
            a = _best_spire_build(st, seat, src, threat)
            if a:
                return a[1]
        adv = _cheapest_adv(st, seat, src)
        if adv:
            return {"do": "adv", "structure": adv[1]}
        up = _best_upgrade(st, seat, src, threat)
        return up or {"do": "end"}
    # 2. spires up to a per-wave target
    if spire_count(st, seat) < _spire_target(st):
        a = _best_spire_build(st, seat, src, threat)
        if a:
            return a[1]
    # 3. income advancement when it pays back (remaining incomes + the peg itself)
    adv = _cheapest_adv(st, seat, src, income_only=True)
    if adv and left_waves + 2 >= adv[2]:
        return {"do": "adv", "structure": adv[1]}
    # 4. upgrades on the spires that cover the approach, keep 2 Source for a limited build
    up = _best_upgrade(st, seat, src - 2, threat)
    if up:
        return up
    # 5. spare Source: pegs
    adv = _cheapest_adv(st, seat, src - 3)
    if adv and st["wave"] >= P.last_wave(st) - 1:
        return {"do": "adv", "structure": adv[1]}
    return {"do": "end"}


# ---------------------------------------------------------------- prep

def _sb_mark(st, seat):
    """Weakest reachable opposing gate (lowest gate health, then nearest)."""
    opts = PR.mark_options(st, seat) or [PR.default_mark(st, seat)]
    own = gate_hex(st, seat)
    return min(opts, key=lambda o: (st["players"][o]["gate"], hdist(own, gate_hex(st, o)), o))


def _reach_ok(st, seat, allow, cache):
    """Can a minion with this terrain allowance leave our gate making progress to the mark?"""
    if allow not in cache:
        mark = st["players"][seat]["mark"]
        if mark is None:
            cache[allow] = True
        else:
            dist = mark_distances(st, mark, allow)
            g = gate_hex(st, seat)
            cache[allow] = any(dist.get(n, INF) < INF for n in neighbours(g) if enterable(st, n, allow))
    return cache[allow]


def _sb_stack(st, seat):
    c = load()
    entries = st["prep"]["stacks"][str(seat)]
    eq = PR.equip_options(st, seat)
    if eq:
        e, h = eq[0]
        return {"do": "equip", "item": e, "hero": h}
    opts = PR.add_options(st, seat)
    av = PR._available(st, seat)
    cache = {}
    mins = [t for t in opts if c["units"][t]["kind"] == "minion"
            and _reach_ok(st, seat, ALLOWANCE[c["units"][t]["basic"]["terrain"]], cache)]
    heroes = [t for t in opts if c["units"][t]["kind"] == "hero"]
    left = st["players"][seat]["cp"] - PR.cp_spent(st, seat)
    if mins:
        def val(t):
            d = c["units"][t]["basic"]
            return (av[t][1] == 0, d["atk"] * 2 + d["hp"] * 0.5 + (1 if "siege" in d["talents"] else 0)
                    + 0.5 * d["mv"], av[t][1], t)
        return {"do": "add", "unit": max(mins, key=val)}
    free_h = [t for t in heroes if av[t][1] == 0]
    if free_h:
        return {"do": "add", "unit": free_h[0]}
    paid = [t for t in heroes if av[t][1] <= left]
    if paid and any(e["k"] == "minion" for e in entries):
        return {"do": "add", "unit": max(paid, key=lambda t: (c["units"][t]["basic"]["hp"] + 2 * c["units"][t]["basic"]["atk"], t))}
    return {"do": "lock"}


# ---------------------------------------------------------------- onslaught

def _sb_start(st, seat):
    p = st["players"][seat]
    if p["lb"] < B.lb_allowance(st, seat) and p["source"] > 0:
        threat = _threat(st, seat)
        if spire_count(st, seat) < spire_cap(st):
            a = _best_spire_build(st, seat, p["source"], threat)
            if a:
                return a[1]
        up = _best_upgrade(st, seat, p["source"], threat)
        if up:
            return up
    return _relic_die_or_next(st, seat)


def _enemy_spire_fire(st, seat):
    """hex -> expected spire damage if one of our units ends its move there."""
    out = {}
    for s in st["spires"].values():
        if friendly(st, seat, s["owner"]):
            continue
        atk, rng_, tal = C.spire_stats(st, s)
        if atk == 0:
            continue
        dmg = atk * 1.0 + (1 if "venom" in tal else 0)
        for h, d in _ball(st, s["pos"], rng_).items():
            if "lob" in tal and d <= 1:
                continue
            out[h] = out.get(h, 0) + dmg
    return out


def _sb_minion(st, seat):
    occ = occupancy(st)
    cands = P.lead_candidates(st, seat, occ)
    fire = _enemy_spire_fire(st, seat)
    best = None
    for u in cands:
        mode, opts, dist, d0 = minion_options(st, u, occ)
        if mode == "sidestep":
            key = (1, 0, 0, 0, "")
            act = {"do": "mm", "unit": u["id"], "to": ""}
            if best is None or key < best[0]:
                best = (key, act)
            continue
        for h, path in opts.items():
            near_gate = any(C.valid_target(st, seat, C.target_at(st, n, occ)) and C.target_at(st, n, occ)[0] == "gate"
                            for n in neighbours(h))
            key = (0, dist.get(h, INF) - (3 if near_gate else 0) + 0.6 * fire.get(h, 0), len(u["id"]), u["id"], _hk(h))
            if best is None or key < best[0]:
                best = (key, {"do": "mm", "unit": u["id"], "to": h})
    return best[1]


def _attack_options(st, u, pos, occ):
    """(value, target hex) attacks a unit standing at pos could make next."""
    r = unit_range(u)
    out = []
    seat = u["owner"]
    for h, d in _ball(st, pos, r).items():
        if h == pos or d == 0:
            continue
        t = C.target_at(st, h, occ)
        if t is None or (t[0] == "unit" and t[1] == u["id"]):
            continue
        if not C.valid_target(st, seat, t):
            continue
        out.append((h, t))
    return out


def _attack_value(st, u, h, t, occ, pos=None):
    """Heuristic value of u attacking target t at h from pos (negative = bad)."""
    pos = u["pos"] if pos is None else pos
    c = load()
    dmg = C.attack_damage(st, u, t)
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
        if not kill and l["id"] not in st["turn"]["retaliated"]:
            lr = C.talent_value_lm(ld, "range") or 1
            if hdist(l["pos"], pos) <= lr:
                ret = 3 if "endless_retaliation" in ld["talents"] else ld["atk"]
    else:
        tu = st["units"][t[1]]
        kill = dmg >= tu["hp"]
        rw = c["units"][tu["type"]][tu.get("side", "basic")]["reward"]
        v = (rw + 3 + (3 if tu["kind"] == "hero" else 0) if kill else 0.8 * dmg)
        if tu["pos"] and hdist(tu["pos"], gate_hex(st, u["owner"])) <= 3:
            v += 1.5  # defending our gate
        if not kill and tu["id"] not in st["turn"]["retaliated"] and hdist(tu["pos"], pos) <= unit_range(tu):
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


def _sb_attack(st, seat):
    g = _game()
    acts, oblig = g._attack_state(st, seat)
    if not acts:
        return {"do": "next"}
    occ = occupancy(st)
    scored = []
    for a in acts:
        u = st["units"][a["unit"]]
        t = C.target_at(st, a["at"], occ)
        v = _attack_value(st, u, a["at"], t, occ)
        # minions must attack anyway: let them go first on what they do best (the gate)
        scored.append((v + (0.5 if u["kind"] == "minion" else 0), a))
    scored.sort(key=lambda x: (-x[0], x[1]["unit"], _hk(x[1]["at"])))
    v, a = scored[0]
    if v <= 0 and not oblig:
        mins = [(v2, a2) for v2, a2 in scored if st["units"][a2["unit"]]["kind"] == "minion"]
        if not mins:
            return {"do": "next"}
        return mins[0][1]
    return a


def _sb_heroes(st, seat, step):
    f = P.forced_deploy(st, seat, step)
    if f is not None:
        return {"do": "mv", "unit": f["id"], "to": _sb_hero_dest(st, seat, f, forced=True)}
    t = st["turn"]
    occ = occupancy(st)
    fire = None
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["kind"] != "hero" or u["pos"] is None or u["id"] in t["moved"] or X.inactive(st, u):
            continue
        if fire is None:
            fire = _enemy_spire_fire(st, seat)
        dest = _sb_hero_dest(st, seat, u, occ=occ, fire=fire)
        if dest is not None and dest != u["pos"]:
            return {"do": "mv", "unit": u["id"], "to": dest}
    return {"do": "next"}


def _hero_pos_score(st, seat, u, h, occ, fire, enemy_units, own_gate, goal):
    # best attack from h
    best = 0.0
    for th, tt in _attack_options(st, u, h, occ):
        v = _attack_value(st, u, th, tt, occ, pos=h)
        if v > best:
            best = v
    score = best
    # danger: enemy spires fire on our turn; enemy units may attack on theirs
    danger = fire.get(h, 0)
    for e in enemy_units:
        if hdist(e["pos"], h) <= unit_move(e) + unit_range(e):
            danger += 0.5 * unit_attack(st, e)
    score -= danger * (3.0 if danger >= u["hp"] else 0.8)
    # defence: stay near enemy units threatening our gate, else escort toward the goal
    near_threat = [e for e in enemy_units if hdist(e["pos"], own_gate) <= 5]
    if near_threat:
        score -= 0.4 * min(hdist(h, e["pos"]) for e in near_threat)
    elif goal is not None:
        score -= 0.25 * goal.get(h, 30)
    return score


def _sb_hero_dest(st, seat, u, forced=False, occ=None, fire=None):
    occ = occupancy(st) if occ is None else occ
    fire = _enemy_spire_fire(st, seat) if fire is None else fire
    dests = hero_destinations(st, u, occ)
    if not dests:
        return None
    cands = list(dests)
    if not forced:
        cands.append(u["pos"])
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
    best = max(cands, key=lambda h: (scores[h], -(_hk(h)[0]), -(_hk(h)[1])))
    if not forced and u["pos"] in scores and scores[best] <= scores[u["pos"]] + 0.2:
        return u["pos"]
    return best
