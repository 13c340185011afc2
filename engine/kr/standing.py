"""Standing displacement preferences: whether a player is asked where a displaced hero goes
when it happens, or where its heroes go when a tray or a ghost pushes them off their square,
chosen in advance so the automatic phases need not wait (KR-SPN-7, KR-ICN-9, KR-ICN-14,
KR-AMB-17/27/61; the decision table's "hero's owner ... stalls" rows).

The squares a hero may be pushed to are ``mapgeo.displacement_squares``: adjacent road squares
without a tray, then adjacent building sites without a tower; none: back to the hero board
(not knocked out). The owner's preference orders them:

* ``ask`` -- the default: the owner is asked each time there is more than one square
  (engine/kr/displacement.py); the deadline's default (and the bot's answer) is ``exit``'s;
* ``exit`` -- the decision table's default: the road square nearest the exit, else a site;
* ``away`` -- the road square farthest from the exit (behind the hordes), else a site;
* ``site`` -- a free building site first (ties clockwise from N), else the road nearest the exit.

Set with ``pol displace PREFERENCE`` by a seat at any time (``KrGame.off_turn``); it applies to
every figure the seat owns (its hero, Alleria's wildcat, a solo bench hero). Public, like
everything in this game.
"""
from __future__ import annotations

from engine.base import IllegalAction

from .state import ev, geo

ASK = "ask"
PREFERENCES = (ASK, "exit", "away", "site")
DEFAULT = ASK


def preference(st: dict, seat: int) -> str:
    return st["seats"][seat].get("displace", DEFAULT)


def set_preference(st: dict, seat: int, key: object, value: object, events: list) -> None:
    if key != "displace" or value not in PREFERENCES:
        raise IllegalAction("kr.err.bad_policy", f"standing preference: pol displace {'|'.join(PREFERENCES)}",
                            key=str(key), value=str(value))
    st["seats"][seat]["displace"] = value
    ev(events, "displace_preference", seat=seat, preference=value)


def ordered(st: dict, figure: str, squares: list[str]) -> list[str]:
    """``squares`` (``displacement_squares`` order) in the figure's owner's preference
    (``ask``: as ``exit``, the decision table's default)."""
    g = geo(st)
    pref = preference(st, st["heroes"][figure]["seat"])
    roads = [c for c in squares if not g.is_site(c)]
    sites = [c for c in squares if g.is_site(c)]
    if pref == "away":
        return roads[::-1] + sites
    if pref == "site":
        return sites + roads
    return roads + sites
