"""What the shared tests need of Kingdom Rush (tests/games/__init__.py lists the names)."""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Callable

# -- narration (tests/test_narration.py) ---------------------------------------------------

# A move costs ~20 ms here (the bot and the legal moves), so a few games that reach most of
# the game: one player and four, a boss with white sites (rift_citadel), the ghosts and a bench
# hero (haunted_marsh), pioneers and the resurrection (pioneer_pass); one seed each.
NARRATION_CONFIGS: list[tuple[int, dict]] = [
    (1, {}),
    (4, {}),
    (2, {"scenario": "rift_citadel"}),
    (1, {"scenario": "haunted_marsh", "bench": ["ignus"]}),
    (2, {"scenario": "pioneer_pass"}),
]
NARRATION_SEEDS = (1,)

# kinds those games do not reach, with the parameters engine/kr emits them with
NARRATION_EVENTS: list[tuple[int, str, dict]] = [
    (2, "ability_copied", {"figure": "magnus", "ability": "hammer_time"}),
    (2, "boss_heal_trays", {"card": "time_mage_boss", "rule": "rewind", "cell": "E4", "trays": ["t3", "t5"]}),
    (2, "boss_entered", {"card": "time_mage_boss", "tray": "t20", "cell": "A5", "stage": 1, "stages": 3,
                         "rules": ["chrono_shield", "rift_call", "time_warp", "rewind"]}),
    (2, "boss_shield_up", {"card": "time_mage_boss", "tray": "t20", "rule": "chrono_shield"}),
    (2, "boss_shield_down", {"card": "time_mage_boss", "tray": "t20", "rule": "chrono_shield"}),
    (2, "boss_stage_cleared", {"card": "time_mage_boss", "tray": "t20", "cell": "B5", "stage": 1, "stages": 3}),
    (2, "boss_stage_begins", {"card": "time_mage_boss", "tray": "t20", "cell": "B5", "stage": 2, "stages": 3}),
    (2, "boss_defeated", {"card": "time_mage_boss", "tray": "t20", "cell": "C5", "stage": 3, "stages": 3}),
    (2, "boss_extra_spawn", {"card": "time_mage_boss", "rule": "rift_call", "marker": 2, "left": 0}),
    (2, "displace_preference", {"seat": 1, "preference": "site"}),
    (2, "hero_displaced", {"figure": "alleria", "cell": "G2", "to": None, "cause": "advance"}),
    (2, "hero_moved", {"figure": "lilith", "start": "H2", "path": [], "cell": "H2"}),
    (2, "hero_revived", {"figure": "malik", "health": 8}),
    (2, "purchase_failed", {"reason": "kr.err.crystals"}),
    (2, "purchase_failed", {"reason": "kr.err.something_else"}),
    (2, "spells_chosen", {"spells": ["rain_of_fire", "time_gem"]}),
    (2, "spawn_skipped", {"marker": 1, "reason": "cut_off"}),
]

# sentences the narration gets wrong today (cogs/kr/words.py), as patterns -> the bug
NARRATION_KNOWN: dict[str, str] = {}

# -- the log (tests/engine/test_log_redaction.py) -------------------------------------------

# every move is public (engine/kr/redact.py): a few games, every verb logged
LOG_FORMATS = [("solo", 1, {}), ("four", 4, {}), ("rift_citadel", 2, {"scenario": "rift_citadel"})]

# -- legibility (tests/render/test_legibility.py) --------------------------------------------

# crowded positions of random legal games, one per seat count: (scenario, seats, seed, moves);
# pioneer_pass 3p seed 1 holds 28 trays after 203 moves
CROWDED = [("pioneer_pass", 1, 1, 172), ("ogre_ford", 2, 1, 150), ("pioneer_pass", 3, 1, 203), ("ogre_ford", 4, 1, 60)]


@lru_cache(maxsize=None)
def _crowded_view(scenario: str, seats: int, seed: int, moves: int) -> dict:
    from engine.playout import playout
    from gamehost.registry import plugin

    engine = plugin("kr").engine
    state = playout(engine, seats, seed, options={"scenario": scenario}, stop_after=moves).state
    return engine.view(state, None)


def _names(view: dict, lang: str) -> list[str]:
    from tests.games.kr.render import kr_views as V
    return (V.NAMES if lang == "en" else V.NAMES_CJK)[:len(view["seats"])]


def _mid_view(scenario: str, seats: int) -> dict:
    from tests.games.kr.render import kr_views as V
    return V.public_view(V.midgame_state(scenario, seats))


def _board(view: Callable[[], dict], lang: str) -> bytes:
    from render.kr import board_png
    v = view()
    return board_png(v, _names(v, lang), lang)


def _sheet(draw: Callable[..., bytes], view: Callable[[], dict], lang: str) -> bytes:
    v = view()
    return draw(v, len(v["seats"]) - 1, _names(v, lang), lang)


def _horde(view: Callable[[], dict], lang: str, options: list | None) -> bytes:
    from render.kr import horde_png
    v = view()
    return horde_png(v, sorted(v["trays"])[-1], lang, options)


def legibility_cases() -> list[tuple[str, Callable[[], bytes]]]:
    """The public board, the hand sheet and the hero sheet of mid-game samples and crowded random
    games at every seat count (1-4), in English and Chinese; the horde close-up (/kr horde) of
    two of them without and with 21 numbered options."""
    from render.kr import hero_png, private_png

    views: list[tuple[str, Callable[[], dict]]] = [
        (f"mid_{sc}_{n}p", partial(_mid_view, sc, n))
        for sc, n in (("farrinken_valley", 1), ("twin_gates", 2), ("haunted_marsh", 3), ("pioneer_pass", 4))]
    views += [(f"random_{sc}_{n}p", partial(_crowded_view, sc, n, seed, moves)) for sc, n, seed, moves in CROWDED]
    out: list[tuple[str, Callable[[], bytes]]] = []
    for name, view in views:
        for lang in ("en", "zh-CN"):
            out.append((f"{name}-board-{lang}", partial(_board, view, lang)))
            out.append((f"{name}-hand-{lang}", partial(_sheet, private_png, view, lang)))
            out.append((f"{name}-hero-{lang}", partial(_sheet, hero_png, view, lang)))
    options = [[[0, 0]], [[1, 0], [2, 0]], [[0, 1]]] * 7
    for name, view in views[3:4] + views[6:7]:
        for lang in ("en", "zh-CN"):
            out.append((f"{name}-horde-{lang}", partial(_horde, view, lang, None)))
            out.append((f"{name}-horde-{lang}-options", partial(_horde, view, lang, options)))
    return out
