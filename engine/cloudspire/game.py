"""The Cloudspire engine: the contract in engine/base.py (prompts, legal actions, apply).

Actions are dicts ``{"do": verb, ...}``; their compact notation is in notation.py.
``apply`` deep-copies; ``apply_inplace`` is the fast path used by playouts.
"""
from __future__ import annotations

import copy
import json

from ..base import Event, IllegalAction, Prompt, Result
from .. import rng as _rng
from .content import load
from . import build as B, cards, market, mapgen, phases as P, prep as PR, explore as X, combat as C
from .movement import hero_destinations, minion_options, INF
from .state import (POLICIES, friendly, has_minions_anywhere, init_faction, new_state, occupancy,
                    turn_order, unit_range)
from . import notation

OPTIONS = {
    "map": {"choices": ["random", "guided", "tutorial"], "default": "random"},
    "factions": {"choices": ["random", "pick"], "default": "random"},
    "mode": {"choices": ["ffa", "teams"], "default": "ffa"},
    "events": {"choices": ["on", "off"], "default": "on"},
    "faster_market": {"choices": ["off", "on"], "default": "off"},
    "faster_build": {"choices": ["off", "on"], "default": "off"},
    "faster_prep": {"choices": ["off", "on"], "default": "off"},
    "faster_short": {"choices": ["off", "on"], "default": "off"},
    "waves": {"choices": [4, 5, 6, 7, 8], "default": 4},
    "relics": {"choices": ["all", "first_game"], "default": "all"},
    "spire_policy": {"choices": POLICIES["spire"], "default": "lowest_health"},
    "levelup_policy": {"choices": POLICIES["levelup"], "default": "auto"},
}


def illegal(code, msg, legal=None, **params):
    return IllegalAction(f"cloudspire.err.{code}", msg, legal=[notation.format_action(a) for a in (legal or [])[:6]],
                         **params)


# ====================================================================== setup

def setup(seats: int, options: dict, seed: int) -> dict:
    if not 2 <= seats <= 4:
        raise illegal("bad_seats", "Cloudspire needs 2-4 players.", seats=seats)
    opts = {k: v["default"] for k, v in OPTIONS.items()}
    for k, v in (options or {}).items():
        if k not in OPTIONS:
            raise illegal("bad_option", f"Unknown option {k}.", option=k)
        if v not in OPTIONS[k]["choices"]:
            raise illegal("bad_option", f"Bad value for {k}.", option=k)
        opts[k] = v
    if opts["mode"] == "teams" and seats != 4:
        raise illegal("bad_option", "2 vs 2 needs 4 players.", option="mode")
    if opts["map"] == "tutorial" and seats != 2:
        raise illegal("bad_option", "The tutorial layout is for 2 players.", option="map")
    if any(opts[k] == "on" for k in ("faster_market", "faster_build", "faster_prep", "faster_short")):
        opts["events"] = "off"  # CS-ADJ-2: faster game includes no events
    st = new_state(seats, opts, seed)
    c = load()
    events = []
    if opts["map"] == "tutorial":
        for s, f in enumerate(c["tutorial"]["factions"]):
            init_faction(st, s, f)
        _finish_setup(st, events)
    elif opts["factions"] == "pick":
        st["phase"] = "faction"
        st["setup"] = {"pick": 0}
    else:
        fs = list(c["faction_order"])
        _rng.shuffle(st["rng"], fs)
        for i, s in enumerate(turn_order(st)):
            init_faction(st, s, fs[i])
        _after_factions(st, events)
    return st


def _after_factions(st, events):
    if st["options"]["map"] == "guided":
        _start_guided(st)
    else:
        _finish_setup(st, events)


