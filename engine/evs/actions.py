"""Who must act, what is legal, why an action is illegal, and carrying actions out.

Legal actions are generated per decision (``context``: the setup steps, the declaration,
Deploy / Action / Rally, or the kind of decision waiting in ``st["pending"]``) by the rules
modules' generators; ``is_legal`` only enumerates the candidates of the type asked about
(narrowed to its card, unit or target where a generator allows it): the same code decides
both, so the list is exact. After every move, ``_after`` settles the Action (ES-ENG-2,
ES-ACT-7) and ends a Deploy or Action in which nothing is possible any more (ES-ACT-9).
"""
from __future__ import annotations

from typing import Callable

from engine.base import IllegalAction, Prompt

from . import action, board, deploy, engage, morale, movement, placement, setup, standing, turn, vanguard
from .content import COMMANDS, GENERALS, UNITS, executes, pool
from .notation import format_action
from .state import basic, hand_commands, hand_units

Gen = Callable[[dict, int, dict], list[dict]]
DONE = {"type": "done"}

# The decision a seat faces (``context``) and the action types open in it, in the order
# ``legal_actions`` lists them; ``morale`` (a morale card in the own turn) only with the
# Morale expansion on.
TYPES: dict[str, tuple[str, ...]] = {
    "select": ("pick", "unpick"), "place": ("place",), "vanguard": ("vanguard", "pass"),
    "declare": ("declare",),
    "deploy": ("deploy", "stage", "clear", "dispatch", "morale", "done"),
    "action": ("reveal", "play", "general", "move", "heal", "skip", "attack", "morale", "done"),
    "rally": ("rally", "morale", "done"),
    # the decisions waiting in st["pending"] during a turn, by kind
    "defence": ("defend", "nodefend"), "penalty": ("penalty",), "flip": ("flip", "noflip"),
    "terrain": ("place",), "morale": ("morale", "nomorale"), "tokens": ("token",), "heal": ("heal",),
}
_TURN_PLAYS = ("deploy", "action", "rally")


def context(st: dict, seat: int) -> str | None:
    """The decision ``seat`` faces now (a key of ``TYPES``), or None."""
    if st["result"] is not None:
        return None
    phase = st["phase"]
    if phase == "turn":
        p = st["pending"]
        if p is not None:
            return p["kind"] if seat == p["seat"] else None
        if seat != st["active"]:
            return None
        b = basic(st)
        return "declare" if b is None else b
    if phase == "select":
        return "select"
    if phase == "terrain":
        return "place" if seat == st["pending"]["seat"] else None
    if phase == "vanguard":
        return "vanguard" if seat == st["vanguard"]["to_move"] else None
    return None


_TYPES_BASE = {k: tuple(x for x in v if x != "morale") if k in _TURN_PLAYS else v for k, v in TYPES.items()}


def types(st: dict, ctx: str) -> tuple[str, ...]:
    """The action types open in the decision ``ctx``."""
    return (TYPES if morale.on(st) else _TYPES_BASE)[ctx]


def _plays(st: dict, seat: int) -> list[dict]:
    return morale.turn_actions(st, seat) if morale.on(st) else []


def _deploy(st: dict, seat: int) -> list[dict]:
    return deploy.actions(st, seat) + _plays(st, seat) + [dict(DONE)]


def _rally(st: dict, seat: int) -> list[dict]:
    return morale.rally_actions(st, seat) + _plays(st, seat) + [dict(DONE)]


def _action(st: dict, seat: int) -> list[dict]:
    out = action.reveal_actions(st, seat) + action.play_actions(st, seat) + action.general_actions(st, seat)
    phases = action.phase_actions(st, seat)
    if phases:
        for t in ("move", "heal", "skip"):
            out += [a for a in phases if a["type"] == t]
    out += action.attack_options(st, seat)
    out += _plays(st, seat)
    out.append(dict(DONE))
    return out


