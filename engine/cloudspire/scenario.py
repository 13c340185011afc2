"""Building a Cloudspire position for tests and puzzles, without writing state dicts by hand.

A :class:`Scenario` starts from a real set-up (``setup(seats, options, seed)``), then each
call changes that state at once, in the order written, through the same helpers the rules
use (``phases.begin_turn``, ``prep.start_prep``...), and checks what it is given (unknown
unit types, hexes off the map or already taken raise :class:`ScenarioError`)::

    sc = (Scenario(seats=2, seed=1)                    # tutorial layout, no events
          .no_landmarks()
          .phase("onslaught", seat=0)                  # seat 0's turn, step "start"
          .unit(seat=0, kind="slinger", at=(5, -2), health=2, name="sl")
          .unit(seat=1, kind="war_briar", at="4,-1")
          .unit(seat=1, kind="dywen")                  # no hex: into seat 1's stack
          .spire(seat=1, kind="reetall", at="0,0", chips="ar")
          .landmark(kind="hydra", at="1,1", revealed=True)
          .player(0, source=7)
          .spire_dice(2, 1))                           # the next spire dice show 2, then 1
    st = sc.build()
    sl = sc["sl"]                                      # the id given to the named unit

Randomness is never patched: ``dice`` / ``spire_dice`` queue values in the state's own RNG
(``engine/rng.py``, ``rng["forced"]``), which the engine consumes before drawing, in order,
for whatever it rolls or shuffles next.

By default a 2-seat scenario uses the fixed tutorial layout (``data/tutorial.json``: the hexes
the engine tests name) with the event deck off; pass ``options`` for anything else (3-4
seats get a random map from the seed). See docs/scenarios.md, section "Cloudspire".
"""
from __future__ import annotations

import copy
from typing import Any, Iterable, Mapping, Sequence

from .. import rng as _rng
from . import phases, prep
from .content import load
from .hexgeo import key
from .opening import setup
from .state import build_of, new_id, occupancy, turn_of, unit_maxhp
from .types import Hex, Landmark, Seat, Spire, State, Unit

HexLike = str | tuple[int, int]
PHASES = ("market", "build", "prep", "onslaught")
STEPS = ("start", "a", "m", "c", "fire", "explore", "attack")
PLAYER_FIELDS = ("source", "cap", "gate", "broken", "lb", "mark", "cp", "die_used")


class ScenarioError(ValueError):
    """A scenario asked for something that cannot be on the table."""


def as_hex(at: HexLike) -> Hex:
    """``"q,r"`` or ``(q, r)`` -> ``"q,r"``."""
    try:
        if isinstance(at, tuple):
            q, r = at
        else:
            q, r = (int(x) for x in at.split(","))
        return key(int(q), int(r))
    except (TypeError, ValueError, AttributeError):
        raise ScenarioError(f"not a hex: {at!r} (write 'q,r' or (q, r))") from None


def _free_map_hex(st: State, h: Hex) -> Hex:
    cell = st["map"]["hexes"].get(h)
    if cell is None:
        raise ScenarioError(f"{h} is not a map hex")
    if cell["t"] == "x":
        raise ScenarioError(f"{h} is a fortress hex (gate or fortress well)")
    if h in occupancy(st):
        raise ScenarioError(f"{h} is already taken")
    return h


def _known(table: str, kind: str) -> dict[str, Any]:
    entries = load()[table]
    if kind not in entries:
        raise ScenarioError(f"unknown {table[:-1]} {kind!r}; known: {', '.join(sorted(entries))}")
    return entries[kind]


def _seat(st: State, seat: Seat) -> Seat:
    if not isinstance(seat, int) or not 0 <= seat < st["seats"]:
        raise ScenarioError(f"no seat {seat!r} in a {st['seats']}-seat game")
    return seat


# ---------------------------------------------------------------- pieces (also for old tests)

