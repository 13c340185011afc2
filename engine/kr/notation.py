"""Action notation: one canonical line of text per action, its parser, and the host metadata of
each verb (``engine.base.ActionInfo``), all generated from one verb table (``VERBS``, the kit
of engine/verbs.py); docs/kr/engine.md "Actions".

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
from typing import Any, Callable

from engine.base import ActionInfo, IllegalAction
from engine.verbs import Arg, Grammar, Kind, NotationError, Verb, verb

from .content import TOWERS
from .mapgeo import COLOURS

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_TRAY = re.compile(r"^t[1-9][0-9]*$")
_MAP = re.compile(r"^[A-Z][1-9][0-9]*$")
_GRID = re.compile(r"^([a-z])([1-9][0-9]?)$")
_SEAT = re.compile(r"^[1-4]$")
FACINGS = ("N", "E", "S", "W")
ACTS = ("basic", "ability", "recover", "none")
VARIANTS = ("a", "b")
PASS_USAGE = "a pass is: CARD to SEAT [a|b]"
HERO_USAGE = "hero FIGURE [act-first] [path SQ-SQ] face FACING [engage CELL] ACT ..."


def bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("kr.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)


def _bad_action(a: Any) -> IllegalAction:
    return IllegalAction("kr.err.bad_action", f"not an action: {a!r}", action=str(a))


# --- words -------------------------------------------------------------------------------------

def _word(value: Any) -> str:
    """One word of an action's text as it is (an id, a square, a facing)."""
    if not isinstance(value, str) or not value or value.split() != [value]:
        raise TypeError(value)
    return value


def _id(what: str) -> Callable[[str], str]:
    def read(tok: str) -> str:
        tok = tok.lower()
        if not _ID.match(tok):
            raise NotationError(f"{tok!r} is not {what}")
        return tok
    return read


def _card(tok: str) -> str:
    tok = tok.lower()
    if tok not in TOWERS:
        raise NotationError(f"{tok!r} is not a tower card")
    return tok


def _map_cell(tok: str) -> str:
    c = tok.upper()
    if not _MAP.match(c):
        raise NotationError(f"{tok!r} is not a map square like C4")
    return c


def _grid(tok: str) -> list[int]:
    m = _GRID.match(tok.lower())
    if not m:
        raise NotationError(f"{tok!r} is not a card square like b2")
    return [ord(m.group(1)) - 97, int(m.group(2)) - 1]


def grid_cell(cell: Any) -> str:
    c, r = cell
    if not (isinstance(c, int) and isinstance(r, int) and 0 <= c < 26 and 0 <= r < 99):
        raise TypeError
    return f"{chr(97 + c)}{r + 1}"


def _tray(tok: str) -> str:
    tok = tok.lower()
    if not _TRAY.match(tok):
        raise NotationError(f"{tok!r} is not a tray like t3")
    return tok


def _seat(tok: str) -> int:
    if not _SEAT.match(tok):
        raise NotationError(f"{tok!r} is not a seat number 1-4")
    return int(tok) - 1


def _seat_word(to: Any) -> str:
    if type(to) is not int:
        raise TypeError(to)
    return str(to + 1)


def _facing(tok: str) -> str:
    f = tok.upper()
    if f not in FACINGS:
        raise NotationError(f"{tok!r} is not a facing N, E, S or W")
    return f


def _variant(tok: str) -> str:
    if tok.lower() not in VARIANTS:
        raise NotationError(f"{tok!r} is not an L4 variant a or b")
    return tok.lower()


def _colour(tok: str) -> str:
    if tok.lower() not in COLOURS:
        raise NotationError("exclude COLOUR (red, blue, green, ...)")
    return tok.lower()


# --- placements --------------------------------------------------------------------------------

def format_placement(p: dict) -> str:
    """``t3:b2+c2``, ``t3#1:e4``, ``t3:s:b2``, ``t3:s:b2<t1:c3``, ``t3@extra:b2`` (see above)."""
    tray = _word(p["tray"])
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
        text += f"<{_word(p['from'][0])}:{grid_cell(p['from'][1])}"
    return text


def _attack_of(tok: str, attack: str) -> dict:
    if not attack:
        return {}
    if attack.lower() == "extra":
        return {"attack": "extra"}
    if attack.isdigit() and len(attack) <= 2:
        return {"attack": int(attack)}
    raise NotationError(f"{tok!r}: the attack after @ is a number or extra")


