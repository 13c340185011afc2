"""Hero activation as one atomic action (KR-HERO-1..14, KR-HACT-1..8, KR-HPT-6/8, KR-ALL-1..8,
KR-LIL-1..5, KR-MAL-1..5, KR-MAG-1..5, KR-IGN-1..5, KR-SOLO-6..8, KR-PRT-11, KR-AMB-15..19,
KR-AMB-34..50, KR-AMB-54/58).

The action (docs/kr/engine.md "Actions")::

    {"type": "hero", "figure": hero id | "wildcat", "order": "move_first" | "act_first",
     "path": [squares entered, in order], "facing": "N"|"E"|"S"|"W" | None (keep),
     "base": [c, r] | None, "act": "basic" | "ability" | "recover" | None,
     "ability": id | None, "placements": [...], "choice": {...}}

* Activation plays the hero card: once per round (``activated``, KR-HERO-1); a knocked-out
  hero cannot act, nor one revived this round (its card is already on the board, KR-HERO-2,
  KR-HPT-6; refused as ``revived_this_round`` when the hero carries ``"revived": True``,
  otherwise as ``already_activated``). Swift Strike and Magic Trick act for other heroes
  without activating them (KR-ALL-6, KR-MAG-2).
* Movement (``hero_moves``): up to the board's movement points, 8 directions, through road
  squares and sites, from the hero board via the entry square (KR-HERO-4..7, KR-AMB-16). The
  move and the action come in ``order``, never split (KR-HERO-3, KR-AMB-15); the facing is
  set after the move, before the action (KR-HERO-8, KR-AMB-18: with ``act_first`` it is set
  first and kept). ``base`` engages the top tray of the end square (KR-HERO-9..14); without
  movement the hero keeps its square and base (``base`` None or the same).
* The action (``hero_abilities.perform``): basic attack with the skill (``hero_skills``), a
  face-up ability (``hero_abilities``, ``choice`` formats there) or recover; placements as
  in ``hero_attacks`` (``"attack": i | "extra"``; compulsory unless "may").
* ``choice`` may also hold ``"wildcat_base"``: the wildcat's base when Alleria's first
  movement of the game brings it onto a tray (KR-ALL-4; default the first legal base).
* The wildcat (KR-ALL-1..3, KR-AMB-34): ``figure: "wildcat"``, free, once per round, when on
  the map and not summoned this round (KR-ALL-5); it moves up to 2 and may engage; no action.
* Solo bench heroes (KR-SOLO-6..8, KR-AMB-49/50): ``figure``: a bench hero, ``path``: [the one
  square it is placed on] (any square a hero may stop on), ``base`` on a tray, ``act``:
  "basic". At most one per round (``{"kind": "bench", "figure"}`` in ``effects``), once per
  game (it leaves ``solo.bench``); removing it at the end of the round is the round's job.

Errors are ``IllegalAction("kr.err.<reason>")``; the action is played on a copy
(``state.all_or_nothing``), so a refusal changes nothing.
"""
from __future__ import annotations

from .hero_activation import resolve_hero
from .hero_suggest import suggest_hero_actions
from .state import all_or_nothing

__all__ = ["apply_hero", "resolve_hero", "suggest_hero_actions"]


def apply_hero(st: dict, seat: int, action: dict, events: list) -> None:
    """Activate a hero (or the wildcat, or a solo bench hero): all or nothing (KR-ACT-3)."""
    all_or_nothing(st, events, resolve_hero, seat, action)
