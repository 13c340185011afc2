"""The hero's one action (KR-HACT-1..8) and the special abilities of the five heroes
(KR-ALL-6..8, KR-LIL-2..5, KR-MAL-2..5, KR-MAG-2..5, KR-IGN-2..5, KR-AMB-34..45, KR-AMB-58).

An ability must be face up and is turned face down once its effect has finished
(KR-HACT-6, KR-AMB-42). Its tiles are the action's placements by attack index (``"attack":
i``, 0 when left out), its "may" extra tiles ``"attack": "extra"``; damage types come from
the data (KR-AMB-58). ``choice`` per ability (other abilities take none):

* ``swift_strike`` (KR-ALL-6): ``{"hero": figure on the map | None, "path": [<= 1 square],
  "facing", "base", "placements": [that hero's basic attack], "choice": {its skill}}`` - after
  the tiles, that hero (Alleria too, even if it has acted) may move 1 square and performs its
  basic attack; None/absent: nobody.
* ``call_of_the_wild`` (KR-ALL-7): the four 1x1 tiles go on the wildcat's tray as a diamond
  (any placement of the pattern inside the card); every tile of the chosen diamond that can
  go there must. No wildcat on a tray: no effect.
* ``do_you_bleed_too`` (KR-ALL-8): attack 0 the 1x3 tile, attack 1 the two 1x1 tiles on the
  wildcat's tray (not placed without one).
* ``reapers_harvest`` (KR-LIL-3): each tile touches a different side of Lilith's base.
* ``resurrection`` (KR-LIL-5, KR-AMB-43): the tile, and ``{"kind": "resurrection", "figure"}``
  in ``st["effects"]`` (read by ``destroy``).
* ``hammer_time`` (KR-MAL-2, KR-AMB-42): ``{"hero": figure (default the actor), "refresh":
  face-down ability id | None, "then": None | {"act": "basic"|"ability"|"recover", "ability",
  "placements", "choice"}}`` - the second action cannot be Hammer Time (or the ability in use).
* ``earthquake`` / ``cant_touch_this`` (KR-MAL-3/5): protection; Can't Touch This takes
  ``{"basic": bool, + the basic attack's skill keys}``, the basic tiles as placements.
* ``smashing_hammer`` (KR-MAL-4): one optional extra 1x1 per enemy square under the tile, each
  on any adjacent tray (KR-AMB-41).
* ``magic_trick`` (KR-MAG-2, KR-AMB-37): ``{"hero": figure, "to": square, "facing", "base",
  "placements", "choice"}`` - the hero (not knocked out or revived; Magnus too; having acted or
  not) goes to any square where it may stop and performs its basic attack; then Magnus's three
  1x1 tiles (linked) on one tray within the tile's arrows from his square and facing.
* ``knowledge_is_power`` (KR-MAG-4/5, KR-AMB-44): ``{"copy": ability id, "choice": {...}}`` - any
  other ability of a hero in play, face up or down, resolved as Magnus's (his square, facing,
  basic attack); wildcat parts have no effect. The copied ability is not turned over.
* ``hellfire`` (KR-IGN-2): with squares of exactly 3 enemies under the tile, up to two extra
  1x1 tiles on one adjacent tray.
* ``flame_burst`` (designed, KR-AMB-39): 2x2 on the engaged tray, 1x1 on every adjacent tray,
  then Ignus takes 1 damage.
* ``surging_flames`` (KR-IGN-4, KR-AMB-40): ``{"path": [<= 4 squares], "heal": figure}`` - the
  extra move (normal movement rules; the action's own ``path`` is his normal movement, before
  or after by ``order``), one 1x1 tile on every distinct non-portal tray entered, then Ignus or a
  hero in his square or an adjacent one (default Ignus) heals 2.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from .content import HEROES, hero_ability
from .hero_attacks import Ctx, Parts, adjacent_targets, attack_targets, enemies_under, enemy_squares, reach_trays, \
    resolve
from .hero_skills import (_extra, basic_attack, check_choice, check_facing, heal, near, place,
                          protect, recover, refresh, stop, turn, walk)
from .hordegrid import base_sides, tile_problem, touches_own_side
from .phases import damage_hero
from .shapes import orientations, shape, translated
from .state import WILDCAT, ev, grid
from .towers import err

Handler = Callable[[Ctx, str, Mapping, Parts, dict, frozenset], None]
SUB_KEYS = {"hero", "path", "facing", "base", "placements", "choice"}


def perform(ctx: Ctx, actor: str, act: Any, ability: Any, parts: Parts, raw_choice: Any,
            in_use: frozenset = frozenset(), bench: bool = False) -> None:
    """One action of ``actor``: ``basic``, ``ability`` (its own, face up) or ``recover``
    (KR-HACT-1); None: no action (placements and choice must then be empty)."""
    if act == "basic":
        basic_attack(ctx, actor, parts, raw_choice, bench)
    elif act == "recover":
        check_choice(raw_choice, set(), "recover")
        recover(ctx, actor)
    elif act == "ability":
        own = ctx.st["heroes"][actor]["abilities"]
        if not isinstance(ability, str) or ability not in own:
            raise err("no_such_ability", f"{actor} has no ability {ability!r}", figure=actor, ability=ability)
        if ability in in_use:
            raise err("not_allowed", f"{ability} is the ability in use (KR-MAL-2, KR-AMB-42)", ability=ability)
        if not own[ability]:
            raise err("ability_used", f"{ability} is face down (KR-HACT-6)", figure=actor, ability=ability)
        _, data = hero_ability(ability)
        ev(ctx.events, "ability_started", figure=actor, ability=ability)
        HANDLERS[ability](ctx, actor, data, parts, check_choice(raw_choice, CHOICE_KEYS.get(ability, set()), ability),
                          in_use | {ability})
        own[ability] = False
        ev(ctx.events, "ability_used", figure=actor, ability=ability)
    elif act is None:
        check_choice(raw_choice, set(), "no action")
    else:
        raise err("malformed", f"act is 'basic', 'ability', 'recover' or None, not {act!r}", act=act)


def _attack(ctx: Ctx, actor: str, ab: Mapping, j: int, parts: Parts, **kw: Any) -> list:
    attack = ab["attacks"][j]
    targets, blocked = attack_targets(ctx.st, actor, attack)
    return resolve(ctx, actor, attack, ab["damage"], parts, j, targets, blocked, ab["id"], **kw)


def _sub_parts(ctx: Ctx, choice: dict) -> Parts:
    return Parts(choice.get("placements"), ctx.auto)


def _sub_done(ctx: Ctx, choice: dict, parts: Parts) -> None:
    parts.finish()
    if ctx.auto:
        choice["placements"] = parts.chosen


def _other_hero(ctx: Ctx, figure: Any, label: str) -> str:
    h = ctx.st["heroes"].get(figure) if isinstance(figure, str) else None
    if h is None:
        raise err("no_such_hero", f"{label}: no hero {figure!r}", figure=figure)
    if h["kind"] == WILDCAT:
        raise err("no_basic_attack", f"{label}: the wildcat has no action (KR-AMB-34)", figure=figure)
    if h["knocked_out"]:
        raise err("knocked_out", f"{label}: {figure} is knocked out", figure=figure)
    return figure


# --- Alleria ------------------------------------------------------------------------------------

def swift_strike(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    _attack(ctx, actor, ab, 0, parts)
    if choice.get("hero") is None:
        if set(choice) - {"hero"}:
            raise err("malformed", "swift_strike: name the 'hero' who moves and attacks", ability=ab["id"])
        return
    figure = _other_hero(ctx, choice["hero"], ab["id"])
    if ctx.st["heroes"][figure]["cell"] is None:
        raise err("not_on_map", f"swift_strike chooses a hero on the map, not {figure} (KR-ALL-6)", figure=figure)
    walk(ctx, figure, choice.get("path", []), ab["params"]["move"])
    stop(ctx, figure, choice.get("base"))
    turn(ctx, figure, check_facing(choice.get("facing")))
    sub = _sub_parts(ctx, choice)
    basic_attack(ctx, figure, sub, choice.get("choice"))
    _sub_done(ctx, choice, sub)


def _pattern_anchors(g: Any, pattern: list) -> list[frozenset]:
    found = []
    for o in orientations(shape(pattern)):
        w, h = max(c for c, _ in o) + 1, max(r for _, r in o) + 1
        for r in range(g.height - h + 1):
            for c in range(g.width - w + 1):
                cells = frozenset(translated(o, (c, r)))
                if cells not in found:
                    found.append(cells)
    return found


def call_of_the_wild(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    attack = ab["attacks"][0]
    st = ctx.st

    def anchors(tid: str) -> list[frozenset]:
        return _pattern_anchors(grid(st["trays"][tid]["card"]), attack["pattern"])

    def check(tid: str, cells: Any, mine: list) -> bool:
        done = {tuple(c) for m in mine for c in m} | {tuple(c) for c in cells}
        return any(done <= a for a in anchors(tid))

    def complete(placed: list) -> None:
        targets, _ = attack_targets(st, actor, attack)
        for tid in targets:
            t = st["trays"][tid]
            g = grid(t["card"])
            done = {tuple(c) for p_tid, cells in placed if p_tid == tid for c in cells}
            if placed and not done:
                continue
            open_ = [a - done for a in anchors(tid) if done <= a]
            legal = [[c for c in rest if tile_problem(g, t["cover"], [c], ab["damage"]) is None] for rest in open_]
            if (not done and any(legal)) or (done and all(legal)):
                raise err("must_place", "call_of_the_wild: a tile of the diamond can still be placed (KR-AMB-8)",
                          tray=tid)

    _attack(ctx, actor, ab, 0, parts, check=check, complete=complete)


def do_you_bleed_too(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    _attack(ctx, actor, ab, 0, parts)
    _attack(ctx, actor, ab, 1, parts)


# --- Lilith -------------------------------------------------------------------------------------

def simple(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    """Infernal Wheel, Divine Chaos, Mirage, Burn It Up! (KR-LIL-2/4, KR-MAG-3, KR-IGN-5)."""
    for j in range(len(ab["attacks"])):
        _attack(ctx, actor, ab, j, parts)


def reapers_harvest(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    st = ctx.st
    tid = st["heroes"][actor]["tray"]
    base = st["trays"][tid]["cover"]["heroes"].get(actor) if tid in st["trays"] else None
    if base is None:
        _attack(ctx, actor, ab, 0, parts)
        return
    sides = [set(s) for s in base_sides(base).values()]

    def check(t: str, cells: Any, mine: list) -> bool:
        return any(set(cells) & s for s in sides) and touches_own_side(base, mine + [list(cells)])

    _attack(ctx, actor, ab, 0, parts, check=check)


def resurrection(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    _attack(ctx, actor, ab, 0, parts)
    ctx.st["effects"].append({"kind": "resurrection", "figure": actor})
    ev(ctx.events, "effect_added", effect="resurrection", figure=actor)


# --- Malik --------------------------------------------------------------------------------------

def hammer_time(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    figure = _other_hero(ctx, choice.get("hero", actor), ab["id"])
    refresh(ctx, figure, choice.get("refresh"), ab["id"])
    then = choice.get("then")
    if then is None:
        return
    then = check_choice(then, {"act", "ability", "placements", "choice"}, "hammer_time.then")
    if then.get("act") not in ("basic", "ability", "recover"):
        raise err("malformed", "hammer_time.then.act is 'basic', 'ability' or 'recover'", act=then.get("act"))
    if then.get("ability") == "hammer_time":
        raise err("not_allowed", "Hammer Time! cannot be the second action (KR-MAL-2)", ability="hammer_time")
    sub = _sub_parts(ctx, then)
    perform(ctx, actor, then["act"], then.get("ability"), sub, then.get("choice"), in_use)
    _sub_done(ctx, then, sub)


def earthquake(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    _attack(ctx, actor, ab, 0, parts)
    cell = ctx.st["heroes"][actor]["cell"]
    for figure, h in sorted(ctx.st["heroes"].items()):
        if figure == actor or (cell is not None and h["cell"] == cell):
            protect(ctx, figure, ab["id"])


def smashing_hammer(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    st = ctx.st
    placed = _attack(ctx, actor, ab, 0, parts)
    n = sum(enemy_squares(grid(st["trays"][tid]["card"]), cells) for tid, cells in placed)
    _extra(ctx, actor, ["1x1"] * n, ab["damage"], parts, *adjacent_targets(st, actor))


def cant_touch_this(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    protect(ctx, actor, ab["id"])
    rest = {k: v for k, v in choice.items() if k != "basic"}
    if choice.get("basic"):
        basic_attack(ctx, actor, parts, rest)
    elif rest:
        raise err("malformed", "cant_touch_this: skill choices need 'basic': true", ability=ab["id"])


# --- Magnus -------------------------------------------------------------------------------------

def magic_trick(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    if "hero" not in choice or "to" not in choice:
        raise err("choice_required", "magic_trick names the 'hero' to move and the square 'to' (KR-MAG-2)",
                  ability=ab["id"])
    figure = _other_hero(ctx, choice["hero"], ab["id"])
    if ctx.st["heroes"][figure].get("revived"):
        raise err("revived_this_round", f"{figure} was revived this round (KR-HPT-6)", figure=figure)
    place(ctx, figure, choice["to"])
    stop(ctx, figure, choice.get("base"))
    turn(ctx, figure, check_facing(choice.get("facing")))
    sub = _sub_parts(ctx, choice)
    basic_attack(ctx, figure, sub, choice.get("choice"))
    _sub_done(ctx, choice, sub)
    _attack(ctx, actor, ab, 0, parts)


def _in_play(st: dict) -> set[str]:
    """Abilities on the hero boards in play (KR-AMB-44): the seats' heroes and bench heroes on
    the map."""
    heroes = {s["hero"] for s in st["seats"]}
    heroes |= {f for f, h in st["heroes"].items() if h["kind"] != WILDCAT and h["cell"] is not None}
    return {a["id"] for hid in heroes if hid in HEROES for a in HEROES[hid]["abilities"]}


def knowledge_is_power(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    copied = choice.get("copy")
    if not isinstance(copied, str) or copied == ab["id"] or copied not in _in_play(ctx.st):
        raise err("cannot_copy", f"knowledge_is_power copies another ability in play, not {copied!r} (KR-MAG-4)",
                  ability=copied)
    _, data = hero_ability(copied)
    ev(ctx.events, "ability_copied", figure=actor, ability=copied)
    HANDLERS[copied](ctx, actor, data, parts, check_choice(choice.get("choice"), CHOICE_KEYS.get(copied, set()),
                                                           copied), in_use | {copied})


# --- Ignus --------------------------------------------------------------------------------------

def hellfire(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    st = ctx.st
    placed = _attack(ctx, actor, ab, 0, parts)
    if any(enemies_under(grid(st["trays"][tid]["card"]), cells) == ab["params"]["if_covers"] for tid, cells in placed):
        _extra(ctx, actor, list(ab["params"]["extra"]), ab["damage"], parts, *adjacent_targets(st, actor),
               linked=True)


def flame_burst(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    _attack(ctx, actor, ab, 0, parts)
    _attack(ctx, actor, ab, 1, parts)
    damage_hero(ctx.st, actor, ab["params"]["self_damage"], ctx.events, ab["id"])


def surging_flames(ctx: Ctx, actor: str, ab: Mapping, parts: Parts, choice: dict, in_use: frozenset) -> None:
    st = ctx.st
    path = walk(ctx, actor, choice.get("path", []), ab["params"]["extra_move"])
    entered, blocked = reach_trays(st, path)
    resolve(ctx, actor, ab["attacks"][0], ab["damage"], parts, 0, entered, blocked, ab["id"])
    heal(ctx, near(st, actor, choice.get("heal", actor), ab["id"]), ab["params"]["heal"], ab["id"])


def moves_in_act(act: Any, ability: Any, choice: Any) -> bool:
    """Does the action itself move the actor further (Surging Flames, also copied or as Hammer
    Time's second action)? Then the movement before it does not stop the hero."""
    if act != "ability" or not isinstance(choice, dict) and choice is not None:
        return False
    choice = choice or {}
    if ability == "surging_flames":
        return bool(choice.get("path"))
    if ability == "knowledge_is_power":
        return moves_in_act("ability", choice.get("copy"), choice.get("choice"))
    if ability == "hammer_time" and isinstance(choice.get("then"), dict):
        then = choice["then"]
        return moves_in_act(then.get("act"), then.get("ability"), then.get("choice"))
    return False


HANDLERS: dict[str, Handler] = {
    "swift_strike": swift_strike, "call_of_the_wild": call_of_the_wild, "do_you_bleed_too": do_you_bleed_too,
    "infernal_wheel": simple, "reapers_harvest": reapers_harvest, "divine_chaos": simple,
    "resurrection": resurrection, "hammer_time": hammer_time, "earthquake": earthquake,
    "smashing_hammer": smashing_hammer, "cant_touch_this": cant_touch_this, "magic_trick": magic_trick,
    "mirage": simple, "knowledge_is_power": knowledge_is_power, "hellfire": hellfire, "flame_burst": flame_burst,
    "surging_flames": surging_flames, "burn_it_up": simple,
}
CHOICE_KEYS: dict[str, set[str]] = {
    "swift_strike": SUB_KEYS, "magic_trick": SUB_KEYS - {"path"} | {"to"},
    "hammer_time": {"hero", "refresh", "then"}, "knowledge_is_power": {"copy", "choice"},
    "surging_flames": {"path", "heal"},
    "cant_touch_this": {"basic", "summon", "summon_base", "heal", "refresh"},
}
