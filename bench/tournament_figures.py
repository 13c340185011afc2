"""Figures of tournaments, ratings and replays: pure code, no Discord and no database.

* ``tournament.swiss_pair_ms_1000`` -- one Swiss round (``gamehost.tournaments.pair_swiss``)
  of 1,000 entrants (seeded ratings) with six rounds already played; only the 7th round's
  ``pair_swiss`` is timed; milliseconds, median of up to ``SWISS_REPEATS`` pairings made
  within ``SWISS_BUDGET_S`` seconds (environment ``BENCH_SWISS_BUDGET_S``; 0: no limit).
  When the first pairing does not finish within the budget it is cut off (SIGALRM, main
  thread only) and the figure is printed as a lower bound, ``>30000``. The six rounds of
  history are paired by ``pair_swiss`` itself and played with seeded random results (about
  5% draws).
* ``tournament.standings_ms_1000`` -- ``standings(entrants, rounds)`` of the same 1,000
  entrants after those six rounds; milliseconds, median of 15 calls.
* ``rating.update_ms_p50`` -- one finished 4-player match rated by
  ``gamehost.ratings.rate_match`` (what the rating service calls per finished match,
  before any database write): four people drawn from a pool of 16 whose ratings carry over
  from match to match, placed in a seeded random order (ties now and then); 400 matches
  after 20 warm-up ones; milliseconds.
* ``replay.step_ms_p50.<id>`` for every registered game (``gamehost.registry``), and
  ``replay.step_ms_p50`` = the largest of them -- one ``/match replay`` step as
  ``cogs.replay`` takes it, without Discord: the position just after move N rebuilt as the
  cog does (``gamehost.review.position_at``: the nearest stored snapshot before move N, one
  every ``SNAPSHOT_EVERY`` actions as the match service stores them, plus the logged moves
  after it), its ``Snapshot`` (public view
  and prompts, ``gamehost.snapshot``) and the public board PNG drawn from it
  (``render.<id>.board_png``). Narration (text) is left out. The match is one recorded
  bot-vs-bot game (``bench.games.play``'s moves, seed 0, the usual seat count, logged in
  notation as the service logs them) played to its end; N runs over 24 move numbers spread
  evenly from its first to its last move, each step taken 3 times after one warm-up step;
  milliseconds.
* ``replay.step_ms_ratio.<id>`` -- that game's replay step p50 over its board render p50,
  the render being the same public board PNG of the same 24 positions, drawn the same
  number of times in the same run (so the ratio is 1 + rebuild time / drawing time).

In smoke mode (``bench.run``): 16 entrants, 10 rated matches, 2 replay steps of a recorded
game cut off after ``bench.games.SMOKE_MOVES`` moves; the names keep their full sizes.
"""
from __future__ import annotations

import copy
import os
import random
import signal
import statistics
import threading
import time

from bench.games import default_options, game_ids, max_moves, seat_names, usual_seats
from bench.run import Measure, smoke, sized
from engine import playout
from engine.base import JSON, Result
from gamehost.ratings import rate_match
from gamehost.registry import plugin
from gamehost.snapshot import snapshot
from gamehost.review import position_at
from gamehost.store import SNAPSHOT_EVERY, LoggedAction, MatchRow
from gamehost.tournaments import Entrant, Round, TableResult, pair_swiss, standings

SWISS_ENTRANTS = 1000
SWISS_HISTORY = 6
SWISS_REPEATS = 5  # timed 7th-round pairings at most, while within the budget
SWISS_BUDGET_S = 30.0  # seconds for them all (BENCH_SWISS_BUDGET_S; 0: no limit)
STANDINGS_REPEATS = 15
DRAW_RATE = 0.05


# -- tournaments -------------------------------------------------------------------------

def _table_result(table: tuple, rng: random.Random) -> TableResult:
    a, b = table
    roll = rng.random()
    if roll < DRAW_RATE:
        return TableResult.draw(a, b)
    return TableResult.win(a, b) if roll < (1 + DRAW_RATE) / 2 else TableResult.win(b, a)


