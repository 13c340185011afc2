"""Phase 6, spend crystals (KR-BUY-1..6).

``buy(st, purchases, events)`` applies one purchase list ``[{"card": tower id, "to": seat}]``
atomically: every card is checked first (an L1 costs 2 crystals, an L2 costs 3, nothing above
L2 nor above the scenario's level cap can be bought, a card must be in the supply as many times
as it is bought, the total never exceeds the team's crystals), then the cards go into the
chosen players' hands. How the group agrees on the list (``st["proposals"]``) is the action
layer's; an empty list buys nothing (crystals are saved).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .content import TOWERS
from .state import ev
from .towers import check_card, check_phase, check_seat, err, level_cap

COSTS = {1: 2, 2: 3}   # KR-BUY-3/4


def cost(card: str) -> int | None:
    """Crystals an L1/L2 tower costs; None when it cannot be bought (KR-BUY-5)."""
    return COSTS.get(TOWERS[card]["level"])


def buy(st: dict, purchases: Any, events: list) -> None:
    """Buy towers for the team's crystals, all or nothing (KR-BUY-1..6)."""
    check_phase(st, 6)
    if not isinstance(purchases, list) or not all(isinstance(p, dict) for p in purchases):
        raise err("malformed", "purchases are [{'card': tower id, 'to': seat}, ...]")
    wanted: Counter[str] = Counter()
    total = 0
    for p in purchases:
        card = check_card(p.get("card"))
        check_seat(st, p.get("to"), "to")
        price = cost(card)
        if price is None or TOWERS[card]["level"] > level_cap(st):
            raise err("not_buyable", f"{card} (L{TOWERS[card]['level']}) cannot be bought (KR-BUY-5)", card=card)
        wanted[card] += 1
        total += price
    for card, n in wanted.items():
        if st["supply"].get(card, 0) < n:
            raise err("sold_out", f"the supply has {st['supply'].get(card, 0)} {card}, not {n}",
                      card=card, available=st["supply"].get(card, 0))
    if total > st["crystals"]:
        raise err("crystals", f"{total} crystals needed, {st['crystals']} held", cost=total,
                  crystals=st["crystals"])
    for p in purchases:
        st["supply"][p["card"]] -= 1
        st["seats"][p["to"]]["hand"].append(p["card"])
        st["crystals"] -= cost(p["card"])
        ev(events, "tower_bought", card=p["card"], to=p["to"], cost=cost(p["card"]))