def place_unit(st: State, seat: Seat, kind: str, at: HexLike | None = None, *, health: int | None = None,
               group: Sequence[str] = (), side: str = "basic", up: Mapping[str, int] | None = None,
               equipment: Sequence[str] = (), from_barracks: bool = False) -> str:
    """Put a unit (a minion group when ``group`` lists the minions under its top) on ``at``,
    or at the bottom of its owner's stack when ``at`` is None (CS-PREP-9/10). Returns its id.
    ``from_barracks``: take faction minions out of the owner's barracks, as the Prep does."""
    _seat(st, seat)
    d = _known("units", kind)
    for m in group:
        if _known("units", m)["kind"] != "minion":
            raise ScenarioError(f"{m} is not a minion: only minions form groups (CS-GRP-1)")
    if side not in ("basic", "promoted"):
        raise ScenarioError(f"side is basic or promoted, not {side!r}")
    pos = None if at is None else _free_map_hex(st, as_hex(at))
    if from_barracks:
        barracks = st["players"][seat]["barracks"]
        for t in [kind, *group]:
            if barracks.get(t, 0) > 0:
                barracks[t] -= 1
    uid = new_id(st, "u")
    u: Unit = {"id": uid, "type": kind, "owner": seat, "kind": d["kind"], "side": side, "pos": pos,  # type: ignore[typeddict-item]
               "up": {"a": 0, "f": 0, "r": 0, **(up or {})}, "members": list(group), "eq": list(equipment)}
    u["hp"] = unit_maxhp(u) if health is None else health
    if u["hp"] < 1:
        raise ScenarioError(f"{kind} needs at least 1 health")
    st["units"][uid] = u
    if pos is None:
        st["stacks"][seat].append(uid)
    return uid


def place_spire(st: State, seat: Seat, kind: str, at: HexLike, chips: str | Sequence[str] | None = None, *,
                side: str = "basic", from_barracks: bool = False) -> str:
    """Put a spire with its chips (top first; default: its initial chips) on ``at``. Returns
    its id. ``from_barracks``: take it from the spire barracks (a mercenary spire from beside
    the barracks) and its chips from the supply, as building does (CS-BLD-3)."""
    _seat(st, seat)
    d = _known("spires", kind)
    h = _free_map_hex(st, as_hex(at))
    chip_list = list(d[side]["initial"] if chips is None else chips)
    if not chip_list or any(ch not in "arf" for ch in chip_list):
        raise ScenarioError(f"spire chips are a, r and f, not {chips!r}")
    if from_barracks:
        p = st["players"][seat]
        if d["merc"] and kind in p["beside"]:
            p["beside"].remove(kind)
        elif p["spire_bar"].get(kind, 0) > 0:
            p["spire_bar"][kind] -= 1
        for ch in chip_list:
            if st["supply"][ch] > 0:
                st["supply"][ch] -= 1
    sid = new_id(st, "s")
    s: Spire = {"id": sid, "type": kind, "side": side, "owner": seat, "pos": h,  # type: ignore[typeddict-item]
                "chips": chip_list, "base": len(d[side]["initial"])}
    st["spires"][sid] = s
    return sid


def place_landmark(st: State, kind: str, at: HexLike, *, revealed: bool = False, health: int | None = None,
                   known: Iterable[Seat] = ()) -> str:
    """Put a landmark on ``at``, face down unless ``revealed`` (then with its health, CS-EXP-3);
    ``known``: the seats that have peeked at it. Returns its id."""
    d = _known("landmarks", kind)
    h = _free_map_hex(st, as_hex(at))
    lid = new_id(st, "l")
    lm: Landmark = {"id": lid, "type": kind, "pos": h, "revealed": revealed,
                    "hp": (d["hp"] if health is None else health) if revealed else 0, "known": list(known)}
    st["landmarks"][lid] = lm
    return lid


# ---------------------------------------------------------------- the builder

