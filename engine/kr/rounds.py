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

**Displacements** (KR-SPN-7, KR-ICN-9/14, KR-AMB-17/61): phase 1 with the start of phase 2, and
phases 3 to 5 with the start of phase 6, are automatic stretches (``STRETCHES``) that stop where
a displaced hero's owner is asked where it goes (``st["displacement"]``, phase 1, 3 or 4 then);
that seat alone is waited for (``displace FIGURE SQUARE``) and the stretch resumes from there
(engine/kr/displacement.py).

``st["proposals"]`` holds at most one proposal ``{"seat", "buys": [[card, seat], ...],
"takes": [[site, card, seat], ...], "approved": [seats]}`` (the state's layout allows a list).

**White-site towers** (KR-WHT-3, KR-RET-6; decision table: phase 5, "who takes each tower
from a white site", default its builder): phase 5 leaves them in ``st["white"]`` and the group
decides in phase 6, in the same proposal as the purchase (``takes``: site, card and the seat
that takes it; a proposal may hold takes only). When phase 6 ends, the takes of the proposal
approved by every seat are applied, and every white-site tower not named goes to its builder.
In solo (one player) there is nothing to decide: phase 5 hands it back at once.
"""
from __future__ import annotations

from typing import Any

from engine.base import IllegalAction

from . import buying, displacement, standing
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
    d = displacement.pending(st)
    if d is not None:
        return [d["seat"]]
    if exclusion_due(st):
        return [0]
    if st["phase"] in (2, 6):
        return [i for i, s in enumerate(st["seats"]) if not s["done"]]
    return []


def proposal(st: dict) -> dict | None:
    return st["proposals"][0] if st["proposals"] else None


def proposal_action(p: dict) -> dict:
    """The ``propose`` action that made proposal ``p``."""
    a: dict = {"type": "propose", "buys": [{"card": c, "to": t} for c, t in p["buys"]]}
    if p.get("takes"):
        a["takes"] = [{"site": s, "card": c, "to": t} for s, c, t in p["takes"]]
    return a


def may_propose(st: dict, seat: int) -> bool:
    """``seat`` has not made its one proposal of this phase 6 yet (see the module docstring)."""
    return not st["seats"][seat].get("proposed", False)


# --- the machine -------------------------------------------------------------------------------

def _spawn_stretch(st: dict, events: list, choose: displacement.Chooser) -> None:
    """KR-RND-1 phase 1, then the start of phase 2."""
    summon(st, events, choose)
    start_phase2(st, events)


def _combat_stretch(st: dict, events: list, choose: displacement.Chooser) -> None:
    """Phases 3, 4 and 5, then the start of phase 6."""
    destroy(st, events, choose)
    advance_phase(st, events, choose)
    return_cards(st, events)
    if not over(st):
        st["phase"] = 6
        st["proposals"] = []
        for s in st["seats"]:
            s["done"] = False
            s["proposed"] = False


STRETCHES: dict[str, displacement.Stretch] = {"spawn": _spawn_stretch, "combat": _combat_stretch}


def run(st: dict, events: list) -> None:
    """Advance the round machine in place while no decision is due (KR-RND-1..3)."""
    while not over(st) and not waiting(st):
        phase = st["phase"]
        if phase == 1:                  # KR-RND-1 phase 1, then the start of phase 2
            displacement.play(st, events, "spawn", _spawn_stretch)
        elif phase == 2:                # KR-ACT-5: every seat is done
            ev(events, "phase_end", phase=2, round=st["round"])
            displacement.play(st, events, "combat", _combat_stretch)
        elif phase == 6:
            _settle(st, events)
            if not over(st):
                end_round(st, events)
        else:                           # a phase function left mid-way: nothing to wait for
            raise RuntimeError(f"kr: the round machine cannot continue from phase {phase!r}")


def _settle(st: dict, events: list) -> None:
    """The end of phase 6: the proposal approved by every seat is bought and its takes given;
    none saves the crystals (decision table); the white-site towers left go to their
    builders (KR-WHT-3's default)."""
    p = proposal(st)
    takes: list = []
    if p is None or sorted(p["approved"]) != list(range(len(st["seats"]))):
        ev(events, "crystals_saved", crystals=st["crystals"])
    else:
        if p["buys"]:
            try:
                buying.buy(st, [{"card": c, "to": to} for c, to in p["buys"]], events)
            except IllegalAction as e:      # cannot happen: nothing changes crystals in phase 6
                ev(events, "purchase_failed", reason=e.code)
        takes = p.get("takes", [])
    st["proposals"] = []
    _hand_out_white(st, takes, events)


def _hand_out_white(st: dict, takes: list, events: list) -> None:
    """Each white-site tower to the seat the approved proposal names, else to its builder."""
    left = [list(x) for x in takes]
    for w in st.get("white", []):
        named = next((x[2] for x in left if x[0] == w["site"] and x[1] == w["card"]), None)
        if named is not None:
            left.remove(next(x for x in left if x[0] == w["site"] and x[1] == w["card"]))
        to = w["builder"] if named is None else named
        st["seats"][to]["hand"].append(w["card"])
        ev(events, "white_tower_taken" if named is not None else "white_tower_to_builder",
           card=w["card"], cell=w["site"], seat=to)
    st["white"] = []


# --- decisions ---------------------------------------------------------------------------------

def why_waiting(st: dict, seat: int) -> IllegalAction | None:
    """Why ``seat``, not asked now, may not act, when the rules say more than "the others are
    deciding": a seat done for phase 2 or 6 hears so while its team-mates act (KR-ACT-5)."""
    if over(st) or seat in waiting(st) or not 0 <= seat < len(st["seats"]):
        return None
    if st["seats"][seat]["done"]:
        return err("already_done", "you are done for this phase (KR-ACT-5)", seat=seat)
    return None


def check_may_act(st: dict, seat: int, kind: str) -> None:
    """``seat`` may take an action of ``kind`` ("exclude", "phase2", "phase6") now."""
    if over(st):
        raise err("game_over", "the game is over")
    d = displacement.pending(st)
    if d is not None:
        raise err("displacement_due", f"first {d['figure']}'s owner chooses where it goes (KR-SPN-7, KR-AMB-61)",
                  figure=d["figure"], seat=d["seat"])
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


def displace(st: dict, seat: int, a: dict, events: list) -> None:
    """The owner's answer: the waiting hero goes to ``a["to"]`` and the stretch resumes
    (KR-SPN-7, KR-AMB-61)."""
    if over(st):
        raise err("game_over", "the game is over")
    displacement.resume(st, events, STRETCHES, displacement.check(st, seat, a))


def set_preference(st: dict, seat: int, a: dict, events: list) -> None:
    """``pol displace ...`` at any time; a seat asked where its hero goes that turns to an
    automatic preference has the waiting hero placed by it at once."""
    standing.set_preference(st, seat, a.get("key"), a.get("value"), events)
    d = displacement.pending(st)
    if d is not None and d["seat"] == seat and a.get("value") != standing.ASK:
        displacement.resume(st, events, STRETCHES, displacement.default_action(st)["to"])


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


MALFORMED = ("a proposal is {'type': 'propose', 'buys': [{'card', 'to'}, ...], 'takes': [{'site', 'card', "
             "'to'}, ...]} with at least one purchase or take")


def _buys(st: dict, raw: Any) -> list[list]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(b, dict) and set(b) == {"card", "to"} for b in raw):
        raise err("malformed", MALFORMED)
    if raw:
        trial = copy_state(st)
        buying.buy(trial, [dict(b) for b in raw], [])      # affordability, supply, level (KR-BUY-3..6)
    return [[b["card"], b["to"]] for b in raw]


def _takes(st: dict, raw: Any) -> list[list]:
    """Who takes which white-site tower (KR-WHT-3): each waiting tower at most once (a site
    may hold two copies of one card: two soldier towers, KR-SOL-10)."""
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(x, dict) and set(x) == {"site", "card", "to"} for x in raw):
        raise err("malformed", MALFORMED)
    waiting_towers = [(w["site"], w["card"]) for w in st.get("white", [])]
    out: list[list] = []
    for x in raw:
        if (x["site"], x["card"]) not in waiting_towers:
            raise err("no_white_tower", f"no {x['card']!r} from white site {x['site']!r} is waiting to be taken",
                      site=x["site"], card=x["card"])
        named = sum(1 for o in out if o[0] == x["site"] and o[1] == x["card"])
        if named >= waiting_towers.count((x["site"], x["card"])):
            raise err("white_tower_twice", f"{x['card']} from {x['site']} is named twice", site=x["site"],
                      card=x["card"])
        if not isinstance(x["to"], int) or isinstance(x["to"], bool) or not 0 <= x["to"] < len(st["seats"]):
            raise err("bad_seat", f"no seat {x['to']!r}", seat=x["to"])
        out.append([x["site"], x["card"], x["to"]])
    return out


def propose(st: dict, seat: int, raw: Any, events: list, takes: Any = None) -> None:
    """Replace the current proposal (purchases ``raw``, white-site ``takes``); the proposer
    approves it; the others are asked again. At most one proposal per seat and phase 6."""
    check_may_act(st, seat, "phase6")
    if not may_propose(st, seat):
        raise err("already_proposed", "you have already made your proposal this round", seat=seat)
    buys, given = _buys(st, raw), _takes(st, takes)
    if not buys and not given:
        raise err("malformed", MALFORMED)
    st["proposals"] = [{"seat": seat, "buys": buys, "takes": given, "approved": [seat]}]
    st["seats"][seat]["proposed"] = True
    for i, s in enumerate(st["seats"]):
        if i != seat:
            s["done"] = False
    ev(events, "purchase_proposed", seat=seat, buys=[{"card": c, "to": to} for c, to in buys],
       takes=[{"site": s, "card": c, "to": to} for s, c, to in given])


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
