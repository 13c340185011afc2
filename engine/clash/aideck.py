"""Damage to the rulebook AI in Solo (CD-AID): its deck stands for its hand and health.

AI zones live in ``st["ai"]``: ``deck`` (index 0 is the top; the fort card lies under the
last card), ``discard`` (the last element is the top) and ``side`` of the AI fort card.
The AI is seat 1. The AI's own turn is :mod:`engine.clash.solo`.
"""
from __future__ import annotations

from engine.rng import shuffle

from .state import ev, lose

AI = 1


def expose(st: dict, events: list) -> None:
    """The last card above the AI fort left the deck (CD-AID-2/3/4, CD-AMB-43/44)."""
    ai = st["ai"]
    if ai["side"] == "fort":
        lose(st, AI, "fort_destroyed", events)
    ai["side"] = "fort"
    deck = ai["discard"]
    ai["discard"] = []
    shuffle(st["rng"], deck)
    ai["deck"] = deck
    ev(events, "bastion_destroyed", seat=AI, health=len(deck))
    ev(events, "ai_reshuffle", seat=AI, size=len(deck))
    if not deck:
        lose(st, AI, "only_fort", events)


def ai_damage(st: dict, n: int, events: list, source: str) -> int:
    """Each point discards the top AI card (CD-AID-1); exposure loses the rest (CD-AMB-42).
    Custom option (d) makes every instance exactly 1 (CD-CUS-6d, CD-AMB-47)."""
    if st["solo"] and st["solo"].get("ai_defence"):
        n = min(n, 1)
    ai = st["ai"]
    for k in range(n):
        card = ai["deck"].pop(0)
        ai["discard"].append(card)
        ev(events, "ai_discard", seat=AI, card=card, source=source, deck_size=len(ai["deck"]))
        if not ai["deck"]:
            if n - k - 1:
                ev(events, "damage_lost", seat=AI, amount=n - k - 1)
            expose(st, events)
            return n
    return n


def ai_weaken(st: dict, events: list) -> int:
    """Weaken against the AI: discard until 1 card is left above the fort (CD-AID-5,
    CD-AMB-46); with option (d), at most 1 card (CD-AMB-47)."""
    ai = st["ai"]
    k = len(ai["deck"]) - 1
    if st["solo"] and st["solo"].get("ai_defence"):
        k = min(k, 1)
    for _ in range(max(0, k)):
        card = ai["deck"].pop(0)
        ai["discard"].append(card)
        ev(events, "ai_discard", seat=AI, card=card, source="weaken", deck_size=len(ai["deck"]))
    return max(0, k)


def ai_regenerate(st: dict, events: list) -> None:
    """CD-AID-7, CD-AMB-45: top of the discard pile to the bottom of the deck."""
    ai = st["ai"]
    if ai["discard"]:
        card = ai["discard"].pop()
        ai["deck"].append(card)
        ev(events, "ai_regenerated", seat=AI, card=card, deck_size=len(ai["deck"]))
