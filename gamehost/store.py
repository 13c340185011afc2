"""SQLite storage through aiosqlite: matches, the append-only action log, snapshots.

WAL journal, versioned migrations, and one transaction per accepted action
(state + log together), guarded by an optimistic version check.
"""
from __future__ import annotations

import asyncio
import json
import zlib
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator, Callable, cast

import aiosqlite

from gamehost.rating_schema import RATINGS_MIGRATION
from gamehost.turn_schema import TURN_POSTS_MIGRATION

MIGRATIONS: list[str] = [
    # 1: matches, action log, snapshots, user settings
    """
    CREATE TABLE matches (
        id               INTEGER PRIMARY KEY,
        guild_id         INTEGER,
        channel_id       INTEGER NOT NULL,
        game             TEXT NOT NULL,
        status           TEXT NOT NULL,
        creator_id       INTEGER NOT NULL,
        options          TEXT NOT NULL,
        seats            TEXT NOT NULL,
        seed             INTEGER NOT NULL,
        state            TEXT,
        version          INTEGER NOT NULL DEFAULT 0,
        pace             TEXT NOT NULL,
        timeout_policy   TEXT NOT NULL,
        decision_seconds INTEGER NOT NULL,
        deadline_at      REAL,
        reminded         INTEGER NOT NULL DEFAULT 0,
        board_message_id INTEGER,
        locale           TEXT NOT NULL,
        result           TEXT,
        created_at       REAL NOT NULL,
        updated_at       REAL NOT NULL
    );
    CREATE UNIQUE INDEX matches_one_open_per_channel
        ON matches(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX matches_deadlines ON matches(deadline_at) WHERE status = 'active';
    CREATE INDEX matches_guild ON matches(guild_id, status);
    CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        seq      INTEGER NOT NULL,
        seat     INTEGER,
        user_id  INTEGER,
        kind     TEXT NOT NULL,
        action   TEXT NOT NULL,
        at       REAL NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE snapshots (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        seq      INTEGER NOT NULL,
        state    TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE user_settings (
        user_id     INTEGER PRIMARY KEY,
        locale      TEXT,
        dms_closed  INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 2: a channel's matches by recency, open or finished (reviewing a finished game's log)
    """
    CREATE INDEX matches_channel ON matches(channel_id, id);
    """,
    # 3: members who get a match's public board by DM after every move (/match follow)
    """
    CREATE TABLE followers (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        user_id  INTEGER NOT NULL,
        PRIMARY KEY (match_id, user_id)
    );
    """,
    # 4: ranked matches and the ratings they feed (gamehost/rating_store.py)
    """
    CREATE TABLE ranked_matches (match_id INTEGER PRIMARY KEY REFERENCES matches(id));
    """ + RATINGS_MIGRATION,
    # 5: tournaments (gamehost/tournament_service.py): the whole tournament as JSON, and
    # which match belongs to which table
    """
    CREATE TABLE tournaments (
        id         INTEGER PRIMARY KEY,
        guild_id   INTEGER,
        channel_id INTEGER NOT NULL,
        creator_id INTEGER NOT NULL,
        status     TEXT NOT NULL,
        data       TEXT NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX tournaments_guild ON tournaments(guild_id, status);
    CREATE TABLE tournament_matches (
        match_id      INTEGER PRIMARY KEY REFERENCES matches(id),
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id)
    );
    """,
    # 6: a version per tournament (two processes never both advance one), and per-server
    # settings (the tournament organizer role)
    """
    ALTER TABLE tournaments ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE guild_settings (
        guild_id           INTEGER PRIMARY KEY,
        organizer_role_id  INTEGER
    );
    """,
    # 7: campaign progress per channel and game (gamehost/campaigns.py): the game's own JSON
    # (engine/<game>/campaign.py). A thread is a channel of its own; guild 0 outside a server
    # (a NULL would never conflict, so the key could hold two rows).
    """
    CREATE TABLE campaigns (
        guild_id   INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        game       TEXT NOT NULL,
        data       TEXT NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, channel_id, game)
    );
    """,
    # 8: each tournament table's opening (gamehost/table_store.py): the one process that
    # claimed it, its thread, and its match, written in the match's own transaction
    """
    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        table_key     TEXT NOT NULL,
        owner         TEXT,
        claimed_until REAL,
        channel_id    INTEGER,
        match_id      INTEGER REFERENCES matches(id),
        PRIMARY KEY (tournament_id, table_key)
    );
    """,
    TURN_POSTS_MIGRATION,  # 9: the living board messages and the private views last sent
]

SNAPSHOT_EVERY = 100  # actions between snapshots; the current state is always in matches.state


def pack_state(state: dict | None) -> bytes | None:
    """States are stored as zlib-compressed compact JSON (a large 4-player state shrinks
    about eightfold); ``unpack_state`` still reads the plain JSON text of older rows."""
    if state is None:
        return None
    return zlib.compress(json.dumps(state, separators=(",", ":")).encode(), 6)


def unpack_state(raw: bytes | str | None) -> dict | None:
    if raw is None or raw == "":
        return None
    if isinstance(raw, bytes):
        return json.loads(zlib.decompress(raw))
    return json.loads(raw)


def unpack_stored_state(raw: bytes | str) -> dict:
    """A state column that always holds one (``snapshots.state``: NOT NULL, written by
    ``pack_state`` from a state)."""
    state = unpack_state(raw)
    assert state is not None, "a stored snapshot has a state"
    return state


@dataclass
class MatchRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    creator_id: int
    options: dict
    seats: list[dict]
    seed: int
    state: dict | None
    version: int
    pace: str
    timeout_policy: str
    decision_seconds: int
    deadline_at: float | None
    reminded: bool
    board_message_id: int | None
    locale: str
    result: dict | None
    created_at: float
    updated_at: float


@dataclass
class LoggedAction:
    seq: int
    seat: int | None
    user_id: int | None
    kind: str  # "action" | "concede"
    action: str
    at: float


@dataclass
class PendingWrite:
    """Everything one accepted action changes, committed in one transaction."""

    actions: list[LoggedAction] = field(default_factory=list)


_COLUMNS = ("id, guild_id, channel_id, game, status, creator_id, options, seats, seed, state, "
            "version, pace, timeout_policy, decision_seconds, deadline_at, reminded, "
            "board_message_id, locale, result, created_at, updated_at")


def _row(r) -> MatchRow:
    return MatchRow(
        id=r[0], guild_id=r[1], channel_id=r[2], game=r[3], status=r[4], creator_id=r[5],
        options=json.loads(r[6]), seats=json.loads(r[7]), seed=r[8],
        state=unpack_state(r[9]), version=r[10], pace=r[11],
        timeout_policy=r[12], decision_seconds=r[13], deadline_at=r[14], reminded=bool(r[15]),
        board_message_id=r[16], locale=r[17], result=json.loads(r[18]) if r[18] else None,
        created_at=r[19], updated_at=r[20],
    )


class VersionConflict(Exception):
    """Another writer changed the match first."""


def inserted_id(cursor: aiosqlite.Cursor) -> int:
    """The id of the row an INSERT just added (SQLite always sets it after one)."""
    assert cursor.lastrowid is not None, "an INSERT sets lastrowid"
    return cursor.lastrowid


async def insert_match_row(db: aiosqlite.Connection, row: MatchRow) -> int:
    """INSERT one match inside the caller's transaction; its id."""
    cur = await db.execute(
        "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options, seats, "
        "seed, state, version, pace, timeout_policy, decision_seconds, deadline_at, reminded, "
        "board_message_id, locale, result, created_at, updated_at) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (row.guild_id, row.channel_id, row.game, row.status, row.creator_id,
         json.dumps(row.options), json.dumps(row.seats), row.seed,
         pack_state(row.state), row.version, row.pace,
         row.timeout_policy, row.decision_seconds, row.deadline_at, int(row.reminded),
         row.board_message_id, row.locale, json.dumps(row.result) if row.result is not None else None,
         row.created_at, row.updated_at),
    )
    return inserted_id(cur)