def _start_guided(st):
    c = load()
    st["phase"] = "setup"
    m = st["map"]
    centre = mapgen._centre_id()
    others = [i for i in c["isle_order"] if i != centre]
    _rng.shuffle(st["rng"], others)
    mapgen.place_isle(m, 0, centre, 0, True)
    for k in range(1, 7):
        mapgen.place_isle(m, k, others[k - 1], 0, False)
    st["spare_isle"] = others[6]
    order = turn_order(st)
    n = st["seats"]
    seq = [order[1], order[0]] if n == 2 else [order[-1]] + [order[i] for i in range(n - 2, -1, -1)]
    st["setup"] = {"fort_seq": seq, "i": 0, "step": "isle", "slot": None, "reveal_seq": []}


def _guided_seat(st):
    su = st["setup"]
    if su["step"] in ("isle", "fort"):
        return su["fort_seq"][su["i"]]
    return su["reveal_seq"][0] if su["reveal_seq"] else None


def _guided_slot_choices(st):
    su = st["setup"]
    m = st["map"]
    n = st["seats"]
    unrev = [k for k in range(1, 7) if not m["slots"][k]["revealed"]]
    if su["step"] == "reveal" or su["i"] == 0:
        return unrev
    if n == 2:
        prev = m["last_fort_slot"]
        return [k for k in unrev if not mapgen.slots_adjacent(k, prev)]
    return mapgen.next_unrevealed(m, 3 if n == 3 else 2)


def _guided_actions(st):
    su = st["setup"]
    m = st["map"]
    seat = _guided_seat(st)
    out = []
    if su["step"] == "fort":
        for g, o in mapgen.fort_placements(m, st["factions"][seat], su["slot"]):
            out.append({"do": "fort", "gate": g, "orient": o})
        return out
    for k in _guided_slot_choices(st):
        isle = m["slots"][k]["isle"]
        for r in mapgen.legal_rotations(isle, k):
            if su["step"] == "isle":
                mapgen.place_isle(m, k, isle, r, True)
                ok = bool(mapgen.fort_placements(m, st["factions"][seat], k))
                _unreveal(m, k)
                if not ok:
                    continue
            out.append({"do": "isle", "slot": k, "rot": r})
    return out


def _unreveal(m, k):
    s = m["slots"][k]
    for h in [h for h, c in m["hexes"].items() if c["g"] == s["isle"]]:
        del m["hexes"][h]
    s["revealed"] = False
    s["rot"] = 0


def _apply_guided(st, seat, a, events):
    su = st["setup"]
    m = st["map"]
    if a["do"] == "isle":
        k = a["slot"]
        mapgen.place_isle(m, k, m["slots"][k]["isle"], a["rot"], True)
        ev = {"kind": "isle_revealed", "params": {"seat": seat, "slot": k, "isle": m["slots"][k]["isle"], "rot": a["rot"]}}
        events.append(ev)
        if su["step"] == "isle":
            su["slot"] = k
            su["step"] = "fort"
        else:
            su["reveal_seq"].pop(0)
            if not su["reveal_seq"]:
                _finish_setup(st, events)
        return
    mapgen.attach_fort(m, seat, st["factions"][seat], a["gate"], a["orient"])
    m["last_fort_slot"] = su["slot"]
    events.append({"kind": "fortress_attached", "params": {"seat": seat, "gate": a["gate"], "orient": a["orient"]}})
    su["i"] += 1
    su["step"] = "isle"
    if su["i"] >= len(su["fort_seq"]):
        su["step"] = "reveal"
        left = [k for k in range(1, 7) if not m["slots"][k]["revealed"]]
        n = st["seats"]
        order = turn_order(st)
        if n == 2:
            cyc = [order[1], order[0]]
        else:
            last = su["fort_seq"][-1]
            cyc = [(last - i) % n for i in range(n)]
        su["reveal_seq"] = [cyc[i % len(cyc)] for i in range(len(left))]
        if not left:
            _finish_setup(st, events)


