"""The basic attack with each hero's skill, recover, and the small helpers the abilities share
(KR-HACT-1..5/8, KR-ALL-4/5, KR-LIL-1, KR-MAL-1, KR-MAG-1, KR-IGN-1, KR-AMB-35/38/45/47/53).

Basic-attack ``choice`` keys (the skill's decisions; the tiles are the action's placements,
``attack`` 0 for the printed attack and ``"extra"`` for the skill's extra tiles):

* Alleria (KR-ALL-4/5, KR-AMB-35): ``{"summon": bool, "summon_base": [c, r] | None}`` - put the
  wildcat (off the map) in her square after the attack; on a tray it needs a 2x2 base
  (``summon_base``, default the first legal one), and without room the summon is refused. A
  wildcat summoned this way cannot be activated this round.
* Lilith (KR-LIL-1): ``{"heal": figure, "refresh": ability id | None}`` - after the attack the
  chosen figure (default Lilith; herself, or one in her square or an adjacent square) heals 1
  heart and turns the named face-down ability face up (default: its first face-down one;
  None: none).
* Malik (KR-MAL-1): up to one extra 1x1 tile per empty square his tile covered, each on any
  tray adjacent to him (KR-AMB-41); optional.
* Magnus (KR-MAG-1): on a building site, one extra 1x2 tile (his facing, like the basic tile)
  on the tray his basic tile went on; optional. The site stays closed to towers while he
  stands on it (``towers.check_site`` refuses sites holding a hero).
* Ignus (KR-IGN-1, KR-AMB-38): when his tile has squares of exactly 2 enemies under it, one
  extra 1x1 tile on each adjacent tray; optional.
"""
from __future__ import annotations

from typing import Any

from .content import HEROES
from .hero_attacks import (Ctx, Parts, adjacent_targets, attack_targets, enemies_under, enemy_squares, resolve,
                           wildcat_of)
from .hero_moves import as_pair, check_path, move_path, place_wildcat_first, put_wildcat, settle, teleport
from .phases import heal_hero
from .shapes import FACINGS
from .state import WILDCAT, ev, geo, grid
from .towers import err


