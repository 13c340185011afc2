"""The strong bot's economy: market purchases, building (spires where the threat map says,
income advancements, upgrades, last-wave pegs), the mark and the deployment stack."""
from __future__ import annotations

from typing import Callable

from .. import build, combat, market, phases, prep
from ..content import ALLOWANCE, load
from ..hexgeo import hdist, neighbours
from ..movement import INF, enterable, mark_distances
from ..reach import ball
from ..state import build_of, faction_data, gate_hex, prep_of, spire_cap, spire_count
from ..types import Action, Hex, Seat, State
from .analysis import Threat, cloud_side, coverage, protected_well, threat_map
from .defaults import hex_key, relic_die_or_next


def sb_market(st: State, seat: Seat) -> Action:
    c = load()
    p = st["players"][seat]
    opts = market.options(st, seat)
    last = st["wave"] >= phases.last_wave(st)
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
        return {"type": "buy", "chip": best[1]}
    return {"type": "pass"}


def _spire_value(ini: list[str], cov_by_r: Callable[[int], float]) -> float:
    a, r, f = ini.count("a"), ini.count("r"), ini.count("f")
    return cov_by_r(1 + r) * (a + 0.25 * f + 0.1 * len(ini))


def _best_spire_build(st: State, seat: Seat, budget: int, threat: Threat,
                      wells: list[Hex] | None = None) -> tuple[float, Action] | None:
    """Best (value, action) construct within budget, or None."""
    c = load()
    if spire_count(st, seat) >= spire_cap(st):
        return None
    wells = build.buildable_wells(st, seat) if wells is None else wells
    if not wells:
        return None
    choices = [x for x in build.spire_choices(st, seat) if x[2] <= budget]
    choices = [x for x in choices if all(st["supply"][k] >= c["spires"][x[0]][x[1]]["initial"].count(k) for k in "arf")]
    if not choices:
        return None
    cache: dict[tuple[Hex, int], float] = {}
    well = protected_well(st)

    def cov(h: Hex, r: int) -> float:
        if (h, r) not in cache:
            cache[(h, r)] = coverage(st, threat, h, r)
        return cache[(h, r)]
    best: tuple[tuple[float, int, str, str, tuple[int, int]], float, Action] | None = None
    for t, side, cost in choices:
        ini = c["spires"][t][side]["initial"]
        for h in wells:
            v = _spire_value(ini, lambda r: cov(h, r))
            if h == well:
                v += 40 if cloud_side(st, seat) else 8  # CS-DM-7: taking / guarding the well
            elif well is not None and not cloud_side(st, seat) and well in ball(st, h, 1 + ini.count("r")):
                v += 4
            if v <= 0:
                continue
            key = (v - 2.0 * cost, -cost, t, side, hex_key(h))
            if best is None or key > best[0]:
                order = "".join(sorted(ini, key=lambda ch: {"a": 0, "r": 1, "f": 2}[ch]))
                best = (key, v, {"type": "build", "spire": t, "side": side, "at": h, "order": order})
    if best is None:
        return None
    return best[1], best[2]


def _best_upgrade(st: State, seat: Seat, budget: int, threat: Threat) -> Action | None:
    best: tuple[tuple[float, int, str, str], Action] | None = None
    for s in sorted(st["spires"].values(), key=lambda s: s["id"]):
        if s["owner"] != seat or build.upgrade_room(s) <= 0:
            continue
        atk, rng_, _ = combat.spire_stats(st, s)
        cov = coverage(st, threat, s["pos"], rng_)
        if cov <= 0:
            continue
        opts = []
        if st["supply"]["a"] > 0:
            opts.append(("a", cov * 1.0))
        if st["supply"]["f"] > 0 and s["chips"][-1] != "f":
            opts.append(("f", cov * 0.35 + 1))
        if st["supply"]["r"] > 0 and atk > 0:
            more = coverage(st, threat, s["pos"], rng_ + 1) - cov
            opts.append(("r", more * atk))
        for ch, v in opts:
            cost = build.upgrade_cost(s, ch)
            if cost > budget or v <= 0:
                continue
            key = (v / cost, -cost, s["id"], ch)
            if best is None or key > best[0]:
                best = (key, {"type": "up", "at": s["pos"], "chips": ch})
    return best[1] if best else None


def _cheapest_adv(st: State, seat: Seat, budget: int, income_only: bool = False) -> tuple[tuple[int, str], str, int] | None:
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


