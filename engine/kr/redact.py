"""What each logged move shows to the other seats and spectators (``GAME.log_text`` /
``GAME.log_hidden``, engine.base.Game): everything is public in Kingdom Rush (rules
"Information and decisions": the game is co-operative and open; hands may be shown to all),
so every move is shown unchanged to everyone.
"""
from __future__ import annotations

from engine.base import PUBLIC, LogRule, log_verb_hidden, redact_log_text

from .notation import VERBS

RULES: dict[str, LogRule] = {verb: PUBLIC for verb in VERBS}


def log_text(state: dict | None, actor: int | None, viewer: int | None, text: str) -> str:
    return redact_log_text(RULES, state, actor, viewer, text)


def log_hidden(text: str) -> bool:
    return log_verb_hidden(RULES, text)
