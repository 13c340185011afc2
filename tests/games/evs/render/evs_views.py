"""Sample Empire vs Steppe positions for the renderer tests and the sample pictures.

Every sample is a real position: a seeded game played by the engine's own bot
(``GAME.bot_action``) with one option set, stopped at the first state a predicate accepts
(vanguard deployment, mid-game with a command in progress, a defence window, game over, the
secret pick, terrain placement). ``state(name)`` is a fresh copy of the engine state,
``view(name, viewer=None)`` the view for a seat (None: the public view).

    .venv/bin/python tests/games/evs/render/evs_views.py     # writes /tmp/evs_render/*.png
"""

from __future__ import annotations

import copy
import random
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.evs import GAME  # noqa: E402

NAMES = ["Alice", "Bob"]
NAMES_CJK = ["长城守将", "草原之鹰"]
MAX_ACTIONS = 4000


def _vanguard(st):
    v = st.get("vanguard")
    return st["phase"] == "vanguard" and v and sum(v["placed"]) >= 3


def _mid(turn):
    def pred(st):
        return (st["phase"] == "turn" and st["turn"] >= turn and st["pending"] is None
                and any(b["kind"] == "command" for b in st["battle"])
                and any(u["acted_turn"] == st["turn"] for u in st["units"].values()))
    return pred


def _defence(st):
    return st["pending"] is not None and st["pending"]["kind"] == "defence" and st["turn"] >= 3


def _defended(st):
    """Mid-turn with a defence card lying on a unit."""
    return st["phase"] == "turn" and any(b["kind"] == "defence" for b in st["battle"]) and st["pending"] is None


def _pending_kind(kind):
    def pred(st):
        return st["pending"] is not None and st["pending"]["kind"] == kind
    return pred


def _over(st):
    return st["result"] is not None


def _terrain_place(st):
    return st["phase"] == "terrain" and st["terrain"]["placed"] >= 7


def _morale_mid(st):
    m = st.get("morale")
    return (_mid(6)(st) and m is not None
            and sum(len(s["zone"]) for s in m["seats"]) >= 3)


def _hidden_zone(st):
    return (_mid(4)(st) and all(any(not e["revealed"] for e in p["zone"]) for p in st["players"])
            and any(e["revealed"] for p in st["players"] for e in p["zone"]))


#: name -> (options, seed, predicate)
SAMPLES = {
    "base_vanguard": ({}, 1, _vanguard),
    "base_mid": ({}, 2, _mid(5)),
    "base_defence": ({}, 3, _defence),
    "base_defended": ({}, 4, _defended),
    "base_over": ({}, 5, _over),
    "terrain_place": ({"terrain": "on"}, 6, _terrain_place),
    "terrain_vanguard": ({"terrain": "on"}, 7, _vanguard),
    "terrain_mid": ({"terrain": "on"}, 8, _mid(6)),
    "terrain_defence": ({"terrain": "on"}, 9, _defence),
    "terrain_penalty": ({"terrain": "on"}, 20, _pending_kind("penalty")),
    "terrain_flip": ({"terrain": "on"}, 21, _pending_kind("flip")),
    "morale_mid": ({"morale": "on"}, 10, _morale_mid),
    "morale_defence": ({"morale": "on"}, 11, _defence),
    "morale_over": ({"morale": "on"}, 12, _over),
    "morale_offer": ({"morale": "on", "terrain": "on"}, 0, _pending_kind("morale")),
    "morale_tokens": ({"morale": "on", "terrain": "on"}, 0, _pending_kind("tokens")),
    "morale_heal": ({"morale": "on", "terrain": "on"}, 0, _pending_kind("heal")),
    "advanced_mid": ({"advanced": "on"}, 13, _hidden_zone),
    "advanced_defence": ({"advanced": "on"}, 14, _defence),
    "advanced_over": ({"advanced": "on"}, 15, _over),
    "all_mid": ({"advanced": "on", "terrain": "on", "morale": "on"}, 16, _mid(8)),
    "all_defence": ({"advanced": "on", "terrain": "on", "morale": "on"}, 17, _defence),
}


def play_until(options: dict, seed: int, pred, max_actions: int = MAX_ACTIONS) -> dict:
    """The first state of the bot-played game (``options``, ``seed``) that ``pred`` accepts."""
    st = GAME.setup(2, options, seed)
    rnd = random.Random(seed)
    for _ in range(max_actions):
        if pred(st):
            return st
        if st["result"] is not None:
            break
        seat = GAME.prompts(st)[0].seat
        try:
            action = GAME.bot_action(st, seat)
        except (KeyError, ValueError, TypeError):  # a decision the bot does not know: a random legal one
            legal = GAME.legal_actions(st, seat)
            action = legal[rnd.randrange(len(legal))]
        st, _ = GAME.apply(st, seat, action)
    raise LookupError(f"no position found for {options} seed {seed}")


@lru_cache(maxsize=None)
def _state(name: str) -> dict:
    if name == "pick_select":
        return _pick_state()
    options, seed, pred = SAMPLES[name]
    for s in range(seed, seed + 40):  # the first seed that reaches such a position
        try:
            return play_until(options, s, pred)
        except LookupError:
            continue
    raise LookupError(name)


def _pick_state() -> dict:
    """The secret pick (``hands: pick``, ES-AMB-3): seat 0 has picked 6 cards, seat 1 took
    the standard set."""
    st = GAME.setup(2, {"hands": "pick"}, 18)
    for card in ("legionary", "shield_guard", "ballista", "advance", "shield_wall", "ballista_shot"):
        seat = 0 if st["factions"][0] == "empire" else 1
        st, _ = GAME.apply(st, seat, {"type": "pick", "card": card})
    other = 1 - seat
    st, _ = GAME.apply(st, other, {"type": "pick", "card": "standard"})
    return st


ALL = sorted(list(SAMPLES) + ["pick_select"])


def state(name: str) -> dict:
    return copy.deepcopy(_state(name))


def view(name: str, viewer: int | None = None) -> dict:
    return GAME.view(_state(name), viewer)


def write_samples(out: str = "/tmp/evs_render") -> list[str]:
    """Every sample's board and both private pictures, full size and 400 px wide, both
    languages (the pictures to look at)."""
    import io

    from PIL import Image

    from render.evs import board_png, private_png

    Path(out).mkdir(parents=True, exist_ok=True)
    paths = []
    for name in ALL:
        for lang in ("en", "zh-CN"):
            names = NAMES if lang == "en" else NAMES_CJK
            pics = {"board": board_png(view(name), names, lang)}
            for seat in (0, 1):
                pics[f"private{seat}"] = private_png(view(name, seat), seat, names, lang)
            for kind, png in pics.items():
                base = f"{out}/{name}_{kind}_{lang}"
                Path(base + ".png").write_bytes(png)
                img = Image.open(io.BytesIO(png))
                small = img.resize((400, round(img.height * 400 / img.width)), Image.Resampling.LANCZOS)
                small.save(base + "_400.png")
                paths.append(base + ".png")
    return paths


if __name__ == "__main__":
    for p in write_samples(*sys.argv[1:]):
        print(p)