def _placement(tok: str) -> dict:
    head, _, origin = tok.partition("<")
    parts = head.split(":")
    spec, _, attack = parts[0].partition("@")
    extra = _attack_of(tok, attack)
    if len(parts) == 3 and parts[1].lower() == "s" and "#" not in spec:
        p: dict = {"tray": _tray(spec), "cell": _grid(parts[2]), **extra}
        if origin:
            o = origin.split(":")
            if len(o) != 2:
                raise NotationError(f"{tok!r}: a moved soldier is TRAY:s:CELL<TRAY:CELL")
            p["from"] = [_tray(o[0]), _grid(o[1])]
        return p
    if len(parts) != 2 or not parts[1] or origin:
        raise NotationError(f"{tok!r} is not a placement like t3:b2+c2 or t3:s:b2")
    tray, _, index = spec.partition("#")
    p = {"tray": _tray(tray), "cells": [_grid(c) for c in parts[1].split("+")]}
    if index:
        if not index.isdigit() or len(index) > 2:
            raise NotationError(f"{tok!r}: the tile index after # is a number")
        p["tile"] = int(index)
    p.update(extra)
    return p


def parse_placement(text: str, tok: str) -> dict:
    """One placement word of ``text``; ``kr.err.bad_notation`` saying why if it does not read."""
    try:
        return _placement(tok)
    except NotationError as e:
        raise bad(text, e.why) from None


def _placements_text(ps: Any) -> str:
    return " ".join(format_placement(p) for p in ps or [])


def _attack_groups(words: list[str]) -> list[list]:
    """A build's placements, one group per attack, ``/`` between groups (padded by ``_pad``)."""
    groups: list[list] = [[]]
    for tok in words:
        if tok == "/":
            groups.append([])
        else:
            groups[-1].append(_placement(tok))
    return groups


def _attack_groups_text(attacks: Any) -> str:
    """Trailing empty groups are left out (``_pad`` restores them from the card)."""
    groups = [list(g) for g in attacks]
    while groups and not groups[-1]:
        groups.pop()
    words: list[str] = []
    for i, group in enumerate(groups):
        words += (["/"] if i else []) + [format_placement(p) for p in group]
    return " ".join(words)


def _pad(action: dict) -> dict:
    """A build's groups restored to one per attack printed on the card."""
    card, groups = action["card"], action["attacks"]
    n = len(TOWERS[card]["attacks"])
    if len(groups) > n:
        raise NotationError(f"{card} has {n} attack(s), not {len(groups)}")
    groups += [[] for _ in range(n - len(groups))]
    return action


# --- clauses of several words ------------------------------------------------------------------

def _pass_clause(words: list[str]) -> dict:
    if len(words) not in (3, 4) or words[1].lower() != "to":
        raise NotationError(PASS_USAGE)
    variant = _variant(words[3]) if len(words) == 4 else None
    return {"card": _card(words[0]), "to": _seat(words[2]), "variant": variant}


def _pass_clause_text(p: Any) -> str:
    words = [_word(p["card"]), "to", _seat_word(p["to"])]
    return " ".join(words + ([_word(p["variant"])] if p.get("variant") else []))


def _order(tok: str) -> str:
    if tok.lower() != "act-first":
        raise NotationError(HERO_USAGE)
    return "act_first"


def _plan(words: list[str]) -> dict:
    """A hero's ``ACT [PLACEMENT ...]``: its act, ability and placements."""
    if not words or words[0].lower() not in ACTS:
        raise NotationError(f"the hero's action is one of {', '.join(ACTS)}")
    act, ability, i = words[0].lower(), None, 1
    if act == "ability":
        if len(words) < 2:
            raise NotationError("ability ID")
        ability, i = _id("an ability id")(words[1]), 2
    return {"act": None if act == "none" else act, "ability": ability,
            "placements": [_placement(w) for w in words[i:]]}


def _plan_text(a: dict) -> str:
    act = a.get("act")
    words = ["ability", _word(a["ability"])] if act == "ability" else [_word(act) if act else "none"]
    return " ".join(words + [format_placement(p) for p in a.get("placements") or []])


def _choice(words: list[str]) -> dict:
    try:
        choice = json.loads(" ".join(words))
    except ValueError:
        raise NotationError("choice is followed by a JSON object") from None
    if not isinstance(choice, dict) or not choice:
        raise NotationError("choice is followed by a non-empty JSON object")
    return choice


def _buys(word: str) -> dict:
    buys, takes = [], []
    for item in word.split("+"):
        what, sep, seat = item.partition(">")
        site, colon, card = what.rpartition(":")
        if not sep or (colon and not site):
            raise NotationError(f"{item!r} is not CARD>SEAT (a purchase) or SITE:CARD>SEAT (a white-site tower)")
        if colon:
            takes.append({"site": site.upper(), "card": _card(card), "to": _seat(seat)})
        else:
            buys.append({"card": _card(card), "to": _seat(seat)})
    return {"buys": buys, **({"takes": takes} if takes else {})}


