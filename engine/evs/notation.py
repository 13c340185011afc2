"""Action notation: compact, canonical text for every action, its parser, and what the host
needs to know about each move (``engine.base.ActionInfo``); docs/evs/engine.md "Notation".

Cards and units in hand are named by their ids, units on the battlefield by their uids
(``u3``), cells as ``C3``. Grammar (canonical form: single spaces, lowercase words, upper-case
cells; ``pay`` lists sorted by id, ``with`` lists sorted by uid number)::

    pick CARD | pick standard        add a card to the secret pick / take the standard set
    unpick CARD                      take a card out of the secret pick
    place TERRAIN CELL               terrain placement at setup (Terrain expansion, ES-TER-6)
    vanguard UNIT CELL | pass        vanguard deployment (ES-VAN)
    declare BASIC BASIC              the turn's 2 basic actions in order (deploy|action|recall|rally)
    deploy UNIT CELL                 Deploy: a unit from hand onto the battlefield (ES-DEP-2)
    stage CARD [up] | clear CARD | dispatch CARD     Deploy: ES-DEP-3/4/5; ``up``: staged
                                     face-up, for everyone to see (ES-DEP-7)
    reveal CARD                      Action: reveal a command-zone card (ES-ACT-4)
    play CARD UID [pay C+C]          Action: play a zone card with a unit (ES-ACT-5)
    general move|attack UID [pay C]  Action: a general command (ES-ACT-3)
    move UID CELL[-CELL...]          the mobility phase: destination (base game) or step path (terrain)
    skip UID | heal UID              skip / do the unit's next phase
    attack UID with UID[+UID...]     declare an attack on a target (ES-ENG-4/5)
    defend UID CARD|general [pay C]  the defence window (ES-DEF-2)
    nodefend                         decline the defence window
    done                             end the current Deploy, Action or Rally
    penalty mp|shake | penalty cost pay CARD     a terrain penalty (Terrain, ES-TER-16)
    flip | noflip                    make or decline a mobility flip (Terrain, ES-TER-15); the
                                     revealed card is then placed with ``place TERRAIN CELL``
    morale CARD | nomorale           play a morale card / decline the just-drawn offer (ES-MX-8)
    token SLOT                       the command-zone slot (0 = first) a tokens effect changes
    heal UID                         also: the unit a morale heal effect mends
    rally CARD pay C+C...            Rally: return one of your debuffs (Morale, ES-MX-14)
    pol defence never|lethal|ask     a standing defence order (any time; engine/evs/standing.py)

JSON actions mirror the words: ``{"type": "play", "card", "uid", "pay": [...]}``,
``{"type": "general", "command", "uid", "pay"}``, ``{"type": "move", "uid", "path": [...]}``,
``{"type": "attack", "target", "with": [...]}``, ``{"type": "defend", "uid", "card", "pay"}``,
``{"type": "declare", "first", "second"}``, ``{"type": "vanguard"|"deploy", "unit", "cell"}``,
``{"type": "place", "card", "cell"}``,
``{"type": "pick"|"unpick"|"stage"|"clear"|"dispatch"|"reveal", "card"}``, ``{"type": "stage",
"card", "face_up": True}`` (a face-down stage has no ``face_up``),
``{"type": "skip"|"heal", "uid"}``, ``{"type": "pass"|"done"|"nodefend"|"flip"|"noflip"|"nomorale"}``,
``{"type": "penalty", "option": "mp"|"cost"|"shake", "pay": [...]}``, ``{"type": "morale", "card"}``,
``{"type": "token", "slot": n}``, ``{"type": "rally", "card", "pay": [...]}``,
``{"type": "pol", "key": "defence", "value": ORDER}``.
``format_action(parse_action(s)) == s`` for canonical ``s``; ``parse_action(format_action(a)) == a``.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.base import ActionInfo, IllegalAction
from engine.verbs import Arg, Grammar, Kind, NotationError, Verb, verb

from . import grid
from .state import ALL_BASICS, uid_num

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_UID = re.compile(r"^u[1-9][0-9]*$")
PENALTY_OPTIONS = ("mp", "cost", "shake")
FACE_UP_WORD = " up"  # ``stage CARD up``: staged face-up (ES-DEP-7)
POLICY_ORDERS = ("never", "lethal", "ask")  # engine/evs/standing.py ORDERS
_SLOT = re.compile(r"^(0|[1-9][0-9]?)$")


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("evs.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)


def _bad_action(action: Any) -> IllegalAction:
    return IllegalAction("evs.err.bad_action", f"not an action: {action!r}", action=str(action))


def _matching(pattern: re.Pattern, what: str) -> Callable[[str], str]:
    def read(word: str) -> str:
        if not pattern.match(word):
            raise NotationError(f"{word!r} is not {what}")
        return word
    return read


def _one_of(choices: tuple[str, ...], what: str) -> Callable[[str], str]:
    def read(word: str) -> str:
        if word not in choices:
            raise NotationError(f"{what} are {', '.join(choices)}")
        return word
    return read


def _chosen(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def write(value: Any) -> str:
        if value not in choices:
            raise ValueError(value)
        return str(value)
    return write


def _cell(word: str) -> str:
    c = word.upper()
    if not grid.is_cell(c):
        raise NotationError(f"{word!r} is not a cell A1..G6")
    return c


def _listed(read_one: Callable[[str], str], sep: str, order: Callable[[list[str]], list[str]]) -> Callable[[str], list]:
    def read(word: str) -> list:
        return order([read_one(w) for w in word.split(sep)])
    return read


def _joined(sep: str) -> Callable[[Any], str]:
    def write(value: Any) -> str:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise TypeError(value)
        return sep.join(value)
    return write


def _face_up(word: str) -> bool:
    if word != FACE_UP_WORD.strip():
        raise NotationError(f"expected: stage CARD or stage CARD{FACE_UP_WORD}")
    return True


def _face_up_word(value: Any) -> str:
    if value is not True and value is not False:
        raise TypeError(value)
    return FACE_UP_WORD.strip() if value else ""


def _slot(word: str) -> int:
    if not _SLOT.match(word):
        raise NotationError(f"{word!r} is not a command-zone slot number")
    return int(word)


def _slot_word(value: Any) -> str:
    if type(value) is not int:
        raise TypeError(value)
    return str(value)


def _defence(word: str) -> str:
    return "general" if word == "general" else _card_id(word)


def _by_uid(uids: list[str]) -> list[str]:
    return sorted(set(uids), key=uid_num)


_card_id = _matching(_ID, "a card id")
_uid = _matching(_UID, "a unit like u3")

CARD = Kind("card", _card_id)
UNIT_CARD = Kind("unit_card", _card_id)
TERRAIN = Kind("terrain", _card_id)
MORALE_CARD = Kind("morale_card", _card_id)
UID = Kind("uid", _uid)
CELL = Kind("cell", _cell)
PATH = Kind("path", _listed(_cell, "-", list), _joined("-"))
PAY = Kind("pay", _listed(_card_id, "+", sorted), _joined("+"))
WITH = Kind("with", _listed(_uid, "+", _by_uid), _joined("+"))
BASIC = Kind("basic", _one_of(ALL_BASICS, "basic actions"), _chosen(ALL_BASICS))
GENERAL = Kind("general", _one_of(("move", "attack"), "general commands in an Action"), _chosen(("move", "attack")))
DEFENCE = Kind("defence", _defence)
PENALTY = Kind("penalty", _one_of(PENALTY_OPTIONS, "terrain penalties"), _chosen(PENALTY_OPTIONS))
FACE = Kind("face", _face_up, _face_up_word)
SLOT = Kind("slot", _slot, _slot_word)
POLICY_KEY = Kind("key", _one_of(("defence",), "standing orders"), _chosen(("defence",)))
ORDER = Kind("order", _one_of(POLICY_ORDERS, "standing orders"), _chosen(POLICY_ORDERS))


def _pay() -> Arg:
    return Arg("pay", PAY, keyword="pay", optional=True, default=list)


VERBS: tuple[Verb, ...] = (
    verb("pick", Arg("card", CARD), command="pick", subject="card", quiet=True),
    verb("unpick", Arg("card", CARD), command="pick", suffix=("remove",), subject="card", quiet=True),
    verb("place", Arg("card", TERRAIN), Arg("cell", CELL), command="place", head=1, subject="card"),
    verb("vanguard", Arg("unit", UNIT_CARD), Arg("cell", CELL), command="vanguard", head=1, subject="unit"),
    verb("pass", command="pass", continues=True),
    verb("declare", Arg("first", BASIC), Arg("second", BASIC), command="declare"),
    verb("deploy", Arg("unit", UNIT_CARD), Arg("cell", CELL), command="deploy", head=1, subject="unit"),
    # menus: the card, then face-down or face-up
    verb("stage", Arg("card", CARD), Arg("face_up", FACE, optional=True), command="stage", head=1, subject="card"),
    verb("clear", Arg("card", CARD), command="clear", subject="card"),
    verb("dispatch", Arg("card", CARD), command="dispatch", subject="card"),
    verb("reveal", Arg("card", CARD), command="reveal", subject="card"),
    verb("play", Arg("card", CARD), Arg("uid", UID), _pay(), command="play", head=1, subject="card"),
    verb("general", Arg("command", GENERAL), Arg("uid", UID), _pay(), command="general", head=1, subject="command"),
    verb("move", Arg("uid", UID), Arg("path", PATH), command="move", head=1, subject="uid"),
    verb("skip", Arg("uid", UID), command="skip", subject="uid"),
    verb("heal", Arg("uid", UID), command="heal", subject="uid"),
    verb("attack", Arg("target", UID), Arg("with", WITH, keyword="with"), command="attack", head=1,
         subject="target"),
    verb("defend", Arg("uid", UID), Arg("card", DEFENCE), _pay(), command="defend", head=2, subject="uid"),
    verb("nodefend", command="defend", suffix=("none",), continues=True),  # /evs defend none:true
    verb("done", command="done", continues=True),
    verb("penalty", Arg("option", PENALTY), _pay(), command="penalty", head=1, subject="option"),
    verb("flip", command="flip"),
    verb("noflip", command="noflip", continues=True),
    verb("morale", Arg("card", MORALE_CARD), command="morale", subject="card"),
    verb("nomorale", command="nomorale", continues=True),
    verb("token", Arg("slot", SLOT), command="token", subject="slot"),
    verb("rally", Arg("card", MORALE_CARD), _pay(), command="rally", head=1, subject="card"),
    verb("pol", Arg("key", POLICY_KEY), Arg("value", ORDER), command="policy", subject="value", quiet=True,
         usage=f"standing orders are pol defence {'|'.join(POLICY_ORDERS)}"),
)
"""The one table of Empire vs Steppe's notation (engine/verbs.py)."""

