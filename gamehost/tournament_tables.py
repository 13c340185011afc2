"""Opening a tournament's tables as matches (no discord), exactly once across processes.

For each table without a match: claim it (``gamehost.table_store``: one process at a time, a
lease so a killed process does not hold it for good), make its thread (reusing one a killed
process left), then write the started match together with its links to the tournament and the
table in one transaction. Only then is the table written into the tournament document; if that
write loses to another process (``stale``) or the process dies first, whoever next looks at
the tournament finds the match by its link and adopts it. So a match never exists without its
table, no table gets two, and whichever process records the match announces it (once).

With a Discord thread per table, a round's first ``thread_burst`` tables open at once and the
rest one every ``thread_interval_seconds`` in the background (Discord limits how fast a bot
makes threads), the hub told of the progress; the command that started the round has long
been answered by then.
"""
from __future__ import annotations

import asyncio
import logging
import os
import uuid
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from gamehost.outcome import Outcome, ServiceError
from gamehost.rating_store import record_match
from gamehost.ratings import FinishedMatch
from gamehost.registry import normalize_options, plugin
from gamehost.store import MatchRow, Store
from gamehost.table_store import (LostClaim, TableLink, claim_table, insert_table_match, release_table,
                                  set_table_channel, table_links)
from gamehost.tournament_limits import TournamentLimits
from gamehost.tournament_model import ENDED, Tournament, table_label

log = logging.getLogger(__name__)
LEASE_SECONDS = 120.0   # a claim to open a table lapses after this (its process died)
PROGRESS_EVERY = 10     # background openings between two progress updates of the hub
STALE_RETRIES = 5


def table_key(rnd: dict, table: dict) -> str:
    return f"{rnd['number']}-{table['no']}"


def unopened(t: Tournament) -> list[tuple[dict, dict]]:
    return [(rnd, table) for rnd, table in t.open_tables() if table.get("match_id") is None]


def new_owner() -> str:
    return f"{os.getpid()}-{uuid.uuid4().hex[:12]}"