_FULL: dict[str, Callable[[dict, int], list[dict]]] = {
    "select": setup.pick_actions,
    "place": placement.actions,
    "vanguard": vanguard.actions,
    "declare": lambda st, seat: turn.declare_options(st),
    "deploy": _deploy, "action": _action, "rally": _rally,
    "defence": lambda st, seat: engage.defence_options(st) + [{"type": "nodefend"}],
    "penalty": lambda st, seat: movement.penalty_actions(st),
    "flip": lambda st, seat: movement.flip_actions(st),
    "terrain": lambda st, seat: movement.place_actions(st),
    "morale": lambda st, seat: morale.offer_actions(st),
    "tokens": lambda st, seat: morale.token_actions(st),
    "heal": lambda st, seat: morale.heal_actions(st),
}

# is_legal: the candidates of one type, narrowed to the action's card / unit / target where the
# generator allows it (the same generators as legal_actions, so both always agree)
_ONE: dict[tuple[str, str], Gen] = {
    ("action", "reveal"): lambda st, seat, a: action.reveal_actions(st, seat),
    ("action", "play"): lambda st, seat, a: action.play_actions(st, seat, card=a.get("card"), uid=a.get("uid")),
    ("action", "general"): lambda st, seat, a: action.general_actions(st, seat, command=a.get("command"),
                                                                      uid=a.get("uid")),
    ("action", "move"): lambda st, seat, a: action.phase_actions(st, seat, uid=a.get("uid")),
    ("action", "heal"): lambda st, seat, a: action.phase_actions(st, seat, uid=a.get("uid")),
    ("action", "skip"): lambda st, seat, a: action.phase_actions(st, seat, uid=a.get("uid")),
    ("action", "attack"): lambda st, seat, a: action.attack_options(st, seat, target=a.get("target")),
    ("rally", "rally"): lambda st, seat, a: morale.rally_actions(st, seat, card=a.get("card")),
    **{("deploy", t): (lambda t: lambda st, seat, a: deploy.actions(st, seat, only=t))(t)
       for t in ("deploy", "stage", "clear", "dispatch")},
    **{(c, "morale"): lambda st, seat, a: morale.turn_actions(st, seat) for c in _TURN_PLAYS},
    **{(c, "done"): lambda st, seat, a: [DONE] for c in _TURN_PLAYS},
}


def legal_actions(st: dict, seat: int) -> list[dict]:
    ctx = context(st, seat)
    return _FULL[ctx](st, seat) if ctx is not None else []


def is_legal(st: dict, seat: int, a: dict) -> bool:
    if not isinstance(a, dict):
        return False
    ctx = context(st, seat)
    t = a.get("type")
    if ctx is None or t not in types(st, ctx):
        return False
    one = _ONE.get((ctx, t))
    return a in (one(st, seat, a) if one is not None else _FULL[ctx](st, seat))


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
        return [_pending_prompt(st, p)]
    b = basic(st)
    key = {None: "evs.prompt.declare", "deploy": "evs.prompt.deploy", "action": "evs.prompt.action",
           "rally": "evs.prompt.rally"}[b]
    return [Prompt(st["active"], "turn", key, {"turn": st["turn"]})]


def _pending_prompt(st: dict, p: dict) -> Prompt:
    seat, kind = p["seat"], p["kind"]
    how = "turn" if seat == st["active"] else "reaction"
    if kind == "defence":
        power, mor = engage.attack_power(st, p["target"], p["attackers"])
        u = st["units"][p["target"]]
        return Prompt(seat, "reaction", "evs.prompt.defend",
                      {"target": p["target"], "attackers": list(p["attackers"]), "power": power, "morale": mor,
                       "defence": engage.defender_power(st, p["target"], p["attackers"]),
                       "wounds": u["wounds"], "hp": UNITS[u["card"]]["hp"]})
    if kind == "penalty":
        return Prompt(seat, how, "evs.prompt.penalty",
                      {"uid": p["uid"], "cell": p["cells"][0], "options": ", ".join(movement.options(st))})
    if kind == "flip":
        return Prompt(seat, how, "evs.prompt.flip", {"uid": p["uid"]})
    if kind == "terrain":
        return Prompt(seat, how, "evs.prompt.place", {"card": p["card"]})
    if kind == "morale":
        return Prompt(seat, how, "evs.prompt.morale", {"cards": ", ".join(p["cards"])})
    if kind == "tokens":
        return Prompt(seat, how, "evs.prompt.tokens", {"owner": p["owner"], "n": p["n"]})
    return Prompt(seat, how, "evs.prompt.heal", {"n": p["n"]})


