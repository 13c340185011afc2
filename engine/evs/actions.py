"""Who must act, what is legal, why an action is illegal, and carrying actions out.

Legal actions are generated per action type (``_table``), so ``legal_actions`` is the
concatenation and ``is_legal`` only enumerates the type asked about: the same code decides
both, so the list is exact. After every move, ``_after`` settles the Action (ES-ENG-2,
ES-ACT-7) and ends a Deploy or Action in which nothing is possible any more (ES-ACT-9).
"""
from __future__ import annotations

from typing import Callable

from engine.base import IllegalAction, Prompt

from . import action, deploy, engage, placement, setup, turn, vanguard
from .content import COMMANDS, GENERALS, UNITS, executes, pool
from .notation import format_action
from .state import basic, hand_commands, hand_units

Gen = Callable[[], list[dict]]


def _once(f: Callable[[], list[dict]]) -> Callable[[], list[dict]]:
    """``f`` computed at most once (several action types share one generator)."""
    memo: list[list[dict]] = []

    def g() -> list[dict]:
        if not memo:
            memo.append(f())
        return memo[0]
    return g


def _of(t: str, f: Callable[[], list[dict]]) -> Gen:
    return lambda: [a for a in f() if a["type"] == t]


def _table(st: dict, seat: int) -> dict[str, Gen]:
    """The action types open to ``seat`` now, each with its generator."""
    if st["result"] is not None:
        return {}
    phase = st["phase"]
    if phase == "select":
        picks = _once(lambda: setup.pick_actions(st, seat))
        return {"pick": _of("pick", picks), "unpick": _of("unpick", picks)}
    if phase == "terrain":
        return {"place": lambda: placement.actions(st, seat)} if seat == st["pending"]["seat"] else {}
    if phase == "vanguard":
        if seat != st["vanguard"]["to_move"]:
            return {}
        van = _once(lambda: vanguard.actions(st, seat))
        return {"vanguard": _of("vanguard", van), "pass": _of("pass", van)}
    if phase != "turn":
        return {}
    p = st["pending"]
    if p is not None:
        if seat != p["seat"]:
            return {}
        return {"defend": lambda: engage.defence_options(st), "nodefend": lambda: [{"type": "nodefend"}]}
    if seat != st["active"]:
        return {}
    b = basic(st)
    if b is None:
        return {"declare": turn.declare_options}
    done: Gen = lambda: [{"type": "done"}]  # noqa: E731
    if b == "deploy":
        dep = _once(lambda: deploy.actions(st, seat))
        return {t: _of(t, dep) for t in ("deploy", "stage", "clear", "dispatch")} | {"done": done}
    phases = _once(lambda: action.phase_actions(st, seat))
    return {"reveal": lambda: action.reveal_actions(st, seat), "play": lambda: action.play_actions(st, seat),
            "general": lambda: action.general_actions(st, seat), "move": _of("move", phases),
            "heal": _of("heal", phases), "skip": _of("skip", phases),
            "attack": lambda: action.attack_options(st, seat), "done": done}


def legal_actions(st: dict, seat: int) -> list[dict]:
    out: list[dict] = []
    for gen in _table(st, seat).values():
        out += gen()
    return out


def is_legal(st: dict, seat: int, a: dict) -> bool:
    gen = _table(st, seat).get(a.get("type", "")) if isinstance(a, dict) else None
    return gen is not None and a in gen()


# --- prompts --------------------------------------------------------------------------------

