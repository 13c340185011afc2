"""The match service's deadlines: reminders, and the timeout policy applied to a decision that
ran late. A mixin of ``MatchService`` (it uses the service's lock, store, scheduler and commit
step), kept apart so the service stays small."""
from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING, Awaitable, Callable

from engine.base import Event, Prompt
from gamehost import metrics
from gamehost.outcome import Outcome
from gamehost.registry import plugin
from gamehost.cache import MatchCache
from gamehost import leases as lease_settings
from gamehost.leases import CLAIM_BATCH, Leases, read_lease_notice
from gamehost.store import MatchRow, Store
from gamehost.timers import DeadlineScheduler

log = logging.getLogger(__name__)
MAX_AUTOMATIC_STEPS = 200  # bot/timeout moves in a row before we stop and ask a human

RemindListener = Callable[[MatchRow], Awaitable[None]]
ExpireListener = Callable[[Outcome], Awaitable[None]]
#: one decision applied to a state: (the moves' notation, the new state, the events)
Step = Callable[[dict], tuple[list[str], dict, list[Event]]]


def same_decision(late: Prompt, asked: Prompt) -> bool:
    """Whether ``asked`` still belongs to the decision that ran late (``expire``): the same
    kind of prompt, or a reaction it raised; a simultaneous phase ends with its prompt key. A
    prompt that names its decision (``params["decision"]``, e.g. one question among several
    of one kind: where each displaced hero goes in Kingdom Rush) ends when that name changes."""
    if asked.params.get("decision") != late.params.get("decision"):
        return False
    if asked.kind == "reaction":
        return True
    return asked.kind == late.kind and (late.kind != "simultaneous" or asked.key == late.key)


def prompt_marks(prompts: list[Prompt]) -> set[tuple]:
    """The seats asked and the decisions named (``params["decision"]``): when these change,
    the seats face a new decision with a full deadline (``MatchService._finish_step``)."""
    return {(p.seat, p.params.get("decision")) for p in prompts}


