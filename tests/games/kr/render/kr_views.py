"""Sample Kingdom Rush positions for the renderer tests and the sample pictures.

``setup_state(scenario, seats)`` is a fresh game (``engine.kr.setup.new_state``);
``midgame_state(scenario, seats)`` edits one into a mid-game position: hordes with tiles,
soldiers and a hero base, a flying tray stacked on a large-enemy tray, a portal, a deadly
horde, towers on sites (one face down, one site with two), a hero on a road square and one
engaged on a tray, phase 2 with a seat done. ``public_view(st)`` is the public view
(docs/kr/engine.md: no ``rng``, decks as counts and top crystals, ghost deck as a count);
``engine.kr.view`` is used when it exists.

    .venv/bin/python tests/games/kr/render/kr_views.py     # writes /tmp/kr_render/*.png
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.kr.content import ENEMIES, HORDES, SCENARIOS, map_dict  # noqa: E402
from engine.kr.hordegrid import add_hero, add_soldier, add_tile, horde_grid  # noqa: E402
from engine.kr.mapgeo import MapGeo  # noqa: E402
from engine.kr.setup import new_state  # noqa: E402

NAMES = ["Alice", "Bob", "Carol", "Dave"]
NAMES_CJK = ["长城守将", "草原之鹰", "小明", "王国卫士"]


def public_view(st: dict) -> dict:
    try:
        from engine.kr.view import view as engine_view  # the engine's own, once it exists
    except ImportError:
        engine_view = None
    if engine_view is not None:
        return engine_view(copy.deepcopy(st), None)
    v = copy.deepcopy(st)
    v.pop("rng", None)
    v["decks"] = {m: {"count": len(d), "top_crystals": HORDES[d[0]]["crystals"] if d else None}
                  for m, d in st["decks"].items()}
    v["ghost_deck"] = {"count": len(st["ghost_deck"])}
    return v


def setup_state(scenario: str, seats: int, seed: int = 7) -> dict:
    return new_state(seats, {"scenario": scenario}, seed)[0]


def _geo(st: dict) -> MapGeo:
    return MapGeo.from_dict(map_dict(st["scenario"]))


def _tray(st: dict, card: str, cell: str, layer: int = 0) -> str:
    tid = f"t{st['next_tray']}"
    st["next_tray"] += 1
    st["trays"][tid] = {"card": card, "cell": cell, "facing": _geo(st).orientation(cell),
                        "cover": {"tiles": [], "soldiers": [], "heroes": {}}, "layer": layer}
    return tid


def _grid(card: str):
    return horde_grid(HORDES[card], ENEMIES)


def midgame_state(scenario: str, seats: int, seed: int = 7) -> dict:
    st = setup_state(scenario, seats, seed)
    g = _geo(st)
    st["round"], st["phase"], st["crystals"] = 3, 2, 7
    st["hearts"] -= 3
    taken = {t["cell"] for t in st["trays"].values()}
    free = [c for c in g.path(1) if c not in taken]
    cells = free[1::2]
    # a horde with a tile, a soldier and (later) a hero base over its heal icon
    a = _tray(st, "orc_war_party", cells[0])
    gr = _grid("orc_war_party")
    cov = add_tile(gr, st["trays"][a]["cover"], [[0, 0], [1, 0]], "physical", "archer_1")
    cov = add_soldier(gr, cov, [4, 0], "physical")
    st["trays"][a]["cover"] = cov
    # a flying horde stacked on a large-enemy horde
    b = _tray(st, "troll_warband", cells[1])
    st["trays"][b]["cover"] = add_tile(_grid("troll_warband"), st["trays"][b]["cover"],
                                       [[0, 0], [1, 0], [0, 1]], "magic", "mage_2")
    _tray(st, "night_raid", cells[1], layer=1)
    # a portal with a tile, a deadly horde, a swift horde with its icon covered
    p = _tray(st, "rift_a", cells[2])
    st["trays"][p]["cover"] = add_tile(_grid("rift_a"), st["trays"][p]["cover"], [[1, 0]], "physical",
                                       "artillery_2")
    if len(cells) > 3:
        _tray(st, "shadow_ambush", cells[3])
    if len(cells) > 4:
        w = _tray(st, "wolf_pack", cells[4])
        st["trays"][w]["cover"] = add_tile(_grid("wolf_pack"), st["trays"][w]["cover"], [[0, 2], [1, 2]],
                                           "physical", "archer_2")
    st["portals"]["total"] = max(st["portals"]["total"], 1)
    # heroes: seat 0 engaged on tray a, seat 1 on a road square
    heroes = [s["hero"] for s in st["seats"]]
    h0 = st["heroes"][heroes[0]]
    st["trays"][a]["cover"] = add_hero(gr, st["trays"][a]["cover"], heroes[0], [1, 2])
    h0.update(cell=cells[0], tray=a, facing="E", health=h0["max"] - 1, activated=True)
    if len(heroes) > 1:
        h1 = st["heroes"][heroes[1]]
        h1.update(cell=free[0], facing="S", health=h1["max"] - 2)
    # towers: each seat builds its first card on a site of its colour; seat 0's second is face down
    players = len(st["seats"])
    used: set[str] = set()
    for i, s in enumerate(st["seats"]):
        mine = [x for x in g.sites.values() if x.colour in s["colours"] and players in x.players
                and x.cell not in used]
        for k, card in enumerate(s["hand"][:2]):
            if k >= len(mine):
                break
            used.add(mine[k].cell)
            st["sites"][mine[k].cell] = [{"card": card, "seat": i, "facing": "SNEW"[(i + k) % 4],
                                          "face_down": i == 0 and k == 1}]
            s["hand"].remove(card)
    if players > 1 and st["seats"][1]["hand"]:
        cell = next(iter(c for c, t in st["sites"].items() if t and t[0]["seat"] == 1))
        st["sites"][cell].append({"card": "barracks_1", "seat": 1, "facing": "W", "face_down": False})
        st["seats"][1]["pending"].append("mage_2")
    st["seats"][0]["done"] = True
    if players == 1:
        st["solo"]["excluded"] = "blue"
    return st


def samples() -> dict[str, dict]:
    """name -> public view: every scenario at 1, 2 and 4 seats, and mid-game positions."""
    out = {}
    for sid in SCENARIOS:
        for n in (1, 2, 4):
            out[f"{sid}_{n}p"] = public_view(setup_state(sid, n))
    for sid, n in (("pioneer_pass", 4), ("twin_gates", 2), ("farrinken_valley", 1), ("haunted_marsh", 4),
                   ("rift_citadel", 2)):
        out[f"mid_{sid}_{n}p"] = public_view(midgame_state(sid, n))
    return out


def main() -> None:
    from PIL import Image

    from render.kr import board_png, horde_png
    out = Path("/tmp/kr_render")
    out.mkdir(parents=True, exist_ok=True)
    for name, v in samples().items():
        for lang in ("en", "zh-CN"):
            if lang == "zh-CN" and not name.startswith("mid_"):
                continue
            names = NAMES if lang == "en" else NAMES_CJK
            png = board_png(v, names[:len(v["seats"])], lang)
            path = out / f"{name}_{lang}.png"
            path.write_bytes(png)
            img = Image.open(path)
            img.resize((400, int(img.height * 400 / img.width)), Image.LANCZOS).save(out / f"{name}_{lang}_400.png")
    v = public_view(midgame_state("pioneer_pass", 4))
    for tid in v["trays"]:
        (out / f"horde_{tid}.png").write_bytes(horde_png(v, tid, "en"))
    (out / "horde_t3_options.png").write_bytes(horde_png(v, "t3", "en", [[[1, 2]], [[2, 0], [3, 0]], [[0, 3], [1, 3]]]))
    (out / "horde_t3_zh.png").write_bytes(horde_png(v, "t3", "zh-CN", [[[1, 2]]]))
    print(out)


if __name__ == "__main__":
    main()
