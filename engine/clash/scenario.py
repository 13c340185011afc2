"""Building Clash of Decks positions for tests and puzzles (docs/scenarios.md).

A :class:`Scenario` describes a play-stage position in the words of the rules (hands, the
fort card, creatures in lanes, mana, the champion, whose turn, the AI deck) and ``build()``
turns it into an engine state, so no test or puzzle writes the internal state dict::

    st = (Scenario(mode="duel", seed=1)
          .hand(0, ["ember_drake", "frost_bolt", "fire_bolt"]).fort(0, hp=2)
          .lane("top", seat=1, cards=["blade_dancer", ("reef_serpent", {"damage": 1})])
          .mana(0, 4).turn(0, phase="summon")
          .build())
    st, events = GAME.apply(st, 0, "play frost_bolt @1.top.1")

Defaults: seat ``s`` holds the preconstructed deck ``DECK_IDS[s]`` in data order with the
fort card leftmost, Bastion side up; every lane is empty; no mana; no champion; turn 2 of
seat 0 in phase 2 (summon), seat 0 went first. In Solo the AI (seat 1) has an empty deck
and discard pile until :meth:`Scenario.ai` sets them. Options are the game's setup options
(``mode``, ``format``, ``champions``, ``pause_phase3``, the Solo custom options) and are
validated as for a new match.

Chance goes through the state, never through patching: :meth:`Scenario.force` queues the
values the state's RNG returns next (engine.rng.force), and :func:`shuffle_forcing` gives the
values that make the next shuffle (the AI reshuffle, CD-AID-3) produce a chosen order.

A Scenario is also plain data: ``Scenario.from_dict(s.to_dict())`` builds the same position,
so puzzles can be stored as JSON.
"""
from __future__ import annotations

import copy
from typing import Any, Union

from engine.rng import new_rng

from . import options as game_options
from .abilities import BIT, mask_of
from .board import hp as creature_hp, new_creature
from .cards import CARDS, DECK_IDS, DECKS
from .state import FORT, LANE_INDEX, LANES, SCHEMA

CreatureSpec = Union[str, tuple[str, dict[str, Any]], list[Any]]

# Creature fields a scenario may set, and the state field each one fills.
CREATURE_FIELDS: dict[str, str] = {
    "damage": "dmg",            # damage marked this turn (CD-DMG-1)
    "played": "played",         # played this turn: no activation without Rage (CD-PLAY-5)
    "owner": "own",             # owner of the card if not the seat whose side it stands on (Mercenary)
    "champion": "ch",           # the card is its owner's champion (CD-CHA)
    "host": "host",             # the host card under a Possess card (CD-POS-1)
    "host_owner": "hown",       # owner of the host card (default: the seat of the side)
    "host_champion": "hch",     # the host card is a champion
    "dash": "dash",             # Dash bonus this turn (CD-DSH-1)
    "protection_used": "prot",  # Protection already used this turn (CD-PRO-2)
    "activated": "act",         # already activated this phase 3
    "buff_av": "bav",           # spell AV change until end of turn
    "buff_hp": "bhp",           # spell HP change until end of turn
}
EXTRA_FIELDS = ("hp_left", "granted")  # remaining HP instead of damage; abilities granted until end of turn
PHASES = ("summon", "attack")
SIDES = ("bastion", "fort")
AI_RULES = ("game", "base_mana", "modifier", "ai_first", "ai_defence", "abilities", "level")


class ScenarioError(ValueError):
    """A scenario that describes no legal position; the message names the problem."""


def shuffle_forcing(before: list, after: list) -> list[int]:
    """The values to :meth:`Scenario.force` so that ``engine.rng.shuffle`` turns the list
    ``before`` into ``after`` (a permutation of it): Fisher-Yates draws ``j`` in
    ``[0, i]`` for ``i`` from the last index down to 1."""
    if sorted(map(str, before)) != sorted(map(str, after)):
        raise ScenarioError(f"{after!r} is not an order of {before!r}")
    work = list(before)
    values = []
    for i in range(len(work) - 1, 0, -1):
        j = next(k for k in range(i + 1) if work[k] == after[i])
        work[i], work[j] = work[j], work[i]
        values.append(j)
    return values


