"""The shapes of Cloudspire's JSON values: the game state and its parts, actions, prompt
parameters. Pure typing, imported by every other module and importing none of them.

The state is one JSON-compatible dict (``"schema": 1``); these TypedDicts document every
key the engine reads or writes. Hexes are ``"q,r"`` strings (hexgeo.py); seats are ints;
unit ids ``u7``, spire ids ``s3``, landmark ids ``l2``.
"""
from __future__ import annotations

from typing import Any, Literal, NotRequired, Required, TypedDict, TypeGuard

from ..base import Event
from ..rng import RngState

Hex = str
"""An axial hex ``"q,r"``."""
Seat = int
Events = list[Event]
"""The events one action raises, in order (engine.base.Event; ``visible_to`` marks private ones)."""
Occupancy = dict[str, tuple[str, str]]
"""hex -> ("u" | "s" | "l", id): what stands on each map hex (state.occupancy)."""
Target = tuple[str, Any]
"""("unit", id) | ("spire", id) | ("lm", id) | ("gate", seat): something that can be attacked."""


Rng = RngState
"""engine/rng.py: SplitMix64 state plus values forced by tests and scenarios."""


class Options(TypedDict, total=False):
    """Normalised match options (options.py: OPTIONS has the choices and defaults)."""
    map: str
    factions: str
    mode: str
    events: str
    faster_market: str
    faster_build: str
    faster_prep: str
    faster_short: str
    waves: int
    relics: str
    spire_policy: str
    levelup_policy: str
    encounter: str
    difficulty: str


PolicyKey = Literal["spire", "levelup", "reward", "mark"]


class Policy(TypedDict):
    """A seat's standing choices for decisions in other seats' turns (state.POLICIES)."""
    spire: str
    levelup: str
    reward: str
    mark: str


class Player(TypedDict):
    seat: Seat
    source: int
    cap: int
    gate: int
    broken: bool
    adv: dict[str, int]
    lb: int
    barracks: dict[str, int]
    spire_bar: dict[str, int]
    beside: list[str]
    relics: list[str]
    relic_effects: list[str]
    relics_in_effect: list[str]
    mark: Seat | None
    cp: int
    removed_heroes: list[str]
    policy: Policy
    die_used: bool
    known: list[str]
    heroes: NotRequired[list[str]]
    start_items: NotRequired[list[str]]


Side = Literal["basic", "promoted"]
"""The side a unit's or spire's card shows."""
UpgradeKey = Literal["a", "f", "r"]
"""An upgrade chip: attack, fortification, range."""
UPGRADE_KEYS: tuple[UpgradeKey, ...] = ("a", "f", "r")


def is_upgrade_key(k: str) -> TypeGuard[UpgradeKey]:
    return k in UPGRADE_KEYS


class Upgrades(TypedDict):
    a: int
    f: int
    r: int


class Unit(TypedDict):
    """A hero or a minion (group): on the map (``pos``) or in its owner's stack (``pos`` None)."""
    id: str
    type: str
    owner: Seat
    kind: Literal["hero", "minion"]
    side: Side
    pos: Hex | None
    up: Upgrades
    members: list[str]
    eq: list[str]
    hp: int


class Spire(TypedDict):
    id: str
    type: str
    side: Side
    owner: Seat
    pos: Hex
    chips: list[str]
    base: int


class Landmark(TypedDict):
    id: str
    type: str
    pos: Hex
    revealed: bool
    hp: int
    known: list[Seat]


class MapHex(TypedDict):
    """t: terrain (p l f m w, x = fortress), w: Source well, g: hex group (isle, earthscape or
    ``fort<seat>``)."""
    t: str
    w: bool
    g: str
    gate: NotRequired[Seat]
    fortwell: NotRequired[Seat]


class Slot(TypedDict):
    slot: int
    isle: str | None
    rot: int
    revealed: bool


class Fort(TypedDict):
    gate: Hex
    wells: list[Hex]
    body: list[Hex]
    orient: NotRequired[int]


class PlacedEarthscape(TypedDict):
    id: str
    anchor: Hex
    rot: int
    seat: Seat


class GameMap(TypedDict):
    slots: list[Slot]
    forts: dict[str, Fort]
    hexes: dict[Hex, MapHex]
    es: list[PlacedEarthscape]
    last_fort_slot: NotRequired[int]


class Market(TypedDict, total=False):
    supply: list[str]
    face: list[str]
    discard: list[str]
    es_pile: list[str]
    es_face: str | None
    es_discard: list[str]
    es_bought: bool
    turn: int


class EventDeck(TypedDict):
    deck: list[str]
    current: str | None
    discard: list[str]
    lasting: list[str]


class Follow(TypedDict):
    """An earthscape just placed opened wells: its owner may build one spire there now."""
    seat: Seat
    wells: list[Hex]


class BuildState(TypedDict):
    ended: list[Seat]
    idx: int
    follow: Follow | None


