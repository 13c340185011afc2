"""``apply`` (engine.base contract): check an action, carry it out, run the automatic steps;
standing policies (``pol``), refusals that say why, conceding, and the result.

``apply`` copies the state (``engine.jsoncopy``); ``apply_inplace`` is the fast path used by playouts."""
from __future__ import annotations

import json

from ..base import Event, IllegalAction, Result
from ..jsoncopy import deep_copy
from . import build
from .advance import advance
from .bot.defaults import timeout_action
from .content import load
from .dispatch import dispatch
from .emit import ev, private
from .errors import illegal
from .legal import legal_actions
from .scoring import finish
from .state import POLICIES, build_of, friendly, is_policy_key
from .turns import acting_seats
from .types import Action, Events, Seat, State

AUTOPLAY_LIMIT = 5000


def apply(st: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
    new = deep_copy(st)
    events = apply_inplace(new, seat, action, check=True)
    return new, events


def _norm(a: Action) -> str:
    return json.dumps(a, sort_keys=True)


def apply_inplace(st: State, seat: Seat, action: Action, check: bool = True, autoplay: bool = True) -> Events:
    if not isinstance(action, dict) or "type" not in action:
        raise illegal("bad_action", "Not an action.")
    if action["type"] == "pol":
        return apply_policy(st, seat, action)
    if st["phase"] == "over":
        raise illegal("game_over", "The game is over.")
    if check:
        if seat not in acting_seats(st):
            raise illegal("not_your_turn", "It is not your decision.", seat=seat)
        legal = legal_actions(st, seat)
        na = _norm(action)
        if not any(_norm(x) == na for x in legal):
            raise diagnose(st, seat, action, legal)
    events: Events = []
    dispatch(st, seat, action, events)
    advance(st, events)
    if st["conceded"] and autoplay:
        autoplay_conceded(st, events)
    return events


def apply_policy(st: State, seat: Seat, a: Action) -> Events:
    k, v = a.get("key"), a.get("value")
    if not is_policy_key(k) or v is None or v not in POLICIES[k] or not 0 <= seat < st["seats"]:
        raise illegal("bad_policy", "Unknown policy.", key=k)
    st["players"][seat]["policy"][k] = v
    # a standing policy is a private setting (redact.py): only its owner is told
    events: Events = []
    private(events, seat, "policy", seat=seat, key=k, value=v)
    return events


def diagnose(st: State, seat: Seat, a: Action, legal: list[Action]) -> IllegalAction:
    """The most helpful refusal for an action that is not among the legal ones."""
    verbs = {x["type"] for x in legal}
    d = a["type"]
    if d not in verbs:
        return illegal("wrong_step", f"'{d}' is not possible now.", legal, verb=d)
    if d in ("build",) and st["phase"] in ("build", "onslaught"):
        code = build.construct_legal(st, seat, a.get("spire"), a.get("side", "basic"), a.get("at"), a.get("order", ""))
        if code:
            return illegal(code, f"Cannot build there: {code}.", legal)
    if d == "up":
        code = build.upgrade_legal(st, seat, a.get("at"), a.get("chips", ""))
        if code:
            return illegal(code, f"Cannot upgrade: {code}.", legal)
    if d == "es" and es_cuts_path(st, seat, a):
        return illegal("es_cuts_path", "That earthscape would cut a fortress gate off from the paths "
                       "to the other gates (CS-AMB-30).", legal, earthscape=a.get("earthscape"), at=a.get("at"))
    if d == "mm":
        return illegal("bad_minion_move", "That minion move is not allowed (CS-MOV-9).", legal)
    if d == "mv":
        return illegal("bad_hero_move", "That hero move is not allowed.", legal)
    if d == "atk":
        return illegal("bad_target", "Not a valid attack.", legal)
    return illegal("illegal_action", "That action is not legal now.", legal)


def es_cuts_path(st: State, seat: Seat, a: Action) -> bool:
    """An earthscape placement that is legal in every other way (CS-AMB-30) but cuts a path."""
    es, at, rot = a.get("earthscape"), a.get("at"), a.get("rot")
    if (st["phase"] != "build" or build_of(st)["follow"] or es not in st["players"][seat]["beside"]
            or es not in load()["earthscapes"] or rot is None or rot not in range(6)
            or not isinstance(at, str) or at not in st["map"]["hexes"]):
        return False
    return build.earthscape_fits(st, seat, es, at, rot) and build.earthscape_cuts_path(st, es, at, rot)


# ---------------------------------------------------------------- result and conceding

def result(st: State) -> Result | None:
    r = st.get("result")
    if not r:
        return None
    return Result(winners=list(r["winners"]), placements=[list(x) for x in r["placements"]],
                  reason=r["reason"], figures=r.get("figures", {}))


def concede(st: State, seat: Seat, reason: str) -> tuple[State, list[Event]]:
    new = deep_copy(st)
    events: Events = []
    ev(events, "conceded", seat=seat, reason=reason)
    if new["phase"] != "over":
        new["conceded"].append(seat)
        n = new["seats"]
        if n == 2 or new["teams"]:
            finish(new, "conceded", winners=[s for s in range(n) if not friendly(new, s, seat)])
        else:
            left = [s for s in range(n) if s not in new["conceded"]]
            if len(left) == 1:
                finish(new, "conceded", winners=left)
            else:
                new["players"][seat]["gate"] = 0
                new["players"][seat]["broken"] = True
                autoplay_conceded(new, events)
    return new, events


def autoplay_conceded(st: State, events: Events) -> None:
    """Seats that conceded in a 3-4 player game are played by the timeout defaults."""
    for _ in range(AUTOPLAY_LIMIT):
        if st["phase"] == "over":
            return
        seats = [s for s in acting_seats(st) if s in st["conceded"]]
        if not seats:
            return
        a = timeout_action(st, seats[0])
        assert a is not None, "an acting seat always has a move"
        events += apply_inplace(st, seats[0], a, check=False, autoplay=False)
