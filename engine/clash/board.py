"""Creatures on the board: stats, current abilities, damage, defeat and return (CD-DMG,
CD-AUR, CD-POS-3/6/7, CD-PRO, CD-MER, CD-CHA-7, CD-AI-7, CD-AID-8)."""
from __future__ import annotations

from . import hand
from .abilities import AURA, MERCENARY, PROTECTION, REGENERATION, WEAKEN
from .cards import AURA_OF, AV, HP, MASK
from .state import LANES, ev, is_ai, order_key


def new_creature(st: dict, card: str, owner: int, side: int, champion: bool = False) -> dict:
    uid = st["next_uid"]
    st["next_uid"] = uid + 1
    return {"uid": uid, "card": card, "own": owner, "ch": champion,
            "host": None, "hown": None, "hch": False, "side": side,
            "dmg": 0, "played": True, "dash": 0, "prot": False, "act": False,
            "bav": 0, "bhp": 0, "grant": 0}


def base_av(c: dict) -> int:
    """Printed AV of the card(s); a Weaken Possess card adds no AV (CD-POS-7, CD-AMB-31)."""
    host = c["host"]
    if host is None:
        return AV[c["card"]]
    top = 0 if MASK[c["card"]] & WEAKEN else AV[c["card"]]
    return top + AV[host]


def base_hp(c: dict) -> int:
    host = c["host"]
    return HP[c["card"]] + (HP[host] if host is not None else 0)


def av(c: dict) -> int:
    """Current AV without the Dash bonus (never below 0)."""
    v = base_av(c) + c["bav"]
    return v if v > 0 else 0


def hp(c: dict) -> int:
    return base_hp(c) + c["bhp"]


def own_mask(st: dict, c: dict) -> int:
    """Abilities that do not depend on neighbours: printed, Possess, spell grants, custom."""
    m = MASK[c["card"]] | c["grant"]
    if c["host"] is not None:
        m |= MASK[c["host"]]
    if st["ai_extra"] and c["side"] == 1 and st["mode"] == "solo":
        m |= st["ai_extra"]
    return m


def aura_of(c: dict) -> int:
    """Paired abilities this creature grants its neighbours (CD-AUR-1/2)."""
    if c["host"] is None:
        return AURA_OF[c["card"]] if MASK[c["card"]] & AURA else 0
    m = 0
    if MASK[c["card"]] & AURA:
        m |= AURA_OF[c["card"]]
    if MASK[c["host"]] & AURA:
        m |= AURA_OF[c["host"]]
    return m


def regeneration_seat(c: dict) -> int:
    """Whose fort Regeneration moves (CD-REG-1): the owner of the card that carries it
    [本卡拥有者的要塞卡], not the controller. In a Possess stack the two cards may have different
    owners (CD-POS-3/6): the host's own Regeneration counts first (a second copy from the
    Possess card adds nothing, CD-ABL-2), then the Possess card's. Regeneration printed on
    neither card (granted by an Aura or a spell) belongs to the creature: its controller."""
    host = c["host"]
    if host is not None and MASK[host] & REGENERATION:
        return c["hown"]
    if MASK[c["card"]] & REGENERATION:
        return c["own"]
    return c["side"]


def granted_by_aura(lst: list, idx: int) -> int:
    """Abilities granted by adjacent Aura creatures on the same side of the lane
    (CD-AUR-2, CD-AMB-53); recomputed every time (CD-AUR-4)."""
    m = 0
    if idx > 0:
        m |= aura_of(lst[idx - 1])
    if idx + 1 < len(lst):
        m |= aura_of(lst[idx + 1])
    return m


def abilities(st: dict, lane: int, side: int, idx: int) -> int:
    lst = st["lanes"][lane][side]
    return own_mask(st, lst[idx]) | granted_by_aura(lst, idx)


def remaining(c: dict) -> int:
    return hp(c) - c["dmg"]


def hit(st: dict, c: dict, amount: int, mask: int, events: list, source: dict) -> int:
    """Deal ``amount`` to creature ``c`` whose current abilities are ``mask``. Protection
    may cut it to 0 (CD-PRO-1..5). Returns the damage actually dealt."""
    if amount > 0 and mask & PROTECTION and not c["prot"]:
        c["prot"] = True
        ev(events, "protected", uid=c["uid"], card=c["card"], seat=c["side"], prevented=amount, **source)
        return 0
    if amount > 0:
        c["dmg"] += amount
    ev(events, "damage", uid=c["uid"], card=c["card"], seat=c["side"], amount=amount,
       hp_left=max(0, hp(c) - c["dmg"]), **source)
    return amount


def remove_defeated(st: dict, uids: list[int], events: list) -> None:
    """Remove defeated creatures in standard order and return them (CD-DMG-2..6)."""
    found = []
    for li in (0, 1):
        for side in (0, 1):
            for i, c in enumerate(st["lanes"][li][side]):
                if c["uid"] in uids:
                    found.append((order_key(st, li, side, i), li, side, c))
    found.sort(key=lambda t: t[0])
    for _, li, side, c in found:
        st["lanes"][li][side].remove(c)  # the rest close the gap (CD-DMG-5)
        ev(events, "defeated", uid=c["uid"], card=c["card"], host=c["host"], seat=side, lane=LANES[li])
        return_creature(st, c, events)


def return_creature(st: dict, c: dict, events: list) -> None:
    """Send a creature that left the board to its destination(s). A stack returns its
    Possess card first, then the host (CD-POS-6)."""
    parts = [(c["card"], c["own"], c["ch"])]
    if c["host"] is not None:
        parts.append((c["host"], c["hown"], c["hch"]))
    for card, owner, champ in parts:
        if champ:
            ch = st["players"][owner]["champion"]
            ch["state"] = "exhausted"
            ev(events, "champion_exhausted", seat=owner, card=card)
            continue
        send_back(st, owner, card, events)


def send_back(st: dict, seat: int, card: str, events: list, reason: str = "returned") -> None:
    """``card`` would go back to ``seat``'s hand (a defeat or a spell's return).

    Duel: rightmost of that hand, or of the opponent's hand with Mercenary (CD-MER-1/4,
    CD-AMB-33). Solo: the AI's "hand" is its discard pile (CD-AI-7, CD-AMB-34); a player's
    Mercenary card goes onto the top of the AI deck (CD-MER-2); an AI Mercenary card goes to
    the player's hand (CD-AID-8).
    """
    merc = bool(MASK[card] & MERCENARY)
    to = 1 - seat if merc else seat
    if is_ai(st, to):
        ai = st["ai"]
        if merc:
            ai["deck"].insert(0, card)
            ev(events, "returned", card=card, seat=to, zone="ai_deck_top", mercenary=True, why=reason)
        else:
            ai["discard"].append(card)
            ev(events, "returned", card=card, seat=to, zone="ai_discard", mercenary=False, why=reason)
        return
    hand.add_right(st, to, card)
    ev(events, "returned", card=card, seat=to, zone="hand", mercenary=merc, why=reason)
