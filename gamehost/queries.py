"""The match service's read-mostly side: finished matches, followers, ratings, logs, users. A mixin of
``MatchService`` (it uses the service's ``store``), kept apart so the service stays small."""
from __future__ import annotations

from gamehost.outcome import seat_of
from gamehost.registry import plugin
from gamehost.rating_store import (BoardPage, finished_matches, leaderboard, member_games, member_record,
                                   rebuild_all)
from gamehost.ratings import Record, user_identity
from gamehost.store import LoggedAction, MatchRow, Store


class MatchQueries:
    store: Store  # the service's

    async def history(self, guild_id: int | None, *, user_id: int | None = None, game: str | None = None,
                      limit: int = 10) -> list[MatchRow]:
        """Recent ended matches of a server, optionally only those a member sat in or of one game."""
        rows = await self.store.finished_matches(guild_id)
        chosen = [r for r in rows if (user_id is None or seat_of(r, user_id) is not None)
                  and (game is None or r.game == game)]
        return chosen[:limit]

    async def set_following(self, match_id: int, user_id: int, following: bool) -> None:
        await self.store.set_following(match_id, user_id, following)

    async def followers(self, match_id: int) -> list[int]:
        return await self.store.followers(match_id)

    async def rating(self, guild_id: int | None, game: str, user_id: int) -> Record:
        return await member_record(self.store, guild_id, game, user_identity(user_id))

    async def snapshots(self, match_id: int) -> list[tuple[int, dict]]:
        """The match's stored states as (seq of the action they follow, state), oldest first."""
        return await self.store.snapshots(match_id)

    async def rated_games(self, user_id: int) -> list[tuple[int | None, str, int]]:
        return await member_games(self.store, user_identity(user_id))

    async def leaderboard(self, guild_id: int | None, game: str, *, min_games: int = 0, page: int = 0) -> BoardPage:
        return await leaderboard(self.store, guild_id, game, min_games=min_games, page=page)

    async def rebuild_ratings(self) -> int:
        """Every rating recomputed from the stored results of ranked matches (deterministic);
        the number of matches rated."""
        ranked = await self.store.ranked_ids()
        return await rebuild_all(self.store, await finished_matches(self.store, lambda row: row.id in ranked))

    async def log(self, match_id: int) -> list[LoggedAction]:
        """The full log, hidden moves included: for the service and tests, never for display."""
        return await self.store.action_log(match_id)

    async def log_for(self, row: MatchRow, viewer_user_id: int | None) -> list[LoggedAction]:
        """The log as this person may see it now: the engine redacts other seats' hidden moves
        (a secret deck, a hidden stack, a private setting) until its rules make them public."""
        engine = plugin(row.game).engine
        viewer = seat_of(row, viewer_user_id) if viewer_user_id is not None else None
        shown = []
        for entry in await self.store.action_log(row.id):
            text = entry.action
            if entry.kind not in ("concede", "abandon") and row.state is not None:
                text = engine.log_text(row.state, entry.seat, viewer, entry.action)
            shown.append(LoggedAction(entry.seq, entry.seat, entry.user_id, entry.kind, text, entry.at))
        return shown

    async def user_locale(self, user_id: int) -> str | None:
        return await self.store.locale(user_id)

    async def set_dms_closed(self, user_id: int, closed: bool) -> None:
        if await self.store.dms_closed(user_id) != closed:
            await self.store.set_dms_closed(user_id, closed)