# --- carrying out ---------------------------------------------------------------------------

def execute(st: dict, seat: int, a: dict, events: list) -> None:
    """Carry out a legal action in place (may raise state.GameOver)."""
    t = a["type"]
    if t == "pick":
        setup.pick(st, seat, a["card"], events)
    elif t == "unpick":
        setup.unpick(st, seat, a["card"], events)
    elif t == "place":
        if st["phase"] == "terrain":
            placement.place(st, seat, a["card"], a["cell"], events)
        else:
            movement.place(st, seat, a["card"], a["cell"], events)
    elif t == "vanguard":
        vanguard.place(st, seat, a["unit"], a["cell"], events)
    elif t == "pass":
        vanguard.pass_(st, seat, events)
    elif t == "declare":
        turn.declare(st, seat, a["first"], a["second"], events)
    elif t == "deploy":
        deploy.deploy_unit(st, seat, a["unit"], a["cell"], events)
    elif t == "stage":
        deploy.stage(st, seat, a["card"], events, a.get("face_up", False))
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
        mp = action.move(st, seat, a["uid"], a["path"], events)
        if board.terrain_on(st):
            movement.start(st, seat, a["uid"], a["path"], mp, events)
    elif t == "skip":
        action.skip(st, seat, a["uid"], events)
    elif t == "heal":
        if st["pending"] is not None:
            morale.heal(st, seat, a["uid"], events)
        else:
            action.heal(st, seat, a["uid"], events)
    elif t == "attack":
        engage.declare(st, seat, a["target"], a["with"], events)
    elif t == "defend":
        engage.defend(st, seat, a["card"], a["pay"], events)
    elif t == "nodefend":
        engage.no_defence(st, seat, events)
    elif t == "penalty":
        movement.pay_penalty(st, seat, a["option"], a["pay"], events)
    elif t == "flip":
        movement.flip(st, seat, events)
    elif t == "noflip":
        movement.no_flip(st, seat, events)
    elif t == "morale":
        if st["pending"] is not None:
            morale.play_offered(st, seat, a["card"], events)
        else:
            morale.play(st, seat, a["card"], events)
    elif t == "nomorale":
        morale.decline(st, seat, events)
    elif t == "token":
        morale.token(st, seat, a["slot"], events)
    elif t == "rally":
        morale.rally(st, seat, a["card"], a["pay"], events)
    else:  # pragma: no cover - legal actions are exhaustive
        raise AssertionError(t)
    settle_after(st, events)


def settle_after(st: dict, events: list) -> None:
    """What follows every move: ``_after``, and a defence window answered at once by the
    defender's standing order (engine/evs/standing.py)."""
    _after(st, events)
    while standing.carry_out(st, events):
        _after(st, events)


def _has_ops(st: dict, b: str) -> bool:
    seat = st["active"]
    if b == "deploy":
        ok = deploy.has_actions(st, seat)
    elif b == "rally":
        ok = morale.can_rally(st, seat)
    else:
        ok = action.has_actions(st, seat)
    return ok or (morale.on(st) and bool(morale.turn_actions(st, seat)))


def _after(st: dict, events: list) -> None:
    """After each move: open a queued morale offer at once (ES-MX-8a: before any decision the
    move left open, which waits in ``st["suspended"]``), take up a suspended decision again,
    settle the Action (ES-ENG-2, ES-ACT-7), end a Deploy, Action or Rally in which nothing is
    possible any more (ES-ACT-9), until a decision is due."""
    while st["phase"] == "turn":
        p = st["pending"]
        if p is not None:
            if p["kind"] != "morale" and st.get("offers") and morale.offer_due(st):
                morale.open_offer(st)
            elif p["kind"] == "penalty" and movement.forced(st):
                movement.advance(st, events)  # a step paid without asking, after the offer
                continue
            return
        if st.get("offers") and morale.open_offer(st):
            return
        if morale.resume(st):
            continue
        b = basic(st)
        if b == "action":
            action.settle(st, events)
        if b in ("deploy", "action", "rally") and not _has_ops(st, b):
            turn.done(st, events)
            continue
        return