def prompts(st: dict) -> list[Prompt]:
    if st["result"] is not None:
        return []
    phase = st["phase"]
    if phase == "select":
        return [Prompt(s, "simultaneous", "evs.prompt.pick",
                       {"units": setup.HAND_UNITS, "commands": setup.HAND_COMMANDS,
                        "picked": len(st["players"][s]["pick"]["cards"])})
                for s in (0, 1) if not st["players"][s]["pick"]["done"]]
    if phase == "terrain":
        p = st["pending"]
        return [Prompt(p["seat"], "setup", "evs.prompt.place", {"card": p["card"]})]
    if phase == "vanguard":
        s = st["vanguard"]["to_move"]
        return [Prompt(s, "setup", "evs.prompt.vanguard",
                       {"placed": st["vanguard"]["placed"][s], "can_pass": vanguard.can_pass(st, s)})]
    if phase != "turn":
        return []
    p = st["pending"]
    if p is not None:
        power, morale = engage.attack_power(st, p["target"], p["attackers"])
        u = st["units"][p["target"]]
        return [Prompt(p["seat"], "reaction", "evs.prompt.defend",
                       {"target": p["target"], "attackers": list(p["attackers"]), "power": power, "morale": morale,
                        "defence": engage.defender_power(st, p["target"], p["attackers"]),
                        "wounds": u["wounds"], "hp": UNITS[u["card"]]["hp"]})]
    b = basic(st)
    key = {None: "evs.prompt.declare", "deploy": "evs.prompt.deploy", "action": "evs.prompt.action"}[b]
    return [Prompt(st["active"], "turn", key, {"turn": st["turn"]})]


# --- carrying out ---------------------------------------------------------------------------

def execute(st: dict, seat: int, a: dict, events: list) -> None:
    """Carry out a legal action in place (may raise state.GameOver)."""
    t = a["type"]
    if t == "pick":
        setup.pick(st, seat, a["card"], events)
    elif t == "unpick":
        setup.unpick(st, seat, a["card"], events)
    elif t == "place":
        placement.place(st, seat, a["card"], a["cell"], events)
    elif t == "vanguard":
        vanguard.place(st, seat, a["unit"], a["cell"], events)
    elif t == "pass":
        vanguard.pass_(st, seat, events)
    elif t == "declare":
        turn.declare(st, seat, a["first"], a["second"], events)
    elif t == "deploy":
        deploy.deploy_unit(st, seat, a["unit"], a["cell"], events)
    elif t == "stage":
        deploy.stage(st, seat, a["card"], events)
    elif t == "clear":
        deploy.clear(st, seat, a["card"], events)
    elif t == "dispatch":
        deploy.dispatch(st, seat, a["card"], events)
    elif t == "done":
        turn.done(st, events)
    elif t == "reveal":
        action.reveal(st, seat, a["card"], events)
    elif t == "play":
        action.play(st, seat, a["card"], a["uid"], a["pay"], events)
    elif t == "general":
        action.general(st, seat, a["command"], a["uid"], a["pay"], events)
    elif t == "move":
        action.move(st, seat, a["uid"], a["path"], events)
    elif t == "skip":
        action.skip(st, seat, a["uid"], events)
    elif t == "heal":
        action.heal(st, seat, a["uid"], events)
    elif t == "attack":
        engage.declare(st, seat, a["target"], a["with"], events)
    elif t == "defend":
        engage.defend(st, seat, a["card"], a["pay"], events)
    elif t == "nodefend":
        engage.no_defence(st, seat, events)
    else:  # pragma: no cover - legal actions are exhaustive
        raise AssertionError(t)
    _after(st, events)


def _has_ops(st: dict) -> bool:
    b, seat = basic(st), st["active"]
    return deploy.has_actions(st, seat) if b == "deploy" else action.has_actions(st, seat)


def _after(st: dict, events: list) -> None:
    if st["phase"] != "turn" or st["pending"] is not None:
        return
    if basic(st) == "action":
        action.settle(st, events)
    while st["phase"] == "turn" and st["pending"] is None and basic(st) in ("deploy", "action") and not _has_ops(st):
        turn.done(st, events)
        if basic(st) == "action":
            action.settle(st, events)


# --- diagnosis ------------------------------------------------------------------------------

