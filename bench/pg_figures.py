"""Figures of the bot on PostgreSQL (issue 23), against the server of ``DATABASE_TEST_URL``
(default postgresql://postgres@127.0.0.1:5432/test), each on a fresh database made and dropped
there (scripts/two_processes.py ``fresh_postgres``). Where no server answers, one line on
stderr and no pg figure (the rest of the bench runs as before).

* ``pg.cmd_latency_ms_p50`` -- the command latency of ``cmd.latency_ms_p50`` (bench.figures,
  bench.simcord_load: one slash command making a move, with 1 active match, the games in turn)
  with the bot on a fresh PostgreSQL database; ``pg.cmd_latency_ms_p50_sqlite`` the same
  commands measured again on SQLite files in this measure, right after, and
  ``pg.cmd_latency_ratio`` the first over the second (target <= 1.3).
* ``pg.actions_per_s_1proc`` / ``pg.actions_per_s_2proc`` -- random legal moves committed per
  second through ``MatchService.act`` (scripts/two_processes.py's processes: spawned, each
  with its own store and service, started together) across 200 matches of the registered
  games: one process over all 200, then two processes each over its own half (the same mix
  of games, ``halves``), as sharded bot processes split the servers (target 2proc >= 1.6 x
  1proc on 2 cores); each configuration on 200 new matches from their start (a move costs
  more as a game goes on), measured ``ROUNDS`` times in turn with the others, the figure the
  median (the rounds on stderr);
  ``pg.actions_per_s_2proc_shared`` two processes both over all 200 matches, racing for every
  version (a loser's move is refused ``stale``, read again and not counted); and
  ``pg.actions_per_s_ratio`` (2proc over 1proc). The same with ``LANES`` players at once in each
  process, each on its own share of the matches, as a bot serves many channels at the same
  time: ``pg.actions_per_s_1proc_4lanes`` / ``_2proc_4lanes`` / ``_ratio_4lanes`` (one lane
  waits on every commit's flush; several keep the cores busy meanwhile).
* ``pg.restart_ms_100k`` -- the bot started on a database holding 100,000 active matches, until
  it is ready with every deadline armed (as ``store.restart_ms_10k``; target <= 2,000 ms). The
  rows are copies of a few real matches (one per game), written with COPY.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import queue
import statistics
import sys
import time
from contextlib import AbstractAsyncContextManager

from bench.games import game_ids
from bench.run import Measure, sized
from scripts.two_processes import DEFAULT_SERVER, fresh_postgres, open_matches, worker

_usable: dict[str, str | None] = {}  # server -> why it cannot be used (None: it can)


def server() -> str:
    return os.environ.get("DATABASE_TEST_URL") or DEFAULT_SERVER


async def _problem(url: str) -> str | None:
    try:
        import asyncpg

        connection = await asyncpg.connect(url, timeout=5)
        await connection.close()
        return None
    except Exception as error:  # noqa: BLE001 -- whatever keeps us from the server: the pg figures skip
        return f"PostgreSQL not reachable at {url}: {type(error).__name__}: {error}".strip()


def reachable() -> bool:
    """The server answers (asked once; else one line on stderr)."""
    url = server()
    if url not in _usable:
        _usable[url] = asyncio.run(_problem(url))
        if _usable[url] is not None:
            print(f"bench: pg figures skipped: {_usable[url]}", file=sys.stderr, flush=True)
    return _usable[url] is None


def fresh() -> AbstractAsyncContextManager[str]:
    return fresh_postgres(server())


# -- command latency ---------------------------------------------------------------------------

def command_latency():
    from bench.simcord_load import fresh_sqlite, measure_play_latency

    games = len(game_ids())
    # smoke: one bot with a match of every game, not one bot per game, on each database
    matches, samples = sized(1, games), sized(120, games)
    on_pg = asyncio.run(measure_play_latency(active_matches=matches, samples=samples, fresh=fresh))
    on_sqlite = asyncio.run(measure_play_latency(active_matches=matches, samples=samples, fresh=fresh_sqlite))
    pg, lite = statistics.median(on_pg), statistics.median(on_sqlite)
    yield "pg.cmd_latency_ms_p50", round(pg, 2)
    yield "pg.cmd_latency_ms_p50_sqlite", round(lite, 2)
    yield "pg.cmd_latency_ratio", round(pg / lite, 3)


# -- throughput ----------------------------------------------------------------------------------

#: players at once in each process for the ``_<LANES>lanes`` figures (a bot serves many channels
#: at the same time; one lane is one move after another, waiting on each commit's flush)
LANES = 4
#: times each configuration is measured, in turn with the others; the figures are the medians
ROUNDS = 3


def run_split(url: str, shares: list[list[int]], actions: int, seed: int, lanes: int = 1) -> list[dict]:
    """One spawned process per share of the matches (scripts/two_processes.py ``worker``), each
    committing ``actions`` random legal moves on its share; their reports."""
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(len(shares)), context.Queue()
    processes = [context.Process(target=worker, args=(url, share, actions, seed + i, start, results, lanes))
                 for i, share in enumerate(shares)]
    for process in processes:
        process.start()
    reports: dict[int, dict] = {}
    while len(reports) < len(processes):
        try:
            got, report = results.get(timeout=1)
            reports[got - seed] = report
        except queue.Empty:
            if all(p.exitcode is not None for p in processes):
                raise RuntimeError(f"a process died before reporting: {[p.exitcode for p in processes]}")
    for process in processes:
        process.join()
    errors = [r["error"] for r in reports.values() if "error" in r]
    if errors:
        raise RuntimeError("\n".join(errors))
    return [reports[i] for i in range(len(processes))]


def rate(reports: list[dict]) -> float:
    """Moves committed by all the processes over the longest one's playing time."""
    return sum(len(r["committed"]) for r in reports) / max(r["seconds"] for r in reports)


