"""Clash of Decks rules engine. ``GAME`` implements engine.base.Game plus ``concede``.

Modules, each importing only modules listed before it (tests/games/clash/engine/test_import_map.py):

- content: ``abilities`` (ability bits), ``cards`` (card data and validation), ``names`` (content
  names for the cog and the renderer, engine/names.py), ``options``;
- state: ``state`` (layout, copy, board queries, raw events, the end of the game);
- rules, bottom up: ``aideck`` (damage to the Solo AI deck), ``hand`` (fort and hand),
  ``board`` (creatures, damage, defeat and return), ``spells`` (effect language), ``attack``
  (phase 3), ``champion``, ``solo`` (the AI turn), ``turn`` (phases and end of turn),
  ``summon`` (phase 2), ``deal`` (from built decks to the first turn), ``draft`` (deck choice,
  draft, constructed), ``setup`` (the initial state);
- moves: ``notation`` (the verb table: parse, format, ActionInfo), ``redact`` (the log table),
  ``actions`` (prompts, legal actions, diagnosis, dispatch);
- players and views: ``view``, ``bot``;
- ``game`` (the contract object, on engine/kit.py's GameBase, with apply_inplace for
  engine/playout.py) and ``scenario`` (building positions for tests and puzzles,
  docs/scenarios.md).
"""
from .game import ClashGame

GAME = ClashGame()

__all__ = ["GAME", "ClashGame"]
