"""Phase 3: activations and the attack procedure (CD-ATK-1..17), with Flying, Thorns, Rage,
Dash, Weaken, Aquatic, Pierce, Sweep, Protection, Blade, Regeneration, Frenzy, Vanish and
Retaliate (CD-AMB-14..28, CD-AMB-52, CD-AMB-55, CD-AMB-60)."""
from __future__ import annotations

from collections.abc import Callable

from . import board, hand
from .abilities import (AQUATIC, BLADE, DASH, FLYING, FRENZY, PIERCE, RAGE, REGENERATION,
                        RETALIATE, SWEEP, THORNS, VANISH, WEAKEN)
from .spells import do_vanish
from .state import LANES, TOP, ev, locate, sort_standard

# Safety cap on Retaliate attacks per top-level activation (CD-AMB-18).
RETALIATE_CAP = 200


def next_activator(st: dict, tp: int) -> dict | None:
    """The first eligible, not-yet-activated creature of the turn player in activation
    order, read from current positions (CD-ATK-1/2, CD-AMB-14, CD-PLAY-5, CD-RAGE-1/5)."""
    lanes = st["lanes"]
    for li in (0, 1):
        lst = lanes[li][tp]
        for i in range(len(lst) - 1, -1, -1):
            c = lst[i]
            if c["act"]:
                continue
            if c["played"] and not (board.abilities(st, li, tp, i) & RAGE):
                continue
            return c
    return None


def activate(st: dict, c: dict, rage_mode: bool, events: list, budget: list) -> None:
    """One activation: an attack plus Frenzy repeats (CD-ATK-3, CD-FRZ-3), then the queued
    Vanish moves and Retaliate attacks, depth-first (CD-AMB-18)."""
    vanish_q: list[int] = []
    ret_q: list[int] = []
    while attack_once(st, c, rage_mode, events, vanish_q, ret_q):
        ev(events, "frenzy", uid=c["uid"], card=c["card"], seat=c["side"])
    resolve_triggers(st, vanish_q, ret_q, events, budget)


def resolve_triggers(st: dict, vanish_q: list, ret_q: list, events: list, budget: list) -> None:
    # CD-VAN-1..4: all Vanish moves first, in standard order, skipping creatures gone.
    for u in sort_standard(st, list(dict.fromkeys(vanish_q))):
        loc = locate(st, u)
        if loc is not None:
            do_vanish(st, loc, events)
    # CD-RET-1..5: then each Retaliate attack in standard order, each a full activation.
    for u in sort_standard(st, ret_q):
        loc = locate(st, u)
        if loc is None:
            continue  # CD-RET-4
        if budget[0] <= 0:
            ev(events, "retaliate_cap", uid=u)
            return
        budget[0] -= 1
        li, side, i = loc
        r = st["lanes"][li][side][i]
        ev(events, "retaliate", uid=u, card=r["card"], seat=side, lane=LANES[li], pos=i + 1)
        activate(st, r, False, events, budget)


Hit = tuple[dict, int, int, int, int, int]   # target, lane, index, its abilities, remaining hp, dealt


def attack_once(st: dict, c: dict, rage_mode: bool, events: list, vanish_q: list, ret_q: list) -> bool:
    """Steps 1-9 of CD-ATK-7. Returns True if Frenzy makes ``c`` attack again."""
    loc = locate(st, c["uid"])
    if loc is None:
        return False
    li, side, i = loc
    enemy = 1 - side
    m = board.abilities(st, li, side, i)
    elst = st["lanes"][li][enemy]
    # Step 1 (CD-ATK-8): the target.
    tgt = None if (m & FLYING and li == TOP) or not elst else elst[0]
    # Step 2 (CD-ATK-9): no attack on the fort with Thorns or as a Rage attack.
    if tgt is None and (m & THORNS or rage_mode):
        ev(events, "no_attack", uid=c["uid"], card=c["card"], seat=side, lane=LANES[li],
           reason="thorns" if m & THORNS else "rage")
        return False
    # Step 3 (CD-ATK-10, CD-DSH-1/2/4): Dash.
    if m & DASH:
        i, m = _dash(st, c, li, side, i, events)
    aquatic = bool(m & AQUATIC) and i == 0
    if tgt is None:
        _attack_fort(st, c, li, side, i, m, aquatic, events)
        return False
    ev(events, "attack", uid=c["uid"], card=c["card"], seat=side, lane=LANES[li], pos=i + 1, target=tgt["uid"],
       target_card=tgt["card"], target_seat=enemy)
    hits = _hit_targets(st, c, _targets(st, li, enemy, m, tgt), enemy, m, aquatic, events)
    defeated = _defeats(st, c, side, tgt, hits, m, rage_mode, events, vanish_q, ret_q)
    # Step 8 (CD-ATK-15, CD-AMB-28): Regeneration once per attack.
    if sum(h[5] for h in hits) > 0 and m & REGENERATION:  # the card owner's fort (CD-REG-1, CD-POS-6)
        hand.regenerate(st, board.regeneration_seat(c), events)
    # Step 9 (CD-ATK-16, CD-FRZ-1): Frenzy.
    if defeated:
        loc = locate(st, c["uid"])
        if loc is not None and board.abilities(st, *loc) & FRENZY:
            return True
    return False


