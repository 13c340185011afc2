"""Empire vs Steppe (帝国 vs 草原) rules engine. ``GAME`` implements engine.base.Game plus
``concede``. Conventions shared by its modules: docs/evs/engine.md.

Modules, each importing only modules listed before it:

- content: ``grid`` (cells), ``keywords`` (the closed keyword / effect vocabulary),
  ``content`` (data/*.json, validated at load), ``names`` (content names, engine/names.py),
  ``options``;
- state: ``state`` (layout, copy, events, queries), ``board`` (terrain plug point),
  ``track`` (morale track and shakes; morale plug point);
- rules, bottom up: ``action`` (the Action: reveal, play, phases), ``faction`` (faction
  effects), ``engage`` (attacks, the defence window, resolution), ``turn`` (declaration,
  Recall, end of turn), ``deploy``, ``vanguard``, ``placement`` (terrain placement at
  setup), ``movement`` (a move's terrain penalties and mobility flip), ``morale`` (morale
  cards, the just-drawn offer, Rally), ``setup``;
- moves: ``notation``, ``redact``, ``standing`` (standing defence orders), ``actions``
  (prompts, legal actions, diagnosis, dispatch);
- players and views: ``view``, ``bot_variety`` (the bot's seeded choice among near-equal
  moves), ``bot``; ``game`` (the contract object, with ``apply_inplace`` for
  engine/playout.py).

The expansions plug in through ``board`` and ``track`` (``terrain_rules`` / ``morale_rules``,
imported only when their option is on); ``movement`` and ``morale`` play them in the turn.
"""
from .game import EvsGame

GAME = EvsGame()

__all__ = ["GAME", "EvsGame"]