def _finish_setup(st, events):
    c = load()
    m = st["map"]
    tut = st["options"]["map"] == "tutorial"
    if tut:
        T = c["tutorial"]
        for k, (iid, rot) in enumerate(T["isles"]):
            mapgen.place_isle(m, k, iid, rot, True)
        st["spare_isle"] = T["spare_isle"]
        for f in T["forts"]:
            mapgen.attach_fort(m, f["seat"], st["factions"][f["seat"]], f["gate"], f["orient"])
        mapgen.place_landmarks(st, turn_order(st), fixed=T["landmarks"])
        st["market"] = {"supply": list(T["market_supply"]) + [x for x in c["market_order"]
                                                             if x not in T["market_supply"] and x not in T["market_face"]],
                        "face": list(T["market_face"]), "discard": [],
                        "es_pile": list(T["earthscapes"][1:]) + [e for e in c["earthscape_order"] if e not in T["earthscapes"]],
                        "es_face": T["earthscapes"][0], "es_discard": [], "es_bought": False, "turn": 0}
    else:
        if st["options"]["map"] == "random":
            mapgen.random_layout(st, turn_order(st))
        mapgen.place_landmarks(st, turn_order(st))
        sup = list(c["market_order"])
        _rng.shuffle(st["rng"], sup)
        es = list(c["earthscape_order"])
        _rng.shuffle(st["rng"], es)
        st["market"] = {"supply": sup, "face": [], "discard": [], "es_pile": es, "es_face": None,
                        "es_discard": [], "es_bought": False, "turn": 0}
        market.fill(st)
    cards.build_decks(st)
    st["setup"] = None
    P.start_wave(st, events)


# ====================================================================== who acts

def acting_seats(st) -> list[int]:
    if st["phase"] == "over":
        return []
    if st["pending"]:
        return [st["pending"][0]["seat"]]
    ph = st["phase"]
    if ph == "faction":
        return [turn_order(st)[st["setup"]["pick"]]]
    if ph == "setup":
        return [_guided_seat(st)]
    if ph == "market":
        return [P.market_seat(st)]
    if ph == "build":
        return P.build_seats(st)
    if ph == "prep":
        if st["prep"]["step"] == "mark":
            return [PR.marking_seat(st)]
        return PR.stacking_seats(st)
    if ph == "onslaught":
        return [st["turn"]["seat"]]
    return []


def prompts(st) -> list[Prompt]:
    out = []
    for s in acting_seats(st):
        key, kind, params = _prompt_key(st, s)
        out.append(Prompt(seat=s, kind=kind, key=f"cloudspire.prompt.{key}", params=params))
    return out


def _prompt_key(st, s):
    if st["pending"]:
        p = st["pending"][0]
        return p["kind"], "reaction", {k: v for k, v in p.items() if k not in ("seat", "kind")}
    ph = st["phase"]
    if ph == "faction":
        return "pick_faction", "setup", {}
    if ph == "setup":
        return {"isle": "setup_isle", "fort": "setup_fort", "reveal": "setup_reveal"}[st["setup"]["step"]], "setup", {}
    if ph == "market":
        return "market", "turn", {"source": st["players"][s]["source"]}
    if ph == "build":
        if st["build"]["follow"]:
            return "build_follow", "turn", {}
        return "build", ("simultaneous" if P.build_simultaneous(st) else "turn"), {"source": st["players"][s]["source"]}
    if ph == "prep":
        if st["prep"]["step"] == "mark":
            return "mark", "turn", {}
        return "stack", ("simultaneous" if PR.simultaneous(st) else "turn"), {"cp": st["players"][s]["cp"] - PR.cp_spent(st, s)}
    t = st["turn"]
    step = t["step"]
    if step == "explore" and t["peek"]:
        return "peek", "turn", {}
    return {"start": "start", "a": "heroes_before", "m": "minion", "c": "heroes_after",
            "explore": "explore", "attack": "attack", "fire": "attack"}[step], "turn", {"round": st["round"]}


# ====================================================================== legal actions

