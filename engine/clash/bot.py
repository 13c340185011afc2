"""The bot player: one-ply greedy search with a phase-3 rollout and a static evaluation.

In phase 2 every legal action is tried on a copy of the state, followed by the bot's own
phase 3 (never the opponent's turn, so it does not peek at hidden cards or the AI deck), and
the resulting position is scored. The bot plays the best action; ``end`` wins ties.
Only public information and the bot's own hand are used by the evaluation.
"""
from __future__ import annotations

from engine.base import IllegalAction

from . import actions, attack, board, turn
from .abilities import (AQUATIC, BLADE, CATALYST, DASH, FLYING, FRENZY, IMMORTAL, MERCENARY,
                        PIERCE, PROTECTION, RAGE, REGENERATION, RETALIATE, SWEEP, THORNS, VANISH,
                        WEAKEN)
from .cards import AV, CHAMPIONS, COST, DECKS, HP, IS_SPELL, MASK, STARTER
from .hand import health
from .state import GameOver, copy_state, is_ai

W_LIFE = 1.5
W_HAND = 0.4
W_BOARD = 1.0
LOOKAHEAD = True
STALL_TURN = 30
W_THREAT = 0.5

# Deck preference for the preconstructed choice, strongest first in tools/clash_balance.py
# runs (bot vs bot); unknown decks follow in data order.
DECK_PREFERENCE: tuple[str, ...] = tuple([d for d in ("grove", "shade", "ember", "tide") if d in DECKS]
                                        + [d for d in DECKS if d not in ("grove", "shade", "ember", "tide")])


def life(st: dict, seat: int) -> float:
    if is_ai(st, seat):
        ai = st["ai"]
        n = len(ai["deck"])
        return n + (len(ai["discard"]) if ai["side"] == "bastion" else 0)
    p = st["players"][seat]
    h = p["hand"]
    d = health(h)
    return d + (len(h) - 1 if p["side"] == "bastion" else 0)


_BONUS = {FLYING: 1.0, AQUATIC: 1.0, FRENZY: 1.0, CATALYST: 1.5, PROTECTION: 1.0, RAGE: 0.3,
          REGENERATION: 1.5, BLADE: 1.0, SWEEP: 1.0, IMMORTAL: 0.5, RETALIATE: 1.0, PIERCE: 0.7,
          DASH: 0.7, VANISH: 0.5, WEAKEN: 1.5, THORNS: -1.0, MERCENARY: -0.5}


def creature_value(st: dict, li: int, side: int, i: int, c: dict) -> float:
    m = board.abilities(st, li, side, i)
    v = board.base_av(c) * 1.0 + board.base_hp(c) * 0.5
    for bit, b in _BONUS.items():
        if m & bit:
            v += b
    if m & FLYING and li == 0:
        v += board.base_av(c) * 0.5
    if c["ch"] or c["hch"]:
        v += 1.0
    return v


def threat(st: dict, seat: int) -> float:
    """Fort damage ``seat``'s creatures would deal if they attacked now (rough)."""
    t = 0.0
    lanes = st["lanes"]
    for li in (0, 1):
        blocked = bool(lanes[li][1 - seat])
        lst = lanes[li][seat]
        for i, c in enumerate(lst):
            m = board.abilities(st, li, seat, i)
            if m & THORNS:
                continue
            if (m & FLYING and li == 0) or not blocked:
                t += board.base_av(c) * (2 if m & AQUATIC and (i == 0 or m & DASH) else 1)
    return t


def evaluate(st: dict, seat: int) -> float:
    r = st["result"]
    if r is not None:
        return 10000.0 if seat in r["winners"] else -10000.0
    opp = 1 - seat
    # Long games can drift into loops of trades; value damage to the opponent more and more.
    urgency = 1.0 + max(0, st["turn"] - STALL_TURN) / 10.0
    score = W_LIFE * (life(st, seat) - urgency * life(st, opp))
    if not is_ai(st, seat):
        score += W_HAND * (len(st["players"][seat]["hand"]) - 1)
    if not is_ai(st, opp):
        score -= W_HAND * (len(st["players"][opp]["hand"]) - 1)
    score += W_THREAT * urgency * (threat(st, seat) - threat(st, opp))
    b = 0.0
    for li in (0, 1):
        for side in (0, 1):
            sgn = 1.0 if side == seat else -1.0
            lst = st["lanes"][li][side]
            for i, c in enumerate(lst):
                b += sgn * creature_value(st, li, side, i, c)
    return score + W_BOARD * b


def _after_phase3(st: dict) -> dict:
    """Run the turn player's phase 3 on ``st`` in place (no end of turn, no next turn)."""
    if st["result"] is not None:
        return st
    st["phase"] = "attack"
    try:
        attack.run_phase(st, [])
    except GameOver:
        pass
    return st


def _opponent_swing(st: dict) -> dict:
    """End the turn and let the opponent's creatures attack without any new play: a cheap,
    public-information estimate of the threat the bot leaves on the board."""
    if st["result"] is not None:
        return st
    turn.end_turn(st, [])
    st["turn_player"] = 1 - st["turn_player"]
    return _after_phase3(st)


def _simulate(st: dict, seat: int, a: dict) -> dict:
    s = copy_state(st)
    if a["type"] not in ("end", "go"):
        try:
            actions.execute(s, seat, a, [])
        except GameOver:
            return s
        if s["turn_player"] != seat or s["stage"] != "play":
            return s
    _after_phase3(s)
    return _opponent_swing(s) if LOOKAHEAD else s


def card_rating(card: str) -> float:
    if IS_SPELL[card]:
        return 4.0 + COST[card] * 0.3
    v = AV[card] + HP[card] * 0.5
    for bit, b in _BONUS.items():
        if MASK[card] & bit:
            v += b
    return v - COST[card] * 0.4 + 1.5


def choose(st: dict, seat: int) -> dict:
    legal = actions.legal_actions(st, seat)
    if not legal:
        raise IllegalAction("clash.err.not_your_decision", "Nothing to decide for this seat.", seat=seat)
    stage = st["stage"]
    if stage == "deck_choice":
        options = [a["deck"] for a in legal]
        for d in DECK_PREFERENCE:
            if d in options:
                return {"type": "deck", "deck": d}
        return legal[0]
    if stage == "draft":
        rev = [a["card"] for a in legal]
        mine = st["setup"]["picked"][seat]
        spells_picked = sum(1 for c in mine if IS_SPELL[c])

        def pick_score(c: str) -> float:
            s = card_rating(c)
            if IS_SPELL[c] and spells_picked >= 3:
                s -= 3
            return s
        return {"type": "pick", "card": max(rev, key=lambda c: (pick_score(c), -rev.index(c)))}
    if stage == "constructed":
        spells = sorted((c for c in STARTER if IS_SPELL[c]), key=card_rating, reverse=True)[:3]
        creatures = sorted((c for c in STARTER if not IS_SPELL[c]), key=card_rating, reverse=True)[:5]
        return {"type": "build", "cards": spells + creatures}
    if stage == "champion":
        best = max(CHAMPIONS, key=lambda c: card_rating(c) + COST[c] * 0.6)
        return {"type": "choose", "champion": best}
    # play
    best_a, best_s = legal[0], None
    for a in legal:
        s = evaluate(_simulate(st, seat, a), seat)
        if a["type"] in ("end", "go"):
            s += 0.25  # prefer stopping when nothing is clearly better
        if best_s is None or s > best_s:
            best_a, best_s = a, s
    return best_a


__all__ = ["choose", "evaluate", "DECK_PREFERENCE"]
