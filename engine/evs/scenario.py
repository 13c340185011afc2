"""Building Empire vs Steppe positions for tests and puzzles (docs/scenarios.md, section
"Empire vs Steppe"), without writing the state dict by hand.

A :class:`Scenario` starts from a real set-up (``setup.new_state``: factions, the shuffled
terrain deck and morale piles as the options ask) and clears it to a position of the turn
phase: the battlefield empty, each seat's standard 5 + 10 cards in hand, seat 0 to declare
its basic actions in turn 3. Each call then changes that position at once, in the order
written, and checks what it is given (an unknown card, the other faction's card, a cell off
the 6 x 7 grid or already taken raise :class:`ScenarioError`); ``build()`` checks the whole
position and returns a copy of it::

    sc = (Scenario(seed=1)                            # seat 0 the Empire, seat 1 the Steppe
          .unit(0, "shield_guard", "C3", name="x")
          .unit(0, "legionary", "D4", name="y")
          .unit(1, "lancer", "D3", wounds=1, name="t")
          .unit(1, "scout", "F6")
          .command_zone(0, ["shield_bash"], tokens=1)
          .hand(1, [])                                # the Steppe cannot defend
          .turn(0, "action", "deploy"))               # seat 0 is in its Action
    st = sc.build()
    st, _ = GAME.apply(st, 0, f"play shield_bash {sc['x']} pay advance")
    st, _ = GAME.apply(st, 0, f"general attack {sc['y']} pay aimed_bolt")
    st, events = GAME.apply(st, 0, f"attack {sc['t']} with {sc['x']}+{sc['y']}")
    # 2 + 1 attack icon + 1 token, + 1 for the general attack: 5 against 2 (ES-EX-2)

A card the scenario puts somewhere (on the battlefield, into the command zone, the discard
pile or the battle) is taken from wherever its seat had it; ``hand()`` replaces the hand.
Units get the uids ``u1``, ``u2``... in the order they are placed; ``sc[name]`` gives the uid
of a unit placed with ``name=``, ``sc["C3"]`` the uid of the unit on C3.

Chance: in play the engine draws no random number; what is left to chance is the order of
the terrain deck (mobility flips, ES-TER-15) and of the morale piles (draws, ES-MX-5), which
:meth:`Scenario.terrain_deck` and :meth:`Scenario.morale_pile` set (top first). The seed
decides everything else the set-up shuffled.
"""
from __future__ import annotations

import copy
from typing import Any

from engine.base import IllegalAction

from . import grid, options, setup, track
from . import turn as turns
from .board import expansion, terrain_on
from .content import COMMANDS, FACTIONS, GENERAL_IDS, UNITS, executes, spec
from .state import new_uid, occupant

SEATS = (0, 1)
MORALE_STATES = ("up", "tapped", "flipped")
DEFAULT_TURN = 3


class ScenarioError(ValueError):
    """A scenario that describes no legal position; the message names the problem."""


def _seat(seat: Any) -> int:
    if seat not in SEATS or isinstance(seat, bool):
        raise ScenarioError(f"seat must be 0 or 1, got {seat!r}")
    return int(seat)


def _cell(cell: Any) -> str:
    if not isinstance(cell, str) or not grid.is_cell(cell):
        raise ScenarioError(f"{cell!r} is not a cell of the 6 x 7 battlefield (A1..G6, ES-GEN-2)")
    return cell


