"""Solo mode: the AI turn (CD-AI) and damage to the AI deck (CD-AID).

AI zones live in ``st["ai"]``: ``deck`` (index 0 is the top; the fort card lies under the
last card), ``discard`` (the last element is the top) and ``side`` of the AI fort card.
The AI is seat 1.
"""
from __future__ import annotations

from . import attack, board, champion, spells
from .abilities import CATALYST
from .cards import AI_OWN_TARGET, COST, IS_SPELL
from engine.rng import shuffle
from .state import LANES, ev, is_ai
from .hand import lose

AI = 1
PLAYER = 0


def _win(st: dict, reason: str, events: list):
    lose(st, AI, reason, events)


def expose(st: dict, events: list) -> None:
    """The last card above the AI fort left the deck (CD-AID-2/3/4, CD-AMB-43/44)."""
    ai = st["ai"]
    if ai["side"] == "fort":
        _win(st, "fort_destroyed", events)
    ai["side"] = "fort"
    deck = ai["discard"]
    ai["discard"] = []
    shuffle(st["rng"], deck)
    ai["deck"] = deck
    ev(events, "bastion_destroyed", seat=AI, health=len(deck))
    ev(events, "ai_reshuffle", seat=AI, size=len(deck))
    if not deck:
        _win(st, "only_fort", events)


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


def ai_mana(st: dict) -> tuple[int, int, int]:
    """CD-AI-1: M = base + modifier * (player creatures, a stack counts 1, CD-AMB-32)
    + 2 per AI Catalyst creature (CD-CAT-3, CD-AMB-48)."""
    solo = st["solo"]
    x = len(st["lanes"][0][PLAYER]) + len(st["lanes"][1][PLAYER])
    cat = 0
    for li in (0, 1):
        for i in range(len(st["lanes"][li][AI])):
            if board.abilities(st, li, AI, i) & CATALYST:
                cat += 1
    return solo["base_mana"] + solo["modifier"] * x + 2 * cat, x, cat


def ai_turn(st: dict, events: list) -> None:
    """Phases 1-3 of an AI turn (CD-AI-1..10); the caller runs the end of turn."""
    m, x, cat = ai_mana(st)
    ev(events, "ai_mana", seat=AI, amount=m, creatures=x, catalyst=cat)
    ai = st["ai"]
    total = 0
    lane = 0  # CD-AI-5: each turn starts with the top lane
    while True:
        card = ai["deck"].pop(0)
        ev(events, "ai_reveal", seat=AI, card=card, lane=LANES[lane], deck_size=len(ai["deck"]))
        if not ai["deck"]:
            expose(st, events)  # CD-AI-10, CD-AMB-43
        if not IS_SPELL[card]:
            # CD-AI-2c, CD-AI-8 (Possess placed alone)
            c = board.new_creature(st, card, AI, AI)
            lst = st["lanes"][lane][AI]
            lst.append(c)
            total += COST[card]
            ev(events, "summoned", seat=AI, card=card, uid=c["uid"], lane=LANES[lane], pos=len(lst), champion=False)
            champion.on_card_played(st, COST[card], events)
        else:
            side = AI if AI_OWN_TARGET[card] else PLAYER  # CD-AI-3/4, CD-AMB-40
            lst = st["lanes"][lane][side]
            if lst:
                total += COST[card]  # CD-AMB-41: an Immortal target still counts
                champion.on_card_played(st, COST[card], events)  # CD-AMB-49
                spells.resolve(st, AI, card, lane, side, 0, events)
                board.send_back(st, AI, card, events, reason="spell")
            else:
                ai["discard"].append(card)
                ev(events, "ai_spell_fizzled", seat=AI, card=card, lane=LANES[lane])
        lane = 1 - lane  # CD-AI-2e, CD-AMB-39
        if total >= m:
            break
    ev(events, "ai_revealed_total", seat=AI, total=total, mana=m)
    st["phase"] = "attack"
    ev(events, "phase_attack", seat=AI, turn=st["turn"])
    attack.run_phase(st, events)


__all__ = ["ai_turn", "ai_damage", "ai_weaken", "ai_regenerate", "expose", "is_ai"]
