"""The round machine: which decision is due, the automatic phases between decisions, the solo
colour exclusion and the phase-6 purchase by proposal and approval (KR-RND-1..3, KR-ACT-1..5,
KR-BUY-1..6, KR-SOLO-3..5, KR-END-1..6, KR-AMB-46/48; rules "Information and decisions").

States (``st["phase"]``) and the decision each waits for:

* ``1`` - the start of a round after the first: in solo the colour to exclude is chosen first
  (KR-SOLO-3, KR-AMB-48); then phase 1 (``spawn.summon``) and the start of phase 2
  (``phases.start_phase2``: revival, KR-ACT-1, KR-AMB-46) run by themselves.
* ``2`` - round 1 starts here (KR-RND-2); in solo the round-1 exclusion is due first. Every
  seat acts in any order until it says ``done`` (KR-ACT-2..5); a seat that is done takes no
  further action this phase (the rules' default for the main stall). When every seat is
  done, phases 3, 4 and 5 run (``destroy.destroy``, ``advance.advance``,
  ``returns.return_cards``).
* ``6`` - the purchase (KR-BUY-2, decision table): ``propose`` replaces the current proposal
  (approvals reset to the proposer; every other seat is asked again: its ``done`` is
  cleared), ``approve`` approves it, ``object`` withdraws it (every other seat is asked
  again), ``done`` finishes (approving the current proposal, if any). When every seat is
  done the proposal, approved by all, is bought at once (``buying.buy``); with none the
  crystals are saved. Then ``phases.end_round`` (victory only here, KR-END-1/2) and the
  next round.

  **One proposal per seat** (designed; the decision table says only "any player may propose
  a purchase list; it is applied when all players approve or at the deadline if nobody
  objects; with no proposal, crystals are saved"): each seat may make at most one proposal
  per phase 6 (``seats[i]["proposed"]``, cleared when phase 6 starts), so a table cannot
  go round in circles -- a proposal or an objection asks everyone again, and without a
  limit two players could propose and object to each other for ever. An objection needs a
  standing proposal and withdraws it, so there are at most as many objections as
  proposals: phase 6 ends after at most ``n`` proposals, ``n`` objections and the seats'
  approvals and ``done`` in between. A seat that has made its proposal can still approve,
  object to a later one or be done; one whose proposal was withdrawn cannot make another
  (crystals are then saved unless someone else proposes).
* ``"over"`` - the game ended; a defeat stops everything at once (KR-END-3..5).

``st["proposals"]`` holds at most one proposal ``{"seat", "buys": [[card, seat], ...],
"approved": [seats]}`` (the state's layout allows a list).
"""
from __future__ import annotations

from typing import Any

from engine.base import IllegalAction

from . import buying
from .advance import advance as advance_phase
from .destroy import destroy
from .phases import end_round, start_phase2
from .returns import return_cards
from .setup import SOLO_COLOURS
from .spawn import summon
from .state import GameOver, copy_state, ev


def err(reason: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"kr.err.{reason}", message, **params)


# --- what is due -------------------------------------------------------------------------------

def over(st: dict) -> bool:
    return st["phase"] == "over" or st.get("result") is not None


def exclusion_due(st: dict) -> bool:
    """Solo: the colour of this round is still to be chosen (KR-SOLO-3, KR-AMB-48)."""
    return (not over(st) and bool(st["options"].get("solo")) and st["solo"]["excluded"] is None
            and st["phase"] in (1, 2))


def allowed_colours(st: dict) -> list[str]:
    """The colours that may be excluded this round: not last round's (KR-SOLO-5)."""
    colours = st["seats"][0]["colours"] or list(SOLO_COLOURS)
    return [c for c in colours if c != st["solo"]["last_excluded"]]


def default_colour(st: dict) -> str:
    """The decision table's default: the first allowed colour in the fixed rotation, starting
    after last round's colour (red in round 1)."""
    colours = list(st["seats"][0]["colours"] or SOLO_COLOURS)
    last = st["solo"]["last_excluded"]
    start = colours.index(last) + 1 if last in colours else 0
    rotation = colours[start:] + colours[:start]
    return next(c for c in rotation if c in allowed_colours(st))


def waiting(st: dict) -> list[int]:
    """Seats whose decision is due now, in seat order."""
    if over(st):
        return []
    if exclusion_due(st):
        return [0]
    if st["phase"] in (2, 6):
        return [i for i, s in enumerate(st["seats"]) if not s["done"]]
    return []


def proposal(st: dict) -> dict | None:
    return st["proposals"][0] if st["proposals"] else None


def may_propose(st: dict, seat: int) -> bool:
    """``seat`` has not made its one proposal of this phase 6 yet (see the module docstring)."""
    return not st["seats"][seat].get("proposed", False)


# --- the machine -------------------------------------------------------------------------------

def run(st: dict, events: list) -> None:
    """Advance the round machine in place while no decision is due (KR-RND-1..3)."""
    while not over(st) and not waiting(st):
        phase = st["phase"]
        if phase == 1:                  # KR-RND-1 phase 1, then the start of phase 2
            summon(st, events)
            start_phase2(st, events)
        elif phase == 2:                # KR-ACT-5: every seat is done
            ev(events, "phase_end", phase=2, round=st["round"])
            destroy(st, events)
            advance_phase(st, events)
            return_cards(st, events)
            if not over(st):
                st["phase"] = 6
                st["proposals"] = []
                for s in st["seats"]:
                    s["done"] = False
                    s["proposed"] = False
        elif phase == 6:
            _settle(st, events)
            if not over(st):
                end_round(st, events)
        else:                           # a phase function left mid-way: nothing to wait for
            raise RuntimeError(f"kr: the round machine cannot continue from phase {phase!r}")


