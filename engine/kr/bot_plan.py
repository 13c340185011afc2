"""The team-mate bot's longer view (engine/kr/bot.py asks): which tower to pass for an upgrade
and what the team buys.

Upgrades (KR-PASS-1..5): passing is the only way to raise a tower's level, and portals need a
tower of at least their level (KR-PRT-4). A seat passes

* *for a portal*: when a portal on the map needs a level no card of the team reaches (hands,
  pending slots and towers built this round), its highest card below that level that can be
  upgraded, unless that card's best build this round covers an enemy on a tray near the
  Kingdom (``NEAR`` squares or fewer);
* *idle cards*: any card whose best build covers no whole enemy and that can be upgraded.

The receiver is the team-mate holding the fewest cards (solo: oneself, KR-SOLO-9).

White-site towers (KR-WHT-3): each to the seat holding the fewest cards.

Purchases (KR-BUY-2..5): L2 before L1, while crystals last, each to the seat holding the
fewest cards, the damage type the map needs most first: physical-resistant enemies not yet
covered call for magic, magic-resistant ones for physical, weighed against the team's cards
of that type (portals' enemies count double, since a portal must fall).
"""
from __future__ import annotations

from collections import Counter, defaultdict

from . import buying
from .content import ENEMIES, TOWERS
from .hordegrid import covered_mask
from .state import geo, grid
from .towers import level_cap, upgrade_options

NEAR = 3            # squares from the exit: a horde there is about to cost hearts
WHOLE_ENEMY = 8     # a build value of at least one enemy covered (engine/kr/bot.py units)


def team_cards(st: dict) -> list[str]:
    """Every tower card the team holds: hands, pending slots and the towers built this round."""
    cards = [c for s in st["seats"] for c in s["hand"] + s["pending"]]
    return cards + [t["card"] for towers in st["sites"].values() for t in towers if not t["face_down"]]


def portal_level_needed(st: dict) -> int | None:
    """The level of the portal on the map that no card of the team reaches, if any (the
    lowest such level)."""
    have = max((TOWERS[c]["level"] for c in team_cards(st)), default=0)
    need = [g.portal_level for g in (grid(t["card"]) for t in st["trays"].values())
            if g.kind == "portal" and g.portal_level is not None and g.portal_level > have]
    return min(need) if need else None


def receiver(st: dict, seat: int) -> int:
    if st["options"].get("solo") or len(st["seats"]) == 1:
        return seat
    others = [s for s in range(len(st["seats"])) if s != seat]
    return min(others, key=lambda s: (len(st["seats"][s]["hand"]) + len(st["seats"][s]["pending"]), s))


def _pass(st: dict, seat: int, card: str) -> dict:
    ups = upgrade_options(st, card)
    variant = TOWERS[ups[0]]["variant"] if len(ups) > 1 else None
    return {"type": "pass", "card": card, "to": receiver(st, seat), "variant": variant}


def urgent(st: dict, action: dict | None) -> bool:
    """The build places something on a horde ``NEAR`` squares or fewer from the Kingdom."""
    if action is None:
        return False
    g = geo(st)
    return any(g.distance(st["trays"][p["tray"]]["cell"]) <= NEAR
               for attack in action["attacks"] for p in attack if p["tray"] in st["trays"])


def portal_pass(st: dict, seat: int, best: dict[str, tuple[int, dict]]) -> dict | None:
    """A pass that raises a card towards the level a portal needs (module docstring);
    ``best``: each card's best build (value, action)."""
    need = portal_level_needed(st)
    if need is None or need > level_cap(st):
        return None
    cards = [c for c in set(st["seats"][seat]["hand"])
             if TOWERS[c]["level"] < need and upgrade_options(st, c) and not urgent(st, best.get(c, (0, None))[1])]
    if not cards:
        return None
    card = max(cards, key=lambda c: (TOWERS[c]["level"], -best.get(c, (0, None))[0], c))
    return _pass(st, seat, card)


def idle_pass(st: dict, seat: int, best: dict[str, tuple[int, dict]]) -> dict | None:
    """A pass of a card whose best build covers no whole enemy, when it can be upgraded."""
    cards = [c for c in sorted(set(st["seats"][seat]["hand"]))
             if best.get(c, (0, None))[0] < WHOLE_ENEMY and upgrade_options(st, c)]
    if not cards:
        return None
    return _pass(st, seat, min(cards, key=lambda c: (best.get(c, (0, None))[0], -TOWERS[c]["level"], c)))


def white_takes(st: dict) -> list[dict]:
    """Who takes each tower waiting on a white site (KR-WHT-3): the seat holding the fewest
    cards (towers already given counted), named only when it is not the builder (the
    default)."""
    held = [len(s["hand"]) + len(s["pending"]) for s in st["seats"]]
    out = []
    for w in st.get("white") or []:
        to = min(range(len(held)), key=lambda i: (held[i], i != w["builder"], i))
        held[to] += 1
        if to != w["builder"]:
            out.append({"site": w["site"], "card": w["card"], "to": to})
    return out


def damage_need(st: dict) -> Counter:
    """How much the map asks for each damage type: uncovered enemies resisting the other one
    (portals' twice), against the team's cards of that type."""
    need: Counter = Counter({"physical": 1, "magic": 1})
    for t in st["trays"].values():
        g = grid(t["card"])
        if g.kind == "boss":
            continue
        taken = covered_mask(g, t["cover"])
        weight = 2 if g.kind == "portal" else 1
        for e in g.enemies:
            if e.mask & taken == e.mask:
                continue
            defence = ENEMIES[e.kind]["defence"]
            if defence == "physical":
                need["magic"] += weight
            elif defence == "magic":
                need["physical"] += weight
    have = Counter(TOWERS[c]["damage"] for c in team_cards(st))
    return Counter({d: need[d] / (1 + have[d]) for d in need})


def buyable(st: dict) -> list[str]:
    """Cards the team could buy one of now (KR-BUY-3..5)."""
    return sorted(c for c, n in st["supply"].items()
                  if n > 0 and buying.cost(c) is not None and TOWERS[c]["level"] <= level_cap(st)
                  and buying.cost(c) <= st["crystals"])


def purchase_plan(st: dict) -> list[dict]:
    """The bot's purchase list (module docstring)."""
    crystals, supply = st["crystals"], dict(st["supply"])
    held = [s["hand"] + s["pending"] for s in st["seats"]]
    need: defaultdict[str, float] = defaultdict(float, damage_need(st))   # shrinks by 0.6 a card
    plan: list[dict] = []
    while True:
        to = min(range(len(held)), key=lambda i: (len(held[i]), i))
        cards = buyable({**st, "crystals": crystals, "supply": supply})
        if not cards:
            return plan
        fams = [TOWERS[c]["family"] for c in held[to]]
        card = min(cards, key=lambda c: (-TOWERS[c]["level"], -need[TOWERS[c]["damage"]],
                                         fams.count(TOWERS[c]["family"]), c))
        plan.append({"card": card, "to": to})
        crystals -= buying.cost(card) or 0
        supply[card] -= 1
        held[to] = held[to] + [card]
        need[TOWERS[card]["damage"]] *= 0.6
