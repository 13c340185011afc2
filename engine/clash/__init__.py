"""Clash of Decks rules engine. ``GAME`` implements engine.base.Game plus ``concede``.

Modules: cards (content data + validation), abilities, state (layout, copy, board queries),
hand (fort/hand mechanics), board (creatures, damage, defeat and return), summon (phase 2),
spells (effect language), attack (phase 3), turn (phases and end of turn), solo (AI turn and
AI deck damage), champion, draft (deck choice / draft / constructed), options, setup,
actions (prompts, legal actions, diagnosis, dispatch), notation, view, bot, playout.
"""
from .game import ClashGame

GAME = ClashGame()

__all__ = ["GAME", "ClashGame"]
