"""Action notation: compact, human-typable, canonical text for actions.

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

``format_action(parse_action(s)) == s`` for canonical ``s`` and
``parse_action(format_action(a)) == a``. Parsing is lenient about case and spacing; errors
raise ``IllegalAction("clash.err.bad_notation")``.
"""
from __future__ import annotations

import re

from engine.base import IllegalAction

from .state import LANES

_ID = r"[a-z][a-z0-9_]*"
_ID_RE = re.compile(rf"^{_ID}$")
_REF_RE = re.compile(r"^@([01])\.(top|bottom)\.([1-9][0-9]*)$")


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("clash.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)


def _ref(r) -> str:
    return f"@{r[0]}.{r[1]}.{r[2]}"


def format_action(a: dict) -> str:
    t = a.get("type") if isinstance(a, dict) else None
    if t == "play":
        if "lane" in a:
            return f"play {a['card']} {a['lane']}"
        if "target" in a:
            return f"play {a['card']} {_ref(a['target'])}"
        if "on" in a:
            return f"play {a['card']} on {_ref(a['on'])}"
    elif t == "champion":
        if "lane" in a:
            return f"champion {a['lane']}"
        if "on" in a:
            return f"champion on {_ref(a['on'])}"
    elif t in ("end", "go"):
        return t
    elif t == "deck":
        return f"deck {a['deck']}"
    elif t == "pick":
        return f"pick {a['card']}"
    elif t == "build":
        return "build " + ",".join(a["cards"])
    elif t == "choose":
        return f"choose {a['champion']}"
    raise IllegalAction("clash.err.bad_action", f"not an action: {a!r}", action=str(a))


def _parse_ref(text: str, tok: str) -> list:
    m = _REF_RE.match(tok)
    if not m:
        raise _bad(text, f"{tok!r} is not a creature reference like @1.top.1")
    return [int(m.group(1)), m.group(2), int(m.group(3))]


def _card(text: str, tok: str) -> str:
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
    if verb == "play":
        if len(args) == 2:
            card = _card(text, args[0])
            if args[1] in LANES:
                return {"type": "play", "card": card, "lane": args[1]}
            return {"type": "play", "card": card, "target": _parse_ref(text, args[1])}
        if len(args) == 3 and args[1] == "on":
            return {"type": "play", "card": _card(text, args[0]), "on": _parse_ref(text, args[2])}
        raise _bad(text, "expected: play CARD top|bottom, play CARD @S.LANE.POS or play CARD on @S.LANE.POS")
    if verb == "champion":
        if len(args) == 1 and args[0] in LANES:
            return {"type": "champion", "lane": args[0]}
        if len(args) == 2 and args[0] == "on":
            return {"type": "champion", "on": _parse_ref(text, args[1])}
        raise _bad(text, "expected: champion top|bottom or champion on @S.LANE.POS")
    if verb in ("end", "go"):
        if args:
            raise _bad(text, f"{verb} takes no arguments")
        return {"type": verb}
    if verb in ("deck", "pick", "choose"):
        if len(args) != 1:
            raise _bad(text, f"{verb} takes one id")
        ident = _card(text, args[0])
        key = {"deck": "deck", "pick": "card", "choose": "champion"}[verb]
        return {"type": verb, key: ident}
    if verb == "build":
        joined = "".join(args)
        cards = [c for c in joined.split(",")]
        if not joined or any(not c for c in cards):
            raise _bad(text, "expected: build a,b,c,d,e,f,g,h")
        return {"type": "build", "cards": [_card(text, c) for c in cards]}
    raise _bad(text, f"unknown verb {verb!r}")


def canonical(action) -> dict:
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
