"""Empire vs Steppe: the morale track and the Morale expansion (ES-MOR, ES-MX, ES-END-5), as
pure functions on the ``st["morale"]`` sub-dict. Rules: docs/rules/empire-vs-steppe.md;
conventions: docs/evs-engine.md. Every catalog key this module emits (``evs.err.morale_*``,
``evs.ev.morale_*``) is in ``locales/evs_morale.json``; the cards are ``data/morale.json``.

The ``morale`` dict (JSON-compatible; seats are 0 and 1)::

    {
      "expansion": bool,                # Morale expansion on (ES-MX) or base game (ES-MX-17)
      "factions": ["empire", "steppe"], # faction by seat (a copy of st["factions"])
      "seats": [                        # by seat
        {"marker": int,                 # the one morale marker (ES-MOR-1), 0..collapse
         "track": {"start": 0, "collapse": 12, "draw": [3, 6, 9]},   # ES-MOR-4 / ES-AMB-34
         "zone": [                      # the morale zone, in drawing order (ES-MX-4)
           {"card": id,
            "side": "own_buff" | "enemy_debuff",   # own faction's buff or opponent's debuff
            "state": "up" | "tapped" | "flipped",  # face-up, tapped ongoing, flipped once
            "pile": seat,               # the pile it was drawn from (always this seat's side)
            "played": serial | None}]}, # turn serial it was last played in, None if face-up
        {...}],
      "piles": [[ids], [ids]],          # piles[s]: the face-down pile on seat s's side, top
                                        # first: s's faction buffs + the opponent's debuffs
                                        # (ES-MX-3); [] in the base game
      "turn": {"serial": int,           # +1 by each start_turn; 0 before the first turn
               "active": seat | None,   # whose turn it is (set by start_turn)
               "checked": [bool, bool]},# per shaken seat: collapse check made this turn
      "just_drawn": {"seat": s, "cards": [ids]} | None,   # the last shake's draws not yet
                                        # played (ES-MX-8a offer); cleared by start_turn
    }

Everything is public except the order and contents of the piles (only their sizes).

Effects (``card["effect"]``, a closed list; "the faction" is the card's own faction,
本阵营 in ES-MX-1, whoever holds or plays the card; a buff helps it, a debuff hurts it):

- modifiers, read by the core through the query functions below while the card is active:
  an ongoing card is active while tapped, i.e. from being played until it untaps at the
  start of its holder's next turn (ES-MX-11/12, ES-AMB-50); a once card with a modifier is
  active until the end of the turn it was played in (the card is flipped, ES-MX-10).
  - ``{"type": "power", "n": N, "scope": "engage"|"defend"|"all"}``: ``power_modifier``.
    engage: N is added once to the total power of each attack the faction declares (the
    attacking side's sum, ES-ENG-3/4, not once per participant); defend: N is added to the
    defender's power (ES-ENG-7) in each attack on one of the faction's units, card or not;
    all: both. The core applies the floor at 0 (ES-ENG-14) after adding.
  - ``{"type": "morale_effect", "n": N}``: ``morale_effect_modifier``; added once to the
    summed morale effect of each attack the faction declares (ES-ENG-3/4/11), floor 0.
    It does not change the step-6 shake (ES-ENG-8/9) nor a defence card's morale icons.
  - ``{"type": "mobility", "n": N}``: ``mobility_modifier``; added to the N of each mobility
    effect (ES-KW-13, general move included) the faction's units execute, floor 0.
  - ``{"type": "cost", "n": N}``: ``cost_modifier``; added to the cost of every command the
    faction pays for (command card, general command, defence; ES-ACT-3/5, ES-DEF-3), floor
    0. Not Rally and not the terrain penalty.
- instant effects, done by ``play`` (once cards only):
  - ``{"type": "steady", "n": N}`` (buff): the faction's marker moves back N squares (to 0 at
    least); no draws (ES-AMB-47: backward moves never draw).
  - ``{"type": "shake", "n": N}`` (debuff): the faction shakes N, a full ``shake`` with its
    draws and collapse check; its loss reason and losing seat are returned by ``play``.
  - ``{"type": "tokens", "n": N}``: for the core, returned by ``play`` as a directive:
    N > 0 (buff): the faction's player puts N tokens on one card of their own command zone
    of their choice (nothing if it is empty); N < 0 (debuff): the player who played the card
    removes up to -N tokens from one card of the faction's command zone of their choice.
  - ``{"type": "heal", "n": N}`` (buff): for the core: the faction's player removes up to N
    wound markers from one of their units on the battlefield (nothing if none is wounded).

Play conditions (``card["conditions"]``, all must hold; a closed list):
``{"type": "marker_at_least"|"marker_at_most", "whose": "faction"|"player", "n": N}``
(the marker of the card's faction, or of the player playing it) and ``{"type": "own_turn"}``
(only in the turn of the player playing it, so never right after a draw in the opponent's
turn).

What the core does: calls ``setup`` (ES-SET-1 step 5), ``start_turn`` at each turn start,
``shake`` for every shake (damage, destruction, morale effects, terrain penalty: forced or
chosen, ES-MOR-3) and ends the game with the returned reason (ES-END-3/5); offers
``playable`` cards (decision points 12 and 13); for Rally it lets the player pick one of
``rally_targets``, makes them pay ``rally_cost`` command cards from hand into their discard
pile (ES-GEN-9, ES-AMB-14; paying is the core's job) and then calls ``rally_remove`` with the
count paid; it reads the modifiers through ``power_modifier`` & co. and applies the
directives ``play`` returns. With the expansion on, ``morale["seats"][s]["marker"]`` is the
marker's truth; ``shake_state(st, seat, n, events)`` is the whole-state form of ``shake``
for engine/evs/track.py (it mirrors ``markers(morale)`` into ``st["track"]`` and returns the
losing seat). This module imports only engine.base and engine.rng.
"""
from __future__ import annotations

