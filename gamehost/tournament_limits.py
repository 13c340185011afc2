"""Tournament limits: how many tournaments a member and a server may have open, how many bots
one tournament may enter, and how fast a round's threads are made (Discord limits how fast
a bot creates threads). Pure; from ``Settings`` (``.env``). 0 means unlimited (or, for the
interval, no pacing)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TournamentLimits:
    tournaments_per_user: int = 2        # open tournaments (sign-up, check-in, running) a member created, per server
    tournaments_per_server: int = 5      # open tournaments in one server
    bots_per_tournament: int = 8         # bot entrants in one tournament
    thread_burst: int = 5                # tables of a round opened at once ...
    thread_interval_seconds: float = 1.0  # ... then one more every this many seconds (0: all at once)

    @classmethod
    def from_settings(cls, settings) -> "TournamentLimits":
        return cls(
            tournaments_per_user=settings.max_tournaments_per_user,
            tournaments_per_server=settings.max_tournaments_per_server,
            bots_per_tournament=settings.max_bots_per_tournament,
            thread_burst=settings.tournament_thread_burst,
            thread_interval_seconds=settings.tournament_thread_interval_seconds,
        )

    @classmethod
    def unlimited(cls) -> "TournamentLimits":
        return cls(0, 0, 0, 0, 0.0)
