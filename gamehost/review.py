"""Reviewing a match's moves, during the game or after it: each logged move as the viewer may
see it, with the public events it caused, replayed from the seed (engine replays are exact).

The narration itself is the adapters' job; this module hands them, for each move, the match
just after it (a row whose state is that moment's), so names on the board at the time can be
used. Replaying is CPU work: run ``review_steps`` in a thread.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator, Sequence

from engine.base import Event
from engine.jsoncopy import deep_copy
from gamehost.registry import HostedGame, plugin
from gamehost.store import LoggedAction, MatchRow


@dataclass(frozen=True)
class ReviewStep:
    entry: LoggedAction        # seq, seat, kind, and the text as the viewer may see it
    events: list[Event]        # the public events this move caused
    after: MatchRow            # the match right after the move (its state at that moment)


def review_steps(row: MatchRow, log: list[LoggedAction], shown: list[LoggedAction]) -> Iterator[ReviewStep]:
    """Replay ``log`` (the true moves) from the match's seed; ``shown`` is the same log as the
    viewer may see it (``MatchService.log_for``), whose texts are reported."""
    engine = plugin(row.game).engine
    state = engine.setup(len(row.seats), row.options, row.seed)
    for entry, seen in zip(log, shown):
        state, events = apply_entry(engine, state, entry)
        yield ReviewStep(seen, [e for e in events if e.visible_to is None], replace(row, state=state))


def position_at(row: MatchRow, log: list[LoggedAction], shown: list[LoggedAction], move: int,
                snapshots: Sequence[tuple[int, dict]] = ()) -> tuple[MatchRow, ReviewStep | None]:
    """The match just after move ``move`` (0: as set up) and that move's review step, rebuilt
    from the nearest stored snapshot before it (``Store.snapshots``: the state after the
    action of that seq) plus the log, rather than from the seed every time."""
    engine = plugin(row.game).engine
    if move <= 0:
        return replace(row, state=engine.setup(len(row.seats), row.options, row.seed)), None
    after = {entry.seq: index + 1 for index, entry in enumerate(log)}  # seq -> moves done
    start, state = 0, None
    for seq, stored in snapshots:
        done = after.get(seq)
        if done is not None and start < done < move:
            start, state = done, stored
    if state is None:
        state = engine.setup(len(row.seats), row.options, row.seed)
    else:
        state = deep_copy(state)  # the stored snapshot stays as it was
    if start >= move:
        return replace(row, state=state), None
    state = replay_onto(engine, state, log[start:move - 1])
    state, events = apply_entry(engine, state, log[move - 1])  # the move shown: its events too
    at = replace(row, state=state)
    return at, ReviewStep(shown[move - 1], [e for e in events if e.visible_to is None], at)


def replay_onto(engine: HostedGame, state: dict, entries: Sequence[LoggedAction]) -> dict:
    """``entries`` made on ``state`` itself (which must be the caller's own copy). Every logged
    move was legal when it was made and replays are exact, so a game with the unchecked
    in-place path (``engine.base.InPlaceMoves``) makes them there, without a copy and without
    the checks (tests/service/test_review_snapshots.py compares both paths)."""
    fast = getattr(engine, "apply_inplace", None)
    for entry in entries:
        if fast is not None and entry.kind not in ("abandon", "concede"):
            assert entry.seat is not None, "a move is logged with its seat"
            fast(state, entry.seat, engine.parse_action(entry.action))
        else:
            state, _events = apply_entry(engine, state, entry)
    return state


def apply_entry(engine: HostedGame, state: dict, entry: LoggedAction) -> tuple[dict, list[Event]]:
    """One logged entry applied again: a move, a concession, or nothing (a cancellation)."""
    if entry.kind == "abandon":
        return state, []
    assert entry.seat is not None, "a move or a concession is logged with its seat"
    if entry.kind == "concede":
        return engine.concede(state, entry.seat, "resigned" if entry.action == "resign" else entry.action)
    return engine.apply(state, entry.seat, engine.parse_action(entry.action))


def replay(row: MatchRow, log: list[LoggedAction]) -> dict:
    """Rebuild a match's state from its seed and action log (DESIGN: deterministic replays)."""
    engine = plugin(row.game).engine
    return replay_onto(engine, engine.setup(len(row.seats), row.options, row.seed), log)