class TableOpening:
    """Mixed into ``TournamentRounds`` (which provides the store, the locks, ``_save``,
    ``_advance``, ``_settle_from_match`` and the background tasks)."""

    if TYPE_CHECKING:  # what TournamentRounds provides
        matches: Any
        store: Store
        clock: Callable[[], float]
        open_table: Callable[[Tournament, dict, dict], Awaitable[int]] | None
        limits: TournamentLimits
        owner: str
        _openers: set[int]
        lock: Callable[[int], asyncio.Lock]
        load: Callable[[int], Awaitable[Tournament]]
        _save: Callable[[Tournament], Awaitable[None]]
        _advance: Callable[[Tournament, list], Awaitable[None]]
        _advance_bracket: Callable[[Tournament, list], Awaitable[None]]
        _close_match: Callable[[dict], Awaitable[None]]
        _settle_from_match: Callable[[Tournament, dict, dict, MatchRow, list], None]
        _event: Callable[..., Any]
        _emit: Callable[[list], Awaitable[None]]
        _spawn: Callable[[Awaitable], None]

    def _paced(self) -> bool:
        limits = self.limits
        return self.open_table is not None and limits.thread_interval_seconds > 0 and limits.thread_burst > 0

    async def _open_pending(self, t: Tournament, events: list, *, background: bool = False) -> None:
        """Open the match of every table that has none yet (a new round, or after a restart),
        or the next few when paced; then move on if that settled the round (bot tables)."""
        if t.status != "running" or t.paused:
            return
        paced = self._paced()
        if paced and not background and t.id in self._openers:
            return  # this process is opening them one by one already
        limit = (1 if background else self.limits.thread_burst) if paced else None
        for attempt in range(STALE_RETRIES):
            try:
                await self._open_tables(t, events, limit)
                break
            except ServiceError as error:
                if error.code != "stale" or attempt == STALE_RETRIES - 1:
                    raise
                await self._reload(t)  # another process wrote first: our match is adopted below
                await self._close_strays(t)
                if t.status != "running" or t.paused:
                    return
        if paced and not background and unopened(t):
            self._start_opener(t.id)
        await self._after_opening(t, events)

    async def _after_opening(self, t: Tournament, events: list) -> None:
        current = t.current_round()
        if current is not None and all(x.get("result") is not None for x in current["tables"]) \
                and not t.is_elimination and t.status == "running":
            await self._advance(t, events)
        elif t.is_elimination and any(x.get("result") and not x.get("reported")
                                      for r in t.data["schedule"] for x in r["tables"]):
            await self._advance_bracket(t, events)

    async def _reload(self, t: Tournament) -> None:
        fresh = await self.load(t.id)
        t.status, t.data, t.version = fresh.status, fresh.data, fresh.version

    async def _open_tables(self, t: Tournament, events: list, limit: int | None) -> None:
        links = await table_links(self.store, t.id)
        opened = 0
        for rnd, table in unopened(t):
            link = links.get(table_key(rnd, table))
            if link is not None and link.match_id is not None:
                await self._adopt(t, rnd, table, link.match_id, events)
                continue
            if limit is not None and opened >= limit:
                continue  # later (still adopting what another process opened)
            if link is not None and link.owner != self.owner and (link.claimed_until or 0) > self.clock():
                continue  # another process is opening it right now
            if await self._open_one(t, rnd, table, events):
                opened += 1

    async def _close_strays(self, t: Tournament) -> None:
        """Close a match opened for a table that meanwhile got its result without it (another
        process adjudicated or reported the table while this one, or a killed one, opened
        it), so no match is left running for a table that no longer waits for it."""
        tables = {table_key(r, x): x for r in t.data["schedule"] for x in r["tables"]}
        for key, link in (await table_links(self.store, t.id)).items():
            table = tables.get(key)
            if link.match_id is None or table is None or table.get("match_id") == link.match_id:
                continue
            if table.get("result") is None and t.status not in ENDED:
                continue  # still to be adopted
            row = await self.matches.load(link.match_id)
            if row.status in ("lobby", "active"):
                log.info("tournament %s: closing match %s of table %s, settled without it", t.id, row.id, key)
                await self._close_match({"match_id": row.id})

    async def _adopt(self, t: Tournament, rnd: dict, table: dict, match_id: int, events: list) -> None:
        """A table whose match exists (opened by a process that died or lost a race before
        writing it into the tournament): record it, and announce it now."""
        row = await self.matches.load(match_id)
        await self._record_opened(t, rnd, table, Outcome(match=row), events)

    async def _record_opened(self, t: Tournament, rnd: dict, table: dict, outcome: Outcome, events: list) -> None:
        row = outcome.match
        table["match_id"], table["channel_id"] = row.id, row.channel_id
        settled: list = []
        if row.status in ("finished", "abandoned"):  # bots only: played out at once
            self._settle_from_match(t, rnd, table, row, settled)
        await self._save(t)
        events.append(self._event("table_opened", t, rnd, table, outcome))
        events.extend(settled)

    async def _open_one(self, t: Tournament, rnd: dict, table: dict, events: list) -> bool:
        key = table_key(rnd, table)
        link: TableLink = await claim_table(self.store, t.id, key, self.owner, self.clock(), LEASE_SECONDS)
        if link.match_id is not None:
            await self._adopt(t, rnd, table, link.match_id, events)
            return False
        if link.owner != self.owner:
            log.debug("tournament %s: table %s is being opened by another process", t.id, key)
            return False
        try:
            channel = link.channel_id
            if channel is None:
                channel = (await self.open_table(t, rnd, table) if self.open_table is not None
                           else 10 ** 15 + t.id * 10 ** 6 + rnd["number"] * 10 ** 3 + table["no"])
                await set_table_channel(self.store, t.id, key, self.owner, channel)
            outcome = await self._start_match(t, table, channel, key)
        except LostClaim:
            log.info("tournament %s: table %s was opened by another process", t.id, key)
            return False
        except Exception:
            log.exception("tournament %s: table %s could not be opened (retried later)", t.id,
                          table_label(rnd, table))
            await release_table(self.store, t.id, key, self.owner)
            return False
        await self._record_opened(t, rnd, table, outcome, events)
        return True

    async def _start_match(self, t: Tournament, table: dict, channel_id: int, key: str) -> Outcome:
        """The table's match, set up and started (bots' first moves made), written with its
        links in one transaction (``LostClaim`` if the table is no longer ours)."""
        matches = self.matches
        game, pace, now = t.game, t.data["pace"], self.clock()
        options = normalize_options(game, t.data["options"])
        seats = self._match_seats(t, table)
        low, high = plugin(game).seat_range(options)
        if not low <= len(seats) <= high:
            raise ServiceError("need_players", needed=low, seated=len(seats))
        row = MatchRow(
            id=0, guild_id=t.guild_id, channel_id=channel_id, game=game, status="active",
            creator_id=t.creator_id, options=options, seats=seats, seed=matches.seed_source(), state=None,
            version=1, pace=pace, timeout_policy="auto", decision_seconds=matches.decision_seconds[pace],
            deadline_at=None, reminded=False, board_message_id=None, locale=t.data.get("locale", "en"),
            result=None, created_at=now, updated_at=now)
        outcome, write = await matches.compute_start(row)
        row.id = await insert_table_match(self.store, row, write, ranked=t.data.get("ranked", True),
                                          tournament_id=t.id, key=key, owner=self.owner)
        await self._committed(row)
        return outcome

    async def _committed(self, row: MatchRow) -> None:
        """What the match service does after a commit: cache, deadline, rating, listeners."""
        matches = self.matches
        matches._remember(row)
        matches._arm(row)
        if row.status == "finished":
            if await self.store.is_ranked(row.id):
                await record_match(self.store, FinishedMatch.from_row(row))
            for listener in matches.on_ended:
                await listener(row)

    def _match_seats(self, t: Tournament, table: dict) -> list[dict]:
        used: dict = {}
        seats = []
        for entrant_id in table["seats"]:
            entrant = t.entrant(entrant_id)
            assert entrant is not None, entrant_id
            member = entrant["members"][used.get(entrant_id, 0)]
            used[entrant_id] = used.get(entrant_id, 0) + 1
            if entrant.get("bot") is not None:
                seats.append({"user_id": None, "name": member["name"], "bot": True})
            else:
                seats.append({"user_id": member["user_id"], "name": member["name"], "bot": False})
        return seats

    # -- paced opening in the background ------------------------------------------------

    def _start_opener(self, tournament_id: int) -> None:
        if tournament_id not in self._openers:
            self._openers.add(tournament_id)
            self._spawn(self._open_in_background(tournament_id))

    async def _open_in_background(self, tournament_id: int) -> None:
        """One more table every ``thread_interval_seconds`` until the round's are all open."""
        done = 0
        try:
            while True:
                await asyncio.sleep(self.limits.thread_interval_seconds)
                events: list = []
                async with self.lock(tournament_id):
                    t = await self.load(tournament_id)
                    if t.status != "running" or t.paused or not unopened(t):
                        return
                    await self._open_pending(t, events, background=True)
                    done += 1
                    left = bool(unopened(t))
                    if not left or done % PROGRESS_EVERY == 0:
                        events.append(self._event("tables_opening", t, t.current_round(), None))
                await self._emit(events)
                if not left:
                    return
        except ServiceError as error:
            log.info("tournament %s: opening tables stopped (%s); the next tick goes on", tournament_id, error.code)
        except Exception:
            log.exception("tournament %s: opening tables failed; the next tick goes on", tournament_id)
        finally:
            self._openers.discard(tournament_id)
