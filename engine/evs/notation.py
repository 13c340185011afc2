"""Action notation: compact, canonical text for every action, its parser, and what the host
needs to know about each move (``engine.base.ActionInfo``); docs/evs-engine.md "Notation".

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
from dataclasses import dataclass

from engine.base import ActionInfo, IllegalAction

from . import grid
from .state import ALL_BASICS, uid_num

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_UID = re.compile(r"^u[1-9][0-9]*$")


@dataclass(frozen=True)
class Verb:
    """Host metadata of one verb (engine.base.ActionInfo): the subcommand making the move,
    how many arguments form the first menu step, the field it is about, whether it ends the
    current step, and whether it only changes the mover's hidden plans."""

    command: str
    head_args: int | None = None
    subject: str = ""
    continues: bool = False
    quiet: bool = False


VERBS: dict[str, Verb] = {
    "pick": Verb("pick", None, "card", quiet=True),
    "unpick": Verb("", None, "card", quiet=True),
    "place": Verb("place", 1, "card"),
    "vanguard": Verb("vanguard", 1, "unit"),
    "pass": Verb("pass", continues=True),
    "declare": Verb("declare"),
    "deploy": Verb("deploy", 1, "unit"),
    "stage": Verb("stage", 1, "card"),  # menus: the card, then face-down or face-up
    "clear": Verb("clear", None, "card"),
    "dispatch": Verb("dispatch", None, "card"),
    "reveal": Verb("reveal", None, "card"),
    "play": Verb("play", 1, "card"),
    "general": Verb("general", 1, "command"),
    "move": Verb("move", 1, "uid"),
    "skip": Verb("skip", None, "uid"),
    "heal": Verb("heal", None, "uid"),
    "attack": Verb("attack", 1, "target"),
    "defend": Verb("defend", 2, "uid"),
    "nodefend": Verb("", None, "", continues=True),
    "done": Verb("done", continues=True),
    "penalty": Verb("penalty", 1, "option"),
    "flip": Verb("flip"),
    "noflip": Verb("", None, "", continues=True),
    "morale": Verb("morale", None, "card"),
    "nomorale": Verb("", None, "", continues=True),
    "token": Verb("token", None, "slot"),
    "rally": Verb("rally", 1, "card"),
    "pol": Verb("policy", None, "value", quiet=True),
}
_CARD_VERBS = ("pick", "unpick", "stage", "clear", "dispatch", "reveal", "morale")
_UID_VERBS = ("skip", "heal")
_BARE = ("pass", "done", "nodefend", "flip", "noflip", "nomorale")
PENALTY_OPTIONS = ("mp", "cost", "shake")
FACE_UP_WORD = " up"  # ``stage CARD up``: staged face-up (ES-DEP-7)
POLICY_ORDERS = ("never", "lethal", "ask")  # engine/evs/standing.py ORDERS
_SLOT = re.compile(r"^(0|[1-9][0-9]?)$")


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("evs.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)


def _pay(pay: list[str]) -> str:
    return f" pay {'+'.join(pay)}" if pay else ""


def format_action(a: dict) -> str:
    try:
        t = a["type"]
        if t in _BARE:
            return t
        if t == "stage" and "face_up" in a:
            if a["face_up"] is not True and a["face_up"] is not False:
                raise TypeError
            return f"stage {a['card']}{FACE_UP_WORD if a['face_up'] else ''}"
        if t in _CARD_VERBS:
            return f"{t} {a['card']}"
        if t in _UID_VERBS:
            return f"{t} {a['uid']}"
        if t in ("vanguard", "deploy"):
            return f"{t} {a['unit']} {a['cell']}"
        if t == "place":
            return f"place {a['card']} {a['cell']}"
        if t == "declare":
            return f"declare {a['first']} {a['second']}"
        if t == "play":
            return f"play {a['card']} {a['uid']}{_pay(a['pay'])}"
        if t == "general":
            return f"general {a['command']} {a['uid']}{_pay(a['pay'])}"
        if t == "move":
            return f"move {a['uid']} {'-'.join(a['path'])}"
        if t == "attack":
            return f"attack {a['target']} with {'+'.join(a['with'])}"
        if t == "defend":
            return f"defend {a['uid']} {a['card']}{_pay(a['pay'])}"
        if t == "penalty":
            return f"penalty {a['option']}{_pay(a['pay'])}"
        if t == "token":
            if type(a["slot"]) is not int:
                raise TypeError
            return f"token {a['slot']}"
        if t == "rally":
            return f"rally {a['card']}{_pay(a['pay'])}"
        if t == "pol":
            if a["key"] != "defence" or a["value"] not in POLICY_ORDERS:
                raise TypeError
            return f"pol {a['key']} {a['value']}"
    except (KeyError, TypeError):
        pass
    raise IllegalAction("evs.err.bad_action", f"not an action: {a!r}", action=str(a))


def _word(text: str, tok: str, pattern: re.Pattern, what: str) -> str:
    if not pattern.match(tok):
        raise _bad(text, f"{tok!r} is not {what}")
    return tok


def _card(text: str, tok: str) -> str:
    return _word(text, tok, _ID, "a card id")


def _uid(text: str, tok: str) -> str:
    return _word(text, tok, _UID, "a unit like u3")


def _cell(text: str, tok: str) -> str:
    c = tok.upper()
    if not grid.is_cell(c):
        raise _bad(text, f"{tok!r} is not a cell A1..G6")
    return c


def _pay_clause(text: str, rest: list[str]) -> list[str]:
    if not rest:
        return []
    if len(rest) != 2 or rest[0] != "pay":
        raise _bad(text, "expected: pay CARD+CARD")
    return sorted(_card(text, c) for c in rest[1].split("+"))


def parse_action(text: str) -> dict:
    if not isinstance(text, str):
        raise _bad(str(text), "not text")
    toks = text.strip().lower().split()
    if not toks:
        raise _bad(text, "empty")
    verb, args = toks[0], toks[1:]
    n = len(args)
    if verb in _BARE and n == 0:
        return {"type": verb}
    if verb in _CARD_VERBS and n == 1:
        return {"type": verb, "card": _card(text, args[0])}
    if verb == "stage" and n == 2:
        if args[1] != FACE_UP_WORD.strip():
            raise _bad(text, f"expected: stage CARD or stage CARD{FACE_UP_WORD}")
        return {"type": "stage", "card": _card(text, args[0]), "face_up": True}
    if verb in _UID_VERBS and n == 1:
        return {"type": verb, "uid": _uid(text, args[0])}
    if verb in ("vanguard", "deploy") and n == 2:
        return {"type": verb, "unit": _card(text, args[0]), "cell": _cell(text, args[1])}
    if verb == "place" and n == 2:
        return {"type": "place", "card": _card(text, args[0]), "cell": _cell(text, args[1])}
    if verb == "declare" and n == 2:
        if args[0] not in ALL_BASICS or args[1] not in ALL_BASICS:
            raise _bad(text, f"basic actions are {', '.join(ALL_BASICS)}")
        return {"type": "declare", "first": args[0], "second": args[1]}
    if verb == "play" and n in (2, 4):
        return {"type": "play", "card": _card(text, args[0]), "uid": _uid(text, args[1]),
                "pay": _pay_clause(text, args[2:])}
    if verb == "general" and n in (2, 4):
        if args[0] not in ("move", "attack"):
            raise _bad(text, "general commands in an Action are move and attack")
        return {"type": "general", "command": args[0], "uid": _uid(text, args[1]), "pay": _pay_clause(text, args[2:])}
    if verb == "move" and n == 2:
        return {"type": "move", "uid": _uid(text, args[0]), "path": [_cell(text, c) for c in args[1].split("-")]}
    if verb == "attack" and n == 3 and args[1] == "with":
        with_ = sorted({_uid(text, u) for u in args[2].split("+")}, key=uid_num)
        return {"type": "attack", "target": _uid(text, args[0]), "with": with_}
    if verb == "defend" and n in (2, 4):
        card = "general" if args[1] == "general" else _card(text, args[1])
        return {"type": "defend", "uid": _uid(text, args[0]), "card": card, "pay": _pay_clause(text, args[2:])}
    if verb == "penalty" and n in (1, 3):
        if args[0] not in PENALTY_OPTIONS:
            raise _bad(text, f"terrain penalties are {', '.join(PENALTY_OPTIONS)}")
        return {"type": "penalty", "option": args[0], "pay": _pay_clause(text, args[1:])}
    if verb == "token" and n == 1:
        if not _SLOT.match(args[0]):
            raise _bad(text, f"{args[0]!r} is not a command-zone slot number")
        return {"type": "token", "slot": int(args[0])}
    if verb == "rally" and n in (1, 3):
        return {"type": "rally", "card": _card(text, args[0]), "pay": _pay_clause(text, args[1:])}
    if verb == "pol" and n == 2:
        if args[0] != "defence" or args[1] not in POLICY_ORDERS:
            raise _bad(text, f"standing orders are pol defence {'|'.join(POLICY_ORDERS)}")
        return {"type": "pol", "key": "defence", "value": args[1]}
    if verb not in VERBS:
        raise _bad(text, f"unknown verb {verb!r}")
    raise _bad(text, f"wrong arguments for {verb!r}")


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
    action = parse_action(text)
    canon = format_action(action)
    row = VERBS[action["type"]]
    words = canon.split()
    if row.head_args is None:
        head, rest = canon, ""
    else:
        head = " ".join(words[:1 + row.head_args])
        rest = " ".join(words[1 + row.head_args:])
    args = tuple(head.split()[1:]) + ((rest,) if rest else ()) if row.command else ()
    subject = str(action.get(row.subject, "")) if row.subject else ""
    return ActionInfo(text=canon, verb=action["type"], command=row.command, args=args, head=head, rest=rest,
                      subject=subject, quiet=row.quiet, continues=row.continues)


def continues(action: dict) -> bool:
    row = VERBS.get(action.get("type", ""))
    return row is not None and row.continues
