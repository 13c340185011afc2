"""Phase 2: playing cards from hand and summoning the champion (CD-PLAY, CD-SPELL-1..4,
CD-BLP, CD-POS-1/2/5/8, CD-CHA-5/6)."""
from __future__ import annotations

from . import board, champion, hand, spells
from .cards import COST, IS_SPELL
from .state import LANE_INDEX, LANES, ev


def place(st: dict, seat: int, card: str, action: dict, events: list, champ: bool = False) -> None:
    """Put a creature on the board: behind the last creature of the chosen lane
    (CD-PLAY-4) or onto a host (CD-POS-1)."""
    if "on" in action:
        s, lane, pos = action["on"]
        li = LANE_INDEX[lane]
        host = st["lanes"][li][s][pos - 1]
        host["host"], host["hown"], host["hch"] = host["card"], host["own"], host["ch"]
        host["card"], host["own"], host["ch"] = card, seat, champ
        ev(events, "possessed", seat=seat, card=card, uid=host["uid"], host=host["host"], host_seat=s,
           lane=LANES[li], pos=pos, champion=champ)
        return
    li = LANE_INDEX[action["lane"]]
    c = board.new_creature(st, card, seat, seat, champ)
    lst = st["lanes"][li][seat]
    lst.append(c)
    ev(events, "summoned", seat=seat, card=card, uid=c["uid"], lane=LANES[li], pos=len(lst), champion=champ)


def play(st: dict, seat: int, action: dict, events: list) -> None:
    """Play a card from hand (the action was validated already)."""
    p = st["players"][seat]
    h = p["hand"]
    card = action["card"]
    idx = next(i for i in hand.window(h) if h[i] == card)
    cost = COST[card]
    mana = p["mana"]
    short = 0
    if cost <= mana:
        p["mana"] = mana - cost
    else:  # Blood Price (CD-BLP-1/2): spend everything, 1 damage per missing point
        short = cost - mana
        p["mana"] = 0
    ev(events, "card_played", seat=seat, card=card, cost=cost, pos=idx + 1, mana_left=p["mana"], shortfall=short)
    h.pop(idx)  # CD-HAND-3 / CD-PLAY-3
    hand.check(st, seat, events)  # CD-HAND-6/7, CD-AMB-11
    for _ in range(short):  # CD-BLP-3, CD-AMB-35: separate 1-point hits after leaving the hand
        ev(events, "blood_price", seat=seat, card=card)
        hand.damage(st, seat, 1, events, "blood_price")
    champion.on_card_played(st, cost, events)
    if IS_SPELL[card]:
        s, lane, pos = action["target"]
        spells.resolve(st, seat, card, LANE_INDEX[lane], s, pos - 1, events)
        board.send_back(st, seat, card, events, reason="spell")  # CD-SPELL-3, CD-MER-1
    else:
        place(st, seat, card, action, events)


def summon_champion(st: dict, seat: int, action: dict, events: list) -> None:
    """Summon the ready champion for its discounted cost (CD-CHA-5/6)."""
    p = st["players"][seat]
    ch = p["champion"]
    cost = champion.cost_now(st, seat)
    p["mana"] -= cost
    ch["state"] = "in_play"
    ev(events, "champion_summoned", seat=seat, card=ch["card"], cost=cost, mana_left=p["mana"])
    champion.on_card_played(st, COST[ch["card"]], events)
    place(st, seat, ch["card"], action, events, champ=True)
