"""The default (timeout) decisions: the "Suggested default (auto-policy on timeout)" column
of the decision-points table in docs/rules/cloudspire.md; also what a conceded seat plays.
Pure: reads the state and never changes it (a temporary policy switch is undone)."""
from __future__ import annotations

from .. import build, combat, phases, prep
from ..cards import relic_targets
from ..hexgeo import unkey
from ..legal import legal_actions
from ..movement import INF, hero_destinations, mark_distances, minion_options
from ..state import build_of, mark_of, occupancy, prep_of, turn_of, unit_allow
from ..types import Action, Hex, Occupancy, Pending, Seat, State, Unit


def hex_key(h: Hex) -> tuple[int, int]:
    q, r = unkey(h)
    return (q, r)


def pending_default(st: State, p: Pending) -> Action:
    seat = p["seat"]
    if p["kind"] == "levelup":
        u = st["units"][p["unit"]]
        opts = combat.levelup_options(st, u)
        ch = "flip" if "flip" in opts else ("a" if "a" in opts else "none")
        return {"type": "lvl", "unit": p["unit"], "choice": ch}
    if p["kind"] == "free_spire":
        t, order = build.default_free_spire(st, seat)
        return {"type": "free", "spire": t, "order": order}
    if p["kind"] == "fire":
        s = st["spires"][p["spire"]]
        targets = combat.spire_targets(st, s, turn_of(st)["seat"])
        saved = st["players"][seat]["policy"]["spire"]
        st["players"][seat]["policy"]["spire"] = "lowest_health"
        t = combat.choose_spire_target(st, s, targets)
        st["players"][seat]["policy"]["spire"] = saved
        return {"type": "fire", "spire": s["id"], "unit": t}
    if p["kind"] == "mark":
        return {"type": "mark", "target": prep.default_mark(st, seat)}


def deploy_default(st: State, seat: Seat, u: Unit) -> Hex:
    mark = mark_of(st, seat)
    dist = mark_distances(st, mark, unit_allow(u))
    dests = hero_destinations(st, u)
    return min(dests, key=lambda h: (dist.get(h, INF), hex_key(h)))


def minion_default(st: State, seat: Seat) -> Action:
    cands = phases.lead_candidates(st, seat)
    u = cands[0]
    mode, opts, dist, d0 = minion_options(st, u)
    if mode == "sidestep":
        return {"type": "mm", "unit": u["id"], "to": ""}
    h = min(opts, key=lambda h: (dist.get(h, INF), hex_key(h)))
    return {"type": "mm", "unit": u["id"], "to": h}


def target_hp(st: State, h: Hex, occ: Occupancy) -> int:
    t = combat.target_on(st, h, occ)
    if t[0] == "unit":
        return st["units"][t[1]]["hp"]
    if t[0] == "lm":
        return st["landmarks"][t[1]]["hp"]
    if t[0] == "spire":
        return len(st["spires"][t[1]]["chips"])
    return st["players"][t[1]]["gate"]


def timeout_action(st: State, seat: Seat) -> Action | None:
    if st["pending"]:
        return pending_default(st, st["pending"][0])
    ph = st["phase"]
    legal = legal_actions(st, seat)
    if not legal:
        return None
    if ph in ("faction", "setup"):
        return legal[0]
    if ph == "market":
        return {"type": "pass"}
    if ph == "build":
        return {"type": "skip"} if build_of(st)["follow"] else {"type": "end"}
    if ph == "prep":
        if prep_of(st)["step"] == "mark":
            return {"type": "mark", "target": prep.default_mark(st, seat)}
        return {"type": "autostack"}
    t = turn_of(st)
    step = t["step"]
    if step in ("a", "c"):
        f = phases.forced_deploy(st, seat, step)
        if f is not None:
            return {"type": "mv", "unit": f["id"], "to": deploy_default(st, seat, f)}
        return {"type": "next"}
    if step == "m":
        return minion_default(st, seat)
    if step == "explore":
        return {"type": "hide"} if t["peek"] else {"type": "next"}
    if step == "attack":
        occ = occupancy(st)
        atks = [a for a in legal if a["type"] == "atk"]
        if not atks:
            return {"type": "next"}
        mins = [a for a in atks if st["units"][a["unit"]]["kind"] == "minion"]
        pool = mins or atks
        return min(pool, key=lambda a: (target_hp(st, a["at"], occ), a["unit"], hex_key(a["at"])))
    return {"type": "next"}


def relic_die_or_next(st: State, seat: Seat) -> Action:
    """End of a start-of-turn step: play a relic that has a target, roll the die, go on."""
    p = st["players"][seat]
    for rid in sorted(set(p["relics"])):
        tg = relic_targets(st, seat, rid)
        if tg:
            return {"type": "relic", "relic": rid, "args": tg[0]}
    if not p["die_used"]:
        return {"type": "die"}
    return {"type": "next"}
