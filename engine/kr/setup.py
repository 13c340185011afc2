"""Set-up of a scenario (KR-SET-1..10, KR-RND-2, KR-SOLO-1/2).

Spawn decks are built from ``content.deck_cards`` (the ``extra`` cards join at 3 and 4 players)
and ordered by the deck's ``shuffle`` (top of the deck first):

* ``fixed``: the horde cards as listed, then the portals as listed (no randomness);
* ``shuffle``: hordes and portals shuffled together;
* ``portals_lower_half``: hordes shuffled; the portals are shuffled into the lower half (the
  bottom ``len // 2`` hordes), so the top half never holds a portal;
* ``portals_bottom``: hordes shuffled, the portals shuffled under them.

Round 1 skips phase 1 (KR-RND-2): the game starts in phase 2 with the scenario's initial hordes
(those with ``min_players`` above the player count are left out). Each seat's starting hand is
its hero's starting towers (KR-SET-4) plus ``starting_hand.each`` (solo: plus ``.solo``), all
taken from the supply. Heroes start on their boards (KR-SET-5), at full health with every
ability face up (KR-SET-3). A scenario's boss starts at stage 1, off the map (``boss.initial``).
"""
from __future__ import annotations

from typing import Any

from engine.base import IllegalAction
from engine.rng import RngLike, new_rng, shuffle

from . import boss as bosses
from .content import HERO_IDS, HEROES, HORDES, SCENARIOS, deck_cards
from .state import SCHEMA, SOLDIERS, WILDCAT, ev, new_tray

SEAT_COLOURS = ("red", "blue", "green", "yellow")   # by seat; sites list which counts use them
SOLO_COLOURS = ("red", "blue", "green")             # KR-SOLO-2
DIFFICULTIES = ("easy", "normal", "hard")


def _bad(message: str, **params: Any) -> IllegalAction:
    return IllegalAction("kr.err.bad_options", message, **params)


def normalize(seats: int, options: dict | None) -> dict:
    """Checked options: ``scenario`` (default the first), ``difficulty`` (default normal),
    ``heroes`` (one distinct hero per seat; default the first heroes), ``bench`` (solo only,
    KR-SOLO-6), ``solo`` (one seat), ``spells`` (the team's spells when chosen, KR-SET-9;
    otherwise the scenario's allowed spells while energy lasts, spells.default_spells)."""
    o = dict(options or {})
    if not isinstance(seats, int) or not 1 <= seats <= 4:
        raise _bad(f"1 to 4 players, not {seats!r}", seats=seats)
    sid = o.get("scenario", next(iter(SCENARIOS)))
    if sid not in SCENARIOS:
        raise _bad(f"unknown scenario {sid!r}", scenario=sid)
    diff = o.get("difficulty", "normal")
    if diff not in SCENARIOS[sid]["difficulty"]:
        raise _bad(f"difficulty must be one of {list(SCENARIOS[sid]['difficulty'])}", difficulty=diff)
    heroes = o.get("heroes", list(HERO_IDS[:seats]))
    bench = o.get("bench", [])
    if not isinstance(heroes, list) or len(heroes) != seats:
        raise _bad(f"one hero per seat ({seats}), not {heroes!r}", heroes=heroes)
    if not isinstance(bench, list) or (bench and seats != 1) or len(bench) > 3:
        raise _bad("bench heroes (at most 3) only in solo play (KR-SOLO-6)", bench=bench)
    chosen = heroes + bench
    unknown = [h for h in chosen if h not in HEROES]
    if unknown:
        raise _bad(f"unknown hero {unknown[0]!r}", hero=unknown[0])
    if len(set(chosen)) != len(chosen):
        raise _bad("every hero may be chosen once", heroes=chosen)
    out = {"scenario": sid, "difficulty": diff, "heroes": list(heroes), "bench": list(bench), "solo": seats == 1}
    if o.get("spells"):                   # checked by spells.check_choice (KR-SET-9, KR-SPL-1)
        out["spells"] = list(o["spells"])
    return out


def waves(sc: Any, difficulty: str, seats: int) -> dict[str, int]:
    """Spawn marker -> how many horde decks that spawn point holds (the scenario's ``waves``
    for this difficulty and player count: one number for every marker or one per marker;
    default 1): each deck reveals its top card every round (KR-SPN-2), so that many hordes
    come from the spawn point per round (docs/kr/engine.md "Waves")."""
    got = sc["difficulty"][difficulty].get("waves", {}).get(str(seats), 1)
    markers = [str(d["marker"]) for d in sc["spawn_decks"]]
    each = list(got) if isinstance(got, (list, tuple)) else [got] * len(markers)
    return {m: int(n) for m, n in zip(markers, each)}