def _dash(st: dict, c: dict, li: int, side: int, i: int, events: list) -> tuple[int, int]:
    """Step 3 (CD-ATK-10, CD-DSH-1/2/4): ``c`` moves to the front of its lane and gains the
    places it passed as a bonus; its new index (0) and abilities (adjacency changed, CD-AUR-4)."""
    lst = st["lanes"][li][side]
    if i > 0:
        lst.pop(i)
        lst.insert(0, c)
    c["dash"] += i
    ev(events, "dash", uid=c["uid"], card=c["card"], seat=side, lane=LANES[li], passed=i, bonus=c["dash"])
    return 0, board.abilities(st, li, side, 0)


def _attack_fort(st: dict, c: dict, li: int, side: int, i: int, m: int, aquatic: bool, events: list) -> None:
    """Step 6 against the fort (CD-ATK-13): CD-FORT or Weaken's placement (CD-WEA-4), then
    Regeneration (step 8)."""
    enemy = 1 - side
    ev(events, "attack", uid=c["uid"], card=c["card"], seat=side, lane=LANES[li], pos=i + 1, target="fort",
       target_seat=enemy)
    if m & WEAKEN:
        dealt = hand.weaken(st, enemy, events)
    else:
        n = board.av(c) + c["dash"]
        if aquatic:
            n *= 2
        dealt = hand.damage(st, enemy, n, events, "attack")
    if dealt > 0 and m & REGENERATION:  # Step 8 (CD-REG-1): the card owner's fort
        hand.regenerate(st, board.regeneration_seat(c), events)


def _targets(st: dict, li: int, enemy: int, m: int, tgt: dict) -> list[tuple[dict, int, int]]:
    """Step 5 (CD-ATK-12): the targets, identified before any defeat (CD-PRC-4)."""
    lanes = st["lanes"]
    elst = lanes[li][enemy]
    targets = [(tgt, li, 0)]
    if m & PIERCE and len(elst) > 1:
        targets.append((elst[1], li, 1))
    if m & SWEEP:
        other = lanes[1 - li][enemy]
        if other:
            targets.append((other[0], 1 - li, 0))
    return targets


def _hit_targets(st: dict, c: dict, targets: list[tuple[dict, int, int]], enemy: int, m: int, aquatic: bool,
                 events: list) -> list[Hit]:
    """Steps 4 + 6 (CD-ATK-11/13): damage per target, all at once."""
    bonus = c["dash"]
    src = {"attacker": c["uid"], "source": c["card"]}
    av_now = board.av(c)
    hits = []
    for t, tl, ti in targets:
        tm = board.abilities(st, tl, enemy, ti)
        rem = board.remaining(t)
        n = (rem - 1 + bonus) if m & WEAKEN else (av_now + bonus)
        if aquatic:
            n *= 2
        d = board.hit(st, t, n, tm, events, src)
        hits.append((t, tl, ti, tm, rem, d))
    return hits


def _defeats(st: dict, c: dict, side: int, tgt: dict, hits: list[Hit], m: int, rage_mode: bool, events: list,
             vanish_q: list, ret_q: list) -> list[tuple[int, int, dict, int, int]]:
    """Step 7 (CD-ATK-14): defeats (survivors hit queue their Vanish and Retaliate), then
    Blade. The defeated as (lane, -index, creature, remaining hp, dealt)."""
    defeated = []
    for t, tl, ti, tm, rem, d in hits:
        if t["dmg"] >= board.hp(t):
            defeated.append((tl, -ti, t, rem, d))
        elif d > 0:
            if tm & VANISH:
                vanish_q.append(t["uid"])
            if tm & RETALIATE:
                ret_q.append(t["uid"])
    if defeated:
        board.remove_defeated(st, [x[2]["uid"] for x in defeated], events)
        if m & BLADE:
            _blade(st, c, side, tgt, defeated, rage_mode, events)
    return defeated


def _blade(st: dict, c: dict, side: int, tgt: dict, defeated: list[tuple[int, int, dict, int, int]],
           rage_mode: bool, events: list) -> None:
    """CD-BLD-3, CD-AMB-20: the primary's excess, else the first defeated secondary's
    (``side``: the attacker's side of the lane)."""
    prim = [x for x in defeated if x[2] is tgt]
    pick = prim[0] if prim else sorted(defeated, key=lambda x: (x[0], x[1]))[0]
    excess = pick[4] - pick[3]
    if excess > 0:
        if rage_mode:  # CD-RAGE-3, CD-AMB-23
            ev(events, "blade_blocked", uid=c["uid"], card=c["card"], seat=side, excess=excess)
        else:  # CD-BLD-5, CD-AMB-21: after the returns, a separate source
            ev(events, "blade", uid=c["uid"], card=c["card"], seat=side, excess=excess)
            hand.damage(st, 1 - side, excess, events, "blade")


def run_phase(st: dict, events: list, pause_ok: Callable[[dict], bool] | None = None) -> bool:
    """Run phase 3 for the turn player until every eligible creature has activated.
    ``pause_ok(st)`` may stop it between activations (CD-AMB-10); returns True if paused."""
    tp = st["turn_player"]
    while True:
        if pause_ok is not None and pause_ok(st):
            return True
        c = next_activator(st, tp)
        if c is None:
            return False
        c["act"] = True
        st["acts"] += 1
        rage_mode = bool(c["played"])
        ev(events, "activation", uid=c["uid"], card=c["card"], seat=tp, rage=rage_mode)
        activate(st, c, rage_mode, events, [RETALIATE_CAP])