class Scenario:
    """A turn-phase position under construction; every method but ``build``, ``state`` and
    ``[key]`` returns the scenario, so calls chain."""

    def __init__(self, seed: int = 1, *, factions: str = "empire_steppe", advanced: bool = False,
                 terrain: bool = False, morale: bool = False, hands: str = "standard") -> None:
        opts = options.normalize(2, {"factions": factions, "advanced": advanced, "terrain": terrain,
                                     "morale": morale, "hands": hands})
        st, _ = setup.new_state(2, {**opts, "hands": "standard"}, seed)
        st["options"] = opts      # "hands" only decides the set-up, which the scenario replaces
        t = st.get("terrain")
        if t is not None:         # placement drew the first card: back on top of the deck
            pending = st["pending"]
            if pending and pending["kind"] == "terrain":
                t["deck"].insert(0, pending["card"])
            t["placed"] = 0
        st.update(phase="turn", turn=DEFAULT_TURN, vanguard=None, pending=None, units={}, next_uid=1, battle=[])
        st.pop("suspended", None)
        for seat, p in enumerate(st["players"]):
            std = FACTIONS[st["factions"][seat]]["standard"]
            p.update(hand=list(std["units"]) + list(std["commands"]), zone=[], discard=[], units_lost=[], pick=None)
        self._st: dict = st
        self._names: dict[str, str] = {}
        self.turn(0)

    # -- looking things up -------------------------------------------------------------------

    def __getitem__(self, key: str) -> str:
        """The uid of the unit placed with ``name=key``, or of the unit on cell ``key``."""
        if key in self._names:
            return self._names[key]
        if isinstance(key, str) and grid.is_cell(key):
            uid = occupant(self._st, key)
            if uid is not None:
                return uid
        raise KeyError(key)

    def state(self) -> dict:
        """The state built so far, to look at (change it through the scenario)."""
        return self._st

    def faction(self, seat: int) -> str:
        """The faction ``seat`` plays (ES-GEN-1)."""
        return str(self._st["factions"][_seat(seat)])

    # -- the turn ------------------------------------------------------------------------------

    def turn(self, seat: int, *basics: str, at: int = 1, number: int | None = None) -> Scenario:
        """``seat``'s turn: with no ``basics`` it is to declare its 2 basic actions (ES-TURN-4);
        with two (``"action", "deploy"``) it declared them and carries out the ``at``-th (1 or
        2; the first is then done). ``number``: the turn number (default 3); the turn stamps
        already set (a unit that acted, a card staged or revealed this turn) move with it."""
        st = self._st
        _seat(seat)
        declared = self._declared(basics, at)
        if number is not None:
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise ScenarioError(f"the turn number is 1 or more, not {number!r}")
            self._renumber(number - st["turn"])
        st["active"] = seat
        st["first"] = seat if st["turn"] % 2 else 1 - seat   # the first player plays the odd turns
        st["turn_state"] = {"declared": declared, "index": at - 1}
        m = st.get("morale")
        if m:
            m["turn"] = {"serial": st["turn"], "active": seat, "checked": [False, False]}
            m["just_drawn"] = None
        return self

    def _declared(self, basics: tuple[str, ...], at: int) -> list[str] | None:
        allowed = turns.basics(self._st)
        if at not in (1, 2):
            raise ScenarioError(f"at is 1 or 2 (the first or second basic action), not {at!r}")
        if not basics:
            if at != 1:
                raise ScenarioError("at=2 needs the 2 basic actions declared")
            return None
        if len(basics) != 2 or basics[0] == basics[1] or any(b not in allowed for b in basics):
            raise ScenarioError(f"a turn declares 2 different basic actions of {list(allowed)} (ES-TURN-3), "
                                f"not {list(basics)}")
        if basics[at - 1] == "recall":
            raise ScenarioError("Recall runs at once and asks nothing (ES-REC-1): put the turn at the other action")
        return list(basics)

    def _renumber(self, delta: int) -> None:
        st = self._st
        st["turn"] += delta
        for u in st["units"].values():
            if u["acted_turn"] is not None:
                u["acted_turn"] += delta
        for p in st["players"]:
            for e in p["zone"]:
                for k in ("staged_turn", "revealed_turn", "dispatched_turn"):
                    if e[k] is not None:
                        e[k] += delta
        m = st.get("morale")
        if m:
            for side in m["seats"]:
                for e in side["zone"]:
                    if e["played"] is not None:
                        e["played"] += delta

    # -- cards and units -----------------------------------------------------------------------

    def _card(self, seat: int, card: Any, where: str, kind: str | None = None) -> str:
        """``card`` checked: known, of ``kind`` ("unit" / "command"), of ``seat``'s faction."""
        if not isinstance(card, str) or (card not in UNITS and card not in COMMANDS):
            raise ScenarioError(f"{where}: unknown card {card!r}")
        is_unit = card in UNITS
        if kind == "unit" and not is_unit:
            raise ScenarioError(f"{where}: {card} is a command card, not a unit card")
        if kind == "command" and is_unit:
            raise ScenarioError(f"{where}: {card} is a unit card; only command cards go there (ES-GEN-7/8)")
        faction = (UNITS if is_unit else COMMANDS)[card]["faction"]
        if faction != self.faction(seat):
            raise ScenarioError(f"{where}: {card} is a {faction} card and seat {seat} plays the "
                                f"{self.faction(seat)} (ES-GEN-1)")
        return card

    def _placed(self, seat: int, card: str) -> str | None:
        """Where ``card`` of ``seat`` already is outside hand, command zone and discard pile."""
        st = self._st
        if any(u["card"] == card for u in st["units"].values()):
            return "on the battlefield"
        if any(b["card"] == card and not b["general"] for b in st["battle"]):
            return "in play with a unit"
        if card in st["players"][seat]["units_lost"]:
            return "destroyed"
        return None

    def _take(self, seat: int, card: str, where: str) -> None:
        """Take ``card`` out of ``seat``'s hand, command zone or discard pile, wherever it is."""
        placed = self._placed(seat, card)
        if placed is not None:
            raise ScenarioError(f"{where}: {card} is already {placed}")
        p = self._st["players"][seat]
        if card in p["hand"]:
            p["hand"].remove(card)
        p["zone"] = [e for e in p["zone"] if e["card"] != card]
        if card in p["discard"]:
            p["discard"].remove(card)

    def _name(self, name: str | None, uid: str) -> None:
        if name is None:
            return
        if name in self._names or grid.is_cell(name):
            raise ScenarioError(f"the name {name!r} is already used (or is a cell)")
        self._names[name] = uid

    def unit(self, seat: int, card: str, cell: str, *, wounds: int = 0, acted: bool = False,
             name: str | None = None) -> Scenario:
        """A unit card of ``seat`` on ``cell`` with ``wounds`` wound markers (below its HP,
        ES-ENG-9); ``acted``: it already executed a command this turn (ES-TURN-7)."""
        st = self._st
        where = f"unit of seat {_seat(seat)}"
        self._card(seat, card, where, "unit")
        at = _cell(cell)
        taken = occupant(st, at)
        if taken is not None:
            raise ScenarioError(f"{where}: {at} is already taken by {st['units'][taken]['card']} (ES-GEN-4)")
        hp = UNITS[card]["hp"]
        if isinstance(wounds, bool) or not isinstance(wounds, int) or not 0 <= wounds < hp:
            raise ScenarioError(f"{where}: {card} has {hp} HP, so 0 to {hp - 1} wounds, not {wounds!r} (ES-ENG-9)")
        self._take(seat, card, where)
        uid = new_uid(st)
        st["units"][uid] = {"card": card, "seat": seat, "cell": at, "wounds": wounds,
                            "acted_turn": st["turn"] if acted else None}
        self._name(name, uid)
        return self

    def hand(self, seat: int, cards: list[str]) -> Scenario:
        """``seat``'s hand, replaced: unit and command cards of its faction (ES-GEN-6)."""
        where = f"seat {_seat(seat)}'s hand"
        if len(set(cards)) != len(cards):
            raise ScenarioError(f"{where} names a card twice (every card is unique)")
        p = self._st["players"][seat]
        for c in cards:
            self._card(seat, c, where)
            placed = self._placed(seat, c)
            if placed is None and (c in p["discard"] or any(e["card"] == c for e in p["zone"])):
                placed = "in the command zone or discard pile"
            if placed is not None:
                raise ScenarioError(f"{where}: {c} is already {placed}")
        p["hand"] = list(cards)
        return self

    def command_zone(self, seat: int, cards: list[str], *, face_up: bool = False, revealed: bool = False,
                     revealed_now: bool = False, tokens: int = 0, staged_now: bool = False,
                     dispatched_now: bool = False) -> Scenario:
        """Command cards added to ``seat``'s command zone (slot 0 first; ES-GEN-7), each staged in
        an earlier turn unless ``staged_now`` (then no dispatch this turn, ES-DEP-5), face-down
        unless ``face_up`` (ES-DEP-7), with ``tokens``; ``revealed`` in an earlier turn or
        ``revealed_now`` (then not playable this turn, ES-ACT-4/5; reveal-marker cards only);
        ``dispatched_now``: it gained its token of this turn already (ES-DEP-6)."""
        st = self._st
        where = f"seat {_seat(seat)}'s command zone"
        if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 0:
            raise ScenarioError(f"{where}: tokens are 0 or more, not {tokens!r}")
        t = st["turn"]
        for c in cards:
            self._card(seat, c, where, "command")
            markers = COMMANDS[c]["markers"]
            if (revealed or revealed_now) and not markers["reveal"]:
                raise ScenarioError(f"{where}: {c} has no reveal marker and is never revealed (ES-ACT-4)")
            if dispatched_now and (not markers["dispatch"] or staged_now or tokens < 1):
                raise ScenarioError(f"{where}: {c} cannot have gained a token this turn (ES-DEP-5/6)")
            self._take(seat, c, where)
            st["players"][seat]["zone"].append({
                "card": c, "revealed": revealed or revealed_now,
                "revealed_turn": t if revealed_now else (t - 1 if revealed else None), "tokens": tokens,
                "staged_turn": t if staged_now else t - 1, "dispatched_turn": t if dispatched_now else None,
                "face_up": face_up})
        return self

    def discard(self, seat: int, cards: list[str]) -> Scenario:
        """Command cards added to ``seat``'s discard pile (ES-GEN-8), the last on top."""
        where = f"seat {_seat(seat)}'s discard pile"
        for c in cards:
            self._card(seat, c, where, "command")
            self._take(seat, c, where)
            self._st["players"][seat]["discard"].append(c)
        return self

    def battle(self, unit: str, card: str, *, phase: int = 1, tokens: int = 0, moved: int = 0) -> Scenario:
        """A command on the battlefield with ``unit`` (a name, uid or cell): an action card or
        general command in progress, its ``phase``-th phase next (ES-ACT-5/6; ``moved``: steps
        moved by it so far), or a defence card or the general defence on it (ES-DEF-4/8). The
        unit counts as having executed its command this turn (ES-TURN-7, ES-DEF-7)."""
        st = self._st
        uid = self._uid(unit)
        u = st["units"][uid]
        seat = u["seat"]
        where = f"battle of {uid} ({u['card']})"
        general = card in GENERAL_IDS
        if not general:
            self._card(seat, card, where, "command")
        if not executes(card, u["card"]):
            raise ScenarioError(f"{where}: {u['card']} cannot execute {card} (ES-CARD-7)")
        s = spec(card)
        kind = "defence" if s["markers"]["defence"] else "command"
        if any(b["uid"] == uid and b["kind"] == kind for b in st["battle"]):
            raise ScenarioError(f"{where}: the unit already has a {kind} (ES-TURN-7, ES-DEF-5)")
        last = len(s["phases"]) if kind == "command" else 1
        if isinstance(phase, bool) or not isinstance(phase, int) or not 1 <= phase <= last:
            raise ScenarioError(f"{where}: phase is 1 to {last}, not {phase!r} (ES-ACT-6)")
        for name, value in (("tokens", tokens), ("moved", moved)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ScenarioError(f"{where}: {name} is 0 or more, not {value!r}")
        if general and tokens:
            raise ScenarioError(f"{where}: a general command has no card to carry tokens (ES-AMB-24)")
        if not general:
            self._take(seat, card, where)
        st["battle"].append({"card": card, "seat": seat, "uid": uid, "kind": kind, "general": general,
                             "tokens": tokens, "next": phase - 1, "moved": moved})
        u["acted_turn"] = st["turn"]
        return self

    def _uid(self, unit: str) -> str:
        if unit in self._st["units"]:
            return unit
        try:
            return self[unit]
        except KeyError:
            raise ScenarioError(f"no unit {unit!r} (a name, uid or occupied cell)") from None

    # -- terrain -------------------------------------------------------------------------------

    def _terrain(self, what: str) -> dict:
        if not terrain_on(self._st):
            raise ScenarioError(f"{what}: the Terrain expansion is off (Scenario(terrain=True))")
        return dict(self._st["terrain"])

    def _terrain_card(self, card: Any, what: str) -> str:
        try:
            expansion("terrain_rules").card(card)
        except (IllegalAction, TypeError):
            raise ScenarioError(f"{what}: unknown terrain card {card!r}") from None
        return str(card)

    def terrain(self, cell: str, card: str) -> Scenario:
        """A terrain card on ``cell`` (one per cell, ES-TER-7), taken out of the terrain deck."""
        t = self._terrain("terrain")
        at = _cell(cell)
        self._terrain_card(card, "terrain")
        if at in t["cells"]:
            raise ScenarioError(f"terrain: {at} already holds {t['cells'][at]} (ES-TER-7)")
        if card in t["cells"].values():
            raise ScenarioError(f"terrain: {card} is already on the battlefield")
        t["cells"] = {**t["cells"], at: card}
        t["deck"] = [c for c in t["deck"] if c != card]
        t["placed"] = min(len(t["cells"]), expansion("terrain_rules").SETUP_CARDS)
        self._st["terrain"] = t
        return self

    def terrain_deck(self, top: list[str], *, rest: bool = True) -> Scenario:
        """The next terrain cards a mobility flip reveals, in order (ES-TER-15): ``top`` goes on
        top of the deck; with ``rest=False`` the deck holds only these."""
        t = self._terrain("terrain_deck")
        if len(set(top)) != len(top):
            raise ScenarioError("terrain_deck: a card is named twice")
        for c in top:
            self._terrain_card(c, "terrain_deck")
            if c in t["cells"].values():
                raise ScenarioError(f"terrain_deck: {c} is on the battlefield")
        t["deck"] = list(top) + ([c for c in t["deck"] if c not in top] if rest else [])
        self._st["terrain"] = t
        return self

    # -- morale --------------------------------------------------------------------------------

    def morale(self, seat: int, marker: int) -> Scenario:
        """``seat``'s morale marker (ES-MOR-4): below the collapse square in the base game
        (reaching it loses, ES-END-2); with the Morale expansion up to it (ES-MX-7)."""
        st = self._st
        collapse = track.collapse_square(st, _seat(seat))
        top = collapse if track.morale_on(st) else collapse - 1
        if isinstance(marker, bool) or not isinstance(marker, int) or not 0 <= marker <= top:
            raise ScenarioError(f"morale: seat {seat}'s marker is 0 to {top}, not {marker!r} (ES-MOR-4, ES-END-2)")
        st["track"][seat] = marker
        if track.morale_on(st):
            st["morale"]["seats"][seat]["marker"] = marker
        return self

    def _morale_card(self, seat: int, card: Any, what: str) -> str:
        """A morale card of ``seat``'s pile and zone: its own buffs, the opponent's debuffs (ES-MX-3/4)."""
        st = self._st
        if not track.morale_on(st):
            raise ScenarioError(f"{what}: the Morale expansion is off (Scenario(morale=True))")
        cards = expansion("morale_rules").load()
        if not isinstance(card, str) or card not in cards:
            raise ScenarioError(f"{what}: unknown morale card {card!r}")
        c = cards[card]
        mine = self.faction(seat)
        if (c["faction"], c["kind"]) not in ((mine, "buff"), (self.faction(1 - seat), "debuff")):
            raise ScenarioError(f"{what}: {card} ({c['faction']} {c['kind']}) is not in seat {seat}'s pile or "
                                f"zone: its own faction's buffs and the opponent's debuffs (ES-MX-3/4)")
        return card

    def morale_zone(self, seat: int, cards: list[str], *, state: str = "up",
                    played_this_turn: bool = False) -> Scenario:
        """Morale cards ``seat`` has drawn (ES-MX-4), taken from its pile: face ``up``,
        ``tapped`` (an ongoing card in effect until its holder's next turn, ES-MX-11/12) or
        ``flipped`` (a once card used, ES-MX-10; ``played_this_turn``: its effect lasts to
        the end of this turn)."""
        st = self._st
        what = f"seat {_seat(seat)}'s morale zone"
        if state not in MORALE_STATES:
            raise ScenarioError(f"{what}: state is one of {MORALE_STATES}, not {state!r}")
        for c in cards:
            self._morale_card(seat, c, what)      # refuses every card with the expansion off
            m = st["morale"]
            duration = expansion("morale_rules").card(c)["duration"]
            if (state == "tapped" and duration != "ongoing") or (state == "flipped" and duration != "once"):
                raise ScenarioError(f"{what}: a {duration} card is not {state} (ES-MX-10/11)")
            if any(e["card"] == c for side in m["seats"] for e in side["zone"]):
                raise ScenarioError(f"{what}: {c} is already in a morale zone")
            serial = m["turn"]["serial"]
            played = None if state == "up" else (serial - 1 if state == "flipped" and not played_this_turn else serial)
            m["piles"][seat] = [x for x in m["piles"][seat] if x != c]
            side = "own_buff" if expansion("morale_rules").card(c)["kind"] == "buff" else "enemy_debuff"
            m["seats"][seat]["zone"].append({"card": c, "side": side, "state": state, "pile": seat, "played": played})
        return self

    def morale_pile(self, seat: int, top: list[str], *, rest: bool = True) -> Scenario:
        """The next morale cards ``seat`` draws from the pile on its side, in order (ES-MX-5):
        ``top`` goes on top; with ``rest=False`` the pile holds only these."""
        what = f"seat {_seat(seat)}'s morale pile"
        if len(set(top)) != len(top):
            raise ScenarioError(f"{what}: a card is named twice")
        for c in top:
            self._morale_card(seat, c, what)
        m = self._st["morale"]
        for c in top:
            if any(e["card"] == c for e in m["seats"][seat]["zone"]):
                raise ScenarioError(f"{what}: {c} is in the morale zone")
        m["piles"][seat] = list(top) + ([c for c in m["piles"][seat] if c not in top] if rest else [])
        return self

    # -- the result ----------------------------------------------------------------------------

    def build(self) -> dict:
        """A copy of the position, checked (:func:`check`); the scenario can go on and build again."""
        check(self._st)
        return copy.deepcopy(self._st)


# ---------------------------------------------------------------- invariants

def check(st: dict) -> None:
    """The invariants of a turn-phase position, or :class:`ScenarioError` naming the first
    broken one: each card once and in a place that holds its kind, units on distinct cells
    with fewer wounds than HP, a unit for each seat (ES-END-1), markers below collapse in the
    base game (ES-END-2), a declared turn, commands in progress in the active seat's Action
    and defences on the other seat's units (ES-DEF-6)."""
    for seat in SEATS:
        _check_cards(st, seat)
    cells = [u["cell"] for u in st["units"].values()]
    if len(set(cells)) != len(cells):
        raise ScenarioError("two units share a cell (ES-GEN-4)")
    for uid, u in st["units"].items():
        if not 0 <= u["wounds"] < UNITS[u["card"]]["hp"]:
            raise ScenarioError(f"{uid} ({u['card']}) has {u['wounds']} wounds: it would be destroyed (ES-ENG-9)")
    for seat in SEATS:
        if not any(u["seat"] == seat for u in st["units"].values()):
            raise ScenarioError(f"seat {seat} has no unit on the battlefield: it has lost (ES-END-1)")
        if not track.morale_on(st) and st["track"][seat] >= track.collapse_square(st, seat):
            raise ScenarioError(f"seat {seat}'s marker is on the collapse square: it has lost (ES-END-2)")
    _check_battle(st)


def _check_cards(st: dict, seat: int) -> None:
    p = st["players"][seat]
    places = [("hand", c) for c in p["hand"]] + [("command zone", e["card"]) for e in p["zone"]]
    places += [("discard pile", c) for c in p["discard"]] + [("lost units", c) for c in p["units_lost"]]
    places += [("battlefield", u["card"]) for u in st["units"].values() if u["seat"] == seat]
    places += [("battle", b["card"]) for b in st["battle"] if b["seat"] == seat and not b["general"]]
    seen: dict[str, str] = {}
    faction = st["factions"][seat]
    for where, card in places:
        if card in seen:
            raise ScenarioError(f"seat {seat}'s {card} is both in its {seen[card]} and its {where}")
        seen[card] = where
        data = UNITS.get(card) or COMMANDS.get(card)
        if data is None or data["faction"] != faction:
            raise ScenarioError(f"seat {seat}'s {where} holds {card!r}, not a {faction} card (ES-GEN-1)")
        if where in ("command zone", "discard pile", "battle") and card not in COMMANDS:
            raise ScenarioError(f"seat {seat}'s {where} holds the unit card {card} (ES-GEN-7/8)")


def _check_battle(st: dict) -> None:
    ts = st["turn_state"]
    current = None if ts["declared"] is None else ts["declared"][ts["index"]]
    if current == "recall":
        raise ScenarioError("the turn stands at Recall, which asks nothing (ES-REC-1)")
    for b in st["battle"]:
        if b["uid"] not in st["units"]:
            raise ScenarioError(f"{b['card']} is in play with {b['uid']}, which is not on the battlefield")
        if b["kind"] == "command" and (b["seat"] != st["active"] or current != "action"):
            raise ScenarioError(f"{b['card']} is in progress outside its owner's Action (ES-ACT-5)")
        if b["kind"] == "defence" and b["seat"] == st["active"]:
            raise ScenarioError(f"{b['card']} defends in its owner's own turn (ES-DEF-2, ES-DEF-6)")
