"""Action notation: compact, human-typable, canonical text for actions, and what the host
needs to know about each move (``engine.base.ActionInfo``).

Used for logs, replays and the ``/clash act`` text command. Cards are named by their ids
(lowercase snake_case). A creature on the board is referred to as ``@SEAT.LANE.POS``: the
side it stands on (seat index), the lane, and its 1-based position counted from the bridge.

Grammar (canonical form: lowercase, single spaces)::

    action    := play | champion | "end" | "go" | deck | pick | build | choose
    play      := "play" CARD (LANE | REF | "on" REF)
                   CARD LANE     a creature into a lane              play ember_drake top
                   CARD REF      a spell aimed at a creature          play frost_bolt @1.top.1
                   CARD on REF   a Possess creature onto a host      play shade_rider on @0.top.2
    champion  := "champion" (LANE | "on" REF)                         champion top
    end       := "end"          end phase 2, phase 3 runs             end
    go        := "go"           resume a paused phase 3               go
    deck      := "deck" DECK    choose a preconstructed deck          deck ember
    pick      := "pick" CARD    take a revealed draft card            pick frost_bolt
    build     := "build" CARD ("," CARD)*   a constructed deck of 8   build a,b,c,d,e,f,g,h
    choose    := "choose" CHAMP secret champion choice                choose champ_warlord
    LANE      := "top" | "bottom"
    REF       := "@" SEAT "." LANE "." POS        SEAT in {0,1}, POS >= 1

JSON actions::

    {"type": "play", "card": c, "lane": "top"}
    {"type": "play", "card": c, "target": [seat, "top", pos]}
    {"type": "play", "card": c, "on": [seat, "top", pos]}
    {"type": "champion", "lane": "top"} | {"type": "champion", "on": [seat, lane, pos]}
    {"type": "end"} | {"type": "go"}
    {"type": "deck", "deck": d} | {"type": "pick", "card": c}
    {"type": "build", "cards": [c1, ..., c8]} | {"type": "choose", "champion": c}

The grammar is data: :data:`VERBS` holds one :class:`Verb` row per verb (its forms, its
error text and its host metadata); :func:`parse_action`, :func:`format_action` and
:func:`action_info` all read that one table.

``format_action(parse_action(s)) == s`` for canonical ``s`` and
``parse_action(format_action(a)) == a``. Parsing is lenient about case and spacing; errors
raise ``IllegalAction("clash.err.bad_notation")``.

Host metadata (:func:`action_info`):

=========  =========  =====================  ===========  ===============================
verb       command    head / rest            subject      continues
=========  =========  =====================  ===========  ===============================
play       play       ``play CARD`` / where  CARD         no
champion   play       ``play champion`` /    champion     no
                      where
end        end        ``end``                             yes: ends phase 2 (CD-TURN-2)
go         (act)      ``go``                              yes: resumes phase 3 (CD-AMB-10)
deck       (act)      ``deck DECK``          DECK         no
pick       (act)      ``pick CARD``          CARD         no
build      build      ``build a,b,...``                   no
choose     (act)      ``choose CHAMP``       CHAMP        no
=========  =========  =====================  ===========  ===============================

``command`` names the ``/clash`` subcommand that makes the move (cogs/clash.py: ``play CARD
WHERE`` where CARD ``champion`` summons the champion, ``end``, ``build CARDS``); the other
verbs only go through ``/clash act MOVE``. No Clash move is ``quiet``: every one changes
something public (a board, a phase, a revealed or picked card, or, for ``build`` and
``choose``, the public "submitted"/"chosen" marks and the ``deck_submitted`` /
``champion_chosen`` events), so the host always posts the board.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from engine.base import ActionInfo, IllegalAction

from .state import LANES

_ID = r"[a-z][a-z0-9_]*"
_ID_RE = re.compile(rf"^{_ID}$")
_REF_RE = re.compile(r"^@([01])\.(top|bottom)\.([1-9][0-9]*)$")

SlotKind = Literal["id", "lane", "ref", "ids"]
"""How one argument reads from and writes to notation."""
ID: SlotKind = "id"  # a card, deck or champion id
LANE: SlotKind = "lane"  # "top" | "bottom"; also decides between forms (a non-lane word is not a LANE)
REF: SlotKind = "ref"  # @SEAT.LANE.POS as [seat, lane, pos]
IDS: SlotKind = "ids"  # the rest of the text: ids separated by commas (spaces ignored)


@dataclass(frozen=True)
class Slot:
    """One argument of a form: the JSON action field ``key`` written as ``kind``."""

    key: str
    kind: SlotKind


Word = str  # a literal word of a form, such as "on"
Form = tuple[Slot | Word, ...]


@dataclass(frozen=True)
class Verb:
    """One verb of the grammar: the JSON ``type`` of its actions (the verb itself), its
    alternative forms (tried in order), the error text when none fits, and the host
    metadata of engine.base.ActionInfo.

    ``command``: the ``/clash`` subcommand making the move ("" = only ``/clash act``);
    ``head_as`` / ``head_args``: the first menu step is ``head_as`` followed by the first
    ``head_args`` arguments, the rest of the text is the second step (``head_args`` None:
    one step); ``subject``: the JSON field naming what the move is about, or
    ``subject_word`` when that is a fixed word; ``continues``: the move ends the step."""

    verb: str
    forms: tuple[Form, ...]
    usage: str
    command: str = ""
    head_as: str = ""
    head_args: int | None = None
    subject: str = ""
    subject_word: str = ""
    continues: bool = False
    quiet: bool = False


_CARD = Slot("card", ID)
_PLAY_USAGE = "expected: play CARD top|bottom, play CARD @S.LANE.POS or play CARD on @S.LANE.POS"

_ROWS = (
    Verb("play", ((_CARD, Slot("lane", LANE)), (_CARD, Slot("target", REF)), (_CARD, "on", Slot("on", REF))),
         _PLAY_USAGE, command="play", head_as="play", head_args=1, subject="card"),
    Verb("champion", ((Slot("lane", LANE),), ("on", Slot("on", REF))),
         "expected: champion top|bottom or champion on @S.LANE.POS",
         command="play", head_as="play champion", head_args=0, subject_word="champion"),
    Verb("end", ((),), "end takes no arguments", command="end", continues=True),
    Verb("go", ((),), "go takes no arguments", continues=True),
    Verb("deck", ((Slot("deck", ID),),), "deck takes one id", subject="deck"),
    Verb("pick", ((Slot("card", ID),),), "pick takes one id", subject="card"),
    Verb("build", ((Slot("cards", IDS),),), "expected: build a,b,c,d,e,f,g,h", command="build"),
    Verb("choose", ((Slot("champion", ID),),), "choose takes one id", subject="champion"),
)

VERBS: Mapping[str, Verb] = MappingProxyType({row.verb: row for row in _ROWS})
"""verb -> its row: the one table for parsing, formatting and action metadata."""


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("clash.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)


def _not_an_action(a: object) -> IllegalAction:
    return IllegalAction("clash.err.bad_action", f"not an action: {a!r}", action=str(a))


# --- format ------------------------------------------------------------------------------

def fields_of(form: Form) -> set[str]:
    """The JSON action fields a form writes (besides ``type``)."""
    return {item.key for item in form if isinstance(item, Slot)}


def _chosen_form(row: Verb, a: dict) -> Form | None:
    """The first form whose own fields (those not shared by every form of the verb) are all
    in ``a``; a missing shared field is then a KeyError, as for any malformed action."""
    shared = set.intersection(*(fields_of(f) for f in row.forms))
    for form in row.forms:
        if all(k in a for k in fields_of(form) - shared):
            return form
    return None


def _write(slot: Slot, value: Any) -> str:
    if slot.kind == REF:
        return f"@{value[0]}.{value[1]}.{value[2]}"
    if slot.kind == IDS:
        return ",".join(value)
    return f"{value}"


def format_action(a: dict) -> str:
    t = a.get("type") if isinstance(a, dict) else None
    row = VERBS.get(t) if isinstance(t, str) else None
    form = _chosen_form(row, a) if row is not None else None
    if row is None or form is None:
        raise _not_an_action(a)
    words = [row.verb] + [item if isinstance(item, str) else _write(item, a[item.key]) for item in form]
    return " ".join(words)


# --- parse -------------------------------------------------------------------------------

def _fits(form: Form, args: list[str]) -> bool:
    """Whether ``args`` have the shape of ``form``: its length (an IDS slot takes the rest),
    its literal words and its LANE words."""
    if any(isinstance(item, Slot) and item.kind == IDS for item in form):
        return True
    if len(args) != len(form):
        return False
    for item, tok in zip(form, args):
        if isinstance(item, str):
            if tok != item:
                return False
        elif item.kind == LANE and tok not in LANES:
            return False
    return True


def _read(text: str, row: Verb, slot: Slot, tok: str, rest: list[str]) -> object:
    if slot.kind == LANE:
        return tok
    if slot.kind == REF:
        m = _REF_RE.match(tok)
        if not m:
            raise _bad(text, f"{tok!r} is not a creature reference like @1.top.1")
        return [int(m.group(1)), m.group(2), int(m.group(3))]
    if slot.kind == IDS:
        joined = "".join(rest)
        ids = joined.split(",")
        if not joined or any(not c for c in ids):
            raise _bad(text, row.usage)
        return [_read(text, row, Slot(slot.key, ID), c, []) for c in ids]
    if not _ID_RE.match(tok):
        raise _bad(text, f"{tok!r} is not a card id")
    return tok


def parse_action(text: str) -> dict:
    if not isinstance(text, str):
        raise _bad(str(text), "not text")
    toks = text.strip().lower().split()
    if not toks:
        raise _bad(text, "empty")
    verb, args = toks[0], toks[1:]
    row = VERBS.get(verb)
    if row is None:
        raise _bad(text, f"unknown verb {verb!r}")
    for form in row.forms:
        if _fits(form, args):
            out: dict = {"type": row.verb}
            for i, item in enumerate(form):
                if isinstance(item, Slot):
                    out[item.key] = _read(text, row, item, args[i] if i < len(args) else "", args[i:])
            return out
    raise _bad(text, row.usage)


def canonical(action: object) -> dict:
    """Normalise a JSON action (tuples to lists, validated shape) or parse notation text."""
    if isinstance(action, str):
        return parse_action(action)
    if not isinstance(action, dict):
        raise IllegalAction("clash.err.bad_action", f"not an action: {action!r}", action=str(action))
    try:
        return parse_action(format_action(_listify(action)))
    except (KeyError, TypeError, IndexError):
        raise IllegalAction("clash.err.bad_action", f"malformed action: {action!r}", action=str(action)) from None
    except IllegalAction as e:
        if e.code == "clash.err.bad_notation":
            raise IllegalAction("clash.err.bad_action", f"malformed action: {action!r}", action=str(action)) from None
        raise


def _listify(a: dict) -> dict:
    out = dict(a)
    for k in ("target", "on"):
        if k in out and isinstance(out[k], (list, tuple)):
            out[k] = list(out[k])
            if len(out[k]) != 3:
                raise KeyError(k)
    if "cards" in out and isinstance(out["cards"], (list, tuple)):
        out["cards"] = list(out["cards"])
    return out


# --- host metadata -----------------------------------------------------------------------

def action_info(text: str) -> ActionInfo:
    """engine.base.ActionInfo of the move written ``text`` (any accepted spelling; the
    info's ``text`` is the canonical notation). Raises ``clash.err.bad_notation``."""
    action = parse_action(text)
    canon = format_action(action)
    row = VERBS[action["type"]]
    after = canon.split()[1:]
    if row.head_args is None:
        head, rest = canon, ""
    else:
        head = " ".join([row.head_as] + after[:row.head_args])
        rest = " ".join(after[row.head_args:])
    args: tuple[str, ...] = ()
    if row.command:
        args = tuple(head.split()[1:]) + ((rest,) if rest else ())
    subject = row.subject_word or (str(action[row.subject]) if row.subject else "")
    return ActionInfo(text=canon, verb=row.verb, command=row.command, args=args, head=head, rest=rest,
                      subject=subject, quiet=row.quiet, continues=row.continues)


def continues(action: dict) -> bool:
    """Whether this (legal) action ends the current step: what a Continue button may do."""
    row = VERBS.get(action.get("type", ""))
    return row is not None and row.continues