def _settle(st: dict, events: list) -> None:
    """The end of phase 6: the proposal approved by every seat is bought; none saves the
    crystals (decision table)."""
    p = proposal(st)
    if p is None or sorted(p["approved"]) != list(range(len(st["seats"]))):
        ev(events, "crystals_saved", crystals=st["crystals"])
        return
    try:
        buying.buy(st, [{"card": c, "to": to} for c, to in p["buys"]], events)
    except IllegalAction as e:          # cannot happen: nothing changes crystals in phase 6
        ev(events, "purchase_failed", reason=e.code)
    st["proposals"] = []


# --- decisions ---------------------------------------------------------------------------------

def check_may_act(st: dict, seat: int, kind: str) -> None:
    """``seat`` may take an action of ``kind`` ("exclude", "phase2", "phase6") now."""
    if over(st):
        raise err("game_over", "the game is over")
    if exclusion_due(st) and kind != "exclude":
        raise err("exclusion_due", "first choose the colour to exclude this round (KR-SOLO-3)")
    if kind == "exclude":
        if not exclusion_due(st):
            raise err("no_exclusion", "no colour is to be excluded now (KR-SOLO-3, KR-AMB-48)")
        return
    want = 2 if kind == "phase2" else 6
    if st["phase"] != want:
        raise err("wrong_phase", f"only in phase {want}, not {st['phase']}", phase=st["phase"])
    if st["seats"][seat]["done"]:
        raise err("already_done", "you are done for this phase (KR-ACT-5)", seat=seat)


def exclude(st: dict, seat: int, colour: Any, events: list) -> None:
    """Solo: no tower may be built on ``colour`` sites this round; not the same colour as last
    round (KR-SOLO-3..5, KR-AMB-48)."""
    check_may_act(st, seat, "exclude")
    if colour not in st["seats"][0]["colours"]:
        raise err("bad_colour", f"{colour!r} is not one of your colours {st['seats'][0]['colours']}",
                  colour=colour)
    if colour == st["solo"]["last_excluded"]:
        raise err("same_colour", f"{colour} was excluded last round (KR-SOLO-5)", colour=colour)
    st["solo"]["excluded"] = colour
    ev(events, "colour_excluded", seat=seat, colour=colour, round=st["round"])


def done(st: dict, seat: int, events: list) -> None:
    """``done`` in phase 2 (KR-ACT-5) or phase 6 (finished; approves the proposal)."""
    if over(st):
        raise err("game_over", "the game is over")
    if st["phase"] == 6:
        check_may_act(st, seat, "phase6")
        p = proposal(st)
        if p is not None and seat not in p["approved"]:
            p["approved"].append(seat)
            p["approved"].sort()
    else:
        check_may_act(st, seat, "phase2")
    st["seats"][seat]["done"] = True
    ev(events, "seat_done", seat=seat, phase=st["phase"])


def _buys(st: dict, raw: Any) -> list[list]:
    if not isinstance(raw, list) or not raw or not all(isinstance(b, dict) and set(b) == {"card", "to"}
                                                        for b in raw):
        raise err("malformed", "a proposal is {'type': 'propose', 'buys': [{'card', 'to'}, ...]} (at least one)")
    trial = copy_state(st)
    buying.buy(trial, [dict(b) for b in raw], [])      # affordability, supply, level (KR-BUY-3..6)
    return [[b["card"], b["to"]] for b in raw]


def propose(st: dict, seat: int, raw: Any, events: list) -> None:
    """Replace the current proposal; the proposer approves it; the others are asked again.
    At most one proposal per seat and phase 6."""
    check_may_act(st, seat, "phase6")
    if not may_propose(st, seat):
        raise err("already_proposed", "you have already made your proposal this round", seat=seat)
    buys = _buys(st, raw)
    st["proposals"] = [{"seat": seat, "buys": buys, "approved": [seat]}]
    st["seats"][seat]["proposed"] = True
    for i, s in enumerate(st["seats"]):
        if i != seat:
            s["done"] = False
    ev(events, "purchase_proposed", seat=seat, buys=[{"card": c, "to": to} for c, to in buys])


def approve(st: dict, seat: int, events: list) -> None:
    check_may_act(st, seat, "phase6")
    p = proposal(st)
    if p is None:
        raise err("no_proposal", "there is no proposal to approve")
    if seat in p["approved"]:
        raise err("already_approved", "you already approve this proposal")
    p["approved"].append(seat)
    p["approved"].sort()
    ev(events, "purchase_approved", seat=seat)


def object_(st: dict, seat: int, events: list) -> None:
    """Withdraw the current proposal (crystals are saved unless another one is made)."""
    check_may_act(st, seat, "phase6")
    if proposal(st) is None:
        raise err("no_proposal", "there is no proposal to object to")
    st["proposals"] = []
    for i, s in enumerate(st["seats"]):
        if i != seat:
            s["done"] = False
    ev(events, "purchase_withdrawn", seat=seat)


def step(st: dict, events: list) -> None:
    """``run``, stopping quietly at a defeat (KR-RND-3)."""
    try:
        run(st, events)
    except GameOver:
        pass
