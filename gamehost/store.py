"""Storage of matches, the append-only action log, snapshots and everything beside them
(users, followers, ranked matches, tournaments, server settings, campaigns), on SQLite or
PostgreSQL (gamehost/db: one interface, the backend chosen by the URL).

One transaction per accepted action (state + log together), guarded by an optimistic
version check: ``UPDATE … WHERE id = ? AND version = ?`` changes one row or the commit is a
``VersionConflict``. That check, not a lock, makes a move exactly-once across processes.
The schema and its migrations are gamehost/db/schema.py and gamehost/db/migrations (run at
``open``).
"""
from __future__ import annotations

import json
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable

from gamehost import match_save
from gamehost.db import Database, Executor, open_database
from gamehost.db.migrate import current_revision
from gamehost.db.urls import POSTGRES, SQLITE, sqlite_url
from gamehost.store_rows import (SNAPSHOT_EVERY, LoggedAction, MatchRow, PendingWrite, VersionConflict,
                                 _COLUMNS, _row, insert_match_row, pack_state, unpack_state,
                                 unpack_stored_state)

__all__ = ["Store", "open_store", "MatchRow", "LoggedAction", "PendingWrite", "VersionConflict",
           "SNAPSHOT_EVERY", "pack_state", "unpack_state", "unpack_stored_state", "insert_match_row"]


def guild_is(guild_id: int | None) -> tuple[str, tuple]:
    """``guild_id`` matching a server or none (``= ?`` uses the index in both databases;
    ``IS NOT DISTINCT FROM`` would not in PostgreSQL)."""
    return ("guild_id IS NULL", ()) if guild_id is None else ("guild_id = ?", (guild_id,))


async def open_store(url: str) -> Store:
    """The store at ``url`` (``sqlite:///path`` or ``postgresql://…``), open."""
    store = Store(url)
    await store.open()
    return store


#: PostgreSQL: a write and, in the same statement (one round trip), its transaction told not to
#: wait for the disk flush at commit; ``set_config(..., true)`` lasts only that transaction
UNFLUSHED = ("WITH written AS ({write} RETURNING 1) "
             "SELECT set_config('synchronous_commit', 'off', true), (SELECT count(*) FROM written)")


