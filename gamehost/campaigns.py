"""Campaign progress per channel: which scenarios a channel's group has won and what that
unlocked, for games that have a campaign.

A game has a campaign when its engine package has a ``campaign`` module (found by name, like
the registry finds engines; this module never names a game) with the pure rules::

    empty() -> dict
    normalize(progress | None) -> dict
    record(progress, *, match_id, options, result, players, at) -> dict   # idempotent per match
    check_new(progress, options) -> None      # raises IllegalAction for a locked scenario

Progress is kept per (guild, channel, game) in the ``campaigns`` table (store migration 7); a
thread is a channel of its own, as its matches are. The match service records a finished
match through its ``on_ended`` listeners (:meth:`Campaigns.match_ended`); that runs under
the match's lock, after its commit, and every update is one write transaction that reads and
writes the progress, so simultaneous finishes (two threads, two processes) never lose one
another's victory, and recording a match again changes nothing. A victory the listener never
heard of (the process died between the commit and the listener) is picked up by
:meth:`Campaigns.catch_up`, which folds every finished match of the channel in again; it runs
before progress is shown or a scenario is checked, and it also counts matches finished
before campaigns were kept.
"""
from __future__ import annotations

import logging
from types import ModuleType
from typing import Callable

from gamehost.registry import GAMES
from gamehost.store import MatchRow, Store

log = logging.getLogger(__name__)


def rules(game: str) -> ModuleType | None:
    """The game's campaign rules (``engine/<game>/campaign.py``: GamePlugin.campaign), or None."""
    plugin = GAMES.get(game)
    return plugin.campaign if plugin is not None else None


def players_of(row: MatchRow) -> list[dict]:
    return [{"user_id": s.get("user_id"), "name": s.get("name")} for s in row.seats]


class Campaigns:
    def __init__(self, store: Store, clock: Callable[[], float]):
        self.store = store
        self.clock = clock

    def has_campaign(self, game: str) -> bool:
        return rules(game) is not None

    async def progress(self, guild_id: int | None, channel_id: int, game: str) -> dict | None:
        """The channel's progress as stored (normalized; a channel with none gets the empty
        progress); None for a game without a campaign. Reads only."""
        game_rules = rules(game)
        if game_rules is None:
            return None
        return game_rules.normalize(await self.store.campaign(guild_id, channel_id, game))

    async def record(self, row: MatchRow) -> bool:
        """Fold one finished match into its channel's progress. True if that changed it
        (a victory recorded for the first time)."""
        game_rules = rules(row.game)
        if game_rules is None or row.status != "finished":
            return False
        changed = False

        def change(before: dict | None) -> dict | None:
            nonlocal changed
            after = game_rules.record(before, match_id=row.id, options=row.options, result=row.result,
                                      players=players_of(row), at=row.updated_at)
            changed = after != game_rules.normalize(before)
            return after if changed else None

        await self.store.update_campaign(row.guild_id, row.channel_id, row.game, change, self.clock())
        return changed

    async def match_ended(self, row: MatchRow) -> None:
        """The service's ``on_ended`` listener. A failure is logged, never raised into the
        move that ended the match (already committed); ``catch_up`` records it later."""
        if rules(row.game) is None:
            return
        try:
            if await self.record(row):
                log.info("campaign: match %s recorded for channel %s", row.id, row.channel_id)
        except Exception:
            log.exception("campaign: recording match %s failed", row.id)

    async def catch_up(self, guild_id: int | None, channel_id: int, game: str) -> dict | None:
        """The channel's progress after folding in every finished match of the channel that
        it lacks (one transaction; nothing written when nothing is missing)."""
        game_rules = rules(game)
        if game_rules is None:
            return None
        finished = [r for r in await self.store.finished_in_channel(channel_id, game)
                    if (r.guild_id or 0) == (guild_id or 0)]

        def change(before: dict | None) -> dict | None:
            progress = game_rules.normalize(before)
            for row in finished:
                progress = game_rules.record(progress, match_id=row.id, options=row.options, result=row.result,
                                             players=players_of(row), at=row.updated_at)
            return progress if progress != game_rules.normalize(before) else None

        if finished:
            await self.store.update_campaign(guild_id, channel_id, game, change, self.clock())
        return await self.progress(guild_id, channel_id, game)

    async def check_new(self, guild_id: int | None, channel_id: int | None, game: str, options: dict) -> None:
        """Refuse a new match of a scenario the channel has not unlocked (the rules'
        IllegalAction); nothing for games without a campaign. ``channel_id`` None: a channel
        about to be made (a new thread), whose campaign starts empty."""
        game_rules = rules(game)
        if game_rules is None:
            return
        progress = None if channel_id is None else await self.catch_up(guild_id, channel_id, game)
        game_rules.check_new(progress, options)