class Store:
    def __init__(self, path: str):
        self.path = path
        self.db: aiosqlite.Connection | None = None
        # One connection is shared by every task: its transactions must not interleave
        # (BEGIN inside another task's BEGIN fails, and a rollback would undo the other's work).
        self._write_lock = asyncio.Lock()
        #: users' Discord locales as last seen or read: a write only when one changes
        self._locales: dict[int, str | None] = {}

    @property
    def connection(self) -> aiosqlite.Connection:
        """The shared connection (``open`` makes it, ``close`` ends it)."""
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db

    @asynccontextmanager
    async def transaction(self, immediate: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """Serialise one write transaction on the shared connection; commit or roll back."""
        async with self._write_lock:
            db = self.connection
            await db.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
            try:
                yield db
            except BaseException:
                await db.rollback()
                raise
            await db.commit()

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: transactions are only the explicit ones of ``transaction``.
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON",
                       "PRAGMA busy_timeout=10000"):
            await self._all(pragma)
        await self.migrate()

    async def _all(self, sql: str, params: tuple = ()) -> list[tuple]:
        # Reads share the connection with write transactions, so they wait for the open one
        # to finish: another task must never see (and cache) a write that may still roll back.
        async with self._write_lock:
            return await self._read(sql, params)

    async def _read(self, sql: str, params: tuple = ()) -> list[tuple]:
        # Always drain and close cursors: an open statement blocks COMMIT in sqlite3.
        async with self.connection.execute(sql, params) as cur:
            # a list of tuples: the connection has no row_factory
            return cast(list[tuple], await cur.fetchall())

    async def _one(self, sql: str, params: tuple = ()) -> tuple | None:
        return (await self._all(sql, params) or [None])[0]

    async def ping(self) -> None:
        """``SELECT 1`` (raises when the database is closed or unreachable: /healthz)."""
        await self._read("SELECT 1")

    async def _value(self, sql: str, params: tuple = ()) -> Any:
        """The value of a query that always yields one row of one column (COUNT, MAX, PRAGMA)."""
        return (await self._all(sql, params))[0][0]

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None

    async def schema_version(self) -> int:
        return int(await self._value("PRAGMA user_version"))

    async def migrate(self) -> None:
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            async with self._write_lock:
                await self.connection.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

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
        rows = await self._all(f"SELECT {_COLUMNS} FROM matches WHERE guild_id IS ? AND status IN "
                               "('finished','abandoned') ORDER BY updated_at DESC, id DESC LIMIT ?",
                               (guild_id, limit))
        return [_row(r) for r in rows]

    async def match(self, match_id: int) -> MatchRow | None:
        r = await self._one(f"SELECT {_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return _row(r) if r else None

    async def open_matches_for_user(self, guild_id: int | None, user_id: int) -> list[MatchRow]:
        # seats is a small JSON array; LIKE narrows, the caller confirms membership
        rows = await self._all(
            f"SELECT {_COLUMNS} FROM matches WHERE guild_id IS ? AND status IN ('lobby','active') "
            "AND seats LIKE ? ORDER BY id", (guild_id, f'%"user_id": {user_id}%'))
        return [_row(r) for r in rows]

    async def save_match(self, row: MatchRow, expected_version: int, write: PendingWrite | None = None,
                         snapshot: bool = False) -> None:
        """Commit the match row (and its new log entries) iff nobody wrote since ``expected_version``."""
        packed = pack_state(row.state)
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE matches SET status=?, options=?, seats=?, state=?, version=?, deadline_at=?, "
                "reminded=?, board_message_id=?, result=?, updated_at=?, seed=? WHERE id=? AND version=?",
                (row.status, json.dumps(row.options), json.dumps(row.seats), packed, row.version,
                 row.deadline_at, int(row.reminded), row.board_message_id,
                 json.dumps(row.result) if row.result is not None else None, row.updated_at,
                 row.seed, row.id, expected_version))
            if cur.rowcount != 1:
                raise VersionConflict(row.id)
            if write:
                await db.executemany(
                    "INSERT INTO actions (match_id, seq, seat, user_id, kind, action, at) "
                    "VALUES (?,?,?,?,?,?,?)",
                    [(row.id, a.seq, a.seat, a.user_id, a.kind, a.action, a.at) for a in write.actions])
            if snapshot and packed is not None:
                seq = write.actions[-1].seq if write and write.actions else 0
                await db.execute("INSERT OR REPLACE INTO snapshots (match_id, seq, state) VALUES (?,?,?)",
                                 (row.id, seq, packed))

    async def _write(self, sql: str, params: tuple = ()) -> None:
        async with self.transaction() as db:
            await db.execute(sql, params)

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        await self._write("UPDATE matches SET board_message_id=? WHERE id=?", (message_id, match_id))

    async def mark_reminded(self, match_id: int, version: int) -> None:
        await self._write("UPDATE matches SET reminded=1 WHERE id=? AND version=?", (match_id, version))

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
    # index first and reads only small columns; seats are confirmed with SQLite's JSON
    # functions, so the counts do not depend on how the seats JSON is spaced.

    async def count_open_lobbies_created_by(self, guild_id: int | None, user_id: int) -> int:
        """Lobbies (not yet started) that ``user_id`` created in this guild."""
        return int(await self._value(
            "SELECT COUNT(*) FROM matches WHERE guild_id IS ? AND status = 'lobby' AND creator_id = ?",
            (guild_id, user_id)))

    async def count_matches_seating(self, guild_id: int | None, user_id: int,
                                    statuses: tuple[str, ...] = ("lobby", "active")) -> int:
        """Matches in this guild with one of ``statuses`` where ``user_id`` holds a seat."""
        marks = ",".join("?" for _ in statuses)
        # LIKE on the id's digits narrows cheaply (no JSON parsed); json_each confirms the seat
        count: int = await self._value(
            f"SELECT COUNT(*) FROM matches WHERE guild_id IS ? AND status IN ({marks}) AND seats LIKE ? "
            "AND EXISTS (SELECT 1 FROM json_each(matches.seats) "
            "            WHERE json_extract(json_each.value, '$.user_id') = ?)",
            (guild_id, *statuses, f"%{int(user_id)}%", user_id))
        return count

    async def count_open_matches(self, guild_id: int | None) -> int:
        """Open matches (lobby or in progress) in this guild."""
        return int(await self._value(
            "SELECT COUNT(*) FROM matches WHERE guild_id IS ? AND status IN ('lobby','active')", (guild_id,)))

    async def count_bot_only_matches(self, guild_id: int | None) -> int:
        """Matches in progress in this guild where every seat is a bot (nobody attends them)."""
        count: int = await self._value(
            "SELECT COUNT(*) FROM matches WHERE guild_id IS ? AND status = 'active' "
            "AND json_array_length(seats) > 0 "
            "AND NOT EXISTS (SELECT 1 FROM json_each(matches.seats) "
            "                WHERE COALESCE(json_extract(json_each.value, '$.bot'), 0) = 0)",
            (guild_id,))
        return count

    # -- users ---------------------------------------------------------------------------

    async def set_following(self, match_id: int, user_id: int, following: bool) -> None:
        if following:
            await self._write("INSERT OR IGNORE INTO followers (match_id, user_id) VALUES (?, ?)", (match_id, user_id))
        else:
            await self._write("DELETE FROM followers WHERE match_id = ? AND user_id = ?", (match_id, user_id))

    async def mark_ranked(self, match_id: int) -> None:
        await self._write("INSERT OR IGNORE INTO ranked_matches (match_id) VALUES (?)", (match_id,))

    async def ranked_ids(self) -> set[int]:
        return {r[0] for r in await self._all("SELECT match_id FROM ranked_matches")}

    async def is_ranked(self, match_id: int) -> bool:
        return bool(await self._all("SELECT 1 FROM ranked_matches WHERE match_id = ?", (match_id,)))

    async def insert_tournament(self, guild_id: int | None, channel_id: int, creator_id: int, status: str,
                                data: dict, at: float) -> int:
        async with self.transaction() as db:
            cur = await db.execute("INSERT INTO tournaments (guild_id, channel_id, creator_id, status, data, updated_at) "
                                   "VALUES (?,?,?,?,?,?)", (guild_id, channel_id, creator_id, status,
                                                             json.dumps(data), at))
            return inserted_id(cur)

    async def save_tournament(self, tournament_id: int, status: str, data: dict, at: float, expected_version: int,
                              new_matches: tuple[int, ...] = ()) -> None:
        """Write the tournament if nobody wrote it since ``expected_version`` was read
        (else ``VersionConflict``, nothing written); the stored version goes up by one."""
        async with self.transaction() as db:
            cur = await db.execute("UPDATE tournaments SET status=?, data=?, updated_at=?, version=version+1 "
                                   "WHERE id=? AND version=?",
                                   (status, json.dumps(data), at, tournament_id, expected_version))
            if cur.rowcount != 1:
                raise VersionConflict(tournament_id)
            for match_id in new_matches:
                await db.execute("INSERT OR IGNORE INTO tournament_matches (match_id, tournament_id) VALUES (?,?)",
                                 (match_id, tournament_id))

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
        """Read, change and write a channel's progress in one write transaction (so two
        updates, even from two processes, never lose one another's change). ``change`` gets
        the stored progress (None when there is none) and returns the new one; returning it
        unchanged (or None) writes nothing. Returns the progress as stored afterwards."""
        key = (guild_id or 0, channel_id, game)
        async with self.transaction() as db:
            rows = await self._read("SELECT data FROM campaigns WHERE guild_id=? AND channel_id=? AND game=?", key)
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