def legal_actions(st, seat) -> list[dict]:
    if seat not in acting_seats(st):
        return []
    if st["pending"]:
        return _pending_actions(st, st["pending"][0])
    ph = st["phase"]
    c = load()
    if ph == "faction":
        taken = {f for f in st["factions"] if f}
        return [{"do": "pick", "faction": f} for f in c["faction_order"] if f not in taken]
    if ph == "setup":
        return _guided_actions(st)
    if ph == "market":
        return [{"do": "pass"} if x == "pass" else {"do": "buy", "chip": x} for x in market.options(st, seat)]
    if ph == "build":
        return _build_actions(st, seat)
    if ph == "prep":
        if st["prep"]["step"] == "mark":
            return [{"do": "mark", "target": o} for o in PR.mark_options(st, seat)]
        out = [{"do": "add", "unit": t} for t in PR.add_options(st, seat)]
        out += [{"do": "join", "unit": t} for t in PR.join_options(st, seat)]
        out += [{"do": "equip", "item": e, "hero": h} for e, h in PR.equip_options(st, seat)]
        if st["prep"]["stacks"][str(seat)]:
            out.append({"do": "undo"})
        out += [{"do": "autostack"}, {"do": "lock"}]
        return out
    return _onslaught_actions(st, seat)


def _spire_build_actions(st, seat, wells=None, need_influence=True, free=False):
    c = load()
    out = []
    if st["players"][seat] is None:
        return out
    from .state import spire_count, spire_cap
    if spire_count(st, seat) >= spire_cap(st):
        return out
    wells = B.buildable_wells(st, seat, need_influence) if wells is None else wells
    src = st["players"][seat]["source"]
    for t, side, cost in B.spire_choices(st, seat):
        if cost > src and not free:
            continue
        init = c["spires"][t][side]["initial"]
        if any(st["supply"][k] < init.count(k) for k in "arf"):
            continue
        for h in wells:
            for o in B.orders_for(init):
                out.append({"do": "build", "spire": t, "side": side, "at": h, "order": o})
    return out


def _build_actions(st, seat):
    b = st["build"]
    if b["follow"]:
        out = _spire_build_actions(st, seat, wells=[w for w in b["follow"]["wells"]
                                                     if w in B.buildable_wells(st, seat)])
        return out + [{"do": "skip"}]
    out = _spire_build_actions(st, seat)
    out += [{"do": "up", "at": h, "chips": ch} for h, ch in B.upgrade_options(st, seat)]
    c = load()
    for es_id in sorted(set(x for x in st["players"][seat]["beside"] if x in c["earthscapes"])):
        out += [{"do": "es", "earthscape": es_id, "at": h, "rot": r} for h, r in B.earthscape_placements(st, seat, es_id)]
    out += [{"do": "adv", "structure": a} for a in B.adv_options(st, seat)]
    out.append({"do": "end"})
    return out


def _pending_actions(st, p):
    seat = p["seat"]
    if p["kind"] == "levelup":
        u = st["units"][p["unit"]]
        return [{"do": "lvl", "unit": p["unit"], "choice": ch} for ch in C.levelup_options(st, u)]
    if p["kind"] == "free_spire":
        c = load()
        out = []
        for t, side, cost in B._free_choices(st, seat):
            for o in B.orders_for(c["spires"][t]["basic"]["initial"]):
                out.append({"do": "free", "spire": t, "order": o})
        return out + [{"do": "free", "spire": "none", "order": ""}]
    if p["kind"] == "fire":
        s = st["spires"][p["spire"]]
        return [{"do": "fire", "spire": s["id"], "unit": u} for u in C.spire_targets(st, s, st["turn"]["seat"])]
    if p["kind"] == "mark":
        opts = [o for o in range(st["seats"]) if not friendly(st, seat, o) and not st["players"][o]["broken"]]
        return [{"do": "mark", "target": o} for o in opts]
    return []


def _hero_moves(st, seat, step):
    out = []
    t = st["turn"]
    forced = P.forced_deploy(st, seat, step)
    if forced is not None:
        for h in sorted(hero_destinations(st, forced)):
            out.append({"do": "mv", "unit": forced["id"], "to": h})
        return out, True
    occ = occupancy(st)
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["kind"] != "hero" or u["pos"] is None or u["id"] in t["moved"] or X.inactive(st, u):
            continue
        for h in sorted(hero_destinations(st, u, occ)):
            out.append({"do": "mv", "unit": u["id"], "to": h})
    return out, False