def _buys_text(a: dict) -> str:
    items = [f"{b['card']}>{b['to'] + 1}" for b in a.get("buys") or []]
    items += [f"{x['site']}:{x['card']}>{x['to'] + 1}" for x in a.get("takes") or []]
    return "+".join(items)


# --- the verb table ----------------------------------------------------------------------------

CARD = Kind("card", _card, _word)
SITE = Kind("site", _map_cell, _word)
SQUARE = Kind("square", _map_cell, _word)
FACING = Kind("facing", _facing, _word)
SEAT = Kind("seat", _seat, _seat_word)
VARIANT = Kind("variant", _variant, _word)
FIGURE = Kind("figure", _id("a hero"), _word)
SPELL = Kind("spell", _id("a spell"), _word)
COLOUR = Kind("colour", _colour, _word)
POLICY = Kind("policy", str.lower, _word)
PREFERENCE = Kind("preference", str.lower, _word)
PATH = Kind("path", lambda tok: [_map_cell(c) for c in tok.split("-")], lambda path: "-".join(map(_word, path)))
ENGAGE = Kind("cell", _grid, grid_cell)
ORDER = Kind("order", _order, lambda order: "act-first" if order == "act_first" else "")
ATTACKS = Kind("placements", _attack_groups, _attack_groups_text, rest=True)
TARGETS = Kind("targets", lambda words: [_placement(w) for w in words], _placements_text, rest=True)
PLAN = Kind("act", _plan, _plan_text, rest=True)            # act, ability and placements
CHOICE = Kind("choice", _choice, lambda c: json.dumps(c, sort_keys=True, separators=(",", ":")), rest=True)
PASS = Kind("pass", _pass_clause, _pass_clause_text, rest=True)
BUYS = Kind("buys", _buys, _buys_text)                      # buys and takes


def _bare(word: str, **kw: Any) -> Verb:
    return verb(word, command=word, usage=f"{word!r} takes no arguments", **kw)


VERBS: tuple[Verb, ...] = (
    verb("build", Arg("card", CARD), Arg("site", SITE), Arg("facing", FACING), Arg("attacks", ATTACKS),
         command="build", split=3, head=1, subject="card", fills=True, finish=_pad,
         usage="build CARD SITE FACING [placements] [/ placements]"),
    verb("pass", Arg("card", CARD), "to", Arg("to", SEAT), Arg("variant", VARIANT, optional=True, default=None),
         command="pass", head=1, subject="card", fills=True, usage=PASS_USAGE),
    verb("hero", Arg("figure", FIGURE), Arg("order", ORDER, optional=True, default="move_first"),
         Arg("path", PATH, keyword="path", optional=True, default=list), Arg("facing", FACING, keyword="face"),
         Arg("base", ENGAGE, keyword="engage", optional=True, default=None), Arg(None, PLAN),
         Arg("choice", CHOICE, keyword="choice", optional=True, default=dict),
         command="hero", split=1, head=1, subject="figure", fills=True, usage=HERO_USAGE),
    verb("spell", Arg("spell", SPELL), Arg("placements", TARGETS, optional=True, default=list),
         Arg("hero", FIGURE, keyword="hero", optional=True), Arg("pass", PASS, keyword="pass", optional=True),
         command="spell", split=1, head=1, subject="spell", fills=True,
         usage="unexpected or missing words: spell ID [placements] [hero FIGURE] [pass CARD to SEAT [a|b]]"),
    _bare("done", continues=True),
    verb("exclude", Arg("colour", COLOUR), command="exclude", subject="colour",
         usage="exclude COLOUR (red, blue, green, ...)"),
    verb("propose", Arg(None, BUYS), command="propose", usage="propose CARD>SEAT+SITE:CARD>SEAT..."),
    _bare("approve"),
    _bare("object"),
    verb("pol", Arg("key", POLICY), Arg("value", PREFERENCE), command="policy", subject="value", quiet=True,
         usage="pol displace ask|exit|away|site"),
    verb("displace", Arg("figure", FIGURE), Arg("to", SQUARE), command="displace", subject="figure",
         usage="displace FIGURE SQUARE"),
)
"""The one table of Kingdom Rush's notation (engine/verbs.py)."""

GRAMMAR = Grammar("kr", VERBS, bad=bad, bad_action=_bad_action)


def format_action(a: dict) -> str:
    return GRAMMAR.format(a)


def parse_action(text: str) -> dict:
    return GRAMMAR.parse(text)


def action_info(text: str) -> ActionInfo:
    return GRAMMAR.info(text)


def continues(action: dict) -> bool:
    return GRAMMAR.continues(action)