GRAMMAR = Grammar("evs", VERBS, lower=True, bad=_bad, bad_action=_bad_action)


def format_action(a: dict) -> str:
    return GRAMMAR.format(a)


def parse_action(text: str) -> dict:
    return GRAMMAR.parse(text)


_PARSED: dict[str, dict] = {}


def _parsed(text: str) -> dict:
    """``parse_action(text)``, memoised for ``canonical`` (whose result the engine only reads)."""
    got = _PARSED.get(text)
    if got is None:
        if len(_PARSED) > 20000:
            _PARSED.clear()
        got = _PARSED[text] = parse_action(text)
    return got


def canonical(action: object) -> dict:
    """A JSON action normalised (sorted lists, checked shape), or notation parsed. The result
    may be shared between calls: read it, never change it."""
    if isinstance(action, str):
        return parse_action(action)
    if not isinstance(action, dict):
        raise IllegalAction("evs.err.bad_action", f"not an action: {action!r}", action=str(action))
    try:
        return _parsed(format_action(action))
    except IllegalAction:
        raise IllegalAction("evs.err.bad_action", f"malformed action: {action!r}", action=str(action)) from None
    except Exception:  # lists of non-strings and the like
        raise IllegalAction("evs.err.bad_action", f"malformed action: {action!r}", action=str(action)) from None


def action_info(text: str) -> ActionInfo:
    return GRAMMAR.info(text)


def move_from_command(command: str, args: tuple[str | None, ...]) -> str | None:
    return GRAMMAR.move_from_command(command, args)


def continues(action: dict) -> bool:
    return GRAMMAR.continues(action)
