"""Compact canonical notation for Cloudspire actions.

Hexes are axial ``q,r`` (e.g. ``3,-1``).  Unit ids ``u7``, spire ids ``s3``.  Grammar
(one action per line; words separated by single spaces)::

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
and is therefore not listed by ``legal_actions``.  Policies: spire = lowest_health |
nearest_gate | heroes_first | manual; levelup / reward / mark = auto | manual ("manual"
turns the off-turn decision into a reaction prompt for that player).

In the state's log each entry is prefixed with the acting seat: ``1:mm u4 2,-1``;
replaying the log through ``apply`` from the same seed and options reproduces the state.
"""
from __future__ import annotations


def format_action(a: dict) -> str:
    d = a["do"]
    if d == "pick":
        return f"pick {a['faction']}"
    if d == "isle":
        return f"isle {a['slot']} {a['rot']}"
    if d == "fort":
        return f"fort {a['gate']} {a['orient']}"
    if d == "buy":
        return f"buy {a['chip']}"
    if d == "build":
        plus = "+" if a.get("side") == "promoted" else ""
        return f"build {a['spire']}{plus} {a['at']} {a['order']}"
    if d == "up":
        return f"up {a['at']} {a['chips']}"
    if d == "es":
        return f"es {a['earthscape']} {a['at']} {a['rot']}"
    if d == "adv":
        return f"adv {a['structure']}"
    if d == "mark":
        return f"mark {a['target']}"
    if d in ("add", "join"):
        return f"{d} {a['unit']}"
    if d == "equip":
        return f"equip {a['item']} {a['hero']}"
    if d == "relic":
        return " ".join(["relic", a["relic"]] + list(a.get("args", [])))
    if d == "mv":
        return f"mv {a['unit']} {a['to']}"
    if d == "mm":
        return f"mm {a['unit']} {a['to'] or 'stay'}"
    if d == "explore":
        return f"explore {a['at']}"
    if d == "atk":
        return f"atk {a['unit']} {a['at']}"
    if d == "lvl":
        return f"lvl {a['unit']} {a['choice']}"
    if d == "free":
        return "free none" if a["spire"] == "none" else f"free {a['spire']} {a['order']}"
    if d == "fire":
        return f"fire {a['spire']} {a['unit']}"
    if d == "pol":
        return f"pol {a['key']} {a['value']}"
    return d


def parse_action(text: str) -> dict:
    from .game import illegal
    w = text.strip().split()
    if not w:
        raise illegal("bad_notation", "Empty action.", text=text)
    d = w[0]
    try:
        if d == "pick":
            return {"do": d, "faction": w[1]}
        if d == "isle":
            return {"do": d, "slot": int(w[1]), "rot": int(w[2])}
        if d == "fort":
            return {"do": d, "gate": w[1], "orient": int(w[2])}
        if d == "buy":
            return {"do": d, "chip": w[1]}
        if d == "build":
            t = w[1]
            side = "promoted" if t.endswith("+") else "basic"
            return {"do": d, "spire": t.rstrip("+"), "side": side, "at": w[2], "order": w[3]}
        if d == "up":
            return {"do": d, "at": w[1], "chips": w[2]}
        if d == "es":
            return {"do": d, "earthscape": w[1], "at": w[2], "rot": int(w[3])}
        if d == "adv":
            return {"do": d, "structure": w[1]}
        if d == "mark":
            return {"do": d, "target": int(w[1])}
        if d in ("add", "join"):
            return {"do": d, "unit": w[1]}
        if d == "equip":
            return {"do": d, "item": w[1], "hero": w[2]}
        if d == "relic":
            return {"do": d, "relic": w[1], "args": w[2:]}
        if d == "mv":
            return {"do": d, "unit": w[1], "to": w[2]}
        if d == "mm":
            return {"do": d, "unit": w[1], "to": "" if w[2] == "stay" else w[2]}
        if d == "explore":
            return {"do": d, "at": w[1]}
        if d == "atk":
            return {"do": d, "unit": w[1], "at": w[2]}
        if d == "lvl":
            return {"do": d, "unit": w[1], "choice": w[2]}
        if d == "free":
            if w[1] == "none":
                return {"do": d, "spire": "none", "order": ""}
            return {"do": d, "spire": w[1], "order": w[2]}
        if d == "fire":
            return {"do": d, "spire": w[1], "unit": w[2]}
        if d == "pol":
            return {"do": d, "key": w[1], "value": w[2]}
        if d in ("pass", "skip", "end", "undo", "lock", "autostack", "die", "next", "reveal", "hide") and len(w) == 1:
            return {"do": d}
    except (IndexError, ValueError):
        pass
    raise illegal("bad_notation", f"Cannot read action '{text}'.", text=text)