def diagnose(st: dict, seat: int, a: dict) -> IllegalAction:
    """The most specific reason why the (well-formed) action ``a`` is illegal now."""
    legal = [format_action(x) for x in legal_actions(st, seat)[:60]]

    def err(code: str, msg: str, **params: object) -> IllegalAction:
        return IllegalAction(f"evs.err.{code}", msg, legal=legal, **params)

    if st["result"] is not None:
        return err("game_over", "The game is over.")
    table = _table(st, seat)
    if not table:
        return err("not_your_turn", "There is nothing for this seat to decide now.", seat=seat)
    t = a["type"]
    if t not in table:
        return err("wrong_time", f"'{t}' is not possible now.", verb=t)
    p = st["players"][seat]
    card = a.get("card")
    if t in ("pick", "unpick"):
        units, commands = pool(st["factions"][seat])
        if card != setup.STANDARD and card not in units + commands:
            return err("unknown_card", f"{card} is not in your faction's pool.", card=card)
        return err("bad_pick", "That card cannot be picked or unpicked now (5 units and 10 commands).", card=card)
    if t == "place":
        return err("bad_cell", f"The terrain card cannot be placed on {a['cell']}.", cell=a["cell"])
    if t in ("vanguard", "deploy"):
        if a["unit"] not in hand_units(st, seat):
            return err("not_in_hand", f"{a['unit']} is not a unit card in your hand.", card=a["unit"])
        return err("bad_cell", f"A unit cannot be placed on {a['cell']} now.", cell=a["cell"])
    if t == "pass":
        return err("cannot_pass", "Your first vanguard unit is compulsory.")
    if t == "stage":
        return err("not_in_hand", f"{card} is not a command card in your hand.", card=card)
    zone = [e["card"] for e in p["zone"]]
    if t in ("clear", "dispatch", "reveal", "play") and card not in zone:
        return err("not_in_zone", f"{card} is not in your command zone.", card=card)
    if t == "dispatch":
        return err("cannot_dispatch", f"{card} cannot gain a token now.", card=card)
    if t == "reveal":
        return err("cannot_reveal", f"{card} has no reveal marker or is already revealed.", card=card)
    if t in ("play", "general"):
        spec_id = card if t == "play" else GENERALS[a["command"]]["id"]
        if t == "play":
            m = COMMANDS[card]["markers"]
            if not m["action"]:
                return err("no_action_marker", f"{card} cannot be played in an Action.", card=card)
            if not action.reveal_ok(st, p["zone"][zone.index(card)]):
                return err("not_revealed", f"{card} must be revealed in an earlier turn.", card=card)
        unit_problem = _unit_problem(st, seat, a["uid"], spec_id)
        if unit_problem:
            return err(*unit_problem, uid=a["uid"])
        return err("bad_payment", "Pay exactly the cost with command cards from your hand.", cost=len(a["pay"]))
    if t in ("move", "skip", "heal"):
        if a["uid"] not in {b["uid"] for b in action.in_progress(st, seat)}:
            return err("no_command", f"{a['uid']} has no command in progress.", uid=a["uid"])
        if t == "move":
            return err("bad_path", "That move is not possible for this mobility.", uid=a["uid"])
        return err("wrong_phase", f"The next phase of {a['uid']}'s command is not that.", uid=a["uid"])
    if t == "attack":
        return err("bad_attack", "Each attacker must be at an engagement phase and reach the target.",
                   target=a["target"])
    if t == "defend":
        if a["uid"] != st["pending"]["target"]:
            return err("bad_target", "Only the attacked unit may receive a defence.", uid=a["uid"])
        if card != "general" and card not in zone:
            return err("not_in_zone", f"{card} is not in your command zone.", card=card)
        if len(a["pay"]) > len(hand_commands(st, seat)) or any(c not in p["hand"] for c in a["pay"]):
            return err("bad_payment", "Pay exactly the cost with command cards from your hand.", cost=len(a["pay"]))
        return err("bad_defence", "That defence is not possible for this unit now.", uid=a["uid"])
    if t == "declare":
        return err("bad_declare", "Declare 2 different basic actions.")
    return err("illegal", "That move is not legal now.")


def _unit_problem(st: dict, seat: int, uid: str, card: str) -> tuple | None:
    u = st["units"].get(uid)
    if u is None or u["seat"] != seat:
        return ("bad_unit", f"{uid} is not one of your units.")
    if u["acted_turn"] == st["turn"]:
        return ("unit_acted", f"{uid} already executed a command this turn.")
    if not executes(card, u["card"]):
        return ("wrong_unit", f"{uid} cannot execute {card}.")
    return None
