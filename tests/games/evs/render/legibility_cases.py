"""The pictures the shared legibility rule (tests/render/test_legibility.py) measures for
Empire vs Steppe: the public board and every private picture (the sheet and its reference
pages) of crowded positions, in both languages. EvS is a two-seat game, so every seat count
is 2: the sample positions of evs_views.py (defence windows, morale zones, the secret pick,
terrain), a synthetic worst case (every zone full, every unit carrying a command) and the
most crowded positions of random legal games (engine/playout.py)."""
from __future__ import annotations

import copy
import random
from functools import lru_cache

from engine.evs import GAME
from engine.playout import StopPlayout, playout, uniform_policy
from tests.games.evs.render import evs_views as V

LANGS = ("en", "zh-CN")
BOARD_SAMPLES = ("all_mid", "all_defence", "morale_mid", "terrain_defence", "morale_offer", "base_vanguard",
                 "advanced_over", "pick_select", "terrain_penalty")
SHEET_SAMPLES = ("base_vanguard", "morale_mid", "all_mid", "pick_select", "advanced_mid")


def _crowding(st: dict) -> int:
    """How much the side column and the sheet have to hold."""
    score = 0
    for s, p in enumerate(st["players"]):
        score += 3 * len(p["zone"]) + len(p["hand"]) + 4 * sum(e["revealed"] for e in p["zone"])
        if st.get("morale"):
            score += 2 * len(st["morale"]["seats"][s]["zone"])
    return score + 4 * len(st["battle"])


@lru_cache(maxsize=None)
def crowded_states() -> tuple:
    """The most crowded states of three random legal games with every option on."""
    found = []
    for seed in range(3):
        best: list = [None, -1]

        def watch(st, seat, action, moves, best=best):
            score = _crowding(st)
            if score > best[1] and st["result"] is None:
                best[:] = [copy.deepcopy(st), score]
            if moves > 600:
                raise StopPlayout

        opts = {"advanced": "on", "terrain": "on", "morale": "on"}
        try:
            playout(GAME, 2, seed, options=opts, policy=uniform_policy(GAME, random.Random(seed)), watch=watch)
        except Exception:  # noqa: BLE001 - a game that ended or stalled: its best state so far
            pass
        if best[0] is not None:
            found.append(best[0])
    return tuple(found)


def worst_view(viewer=None) -> dict:
    """The all-options sample with the most a side column has to hold at once: the fullest
    command zones random games reach (ten cards and eight, revealed, face up, with tokens),
    every unit executing a command with a defence on it, two modifiers in force a side, long
    names."""
    st = V.state("all_mid")
    commands = [c for c in __import__("engine.evs.content", fromlist=["COMMANDS"]).COMMANDS]
    for s, p in enumerate(st["players"]):
        p["zone"] = [{"slot": i, "card": commands[(i * 3 + s) % len(commands)], "revealed": i in (1, 4),
                      "face_up": i == 6, "revealed_turn": 2 if i in (1, 4) else None, "tokens": i % 3,
                      "staged_turn": 1} for i in range(10 - 2 * s)]
    view = GAME.view(st, viewer)
    for u in view["units"]:
        u["command"] = {"card": commands[0], "tokens": 2, "phase": "engage"}
        u["defence"] = {"card": commands[2], "tokens": 1}
        u["acted"] = True
    mor = view.get("morale") or {}
    for side in mor.get("seats") or []:
        side["modifiers"] = {"engage": 1, "defend": -1, "morale_effect": 0, "mobility": 0, "cost": 0}
    return view


NAMES_LONG = ["Marcus Aurelius the Philosopher", "\U0001f409 Temüjin, Khan of the Steppe"]


def cases() -> list:
    from render.evs import board_png, clear_cache, private_pngs

    def board(view, names, lang):
        def draw():
            clear_cache()  # the cached battlefield draws (and records) its labels again
            return board_png(view, names, lang)
        return draw

    def page(view, seat, names, lang, i):
        return lambda: private_pngs(view, seat, names, lang)[i]

    out = []
    for lang in LANGS:
        names = V.NAMES if lang == "en" else V.NAMES_CJK
        for name in BOARD_SAMPLES:
            out.append((f"board-{name}-{lang}", board(V.view(name), names, lang)))
        out.append((f"board-worst-{lang}", board(worst_view(), NAMES_LONG, lang)))
        for i, st in enumerate(crowded_states()):
            out.append((f"board-random{i}-{lang}", board(GAME.view(st, None), names, lang)))
            for seat in (0, 1):
                own = GAME.view(st, seat)
                for k in range(len(private_pngs(own, seat, names, lang))):
                    out.append((f"sheet-random{i}-seat{seat}-page{k}-{lang}", page(own, seat, names, lang, k)))
        for name in SHEET_SAMPLES:
            for seat in (0, 1):
                own = V.view(name, seat)
                for k in range(len(private_pngs(own, seat, names, lang))):
                    out.append((f"sheet-{name}-seat{seat}-page{k}-{lang}", page(own, seat, names, lang, k)))
    return out