def _attack_state(st, seat):
    """(actions, obligations) for the attack step (CS-ATK-1..5)."""
    occ = occupancy(st)
    acts, oblig = [], False
    t = st["turn"]
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["owner"] != seat or u["pos"] is None or u["id"] in t["attacked"] or X.inactive(st, u):
            continue
        targets = C.unit_targets(st, u, occ)
        if not targets:
            continue
        for h in targets:
            acts.append({"do": "atk", "unit": u["id"], "at": h})
        tg = C.target_at(st, targets[0], occ)
        engage = tg[0] == "lm" and "engage" in load()["landmarks"][st["landmarks"][tg[1]]["type"]]["talents"]
        if u["kind"] == "minion" or engage:
            oblig = True
    return acts, oblig


def _onslaught_actions(st, seat):
    t = st["turn"]
    step = t["step"]
    out = []
    if step == "start":
        p = st["players"][seat]
        if p["lb"] < B.lb_allowance(st, seat):
            out += _spire_build_actions(st, seat)
            out += [{"do": "up", "at": h, "chips": ch} for h, ch in B.upgrade_options(st, seat)]
        for rid in sorted(set(p["relics"])):
            for args in cards.relic_targets(st, seat, rid):
                out.append({"do": "relic", "relic": rid, "args": args})
        if not p["die_used"]:
            out.append({"do": "die"})
        out.append({"do": "next"})
        return out
    if step in ("a", "c"):
        moves, forced = _hero_moves(st, seat, step)
        out += moves
        if not forced:
            out.append({"do": "next"})
        return out
    if step == "m":
        for u in P.lead_candidates(st, seat):
            mode, opts, _, _ = minion_options(st, u)
            for h in sorted(opts):
                out.append({"do": "mm", "unit": u["id"], "to": h})
        return out
    if step == "explore":
        if t["peek"]:
            return [{"do": "reveal"}, {"do": "hide"}]
        out = [{"do": "explore", "at": h} for h in X.explorable(st, seat)]
        return out + [{"do": "next"}]
    if step == "attack":
        acts, oblig = _attack_state(st, seat)
        return acts + ([] if oblig else [{"do": "next"}])
    return []


# ====================================================================== apply

def apply(st, seat, action):
    new = copy.deepcopy(st)
    events = apply_inplace(new, seat, action, check=True)
    return new, [Event(kind=e["kind"], params=_ev_params(e)) for e in events]


def _ev_params(e):
    p = dict(e["params"])
    if "private_to" in e:
        p["private_to"] = e["private_to"]
    return p


def _norm(a):
    return json.dumps(a, sort_keys=True)


def apply_inplace(st, seat, action, check=True, autoplay=True) -> list[dict]:
    if not isinstance(action, dict) or "do" not in action:
        raise illegal("bad_action", "Not an action.")
    if action["do"] == "pol":
        return _apply_policy(st, seat, action)
    if st["phase"] == "over":
        raise illegal("game_over", "The game is over.")
    if check:
        if seat not in acting_seats(st):
            raise illegal("not_your_turn", "It is not your decision.", seat=seat)
        legal = legal_actions(st, seat)
        na = _norm(action)
        if not any(_norm(x) == na for x in legal):
            raise _diagnose(st, seat, action, legal)
    events: list[dict] = []
    _dispatch(st, seat, action, events)
    advance(st, events)
    if st["conceded"] and autoplay:
        _autoplay_conceded(st, events)
    return events


def _apply_policy(st, seat, a):
    k, v = a.get("key"), a.get("value")
    if k not in POLICIES or v not in POLICIES[k] or not 0 <= seat < st["seats"]:
        raise illegal("bad_policy", "Unknown policy.", key=k)
    st["players"][seat]["policy"][k] = v
    # a standing policy is a private setting (redact.py): only its owner is told
    return [{"kind": "policy", "params": {"seat": seat, "key": k, "value": v}, "private_to": seat}]


