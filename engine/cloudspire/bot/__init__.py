"""Cloudspire's computer players.

* ``timeout_action`` (defaults.py): the rules' suggested defaults (docs/rules/cloudspire.md,
  decision points); what a seat that ran out of time, or conceded, plays.
* ``bot_action`` (simple.py): the default bot, rules of thumb on top of the defaults.
* ``strong_bot_action`` (strong.py, strong_build.py, analysis.py): the purposeful bot a bot
  seat plays (``GAME.bot_action``)."""
from __future__ import annotations

from .defaults import timeout_action
from .simple import bot_action
from .strong import strong_bot_action

__all__ = ("bot_action", "strong_bot_action", "timeout_action")