import copy
import json
import os
import re
from functools import lru_cache

from engine.base import Event, IllegalAction
from engine.rng import shuffle

DATA = os.path.join(os.path.dirname(__file__), "data", "morale.json")
FACTIONS = ("empire", "steppe")
KINDS = ("buff", "debuff")
DURATIONS = ("once", "ongoing")
SCOPES = ("engage", "defend", "all")
MODIFIERS = ("power", "morale_effect", "mobility", "cost")
INSTANTS = ("steady", "shake", "tokens", "heal")
EFFECT_KEYS = {"power": {"type", "n", "scope"}, **{t: {"type", "n"} for t in MODIFIERS[1:] + INSTANTS}}
# the sign of n for a buff (it helps the faction); a debuff has the opposite sign
BUFF_SIGN = {"power": 1, "morale_effect": 1, "mobility": 1, "cost": -1, "steady": 1, "shake": -1,
             "tokens": 1, "heal": 1}
ONLY = {"steady": "buff", "heal": "buff", "shake": "debuff"}
CONDITIONS = ("marker_at_least", "marker_at_most", "own_turn")
CARD_KEYS = {"id", "faction", "kind", "duration", "value", "effect", "name", "text"}
OPTIONAL_KEYS = {"conditions"}
LOCALES = ("en", "zh-CN")
MAX_VALUE = 5
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")

DEFAULT_TRACK = {"start": 0, "collapse": 12, "draw": [3, 6, 9]}  # ES-MOR-4, ES-AMB-34
COLLAPSE_DEBUFFS = 3  # ES-MX-16
LOSS_REASON = "morale_collapse"  # ES-END-2 (base game) and ES-MX-16 (expansion)
BASE_ACTIONS = ("deploy", "action", "recall")


class MoraleContentError(ValueError):
    """data/morale.json (or a track) breaks the format or the rules' constraints."""


# ---------------------------------------------------------------- content

def _check(cond: object, msg: str) -> None:
    if not cond:
        raise MoraleContentError(msg)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_texts(obj: object, where: str) -> None:
    _check(isinstance(obj, dict) and set(obj) == set(LOCALES), f"{where}: needs exactly en and zh-CN")
    for loc in LOCALES:
        _check(isinstance(obj[loc], str) and obj[loc].strip(), f"{where}: empty {loc}")