class PrepEntry(TypedDict):
    """One entry of a stack under construction (prep.py): a hero, or a minion group whose
    ``types`` are ordered lowest move first."""
    k: Literal["hero", "minion"]
    types: list[str]
    src: list[str]
    paid: list[int]
    eq: list[str]


class PrepState(TypedDict):
    order: list[Seat]
    marked: list[Seat]
    locked: list[Seat]
    stacks: dict[str, list[PrepEntry]]
    step: Literal["mark", "stack"]
    done: NotRequired[bool]


class Turn(TypedDict):
    """The Onslaught turn: steps start, a (heroes before), m (minions), c (heroes after),
    fire, explore, attack."""
    seat: Seat
    step: str
    moved: list[str]
    attacked: list[str]
    explored: list[str]
    retaliated: list[str]
    peek: str | None
    stack_done: bool
    fire: list[str]
    fired: bool


class SetupState(TypedDict, total=False):
    """Faction picks (``pick``) or the guided map set-up (the rest)."""
    pick: int
    seq: list[Seat]
    fort_seq: list[Seat]
    i: int
    step: Literal["isle", "fort", "reveal"]
    slot: int | None
    reveal_seq: list[Seat]


class Pending(TypedDict, total=False):
    """A reaction the game waits for (a seat's manual standing policy). Every key but
    ``seat`` and ``kind`` is a parameter of the prompt ``cloudspire.prompt.<kind>``."""
    seat: Required[Seat]
    kind: Required[Literal["levelup", "free_spire", "fire", "mark"]]
    unit: str
    spire: str
    pos: Hex


class PromptParams(TypedDict, total=False):
    """The params of a ``cloudspire.prompt.*`` Prompt (turns.prompt_key): ``source`` for the
    market and build, ``cp`` for the stack, ``round`` for Onslaught steps; a reaction carries
    its Pending's own keys (``unit`` for a level-up, ``spire`` to fire, ``pos`` of a free
    spire)."""
    source: int
    cp: int
    round: int
    unit: str
    spire: str
    pos: Hex


class GameResult(TypedDict):
    winners: list[Seat]
    placements: list[list[Seat]]
    reason: str
    figures: dict[str, Any]


class Objective(TypedDict, total=False):
    """A designed game's objective (CS-DM-5..8): ``target`` waves to hold (survive,
    protect_well, the endless cap) or the wave a Cloud gate must break by (break_gate);
    ``progress`` the waves completed; ``status`` open, met or failed, with its ``reason``;
    ``held``: the rounds in a row a Cloud unit ended on the protected ``well``."""
    kind: Required[str]
    target: Required[int]
    progress: Required[int]
    status: Required[str]
    reason: str | None
    well: Hex
    held: int
    cloud_gate: int


class Designed(TypedDict):
    """The designed modes' part of the state (CS-DM): who are the people and the Cloud, the
    encounter and difficulty, the objective; endless: its level (the wave's escalation) and
    the Cloud gates broken (``breaches``)."""
    mode: str
    encounter: str
    difficulty: str
    people: list[Seat]
    cloud: list[Seat]
    objective: Objective
    waves_survived: int
    endless_level: NotRequired[int]
    breaches: NotRequired[int]


class Stall(TypedDict):
    sig: str | None
    n: int


class State(TypedDict):
    schema: int
    game: Literal["cloudspire"]
    seats: int
    options: Options
    seed: int
    rng: Rng
    wave: int
    phase: Literal["faction", "setup", "market", "build", "prep", "onslaught", "over"]
    start: Seat
    factions: list[str | None]
    teams: list[int] | None
    players: list[Player]
    units: dict[str, Unit]
    spires: dict[str, Spire]
    landmarks: dict[str, Landmark]
    landmark_pile: list[str]
    landmark_discard: list[str]
    stacks: list[list[str]]
    map: GameMap
    pending: list[Pending]
    result: GameResult | None
    conceded: list[Seat]
    supply: dict[str, int]
    next_id: int
    turn: Turn | None
    rest: list[Seat]
    units_seen: bool
    event: EventDeck
    relic_deck: list[str]
    relic_discard: list[str]
    market: Market
    build: BuildState | None
    prep: PrepState | None
    setup: SetupState | None
    round: int
    wave_flags: dict[str, int]
    spare_isle: NotRequired[str]
    stall: NotRequired[Stall]
    actions_played: NotRequired[int]
    designed: NotRequired[Designed]


class Action(TypedDict, total=False):
    """One move: ``{"type": verb, ...fields}`` (notation.py lists every verb and its fields)."""
    type: Required[str]
    faction: str
    slot: int
    rot: int
    gate: Hex
    orient: int
    chip: str
    spire: str
    side: Side
    at: Hex
    order: str
    chips: str
    earthscape: str
    structure: str
    target: Seat
    unit: str
    item: str
    hero: str
    relic: str
    args: list[str]
    to: Hex
    choice: str
    key: str
    value: str


Content = dict[str, Any]
"""The loaded content tables (content.load())."""
