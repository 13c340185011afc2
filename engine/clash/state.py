"""The JSON game state: its layout, a fast structural copy and board queries.

State layout (``schema`` 1; everything is dicts/lists/ints/strs/bools/None)::

    {"schema": 1, "game": "clash", "mode": "duel"|"solo", "format": ..., "options": {...},
     "rng": {...},                      # engine.rng state
     "stage": "deck_choice"|"draft"|"constructed"|"champion"|"play"|"finished",
     "turn": 0, "turn_player": 0, "first_player": None, "phase": None|"summon"|"attack",
     "pause": False, "acts": 0, "pause_at": -1,   # phase-3 pause bookkeeping (CD-AMB-10)
     "next_uid": 1,
     "players": [{"hand": [...], "side": "bastion"|"fort", "mana": 0, "deck": None,
                  "champion": None|{"card": id, "state": "ready"|"exhausted"|"in_play"}}, ...],
     "lanes": [[[top seat0...], [top seat1...]], [[bottom seat0...], [bottom seat1...]]],
     "ai": None|{"deck": [top..bottom], "discard": [bottom..top], "side": "bastion"|"fort"},
     "ai_extra": 0,                     # ability mask added to AI creatures (CD-CUS-6e)
     "solo": None|{...custom options, "level": n},
     "setup": {...},                    # pending deck choice / draft / build / champion choice
     "result": None|{"winners": [seat], "loser": seat, "reason": str}}

A hand is a list of card ids with the string ``"FORT"`` standing for the fort card.

A creature on the board is a flat dict::

    {"uid", "card", "own", "ch",         # top card (the Possess card of a stack), its owner, champion?
     "host", "hown", "hch",              # host card of a Possess stack (None when not a stack)
     "side",                             # controlling seat = the side of the lane it stands on
     "dmg", "played", "dash", "prot", "act",   # damage this turn, played this turn, Dash bonus,
                                               # Protection used, activated this phase 3
     "bav", "bhp", "grant"}              # spell buffs until end of turn (AV, HP, ability mask)
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

from engine.jsoncopy import deep_copy

FORT = "FORT"
LANES = ("top", "bottom")
LANE_INDEX = {"top": 0, "bottom": 1}
TOP, BOTTOM = 0, 1
SCHEMA = 1


class GameOver(Exception):
    """Raised internally the moment a player loses (CD-ATK-17); caught by the dispatcher."""


def finish(st: dict, loser: int, reason: str) -> None:
    """Record in place that ``loser`` lost and the other seat won (a rules loss, a
    resignation or a timeout): the one place that shapes a finished state."""
    st["result"] = {"winners": [1 - loser], "loser": loser, "reason": reason}
    st["stage"] = "finished"
    st["phase"] = None
    st["pause"] = False


def lose(st: dict, seat: int, reason: str, events: list) -> NoReturn:
    """End the game at once: ``seat`` loses (CD-END-1/2, CD-ATK-17)."""
    finish(st, seat, reason)
    ev(events, "game_over", winner=1 - seat, loser=seat, reason=reason)
    raise GameOver()


def copy_state(s: dict) -> dict:
    """Structural copy, much faster than ``copy.deepcopy`` for this known layout."""
    n = dict(s)
    rng = s["rng"]
    n["rng"] = {"s": rng["s"], "forced": list(rng.get("forced", ()))}
    n["players"] = [_copy_player(p) for p in s["players"]]
    n["lanes"] = [[[dict(c) for c in side] for side in lane] for lane in s["lanes"]]
    ai = s.get("ai")
    if ai is not None:
        n["ai"] = {"deck": list(ai["deck"]), "discard": list(ai["discard"]), "side": ai["side"]}
    if s.get("setup") is not None:
        n["setup"] = deep_copy(s["setup"])
    if s.get("result") is not None:
        n["result"] = deep_copy(s["result"])
    # "options" and "solo" are never mutated after setup, so they can be shared.
    return n


def _copy_player(p: dict) -> dict:
    q = dict(p)
    q["hand"] = list(p["hand"])
    if p.get("champion") is not None:
        q["champion"] = dict(p["champion"])
    return q


def is_ai(st: dict, seat: int) -> bool:
    return st["mode"] == "solo" and seat == 1


def locate(st: dict, uid: int) -> tuple[int, int, int] | None:
    """(lane, side, index) of the creature with this uid, or None if it left the board."""
    lanes = st["lanes"]
    for li in (0, 1):
        lane = lanes[li]
        for side in (0, 1):
            lst = lane[side]
            for i in range(len(lst)):
                if lst[i]["uid"] == uid:
                    return li, side, i
    return None


def creature_at(st: dict, side: int, lane: int, pos: int) -> dict | None:
    """Creature at 1-based position ``pos`` on ``side`` of ``lane`` or None."""
    lst = st["lanes"][lane][side]
    if 1 <= pos <= len(lst):
        return lst[pos - 1]
    return None


def all_creatures(st: dict) -> Iterator[tuple[int, int, int, dict]]:
    """Yield (lane, side, index, creature) for every creature on the board."""
    for li in (0, 1):
        for side in (0, 1):
            for i, c in enumerate(st["lanes"][li][side]):
                yield li, side, i, c


def order_key(st: dict, lane: int, side: int, idx: int) -> tuple:
    """Standard resolution order (CD-GEN-8, CD-AMB-15): top lane first, farthest from the
    bridge first, the turn player's creature first at equal distance."""
    return (lane, -idx, 0 if side == st["turn_player"] else 1)


def sort_standard(st: dict, uids: list[int]) -> list[int]:
    """Sort uids still on the board into standard order (stable for repeated uids)."""
    keyed = []
    for n, u in enumerate(uids):
        loc = locate(st, u)
        if loc is not None:
            keyed.append((order_key(st, *loc), n, u))
    keyed.sort()
    return [u for _, _, u in keyed]


def board_card_count(st: dict) -> int:
    """Creature cards on the board; a Possess stack counts 2 (CD-CHA-6, CD-AMB-32)."""
    n = 0
    for lane in st["lanes"]:
        for side in lane:
            for c in side:
                n += 2 if c["host"] is not None else 1
    return n


def ev(events: list, kind: str, **params: Any) -> None:
    """Record a raw event ``(kind, params)``; ``game.to_events`` turns the list into
    ``engine.base.Event`` values at the contract boundary (the rules code keeps plain pairs
    because it runs millions of times in bot searches and playouts).

    Every Clash event is public (``visible_to`` None): events never name a card in a hand,
    a hidden deck or an unrevealed champion (tests/games/clash/engine/test_contract.py); what only
    one seat may know reaches it through its view."""
    events.append((kind, params))