def _diagnose(st, seat, a, legal):
    verbs = {x["do"] for x in legal}
    d = a["do"]
    if d not in verbs:
        return illegal("wrong_step", f"'{d}' is not possible now.", legal, verb=d)
    if d in ("build",) and st["phase"] in ("build", "onslaught"):
        code = B.construct_legal(st, seat, a.get("spire"), a.get("side", "basic"), a.get("at"), a.get("order", ""))
        if code:
            return illegal(code, f"Cannot build there: {code}.", legal)
    if d == "up":
        code = B.upgrade_legal(st, seat, a.get("at"), a.get("chips", ""))
        if code:
            return illegal(code, f"Cannot upgrade: {code}.", legal)
    if d == "es" and _es_cuts_path(st, seat, a):
        return illegal("es_cuts_path", "That earthscape would cut a fortress gate off from the paths "
                       "to the other gates (CS-AMB-30).", legal, earthscape=a.get("earthscape"), at=a.get("at"))
    if d == "mm":
        return illegal("bad_minion_move", "That minion move is not allowed (CS-MOV-9).", legal)
    if d == "mv":
        return illegal("bad_hero_move", "That hero move is not allowed.", legal)
    if d == "atk":
        return illegal("bad_target", "Not a valid attack.", legal)
    return illegal("illegal_action", "That action is not legal now.", legal)


def _es_cuts_path(st, seat, a):
    """An earthscape placement that is legal in every other way (CS-AMB-30) but cuts a path."""
    es, at, rot = a.get("earthscape"), a.get("at"), a.get("rot")
    if (st["phase"] != "build" or st["build"]["follow"] or es not in st["players"][seat]["beside"]
            or es not in load()["earthscapes"] or rot not in range(6)
            or not isinstance(at, str) or at not in st["map"]["hexes"]):
        return False
    return B.earthscape_fits(st, seat, es, at, rot) and B.earthscape_cuts_path(st, es, at, rot)


def _dispatch(st, seat, a, events):
    d = a["do"]
    if st["pending"]:
        return _resolve_pending(st, seat, a, events)
    ph = st["phase"]
    if ph == "faction":
        init_faction(st, seat, a["faction"])
        events.append({"kind": "faction_picked", "params": {"seat": seat, "faction": a["faction"]}})
        st["setup"]["pick"] += 1
        if st["setup"]["pick"] >= st["seats"]:
            _after_factions(st, events)
        return
    if ph == "setup":
        return _apply_guided(st, seat, a, events)
    if ph == "market":
        if d == "buy":
            market.buy(st, seat, a["chip"], events)
        else:
            events.append({"kind": "passed", "params": {"seat": seat}})
        return P.after_market_turn(st, events)
    if ph == "build":
        b = st["build"]
        if b["follow"]:
            b["follow"] = None
            if d == "build":
                B.construct(st, seat, a["spire"], a["side"], a["at"], a["order"], events)
            return P.after_build_turn(st, seat, events)
        if d == "end":
            b["ended"].append(seat)
            events.append({"kind": "build_ended", "params": {"seat": seat}})
        elif d == "build":
            B.construct(st, seat, a["spire"], a["side"], a["at"], a["order"], events)
        elif d == "up":
            B.upgrade(st, seat, a["at"], a["chips"], events)
        elif d == "adv":
            B.advance(st, seat, a["structure"], events)
        elif d == "es":
            wells = B.place_earthscape(st, seat, a["earthscape"], a["at"], a["rot"], events)
            if wells and _spire_build_actions(st, seat, wells=[w for w in wells if w in B.buildable_wells(st, seat)]):
                b["follow"] = {"seat": seat, "wells": wells}
                return
        return P.after_build_turn(st, seat, events)
    if ph == "prep":
        pr = st["prep"]
        if pr["step"] == "mark":
            return PR.set_mark(st, seat, a["target"], events)
        if d in ("add", "join"):
            PR.add(st, seat, a["unit"], d == "join", events)
        elif d == "equip":
            for e in pr["stacks"][str(seat)]:
                if e["k"] == "hero" and e["types"][0] == a["hero"]:
                    e["eq"].append(a["item"])
                    break
        elif d == "undo":
            PR.undo(st, seat)
        elif d in ("lock", "autostack"):
            if d == "autostack":
                default_stack(st, seat)
            if PR.lock(st, seat, events):
                P.start_onslaught(st, events)
        return
    return _onslaught_dispatch(st, seat, a, events)


