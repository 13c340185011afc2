"""Cloudspire rules engine (see docs/rules/cloudspire.md for the CS- rule IDs)."""
from __future__ import annotations

from . import game as _g
from . import notation as _n
from . import bot as _b
from . import redact as _r
from .view import view as _view


class Cloudspire:
    id = "cloudspire"
    min_seats = 2
    max_seats = 4

    def options_schema(self):
        return {k: dict(v) for k, v in _g.OPTIONS.items()}

    def seat_range(self, options):
        """CS-TEAM-1: the team game is exactly four; the tutorial map is a duel; otherwise 2-4."""
        if options.get("mode") == "teams":
            return (4, 4)
        if options.get("map") == "tutorial":
            return (2, 2)
        return (2, 4)

    def setup(self, seats, options, seed):
        return _g.setup(seats, options, seed)

    def prompts(self, state):
        return _g.prompts(state)

    def legal_actions(self, state, seat):
        return _g.legal_actions(state, seat)

    def apply(self, state, seat, action):
        return _g.apply(state, seat, action)

    def view(self, state, viewer):
        return _view(state, viewer)

    def result(self, state):
        return _g.result(state)

    def concede(self, state, seat, reason):
        return _g.concede(state, seat, reason)

    def format_action(self, action):
        return _n.format_action(action)

    def parse_action(self, text):
        return _n.parse_action(text)

    def log_text(self, state, actor, viewer, text):
        """A logged move as ``viewer`` may see it now (redact.py: the verb table)."""
        return _r.log_text(state, actor, viewer, text)

    def log_hidden(self, text):
        return _r.log_hidden(text)

    def bot_action(self, state, seat):
        return _b.strong_bot_action(state, seat)

    def off_turn(self, action):
        """Standing policies may be set by any seat at any time (they are not moves)."""
        return isinstance(action, dict) and action.get("do") == "pol"

    def timeout_action(self, state, seat):
        return _b.timeout_action(state, seat)


GAME = Cloudspire()
