"""The match service's read-mostly side: finished matches, followers, ratings. A mixin of
``MatchService`` (it uses the service's ``store``), kept apart so the service stays small."""
from __future__ import annotations

from gamehost.outcome import seat_of
from gamehost.rating_store import (BoardPage, finished_matches, leaderboard, member_games, member_record,
                                   rebuild_all)
from gamehost.ratings import Record, user_identity
from gamehost.store import MatchRow, Store


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