def validate_card(card: object) -> None:
    """One card's format and the effect's closed semantics; raises MoraleContentError."""
    _check(isinstance(card, dict), f"card is not an object: {card!r}")
    where = f"morale card {card.get('id')!r}"
    keys = set(card)
    _check(CARD_KEYS <= keys, f"{where}: missing {sorted(CARD_KEYS - keys)}")
    _check(keys <= CARD_KEYS | OPTIONAL_KEYS, f"{where}: unknown keys {sorted(keys - CARD_KEYS - OPTIONAL_KEYS)}")
    _check(isinstance(card["id"], str) and ID_RE.match(card["id"]), f"{where}: id must be snake case")
    _check(card["faction"] in FACTIONS, f"{where}: unknown faction {card['faction']!r}")
    _check(card["kind"] in KINDS, f"{where}: kind must be buff or debuff")
    _check(card["duration"] in DURATIONS, f"{where}: duration must be once or ongoing")
    _check(_is_int(card["value"]) and 0 <= card["value"] <= MAX_VALUE, f"{where}: value must be 0..{MAX_VALUE}")
    _check_texts(card["name"], f"{where} name")
    _check_texts(card["text"], f"{where} text")
    effect = card["effect"]
    _check(isinstance(effect, dict) and effect.get("type") in EFFECT_KEYS,
           f"{where}: unknown effect {effect!r}")
    kind = effect["type"]
    _check(set(effect) == EFFECT_KEYS[kind], f"{where}: effect {kind} takes keys {sorted(EFFECT_KEYS[kind])}")
    n = effect["n"]
    _check(_is_int(n) and n != 0 and abs(n) <= 3, f"{where}: effect n must be a non-zero integer, |n| <= 3")
    sign = BUFF_SIGN[kind] * (1 if card["kind"] == "buff" else -1)
    _check(n * sign > 0, f"{where}: a {card['kind']} must {'help' if card['kind'] == 'buff' else 'hurt'} "
                         f"its faction (sign of n)")
    _check(ONLY.get(kind, card["kind"]) == card["kind"], f"{where}: {kind} is only for {ONLY.get(kind)} cards")
    if kind == "power":
        _check(effect["scope"] in SCOPES, f"{where}: power scope must be one of {SCOPES}")
    if card["duration"] == "ongoing":
        _check(kind in MODIFIERS, f"{where}: an ongoing card needs a lasting effect {MODIFIERS}")
    conditions = card.get("conditions", [])
    _check(isinstance(conditions, list), f"{where}: conditions must be a list")
    for cond in conditions:
        _check(isinstance(cond, dict) and cond.get("type") in CONDITIONS, f"{where}: unknown condition {cond!r}")
        if cond["type"] == "own_turn":
            _check(set(cond) == {"type"}, f"{where}: own_turn takes no parameters")
        else:
            _check(set(cond) == {"type", "whose", "n"}, f"{where}: {cond['type']} takes whose and n")
            _check(cond["whose"] in ("faction", "player"), f"{where}: whose must be faction or player")
            _check(_is_int(cond["n"]) and 0 <= cond["n"] <= DEFAULT_TRACK["collapse"], f"{where}: bad n")


def validate(cards: object) -> dict[str, dict]:
    """The whole file: a list of cards with unique ids; returns them by id, in file order."""
    _check(isinstance(cards, list) and cards, "morale.json must be a non-empty list of cards")
    out: dict[str, dict] = {}
    for card in cards:
        validate_card(card)
        _check(card["id"] not in out, f"duplicate morale card id {card['id']}")
        out[card["id"]] = card
    for faction in FACTIONS:
        for kind in KINDS:
            _check(any(c["faction"] == faction and c["kind"] == kind for c in out.values()),
                   f"{faction} needs {kind} morale cards (ES-MX-2)")
    return out


def load(path: str | None = None) -> dict[str, dict]:
    """Read and validate ``data/morale.json`` (or ``path``); cards by id. Fails on unknown keys,
    types, values, effect semantics and conditions (MoraleContentError)."""
    if path is None:
        return copy.deepcopy(_default())
    with open(path, encoding="utf-8") as f:
        return validate(json.load(f))


@lru_cache(maxsize=1)
def _default() -> dict[str, dict]:
    with open(DATA, encoding="utf-8") as f:
        return validate(json.load(f))


def card(card_id: str) -> dict:
    """The (validated, shared: do not mutate) card with this id."""
    return _default()[card_id]