def check_choice(raw: Any, allowed: set[str] | frozenset[str], label: str) -> dict:
    """``raw`` as a choice dict with only ``allowed`` keys."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise err("malformed", f"the choice of {label} is an object, not {raw!r}", ability=label)
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise err("malformed", f"{label} takes no choice {unknown[0]!r} (allowed: {sorted(allowed)})",
                  ability=label, key=unknown[0])
    return raw


def check_facing(facing: Any) -> str | None:
    if facing is not None and facing not in FACINGS:
        raise err("bad_facing", f"facing must be one of {FACINGS}", facing=facing)
    return facing


def turn(ctx: Ctx, figure: str, facing: str | None) -> None:
    """KR-HERO-8, KR-AMB-18: the facing is chosen after moving, before the action."""
    if facing is not None and facing != ctx.st["heroes"][figure]["facing"]:
        ctx.st["heroes"][figure]["facing"] = facing
        ev(ctx.events, "hero_faced", figure=figure, facing=facing)


def stop(ctx: Ctx, figure: str, base: Any, wildcat_base: Any = None) -> None:
    """Stop a figure in transit (``hero_moves.settle``), then KR-ALL-4's first placement of
    the wildcat; a figure that did not move keeps its base (``base`` None or the same)."""
    st = ctx.st
    h = st["heroes"][figure]
    if figure not in ctx.transit:
        tid = h["tray"]
        current = st["trays"][tid]["cover"]["heroes"].get(figure) if tid in st["trays"] else None
        if base is not None and (current is None or as_pair(base) != as_pair(current)):
            raise err("not_moved", f"{figure} did not move, so its base stays where it is", figure=figure, base=base)
        return
    settle(st, figure, base, ctx.events)
    ctx.transit.discard(figure)
    place_wildcat_first(st, figure, wildcat_base, ctx.events)


def walk(ctx: Ctx, figure: str, path: Any, moves: int) -> list[str]:
    """Check and walk a path; the figure is then in transit (KR-HERO-4..7)."""
    if path and ctx.st["heroes"][figure]["knocked_out"]:
        raise err("knocked_out", f"{figure} is knocked out and cannot move (KR-HPT-4)", figure=figure)
    path = check_path(ctx.st, figure, path if path is not None else [], moves)
    move_path(ctx.st, figure, path, ctx.events)
    if path:
        ctx.transit.add(figure)
    return path


def place(ctx: Ctx, figure: str, cell: Any) -> None:
    """Magic Trick and bench heroes: straight onto ``cell`` (in transit until ``stop``)."""
    teleport(ctx.st, figure, cell, ctx.events)
    ctx.transit.add(figure)


def near(st: dict, actor: str, target: Any, label: str) -> str:
    """``target`` is ``actor`` or a figure on the map in its square or an adjacent one."""
    if target == actor:
        return actor
    h = st["heroes"].get(target) if isinstance(target, str) else None
    here = st["heroes"][actor]["cell"]
    if h is None or h["cell"] is None or here is None or not (h["cell"] == here or geo(st).is_adjacent(here, h["cell"])):
        raise err("not_adjacent", f"{label}: {target!r} is not in {actor}'s square or an adjacent one",
                  figure=target, ability=label)
    return target


def heal(ctx: Ctx, figure: str, n: int, label: str) -> None:
    gained = heal_hero(ctx.st, figure, n)
    ev(ctx.events, "hero_healed", figure=figure, healed=gained, health=ctx.st["heroes"][figure]["health"], cause=label)


def refresh(ctx: Ctx, figure: str, ability: Any, label: str) -> None:
    """Turn one face-down ability of ``figure`` face up (KR-LIL-1, KR-MAL-2)."""
    if ability is None:
        return
    abilities = ctx.st["heroes"][figure]["abilities"]
    if ability not in abilities or abilities[ability]:
        raise err("not_face_down", f"{label}: {ability!r} is not a face-down ability of {figure}",
                  figure=figure, ability=ability)
    abilities[ability] = True
    ev(ctx.events, "ability_refreshed", figure=figure, ability=ability, cause=label)


def first_face_down(st: dict, figure: str) -> str | None:
    return next((a for a, up in st["heroes"][figure]["abilities"].items() if not up), None)


def protect(ctx: Ctx, figure: str, label: str) -> None:
    """KR-HACT-7, KR-HPT-8: no damage until the end of the round (``protected``)."""
    ctx.st["heroes"][figure]["protected"] = True
    ev(ctx.events, "hero_protected_until_end", figure=figure, cause=label)


def recover(ctx: Ctx, figure: str) -> None:
    """KR-HACT-8, KR-AMB-47: full health, every ability face up; also off the map."""
    h = ctx.st["heroes"][figure]
    h["health"] = h["max"]
    for a in h["abilities"]:
        h["abilities"][a] = True
    ev(ctx.events, "hero_recovered", figure=figure, health=h["health"])


# --- the basic attack -------------------------------------------------------------------------

SKILL_KEYS = {"alleria": {"summon", "summon_base"}, "lilith": {"heal", "refresh"}}


def basic_attack(ctx: Ctx, actor: str, parts: Parts, raw_choice: Any, bench: bool = False) -> None:
    """The basic attack (KR-HACT-2..5) and the hero's skill (module docstring)."""
    st = ctx.st
    hero = HEROES[actor]
    choice = check_choice(raw_choice, SKILL_KEYS.get(actor, set()), f"{actor}'s basic attack")
    basic = hero["basic"]
    targets, blocked = attack_targets(st, actor, basic)
    placed = resolve(ctx, actor, basic, basic["damage"], parts, 0, targets, blocked, "basic")
    ev(ctx.events, "hero_attacked", figure=actor, act="basic", trays=sorted({t for t, _ in placed}))
    h = st["heroes"][actor]
    if actor == "malik":
        n = sum(len(cells) - enemy_squares(grid(st["trays"][tid]["card"]), cells) for tid, cells in placed)
        _extra(ctx, actor, ["1x1"] * n, basic["damage"], parts, *adjacent_targets(st, actor))
    elif actor == "ignus":
        if any(enemies_under(grid(st["trays"][tid]["card"]), cells) == 2 for tid, cells in placed):
            _extra(ctx, actor, ["1x1"], basic["damage"], parts, *adjacent_targets(st, actor), each=True)
    elif actor == "magnus":
        if placed and h["cell"] is not None and geo(st).is_site(h["cell"]):
            _extra(ctx, actor, ["1x2"], basic["damage"], parts, [placed[0][0]], {}, free=basic["free"])
    elif actor == "lilith":
        target = near(st, actor, choice.get("heal", actor), "Dark Blessing")
        heal(ctx, target, 1, "dark_blessing")
        refresh(ctx, target, choice["refresh"] if "refresh" in choice else first_face_down(st, target),
                "dark_blessing")
    elif actor == "alleria" and choice.get("summon"):
        summon(ctx, actor, choice.get("summon_base"), bench)


def _extra(ctx: Ctx, actor: str, tiles: list[str], damage: str, parts: Parts, targets: list[str],
           blocked: dict[str, str], *, each: bool = False, free: bool = True, linked: bool = False) -> None:
    """A skill's or ability's optional extra tiles (placements with ``"attack": "extra"``)."""
    if not tiles:
        return
    attack = {"tiles": tiles, "arrows": [], "free": free, "each": each, "linked": linked, "soldiers": 0}
    resolve(ctx, actor, attack, damage, parts, "extra", targets, blocked, "extra", optional=True)


def summon(ctx: Ctx, actor: str, base: Any, bench: bool) -> None:
    """KR-ALL-4/5, KR-AMB-35: the wildcat (off the map) comes to Alleria's square."""
    st = ctx.st
    w = wildcat_of(st, actor)
    if w is None:
        raise err("no_wildcat", f"{actor} has no wildcat to summon", figure=actor)
    if st["heroes"][w]["cell"] is not None:
        raise err("wildcat_on_map", "the wildcat is already on the map (KR-AMB-35)", cell=st["heroes"][w]["cell"])
    cell = st["heroes"][actor]["cell"]
    if cell is None:
        raise err("not_on_map", f"{actor} is not on the map", figure=actor)
    put_wildcat(st, cell, base, ctx.events, "summon", strict=True)
    if not bench:
        st["heroes"][WILDCAT]["activated"] = True
