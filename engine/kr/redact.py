"""What each logged move shows to the other seats and spectators (``KrGame.log_rules``,
engine/kit.py): everything is public in Kingdom Rush (rules "Information and decisions": the
game is co-operative and open; hands may be shown to all), so every move is shown unchanged
to everyone.
"""
from __future__ import annotations

from engine.base import PUBLIC, LogRule

from .notation import VERBS

RULES: dict[str, LogRule] = {row.verb: PUBLIC for row in VERBS}