def validate_track(track: dict) -> dict:
    """A player board's track: ``{"start", "collapse", "draw": [...]}`` (``"length"`` allowed,
    as in factions.json); draw squares strictly increasing, above 0, below the collapse square
    (ES-AMB-34: the collapse square is not a draw square)."""
    _check(isinstance(track, dict), "track must be an object")
    keys = set(track)
    _check({"start", "collapse", "draw"} <= keys <= {"start", "collapse", "draw", "length"},
           f"track keys: {sorted(keys)}")
    start, collapse, draw = track["start"], track["collapse"], track["draw"]
    _check(_is_int(collapse) and collapse >= 1, "track collapse must be a positive integer")
    _check(_is_int(start) and 0 <= start < collapse, "track start must be in 0..collapse-1")
    if "length" in track:
        _check(_is_int(track["length"]) and track["length"] >= collapse, "track length below collapse")
    _check(isinstance(draw, list) and all(_is_int(d) and 0 < d < collapse for d in draw)
           and draw == sorted(set(draw)), "track draw squares must rise strictly within 1..collapse-1")
    return {"start": start, "collapse": collapse, "draw": list(draw)}


# ---------------------------------------------------------------- setup and turns

def basic_actions(expansion: bool) -> tuple[str, ...]:
    """The basic actions a turn chooses 2 of (ES-TURN-3): Rally is the fourth with the Morale
    expansion (ES-MX-13) and absent without it (ES-MX-17)."""
    return BASE_ACTIONS + ("rally",) if expansion else BASE_ACTIONS


def setup(rng: dict, factions: list[str], *, expansion: bool = True, tracks: list[dict] | None = None) -> dict:
    """The morale sub-dict at setup: each marker on its start square (ES-MOR-1/4, ES-SET-1
    step 1) and, with the expansion, the two shuffled piles (ES-MX-3: each seat's pile holds
    its own faction's buffs and the opponent's debuffs; seat 0's pile is shuffled first).
    ``tracks``: per seat, e.g. from factions.json; default ES-AMB-34 (0..12, 3/6/9)."""
    _check(sorted(factions) == sorted(FACTIONS), f"factions must be {FACTIONS} in some order")
    tracks = [validate_track(t) for t in (tracks or [DEFAULT_TRACK, DEFAULT_TRACK])]
    _check(len(tracks) == 2, "one track per seat")
    cards = _default()
    piles: list[list[str]] = [[], []]
    if expansion:
        for s in (0, 1):
            mine, theirs = factions[s], factions[1 - s]
            piles[s] = [c["id"] for c in cards.values() if (c["faction"], c["kind"]) in
                        ((mine, "buff"), (theirs, "debuff"))]
            shuffle(rng, piles[s])
    return {
        "expansion": bool(expansion),
        "factions": list(factions),
        "seats": [{"marker": tracks[s]["start"], "track": tracks[s], "zone": []} for s in (0, 1)],
        "piles": piles,
        "turn": {"serial": 0, "active": None, "checked": [False, False]},
        "just_drawn": None,
    }


def start_turn(morale: dict, seat: int, events: list | None = None) -> None:
    """Start of ``seat``'s turn (ES-TURN-2): a new turn serial, the per-turn collapse-check
    flags of both seats cleared (ES-AMB-52), the just-drawn offer dropped, and ``seat``'s
    tapped ongoing cards untapped (ES-MX-12), which ends their effects."""
    turn = morale["turn"]
    turn["serial"] += 1
    turn["active"] = seat
    turn["checked"] = [False, False]
    morale["just_drawn"] = None
    for entry in morale["seats"][seat]["zone"]:
        if entry["state"] == "tapped":
            entry["state"] = "up"
            entry["played"] = None
            if events is not None:
                events.append(Event("morale_untap", {"seat": seat, "card": entry["card"]}))


# ---------------------------------------------------------------- shakes and draws

def faction_seat(morale: dict, faction: str) -> int:
    return morale["factions"].index(faction)


def debuffs_against(morale: dict, seat: int) -> list[str]:
    """``seat``'s own faction's debuffs in the opponent's morale zone, whatever their state
    (ES-MX-14, ES-MX-16)."""
    return [e["card"] for e in morale["seats"][1 - seat]["zone"] if e["side"] == "enemy_debuff"]


def draw_squares_crossed(track: dict, start: int, n: int) -> list[int]:
    """The draw squares in (start, min(start + n, collapse)] (ES-MX-5, ES-AMB-47)."""
    end = min(start + n, track["collapse"])
    return [d for d in track["draw"] if start < d <= end]