def swiss_history(entrants: int, rounds: int = SWISS_HISTORY, seed: int = 0, *,
                  pairing=pair_swiss) -> tuple[list[Entrant], list[Round]]:
    """``entrants`` entrants (seeded ratings) and ``rounds`` rounds paired by ``pairing``
    (``pair_swiss``) and played with seeded random results (a few draws)."""
    rng = random.Random(seed)
    people = [Entrant(i, rating=round(rng.gauss(1500, 200), 1)) for i in range(entrants)]
    played: list[Round] = []
    for number in range(1, rounds + 1):
        paired = pairing(people, played, number=number)
        played.append(paired.with_results(*(_table_result(t, rng) for t in paired.tables)))
    return people, played


class _OverBudget(Exception):
    pass


def _timed_pairings(people, played, budget_s: float, repeats: int) -> tuple[list[float], bool]:
    """Milliseconds of each 7th-round ``pair_swiss`` (at most ``repeats``, while within
    ``budget_s`` in all; ``budget_s`` <= 0: no limit), and whether the budget cut one off."""
    samples: list[float] = []
    capped = budget_s > 0 and threading.current_thread() is threading.main_thread()
    deadline = time.perf_counter() + budget_s

    def over(_signum, _frame):
        raise _OverBudget

    previous = signal.signal(signal.SIGALRM, over) if capped else None
    try:
        while len(samples) < repeats:
            left = deadline - time.perf_counter()
            if capped and left <= 0:
                return samples, not samples
            if capped:
                signal.setitimer(signal.ITIMER_REAL, left)
            start = time.perf_counter()
            try:
                pair_swiss(people, played, number=len(played) + 1)
            except _OverBudget:
                return samples, True
            finally:
                if capped:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            samples.append((time.perf_counter() - start) * 1000)
    finally:
        if capped:
            signal.signal(signal.SIGALRM, previous)
    return samples, False


def tournament(entrants: int = SWISS_ENTRANTS, standings_repeats: int = STANDINGS_REPEATS, *,
               budget_s: float | None = None, repeats: int = SWISS_REPEATS, name_size: int | None = None):
    """Both tournament figures from one history (``name_size``: the size in the names)."""
    size = entrants if name_size is None else name_size
    budget = float(os.environ.get("BENCH_SWISS_BUDGET_S", SWISS_BUDGET_S)) if budget_s is None else budget_s
    people, played = swiss_history(entrants)
    samples, cut = _timed_pairings(people, played, budget, repeats)
    if cut and not samples:
        yield f"tournament.swiss_pair_ms_{size}", f">{round(budget * 1000)}"
    else:
        yield f"tournament.swiss_pair_ms_{size}", round(statistics.median(samples), 1)
    samples = []
    for _ in range(standings_repeats):
        start = time.perf_counter()
        standings(people, played)
        samples.append((time.perf_counter() - start) * 1000)
    yield f"tournament.standings_ms_{size}", round(statistics.median(samples), 2)


# -- ratings -----------------------------------------------------------------------------

def rating_update(matches: int = 400, warmup: int = 20, pool: int = 16, seed: int = 0):
    rng = random.Random(seed)
    people = [{"user_id": 1000 + k, "name": f"player{k}"} for k in range(pool)]
    ratings: dict = {}
    samples = []
    for index in range(warmup + matches):
        seats = rng.sample(people, 4)
        order = list(range(4))
        rng.shuffle(order)
        placements = [[s] for s in order]
        if rng.random() < 0.1:  # now and then two sides tie
            k = rng.randrange(3)
            placements[k:k + 2] = [placements[k] + placements[k + 1]]
        start = time.perf_counter()
        rated = rate_match(seats, {"placements": placements}, ratings, game="bench")
        elapsed = (time.perf_counter() - start) * 1000
        assert rated is not None, "four people seated, four sides: always rated"
        if index >= warmup:
            samples.append(elapsed)
        ratings = {**ratings, **rated.ratings}
    yield "rating.update_ms_p50", round(statistics.median(samples), 3)


# -- replays -----------------------------------------------------------------------------

