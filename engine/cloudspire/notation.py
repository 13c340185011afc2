"""Compact canonical notation for Cloudspire actions: one verb table (``VERBS``, on the kit of
engine/verbs.py) from which ``GRAMMAR`` generates parsing, formatting, the host's
``action_info`` and the inverse of a slash command's arguments (``move_from_command``).

Actions are dicts ``{"type": verb, ...fields}``. Hexes are axial ``q,r`` (e.g. ``3,-1``).
Unit ids ``u7``, spire ids ``s3``. Grammar (one action per line; words separated by single
spaces)::

    pick <faction>                 faction choice (option factions=pick)
    isle <slot> <rot>              guided setup: reveal slot 1..6 with rotation 0..5
    fort <q,r> <orient>            guided setup: attach your fortress, gate hex + orientation
    buy <chip>|es / pass           market turn
    build <spire>[+] <q,r> <order> construct (``+`` = promoted side); order = initial chips
                                   top to bottom, letters a(ttack) r(ange) f(ortification)
    up <q,r> <chips>               upgrade a spire, chips added to the bottom in order
    es <earthscape> <q,r> <rot>    place an earthscape (its local 0,0 on q,r), then
    skip                           decline the optional spire on the new earthscape
    adv <structure> / end          advance the fortress / end building
    mark <seat>                    declare a mark
    add <unit> / join <unit>       append a stack entry / add a minion to the last group
    equip <item> <hero> / undo / lock / autostack
    relic <relic> [<q,r> ...] / die / next
    mv <uid> <q,r>                 hero move (from the stack = deploy)
    mm <uid> <q,r>|stay            lead-minion move (path chosen canonically)
    explore <q,r> / reveal / hide
    atk <uid> <q,r>                attack the target on q,r
    lvl <uid> a|f|r|flip|none      level-up choice
    free <spire> <order> / free none   free-spire reward
    fire <sid> <uid>               spire target (manual policy)
    pol <key> <value>              standing policy (spire, levelup, reward, mark)

``pol`` is accepted from any seat at any time (it is a standing preference, not a move)
and is therefore not listed by ``legal_actions``. Policies: spire = lowest_health |
nearest_gate | heroes_first | manual; levelup / reward / mark = auto | manual ("manual"
turns the off-turn decision into a reaction prompt for that player).

A logged move is one notation line; replaying the moves through ``apply`` from the same
seed and options reproduces the state, so the canonical text of every action must never
change.

Each row of ``VERBS`` also says how the host presents the move (engine.base.ActionInfo):
the /cloudspire subcommand that makes it and its arguments (every word after the verb;
``deploy`` adds ``group`` for ``join``; ``stack``, ``peek`` and ``end`` take the verb
itself; hero moves are ``move`` and lead-minion moves ``lead``, so that a command's
arguments always spell one move: ``GRAMMAR.move_from_command``), each argument's kind (``hex``, ``unit``, ``spire``, ...: what the Discord adapter
labels it as), the first menu step (the verb and its first word), the subject, whether it is
quiet (it only changes the mover's hidden plans or standing choices) and whether it
continues (ends the current step, phase or turn: ``CONTINUE_ORDER``).
"""
from __future__ import annotations

import re
from typing import Any, Callable, cast

from ..base import ActionInfo, IllegalAction
from ..verbs import Arg, Grammar, Kind, NotationError, Verb, verb
from .types import Action

_HEX = re.compile(r"^-?\d+,-?\d+$")
_UID = re.compile(r"^u\d+$")
_SID = re.compile(r"^s\d+$")
_CHIPS = re.compile(r"^[arf]+$")
STAY = "stay"   # ``mm UID stay``: the lead minion stays where it is (its ``to`` is "")
NO_SPIRE = "none"  # ``free none``: the free-spire reward declined (no order follows)
PROMOTED = "+"  # ``build catapult+``: the promoted side


def _word(word: str) -> str:
    return word


def _matching(pattern: re.Pattern[str], what: str) -> Callable[[str], str]:
    def read(word: str) -> str:
        if not pattern.match(word):
            raise NotationError(f"{word!r} is not {what}")
        return word
    return read


def _int(word: str) -> int:
    return int(word)


def _int_word(value: Any) -> str:
    if type(value) is not int:
        raise TypeError(value)
    return str(value)


_hex = _matching(_HEX, "a hex q,r")


def _spire_side(word: str) -> dict[str, str]:
    """``catapult+`` -> the spire type and its side (two fields, one word)."""
    return {"spire": word.rstrip(PROMOTED), "side": "promoted" if word.endswith(PROMOTED) else "basic"}


def _spire_side_word(action: Any) -> str:
    return str(action["spire"]) + (PROMOTED if action.get("side") == "promoted" else "")


def _destination(word: str) -> str:
    return "" if word == STAY else _hex(word)


def _destination_word(value: Any) -> str:
    return str(value) or STAY


def _hexes(words: list[str]) -> list[str]:
    return [_hex(w) for w in words]


def _hexes_words(value: Any) -> str:
    if not isinstance(value, list):
        raise TypeError(value)
    return " ".join(value)


