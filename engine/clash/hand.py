"""Hand, health and the fort card (CD-HAND, CD-FORT, CD-REG-2/3, CD-WEA-4, CD-END).

The hand is a list of card ids, left to right, with ``FORT`` marking the fort card. Its
side (``"bastion"``/``"fort"``) is ``players[seat]["side"]``. Health ``d`` is the number of
cards right of the fort card. In Solo, the AI's "hand" is its deck; these functions route
damage to the AI through :mod:`engine.clash.aideck` (CD-AID).
"""
from __future__ import annotations

from .aideck import ai_damage, ai_regenerate, ai_weaken
from .state import FORT, ev, is_ai, lose


def health(hand: list) -> int:
    return len(hand) - 1 - hand.index(FORT)


def window(hand: list) -> list[int]:
    """Indices of the leftmost four non-fort cards (CD-PLAY-2a)."""
    out = []
    for i, c in enumerate(hand):
        if c != FORT:
            out.append(i)
            if len(out) == 4:
                break
    return out


def check(st: dict, seat: int, events: list) -> None:
    """State-based checks after a card left the hand: only-fort first (CD-HAND-7,
    CD-AMB-12), then the rightmost check (CD-HAND-6, CD-AMB-11)."""
    p = st["players"][seat]
    hand = p["hand"]
    if len(hand) == 1:
        lose(st, seat, "only_fort", events)
    if hand[-1] == FORT:
        if p["side"] == "bastion":
            hand.pop()
            hand.insert(0, FORT)
            p["side"] = "fort"
            ev(events, "bastion_destroyed", seat=seat, health=len(hand) - 1)
        else:
            lose(st, seat, "fort_destroyed", events)


def take(st: dict, seat: int, idx: int, events: list) -> str:
    """Remove the card at ``idx`` from the hand (CD-HAND-3) and run the checks."""
    card = st["players"][seat]["hand"].pop(idx)
    check(st, seat, events)
    return card


def add_right(st: dict, seat: int, card: str) -> None:
    """A returning card goes to the rightmost position (CD-HAND-4)."""
    st["players"][seat]["hand"].append(card)


def damage(st: dict, seat: int, n: int, events: list, source: str = "attack") -> int:
    """One damage source of ``n`` points against ``seat`` (CD-FORT-1..4). Returns the
    damage dealt (the points that moved the fort or discarded AI cards)."""
    if n <= 0:
        return 0
    if is_ai(st, seat):
        return ai_damage(st, n, events, source)
    p = st["players"][seat]
    hand = p["hand"]
    i = hand.index(FORT)
    last = len(hand) - 1
    new = i + n
    if new >= last:
        if p["side"] == "bastion":
            # CD-FORT-2: the Bastion is destroyed; remaining damage from this source is lost.
            hand.pop(i)
            hand.insert(0, FORT)
            p["side"] = "fort"
            ev(events, "fort_moved", seat=seat, amount=n, moved=last - i, source=source,
               health=len(hand) - 1, lost=new - last)
            ev(events, "bastion_destroyed", seat=seat, health=len(hand) - 1)
            return n
        hand.pop(i)
        hand.append(FORT)
        ev(events, "fort_moved", seat=seat, amount=n, moved=last - i, source=source, health=0, lost=new - last)
        lose(st, seat, "fort_destroyed", events)
    hand.pop(i)
    hand.insert(new, FORT)
    ev(events, "fort_moved", seat=seat, amount=n, moved=n, source=source, health=last - new, lost=0)
    return n


def weaken(st: dict, seat: int, events: list) -> int:
    """Weaken against a fort (CD-WEA-4, CD-AMB-25): move it to the second position from the
    right without flipping. Returns how far it moved."""
    if is_ai(st, seat):
        return ai_weaken(st, events)
    hand = st["players"][seat]["hand"]
    i = hand.index(FORT)
    target = len(hand) - 2
    if i >= target:
        return 0
    hand.pop(i)
    hand.insert(target, FORT)
    ev(events, "fort_weakened", seat=seat, moved=target - i, health=1)
    return target - i


def regenerate(st: dict, seat: int, events: list) -> None:
    """Regeneration for ``seat`` (CD-REG-1..3; AI: CD-AID-7)."""
    if is_ai(st, seat):
        ai_regenerate(st, events)
        return
    p = st["players"][seat]
    hand = p["hand"]
    i = hand.index(FORT)
    if i > 0:
        hand[i - 1], hand[i] = hand[i], hand[i - 1]
        ev(events, "regenerated", seat=seat, health=len(hand) - i, side=p["side"])
    elif p["side"] == "fort":
        hand.pop(0)
        hand.insert(len(hand) - 1 if hand else 0, FORT)
        p["side"] = "bastion"
        ev(events, "regenerated", seat=seat, health=1, side="bastion", flipped=True)
    else:
        ev(events, "regenerated", seat=seat, health=len(hand) - 1, side="bastion", moved=0)
