"""The rows the store reads and writes: a match (``MatchRow``), its logged actions, what one
accepted action writes, and the packed form of a state. No database code but the one INSERT
of a match, shared by the store and the tournament tables (gamehost/table_store.py)."""
from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field

from gamehost.db.base import Executor

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


async def insert_match_row(db: Executor, row: MatchRow) -> int:
    """INSERT one match inside the caller's transaction; its id."""
    match_id: int = await db.fetchval(
        "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options, seats, "
        "seed, state, version, pace, timeout_policy, decision_seconds, deadline_at, reminded, "
        "board_message_id, locale, result, created_at, updated_at) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
        (row.guild_id, row.channel_id, row.game, row.status, row.creator_id,
         json.dumps(row.options), json.dumps(row.seats), row.seed,
         pack_state(row.state), row.version, row.pace,
         row.timeout_policy, row.decision_seconds, row.deadline_at, int(row.reminded),
         row.board_message_id, row.locale, json.dumps(row.result) if row.result is not None else None,
         row.created_at, row.updated_at),
    )
    return match_id