def _spire_target(st: State) -> int:
    return min(spire_cap(st), st["wave"] + 1)


def sb_build(st: State, seat: Seat) -> Action:
    b = build_of(st)
    p = st["players"][seat]
    c = load()
    threat = threat_map(st, seat)
    if b["follow"]:
        wells = [w for w in b["follow"]["wells"] if w in build.buildable_wells(st, seat)]
        a = _best_spire_build(st, seat, p["source"], threat, wells)
        return a[1] if a else {"type": "skip"}
    es = [x for x in p["beside"] if x in c["earthscapes"]]
    if es:
        pl = build.earthscape_placements(st, seat, es[0])
        if pl:
            return {"type": "es", "earthscape": es[0], "at": pl[0][0], "rot": pl[0][1]}
    src = p["source"]
    last = st["wave"] >= phases.last_wave(st)
    left_waves = phases.last_wave(st) - st["wave"]
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
            return {"type": "adv", "structure": adv[1]}
        up = _best_upgrade(st, seat, src, threat)
        return up or {"type": "end"}
    # 2. spires up to a per-wave target
    if spire_count(st, seat) < _spire_target(st):
        a = _best_spire_build(st, seat, src, threat)
        if a:
            return a[1]
    # 3. income advancement when it pays back (remaining incomes + the peg itself)
    adv = _cheapest_adv(st, seat, src, income_only=True)
    if adv and left_waves + 2 >= adv[2]:
        return {"type": "adv", "structure": adv[1]}
    # 4. upgrades on the spires that cover the approach, keep 2 Source for a limited build
    up = _best_upgrade(st, seat, src - 2, threat)
    if up:
        return up
    # 5. spare Source: pegs
    adv = _cheapest_adv(st, seat, src - 3)
    if adv and st["wave"] >= phases.last_wave(st) - 1:
        return {"type": "adv", "structure": adv[1]}
    return {"type": "end"}


def sb_mark(st: State, seat: Seat) -> Seat:
    """Weakest reachable opposing gate (lowest gate health, then nearest)."""
    opts = prep.mark_options(st, seat) or [prep.default_mark(st, seat)]
    own = gate_hex(st, seat)
    return min(opts, key=lambda o: (st["players"][o]["gate"], hdist(own, gate_hex(st, o)), o))


def _reach_ok(st: State, seat: Seat, allow: int, cache: dict[int, bool]) -> bool:
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


def sb_stack(st: State, seat: Seat) -> Action:
    c = load()
    entries = prep_of(st)["stacks"][str(seat)]
    eq = prep.equip_options(st, seat)
    if eq:
        e, h = eq[0]
        return {"type": "equip", "item": e, "hero": h}
    opts = prep.add_options(st, seat)
    av = prep._available(st, seat)
    cache: dict[int, bool] = {}
    mins = [t for t in opts if c["units"][t]["kind"] == "minion"
            and _reach_ok(st, seat, ALLOWANCE[c["units"][t]["basic"]["terrain"]], cache)]
    heroes = [t for t in opts if c["units"][t]["kind"] == "hero"]
    left = st["players"][seat]["cp"] - prep.cp_spent(st, seat)
    if mins:
        def val(t: str) -> tuple[bool, float, int, str]:
            d = c["units"][t]["basic"]
            return (av[t][1] == 0, d["atk"] * 2 + d["hp"] * 0.5 + (1 if "siege" in d["talents"] else 0)
                    + 0.5 * d["mv"], av[t][1], t)
        return {"type": "add", "unit": max(mins, key=val)}
    free_h = [t for t in heroes if av[t][1] == 0]
    if free_h:
        return {"type": "add", "unit": free_h[0]}
    paid = [t for t in heroes if av[t][1] <= left]
    if paid and any(e["k"] == "minion" for e in entries):
        return {"type": "add", "unit": max(paid, key=lambda t: (c["units"][t]["basic"]["hp"] + 2 * c["units"][t]["basic"]["atk"], t))}
    return {"type": "lock"}


def sb_start(st: State, seat: Seat) -> Action:
    p = st["players"][seat]
    if p["lb"] < build.lb_allowance(st, seat) and p["source"] > 0:
        threat = threat_map(st, seat)
        if spire_count(st, seat) < spire_cap(st):
            a = _best_spire_build(st, seat, p["source"], threat)
            if a:
                return a[1]
        up = _best_upgrade(st, seat, p["source"], threat)
        if up:
            return up
    return relic_die_or_next(st, seat)