def halves(ids: list[int], games: int) -> list[list[int]]:
    """``ids`` (opened with the games in turn) in two shares with the same mix of games, as
    sharded processes split the servers: alternate matches would give one process two games
    and the other the two others, and the faster half would wait idle for the slower."""
    if len(ids) < 2 * games:  # not a round of every game each (a smoke run): alternate
        return [ids[0::2], ids[1::2]]
    return [[m for k, m in enumerate(ids) if (k // games) % 2 == half] for half in (0, 1)]


async def _throughput(matches: int, actions: int, rounds: int) -> dict[str, float]:
    games = game_ids()
    rates: dict[str, list[float]] = {}
    lost = 0
    async with fresh() as url:
        # every configuration plays matches of its own from their start: a move costs more as
        # a game goes on, so one set played on would flatter whichever configuration went first
        async def measured(name: str, shares: int, seed: int, lanes: int = 1, shared: bool = False) -> int:
            ids = await open_matches(url, matches, games)
            split = [ids, ids] if shared else halves(ids, len(games)) if shares == 2 else [ids]
            reports = await asyncio.to_thread(run_split, url, split, actions // shares, seed, lanes)
            rates.setdefault(name, []).append(rate(reports))
            return sum(r["lost"] for r in reports)

        # one and two processes in turn, ``rounds`` times, and the median of each: a single
        # run of a few seconds can meet the server's checkpoint or autovacuum (one process
        # measured 512 and 749 moves/s minutes apart), which one ratio would take for scaling
        for round_ in range(rounds):
            await measured("1proc", 1, 100 + 10 * round_)
            await measured("2proc", 2, 200 + 10 * round_)
            await measured("1proc_busy", 1, 400 + 10 * round_, LANES)
            await measured("2proc_busy", 2, 500 + 10 * round_, LANES)
        lost = await measured("2proc_shared", 2, 300, shared=True)
    got = {name: statistics.median(values) for name, values in rates.items()}
    got["lost_shared"] = lost
    print("bench: pg.actions_per_s rounds: " + "; ".join(
        f"{name} {' '.join(f'{v:.0f}' for v in values)}" for name, values in rates.items()), file=sys.stderr, flush=True)
    return got


def throughput():
    got = asyncio.run(_throughput(sized(200, 2 * len(game_ids())), sized(3000, 20), sized(ROUNDS, 1)))
    yield "pg.actions_per_s_1proc", round(got["1proc"], 1)
    yield "pg.actions_per_s_2proc", round(got["2proc"], 1)
    yield "pg.actions_per_s_2proc_shared", round(got["2proc_shared"], 1)
    yield "pg.actions_per_s_ratio", round(got["2proc"] / got["1proc"], 3)
    yield f"pg.actions_per_s_1proc_{LANES}lanes", round(got["1proc_busy"], 1)
    yield f"pg.actions_per_s_2proc_{LANES}lanes", round(got["2proc_busy"], 1)
    yield f"pg.actions_per_s_ratio_{LANES}lanes", round(got["2proc_busy"] / got["1proc_busy"], 3)
    print(f"bench: pg.actions_per_s_2proc_shared: {got['lost_shared']} moves lost the race (stale)",
          file=sys.stderr, flush=True)


# -- restart ---------------------------------------------------------------------------------------

async def copy_matches(url: str, models: list[int], count: int) -> None:
    """``count`` more active matches, copies of the rows ``models`` (their channels and
    deadlines made distinct), written with COPY."""
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT * FROM matches WHERE id = ANY($1::bigint[]) ORDER BY id", models)
        columns = [c for c in rows[0].keys() if c != "id"]
        now = time.time()
        records = []
        for n in range(count):
            row = dict(rows[n % len(rows)])
            row.update(channel_id=50_000_000 + n, status="active", deadline_at=now + 3600 + n,
                       board_message_id=None)
            records.append(tuple(row[c] for c in columns))
        await connection.copy_records_to_table("matches", records=records, columns=columns)
        await connection.execute("ANALYZE matches")
    finally:
        await connection.close()


async def _restart(count: int) -> float:
    from bench.simcord_load import time_start

    async with fresh() as url:
        models = await open_matches(url, len(game_ids()), game_ids())
        await copy_matches(url, models, count - len(models))
        return await time_start(url, count)


def restart_time():
    yield "pg.restart_ms_100k", round(asyncio.run(_restart(sized(100_000, 8))), 1)


def figures() -> list[tuple[str, Measure]]:
    """The pg measures, none where the server does not answer (said in one line on stderr)."""
    if not reachable():
        return []
    return [("pg.cmd_latency", command_latency), ("pg.actions_per_s", throughput), ("pg.restart", restart_time)]
