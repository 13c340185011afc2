"""Storage of tournament tables' openings (the ``tournament_tables`` table, migration 8) and
the counts behind the tournament limits. Functions over a ``Store``; SQL only.

Opening a table is claimed first: one row per (tournament, table) names the process that may
open it until ``claimed_until`` (a lease, so a process killed mid-opening does not hold the
table for good). The match is then written in one transaction with its links (the claim
row's ``match_id``, ``tournament_matches``, ``ranked_matches``), only while the claim is still
the writer's, so a match never exists without the table it belongs to, and no table gets two.
Claiming and opening read the claim row before writing it, so both first take the table's
lock (``Executor.lock``; on PostgreSQL an advisory lock, as READ COMMITTED alone would let
two claims of a missing row both succeed).
"""
from __future__ import annotations

from dataclasses import dataclass

from gamehost.match_save import insert_actions
from gamehost.store import PendingWrite, MatchRow, Store, insert_match_row, pack_state


class LostClaim(Exception):
    """Another process opened (or now holds) the table."""


@dataclass(frozen=True)
class TableLink:
    key: str
    owner: str | None
    claimed_until: float | None
    channel_id: int | None
    match_id: int | None


_LINK = "SELECT table_key, owner, claimed_until, channel_id, match_id FROM tournament_tables"


async def table_links(store: Store, tournament_id: int) -> dict[str, TableLink]:
    rows = await store._all(_LINK + " WHERE tournament_id=?", (tournament_id,))
    return {r[0]: TableLink(*r) for r in rows}


async def claim_table(store: Store, tournament_id: int, key: str, owner: str, now: float,
                      lease: float) -> TableLink:
    """Claim a table for ``owner`` unless it has a match or another owner's claim is still
    running; the row as it stands afterwards (``owner`` says whether the claim is ours)."""
    async with store.transaction() as db:
        await db.lock(f"table:{tournament_id}:{key}")
        rows = await db.fetch(_LINK + " WHERE tournament_id=? AND table_key=?", (tournament_id, key))
        link = TableLink(*rows[0]) if rows else None
        if link is not None and (link.match_id is not None or (
                link.owner != owner and (link.claimed_until or 0) > now)):
            return link
        await db.execute(
            "INSERT INTO tournament_tables (tournament_id, table_key, owner, claimed_until) VALUES (?,?,?,?) "
            "ON CONFLICT(tournament_id, table_key) DO UPDATE SET owner=excluded.owner, "
            "claimed_until=excluded.claimed_until", (tournament_id, key, owner, now + lease))
        return TableLink(key, owner, now + lease, link.channel_id if link else None, None)


async def set_table_channel(store: Store, tournament_id: int, key: str, owner: str, channel_id: int) -> None:
    """Remember the table's thread as soon as it exists: whoever opens the table next reuses it."""
    async with store.transaction() as db:
        await db.execute("UPDATE tournament_tables SET channel_id=? WHERE tournament_id=? AND table_key=? "
                         "AND owner=? AND match_id IS NULL", (channel_id, tournament_id, key, owner))


async def release_table(store: Store, tournament_id: int, key: str, owner: str) -> None:
    """Give up a claim (the thread could not be made): any process may try the table again."""
    async with store.transaction() as db:
        await db.execute("UPDATE tournament_tables SET claimed_until=0 WHERE tournament_id=? AND table_key=? "
                         "AND owner=? AND match_id IS NULL", (tournament_id, key, owner))


async def insert_table_match(store: Store, row: MatchRow, write: PendingWrite, *, ranked: bool,
                             tournament_id: int, key: str, owner: str) -> int:
    """Write a started match with its action log and snapshot, marked ranked, linked to its
    tournament and table, in one transaction; ``LostClaim`` (nothing written) when the
    table is no longer ``owner``'s to open."""
    async with store.transaction() as db:
        await db.lock(f"table:{tournament_id}:{key}")
        rows = await db.fetch("SELECT owner, match_id FROM tournament_tables WHERE tournament_id=? "
                                 "AND table_key=?", (tournament_id, key))
        if not rows or rows[0][0] != owner or rows[0][1] is not None:
            raise LostClaim(key)
        match_id = await insert_match_row(db, row)
        await insert_actions(db, match_id, write.actions)
        seq = write.actions[-1].seq if write.actions else 0
        await db.execute("INSERT INTO snapshots (match_id, seq, state) VALUES (?,?,?)",
                         (match_id, seq, pack_state(row.state)))
        if ranked:
            await db.execute("INSERT INTO ranked_matches (match_id) VALUES (?)", (match_id,))
        await db.execute("INSERT INTO tournament_matches (match_id, tournament_id) VALUES (?,?)",
                         (match_id, tournament_id))
        await db.execute("UPDATE tournament_tables SET match_id=?, channel_id=? WHERE tournament_id=? "
                         "AND table_key=?", (match_id, row.channel_id, tournament_id, key))
        return match_id


async def count_open_tournaments(store: Store, guild_id: int, creator_id: int | None = None) -> int:
    """Tournaments not yet over (sign-up, check-in, running) in a server, or by one creator there."""
    sql = "SELECT COUNT(*) FROM tournaments WHERE guild_id=? AND status IN ('signup','checkin','running')"
    params: tuple = (guild_id,)
    if creator_id is not None:
        sql += " AND creator_id=?"
        params += (creator_id,)
    (count,) = (await store._all(sql, params))[0]
    return count