def _move_back(morale: dict, seat: int, n: int) -> tuple[int, int]:
    side = morale["seats"][seat]
    start = side["marker"]
    side["marker"] = max(0, start - n)
    return start, side["marker"]


def shake(morale: dict, rng: dict | None, seat: int, n: int, events: list, *, active_seat: int) -> str | None:
    """``seat`` shakes ``n`` (ES-MOR-2/3), forced or chosen alike. Returns ``"morale_collapse"``
    when ``seat`` loses (the core ends the game at once, ES-END-3/5), else None.

    Base game: the marker moves n forward, capped at the collapse square; reaching it loses
    (ES-MOR-5, ES-END-2). Expansion (ES-AMB-47/48/52):

    1. If the marker is below collapse, it moves the full distance first, capped at collapse,
       and one draw is due per draw square in (start, end] (ES-MX-5); the collapse square
       never draws by being reached. If it is already on collapse, it does not move and
       exactly one draw is due, whatever n is (ES-MX-7).
    2. For each draw due: at the first draw due from ``seat``'s shakes this turn, the collapse
       check counts ``seat``'s debuffs in the opponent's zone before anything is placed,
       even if the pile is empty; 3 or more loses at once (ES-MX-16). Then the opponent takes
       the top card of the pile on their side, shows it and places it face-up in their zone,
       and ``seat``'s marker moves back by its value (ES-MX-6, ES-AMB-46); an empty pile
       means no draw and no move back.

    n <= 0 is no shake. ``active_seat``: whose turn it is; it must be the seat start_turn
    opened the turn for (the per-turn flags belong to that turn). ``rng`` is not used
    (the piles were shuffled at setup, drawing takes the top card); it is taken so that
    every call that may draw has the same shape. The cards drawn are recorded in
    ``morale["just_drawn"]`` (replacing the previous shake's record) so the core can offer
    them once the shake has resolved (ES-MX-8a: all draws of one shake come first,
    ES-AMB-47, then the drawer may play any of them)."""
    if n <= 0:
        return None
    if morale["turn"]["active"] != active_seat:
        raise ValueError(f"shake during seat {active_seat}'s turn, but start_turn opened "
                         f"seat {morale['turn']['active']}'s")
    side = morale["seats"][seat]
    track = side["track"]
    collapse = track["collapse"]
    start = side["marker"]
    if not morale["expansion"]:
        side["marker"] = min(start + n, collapse)
        events.append(Event("morale_shake", {"seat": seat, "n": n, "start": start, "end": side["marker"]}))
        if side["marker"] >= collapse:
            events.append(Event("morale_broken", {"seat": seat}))
            return LOSS_REASON
        return None
    if start >= collapse:
        due = 1
        events.append(Event("morale_shake_at_collapse", {"seat": seat, "n": n}))
    else:
        due = len(draw_squares_crossed(track, start, n))
        side["marker"] = min(start + n, collapse)
        events.append(Event("morale_shake", {"seat": seat, "n": n, "start": start, "end": side["marker"]}))
    drawer = 1 - seat
    morale["just_drawn"] = None
    for _ in range(due):
        if not morale["turn"]["checked"][seat]:
            morale["turn"]["checked"][seat] = True
            count = len(debuffs_against(morale, seat))
            if count >= COLLAPSE_DEBUFFS:
                events.append(Event("morale_collapse", {"seat": seat, "debuffs": count}))
                return LOSS_REASON
            events.append(Event("morale_collapse_check", {"seat": seat, "debuffs": count}))
        pile = morale["piles"][drawer]
        if not pile:
            events.append(Event("morale_pile_empty", {"seat": drawer, "shaken": seat}))
            continue
        card_id = pile.pop(0)
        data = card(card_id)
        own = data["faction"] == morale["factions"][drawer]
        morale["seats"][drawer]["zone"].append({"card": card_id, "side": "own_buff" if own else "enemy_debuff",
                                                "state": "up", "pile": drawer, "played": None})
        if morale["just_drawn"] is None:
            morale["just_drawn"] = {"seat": drawer, "cards": []}
        morale["just_drawn"]["cards"].append(card_id)
        events.append(Event("morale_draw", {"seat": drawer, "card": card_id, "shaken": seat}))
        before, after = _move_back(morale, seat, data["value"])
        events.append(Event("morale_back", {"seat": seat, "card": card_id, "value": data["value"],
                                            "start": before, "end": after}))
    return None


