"""What the shared tests need of Cloudspire (tests/games/__init__.py lists the names)."""
from __future__ import annotations

import re

from engine.cloudspire import notation

# -- the contract suite (tests/contract) -----------------------------------------------------

# the designed modes (CS-DM), people and the Cloud at every seat count their encounter allows
CONTRACT_OPTIONS: list[dict] = [
    {"mode": "solo"},
    {"mode": "coop"},
    {"mode": "endless", "difficulty": "hard"},
    {"mode": "solo", "encounter": "three_crowns", "difficulty": "easy"},
]

# -- narration (tests/test_narration.py) ---------------------------------------------------

NARRATION_CONFIGS: list[tuple[int, dict]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"mode": "teams"}),
    (2, {"map": "guided", "factions": "pick"}),
    (2, {"map": "tutorial", "events": "off"}),
    (3, {"spire_policy": "manual", "levelup_policy": "manual", "relics": "first_game"}),
    (2, {"faster_market": "on", "waves": 5}),
    (2, {"mode": "solo", "encounter": "drifting_well"}),  # CS-DM: objective progress and outcome
]
NARRATION_SEEDS = (1, 2, 3)

# kinds the random games rarely reach, with the parameters engine/cloudspire emits them with
_EXTRA: dict[str, dict] = {
    "stalemate": {"wave": 2},
    "looted": {"seat": 1, "victim": 2, "source": 3},
    "impale": {"unit": "u19", "target": "2,-6", "damage": 1},
    "toxic_fumes": {"landmark": "l5", "unit": "u21", "damage": 1},
    "roll": {"by": "l5", "dice": [1, 1, 0]},
    "reward_lost": {"seat": 0, "reason": "no_relic"},
    "sacrificed": {"seat": 1, "structure": "harbor", "level": 2},
    "gate_repaired": {"seat": 0, "gate": 3},
    "gate_broken": {"seat": 1, "by": 0},
    "rest_mode": {"seats": [0, 1]},
    "relic_played": {"seat": 0, "relic": "prophecy_scroll", "args": []},
    "relic_drawn": {"seat": 0, "count": 1},
    "levelup_pending": {"unit": "u18", "seat": 0},
    "promoted": {"unit": "u7", "type": "dywen", "hp": 3},
    "group_next": {"unit": "u1", "type": "plumed_lancer", "hp": 4},
    "mark": {"seat": 1, "target": 0},
    "spire_destroyed": {"spire": "s6", "type": "reetall", "seat": 0, "by": 1, "pos": "1,6"},
    "spire_chip_lost": {"spire": "s9", "pos": "2,-5", "chip": "f", "left": 1},
    "spire_held": {"spire": "s9", "pos": "2,-5"},
    "faction_picked": {"seat": 1, "faction": "narora"},
    "isle_revealed": {"seat": 0, "slot": 5, "isle": "isle7", "rot": 5},
    "fortress_attached": {"seat": 0, "gate": "-2,-5", "orient": 4},
    "earthscape_placed": {"seat": 0, "earthscape": "es9", "anchor": "1,2", "rot": 3},
    "game_over": {"winners": [0, 2]},
    # the designed modes (CS-DM-7, CS-DM-12, CS-DM-14)
    "objective_progress": {"kind": "break_gate", "wave": 2, "progress": 2, "target": 4, "cloud_gate": 6},
    "objective_met": {"kind": "protect_well", "reason": "well_held", "wave": 4, "survived": 4},
    "objective_failed": {"kind": "survive", "reason": "run_over", "wave": 6, "survived": 5},
    "endless_wave": {"wave": 6, "level": 5, "source": 5, "cp": -7, "upgrades": 3, "harsh": True},
    "well_threatened": {"seat": 1, "well": "0,0"},
    # told to one player only (the host sends these privately, never to the channel)
    "peek": {"seat": 1, "pos": "-4,6", "type": "bog_witch"},
    "relic_private": {"seat": 0, "relic": "source_inverter"},
    "policy": {"seat": 0, "key": "spire", "value": "nearest_gate"},
}
NARRATION_EVENTS: list[tuple[int, str, dict]] = [(3, kind, params) for kind, params in _EXTRA.items()]

# -- the log (tests/engine/test_log_redaction.py) -------------------------------------------

# verb -> what another seat (team-mates included) sees (None: public)
LOG_EXPECT: dict[str, str | None] = {
    "pick": None, "isle": None, "fort": None,                        # CS-SET-2, CS-SET-8..11
    "buy": None, "pass": None,                                       # CS-MKT-3/4/6
    "build": None, "up": None, "es": None, "skip": None,             # CS-BLD-3/4/6, CS-LBO-1
    "adv": None, "end": None, "next": None,                          # CS-BLD-7, CS-BLD-1, CS-ONS-2
    "mark": None, "lock": None,                                      # CS-PREP-1, CS-PREP-9/11
    "relic": None, "die": None,                                      # CS-AMB-44, CS-SET-5
    "mv": None, "mm": None,                                          # CS-MOV-3/5/9
    "explore": None, "reveal": None, "hide": None,                   # CS-EXP-2/7
    "atk": None, "lvl": None, "free": None, "fire": None,            # CS-ATK-1, CS-HERO-3, CS-AMB-41, CS-FIRE-1
    "add": "?", "join": "?", "equip": "?", "undo": "?", "autostack": "?",  # CS-PREP-11, CS-AMB-33
    "pol": "pol ? ?",                                                # private standing settings
}

