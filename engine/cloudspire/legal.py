"""Legal actions: every move each seat may make now, in a fixed order (the bots, the menus
and uniform random play rely on that order). ``continue_action`` is what a Continue button
does (notation.CONTINUE_ORDER)."""
from __future__ import annotations

from . import build, cards, market, phases, prep
from .combat import levelup_options, spire_targets, target_on, unit_targets
from .content import load
from .explore import explorable, inactive
from .movement import hero_destinations, minion_options
from .notation import CONTINUE_ORDER
from .opening import guided_actions
from .state import build_of, friendly, occupancy, prep_of, spire_cap, spire_count, turn_of
from .turns import acting_seats
from .types import Action, Hex, Pending, Seat, State


def legal_actions(st: State, seat: Seat) -> list[Action]:
    if seat not in acting_seats(st):
        return []
    if st["pending"]:
        return pending_actions(st, st["pending"][0])
    ph = st["phase"]
    c = load()
    if ph == "faction":
        taken = {f for f in st["factions"] if f}
        return [{"type": "pick", "faction": f} for f in c["faction_order"] if f not in taken]
    if ph == "setup":
        return guided_actions(st)
    if ph == "market":
        return [{"type": "pass"} if x == "pass" else {"type": "buy", "chip": x} for x in market.options(st, seat)]
    if ph == "build":
        return build_actions(st, seat)
    if ph == "prep":
        return prep_actions(st, seat)
    return onslaught_actions(st, seat)


def continue_action(st: State, seat: Seat) -> Action | None:
    """The first legal of next / end / skip / pass / lock, or None."""
    legal = {a["type"] for a in legal_actions(st, seat) if len(a) == 1}
    for verb in CONTINUE_ORDER:
        if verb in legal:
            return {"type": verb}
    return None


def spire_build_actions(st: State, seat: Seat, wells: list[Hex] | None = None, need_influence: bool = True,
                        free: bool = False) -> list[Action]:
    c = load()
    out: list[Action] = []
    if st["players"][seat] is None:
        return out
    if spire_count(st, seat) >= spire_cap(st):
        return out
    wells = build.buildable_wells(st, seat, need_influence) if wells is None else wells
    src = st["players"][seat]["source"]
    for t, side, cost in build.spire_choices(st, seat):
        if cost > src and not free:
            continue
        init = c["spires"][t][side]["initial"]
        if any(st["supply"][k] < init.count(k) for k in "arf"):
            continue
        for h in wells:
            for o in build.orders_for(init):
                out.append({"type": "build", "spire": t, "side": side, "at": h, "order": o})
    return out


def follow_wells(st: State, seat: Seat, wells: list[Hex]) -> list[Hex]:
    """The wells a just-placed earthscape opened that ``seat`` may build on."""
    return [w for w in wells if w in build.buildable_wells(st, seat)]


def build_actions(st: State, seat: Seat) -> list[Action]:
    b = build_of(st)
    if b["follow"]:
        out = spire_build_actions(st, seat, wells=follow_wells(st, seat, b["follow"]["wells"]))
        return out + [{"type": "skip"}]
    out = spire_build_actions(st, seat)
    out += [{"type": "up", "at": h, "chips": ch} for h, ch in build.upgrade_options(st, seat)]
    c = load()
    for es_id in sorted(set(x for x in st["players"][seat]["beside"] if x in c["earthscapes"])):
        out += [{"type": "es", "earthscape": es_id, "at": h, "rot": r}
                for h, r in build.earthscape_placements(st, seat, es_id)]
    out += [{"type": "adv", "structure": a} for a in build.adv_options(st, seat)]
    out.append({"type": "end"})
    return out


def prep_actions(st: State, seat: Seat) -> list[Action]:
    if prep_of(st)["step"] == "mark":
        return [{"type": "mark", "target": o} for o in prep.mark_options(st, seat)]
    out: list[Action] = [{"type": "add", "unit": t} for t in prep.add_options(st, seat)]
    out += [{"type": "join", "unit": t} for t in prep.join_options(st, seat)]
    out += [{"type": "equip", "item": e, "hero": h} for e, h in prep.equip_options(st, seat)]
    if prep_of(st)["stacks"][str(seat)]:
        out.append({"type": "undo"})
    out += [{"type": "autostack"}, {"type": "lock"}]
    return out


