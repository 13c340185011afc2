"""Match options: their choices and defaults, and normalising what the host passes in
(CS-ADJ-2: any "faster game" switch turns the events off; CS-TEAM-1: 2 vs 2 is four seats;
CS-DM-1: solo, co-op and endless seat people and the Cloud, their encounter decides the map)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from . import modes
from .errors import illegal
from .state import POLICIES
from .types import Options

OptionSpec = Mapping[str, Any]


def _frozen(specs: dict[str, dict[str, Any]]) -> Mapping[str, OptionSpec]:
    return MappingProxyType({k: MappingProxyType(v) for k, v in specs.items()})


OPTIONS: Mapping[str, OptionSpec] = _frozen({
    "map": {"choices": ("random", "guided", "tutorial"), "default": "random", "headline": True},
    "factions": {"choices": ("random", "pick"), "default": "random", "headline": True},
    "mode": {"choices": ("ffa", "teams") + modes.DESIGNED, "default": "ffa", "headline": True},
    "encounter": {"choices": ("none",) + tuple(modes.ENCOUNTERS), "default": "none", "headline": True,  # CS-DM-1
                  "when": {"mode": ("solo", "coop")}},
    "difficulty": {"choices": modes.DIFFICULTIES, "default": "normal", "headline": True,  # CS-DM-9
                   "when": {"mode": modes.DESIGNED}},
    "events": {"choices": ("on", "off"), "default": "on", "headline": True,  # CS-ADJ-2
               "when": {f: ("off",) for f in ("faster_market", "faster_build", "faster_prep", "faster_short")}},
    "faster_market": {"choices": ("off", "on"), "default": "off"},
    "faster_build": {"choices": ("off", "on"), "default": "off"},
    "faster_prep": {"choices": ("off", "on"), "default": "off"},
    "faster_short": {"choices": ("off", "on"), "default": "off"},
    "waves": {"choices": (4, 5, 6, 7, 8), "default": 4, "headline": True},
    "relics": {"choices": ("all", "first_game"), "default": "all"},
    "spire_policy": {"choices": POLICIES["spire"], "default": "lowest_health"},
    "levelup_policy": {"choices": POLICIES["levelup"], "default": "auto"},
})

FASTER = ("faster_market", "faster_build", "faster_prep", "faster_short")


def options_schema() -> dict[str, dict]:
    """A fresh JSON copy of OPTIONS (``{"choices": [...], "default": ...}`` per option;
    ``headline``: always worth showing in a lobby; ``when``: it only matters when the named
    options have one of these values)."""
    return {k: {**dict(v), "choices": list(v["choices"]),
                **({"when": {w: list(c) for w, c in v["when"].items()}} if "when" in v else {})}
            for k, v in OPTIONS.items()}


def normalise(seats: int, options: Mapping[str, Any] | None) -> Options:
    """Every option with its default filled in, checked against OPTIONS and the seat count."""
    if not 2 <= seats <= 4:
        raise illegal("bad_seats", "Cloudspire needs 2-4 players.", seats=seats)
    opts: Any = {k: v["default"] for k, v in OPTIONS.items()}
    for k, v in (options or {}).items():
        if k not in OPTIONS:
            raise illegal("bad_option", f"Unknown option {k}.", option=k)
        if v not in OPTIONS[k]["choices"]:
            raise illegal("bad_option", f"Bad value for {k}.", option=k)
        opts[k] = v
    if opts["mode"] in modes.DESIGNED:
        _designed(seats, opts)
    else:  # only the designed modes have these (and games stored before them replay as they were)
        del opts["encounter"], opts["difficulty"]
    if opts["mode"] == "teams" and seats != 4:
        raise illegal("bad_option", "2 vs 2 needs 4 players.", option="mode")
    if opts["map"] == "tutorial" and seats != 2:
        raise illegal("bad_option", "The tutorial layout is for 2 players.", option="map")
    if any(opts[k] == "on" for k in FASTER):
        opts["events"] = "off"  # CS-ADJ-2: faster game includes no events
    return opts


def _designed(seats: int, opts: Any) -> None:
    """CS-DM-1: the encounter ("none": the mode's first; endless plays none), the seats it
    needs (people + Cloud), its map (a layout of its own: ``map`` is always "random") and its
    event deck."""
    e = modes.encounter_of(opts)
    opts["encounter"] = e["id"] if e else "none"
    low, high = modes.seat_range(opts)
    if not low <= seats <= high:
        raise illegal("designed_seats", "This mode needs another number of seats.", low=low, high=high)
    opts["map"] = "random"
    if e is not None and e.get("events") == "off":
        opts["events"] = "off"