# ---------------------------------------------------------------- playing cards

def _entry(morale: dict, seat: int, card_id: str) -> dict | None:
    for entry in morale["seats"][seat]["zone"]:
        if entry["card"] == card_id:
            return entry
    return None


def conditions_met(morale: dict, seat: int, card_id: str) -> bool:
    """The card's own play conditions, for ``seat`` playing it (ES-MX-8: "in both cases")."""
    data = card(card_id)
    for cond in data.get("conditions", []):
        if cond["type"] == "own_turn":
            if morale["turn"]["active"] != seat:
                return False
            continue
        whose = faction_seat(morale, data["faction"]) if cond["whose"] == "faction" else seat
        marker = morale["seats"][whose]["marker"]
        if cond["type"] == "marker_at_least" and marker < cond["n"]:
            return False
        if cond["type"] == "marker_at_most" and marker > cond["n"]:
            return False
    return True


def _timing_ok(morale: dict, seat: int, card_id: str, declared_action: bool, just_drawn: str | None) -> bool:
    # ES-MX-8 (a): right after drawing it; (b): any moment of the own turn with Action declared.
    drawn = morale.get("just_drawn")
    if just_drawn == card_id and drawn and drawn["seat"] == seat and card_id in drawn["cards"]:
        return True
    return bool(declared_action) and morale["turn"]["active"] == seat


def playable(morale: dict, seat: int, *, declared_action: bool, just_drawn: str | None = None) -> list[str]:
    """The morale cards ``seat`` may play now, in zone order (ES-MX-8, ES-AMB-49/50): face-up
    cards of its own zone (tapped and flipped ones cannot be played, ES-MX-10/11) whose
    conditions hold, if either ``seat`` is the active player and declared Action this turn
    (``declared_action``; ignored for the other seat: never at other times of the
    opponent's turn), or the card is ``just_drawn`` (a card id the last shake drew for
    ``seat``, still in ``morale["just_drawn"]``)."""
    if not morale["expansion"]:
        return []
    return [e["card"] for e in morale["seats"][seat]["zone"]
            if e["state"] == "up" and _timing_ok(morale, seat, e["card"], declared_action, just_drawn)
            and conditions_met(morale, seat, e["card"])]


def play(morale: dict, seat: int, card_id: str, events: list, *, declared_action: bool | None = None,
         just_drawn: str | None = None) -> dict:
    """``seat`` plays ``card_id`` from its morale zone; it takes effect at once, in play order
    (ES-MX-9), then a once card is flipped (ES-MX-10), an ongoing one tapped (ES-MX-11).

    Checks: the card is in ``seat``'s zone, face-up, its conditions hold; the timing
    (ES-MX-8) too when ``declared_action`` is given (with ``just_drawn`` as for
    ``playable``); None means the caller checked it with ``playable``.

    Returns ``{"lost": reason | None, "loser": seat | None, "apply": directive | None}``:
    ``lost``/``loser`` when the card's shake made its faction's seat lose (ES-MX-16; the core
    ends the game at once, ES-END-3), ``apply`` what the core must
    do for a tokens or heal effect: ``{"type": "tokens"|"heal", "seat": the faction's seat,
    "n": N, "chooser": seat}`` (see the module docstring)."""
    entry = _entry(morale, seat, card_id)
    if entry is None or not morale["expansion"]:
        raise IllegalAction("evs.err.morale_not_in_zone", f"{card_id} is not in your morale zone", card=card_id)
    if entry["state"] != "up":
        raise IllegalAction("evs.err.morale_card_used", f"{card_id} is {entry['state']}", card=card_id)
    if declared_action is not None and not _timing_ok(morale, seat, card_id, declared_action, just_drawn):
        raise IllegalAction("evs.err.morale_timing", "morale cards can be played only right after drawing "
                            "them or in your own turn with Action declared", card=card_id)
    if not conditions_met(morale, seat, card_id):
        raise IllegalAction("evs.err.morale_condition", f"{card_id}'s conditions are not met", card=card_id)
    data = card(card_id)
    effect = data["effect"]
    target = faction_seat(morale, data["faction"])
    events.append(Event("morale_play", {"seat": seat, "card": card_id}))
    drawn = morale.get("just_drawn")
    if drawn and drawn["seat"] == seat and card_id in drawn["cards"]:
        drawn["cards"].remove(card_id)
    result: dict = {"lost": None, "loser": None, "apply": None}
    kind, n = effect["type"], effect["n"]
    if kind == "steady":
        start, end = _move_back(morale, target, n)
        events.append(Event("morale_steady", {"seat": target, "n": n, "start": start, "end": end}))
    elif kind == "shake":
        result["lost"] = shake(morale, None, target, n, events, active_seat=morale["turn"]["active"])
        result["loser"] = target if result["lost"] else None
    elif kind == "tokens":
        chooser = target if n > 0 else seat
        result["apply"] = {"type": "tokens", "seat": target, "n": n, "chooser": chooser}
        if n > 0:
            events.append(Event("morale_tokens_gain", {"seat": target, "n": n}))
        else:
            events.append(Event("morale_tokens_loss", {"seat": target, "n": -n, "by": seat}))
    elif kind == "heal":
        result["apply"] = {"type": "heal", "seat": target, "n": n, "chooser": target}
        events.append(Event("morale_heal", {"seat": target, "n": n}))
    # ES-MX-10/11: flipped or tapped after it takes effect (a card Rally removed meanwhile
    # cannot be, since Rally is the core's own basic action, never inside an effect)
    entry["state"] = "flipped" if data["duration"] == "once" else "tapped"
    entry["played"] = morale["turn"]["serial"]
    return result