def _known(card: str, where: str) -> str:
    if card not in CARDS:
        raise ScenarioError(f"{where}: unknown card {card!r}")
    return card


def _seat(seat: int) -> int:
    if seat not in (0, 1):
        raise ScenarioError(f"seat must be 0 or 1, got {seat!r}")
    return seat


class Scenario:
    """A play-stage position, built step by step; every step returns the scenario."""

    def __init__(self, mode: str = "duel", seed: int = 0, **options: Any) -> None:
        self._spec: dict[str, Any] = {
            "mode": mode, "seed": seed, "options": dict(options), "hands": {}, "forts": {}, "mana": {},
            "lanes": [], "champions": {}, "turn": {"seat": 0, "phase": "summon", "number": 2, "paused": False},
            "first_player": 0, "ai": {"deck": [], "discard": [], "side": "bastion"}, "ai_rules": {}, "force": [],
        }

    # -- plain data -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The scenario as JSON-compatible data."""
        return copy.deepcopy(self._spec)

    @classmethod
    def from_dict(cls, doc: dict) -> Scenario:
        out = cls(doc.get("mode", "duel"), doc.get("seed", 0), **doc.get("options", {}))
        for key, value in doc.items():
            if key not in out._spec:
                raise ScenarioError(f"unknown scenario field {key!r}")
            out._spec[key] = copy.deepcopy(value)
        out._spec["hands"] = {int(k): v for k, v in out._spec["hands"].items()}
        for field in ("forts", "mana", "champions"):
            out._spec[field] = {int(k): v for k, v in out._spec[field].items()}
        return out

    # -- the players --------------------------------------------------------------------------
    def hand(self, seat: int, cards: list[str], *, side: str | None = None) -> Scenario:
        """``seat``'s hand, left to right. It may contain the fort card ``FORT`` ("FORT") once;
        otherwise the fort card goes leftmost, or where :meth:`fort` puts it."""
        self._human(seat, "hand")
        self._spec["hands"][seat] = list(cards)
        if side is not None:
            self.fort(seat, side=side)
        return self

    def fort(self, seat: int, hp: int | None = None, side: str | None = None) -> Scenario:
        """Place the fort card so that ``hp`` cards lie right of it (the seat's health,
        CD-HAND-2) and/or turn it to ``side`` ("bastion" or "fort", CD-FORT-2)."""
        self._human(seat, "fort")
        if side is not None and side not in SIDES:
            raise ScenarioError(f"fort side must be one of {SIDES}, got {side!r}")
        fort = self._spec["forts"].setdefault(seat, {})
        if hp is not None:
            fort["hp"] = hp
        if side is not None:
            fort["side"] = side
        return self

    def mana(self, seat: int, n: int) -> Scenario:
        """Unspent mana of ``seat`` (CD-MANA)."""
        self._human(seat, "mana")
        self._spec["mana"][seat] = n
        return self

    def champion(self, seat: int, card: str, state: str = "ready") -> Scenario:
        """``seat``'s champion (CD-CHA) and its state: "ready", "exhausted" or "in_play"."""
        self._human(seat, "champion")
        if state not in ("ready", "exhausted", "in_play"):
            raise ScenarioError(f"champion state must be ready, exhausted or in_play, got {state!r}")
        self._spec["champions"][seat] = {"card": card, "state": state}
        return self

    # -- the board ----------------------------------------------------------------------------
    def lane(self, lane: str, seat: int, cards: list[CreatureSpec]) -> Scenario:
        """The creatures on ``seat``'s side of ``lane``, nearest the bridge first. Each is a
        card id or ``(card id, fields)`` with fields from :data:`CREATURE_FIELDS` plus
        ``hp_left`` (remaining HP, instead of ``damage``) and ``granted`` (ability names
        granted until end of turn). Creatures get their ids in the order sides are first set."""
        if lane not in LANE_INDEX:
            raise ScenarioError(f"lane must be one of {LANES}, got {lane!r}")
        _seat(seat)
        entry = [lane, seat, [c if isinstance(c, str) else [c[0], dict(c[1])] for c in cards]]
        for old in self._spec["lanes"]:
            if old[0] == lane and old[1] == seat:
                old[2] = entry[2]
                return self
        self._spec["lanes"].append(entry)
        return self

    # -- turn and chance ------------------------------------------------------------------------
    def turn(self, seat: int, phase: str = "summon", number: int = 2, paused: bool = False) -> Scenario:
        """Whose turn, which phase ("summon" = phase 2, "attack" = phase 3), the turn number,
        and whether phase 3 is paused for a champion summon (CD-AMB-10; implies "attack").
        In Solo the AI's turn runs at once (CD-AI), so a position on seat 1's turn only
        serves to run that turn directly (``solo.ai_turn``)."""
        _seat(seat)
        if phase not in PHASES:
            raise ScenarioError(f"phase must be one of {PHASES}, got {phase!r}")
        self._spec["turn"] = {"seat": seat, "phase": "attack" if paused else phase, "number": number,
                              "paused": paused}
        return self

    def first_player(self, seat: int) -> Scenario:
        """The seat that took the first turn of the game (CD-SET-5)."""
        self._spec["first_player"] = _seat(seat)
        return self

    def force(self, *values: int) -> Scenario:
        """Values the state's RNG returns next, in order (engine.rng.force); see
        :func:`shuffle_forcing`."""
        self._spec["force"].extend(values)
        return self

    # -- Solo -------------------------------------------------------------------------------
    def ai(self, deck: list[str] | None = None, discard: list[str] | None = None,
           side: str | None = None) -> Scenario:
        """Solo: the AI deck (top first), its discard pile (bottom first, the last card is
        the top) and the side of its fort card (CD-AID)."""
        self._solo_only("ai")
        ai = self._spec["ai"]
        if deck is not None:
            ai["deck"] = list(deck)
        if discard is not None:
            ai["discard"] = list(discard)
        if side is not None:
            if side not in SIDES:
                raise ScenarioError(f"AI fort side must be one of {SIDES}, got {side!r}")
            ai["side"] = side
        return self

    def deck(self, seat: int, cards: list[str]) -> Scenario:
        """An ordered deck, top first. Only the Solo AI has one: a player's deck is its hand
        (CD-SET-4), set with :meth:`hand`."""
        if self._spec["mode"] != "solo" or seat != 1:
            raise ScenarioError("only the Solo AI (seat 1) has a deck; a player's cards are its hand()")
        return self.ai(deck=cards)

    def ai_rules(self, **rules: Any) -> Scenario:
        """Solo: override the AI's rules for this position (the ``solo`` block: ``base_mana``,
        ``modifier``, ``ai_first``, ``ai_defence``, ``abilities``, ``game``, ``level``)
        without the custom-level bounds a new match checks (CD-CUS, CD-AMB-3)."""
        self._solo_only("ai_rules")
        unknown = set(rules) - set(AI_RULES)
        if unknown:
            raise ScenarioError(f"unknown AI rules {sorted(unknown)}; known: {list(AI_RULES)}")
        self._spec["ai_rules"].update(copy.deepcopy(rules))
        return self

    # -- building --------------------------------------------------------------------------------
    def build(self) -> dict:
        """A new engine state for this position (each call builds a fresh one)."""
        spec = self._spec
        mode = spec["mode"]
        seats = 1 if mode == "solo" else 2
        opts = game_options.normalize(seats, {"mode": mode, **spec["options"]})
        solo = game_options.solo_config(opts)
        if solo is not None:
            solo.update(copy.deepcopy(spec["ai_rules"]))
            for ability in solo["abilities"]:
                if ability not in BIT:
                    raise ScenarioError(f"unknown AI ability {ability!r}")
        rng = new_rng(spec["seed"])
        rng["forced"].extend(spec["force"])
        turn = spec["turn"]
        st: dict = {
            "schema": SCHEMA, "game": "clash", "mode": opts["mode"], "format": opts["format"], "options": opts,
            "rng": rng, "stage": "play", "turn": turn["number"], "turn_player": turn["seat"],
            "first_player": spec["first_player"], "phase": turn["phase"], "pause": turn["paused"], "acts": 0,
            "pause_at": 0 if turn["paused"] else -1, "next_uid": 1,
            "players": [{"hand": [], "side": "bastion", "mana": 0, "deck": None, "champion": None} for _ in (0, 1)],
            "lanes": [[[], []], [[], []]], "ai": None, "ai_extra": mask_of(solo["abilities"]) if solo else 0,
            "solo": solo, "setup": None, "result": None,
        }
        for seat in range(seats):
            self._build_hand(st, seat)
        for seat, n in spec["mana"].items():
            st["players"][seat]["mana"] = n
        for seat, ch in spec["champions"].items():
            st["players"][seat]["champion"] = {"card": _known(ch["card"], "champion"), "state": ch["state"]}
        if solo is not None:
            ai = spec["ai"]
            st["ai"] = {"deck": [_known(c, "AI deck") for c in ai["deck"]],
                        "discard": [_known(c, "AI discard") for c in ai["discard"]], "side": ai["side"]}
        for lane, seat, cards in spec["lanes"]:
            lst = st["lanes"][LANE_INDEX[lane]][seat]
            for item in cards:
                lst.append(self._creature(st, lane, seat, item))
        return st

    # -- internals -------------------------------------------------------------------------------
    def _human(self, seat: int, what: str) -> None:
        _seat(seat)
        if self._spec["mode"] == "solo" and seat == 1:
            raise ScenarioError(f"{what}: seat 1 is the Solo AI; use ai() for its deck")

    def _solo_only(self, what: str) -> None:
        if self._spec["mode"] != "solo":
            raise ScenarioError(f"{what}() is for Solo scenarios (mode='solo')")

    def _build_hand(self, st: dict, seat: int) -> None:
        spec = self._spec
        cards = spec["hands"].get(seat)
        if cards is None:
            cards = list(DECKS[DECK_IDS[seat]])
        fort = spec["forts"].get(seat, {})
        where = f"seat {seat}'s hand"
        if cards.count(FORT) > 1:
            raise ScenarioError(f"{where} holds the fort card twice")
        rest = [_known(c, where) for c in cards if c != FORT]
        if "hp" in fort:
            hp = fort["hp"]
            if not 0 <= hp <= len(rest):
                raise ScenarioError(f"{where}: hp {hp} must be from 0 to the {len(rest)} cards in it")
            hand = rest[:len(rest) - hp] + [FORT] + rest[len(rest) - hp:]
        elif FORT in cards:
            hand = list(cards)
        else:
            hand = [FORT] + rest
        st["players"][seat]["hand"] = hand
        st["players"][seat]["side"] = fort.get("side", "bastion")

    def _creature(self, st: dict, lane: str, seat: int, item: CreatureSpec) -> dict:
        if isinstance(item, str):
            card, fields = item, {}
        else:
            card, fields = item[0], dict(item[1])
        where = f"{lane} lane, seat {seat}"
        unknown = set(fields) - set(CREATURE_FIELDS) - set(EXTRA_FIELDS)
        if unknown:
            raise ScenarioError(f"{where}: unknown creature fields {sorted(unknown)}; known: "
                                f"{list(CREATURE_FIELDS) + list(EXTRA_FIELDS)}")
        c = new_creature(st, _known(card, where), fields.get("owner", seat), seat, bool(fields.get("champion")))
        c["played"] = False
        host = fields.get("host")
        if host is not None:
            c["host"], c["hown"] = _known(host, where), seat
        for key, value in fields.items():
            if key in CREATURE_FIELDS and key not in ("owner", "champion", "host"):
                c[CREATURE_FIELDS[key]] = value
        if "granted" in fields:
            c["grant"] = mask_of(fields["granted"])
        if "hp_left" in fields:
            from_hp = fields["hp_left"]
            full = creature_hp(c)
            if not 0 < from_hp <= full:
                raise ScenarioError(f"{where}: hp_left {from_hp} must be from 1 to {full}")
            c["dmg"] = full - from_hp
        for part, owner_key, champ_key in (("card", "own", "ch"), ("host", "hown", "hch")):
            if c[champ_key] and st["players"][c[owner_key]]["champion"] is None:
                st["players"][c[owner_key]]["champion"] = {"card": c[part], "state": "in_play"}
        return c