def default_stack(st, seat):
    """Spec default: starting hero if available, then minions greedily from most to least
    expensive that still fit, ungrouped; minions by move (lowest first), hero last."""
    c = load()
    st["prep"]["stacks"][str(seat)] = []
    heroes, mins = [], []
    while True:
        opts = PR.add_options(st, seat)
        hs = [t for t in opts if c["units"][t]["kind"] == "hero" and PR._available(st, seat)[t][1] == 0]
        if hs and not heroes:
            heroes.append(hs[0])
            PR.add(st, seat, hs[0], False, [])
            continue
        ms = [t for t in opts if c["units"][t]["kind"] == "minion"]
        if not ms:
            break
        av = PR._available(st, seat)
        t = max(ms, key=lambda t: (av[t][1], t))
        PR.add(st, seat, t, False, [])
        mins.append(t)
    entries = st["prep"]["stacks"][str(seat)]
    hs = [e for e in entries if e["k"] == "hero"]
    ms = sorted([e for e in entries if e["k"] == "minion"], key=lambda e: c["units"][e["types"][0]]["basic"]["mv"])
    st["prep"]["stacks"][str(seat)] = ms + hs


def _resolve_pending(st, seat, a, events):
    p = st["pending"].pop(0)
    if p["kind"] == "levelup":
        C.apply_levelup(st, st["units"][p["unit"]], a["choice"], events)
    elif p["kind"] == "free_spire":
        if a["spire"] != "none":
            B.construct(st, seat, a["spire"], "basic", p["pos"], a["order"], events, free=True)
    elif p["kind"] == "fire":
        st["turn"]["fire"].remove(a["spire"])
        C.fire_spire(st, a["spire"], a["unit"], events)
    elif p["kind"] == "mark":
        st["players"][seat]["mark"] = a["target"]
        events.append({"kind": "mark", "params": {"seat": seat, "target": a["target"]}})


def _onslaught_dispatch(st, seat, a, events):
    t = st["turn"]
    d = a["do"]
    step = t["step"]
    if step == "start":
        if d == "build":
            B.construct(st, seat, a["spire"], a["side"], a["at"], a["order"], events)
            st["players"][seat]["lb"] += 1
            events.append({"kind": "limited_build", "params": {"seat": seat, "used": st["players"][seat]["lb"]}})
        elif d == "up":
            B.upgrade(st, seat, a["at"], a["chips"], events)
            st["players"][seat]["lb"] += 1
            events.append({"kind": "limited_build", "params": {"seat": seat, "used": st["players"][seat]["lb"]}})
        elif d == "relic":
            cards.play_relic(st, seat, a["relic"], a["args"], events)
        elif d == "die":
            P.faction_die(st, seat, events)
        elif d == "next":
            t["step"] = "a"
        return
    if step in ("a", "c"):
        if d == "mv":
            P.move_hero(st, st["units"][a["unit"]], a["to"], events)
        elif step == "a":
            t["step"] = "m"
        else:
            P.start_fire(st, events)
        return
    if step == "m":
        u = st["units"][a["unit"]]
        mode, opts, _, _ = minion_options(st, u)
        P.move_minion(st, u, a["to"], opts[a["to"]], events)
        return
    if step == "explore":
        if d == "explore":
            X.explore(st, seat, a["at"], events)
        elif d in ("reveal", "hide"):
            l = st["landmarks"][t["peek"]]
            t["peek"] = None
            if d == "reveal":
                X.reveal(st, l, seat, events)
            else:
                events.append({"kind": "kept_hidden", "params": {"seat": seat, "pos": l["pos"]}})
        else:
            t["step"] = "attack"
        return
    if step == "attack":
        if d == "atk":
            C.do_attack(st, a["unit"], a["at"], events)
        else:
            events.append({"kind": "turn_ended", "params": {"seat": seat}})
            P.end_turn(st, events)