class Scenario:
    """A position under construction; see the module docstring. Every method but ``build``
    and ``[name]`` returns the scenario, so calls chain."""

    def __init__(self, seats: int = 2, seed: int = 1, options: Mapping[str, Any] | None = None) -> None:
        if options is None:
            options = {"map": "tutorial", "events": "off"} if seats == 2 else {"events": "off"}
        self._st: State = setup(seats, options, seed)
        self._names: dict[str, str] = {}

    @classmethod
    def sandbox(cls, seed: int = 11) -> Scenario:
        """The engine tests' empty board: the tutorial layout, no landmarks, no Source, seat 0
        at the start of its Onslaught turn in wave 1, each seat marching on the other."""
        return cls(seats=2, seed=seed).no_landmarks().player(0, source=0).player(1, source=0).phase("onslaught", seat=0)

    # -- naming ----------------------------------------------------------------------------

    def _name(self, name: str | None, ident: str) -> None:
        if name is not None:
            if name in self._names:
                raise ScenarioError(f"the name {name!r} is already used")
            self._names[name] = ident

    def __getitem__(self, name: str) -> str:
        """The id (``u7``, ``s3``, ``l2``) given to the piece placed with ``name=``."""
        return self._names[name]

    # -- phase and turn --------------------------------------------------------------------

    def phase(self, name: str, seat: Seat | None = None, step: str | None = None) -> Scenario:
        """Jump to a phase of the current wave.

        ``market``: market turns from the start player; ``build``: the Build phase (with
        ``seat``: only that seat still building); ``prep``: the Prep phase (CP dealt, marks
        declared automatically in 2-seat games, CS-PREP-1); ``onslaught``: round 1 with
        ``seat`` (default: the start player) on turn at ``step`` (default ``start``); every
        seat without a mark marches on the nearest opposing gate."""
        st = self._st
        if name not in PHASES:
            raise ScenarioError(f"phase is one of {', '.join(PHASES)}, not {name!r}")
        st["turn"] = None
        st["build"] = None
        st["prep"] = None
        st["pending"] = []
        st["market"]["turn"] = 0
        if name == "market":
            phases.start_market(st, [])
            if st["phase"] != "market":
                raise ScenarioError("this game has no market (faster_market=on)")
        elif name == "build":
            phases.start_build(st, [])
            if seat is not None:
                build_of(st)["ended"] = [s for s in range(st["seats"]) if s != _seat(st, seat)]
        elif name == "prep":
            prep.start_prep(st, [])
        else:
            st["phase"] = "onslaught"
            st["round"] = 1
            for s in range(st["seats"]):
                if st["players"][s]["mark"] is None:
                    st["players"][s]["mark"] = 1 - s if st["seats"] == 2 else prep.default_mark(st, s)
            st["units_seen"] = True
            phases.begin_turn(st, st["start"] if seat is None else _seat(st, seat), [])
            if step is not None:
                self.turn(step=step)
        return self

    def wave(self, n: int) -> Scenario:
        """Make this wave ``n`` (CS-WAVE-1), e.g. a designed game's last wave (CS-DM-5)."""
        if not isinstance(n, int) or n < 1:
            raise ScenarioError(f"a wave is a number from 1, not {n!r}")
        self._st["wave"] = n
        return self

    def turn(self, seat: Seat | None = None, step: str | None = None) -> Scenario:
        """Change whose Onslaught turn it is and/or its step (start, a, m, c, fire, explore,
        attack)."""
        st = self._st
        if st["phase"] != "onslaught" or st["turn"] is None:
            raise ScenarioError("turn() needs the Onslaught: call phase('onslaught') first")
        if seat is not None:
            phases.begin_turn(st, _seat(st, seat), [])
        if step is not None:
            if step not in STEPS:
                raise ScenarioError(f"step is one of {', '.join(STEPS)}, not {step!r}")
            turn_of(st)["step"] = step
        return self

    # -- pieces ----------------------------------------------------------------------------

    def unit(self, seat: Seat, kind: str, at: HexLike | None = None, *, health: int | None = None,
             group: Sequence[str] = (), side: str = "basic", up: Mapping[str, int] | None = None,
             equipment: Sequence[str] = (), from_barracks: bool = True, name: str | None = None) -> Scenario:
        """A hero or minion of ``seat`` on ``at`` (``"q,r"`` or ``(q, r)``), or, without ``at``,
        at the bottom of that seat's stack (call in stack order, top first). ``group``: minion
        types under the top minion (CS-GRP-1); ``up``: upgrade chips ``{"a": 1}``; faction
        minions come out of the owner's barracks unless ``from_barracks=False``."""
        uid = place_unit(self._st, seat, kind, at, health=health, group=group, side=side, up=up,
                         equipment=equipment, from_barracks=from_barracks)
        self._name(name, uid)
        return self

    def spire(self, seat: Seat, kind: str, at: HexLike, chips: str | Sequence[str] | None = None, *,
              side: str = "basic", from_barracks: bool = True, name: str | None = None) -> Scenario:
        """A spire of ``seat`` on ``at`` with ``chips`` top first (default: its initial chips),
        taken from the spire barracks and its chips from the supply when they are there."""
        sid = place_spire(self._st, seat, kind, at, chips, side=side, from_barracks=from_barracks)
        self._name(name, sid)
        return self

    def landmark(self, kind: str, at: HexLike, *, revealed: bool = False, health: int | None = None,
                 known: Iterable[Seat] = (), name: str | None = None) -> Scenario:
        """A landmark on ``at``: face down (as set up) unless ``revealed``."""
        lid = place_landmark(self._st, kind, at, revealed=revealed, health=health, known=known)
        self._name(name, lid)
        return self

    def clear(self, at: HexLike) -> Scenario:
        """Take whatever stands on ``at`` (unit, spire or landmark) out of the game."""
        st = self._st
        h = as_hex(at)
        for table in ("units", "spires", "landmarks"):
            for ident in [i for i, x in st[table].items() if x["pos"] == h]:
                del st[table][ident]
        return self

    def no_landmarks(self) -> Scenario:
        """Take every landmark off the map (they stay out of the game)."""
        self._st["landmarks"] = {}
        return self

    # -- players, market, cards ------------------------------------------------------------

    def player(self, seat: Seat, *, adv: Mapping[str, int] | None = None, policy: Mapping[str, str] | None = None,
               beside: Sequence[str] | None = None, relics: Sequence[str] | None = None,
               barracks: Mapping[str, int] | None = None, **fields: Any) -> Scenario:
        """Set a seat's numbers (``source``, ``cap``, ``gate``, ``broken``, ``lb``, ``mark``,
        ``cp``, ``die_used``), advancement levels and standing policies (merged), and what lies
        beside its barracks and the relics in its hand (replaced)."""
        p = self._st["players"][_seat(self._st, seat)]
        for k, v in fields.items():
            if k not in PLAYER_FIELDS:
                raise ScenarioError(f"player field is one of {', '.join(PLAYER_FIELDS)}, not {k!r}")
            p[k] = v  # type: ignore[literal-required]
        for a, lvl in (adv or {}).items():
            if a not in p["adv"] or not 0 <= lvl <= 3:
                raise ScenarioError(f"{a}: not an advancement of this faction, or level not 0-3")
            p["adv"][a] = lvl
        for k, v in (policy or {}).items():
            p["policy"][k] = v  # type: ignore[literal-required]
        if beside is not None:
            p["beside"] = list(beside)
        if relics is not None:
            for r in relics:
                _known("relics", r)
            p["relics"] = list(relics)
        for t, n in (barracks or {}).items():
            p["barracks"][t] = n
        return self

    def market(self, face: Sequence[str] | None = None, earthscape: str | None = None) -> Scenario:
        """The face-up market chips and earthscape (taken out of their piles)."""
        m = self._st["market"]
        if face is not None:
            for x in face:
                _known("market", x)
            m["face"] = list(face)
            m["supply"] = [x for x in m["supply"] if x not in face]
        if earthscape is not None:
            _known("earthscapes", earthscape)
            m["es_face"] = earthscape
            m["es_pile"] = [x for x in m["es_pile"] if x != earthscape]
        return self

    def supply(self, **chips: int) -> Scenario:
        """Upgrade chips left in the supply (``a=``, ``r=``, ``f=``; CS-AMB-42)."""
        for k, v in chips.items():
            if k not in "arf" or len(k) != 1:
                raise ScenarioError(f"supply chips are a, r and f, not {k!r}")
            self._st["supply"][k] = v
        return self

    def event(self, current: str | None) -> Scenario:
        """The event card in effect this wave (CS-EVT-3), or None."""
        if current is not None:
            _known("events", current)
        self._st["event"]["current"] = current
        return self

    def relic_deck(self, deck: Sequence[str], discard: Sequence[str] = ()) -> Scenario:
        """The relic deck, top first, and its discard pile."""
        for r in [*deck, *discard]:
            _known("relics", r)
        self._st["relic_deck"] = list(deck)
        self._st["relic_discard"] = list(discard)
        return self

    # -- randomness ------------------------------------------------------------------------

    def state(self) -> State:
        """The state as built so far, to look at (change it through the scenario)."""
        return self._st

    def dice(self, values: Sequence[int]) -> Scenario:
        """Force the next random draws: each value is what ``rng.randbelow`` returns next (for
        a spire die, the index into its faces ``[0, 0, 1, 1, 1, 2]``; for a faction die, into
        that die's faces; for a shuffle, a swap position)."""
        _rng.force(self._st["rng"], *values)
        return self

    def spire_dice(self, *faces: int) -> Scenario:
        """Force the next spire attack dice by face value: 0 (blank), 1 or 2 (CS-FIRE-4)."""
        all_faces = load()["dice"]["spire_die"]["faces"]
        for f in faces:
            if f not in all_faces:
                raise ScenarioError(f"a spire die shows 0, 1 or 2, not {f!r}")
        return self.dice([all_faces.index(f) for f in faces])

    # -- the result ------------------------------------------------------------------------

    def build(self) -> State:
        """A copy of the state built so far (the scenario can go on and build again)."""
        return copy.deepcopy(self._st)
