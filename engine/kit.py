"""What every engine's contract class shares (README "Adding a game"): notation, move
metadata and the inverse of a command's arguments from the game's verb table
(engine/verbs.py), log redaction from its LogRule table (engine/base.py), and Continue as
the first legal move whose verb continues. A game's ``game.py`` subclasses :class:`GameBase`
and declares ``grammar`` (and ``log_rules``, or overrides ``log_text``/``log_hidden``)."""
from __future__ import annotations

from typing import Any, ClassVar, Iterable, Mapping

from engine.base import ActionInfo, LogRule, log_verb_hidden, redact_log_text
from engine.verbs import Grammar

JSON = Any


class GameBase:
    grammar: ClassVar[Grammar]
    log_rules: ClassVar[Mapping[str, LogRule]] = {}

    def legal_actions(self, state: JSON, seat: int) -> list[JSON]:
        raise NotImplementedError

    def format_action(self, action: JSON) -> str:
        return self.grammar.format(action)

    def parse_action(self, text: str) -> JSON:
        return self.grammar.parse(text)

    def action_info(self, text: str) -> ActionInfo:
        """How the host presents and treats a move (the verb table decides)."""
        return self.grammar.info(text)

    def move_from_command(self, command: str, args: Iterable[str | None]) -> str | None:
        """The notation a slash subcommand's arguments spell, or None (engine/verbs.py)."""
        return self.grammar.move_from_command(command, args)

    def log_text(self, state: JSON, actor: int | None, viewer: int | None, text: str) -> str:
        """A logged move as ``viewer`` may see it now (the LogRule table decides)."""
        return redact_log_text(self.log_rules, state, actor, viewer, text)

    def log_hidden(self, text: str) -> bool:
        return log_verb_hidden(self.log_rules, text)

    def people_range(self, options: JSON) -> tuple[int, int]:
        """How many people a lobby with these options seats (default: every seat is a
        person's or a bot's, ``seat_range``). A game that adds seats of its own when the match
        starts (``house_seats``) says how many people come before them."""
        seat_range = getattr(self, "seat_range")
        low, high = seat_range(options)
        return int(low), int(high)

    def house_seats(self, options: JSON, people: int) -> list[dict]:
        """The seats the game itself plays, appended by the host after the ``people`` seats
        when the match starts (``{"bot": True, ...}``: played like bot seats); default none."""
        return []

    def continue_action(self, state: JSON, seat: int) -> JSON | None:
        """The first legal move of ``seat`` whose verb continues (ends the step), or None."""
        continues = self.grammar.continues
        return next((a for a in self.legal_actions(state, seat) if continues(a)), None)
