"""Saving a match: its row, its new log entries and maybe a snapshot, atomically, iff nobody
wrote since the version it was judged at (``UPDATE … WHERE id = ? AND version = ?``).

On SQLite: one transaction of a few statements (each a call into the same file). On
PostgreSQL: one statement (data-modifying ``WITH`` parts, atomic as any single statement, the
commit notice sent with it), so a move costs one round trip to the server instead of six
(BEGIN, the update, the notice, the log, the snapshot, COMMIT): what a database on another
machine charges for. Both return the number of match rows changed (0: a version conflict)."""
from __future__ import annotations

import json
from typing import Any

from gamehost.db import Database, Executor
from gamehost.store_rows import LoggedAction, MatchRow, PendingWrite

#: PostgreSQL channel of the commit notices (gamehost/match_news.py listens), ``notice`` their words
CHANGED_CHANNEL = "match_changed"
_ACTION_COLUMNS = "match_id, seq, seat, user_id, kind, action, at"
_SET = ("status=?, options=?, seats=?, state=?, version=?, deadline_at=?, reminded=?, board_message_id=?, "
        "result=?, updated_at=?, seed=?, due_at=?, lease_owner=NULL, lease_until=NULL")
_UPDATE = f"UPDATE matches SET {_SET} WHERE id=? AND version=?"
_INSERT_ACTIONS = f"INSERT INTO actions ({_ACTION_COLUMNS}) VALUES (?,?,?,?,?,?,?)"
_UPSERT_SNAPSHOT = ("INSERT INTO snapshots (match_id, seq, state) VALUES (?,?,?) "
                    "ON CONFLICT (match_id, seq) DO UPDATE SET state=excluded.state")
#: every part refers to ``saved``, so nothing is written or told unless the version matched;
#: the main query reads every part, so each runs
_POSTGRES = (
    f"WITH saved AS ({_UPDATE} RETURNING id), "
    f"told AS (SELECT pg_notify('{CHANGED_CHANNEL}', ?) IS NULL AS sent FROM saved), "
    f"logged AS (INSERT INTO actions ({_ACTION_COLUMNS}) "
    "SELECT saved.id, a.seq, a.seat, a.user_id, a.kind, a.action, a.at FROM saved, "
    "unnest(?::integer[], ?::integer[], ?::bigint[], ?::text[], ?::text[], ?::double precision[]) "
    "AS a(seq, seat, user_id, kind, action, at) RETURNING 1 AS one), "
    "kept AS (INSERT INTO snapshots (match_id, seq, state) SELECT saved.id, ?, ? FROM saved WHERE ?::boolean "
    "ON CONFLICT (match_id, seq) DO UPDATE SET state = excluded.state RETURNING 1 AS one) "
    "SELECT (SELECT count(*) FROM saved) + 0 * ((SELECT count(sent) FROM told) + (SELECT count(one) FROM logged) "
    "+ (SELECT count(one) FROM kept))")


async def insert_actions(db: Executor, match_id: int, actions: list[LoggedAction]) -> None:
    """Log entries of one match, inside a transaction (SQLite's save, a tournament table's start)."""
    if actions:
        await db.executemany(_INSERT_ACTIONS, [(match_id, a.seq, a.seat, a.user_id, a.kind, a.action, a.at)
                                               for a in actions])


def notice(match_id: int, version: int) -> str:
    """The words of a commit notice: which match, at which version."""
    return f"{match_id}:{version}"


def row_values(row: MatchRow, packed: bytes | str | None, due: float | None, expected_version: int) -> tuple:
    return (row.status, json.dumps(row.options), json.dumps(row.seats), packed, row.version, row.deadline_at,
            int(row.reminded), row.board_message_id, json.dumps(row.result) if row.result is not None else None,
            row.updated_at, row.seed, due, row.id, expected_version)


async def save(database: Database, row: MatchRow, values: tuple, write: PendingWrite | None,
               snapshot_state: Any) -> int:
    """Write ``values`` (``row_values``), the log entries of ``write`` and, unless
    ``snapshot_state`` is None, a snapshot at the last of them; the match rows changed."""
    actions = write.actions if write else []
    seq = actions[-1].seq if actions else 0
    if database.dialect == "postgresql":
        columns = [list(c) for c in zip(*[(a.seq, a.seat, a.user_id, a.kind, a.action, a.at) for a in actions])]
        columns = columns or [[], [], [], [], [], []]
        return int(await database.fetchval(_POSTGRES, (*values, notice(row.id, row.version), *columns, seq,
                                                       snapshot_state, snapshot_state is not None)))
    async with database.transaction() as db:
        changed = await db.execute(_UPDATE, values)
        if changed != 1:
            return changed
        await insert_actions(db, row.id, actions)
        if snapshot_state is not None:
            await db.execute(_UPSERT_SNAPSHOT, (row.id, seq, snapshot_state))
        return changed
