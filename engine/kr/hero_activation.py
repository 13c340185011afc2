"""The hero action resolved in place (docs in ``heroes``; KR-HERO-1..14, KR-HACT-1..8, KR-HPT-6,
KR-ALL-2/5, KR-SOLO-6..8, KR-AMB-15/18/34/49/50).
"""
from __future__ import annotations

from typing import Any

from .content import HEROES
from .hero_abilities import moves_in_act, perform
from .hero_attacks import Ctx, Parts
from .hero_skills import check_facing, place, stop, turn, walk
from .state import WILDCAT, ev
from .towers import check_phase, check_seat, err

ACTION_KEYS = frozenset({"type", "figure", "order", "path", "facing", "base", "act", "ability", "placements",
                         "choice"})
ORDERS = ("move_first", "act_first")


def resolve_hero(st: dict, seat: int, action: Any, events: list, auto: bool = False) -> dict:
    """Play ``action`` on ``st`` in place (a copy: refusals leave it half done). ``auto``: the
    placements are chosen greedily and written into the returned action (suggestions)."""
    check_phase(st, 2)
    check_seat(st, seat)
    if not isinstance(action, dict) or action.get("type", "hero") != "hero":
        raise err("malformed", "a hero action is {'type': 'hero', 'figure', 'order', 'path', 'facing', 'base', "
                               "'act', 'ability', 'placements', 'choice'}")
    unknown = sorted(set(action) - ACTION_KEYS)
    if unknown:
        raise err("malformed", f"a hero action has no key {unknown[0]!r}", key=unknown[0])
    figure = action.get("figure")
    if not isinstance(figure, str) or st["heroes"].get(figure) is None:
        raise err("no_such_hero", f"no hero {figure!r}", figure=figure)
    h = st["heroes"][figure]
    if h["seat"] != seat:
        raise err("not_your_hero", f"{figure} belongs to seat {h['seat']}", figure=figure, seat=h["seat"])
    act, ability = action.get("act"), action.get("ability")
    if act != "ability" and ability is not None:
        raise err("malformed", "'ability' goes with 'act': 'ability'", ability=ability)
    order = action.get("order") or "move_first"
    if order not in ORDERS:
        raise err("malformed", f"order is one of {ORDERS}, not {order!r}", order=order)
    facing = check_facing(action.get("facing"))
    path = action.get("path") or []
    choice = action.get("choice")
    wildcat_base = None
    if isinstance(choice, dict) and "wildcat_base" in choice:
        choice = {k: v for k, v in choice.items() if k != "wildcat_base"}
        wildcat_base = action["choice"]["wildcat_base"]
    ctx = Ctx(st, seat, events, auto)
    parts = Parts(action.get("placements"), auto)
    bench = h["kind"] != WILDCAT and figure != st["seats"][seat]["hero"]
    _activate(st, figure, h, bench)
    ev(events, "hero_activated", figure=figure, seat=seat, bench=bench)
    if bench:
        _bench(ctx, figure, action, path, facing, parts, choice)
    elif figure == WILDCAT:
        if act is not None:
            raise err("no_action", "the wildcat only moves and engages (KR-AMB-34)", act=act)
        walk(ctx, figure, path, HEROES[st["seats"][seat]["hero"]]["wildcat"]["move"])
        stop(ctx, figure, action.get("base"))
        turn(ctx, figure, facing)
        check_choice_empty(choice)
    elif order == "move_first":
        walk(ctx, figure, path, HEROES[figure]["move"])
        if not moves_in_act(act, ability, choice):
            stop(ctx, figure, action.get("base"), wildcat_base)
        turn(ctx, figure, facing)
        perform(ctx, figure, act, ability, parts, choice)
        if figure in ctx.transit:
            stop(ctx, figure, action.get("base"), wildcat_base)
    else:
        turn(ctx, figure, facing)
        perform(ctx, figure, act, ability, parts, choice)
        walk(ctx, figure, path, HEROES[figure]["move"])
        stop(ctx, figure, action.get("base"), wildcat_base)
    parts.finish()
    out = dict(action)
    if auto:
        out["placements"] = parts.chosen
    return out


def check_choice_empty(choice: Any) -> None:
    if choice:
        raise err("malformed", "this action takes no choice", choice=choice)


def _activate(st: dict, figure: str, h: dict, bench: bool) -> None:
    """KR-HERO-1/2, KR-HPT-4/6, KR-ALL-2/5, KR-SOLO-7/8, KR-AMB-34/49."""
    if h["knocked_out"]:
        raise err("knocked_out", f"{figure} is knocked out (KR-HPT-4)", figure=figure)
    if bench:
        if not st["options"].get("solo") or figure not in st["solo"]["bench"]:
            raise err("bench_used", f"{figure} is not an unused bench hero (KR-SOLO-7/8)", figure=figure)
        if any(e.get("kind") == "bench" for e in st["effects"]):
            raise err("bench_limit", "one bench hero per round (KR-AMB-49)", figure=figure)
        st["solo"]["bench"].remove(figure)
        st["effects"].append({"kind": "bench", "figure": figure})
    elif figure == WILDCAT:
        if h["cell"] is None:
            raise err("not_on_map", "the wildcat is not on the map (KR-ALL-4)", figure=figure)
    elif h.get("revived"):
        raise err("revived_this_round", f"{figure} was revived this round (KR-HERO-2, KR-HPT-6)", figure=figure)
    if h["activated"]:
        raise err("already_activated", f"{figure} has already been activated this round (KR-HERO-1)", figure=figure)
    h["activated"] = True


def _bench(ctx: Ctx, figure: str, action: dict, path: Any, facing: str | None, parts: Parts, choice: Any) -> None:
    """KR-SOLO-7, KR-AMB-50: placed on any square it may stop on, then its basic attack."""
    if not isinstance(path, list) or len(path) != 1:
        raise err("bad_path", "a bench hero's path is the one square it is placed on (KR-AMB-50)", path=path)
    if action.get("act") != "basic":
        raise err("malformed", "a bench hero performs its basic attack (KR-SOLO-7)", act=action.get("act"))
    place(ctx, figure, path[0])
    stop(ctx, figure, action.get("base"))
    turn(ctx, figure, facing)
    perform(ctx, figure, "basic", None, parts, choice, bench=True)