# ---------------------------------------------------------------- Rally

def rally_targets(morale: dict, seat: int) -> list[str]:
    """The cards one Rally operation of ``seat`` may remove: its own faction's debuffs in the
    opponent's zone, face-up, tapped or flipped (ES-MX-14, ES-AMB-50)."""
    return debuffs_against(morale, seat) if morale["expansion"] else []


def rally_cost(morale: dict, seat: int) -> int:
    """The cost of the next Rally operation: the number of those debuffs now (ES-MX-14)."""
    return len(rally_targets(morale, seat))


def rally_costs(morale: dict, seat: int) -> list[int]:
    """The successive costs of removing all of them in one Rally, recalculated after each
    removal (ES-MX-15, ES-EX-8): [k, k-1, ..., 1]; the total to remove j is the sum of the
    first j. Empty when there is nothing to remove."""
    k = rally_cost(morale, seat)
    return list(range(k, 0, -1))


def rally_remove(morale: dict, seat: int, card_id: str, events: list, *, paid: int | None = None) -> int:
    """One Rally operation (ES-MX-14): ``card_id``, one of ``rally_targets``, goes to the bottom
    of the pile it was drawn from, the pile on the opponent's side (ES-AMB-51), leaving its
    state behind. The core has already made ``seat`` pay ``rally_cost`` command cards from hand
    (ES-GEN-9) and passes that count as ``paid``; a different count is refused. Returns the
    cost of this operation. A removed active card stops having effect."""
    if card_id not in rally_targets(morale, seat):
        raise IllegalAction("evs.err.morale_rally_target", f"{card_id} is not one of your debuffs in the "
                            "opponent's morale zone", legal=rally_targets(morale, seat), card=card_id)
    cost = rally_cost(morale, seat)
    if paid is not None and paid != cost:
        raise IllegalAction("evs.err.morale_rally_cost", f"this Rally costs {cost}, not {paid}",
                            cost=cost, paid=paid)
    zone = morale["seats"][1 - seat]["zone"]
    entry = _entry(morale, 1 - seat, card_id)
    zone.remove(entry)
    morale["piles"][entry["pile"]].append(card_id)
    drawn = morale.get("just_drawn")
    if drawn and card_id in drawn["cards"]:
        drawn["cards"].remove(card_id)
    events.append(Event("morale_rally", {"seat": seat, "card": card_id, "cost": cost}))
    return cost


# ---------------------------------------------------------------- queries for the core

def active_effects(morale: dict) -> list[dict]:
    """Every modifier in force: ``{"card", "holder", "seat": the faction's seat, "effect",
    "until": "untap"|"turn_end"}`` (ongoing tapped cards; once cards played this turn)."""
    out = []
    serial = morale["turn"]["serial"]
    for holder, side in enumerate(morale["seats"]):
        for entry in side["zone"]:
            data = card(entry["card"])
            if data["effect"]["type"] not in MODIFIERS:
                continue
            if entry["state"] == "tapped":
                until = "untap"
            elif entry["state"] == "flipped" and entry["played"] == serial:
                until = "turn_end"
            else:
                continue
            out.append({"card": entry["card"], "holder": holder, "seat": faction_seat(morale, data["faction"]),
                        "effect": data["effect"], "until": until})
    return out


