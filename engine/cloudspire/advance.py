"""Automatic steps after each action, until a decision is needed: market turns with nothing
to buy, onslaught steps with nothing to do, forced minion moves (CS-MOV), spires firing
(CS-FIRE), and the end of the wave when no minion is left (CS-END-1/2)."""
from __future__ import annotations

from . import designed, market, phases
from .emit import ev
from .explore import explorable
from .legal import attack_state, hero_moves, onslaught_actions
from .movement import minion_options
from .state import has_minions_anywhere, turn_of
from .types import Events, State

MAX_STEPS = 10000


def advance(st: State, events: Events) -> None:
    """Run automatic steps until a decision is needed (CS-MOV auto moves, spires fire, step
    skipping when nothing can be done, wave end CS-END-1/2; a protected well taken, CS-DM-7)."""
    if designed.well_taken(st, events, round_end=False):
        return
    for _ in range(MAX_STEPS):
        if st["phase"] == "over" or st["pending"]:
            return
        if st["phase"] == "market":
            s = phases.market_seat(st)
            if market.options(st, s) == ["pass"]:
                ev(events, "passed", seat=s)
                phases.after_market_turn(st, events)
                continue
            return
        if st["phase"] != "onslaught":
            return
        if not has_minions_anywhere(st):
            phases.end_wave(st, events)
            continue
        if not _onslaught_step(st, events):
            return


def _onslaught_step(st: State, events: Events) -> bool:
    """Take one automatic onslaught step; False when the seat on turn must decide."""
    t = turn_of(st)
    seat = t["seat"]
    step = t["step"]
    if step == "start":
        if onslaught_actions(st, seat) == [{"type": "next"}]:
            t["step"] = "a"
            return True
        return False
    if step in ("a", "c"):
        moves, forced = hero_moves(st, seat, step)
        if moves:
            return False
        if step == "a":
            t["step"] = "m"
        else:
            phases.start_fire(st, events)
        return True
    if step == "m":
        cands = phases.lead_candidates(st, seat)
        if not cands:
            t["step"] = "c"
            return True
        if len(cands) == 1:
            mode, opts, _, _ = minion_options(st, cands[0])
            if len(opts) == 1:
                h = next(iter(opts))
                phases.move_minion(st, cands[0], h, opts[h], events)
                return True
        return False
    if step == "fire":
        phases.run_fire(st, events)
        return not (t["step"] == "fire" and not st["pending"] and has_minions_anywhere(st))
    if step == "explore":
        if t["peek"]:
            return False
        if not explorable(st, seat):
            t["step"] = "attack"
            return True
        return False
    if step == "attack":
        acts, oblig = attack_state(st, seat)
        if not acts:
            ev(events, "turn_ended", seat=seat)
            phases.end_turn(st, events)
            return True
        return False
    return False
