"""Action notation: one canonical line of text per action, its parser, and the host metadata of
each verb (``engine.base.ActionInfo``); docs/kr-engine.md "Actions".

Map squares are written ``C4`` (column letter, row number, upper case); squares of a horde
card's own grid are written lower case, column letter then row number from 1: ``b2`` is
``[1, 1]`` (column 1, row 1); a tile's squares are joined by ``+``. Seats are numbered from 1
in text (``to 2`` is seat index 1). Grammar (canonical form: single spaces)::

    build CARD SITE FACING [PLACEMENT ...] [/ PLACEMENT ...]...
        one group of placements per attack printed on the card, separated by ``/``;
        trailing empty groups are left out (the parser restores them from the card)
    PLACEMENT:
        TRAY:CELL+CELL...           a damage tile on tray TRAY (t3:b2+c2)
        TRAY#I:CELL+CELL...         ... naming the attack's tile I (0 = first)
        TRAY:s:CELL                 a soldier from the supply (t3:s:b2)
        TRAY:s:CELL<TRAY:CELL       a soldier moved from another tray (t3:s:b2<t1:c3, KR-SOL-8)
        TRAY@A:... / TRAY#I@A:...   a hero placement's ``attack`` key A: an index or ``extra``
                                    (engine/kr/hero_attacks.py "Parts")
    pass CARD to SEAT [a|b]         pass a tower (KR-PASS), naming the L4 variant when needed
    hero FIGURE [act-first] [path SQ-SQ...] face FACING [engage CELL] ACT [PLACEMENT ...] [choice JSON]
        ACT: basic | ability ID | recover | none; ``engage b2`` puts the 2x2 base's top-left
        square on b2 of the tray on the end square; ``choice`` is the hero action's ``choice``
        object as compact JSON with sorted keys (the last clause, engine/kr/heroes.py)
    spell ID [PLACEMENT ...] [hero FIGURE] [pass CARD to SEAT [a|b]]
    done                            finished with phase 2 (KR-ACT-5) / phase 6 (approves)
    exclude COLOUR                  solo: the colour excluded this round (KR-SOLO-3, KR-AMB-48)
    propose CARD>SEAT+SITE:CARD>SEAT...  phase 6: a purchase list (KR-BUY-2) and who takes each
                                    tower waiting on a white site (KR-WHT-3)
    approve | object                phase 6: approve / withdraw the current proposal
    displace FIGURE SQUARE          where one's displaced hero goes, when asked (KR-SPN-7, KR-AMB-61,
                                    engine/kr/displacement.py)
    pol displace ask|exit|away|site any time: ask, or where one's displaced heroes go (engine/kr/standing.py)

JSON actions: ``{"type": "build", "card", "site", "facing", "attacks"}``, ``{"type": "pass",
"card", "to", "variant"}``, ``{"type": "hero", "figure", "order", "path", "facing", "base",
"act", "ability", "placements", "choice"}``, ``{"type": "spell", "spell", "placements"[, "hero"][, "pass"]}`` (the keys ``hero``
and ``pass`` only when given, as engine/kr/spells.py suggests them), ``{"type": "exclude", "colour"}``, ``{"type": "propose", "buys": [{"card", "to"}][, "takes": [{"site", "card", "to"}]]}``,
``{"type": "done" | "approve" | "object"}``, ``{"type": "displace", "figure", "to": square}``,
``{"type": "pol", "key": "displace", "value"}``. ``format_action(parse_action(s)) == s`` for
canonical ``s``; ``parse_action(format_action(a)) == a`` for canonical ``a``.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from engine.base import ActionInfo, IllegalAction

from .content import TOWERS
from .mapgeo import COLOURS

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_TRAY = re.compile(r"^t[1-9][0-9]*$")
_MAP = re.compile(r"^[A-Z][1-9][0-9]*$")
_GRID = re.compile(r"^([a-z])([1-9][0-9]?)$")
_SEAT = re.compile(r"^[1-4]$")
FACINGS = ("N", "E", "S", "W")
ACTS = ("basic", "ability", "recover", "none")


@dataclass(frozen=True)
class Verb:
    """Host metadata of one verb: the subcommand, how many arguments form the first menu
    step, the field the move is about, whether it ends the current phase."""

    command: str
    head_args: int | None = None
    subject: str = ""
    continues: bool = False
    quiet: bool = False


VERBS: dict[str, Verb] = {
    "build": Verb("build", 1, "card"),
    "pass": Verb("pass", 1, "card"),
    "hero": Verb("hero", 1, "figure"),
    "spell": Verb("spell", 1, "spell"),
    "done": Verb("done", continues=True),
    "exclude": Verb("exclude", None, "colour"),
    "propose": Verb("propose"),
    "approve": Verb("approve"),
    "object": Verb("object"),
    "pol": Verb("policy", None, "value", quiet=True),
    "displace": Verb("displace", None, "figure"),
}
_BARE = ("done", "approve", "object")


def bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("kr.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)


def _bad_action(a: Any) -> IllegalAction:
    return IllegalAction("kr.err.bad_action", f"not an action: {a!r}", action=str(a))


# --- formatting --------------------------------------------------------------------------------

def grid_cell(cell: Any) -> str:
    c, r = cell
    if not (isinstance(c, int) and isinstance(r, int) and 0 <= c < 26 and 0 <= r < 99):
        raise TypeError
    return f"{chr(97 + c)}{r + 1}"


def _placement(p: dict) -> str:
    tray = p["tray"]
    if "attack" in p:       # a hero placement's attack: an index or "extra" (engine/kr/hero_attacks.py)
        at = p["attack"]
        if not (at == "extra" or (type(at) is int and 0 <= at < 100)):
            raise TypeError
        attack = f"@{at}"
    else:
        attack = ""
    if "cells" in p:
        head = f"{tray}#{p['tile']}" if "tile" in p else tray
        return f"{head}{attack}:{'+'.join(grid_cell(c) for c in p['cells'])}"
    text = f"{tray}{attack}:s:{grid_cell(p['cell'])}"
    if p.get("from") is not None:
        text += f"<{p['from'][0]}:{grid_cell(p['from'][1])}"
    return text


def _placements(ps: list) -> list[str]:
    return [_placement(p) for p in ps]


def _pass_words(card: str, to: int, variant: Any) -> list[str]:
    return [card, "to", str(to + 1)] + ([variant] if variant else [])


def format_action(a: dict) -> str:
    try:
        t = a["type"]
        if t in _BARE:
            return t
        if t == "exclude":
            return f"exclude {a['colour']}"
        if t == "displace":
            if not (isinstance(a["figure"], str) and isinstance(a["to"], str)) or " " in a["figure"] + a["to"]:
                raise TypeError
            return f"displace {a['figure']} {a['to']}"
        if t == "build":
            groups = [list(g) for g in a["attacks"]]
            while groups and not groups[-1]:
                groups.pop()
            words = ["build", a["card"], a["site"], a["facing"]]
            for i, g in enumerate(groups):
                words += (["/"] if i else []) + _placements(g)
            return " ".join(words)
        if t == "pass":
            return " ".join(["pass"] + _pass_words(a["card"], a["to"], a.get("variant")))
        if t == "pol":
            if not (isinstance(a["key"], str) and isinstance(a["value"], str)) or " " in a["key"] + a["value"]:
                raise TypeError
            return f"pol {a['key']} {a['value']}"
        if t == "propose":
            items = [f"{b['card']}>{b['to'] + 1}" for b in a.get("buys") or []]
            items += [f"{x['site']}:{x['card']}>{x['to'] + 1}" for x in a.get("takes") or []]
            return "propose " + "+".join(items)
        if t == "hero":
            return _format_hero(a)
        if t == "spell":
            words = ["spell", a["spell"]] + _placements(a.get("placements") or [])
            if a.get("hero"):
                words += ["hero", a["hero"]]
            if a.get("pass"):
                p = a["pass"]
                words += ["pass"] + _pass_words(p["card"], p["to"], p.get("variant"))
            return " ".join(words)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        pass
    raise _bad_action(a)


def _format_hero(a: dict) -> str:
    words = ["hero", a["figure"]]
    if a.get("order", "move_first") == "act_first":
        words.append("act-first")
    if a.get("path"):
        words += ["path", "-".join(a["path"])]
    words += ["face", a["facing"]]
    if a.get("base") is not None:
        words += ["engage", grid_cell(a["base"])]
    act = a.get("act")
    words += ["ability", a["ability"]] if act == "ability" else [act or "none"]
    words += _placements(a.get("placements") or [])
    if a.get("choice"):
        words += ["choice", json.dumps(a["choice"], sort_keys=True, separators=(",", ":"))]
    return " ".join(words)


# --- parsing -----------------------------------------------------------------------------------

def _id(text: str, tok: str, what: str = "an id") -> str:
    if not _ID.match(tok):
        raise bad(text, f"{tok!r} is not {what}")
    return tok


def _card(text: str, tok: str) -> str:
    tok = tok.lower()
    if tok not in TOWERS:
        raise bad(text, f"{tok!r} is not a tower card")
    return tok


def _map_cell(text: str, tok: str) -> str:
    c = tok.upper()
    if not _MAP.match(c):
        raise bad(text, f"{tok!r} is not a map square like C4")
    return c


def _grid(text: str, tok: str) -> list[int]:
    m = _GRID.match(tok.lower())
    if not m:
        raise bad(text, f"{tok!r} is not a card square like b2")
    return [ord(m.group(1)) - 97, int(m.group(2)) - 1]


def _tray(text: str, tok: str) -> str:
    tok = tok.lower()
    if not _TRAY.match(tok):
        raise bad(text, f"{tok!r} is not a tray like t3")
    return tok


def _seat(text: str, tok: str) -> int:
    if not _SEAT.match(tok):
        raise bad(text, f"{tok!r} is not a seat number 1-4")
    return int(tok) - 1


def _facing(text: str, tok: str) -> str:
    f = tok.upper()
    if f not in FACINGS:
        raise bad(text, f"{tok!r} is not a facing N, E, S or W")
    return f


def parse_placement(text: str, tok: str) -> dict:
    head, _, origin = tok.partition("<")
    parts = head.split(":")
    spec, _, attack = parts[0].partition("@")
    extra: dict = {}
    if attack:
        if attack.lower() == "extra":
            extra["attack"] = "extra"
        elif attack.isdigit() and len(attack) <= 2:
            extra["attack"] = int(attack)
        else:
            raise bad(text, f"{tok!r}: the attack after @ is a number or extra")
    if len(parts) == 3 and parts[1].lower() == "s" and "#" not in spec:
        p: dict = {"tray": _tray(text, spec), "cell": _grid(text, parts[2]), **extra}
        if origin:
            o = origin.split(":")
            if len(o) != 2:
                raise bad(text, f"{tok!r}: a moved soldier is TRAY:s:CELL<TRAY:CELL")
            p["from"] = [_tray(text, o[0]), _grid(text, o[1])]
        return p
    if len(parts) != 2 or not parts[1] or origin:
        raise bad(text, f"{tok!r} is not a placement like t3:b2+c2 or t3:s:b2")
    tray, _, index = spec.partition("#")
    p = {"tray": _tray(text, tray), "cells": [_grid(text, c) for c in parts[1].split("+")]}
    if index:
        if not index.isdigit() or len(index) > 2:
            raise bad(text, f"{tok!r}: the tile index after # is a number")
        p["tile"] = int(index)
    p.update(extra)
    return p


def _pass_clause(text: str, args: list[str]) -> dict:
    if len(args) not in (3, 4) or args[1].lower() != "to":
        raise bad(text, "a pass is: CARD to SEAT [a|b]")
    variant = args[3].lower() if len(args) == 4 else None
    if variant not in (None, "a", "b"):
        raise bad(text, f"{args[3]!r} is not an L4 variant a or b")
    return {"card": _card(text, args[0]), "to": _seat(text, args[2]), "variant": variant}


def parse_action(text: str) -> dict:
    if not isinstance(text, str):
        raise bad(str(text), "not text")
    toks = text.strip().split()
    if not toks:
        raise bad(text, "empty")
    verb, args = toks[0].lower(), toks[1:]
    if verb in _BARE:
        if args:
            raise bad(text, f"{verb!r} takes no arguments")
        return {"type": verb}
    if verb == "pol":
        if len(args) != 2:
            raise bad(text, "pol displace ask|exit|away|site")
        return {"type": "pol", "key": args[0].lower(), "value": args[1].lower()}
    if verb == "displace":
        if len(args) != 2:
            raise bad(text, "displace FIGURE SQUARE")
        return {"type": "displace", "figure": _id(text, args[0].lower(), "a hero"), "to": _map_cell(text, args[1])}
    if verb == "exclude":
        if len(args) != 1 or args[0].lower() not in COLOURS:
            raise bad(text, "exclude COLOUR (red, blue, green, ...)")
        return {"type": "exclude", "colour": args[0].lower()}
    if verb == "build":
        return _parse_build(text, args)
    if verb == "pass":
        return {"type": "pass", **_pass_clause(text, args)}
    if verb == "propose":
        if len(args) != 1:
            raise bad(text, "propose CARD>SEAT+SITE:CARD>SEAT...")
        buys, takes = [], []
        for item in args[0].split("+"):
            what, sep, seat = item.partition(">")
            site, colon, card = what.rpartition(":")
            if not sep or (colon and not site):
                raise bad(text, f"{item!r} is not CARD>SEAT (a purchase) or SITE:CARD>SEAT (a white-site tower)")
            if colon:
                takes.append({"site": site.upper(), "card": _card(text, card), "to": _seat(text, seat)})
            else:
                buys.append({"card": _card(text, card), "to": _seat(text, seat)})
        return {"type": "propose", "buys": buys, **({"takes": takes} if takes else {})}
    if verb == "hero":
        return _parse_hero(text, args)
    if verb == "spell":
        return _parse_spell(text, args)
    raise bad(text, f"unknown verb {verb!r}")


def _parse_build(text: str, args: list[str]) -> dict:
    if len(args) < 3:
        raise bad(text, "build CARD SITE FACING [placements] [/ placements]")
    card = _card(text, args[0])
    groups: list[list] = [[]]
    for tok in args[3:]:
        if tok == "/":
            groups.append([])
        else:
            groups[-1].append(parse_placement(text, tok))
    n = len(TOWERS[card]["attacks"])
    if len(groups) > n:
        raise bad(text, f"{card} has {n} attack(s), not {len(groups)}")
    groups += [[] for _ in range(n - len(groups))]
    return {"type": "build", "card": card, "site": _map_cell(text, args[1]),
            "facing": _facing(text, args[2]), "attacks": groups}


def _parse_hero(text: str, args: list[str]) -> dict:
    a: dict = {"type": "hero", "figure": _id(text, args[0].lower() if args else "", "a hero"),
               "order": "move_first", "path": [], "facing": None, "base": None, "act": None,
               "ability": None, "placements": [], "choice": {}}
    i = 1
    if i < len(args) and args[i].lower() == "act-first":
        a["order"], i = "act_first", i + 1
    if i + 1 < len(args) and args[i].lower() == "path":
        a["path"], i = [_map_cell(text, c) for c in args[i + 1].split("-")], i + 2
    if i + 1 >= len(args) or args[i].lower() != "face":
        raise bad(text, "hero FIGURE [act-first] [path SQ-SQ] face FACING [engage CELL] ACT ...")
    a["facing"], i = _facing(text, args[i + 1]), i + 2
    if i + 1 < len(args) and args[i].lower() == "engage":
        a["base"], i = _grid(text, args[i + 1]), i + 2
    if i >= len(args) or args[i].lower() not in ACTS:
        raise bad(text, f"the hero's action is one of {', '.join(ACTS)}")
    act, i = args[i].lower(), i + 1
    if act == "ability":
        if i >= len(args):
            raise bad(text, "ability ID")
        a["ability"], i = _id(text, args[i].lower(), "an ability id"), i + 1
    a["act"] = None if act == "none" else act
    while i < len(args) and args[i].lower() != "choice":
        a["placements"].append(parse_placement(text, args[i]))
        i += 1
    if i < len(args):
        raw = text.strip().split(None, 1)[1]
        raw = raw[raw.lower().index(" choice ") + 8:] if " choice " in raw.lower() else ""
        try:
            choice = json.loads(raw)
        except ValueError:
            raise bad(text, "choice is followed by a JSON object") from None
        if not isinstance(choice, dict) or not choice:
            raise bad(text, "choice is followed by a non-empty JSON object")
        a["choice"] = choice
    return a


def _parse_spell(text: str, args: list[str]) -> dict:
    if not args:
        raise bad(text, "spell ID [placements] [hero FIGURE] [pass CARD to SEAT]")
    a: dict = {"type": "spell", "spell": _id(text, args[0].lower(), "a spell"), "placements": []}
    i = 1
    while i < len(args) and args[i].lower() not in ("hero", "pass"):
        a["placements"].append(parse_placement(text, args[i]))
        i += 1
    if i + 1 < len(args) and args[i].lower() == "hero":
        a["hero"], i = _id(text, args[i + 1].lower(), "a hero"), i + 2
    if i < len(args) and args[i].lower() == "pass":
        a["pass"], i = _pass_clause(text, args[i + 1:]), len(args)
    if i != len(args):
        raise bad(text, f"unexpected {args[i]!r}")
    return a


# --- host metadata -----------------------------------------------------------------------------

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
    args = tuple(head.split()[1:]) + ((rest,) if rest else ())
    subject = str(action.get(row.subject, "")) if row.subject else ""
    return ActionInfo(text=canon, verb=action["type"], command=row.command, args=args, head=head,
                      rest=rest, subject=subject, continues=row.continues, quiet=row.quiet)


def continues(action: dict) -> bool:
    row = VERBS.get(action.get("type", ""))
    return row is not None and row.continues
