"""The owner's choice of where a displaced hero goes, asked when it happens (KR-SPN-7, KR-ICN-9,
KR-ICN-14, KR-AMB-17/27/61; the decision table's "hero's owner ... stalls" rows).

A hero pushed off its square by a spawning horde (KR-SPN-7), a ghost (KR-ICN-14), a flying
horde's activation (KR-ICN-9) or an advancing horde (KR-AMB-17) goes to an adjacent empty road
square or free building site chosen by its owner (``mapgeo.displacement_squares``; none: back
to the hero board). When there is more than one such square and the owner's standing preference
is ``ask`` (engine/kr/standing.py, the default), the automatic phases stop at that very point
and ask the owner alone (``displace FIGURE SQUARE``); the deadline's default, and the bot's
answer, is the standing order (``standing.ordered``: ``ask`` orders like ``exit``, the decision
table's default). A seat whose preference is ``exit``, ``away`` or ``site`` is never asked.

**How a phase stops and resumes: replay.** The automatic stretches (phase 1 with the start of
phase 2; phases 3 to 5 with the start of phase 6: ``rounds.STRETCHES``) are deterministic (no
randomness after set-up: the decks are shuffled then). A stretch is run on a copy of the state
taken when it starts (``before``) with a chooser that answers from the displacement choices
made so far in this stretch (``choices``: every one, automatic or asked, None for the hero
board) and raises :class:`Ask` at the first choice it must ask for. The state is then the copy
as it stood at that point (the hordes spawned so far, the hero still on its square), and
``st["displacement"]`` holds::

    {"stretch": "spawn" | "combat", "figure", "seat", "cell", "squares": [...], "cause",
     "choices": [...], "emitted": events of the stretch already told, "before": the state
     when the stretch started}

The answer appends the chosen square to ``choices`` and replays the stretch from ``before``:
the same events happen in the same order up to the question (the first ``emitted`` are not
told again), then the stretch goes on, perhaps to the next question. Standing preferences set
while a question waits (``pol``, any time) are carried into the replay; the choices already
made are not changed by them. ``before`` holds the hidden decks: ``public`` leaves it out of
the view.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.base import IllegalAction

from . import standing
from .phases import Ask, default_choice
from .state import GameOver, copy_state, ev

class Chooser:
    """The ``choose`` callback of a stretch (``phases.Choose``): the recorded choices in
    order, then the owner's standing order, or :class:`Ask` when the owner wants to be asked
    and has more than one square."""

    def __init__(self, made: list, asking: bool = True):
        self.made, self.used, self.asking = list(made), 0, asking

    def __call__(self, st: dict, figure: str, squares: list) -> str | None:
        if self.used < len(self.made):
            self.used += 1
            return self.made[self.used - 1]
        if self.asking and len(squares) > 1 and asks(st, figure):
            raise Ask(figure, squares)
        choice = default_choice(st, figure, squares)
        self.made.append(choice)
        self.used += 1
        return choice


Stretch = Callable[[dict, list, Chooser], None]


def asks(st: dict, figure: str) -> bool:
    """Whether ``figure``'s owner wants to be asked (standing preference ``ask``)."""
    return standing.preference(st, st["heroes"][figure]["seat"]) == standing.ASK


def pending(st: dict) -> dict | None:
    return st.get("displacement")


def question(st: dict) -> dict:
    """The waiting question (refused when there is none)."""
    d = pending(st)
    if d is None:
        raise IllegalAction("kr.err.no_displacement", "no displaced hero is waiting for its owner")
    return d


def public(st: dict) -> dict | None:
    """The question as the view shows it (without the state it replays from)."""
    d = pending(st)
    if d is None:
        return None
    return {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()
            if k in ("figure", "seat", "cell", "squares", "cause")}


def decision(st: dict) -> str:
    """An id of the question, different for every question of a game (the host's timeouts
    answer one decision only, gamehost/service.py ``same_decision``)."""
    d = pending(st) or {}
    return f"displace:{st['round']}:{d.get('stretch')}:{len(d.get('choices') or ())}"


def play(st: dict, events: list, name: str, body: Stretch, chosen: Any = None) -> None:
    """Run stretch ``name`` (``body(st, events, choose)``) from its start, or resume the one
    that waits for a displacement with the square ``chosen``; in place. Stops at the next
    question (``st["displacement"]``) or at the stretch's end."""
    waiting = pending(st)
    if waiting is None:
        before, made, told = copy_state(st), [], 0
    else:
        before, made, told = waiting["before"], waiting["choices"] + [chosen], waiting["emitted"]
    trial = copy_state(before)
    for mine, now in zip(trial["seats"], st["seats"]):     # preferences set meanwhile (``pol``)
        if "displace" in now:
            mine["displace"] = now["displace"]
    out: list = []
    chooser = Chooser(made)
    over = None
    try:
        body(trial, out, chooser)
    except Ask as ask:
        h = trial["heroes"][ask.figure]
        trial["displacement"] = {"stretch": name, "figure": ask.figure, "seat": h["seat"], "cell": h["cell"],
                                 "squares": ask.squares, "cause": ask.cause, "choices": chooser.made,
                                 "emitted": len(out), "before": before}
        ev(out, "displacement_asked", figure=ask.figure, seat=h["seat"], cell=h["cell"],
           squares=list(ask.squares), cause=ask.cause)
    except GameOver as lost:
        over = lost
    st.clear()
    st.update(trial)
    events.extend(out[told:])
    if over is not None:
        raise over


def resume(st: dict, events: list, stretches: dict[str, Stretch], chosen: str | None) -> None:
    """The waiting stretch goes on with the hero on ``chosen`` (in place)."""
    name = question(st)["stretch"]
    play(st, events, name, stretches[name], chosen)


def check(st: dict, seat: int, a: dict) -> str:
    """The square of a ``displace`` answer, refused unless it answers the question."""
    d = question(st)
    if seat != d["seat"]:
        raise IllegalAction("kr.err.not_your_displacement", "another player chooses where this hero goes",
                            figure=d["figure"], seat=d["seat"])
    if a.get("figure") != d["figure"]:
        raise IllegalAction("kr.err.wrong_figure", f"the hero to place is {d['figure']}", figure=d["figure"])
    to = a.get("to")
    if to not in d["squares"]:
        raise IllegalAction("kr.err.bad_displacement", f"{to!r} is not one of {d['squares']}",
                            to=str(to), squares=" ".join(d["squares"]))
    return str(to)


def actions(st: dict, seat: int) -> list[dict]:
    """Every legal answer (one per square), the standing order's first."""
    d = pending(st)
    if d is None or d["seat"] != seat:
        return []
    order = standing.ordered(st, d["figure"], list(d["squares"]))
    return [{"type": "displace", "figure": d["figure"], "to": c} for c in order]


def default_action(st: dict) -> dict:
    """The deadline's default and the bot's answer: the owner's standing order (KR-AMB-61;
    ``ask`` orders as the decision table's default, nearest the exit)."""
    d = question(st)
    return {"type": "displace", "figure": d["figure"],
            "to": default_choice(st, d["figure"], list(d["squares"]))}