def recorded_game(game_id: str, seed: int = 0) -> tuple[MatchRow, list[LoggedAction], list[tuple[int, dict]]]:
    """A finished bot-vs-bot match (``bench.games.play``'s moves, played by ``engine.playout``
    through ``apply``), its action log and the snapshots the match service would have stored
    (every ``SNAPSHOT_EVERY`` actions)."""
    game, seats = plugin(game_id), usual_seats(game_id)
    engine, options = game.engine, default_options(game_id)
    log: list[LoggedAction] = []
    stored: list[tuple[int, dict]] = []

    def record(after: JSON, seat: int, action: JSON, made: int) -> None:
        log.append(LoggedAction(made, seat, None, "bot", engine.format_action(action), 0.0))
        if made % SNAPSHOT_EVERY == 0:
            stored.append((made, copy.deepcopy(after)))
    state = playout.play(engine, engine.setup(seats, options, seed), engine.bot_action, stop_after=max_moves(),
                         inplace=False, watch=record).state
    row = MatchRow(id=1, guild_id=1, channel_id=1, game=game_id, status="finished", creator_id=1,
                   options=options, seats=[{"user_id": 100 + s, "name": name} for s, name in
                                           enumerate(seat_names(seats))],
                   seed=seed, state=state, version=len(log), pace="live", timeout_policy="bot",
                   decision_seconds=0, deadline_at=None, reminded=False, board_message_id=None,
                   locale="en", result=_result_row(engine.result(state)), created_at=0.0, updated_at=0.0)
    return row, log, stored


def _result_row(result: Result | None) -> dict | None:
    """``MatchRow.result`` as the match service stores it (``gamehost.service``)."""
    if result is None:
        return None
    return {"winners": result.winners, "placements": result.placements, "reason": result.reason,
            "figures": result.figures}


def replay_steps(game_id: str, positions: int = 24, passes: int = 3):

    game = plugin(game_id)
    draw = game.renderer.board_png
    row, log, stored = recorded_game(game_id)
    if game.engine.result(row.state) is None and not smoke():
        raise AssertionError(f"{game_id}: the recorded bot game did not finish")
    names = seat_names(len(row.seats))
    total = len(log)
    moves = sorted({max(1, round(total * k / (positions - 1))) for k in range(positions)})

    def step(move: int) -> bytes:
        at, _step = position_at(row, log, log, move, stored)
        return draw(view=snapshot(at).view, seat_names=names, lang="en")

    views = [snapshot(position_at(row, log, log, move, stored)[0]).view for move in moves]
    step(moves[len(moves) // 2])  # warm caches (fonts, tiles, imports)
    draw(view=views[0], seat_names=names, lang="en")
    steps, renders = [], []
    for _ in range(passes):
        for move, view in zip(moves, views):
            start = time.perf_counter()
            step(move)
            steps.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            draw(view=view, seat_names=names, lang="en")
            renders.append((time.perf_counter() - start) * 1000)
    step_p50, render_p50 = statistics.median(steps), statistics.median(renders)
    yield f"replay.step_ms_p50.{game_id}", round(step_p50, 2)
    yield f"replay.step_ms_ratio.{game_id}", round(step_p50 / render_p50, 2)


def replay(positions: int = 24, passes: int = 3):
    worst = 0.0
    for game_id in game_ids():
        for figure, value in replay_steps(game_id, positions, passes):
            if figure.startswith("replay.step_ms_p50."):
                worst = max(worst, value)
            yield figure, value
    yield "replay.step_ms_p50", worst


def figures() -> list[tuple[str, Measure]]:
    return [("tournament", lambda: tournament(sized(SWISS_ENTRANTS, 16), sized(STANDINGS_REPEATS, 2),
                                              repeats=sized(SWISS_REPEATS, 1), name_size=SWISS_ENTRANTS)),
            ("rating.update", lambda: rating_update(sized(400, 10), sized(20, 2))),
            ("replay", lambda: replay(sized(24, 2), sized(3, 1)))]


if __name__ == "__main__":
    for _name, measure in figures():
        for figure, value in measure():
            print(f"{figure} {value}", flush=True)
