"""Who decides now, and what about: ``acting_seats`` and the prompts (engine.base.Prompt)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, cast

from ..base import Prompt
from . import phases, prep
from .opening import guided_seat, picking_seat
from .state import build_of, prep_of, setup_of, turn_of, turn_order
from .types import PromptParams, Seat, State

STEP_PROMPTS: Mapping[str, str] = MappingProxyType({
    "start": "start", "a": "heroes_before", "m": "minion", "c": "heroes_after", "explore": "explore",
    "attack": "attack", "fire": "attack"})
SETUP_PROMPTS: Mapping[str, str] = MappingProxyType({"isle": "setup_isle", "fort": "setup_fort",
                                                     "reveal": "setup_reveal"})


def acting_seats(st: State) -> list[Seat]:
    if st["phase"] == "over":
        return []
    if st["pending"]:
        return [st["pending"][0]["seat"]]
    ph = st["phase"]
    if ph == "faction":
        return [picking_seat(st)]
    if ph == "setup":
        s = guided_seat(st)
        return [s] if s is not None else []
    if ph == "market":
        return [phases.market_seat(st)]
    if ph == "build":
        return phases.build_seats(st)
    if ph == "prep":
        if prep_of(st)["step"] == "mark":
            s = prep.marking_seat(st)
            return [s] if s is not None else []
        return prep.stacking_seats(st)
    if ph == "onslaught":
        return [turn_of(st)["seat"]]
    return []


def prompts(st: State) -> list[Prompt]:
    out = []
    for s in acting_seats(st):
        key, kind, params = prompt_key(st, s)
        out.append(Prompt(seat=s, kind=kind, key=f"cloudspire.prompt.{key}", params=dict(params)))
    return out


def prompt_key(st: State, s: Seat) -> tuple[str, str, PromptParams]:
    """(catalog key suffix, prompt kind, params) of the decision ``s`` faces now."""
    if st["pending"]:
        p = st["pending"][0]
        # a Pending's keys besides seat and kind are its prompt's params (types.Pending)
        return p["kind"], "reaction", cast(PromptParams, {k: v for k, v in p.items() if k not in ("seat", "kind")})
    ph = st["phase"]
    if ph == "faction":
        return "pick_faction", "setup", {}
    if ph == "setup":
        return SETUP_PROMPTS[setup_of(st)["step"]], "setup", {}
    if ph == "market":
        return "market", "turn", {"source": st["players"][s]["source"]}
    if ph == "build":
        if build_of(st)["follow"]:
            return "build_follow", "turn", {}
        return "build", ("simultaneous" if phases.build_simultaneous(st) else "turn"), {"source": st["players"][s]["source"]}
    if ph == "prep":
        if prep_of(st)["step"] == "mark":
            return "mark", "turn", {}
        return "stack", ("simultaneous" if prep.simultaneous(st) else "turn"), {"cp": st["players"][s]["cp"] - prep.cp_spent(st, s)}
    t = turn_of(st)
    step = t["step"]
    if step == "explore" and t["peek"]:
        return "peek", "turn", {}
    return STEP_PROMPTS[step], "turn", {"round": st["round"]}