def _deck(rng: RngLike, hordes: list[str], portals: list[str], mode: str) -> list[str]:
    hordes, portals = list(hordes), list(portals)
    if mode == "fixed":
        return hordes + portals
    if mode == "shuffle":
        cards = hordes + portals
        shuffle(rng, cards)
        return cards
    shuffle(rng, hordes)
    if mode == "portals_bottom":
        shuffle(rng, portals)
        return hordes + portals
    cut = len(hordes) - len(hordes) // 2
    lower = hordes[cut:] + portals
    shuffle(rng, lower)
    return hordes[:cut] + lower


def _hero(seat: int, hero: str) -> dict:
    h = HEROES[hero]
    return {"seat": seat, "kind": "hero", "cell": None, "tray": None, "facing": "N",
            "health": h["health"], "max": h["health"],
            "abilities": {a["id"]: True for a in h["abilities"]},
            "activated": False, "knocked_out": False, "protected": False}


def new_state(seats: int, options: dict | None, seed: int) -> tuple[dict, list]:
    """A new game in round 1, phase 2 (KR-SET-1..10, KR-RND-2)."""
    opts = normalize(seats, options)
    sc = SCENARIOS[opts["scenario"]]
    rng = new_rng(seed)
    colours = [list(SOLO_COLOURS)] if opts["solo"] else [[SEAT_COLOURS[i]] for i in range(seats)]
    st: dict = {
        "schema": SCHEMA, "game": "kr", "scenario": sc["id"], "options": opts, "rng": rng,
        "round": 1, "phase": 2,
        "seats": [{"hero": h, "colours": colours[i], "hand": [], "pending": [], "done": False}
                  for i, h in enumerate(opts["heroes"])],
        "trays": {}, "next_tray": 1, "decks": {}, "ghost_deck": [],
        "pioneer_cards": {p["icon"]: p["cell"] for p in sc["map"].get("pioneer_cards", ())},
        "opened": [],
        "hearts": sc["difficulty"][opts["difficulty"]]["hearts"],
        "crystals": min(12, sc["difficulty"][opts["difficulty"]]["crystals"]),
        "supply": dict(sc["supply"]), "soldiers": SOLDIERS, "sites": {},
        "heroes": {}, "effects": [],
        "solo": {"excluded": None, "last_excluded": None, "bench": list(opts["bench"])},
        "proposals": [], "white": [], "portals": {"total": 0, "destroyed": 0}, "boss_defeated": False,
        "boss": bosses.initial(sc["id"]), "victory_pending": False, "result": None,
    }
    events: list = []
    st["waves"] = waves(sc, opts["difficulty"], seats)   # kept: the decks were built for it (a
    # match saved before waves, or a retuned scenario, goes on with the decks it has)
    for d in sc["spawn_decks"]:   # KR-SET-7; ``waves`` decks of its hordes at each spawn point
        hordes, portals = deck_cards(sc["id"], d["marker"], seats)
        n = st["waves"][str(d["marker"])]
        st["decks"][str(d["marker"])] = _deck(rng, list(hordes) * n, list(portals), d["shuffle"])
        st["portals"]["total"] += len(portals)
    if sc["ghosts"]:              # KR-SET-8
        st["ghost_deck"] = [h for h, c in HORDES.items() if c["kind"] == "ghost"]
        shuffle(rng, st["ghost_deck"])
    for ini in sc["initial"]:     # KR-RND-2: round 1 starts with these on the map
        if seats >= ini.get("min_players", 1):
            new_tray(st, ini["horde"], ini["cell"])
    for seat, hero in enumerate(opts["heroes"]):
        st["heroes"][hero] = _hero(seat, hero)          # KR-SET-3, KR-SET-5
        if HEROES[hero].get("wildcat"):
            w = HEROES[hero]["wildcat"]
            st["heroes"][WILDCAT] = {**_hero(seat, hero), "kind": WILDCAT, "health": w["health"],
                                     "max": w["health"], "abilities": {}}
        hand = list(HEROES[hero]["towers"]) + list(sc["starting_hand"]["each"])
        if opts["solo"]:
            hand += list(sc["starting_hand"]["solo"])
        for t in hand:            # KR-SET-4: out of the supply
            if st["supply"].get(t, 0) < 1:
                raise _bad(f"the supply has no {t} left for the starting hands", tower=t)
            st["supply"][t] -= 1
            st["seats"][seat]["hand"].append(t)
    for bench in opts["bench"]:
        st["heroes"][bench] = _hero(0, bench)
    ev(events, "setup", scenario=sc["id"], difficulty=opts["difficulty"], heroes=list(opts["heroes"]),
       hearts=st["hearts"], crystals=st["crystals"])
    ev(events, "round_start", round=1)
    return st, events
