"""Views (docs/clash/view.md). The public view and an opponent's view never contain the
identity of a hand card, a hidden constructed deck, an unrevealed champion, the draft pile
order or the AI deck order (CD-HAND-1, "Information and decisions")."""
from __future__ import annotations

from . import board, champion, draft
from .abilities import BLOOD_PRICE, names_of
from .cards import COST, IS_SPELL, MASK
from .hand import health, window
from .state import FORT, LANES, is_ai


def _creature(st: dict, li: int, side: int, i: int, c: dict) -> dict:
    lst = st["lanes"][li][side]
    own = board.own_mask(st, c)
    aura = board.granted_by_aura(lst, i)
    printed = MASK[c["card"]] | (MASK[c["host"]] if c["host"] is not None else 0)
    current = own | aura
    return {
        "uid": c["uid"], "card": c["card"],
        "stack": [c["card"], c["host"]] if c["host"] is not None else None,
        "owner": side, "card_owner": c["own"], "host_owner": c["hown"],
        "lane": LANES[li], "pos": i + 1,
        "av": board.av(c) + c["dash"], "hp": board.hp(c),
        "base_av": board.base_av(c), "base_hp": board.base_hp(c),
        "damage": c["dmg"], "hp_left": board.hp(c) - c["dmg"],
        "abilities": names_of(current), "granted": names_of(current & ~printed),
        "played_this_turn": c["played"], "dash_bonus": c["dash"], "protection_used": c["prot"],
        "activated": c["act"], "champion": bool(c["ch"] or c["hch"]),
        "buff_av": c["bav"], "buff_hp": c["bhp"],
    }


def _playable(st: dict, seat: int) -> set[int]:
    if st["stage"] != "play" or st["turn_player"] != seat or st["phase"] != "summon" or st["pause"] \
            or st["result"] is not None:
        return set()
    p = st["players"][seat]
    has_target = any(st["lanes"][li][s] for li in (0, 1) for s in (0, 1))
    out = set()
    for i in window(p["hand"]):
        card = p["hand"][i]
        if COST[card] > p["mana"] and not MASK[card] & BLOOD_PRICE:
            continue
        if not has_target and IS_SPELL[card]:
            continue
        out.add(i)
    return out


def _champion_view(st: dict, seat: int, viewer: int | None) -> dict | None:
    if st["stage"] == "champion":
        picks = st["setup"]["champion_pick"]
        if seat not in champion.choosers(st):
            return None
        if picks[seat] is not None and viewer == seat:
            return {"card": picks[seat], "state": "hidden", "cost_now": None, "chosen": True}
        return {"card": None, "state": "hidden", "cost_now": None, "chosen": picks[seat] is not None}
    ch = st["players"][seat].get("champion")
    if not ch:
        return None
    return {"card": ch["card"], "state": ch["state"], "cost_now": champion.cost_now(st, seat),
            "printed_cost": COST[ch["card"]]}


def view(st: dict, viewer: int | None) -> dict:
    seats = []
    for seat in (0, 1):
        p = st["players"][seat]
        if is_ai(st, seat):
            ai = st["ai"]
            size = len(ai["deck"]) if ai else 0
            seats.append({
                "seat": seat, "is_ai": True, "hand_size": size + 1 if ai else 0, "fort_pos": size + 1 if ai else 0,
                "fort_side": ai["side"] if ai else "bastion", "health": size, "mana": 0, "hand": [],
                "champion": None, "deck": None, "ai_deck_size": size,
                "ai_discard": list(ai["discard"]) if ai else [],
            })
            continue
        h = p["hand"]
        playable = _playable(st, seat) if viewer == seat else set()
        hand_view = []
        for i, c in enumerate(h):
            if c == FORT:
                hand_view.append({"fort": True, "side": p["side"]})
            elif viewer == seat:
                hand_view.append({"card": c, "playable": i in playable})
            else:
                hand_view.append({"hidden": True})
        entry = {
            "seat": seat, "is_ai": False, "hand_size": len(h),
            "fort_pos": h.index(FORT) + 1 if h else 0, "fort_side": p["side"],
            "health": health(h) if h else 0,
            "mana": p["mana"] if st["turn_player"] == seat and st["stage"] == "play" else 0,
            "hand": hand_view, "champion": _champion_view(st, seat, viewer), "deck": p["deck"],
        }
        seats.append(entry)
    lanes = {}
    for li, lane in enumerate(LANES):
        lanes[lane] = [[_creature(st, li, side, i, c) for i, c in enumerate(st["lanes"][li][side])]
                       for side in (0, 1)]
    out = {
        "game": "clash", "mode": st["mode"], "format": st["format"], "stage": st["stage"],
        "turn": st["turn"], "turn_player": st["turn_player"], "phase": st["phase"],
        "paused": st["pause"], "first_player": st["first_player"], "seats": seats, "lanes": lanes,
        "draft": _draft_view(st), "deck_choice": _deck_choice_view(st), "constructed": _constructed_view(st, viewer),
        "solo": ({"difficulty": st["solo"]["level"], "game": st["solo"]["game"],
                  "options": {k: v for k, v in st["solo"].items() if k not in ("level", "game")}}
                 if st["solo"] else None),
        "result": ({"winners": list(st["result"]["winners"]), "reason": st["result"]["reason"]}
                   if st["result"] else None),
        "viewer": viewer,
    }
    return out


def _draft_view(st: dict) -> dict | None:
    if st["stage"] != "draft":
        return None
    s = st["setup"]
    return {"round": s["round"], "rounds": s["rounds"], "revealed": list(s["revealed"]),
            "picker": draft.picker(st), "picks_left": s["seq"].count(draft.picker(st)) if s["seq"] else 0,
            "picked": [list(x) for x in s["picked"]], "pile_size": len(s["pile"]), "player_a": s["A"]}


def _deck_choice_view(st: dict) -> dict | None:
    if st["stage"] != "deck_choice":
        return None
    return {"chooser": draft.deck_chooser(st), "remaining": draft.remaining_decks(st),
            "order": list(st["setup"]["order"])}


def _constructed_view(st: dict, viewer: int | None) -> dict | None:
    if st["stage"] != "constructed":
        return None
    built = st["setup"]["built"]
    return {"submitted": [b is not None for b in built],
            "mine": list(built[viewer]) if viewer in (0, 1) and built[viewer] is not None else None}