FACTION = Kind("faction", _word)
SLOT = Kind("slot", _int, _int_word)
ROTATION = Kind("rotation", _int, _int_word)
HEX = Kind("hex", _hex)
CHIP = Kind("chip", _word)  # a market chip id, or ``es``: the market's earthscape
SPIRE_TYPE = Kind("spire_type", _spire_side, _spire_side_word)  # key=None: fields spire + side
FREE_SPIRE = Kind("spire_type", _word)  # a spire type, or ``none``
ORDER = Kind("order", _matching(_CHIPS, "upgrade chips a, r, f"))
CHIPS = Kind("chips", _matching(_CHIPS, "upgrade chips a, r, f"))
EARTHSCAPE = Kind("earthscape", _word)
STRUCTURE = Kind("structure", _word)
SEAT = Kind("seat", _int, _int_word)
UNIT_TYPE = Kind("unit_type", _word)
ITEM = Kind("item", _word)
HERO = Kind("hero", _word)  # a hero's type on the stack
RELIC = Kind("relic", _word)
HEXES = Kind("hexes", _hexes, _hexes_words, rest=True)
UNIT = Kind("unit", _matching(_UID, "a unit like u7"))
DESTINATION = Kind("destination", _destination, _destination_word)  # a hex, or ``stay``
LEVEL = Kind("level", _word)
SPIRE = Kind("spire", _matching(_SID, "a spire like s3"))
POLICY = Kind("policy", _word)
SETTING = Kind("setting", _word)


def _free_order(action: dict) -> dict:
    """``free none`` has no order; any other free spire has one."""
    if (action["spire"] == NO_SPIRE) != (action["order"] == ""):
        raise NotationError("expected: free SPIRE ORDER or free none")
    return action


VERBS: tuple[Verb, ...] = (
    verb("pick", Arg("faction", FACTION), head=1, subject="faction"),
    verb("isle", Arg("slot", SLOT), Arg("rot", ROTATION), head=1),
    verb("fort", Arg("gate", HEX), Arg("orient", ROTATION), head=1),
    verb("buy", Arg("chip", CHIP), command="buy", head=1, subject="chip"),
    verb("pass", command="pass", head=1, continues=True),
    verb("build", Arg(None, SPIRE_TYPE), Arg("at", HEX), Arg("order", ORDER), command="build", head=1,
         subject="spire"),
    verb("up", Arg("at", HEX), Arg("chips", CHIPS), command="upgrade", head=1),
    verb("es", Arg("earthscape", EARTHSCAPE), Arg("at", HEX), Arg("rot", ROTATION), command="earthscape", head=1,
         subject="earthscape"),
    verb("skip", command="end", prefix=("skip",), head=1, continues=True),
    verb("adv", Arg("structure", STRUCTURE), command="advance", head=1, subject="structure"),
    verb("end", command="end", prefix=("end",), head=1, continues=True),
    verb("mark", Arg("target", SEAT), command="mark", head=1),
    verb("add", Arg("unit", UNIT_TYPE), command="deploy", head=1, subject="unit", quiet=True),
    verb("join", Arg("unit", UNIT_TYPE), command="deploy", suffix=("group",), head=1, subject="unit", quiet=True),
    verb("equip", Arg("item", ITEM), Arg("hero", HERO), command="equip", head=1, subject="item", quiet=True),
    verb("lock", command="stack", prefix=("lock",), head=1, continues=True),
    verb("undo", command="stack", prefix=("undo",), head=1, quiet=True),
    verb("autostack", command="stack", prefix=("autostack",), head=1, quiet=True),
    verb("relic", Arg("relic", RELIC), Arg("args", HEXES), head=1, subject="relic"),
    verb("die", head=1),
    verb("next", command="end", prefix=("next",), head=1, continues=True),
    verb("mv", Arg("unit", UNIT), Arg("to", HEX), command="move", head=1, subject="unit"),
    verb("mm", Arg("unit", UNIT), Arg("to", DESTINATION), command="lead", head=1, subject="unit"),
    verb("explore", Arg("at", HEX), command="explore", head=1),
    verb("reveal", command="peek", prefix=("reveal",), head=1),
    verb("hide", command="peek", prefix=("hide",), head=1),
    verb("atk", Arg("unit", UNIT), Arg("at", HEX), command="attack", head=1, subject="unit"),
    verb("lvl", Arg("unit", UNIT), Arg("choice", LEVEL), head=1, subject="unit"),
    verb("free", Arg("spire", FREE_SPIRE), Arg("order", ORDER, optional=True, default=""), head=1,
         subject="spire", finish=_free_order),
    verb("fire", Arg("spire", SPIRE), Arg("unit", UNIT), head=1, subject="spire"),
    verb("pol", Arg("key", POLICY), Arg("value", SETTING), command="policy", head=1, subject="key", quiet=True),
)
"""The one table of Cloudspire's notation (engine/verbs.py)."""

CONTINUE_ORDER = ("next", "end", "skip", "pass", "lock")
"""What a Continue button does, in order of preference, for whichever of them is legal (the
verbs whose rows continue)."""


def bad_notation(text: str) -> IllegalAction:
    return IllegalAction("cloudspire.err.bad_notation",
                         "Empty action." if not text.strip() else f"Cannot read action '{text}'.", text=text)


GRAMMAR = Grammar("cloudspire", VERBS, bad=lambda text, why: bad_notation(text))


def format_action(a: Action) -> str:
    return GRAMMAR.format(a)


def parse_action(text: str) -> Action:
    return cast(Action, GRAMMAR.parse(text))


def action_info(text: str) -> ActionInfo:
    """engine.base.ActionInfo of one move in notation (the table above decides)."""
    return GRAMMAR.info(text)
