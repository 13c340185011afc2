"""Spell resolution through the small effect language of ``cards.json`` (CD-SPELL,
CD-ABL-5, CD-IMM, CD-VAN-2, CD-AMB-54). See :mod:`engine.clash.cards` for the operations."""
from __future__ import annotations

from . import board
from .abilities import BIT, IMMORTAL, PIERCE, SWEEP, VANISH
from .cards import EFFECT, MASK
from .state import LANES, ev, locate, sort_standard


def targets_for(st: dict, card: str, lane: int, side: int, idx: int) -> list[dict]:
    """Primary target plus the spell's Pierce / Sweep secondary targets (CD-SPELL-6,
    CD-PRC-1, CD-SWP-1, no chaining CD-AMB-27)."""
    lst = st["lanes"][lane][side]
    out = [lst[idx]]
    m = MASK[card]
    if m & PIERCE and idx + 1 < len(lst):
        out.append(lst[idx + 1])
    if m & SWEEP:
        other = st["lanes"][1 - lane][side]
        if idx < len(other):
            out.append(other[idx])
    return out


def resolve(st: dict, caster: int, card: str, lane: int, side: int, idx: int, events: list) -> None:
    """Resolve ``card`` aimed at the creature at (lane, side, idx). The caller handles
    payment and the spell's return afterwards (CD-SPELL-3)."""
    tgts = targets_for(st, card, lane, side, idx)
    primary = tgts[0]
    src = {"source": card, "spell": True}
    ev(events, "spell_cast", seat=caster, card=card, target=primary["uid"], target_card=primary["card"],
       target_seat=side, lane=LANES[lane], pos=idx + 1, secondary=[t["uid"] for t in tgts[1:]])
    hurt: list[int] = []
    defeated: set[int] = set()
    for op in EFFECT[card]:
        kind = op["op"]
        affected = tgts if (kind == "damage" or op.get("all")) else [primary]
        dead_now = []
        for c in affected:
            if c["uid"] in defeated:
                continue
            loc = locate(st, c["uid"])
            if loc is None:
                continue
            mask = board.abilities(st, *loc)
            if mask & IMMORTAL:
                # CD-IMM-1/2: unaffected, but the spell still resolves on the others.
                ev(events, "immune", uid=c["uid"], card=c["card"], seat=c["side"], source=card)
                continue
            if kind == "damage":
                dealt = board.hit(st, c, op["n"], mask, events, src)
                if dealt > 0 and mask & VANISH:
                    hurt.append(c["uid"])
            elif kind == "heal":
                healed = c["dmg"] if "n" not in op else min(c["dmg"], op["n"])
                c["dmg"] -= healed
                ev(events, "healed", uid=c["uid"], card=c["card"], seat=c["side"], amount=healed, source=card)
            elif kind == "av":
                c["bav"] += op["n"]
                ev(events, "buff", uid=c["uid"], card=c["card"], seat=c["side"], av=op["n"], hp=0, source=card)
            elif kind == "hp":
                c["bhp"] += op["n"]
                ev(events, "buff", uid=c["uid"], card=c["card"], seat=c["side"], av=0, hp=op["n"], source=card)
            elif kind == "grant":
                c["grant"] |= BIT[op["ability"]]
                ev(events, "granted", uid=c["uid"], card=c["card"], seat=c["side"], ability=op["ability"], source=card)
            elif kind in ("to_back", "to_front"):
                li, sd, i = loc
                lst = st["lanes"][li][sd]
                lst.pop(i)
                if kind == "to_back":
                    lst.append(c)
                else:
                    lst.insert(0, c)
                ev(events, "moved", uid=c["uid"], card=c["card"], seat=sd, lane=LANES[li],
                   pos=len(lst) if kind == "to_back" else 1, source=card)
            if c["dmg"] >= board.hp(c):
                dead_now.append(c["uid"])
        if dead_now:
            defeated.update(dead_now)
            board.remove_defeated(st, dead_now, events)
    # CD-VAN-2 / CD-AMB-54: Vanish right after the spell resolved; no Retaliate (CD-RET-3).
    vanish = [u for u in dict.fromkeys(hurt) if u not in defeated]
    for u in sort_standard(st, vanish):
        loc = locate(st, u)
        if loc is not None:
            do_vanish(st, loc, events)


def do_vanish(st: dict, loc: tuple, events: list) -> None:
    """Move the creature to the back of its side of its lane (CD-VAN-1)."""
    li, side, i = loc
    lst = st["lanes"][li][side]
    c = lst.pop(i)
    lst.append(c)
    ev(events, "vanish", uid=c["uid"], card=c["card"], seat=side, lane=LANES[li], pos=len(lst))