def pending_actions(st: State, p: Pending) -> list[Action]:
    seat = p["seat"]
    if p["kind"] == "levelup":
        u = st["units"][p["unit"]]
        return [{"type": "lvl", "unit": p["unit"], "choice": ch} for ch in levelup_options(st, u)]
    if p["kind"] == "free_spire":
        c = load()
        out: list[Action] = []
        for t, side, cost in build.free_choices(st, seat):
            for o in build.orders_for(c["spires"][t]["basic"]["initial"]):
                out.append({"type": "free", "spire": t, "order": o})
        return out + [{"type": "free", "spire": "none", "order": ""}]
    if p["kind"] == "fire":
        s = st["spires"][p["spire"]]
        return [{"type": "fire", "spire": s["id"], "unit": u} for u in spire_targets(st, s, turn_of(st)["seat"])]
    if p["kind"] == "mark":
        opts = [o for o in range(st["seats"]) if not friendly(st, seat, o) and not st["players"][o]["broken"]]
        return [{"type": "mark", "target": o} for o in opts]
    return []


def hero_moves(st: State, seat: Seat, step: str) -> tuple[list[Action], bool]:
    """(hero moves, forced): a hero on top of the stack that must deploy comes first
    (CS-MOV-1(a)/(c)); otherwise each active unmoved hero's destinations (CS-MOV-5)."""
    out: list[Action] = []
    t = turn_of(st)
    forced = phases.forced_deploy(st, seat, step)
    if forced is not None:
        for h in sorted(hero_destinations(st, forced)):
            out.append({"type": "mv", "unit": forced["id"], "to": h})
        return out, True
    occ = occupancy(st)
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["kind"] != "hero" or u["pos"] is None or u["id"] in t["moved"] or inactive(st, u):
            continue
        for h in sorted(hero_destinations(st, u, occ)):
            out.append({"type": "mv", "unit": u["id"], "to": h})
    return out, False


def attack_state(st: State, seat: Seat) -> tuple[list[Action], bool]:
    """(actions, obligations) for the attack step (CS-ATK-1..5)."""
    occ = occupancy(st)
    acts: list[Action] = []
    oblig = False
    t = turn_of(st)
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["pos"] is None or u["id"] in t["attacked"] or inactive(st, u):
            continue
        targets = unit_targets(st, u, occ)
        if not targets:
            continue
        for h in targets:
            acts.append({"type": "atk", "unit": u["id"], "at": h})
        tg = target_on(st, targets[0], occ)
        engage = tg[0] == "lm" and "engage" in load()["landmarks"][st["landmarks"][tg[1]]["type"]]["talents"]
        if u["kind"] == "minion" or engage:
            oblig = True
    return acts, oblig


def onslaught_actions(st: State, seat: Seat) -> list[Action]:
    t = turn_of(st)
    step = t["step"]
    out: list[Action] = []
    if step == "start":
        p = st["players"][seat]
        if p["lb"] < build.lb_allowance(st, seat):
            out += spire_build_actions(st, seat)
            out += [{"type": "up", "at": h, "chips": ch} for h, ch in build.upgrade_options(st, seat)]
        for rid in sorted(set(p["relics"])):
            for args in cards.relic_targets(st, seat, rid):
                out.append({"type": "relic", "relic": rid, "args": args})
        if not p["die_used"]:
            out.append({"type": "die"})
        out.append({"type": "next"})
        return out
    if step in ("a", "c"):
        moves, forced = hero_moves(st, seat, step)
        out += moves
        if not forced:
            out.append({"type": "next"})
        return out
    if step == "m":
        for u in phases.lead_candidates(st, seat):
            mode, opts, _, _ = minion_options(st, u)
            for h in sorted(opts):
                out.append({"type": "mm", "unit": u["id"], "to": h})
        return out
    if step == "explore":
        if t["peek"]:
            return [{"type": "reveal"}, {"type": "hide"}]
        out = [{"type": "explore", "at": h} for h in explorable(st, seat)]
        return out + [{"type": "next"}]
    if step == "attack":
        acts, oblig = attack_state(st, seat)
        return acts + ([] if oblig else [{"type": "next"}])
    return []