class Store:
    def __init__(self, where: str, pool_size: int | None = None):
        """``where``: a database URL, or the path of a SQLite file (``:memory:`` too);
        ``pool_size``: PostgreSQL connections at most (default ``gamehost.db.postgres.POOL_SIZE``)."""
        self.pool_size = pool_size
        self.url = where if where.startswith((SQLITE, *POSTGRES)) else sqlite_url(where)
        self.path = where  # as given (callers of the SQLite-only past name files by it)
        self.db: Database | None = None
        #: users' Discord locales as last seen or read: a write only when one changes
        self._locales: dict[int, str | None] = {}

    @property
    def database(self) -> Database:
        """The open database (``open`` makes it, ``close`` ends it)."""
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db

    @property
    def dialect(self) -> str:
        return self.database.dialect

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Executor]:
        """One write transaction; commit, or roll back if the block raises."""
        async with self.database.transaction() as tx:
            yield tx

    async def open(self) -> None:
        self.db = await open_database(self.url, self.pool_size)

    async def close(self) -> None:
        if self.db is not None:
            db, self.db = self.db, None
            await db.close()

    async def ping(self) -> None:
        """``SELECT 1`` (raises when the database is closed or unreachable: /healthz)."""
        await self.database.ping()

    async def _all(self, sql: str, params: tuple = ()) -> list[tuple]:
        return await self.database.fetch(sql, params)

    async def _one(self, sql: str, params: tuple = ()) -> tuple | None:
        return await self.database.fetchrow(sql, params)

    async def _value(self, sql: str, params: tuple = ()) -> Any:
        """The value of a query that always yields one row of one column (COUNT, MAX)."""
        return await self.database.fetchval(sql, params)

    async def _write(self, sql: str, params: tuple = ()) -> None:
        await self.database.execute(sql, params)

    async def _write_bookkeeping(self, sql: str, params: tuple = ()) -> None:
        """A write that only remembers what was shown on Discord (the turn message, the last
        private view sent): on PostgreSQL its commit does not wait for the disk flush (one flush
        less per command; a crash may forget the last of them, which at worst posts a board or a
        DM again). The moves themselves always wait for theirs."""
        if self.database.dialect != "postgresql":
            await self.database.execute(sql, params)
            return
        await self.database.fetchval(UNFLUSHED.format(write=sql), params)

    async def schema_version(self) -> int:
        """The Alembic revision the database is at, as a number (0009 = user_version 9)."""
        return int(await current_revision(self.database) or 0)

    async def open_match_counts(self) -> dict[str, int]:
        """Open matches (lobby or running) per game, every process's (gamehost/metrics.py)."""
        rows = await self._all("SELECT game, COUNT(*) FROM matches WHERE status IN ('lobby', 'active') "
                               "GROUP BY game")
        return {str(game): int(count) for game, count in rows}

    # -- matches -------------------------------------------------------------------------

    async def insert_match(self, row: MatchRow) -> int:
        async with self.transaction() as db:
            return await insert_match_row(db, row)

    async def open_match_in_channel(self, channel_id: int) -> MatchRow | None:
        r = await self._one(
            f"SELECT {_COLUMNS} FROM matches WHERE channel_id = ? AND status IN ('lobby','active')",
            (channel_id,))
        return _row(r) if r else None

    async def latest_match_in_channel(self, channel_id: int) -> MatchRow | None:
        """The channel's most recent match, open or not (for reviewing a finished game)."""
        r = await self._one(f"SELECT {_COLUMNS} FROM matches WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                            (channel_id,))
        return _row(r) if r else None

    async def finished_matches(self, guild_id: int | None, limit: int = 200) -> list[MatchRow]:
        """A server's most recently ended matches (finished or cancelled), newest first."""
        guild, params = guild_is(guild_id)
        rows = await self._all(f"SELECT {_COLUMNS} FROM matches WHERE {guild} AND status IN "
                               "('finished','abandoned') ORDER BY updated_at DESC, id DESC LIMIT ?",
                               (*params, limit))
        return [_row(r) for r in rows]

    async def match(self, match_id: int) -> MatchRow | None:
        r = await self._one(f"SELECT {_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return _row(r) if r else None

    async def open_matches_for_user(self, guild_id: int | None, user_id: int) -> list[MatchRow]:
        # seats is a small JSON array; LIKE narrows, the caller confirms membership
        guild, params = guild_is(guild_id)
        rows = await self._all(
            f"SELECT {_COLUMNS} FROM matches WHERE {guild} AND status IN ('lobby','active') "
            "AND seats LIKE ? ORDER BY id", (*params, f'%"user_id": {user_id}%'))
        return [_row(r) for r in rows]

    async def save_match(self, row: MatchRow, expected_version: int, write: PendingWrite | None = None,
                         snapshot: bool = False, due_at: float | None = None) -> None:
        """Commit the match row (and its new log entries) iff nobody wrote since ``expected_version``.
        ``due_at``: when the match next needs the clock (its reminder; default its deadline);
        any lease on the row ends (gamehost/leases.py: it was taken for the old version)."""
        packed = pack_state(row.state)
        due = (row.deadline_at if due_at is None else due_at) if row.status == "active" else None
        changed = await match_save.save(self.database, row, match_save.row_values(row, packed, due, expected_version),
                                        write, packed if snapshot else None)
        if changed != 1:
            raise VersionConflict(row.id)

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        await self._write_bookkeeping("UPDATE matches SET board_message_id=? WHERE id=?", (message_id, match_id))

    async def mark_reminded(self, match_id: int, version: int) -> bool:
        """Record the reminder of the decision at ``version`` sent (its deadline is what is due
        next); False when it was recorded already or the match moved on."""
        changed = await self.database.execute(
            "UPDATE matches SET reminded=1, due_at=deadline_at WHERE id=? AND version=? AND reminded=0",
            (match_id, version))
        return changed == 1

    async def armed_deadlines(self) -> list[tuple[int, int, float, bool, int]]:
        """(match id, version, deadline, reminded, decision seconds) of every active match."""
        rows = await self._all(
            "SELECT id, version, deadline_at, reminded, decision_seconds FROM matches "
            "WHERE status='active' AND deadline_at IS NOT NULL")
        return [(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows]

    async def action_log(self, match_id: int) -> list[LoggedAction]:
        rows = await self._all(
            "SELECT seq, seat, user_id, kind, action, at FROM actions WHERE match_id=? ORDER BY seq",
            (match_id,))
        return [LoggedAction(*r) for r in rows]

    async def last_seq(self, match_id: int) -> int:
        return int(await self._value("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE match_id=?", (match_id,)))

    async def snapshots(self, match_id: int) -> list[tuple[int, dict]]:
        rows = await self._all("SELECT seq, state FROM snapshots WHERE match_id=? ORDER BY seq", (match_id,))
        return [(r[0], unpack_stored_state(r[1])) for r in rows]

    # Counts for the abuse limits (gamehost.limits). Each narrows by the (guild_id, status)
    # index first and reads only small columns. Seats are confirmed in Python from the
    # seats JSON of the few rows left after a LIKE narrowing (the same code on both
    # databases, and the counts do not depend on how the JSON is spaced).

    async def count_open_lobbies_created_by(self, guild_id: int | None, user_id: int) -> int:
        """Lobbies (not yet started) that ``user_id`` created in this guild."""
        guild, params = guild_is(guild_id)
        return int(await self._value(
            f"SELECT COUNT(*) FROM matches WHERE {guild} AND status = 'lobby' AND creator_id = ?",
            (*params, user_id)))

    async def count_matches_seating(self, guild_id: int | None, user_id: int,
                                    statuses: tuple[str, ...] = ("lobby", "active")) -> int:
        """Matches in this guild with one of ``statuses`` where ``user_id`` holds a seat."""
        guild, params = guild_is(guild_id)
        marks = ",".join("?" for _ in statuses)
        # LIKE on the id's digits narrows cheaply to the matches that may seat the user
        rows = await self._all(f"SELECT seats FROM matches WHERE {guild} AND status IN ({marks}) "
                               "AND seats LIKE ?", (*params, *statuses, f"%{int(user_id)}%"))
        return sum(any(seat.get("user_id") == user_id for seat in json.loads(r[0])) for r in rows)

    async def count_open_matches(self, guild_id: int | None) -> int:
        """Open matches (lobby or in progress) in this guild."""
        guild, params = guild_is(guild_id)
        return int(await self._value(
            f"SELECT COUNT(*) FROM matches WHERE {guild} AND status IN ('lobby','active')", params))

    async def count_bot_only_matches(self, guild_id: int | None) -> int:
        """Matches in progress in this guild where every seat is a bot (nobody attends them)."""
        guild, params = guild_is(guild_id)
        # seats are written by json.dumps: a bot's seat says "bot": true, a person's false
        rows = await self._all(f"SELECT seats FROM matches WHERE {guild} AND status = 'active' "
                               "AND seats LIKE '%\"bot\": true%' AND seats NOT LIKE '%\"bot\": false%'", params)
        return sum(_bots_only(json.loads(r[0])) for r in rows)

    # -- users ---------------------------------------------------------------------------

    async def set_following(self, match_id: int, user_id: int, following: bool) -> None:
        if following:
            await self._write("INSERT INTO followers (match_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (match_id, user_id))
        else:
            await self._write("DELETE FROM followers WHERE match_id = ? AND user_id = ?", (match_id, user_id))

    async def mark_ranked(self, match_id: int) -> None:
        await self._write("INSERT INTO ranked_matches (match_id) VALUES (?) ON CONFLICT DO NOTHING", (match_id,))

    async def ranked_ids(self) -> set[int]:
        return {r[0] for r in await self._all("SELECT match_id FROM ranked_matches")}

    async def is_ranked(self, match_id: int) -> bool:
        return bool(await self._all("SELECT 1 FROM ranked_matches WHERE match_id = ?", (match_id,)))

    async def insert_tournament(self, guild_id: int | None, channel_id: int, creator_id: int, status: str,
                                data: dict, at: float) -> int:
        async with self.transaction() as db:
            tournament_id: int = await db.fetchval(
                "INSERT INTO tournaments (guild_id, channel_id, creator_id, status, data, updated_at) "
                "VALUES (?,?,?,?,?,?) RETURNING id", (guild_id, channel_id, creator_id, status, json.dumps(data), at))
            return tournament_id

    async def save_tournament(self, tournament_id: int, status: str, data: dict, at: float, expected_version: int,
                              new_matches: tuple[int, ...] = (), due_at: float | None = None) -> None:
        """Write the tournament if nobody wrote it since ``expected_version`` was read
        (else ``VersionConflict``, nothing written); the stored version goes up by one.
        ``due_at``: when it next needs the clock (gamehost/leases.py; its lease ends)."""
        async with self.transaction() as db:
            changed = await db.execute("UPDATE tournaments SET status=?, data=?, updated_at=?, version=version+1, "
                                       "due_at=?, lease_owner=NULL, lease_until=NULL WHERE id=? AND version=?",
                                       (status, json.dumps(data), at, due_at, tournament_id, expected_version))
            if changed != 1:
                raise VersionConflict(tournament_id)
            if self.dialect == "postgresql":  # the other processes re-read it (gamehost/tournament_clock.py)
                await db.execute("SELECT pg_notify('tournament_changed', ?)", (str(tournament_id),))
            for match_id in new_matches:
                await db.execute("INSERT INTO tournament_matches (match_id, tournament_id) VALUES (?,?) "
                                 "ON CONFLICT DO NOTHING", (match_id, tournament_id))

    async def tournament(self, tournament_id: int) -> tuple[int | None, int, int, str, dict, int] | None:
        """(guild, hub channel, creator, status, data, version) or None."""
        rows = await self._all("SELECT guild_id, channel_id, creator_id, status, data, version FROM tournaments "
                               "WHERE id=?", (tournament_id,))
        if not rows:
            return None
        guild_id, channel_id, creator_id, status, data, version = rows[0]
        return guild_id, channel_id, creator_id, status, json.loads(data), version

    async def tournament_ids(self, guild_id: int | None = None, statuses: tuple[str, ...] = ()) -> list[int]:
        """Tournaments of a server (any server with None), newest first, optionally by status."""
        sql = "SELECT id FROM tournaments WHERE 1=1"
        params: list[int | str] = []
        if guild_id is not None:
            sql += " AND guild_id=?"
            params.append(guild_id)
        if statuses:
            sql += f" AND status IN ({','.join('?' * len(statuses))})"
            params.extend(statuses)
        return [r[0] for r in await self._all(sql + " ORDER BY id DESC", tuple(params))]

    async def tournament_of_match(self, match_id: int) -> int | None:
        rows = await self._all("SELECT tournament_id FROM tournament_matches WHERE match_id=?", (match_id,))
        return rows[0][0] if rows else None

    async def organizer_role(self, guild_id: int) -> int | None:
        row = await self._one("SELECT organizer_role_id FROM guild_settings WHERE guild_id=?", (guild_id,))
        return row[0] if row else None

    async def set_organizer_role(self, guild_id: int, role_id: int | None) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, organizer_role_id) VALUES (?, ?) "
            "ON CONFLICT(guild_id) DO UPDATE SET organizer_role_id=excluded.organizer_role_id", (guild_id, role_id))

    # -- campaigns (gamehost/campaigns.py) ---------------------------------------------------

    async def campaign(self, guild_id: int | None, channel_id: int, game: str) -> dict | None:
        """A channel's campaign progress in ``game`` (None: nothing recorded yet)."""
        row = await self._one("SELECT data FROM campaigns WHERE guild_id=? AND channel_id=? AND game=?",
                              (guild_id or 0, channel_id, game))
        return json.loads(row[0]) if row else None

    async def update_campaign(self, guild_id: int | None, channel_id: int, game: str,
                              change: Callable[[dict | None], dict | None], at: float) -> dict | None:
        """Read, change and write a channel's progress in one write transaction holding the
        channel's lock (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock, READ COMMITTED
        alone would let two read the same progress), so two updates, even from two
        processes, never lose one another's change. ``change`` gets
        the stored progress (None when there is none) and returns the new one; returning it
        unchanged (or None) writes nothing. Returns the progress as stored afterwards."""
        key = (guild_id or 0, channel_id, game)
        async with self.transaction() as db:
            await db.lock(f"campaign:{key}")
            rows = await db.fetch("SELECT data FROM campaigns WHERE guild_id=? AND channel_id=? AND game=?", key)
            before = json.loads(rows[0][0]) if rows else None
            after = change(before)
            if after is None or after == before:
                return before
            await db.execute("INSERT INTO campaigns (guild_id, channel_id, game, data, updated_at) "
                             "VALUES (?,?,?,?,?) ON CONFLICT(guild_id, channel_id, game) "
                             "DO UPDATE SET data=excluded.data, updated_at=excluded.updated_at",
                             (*key, json.dumps(after, separators=(",", ":")), at))
            return after

    async def finished_in_channel(self, channel_id: int, game: str) -> list[MatchRow]:
        """The channel's finished matches of ``game``, oldest first, without their states
        (a campaign's catch-up reads only options, seats and results)."""
        columns = _COLUMNS.replace("seed, state,", "seed, NULL,")
        rows = await self._all(f"SELECT {columns} FROM matches WHERE channel_id=? AND game=? AND status='finished' "
                               "ORDER BY id", (channel_id, game))
        return [_row(r) for r in rows]

    async def followers(self, match_id: int) -> list[int]:
        return [r[0] for r in await self._all("SELECT user_id FROM followers WHERE match_id = ? ORDER BY user_id",
                                              (match_id,))]

    async def set_dms_closed(self, user_id: int, closed: bool) -> None:
        await self._write(
            "INSERT INTO user_settings (user_id, dms_closed) VALUES (?, ?) "
            "ON CONFLICT(user_id) DO UPDATE SET dms_closed=excluded.dms_closed", (user_id, int(closed)))

    def note_locale(self, user_id: int, locale: str) -> bool:
        """Remember a user's locale at once (no await); True if new: then :meth:`set_locale`."""
        new, self._locales[user_id] = self._locales.get(user_id) != locale, locale
        return new

    async def set_locale(self, user_id: int, locale: str) -> None:
        self._locales[user_id] = locale
        await self._write(
            "INSERT INTO user_settings (user_id, locale) VALUES (?, ?) "
            "ON CONFLICT(user_id) DO UPDATE SET locale=excluded.locale", (user_id, locale))

    async def locale(self, user_id: int) -> str | None:
        if user_id in self._locales:  # noted this run
            return self._locales[user_id]
        r = await self._one("SELECT locale FROM user_settings WHERE user_id=?", (user_id,))
        found = self._locales[user_id] = r[0] if r else None
        return found

    async def dms_closed(self, user_id: int) -> bool:
        r = await self._one("SELECT dms_closed FROM user_settings WHERE user_id=?", (user_id,))
        return bool(r and r[0])


def _bots_only(seats: list[dict]) -> bool:
    return bool(seats) and all(seat.get("bot") for seat in seats)