LOG_FORMATS = [
    ("2p", 2, {}),
    ("2p_faster_prep", 2, {"faster_prep": "on", "faster_build": "on"}),
    ("3p_guided_pick", 3, {"map": "guided", "factions": "pick"}),
    ("4p", 4, {}),
    ("teams", 4, {"mode": "teams"}),
]
LOG_SEEDS = (1, 2)
# an earthscape that opens a buildable well, a Wild Drake reward: reached only now and then
LOG_RARE = {"skip", "free"}

LOG_SAMPLES = ["pick brawnen", "isle 3 2", "fort 2,-3 1", "buy ballista", "buy es", "pass",
               "build catapult+ 3,-1 af", "up 3,-1 f", "es es9 -2,3 1", "skip", "adv harbor", "end",
               "mark 2", "add slinger", "join warmonger", "equip longbow grimjaw", "undo", "lock",
               "autostack", "relic war_horn 1,2 3,4", "die", "next", "mv u4 2,-1", "mm u5 stay",
               "mm u5 1,1", "explore 4,-1", "reveal", "hide", "atk u4 5,-2", "lvl u4 flip", "free ballista ar",
               "free none", "fire s3 u7", "pol spire heroes_first"]
LOG_SAMPLE_SETUP = (4, {"mode": "teams"})

_MANUAL = [{"type": "pol", "key": k, "value": "manual"} for k in ("spire", "levelup", "reward", "mark")]


def log_policies(seats: int, seed: int) -> dict[int, list[dict]]:
    """Standing policies set before the first move: every one manual, then heroes first (seed
    1), or only the spire's (the other seeds)."""
    if seed == 1:
        return {s: list(_MANUAL) + [{"type": "pol", "key": "spire", "value": "heroes_first"}] for s in range(seats)}
    return {0: _MANUAL[:1]}


def grammar_verbs() -> set[str]:
    """The verbs of the grammar in engine/cloudspire/notation.py's docstring, cross-checked
    with the table (``VERBS``) that its parser and formatter both read."""
    block = (notation.__doc__ or "").split("::", 1)[1]
    doc: set[str] = set()
    for line in block.splitlines():
        if not re.match(r"^    \S", line):
            if doc and line.strip() and not line.startswith(" "):
                break
            continue
        left = re.split(r"\s{2,}", line.strip())[0]
        doc |= {seg.split()[0] for seg in left.split(" / ")}
    parsed = {row.verb for row in notation.VERBS}
    assert doc == parsed, f"grammar {sorted(doc)} and parser table {sorted(parsed)} disagree"
    return doc
LOG_SLOW = True  # ten whole games: the full suite walks them, the quick one does not


# -- legibility (tests/render/test_legibility.py) -------------------------------------------

LEGIBILITY_NAMES = ["Alexandra the Magnificent", "龘龘 민준 🐉Drake", "Zoë Ångström-Łukasiewicz", "李小龍"]


def _most_crowded(seats: int, options: dict, seed: int) -> dict:
    """The state of a random legal game (engine/playout.py, uniform moves) with the most
    units on the map, the most revealed landmarks breaking ties."""
    import copy
    import random

    from engine.cloudspire import GAME
    from engine.playout import playout, uniform_policy

    best: list = [(-1, -1), None]

    def watch(state, _seat, _action, _moves):
        units = sum(1 for u in state["units"].values() if u.get("pos"))
        landmarks = sum(1 for lm in state["landmarks"].values() if lm.get("revealed") and lm.get("pos"))
        if (units, landmarks) > best[0]:
            best[0], best[1] = (units, landmarks), copy.deepcopy(state)

    playout(GAME, seats, seed, options=options, policy=uniform_policy(GAME, random.Random(seed)), watch=watch)
    return best[1]


def legibility_cases():
    """Every picture Cloudspire posts or DMs: the board and each seat's private picture of
    the sample views (opening market, prep, busy onslaught, peek, 4 players, crowded, 2 vs 2,
    finished, guided set-up) and of random legal games at their most crowded at every seat
    count (2, 3, 4 and 2 vs 2), with long and mixed-script names; English and Chinese."""
    from engine.cloudspire import GAME
    from render import cloudspire
    from tests.games.cloudspire.render import cloudspire_views as cv

    def drawn(make):
        def draw():
            cloudspire.clear_caches()  # every string is drawn (and recorded), none pasted from a cache
            return make()
        return draw

    crowded = [(seats, options, _most_crowded(seats, options, seed))
               for seats, options, seed in ((2, {}, 3), (3, {}, 1), (4, {}, 3), (4, {"mode": "teams"}, 2))]
    cases = []
    for lang in ("en", "zh-CN"):
        for name in ("opening", "prep", "onslaught", "peek", "four_player", "crowded", "teams", "finished",
                     "guided"):
            names = cv.SEAT_NAMES[name]
            cases.append((f"board-{name}-{lang}", drawn(lambda n=name, s=names, lg=lang: cloudspire.board_png(
                cv.view(n), s, lg))))
            for seat in range(cv.view(name)["seats"]):
                cases.append((f"private-{name}-seat{seat}-{lang}", drawn(
                    lambda n=name, s=names, k=seat, lg=lang: cloudspire.private_png(cv.view(n, k), k, s, lg))))
        for seats, options, state in crowded:
            tag = f"{seats}p{'-teams' if options else ''}-{lang}"
            names = LEGIBILITY_NAMES[:seats]
            cases.append((f"crowded-board-{tag}", drawn(lambda st=state, s=names, lg=lang: cloudspire.board_png(
                GAME.view(st, None), s, lg))))
            for seat in range(seats):
                cases.append((f"crowded-private-{tag}-seat{seat}", drawn(
                    lambda st=state, s=names, k=seat, lg=lang: cloudspire.private_png(GAME.view(st, k), k, s, lg))))
    return cases
