"""Solo mode: the rulebook AI's turn (CD-AI). Damage to the AI deck is
:mod:`engine.clash.aideck` (CD-AID), which also describes the AI zones in ``st["ai"]``.
"""
from __future__ import annotations

from . import attack, board, champion, spells
from .abilities import CATALYST
from .aideck import AI, expose
from .cards import AI_OWN_TARGET, COST, IS_SPELL
from .state import LANES, ev

PLAYER = 0


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
