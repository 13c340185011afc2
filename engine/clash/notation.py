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
                   (read: commas or spaces separate the ids, ``build a, b c``)
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

The grammar is data: :data:`VERBS` holds one ``engine.verbs.Verb`` row per verb (its forms,
its error text and its host metadata) and :data:`GRAMMAR` (engine/verbs.py) generates from
that one table :func:`parse_action`, :func:`format_action`, :func:`action_info` and the
inverse ``move_from_command`` (a slash command's arguments back to the move).

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

``command`` names the ``/clash`` subcommand that makes the move (cogs/clash: ``play CARD
WHERE`` where CARD ``champion`` summons the champion, ``end``, ``build CARDS``); the other
verbs only go through ``/clash act MOVE``. No Clash move is ``quiet``: every one changes
something public (a board, a phase, a revealed or picked card, or, for ``build`` and
``choose``, the public "submitted"/"chosen" marks and the ``deck_submitted`` /
``champion_chosen`` events), so the host always posts the board.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.base import ActionInfo, IllegalAction
from engine.verbs import Arg, Form, Grammar, Kind, NotationError, Verb, verb

from .state import LANES

_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_REF_RE = re.compile(r"^@([01])\.(top|bottom)\.([1-9][0-9]*)$")
_ID_SEP = re.compile(r"\s*,\s*|\s+")
_BUILD_USAGE = "expected: build a,b,c,d,e,f,g,h"
_PLAY_USAGE = "expected: play CARD top|bottom, play CARD @S.LANE.POS or play CARD on @S.LANE.POS"


def _id(word: str) -> str:
    if not _ID_RE.match(word):
        raise NotationError(f"{word!r} is not a card id")
    return word


def _ref(word: str) -> list:
    m = _REF_RE.match(word)
    if not m:
        raise NotationError(f"{word!r} is not a creature reference like @1.top.1")
    return [int(m.group(1)), m.group(2), int(m.group(3))]


def _ref_word(value: Any) -> str:
    return f"@{value[0]}.{value[1]}.{value[2]}"


def _ids(words: list[str]) -> list[str]:
    joined = " ".join(words)
    ids = _ID_SEP.split(joined) if joined else []
    if not ids or any(not c for c in ids):
        raise NotationError(_BUILD_USAGE)
    return [_id(c) for c in ids]


def _ids_word(value: Any) -> str:
    return ",".join(value)


ID = Kind("id", _id)
"""A card, deck or champion id."""
LANE = Kind("lane", str, test=lambda word: word in LANES)
"""``top`` | ``bottom``; also chooses between forms (a non-lane word is not a LANE)."""
REF = Kind("ref", _ref, _ref_word)
"""``@SEAT.LANE.POS`` as ``[seat, lane, pos]``."""
IDS = Kind("ids", _ids, _ids_word, rest=True)
"""The rest of the text: ids separated by commas (or spaces), written with commas."""

_CARD = Arg("card", ID)
_ON = Arg("on", REF, keyword="on")

_ROWS: tuple[Verb, ...] = (
    # before ``play``: both are ``/clash play``, and ``play champion top`` would read too
    Verb("champion", ((Arg("lane", LANE),), (_ON,)), command="play", prefix=("champion",), split=0, head=0,
         head_as="play champion", subject_word="champion",
         usage="expected: champion top|bottom or champion on @S.LANE.POS"),
    Verb("play", ((_CARD, Arg("lane", LANE)), (_CARD, Arg("target", REF)), (_CARD, _ON)), command="play",
         split=1, head=1, head_as="play", subject="card", usage=_PLAY_USAGE),
    verb("end", command="end", continues=True, usage="end takes no arguments"),
    verb("go", continues=True, usage="go takes no arguments"),
    verb("deck", Arg("deck", ID), subject="deck", usage="deck takes one id"),
    verb("pick", Arg("card", ID), subject="card", usage="pick takes one id"),
    verb("build", Arg("cards", IDS), command="build", usage=_BUILD_USAGE),
    verb("choose", Arg("champion", ID), subject="champion", usage="choose takes one id"),
)


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("clash.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)


def _not_an_action(a: object) -> IllegalAction:
    return IllegalAction("clash.err.bad_action", f"not an action: {a!r}", action=str(a))


GRAMMAR = Grammar("clash", _ROWS, lower=True, bad=_bad, bad_action=_not_an_action)
"""The one table of Clash's notation (engine/verbs.py)."""

VERBS: Mapping[str, Verb] = MappingProxyType(dict(GRAMMAR.by_word))
"""verb -> its row (engine.verbs.Verb)."""


def fields_of(form: Form) -> set[str]:
    """The JSON action fields a form writes (besides ``type``)."""
    return {item.key for item in form if isinstance(item, Arg) and item.key}


def typed_ids(text: str) -> tuple[list[str], str]:
    """A ``build`` list being typed (an adapter's autocomplete): the ids before the last comma
    and what follows it, lower-cased (``""`` right after the comma; it may be a card's name
    being searched, spaces and all)."""
    done, _, partial = text.lower().rpartition(",")
    return [w for w in _ID_SEP.split(done) if w], partial.strip()


def ids_text(ids: list[str]) -> str:
    """A ``build`` list as its command argument (the canonical comma list)."""
    return IDS.write(ids)


def format_action(a: dict) -> str:
    return GRAMMAR.format(a)


def parse_action(text: str) -> dict:
    return GRAMMAR.parse(text)


def action_info(text: str) -> ActionInfo:
    """engine.base.ActionInfo of the move written ``text`` (any accepted spelling; the
    info's ``text`` is the canonical notation). Raises ``clash.err.bad_notation``."""
    return GRAMMAR.info(text)


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
    except IllegalAction as e:  # text that does not read back, or a known verb's fields missing
        if e.code == "clash.err.bad_notation" or action.get("type") in VERBS:
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