# ====================================================================== automatic steps

def advance(st, events):
    """Run automatic steps until a decision is needed (CS-MOV auto moves, spires fire, step
    skipping when nothing can be done, wave end CS-END-1/2)."""
    for _ in range(10000):
        if st["phase"] == "over" or st["pending"]:
            return
        if st["phase"] == "market":
            s = P.market_seat(st)
            if market.options(st, s) == ["pass"]:
                events.append({"kind": "passed", "params": {"seat": s}})
                P.after_market_turn(st, events)
                continue
            return
        if st["phase"] != "onslaught":
            return
        if not has_minions_anywhere(st):
            P.end_wave(st, events)
            continue
        t = st["turn"]
        seat = t["seat"]
        step = t["step"]
        if step == "start":
            acts = _onslaught_actions(st, seat)
            if acts == [{"do": "next"}]:
                t["step"] = "a"
                continue
            return
        if step in ("a", "c"):
            moves, forced = _hero_moves(st, seat, step)
            if not moves:
                if step == "a":
                    t["step"] = "m"
                else:
                    P.start_fire(st, events)
                continue
            return
        if step == "m":
            cands = P.lead_candidates(st, seat)
            if not cands:
                t["step"] = "c"
                continue
            if len(cands) == 1:
                mode, opts, _, _ = minion_options(st, cands[0])
                if len(opts) == 1:
                    h = next(iter(opts))
                    P.move_minion(st, cands[0], h, opts[h], events)
                    continue
            return
        if step == "fire":
            P.run_fire(st, events)
            if t["step"] == "fire" and not st["pending"] and has_minions_anywhere(st):
                return
            continue
        if step == "explore":
            if t["peek"]:
                return
            if not X.explorable(st, seat):
                t["step"] = "attack"
                continue
            return
        if step == "attack":
            acts, oblig = _attack_state(st, seat)
            if not acts:
                events.append({"kind": "turn_ended", "params": {"seat": seat}})
                P.end_turn(st, events)
                continue
            return
        return


# ====================================================================== misc contract

def result(st):
    r = st.get("result")
    if not r:
        return None
    return Result(winners=list(r["winners"]), placements=[list(x) for x in r["placements"]],
                  reason=r["reason"], figures=r.get("figures", {}))


def concede(st, seat, reason):
    from .scoring import finish
    new = copy.deepcopy(st)
    events = [{"kind": "conceded", "params": {"seat": seat, "reason": reason}}]
    if new["phase"] != "over":
        new["conceded"].append(seat)
        n = new["seats"]
        if n == 2 or new["teams"]:
            finish(new, "conceded", winners=[s for s in range(n) if not friendly(new, s, seat)])
        else:
            left = [s for s in range(n) if s not in new["conceded"]]
            if len(left) == 1:
                finish(new, "conceded", winners=left)
            else:
                new["players"][seat]["gate"] = 0
                new["players"][seat]["broken"] = True
                _autoplay_conceded(new, events)
    return new, [Event(kind=e["kind"], params=_ev_params(e)) for e in events]


def _autoplay_conceded(st, events):
    from .bot import timeout_action
    for _ in range(5000):
        if st["phase"] == "over":
            return
        seats = [s for s in acting_seats(st) if s in st["conceded"]]
        if not seats:
            return
        events += apply_inplace(st, seats[0], timeout_action(st, seats[0]), check=False, autoplay=False)
