"""Standing defence orders: a player's private answer to the defence windows of the
opponent's turns, so an asynchronous game does not wait on the defender (the issue's
``/evs policy``; the defence window itself is ES-DEF-2).

* ``never``  -- every window is closed at once with no defence (as ``nodefend``);
* ``lethal`` -- a defence is made only when the declared attack would destroy the target
  without one (ES-ENG-9) and some legal defence keeps it alive: the one paying the fewest
  cards, then the weakest cards, then the first in the legal order; otherwise no defence;
* ``ask``    -- the default: the window is a prompt to the defender, as without an order.

An order is set with ``pol defence ORDER`` by its owner at any time (``EvsGame.off_turn``);
it is private (the log shows the opponent ``?``, views show it to its owner only) and an
answer given under it is narrated exactly as the same answer given by hand. Setting an order
while one's own defence window is open answers that window at once.
"""
from __future__ import annotations

from engine.base import IllegalAction

from . import engage
from .content import COMMANDS
from .notation import POLICY_ORDERS as ORDERS
from .state import GameOver, copy_state, ev

DEFAULT = "ask"


def order(st: dict, seat: int) -> str:
    return st["players"][seat].get("policy", DEFAULT)


def set_order(st: dict, seat: int, key: str, value: str) -> None:
    if key != "defence" or value not in ORDERS:
        raise IllegalAction("evs.err.bad_policy", f"standing orders: pol defence {'|'.join(ORDERS)}",
                            key=key, value=value)
    st["players"][seat]["policy"] = value


def _survives(st: dict, answer: dict) -> bool:
    """Whether the pending target is still on the battlefield after ``answer`` (on a copy)."""
    sim = copy_state(st)
    target, seat = sim["pending"]["target"], sim["pending"]["seat"]
    try:
        if answer["type"] == "defend":
            engage.defend(sim, seat, answer["card"], answer["pay"], [])
        else:
            engage.no_defence(sim, seat, [])
    except GameOver:
        return sim["result"] is not None and sim["result"]["loser"] != seat and target in sim["units"]
    return target in sim["units"]


def _price(answer: dict) -> tuple:
    pay = answer["pay"]
    return (len(pay), sum(COMMANDS[c]["power"] for c in pay if c in COMMANDS))


def answer(st: dict) -> dict | None:
    """The answer the defender's order gives to the open defence window, or None (ask)."""
    p = st["pending"]
    if p is None or p["kind"] != "defence":
        return None
    how = order(st, p["seat"])
    if how == "never":
        return {"type": "nodefend"}
    if how != "lethal":
        return None
    none = {"type": "nodefend"}
    if _survives(st, none):
        return none
    saving = [a for a in engage.defence_options(st) if _survives(st, a)]
    return min(saving, key=_price) if saving else none


def carry_out(st: dict, events: list) -> bool:
    """Answer an open defence window under its owner's order; True if one was answered.
    (May raise state.GameOver, as the answer given by hand would.)"""
    a = answer(st)
    if a is None:
        return False
    seat = st["pending"]["seat"]
    how = order(st, seat)
    if a["type"] == "defend":
        engage.defend(st, seat, a["card"], a["pay"], events)
    else:
        engage.no_defence(st, seat, events)
    # the defender alone learns that an order answered for them (the host DMs their view)
    ev(events, "standing_answer", visible_to=seat, seat=seat, order=how)
    return True