def _sum(morale: dict, seat: int, kind: str, scopes: tuple[str, ...] = ()) -> int:
    """The sum of the ``kind`` modifiers of ``active_effects`` for ``seat``'s faction (a fast
    form of it: this is asked for every cost, mobility and power the core computes)."""
    serial = morale["turn"]["serial"]
    cards = _default()
    faction = morale["factions"][seat]
    total = 0
    for side in morale["seats"]:
        for entry in side["zone"]:
            state = entry["state"]
            if state == "tapped" or (state == "flipped" and entry["played"] == serial):
                data = cards[entry["card"]]
                effect = data["effect"]
                if (effect["type"] == kind and data["faction"] == faction
                        and (not scopes or effect.get("scope") in scopes)):
                    total += effect["n"]
    return total


def power_modifier(morale: dict, seat: int, context: str) -> int:
    """The morale cards' power modifier for ``seat``'s side: ``context`` "engage" (added once
    to the total power of each attack ``seat`` declares) or "defend" (added to the
    defender's power of each attack on a unit of ``seat``). The core floors the final power
    at 0 (ES-ENG-14)."""
    if context not in ("engage", "defend"):
        raise ValueError(f"context must be engage or defend, not {context!r}")
    return _sum(morale, seat, "power", (context, "all"))


def defence_modifier(morale: dict, seat: int) -> int:
    """``power_modifier(morale, seat, "defend")``."""
    return power_modifier(morale, seat, "defend")


def morale_effect_modifier(morale: dict, seat: int) -> int:
    """Added once to the summed morale effect of each attack ``seat`` declares (floor 0)."""
    return _sum(morale, seat, "morale_effect")


def mobility_modifier(morale: dict, seat: int) -> int:
    """Added to N of each mobility effect ``seat``'s units execute (floor 0)."""
    return _sum(morale, seat, "mobility")


def cost_modifier(morale: dict, seat: int) -> int:
    """Added to the cost of each command ``seat`` pays for (floor 0); not Rally."""
    return _sum(morale, seat, "cost")


def modifiers(morale: dict, seat: int) -> dict[str, int]:
    """All of ``seat``'s modifiers at once."""
    return {"engage": power_modifier(morale, seat, "engage"), "defend": power_modifier(morale, seat, "defend"),
            "morale_effect": morale_effect_modifier(morale, seat), "mobility": mobility_modifier(morale, seat),
            "cost": cost_modifier(morale, seat)}


def public_view(morale: dict) -> dict:
    """What both players may see (rules, "Information and decisions"): markers, tracks, both
    zones split into own buffs and enemy debuffs (ES-MX-4) with their states, pile sizes."""
    return {
        "expansion": morale["expansion"],
        "seats": [{"marker": side["marker"], "track": dict(side["track"]),
                   "own_buff": [{"card": e["card"], "state": e["state"]} for e in side["zone"]
                                if e["side"] == "own_buff"],
                   "enemy_debuff": [{"card": e["card"], "state": e["state"]} for e in side["zone"]
                                    if e["side"] == "enemy_debuff"],
                   "pile": len(morale["piles"][s])}
                  for s, side in enumerate(morale["seats"])],
    }


# ---------------------------------------------------------------- state-level helpers

def markers(morale: dict) -> list[int]:
    """Both markers by seat, e.g. to mirror them into the core's ``st["track"]``."""
    return [side["marker"] for side in morale["seats"]]


def shake_state(st: dict, seat: int, n: int, events: list) -> int | None:
    """The shake of the whole game state, for the core's plug point (engine/evs/track.py):
    ``shake(st["morale"], st["rng"], seat, n, events, active_seat=st["active"])``, then both
    markers mirrored into ``st["track"]``; returns the seat that loses by morale collapse
    (always the shaken one) or None. Nothing but ``st["morale"]``, ``st["track"]`` and the
    events is touched."""
    reason = shake(st["morale"], st["rng"], seat, n, events, active_seat=st["active"])
    st["track"] = markers(st["morale"])
    return seat if reason else None