# --- diagnosis ------------------------------------------------------------------------------

def diagnose(st: dict, seat: int, a: dict) -> IllegalAction:
    """The most specific reason why the (well-formed) action ``a`` is illegal now."""
    legal = [format_action(x) for x in legal_actions(st, seat)[:60]]

    def err(code: str, msg: str, **params: object) -> IllegalAction:
        return IllegalAction(f"evs.err.{code}", msg, legal=legal, **params)

    if st["result"] is not None:
        return err("game_over", "The game is over.")
    ctx = context(st, seat)
    if ctx is None:
        return err("not_your_turn", "There is nothing for this seat to decide now.", seat=seat)
    t = a["type"]
    if t not in types(st, ctx):
        return err("wrong_time", f"'{t}' is not possible now.", verb=t)
    reason = _decision_reason(st, seat, a, err) or _command_reason(st, seat, a, err)
    return reason or err("illegal", "That move is not legal now.")


Err = Callable[..., IllegalAction]


def _decision_reason(st: dict, seat: int, a: dict, err: Err) -> IllegalAction | None:
    """``diagnose`` for the setup picks and placements and the single decisions (penalty,
    token, heal, morale card, Rally); None for the command zone's actions."""
    t = a["type"]
    card = a.get("card")
    pending = st["pending"]["kind"] if st["phase"] == "turn" and st["pending"] is not None else None
    if t == "penalty":
        return err("bad_penalty", "Pay the terrain penalty: 1 extra mobility point if the move has one left, "
                   "1 command card from your hand, or shake 1.", option=a["option"])
    if t == "token":
        return err("bad_slot", f"Slot {a['slot']} of that command zone cannot take the token change.", slot=a["slot"])
    if t == "heal" and pending == "heal":
        return err("bad_unit", f"{a['uid']} is not one of your wounded units.", uid=a["uid"])
    if t == "morale":
        return err("cannot_play_morale", f"{card} cannot be played now: a face-up card of your morale zone whose "
                   "conditions hold, right after drawing it or in your turn with Action declared.", card=card)
    if t == "rally":
        if card not in morale.rally_targets(st, seat):
            return err("bad_rally", f"{card} is not one of your debuffs in the opponent's morale zone.", card=card)
        return err("bad_payment", "Pay exactly the cost with command cards from your hand.", cost=len(a["pay"]))
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
    return None


def _command_reason(st: dict, seat: int, a: dict, err: Err) -> IllegalAction | None:
    """``diagnose`` for the command zone's actions: dispatch, reveal, play and general
    commands, their phases, attacks, defences, the declaration."""
    t = a["type"]
    card = a.get("card")
    p = st["players"][seat]
    zone = [e["card"] for e in p["zone"]]
    if t in ("clear", "dispatch", "reveal", "play") and card not in zone:
        return err("not_in_zone", f"{card} is not in your command zone.", card=card)
    if t == "dispatch":
        return err("cannot_dispatch", f"{card} cannot gain a token now.", card=card)
    if t == "reveal":
        return err("cannot_reveal", f"{card} has no reveal marker or is already revealed.", card=card)
    if t in ("play", "general"):
        spec_id = a["card"] if t == "play" else GENERALS[a["command"]]["id"]
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
    return None


def _unit_problem(st: dict, seat: int, uid: str, card: str) -> tuple | None:
    u = st["units"].get(uid)
    if u is None or u["seat"] != seat:
        return ("bad_unit", f"{uid} is not one of your units.")
    if u["acted_turn"] == st["turn"]:
        return ("unit_acted", f"{uid} already executed a command this turn.")
    if not executes(card, u["card"]):
        return ("wrong_unit", f"{uid} cannot execute {card}.")
    return None