class MatchDeadlines:
    """Reminders and timeouts; ``MatchService`` provides ``clock``, ``store``, ``deadlines``
    (the scheduler), ``lock``, ``load``, ``reminder_fraction``, ``_commit_step`` and the
    listeners ``_on_remind`` / ``_on_expired``."""

    clock: Callable[[], float]
    store: Store
    cache: MatchCache
    deadlines: DeadlineScheduler
    reminder_fraction: float
    _on_remind: RemindListener | None
    _on_expired: ExpireListener | None

    if TYPE_CHECKING:  # MatchService's own
        def lock(self, match_id: int) -> asyncio.Lock: ...
        async def load(self, match_id: int) -> MatchRow: ...
        async def _commit_step(self, row: MatchRow, seat: int | None, user_id: int | None, kind: str,
                               step: Step, *, background: bool = False, decides: bool = True) -> Outcome: ...

    def remind_at(self, row: MatchRow) -> float | None:
        if row.deadline_at is None:
            return None
        return self.reminder_time(row.deadline_at, row.reminded, row.decision_seconds)

    def reminder_time(self, deadline_at: float, reminded: bool, decision_seconds: int) -> float | None:
        if reminded:
            return None
        return deadline_at - decision_seconds * self.reminder_fraction

    def due_at(self, row: MatchRow) -> float | None:
        """When the match next needs the clock: its reminder, else its deadline (stored with
        each save as ``matches.due_at``, what other processes poll for)."""
        if row.status != "active" or row.deadline_at is None:
            return None
        remind = self.remind_at(row)
        return row.deadline_at if remind is None else min(remind, row.deadline_at)

    def _arm(self, row: MatchRow) -> None:
        if row.status == "active" and row.deadline_at is not None:
            self.deadlines.arm(row.id, row.version, row.deadline_at, self.remind_at(row))
        else:
            self.deadlines.disarm(row.id)

    @property
    def leases(self) -> Leases:
        found = self.__dict__.get("_leases")
        if found is None:
            found = self.__dict__["_leases"] = Leases(self.store, self.clock)
        return found

    async def rearm_all(self) -> int:
        """Re-arm every pending deadline from the database (start-up), without loading
        matches; on PostgreSQL (several processes) also poll for due ones every scheduler
        period (``watch_deadlines``)."""
        pending = await self.armed()
        for match_id, version, deadline, remind_at in pending:
            self.deadlines.arm(match_id, version, deadline, remind_at)
        if self.store.dialect == "postgresql":
            self.watch_deadlines()
        return len(pending)

    def watch_deadlines(self, period: float | None = None) -> None:
        """Claim and fire due deadlines armed by any process (a match created or moved in
        another one, or a process that died) every ``period`` seconds (default
        ``leases.SCHEDULER_PERIOD``; 0: never), until ``close``."""
        period = lease_settings.SCHEDULER_PERIOD if period is None else period
        if period > 0:
            self.deadlines.poll_every(period, self.poll_deadlines,
                                      functools.partial(self.leases.next_expiry, "matches"))

    def lease_heard(self, payload: str) -> None:
        """Another process took the lease of a due match: poll when it runs out, in case that
        process dies holding it (gamehost/due_poll.py)."""
        notice = read_lease_notice(payload)
        if notice is not None and notice[0] == "matches" and notice[1] != self.leases.owner:
            self.deadlines.poll_at(notice[2])

    async def poll_deadlines(self) -> int:
        """Claim the due matches nobody holds and fire them; how many were claimed. The first
        poll fills in the open matches' missing ``due_at`` (rows from before revision 0011
        or copied in by a tool): after start-up, so a process is ready as soon as before."""
        if not self.__dict__.get("_due_filled"):
            await self.leases.fill_missing_due(self.reminder_fraction)
            self.__dict__["_due_filled"] = True
        claimed_total = 0
        while True:
            claimed = await self.leases.claim_due("matches")
            claimed_total += len(claimed)
            await asyncio.gather(*(self._fire_logged(match_id, version) for match_id, version in claimed))
            if len(claimed) < CLAIM_BATCH:
                return claimed_total

    async def _deadline_remind(self, match_id: int, version: int) -> None:
        await self._claim_and_fire(match_id, version, "remind")

    async def _deadline_expire(self, match_id: int, version: int) -> None:
        await self._claim_and_fire(match_id, version, "expire")

    async def _claim_and_fire(self, match_id: int, version: int, kind: str) -> None:
        """This process's timer found the moment due: fire it if the lease is had."""
        if await self.leases.claim("matches", match_id, version):
            await self._fire_claimed(match_id, version, kind)
        else:  # expected with several processes: not an error
            log.info("%s of match %s: handled by another process (or the match moved on)", kind, match_id)

    async def stop_deadlines(self) -> None:
        """No timer fires any more and no lease is renewed (the service is closing)."""
        self.deadlines.cancel_all()
        leases = self.__dict__.get("_leases")
        if leases is not None:
            await leases.close()

    async def _fire_claimed(self, match_id: int, version: int, kind: str | None) -> None:
        """The lease on the match at ``version`` is held (and renewed while this runs): send
        its reminder and/or apply its timeout, whichever is due (``kind``: only that one, as
        the timer armed it), then let the lease go. A failure keeps the lease until it runs out:
        another try then."""
        async with self.leases.holding("matches", match_id):
            await self._fire_held(match_id, version, kind)

    async def _fire_held(self, match_id: int, version: int, kind: str | None) -> None:
        row = await self.store.match(match_id)
        if row is None or row.version != version or row.status != "active" or row.deadline_at is None:
            return  # moved on meanwhile (its save ended the lease)
        if self.cache.version(match_id) != version:
            self.cache.drop(match_id)  # another process wrote it: never judge the old copy
        now = self.clock()
        remind = self.remind_at(row)
        if kind != "expire" and remind is not None and now >= remind:
            if kind is None:
                metrics.current().deadlines_due.labels(kind="remind").inc()
            await self._send_reminder(row)
        if kind != "remind" and now >= row.deadline_at:
            if kind is None:
                metrics.current().deadlines_due.labels(kind="expire").inc()
            outcome = await self.expire(match_id, version)
            if outcome is not None:
                metrics.current().deadlines_fired.labels(kind="expire").inc()
                if self._on_expired is not None:
                    await self._on_expired(outcome)
                return  # the commit ended the lease
            row.deadline_at = None  # nothing to time out (no one asked): not due again
        await self.leases.release("matches", match_id, version, self.due_at(row))

    async def _send_reminder(self, row: MatchRow) -> None:
        """Fire, then record it sent (the lease keeps other processes off meanwhile); recorded
        even when sending failed, so a failing reminder is not tried again and again."""
        row.reminded = True
        try:
            if self._on_remind is not None:
                await self._on_remind(row)
        except Exception:  # the timeout still comes: the lease must not outlive this
            log.exception("reminder of match %s not sent", row.id)
        if await self.store.mark_reminded(row.id, row.version):
            metrics.current().deadlines_fired.labels(kind="remind").inc()
        async with self.lock(row.id):  # the copy the next move is judged on says so too
            current = await self.load(row.id)
            if current.version == row.version:
                current.reminded = True

    async def _fire_logged(self, match_id: int, version: int) -> None:
        try:
            await self._fire_claimed(match_id, version, None)
        except Exception as error:
            if getattr(error, "code", None) == "stale":  # a move committed first: expected
                log.info("deadline of match %s: the match moved on first", match_id)
            else:
                log.exception("deadline handling failed for match %s", match_id)

    async def mark_reminded(self, match_id: int, version: int) -> MatchRow | None:
        row = await self.load(match_id)
        if row.status != "active" or row.version != version:
            return None
        if not await self.store.mark_reminded(match_id, version):
            return None
        row.reminded = True
        return row

    async def expire(self, match_id: int, version: int) -> Outcome | None:
        """Apply the match's timeout policy if the decision armed at ``version`` is still pending."""
        async with self.lock(match_id):
            row = await self.load(match_id)
            if row.status != "active" or row.version != version or row.deadline_at is None:
                return None
            if self.clock() < row.deadline_at:
                return None
            engine = plugin(row.game).engine
            prompted = [p.seat for p in engine.prompts(row.state)]
            if not prompted:
                return None
            late = prompted[0]
            late_prompt = engine.prompts(row.state)[0]
            if row.timeout_policy == "forfeit":
                def forfeit(state: dict) -> tuple[list[str], dict, list[Event]]:
                    new_state, events = engine.concede(state, late, "timeout")
                    return ["timeout"], new_state, events
                return await self._commit_step(row, late, None, "concede", forfeit, background=True)
            choose = engine.bot_action if row.timeout_policy == "bot" else engine.timeout_action

            def timeout(state: dict) -> tuple[list[str], dict, list[Event]]:
                events: list[Event] = []
                steps: list[str] = []
                for _ in range(MAX_AUTOMATIC_STEPS):
                    action = choose(state, late)
                    state, new_events = engine.apply(state, late, action)
                    events.extend(new_events)
                    steps.append(engine.format_action(action))
                    # the late decision is over once the seat is no longer asked, or is asked
                    # a new kind of decision (its defence window closed and its own turn began;
                    # set-up ended and play began), or the next simultaneous phase (another
                    # prompt key): that one gets its own deadline. A reaction the late
                    # decision itself raised is still part of it.
                    asked = [p for p in engine.prompts(state) if p.seat == late]
                    if engine.result(state) is not None or not asked or not same_decision(late_prompt, asked[0]):
                        break
                return steps, state, events

            return await self._commit_step(row, late, None, "timeout", timeout, background=True)

    async def armed(self) -> list[tuple[int, int, float, float | None]]:
        """Every pending deadline as (match id, version, deadline, reminder time)."""
        return [(match_id, version, deadline, self.reminder_time(deadline, reminded, seconds))
                for match_id, version, deadline, reminded, seconds in await self.store.armed_deadlines()]

