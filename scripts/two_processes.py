"""Two bot processes sharing one database: a demo of issue 23, run by a person.

    .venv/bin/python scripts/two_processes.py            # a fresh PostgreSQL database, dropped after
    .venv/bin/python scripts/two_processes.py --database-url sqlite:///data/demo.sqlite3
    .venv/bin/python scripts/two_processes.py --matches 50 --actions 500 --processes 3

It opens ``--matches`` matches of the registered games (people only, at each game's usual seat
count), then starts ``--processes`` OS processes (``multiprocessing``, spawn). Each has its own
store and ``MatchService`` on the same database, as each bot process has, and they start
together: each picks one of the matches at random again and again and plays a random legal
move for a seat it waits for (``engine.playout.uniform_policy``), through ``MatchService.act``
as a Discord command would, until it has committed ``--actions`` moves or no match is left.

Nothing but the database's version check (``UPDATE ... WHERE version = n``) keeps two processes
from both applying a move to the same version of a match: the loser's commit is refused
(``stale``) and it looks at the database again. At the end it prints, per process, the moves it
committed and how many lost that race, and checks that every match equals a replay of its log
from the seed and that every version of every match was committed by exactly one process.
Exit status 0 when both checks hold, 1 otherwise, 2 when the database cannot be opened.

The default database is a new one on the PostgreSQL server at ``--server`` (default
``$DATABASE_TEST_URL`` or postgresql://postgres@127.0.0.1:5432/test), created and dropped
with asyncpg. Any ``sqlite:///path`` works too (a new file is best: matches are added to it).
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import queue
import random
import secrets
import signal
import sys
import time
import traceback
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a file: the project's packages are beside scripts/
    sys.path.insert(0, str(ROOT))

from engine.base import IllegalAction  # noqa: E402
from engine.playout import uniform_policy  # noqa: E402
from gamehost.registry import normalize_options, plugin, plugins  # noqa: E402
from gamehost.review import replay  # noqa: E402
from gamehost.service import MatchService, ServiceError  # noqa: E402
from gamehost.store import open_store  # noqa: E402

DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/test"
GUILD = 1


class Unusable(Exception):
    """The database cannot be used: one line for the person running the demo (exit status 2)."""


# -- the database -------------------------------------------------------------------------

@asynccontextmanager
async def fresh_postgres(server: str) -> AsyncIterator[str]:
    """A new, empty database on ``server`` (a postgresql:// URL of any database there, with a
    user allowed to create databases): its URL; dropped afterwards, whatever happened."""
    try:
        import asyncpg
    except ImportError:
        raise Unusable("asyncpg is not installed: ./scripts/setup.sh test, or pass --database-url sqlite:///…")
    name = f"demo_{secrets.token_hex(4)}"
    try:
        admin = await asyncpg.connect(server, timeout=10)
    except (OSError, asyncio.TimeoutError, asyncpg.PostgresError) as error:
        raise Unusable(f"PostgreSQL not reachable at {server}: {error}; "
                       "start it, choose another with --server, or pass --database-url sqlite:///…")
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        parts = urlsplit(server)
        yield urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


# -- the matches --------------------------------------------------------------------------

def usual_seats(game: str) -> int:
    low, high = plugin(game).seat_range(normalize_options(game, {}))
    return min(max(low, 2), high)


async def open_matches(url: str, count: int, games: list[str]) -> list[int]:
    """``count`` started matches of people only, the games in turn, one channel each."""
    store = await open_store(url)
    service = MatchService(store, time.time)
    channel = int(time.time() * 1000) % 1_000_000_000  # new channels, so an old file is no obstacle
    ids = []
    try:
        for n in range(count):
            game, channel = games[n % len(games)], channel + 1
            creator = channel * 10
            await service.create(guild_id=GUILD, channel_id=channel, creator_id=creator,
                                 creator_name="seat0", game=game, options={}, pace="async")
            for seat in range(1, usual_seats(game)):
                await service.join(channel, creator + seat, f"seat{seat}")
            ids.append((await service.start(channel, creator)).match.id)
    finally:
        await service.close()
        await store.close()
    return ids


# -- one process --------------------------------------------------------------------------

@dataclass
class Tally:
    committed: list[tuple[int, int]] = field(default_factory=list)  # (match, version it made)
    lost: int = 0                                                  # refused: ``stale``
    refused: dict[str, int] = field(default_factory=dict)          # any other refusal, by code
    seconds: float = 0.0


async def one_move(service: MatchService, match_id: int, rng: random.Random, tally: Tally) -> bool:
    """A random legal move for a person ``match_id`` waits for; False when it is over."""
    row = await service.load(match_id)
    if row.status != "active":
        return False
    engine = plugin(row.game).engine
    waiting = [p.seat for p in engine.prompts(row.state) if p.seat < len(row.seats)]
    if not waiting:
        return False
    seat = rng.choice(waiting)
    action = uniform_policy(engine, rng)(row.state, seat)
    try:
        outcome = await service.act(match_id, row.seats[seat]["user_id"], action, expected_version=row.version)
    except ServiceError as error:
        if error.code == "stale":
            tally.lost += 1
        else:
            tally.refused[error.code] = tally.refused.get(error.code, 0) + 1
        service.cache.drop(match_id)  # the other process moved on: read the database again
    except IllegalAction:
        tally.refused["illegal"] = tally.refused.get("illegal", 0) + 1
        service.cache.drop(match_id)
    else:
        tally.committed.append((match_id, outcome.match.version))
    return True


async def play(url: str, match_ids: list[int], actions: int, seed: int, lanes: int = 1) -> Tally:
    """``actions`` random legal moves on ``match_ids``; ``lanes``: that many players at once,
    each on its own share of the matches (a bot process serves many channels at the same time)."""
    store = await open_store(url)
    service = MatchService(store, time.time)
    tally = Tally()
    started = time.perf_counter()

    async def lane(share: list[int], rng: random.Random) -> None:
        live = list(share)
        while live and len(tally.committed) < actions:
            match_id = rng.choice(live)
            if not await one_move(service, match_id, rng, tally):
                service.cache.drop(match_id)
                if (await service.load(match_id)).status != "active":  # over in the database too
                    live.remove(match_id)
    try:
        await asyncio.gather(*(lane(match_ids[k::lanes], random.Random(seed * 100 + k)) for k in range(lanes)))
    finally:
        tally.seconds = time.perf_counter() - started
        await service.close()
        await store.close()
    return tally


def worker(url: str, match_ids: list[int], actions: int, seed: int, start, results, lanes: int = 1) -> None:
    """One process: wait for the others, play, send back what happened (or the traceback)."""
    try:
        start.wait(timeout=120)
        tally = asyncio.run(play(url, match_ids, actions, seed, lanes))
        results.put((seed, {"committed": tally.committed, "lost": tally.lost, "refused": tally.refused,
                            "seconds": tally.seconds}))
    except BaseException:
        results.put((seed, {"error": traceback.format_exc()}))


def run_processes(url: str, match_ids: list[int], processes: int, actions: int, seed: int) -> list[dict]:
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(processes), context.Queue()
    started = [context.Process(target=worker, args=(url, match_ids, actions, seed + i, start, results),
                               name=f"p{i}") for i in range(processes)]
    for process in started:
        process.start()
    reports: dict[int, dict] = {}
    while len(reports) < processes:  # read before join: a child blocks on a full pipe
        try:
            got, report = results.get(timeout=1)
            reports[got] = report
        except queue.Empty:
            dead = [i for i, p in enumerate(started) if p.exitcode is not None and seed + i not in reports]
            if dead and all(p.exitcode is not None for p in started):  # nothing more will come
                for i in dead:
                    reports[seed + i] = {"error": f"exited with code {started[i].exitcode} before reporting "
                                                  "(its output above says why)"}
    for process in started:
        process.join()
    return [reports[seed + i] for i in range(processes)]


# -- the check ----------------------------------------------------------------------------

async def check(url: str, match_ids: list[int], reports: list[dict]) -> list[str]:
    """What is wrong, if anything: a match unequal to the replay of its log, a version committed
    twice or not at all, a move logged that no process committed, a process that failed."""
    problems = [f"p{i} failed:\n{r['error']}" for i, r in enumerate(reports) if "error" in r]
    made: dict[int, list[int]] = {}
    for report in reports:
        for match_id, version in report.get("committed", []):
            made.setdefault(match_id, []).append(version)
    store = await open_store(url)
    try:
        for match_id in match_ids:
            row, log = await store.match(match_id), await store.action_log(match_id)
            if row is None:
                problems.append(f"match {match_id} is gone")
                continue
            if replay(row, log) != row.state:
                problems.append(f"match {match_id} ({row.game}) differs from the replay of its log")
            if [entry.seq for entry in log] != list(range(1, len(log) + 1)):
                problems.append(f"match {match_id}: its log has gaps")
            versions = sorted(made.get(match_id, []))
            if versions != list(range(row.version - len(versions) + 1, row.version + 1)):
                problems.append(f"match {match_id}: versions committed {versions}, stored {row.version}")
            if len(versions) != sum(1 for entry in log if entry.kind == "action"):
                problems.append(f"match {match_id}: {len(versions)} moves committed, "
                                f"{sum(1 for e in log if e.kind == 'action')} logged")
    finally:
        await store.close()
    return problems


def print_table(reports: list[dict]) -> None:
    print(f"{'process':<8} {'committed':>9} {'lost the race':>14} {'other refusals':>15} {'moves/s':>8}")
    for i, report in enumerate(reports):
        if "error" in report:
            print(f"p{i:<7} failed")
            continue
        committed, lost = len(report["committed"]), report["lost"]
        other = ", ".join(f"{code} {n}" for code, n in sorted(report["refused"].items())) or "0"
        rate = committed / report["seconds"] if report["seconds"] else 0.0
        print(f"p{i:<7} {committed:>9} {lost:>14} {other:>15} {rate:>8.1f}")
    ok = [r for r in reports if "error" not in r]
    print(f"{'total':<8} {sum(len(r['committed']) for r in ok):>9} {sum(r['lost'] for r in ok):>14}")


# -- main -----------------------------------------------------------------------------------

def arguments(argv: list[str] | None) -> argparse.Namespace:
    games = [p.id for p in plugins()]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="postgresql://… or sqlite:///path (default: a fresh "
                                               "PostgreSQL database on --server, dropped after)")
    parser.add_argument("--server", default=os.environ.get("DATABASE_TEST_URL") or DEFAULT_SERVER,
                        help="the PostgreSQL server for the fresh database (default: %(default)s)")
    parser.add_argument("--matches", type=int, default=20, help="matches played at once (default: %(default)s)")
    parser.add_argument("--actions", type=int, default=200,
                        help="moves each process commits, at most (default: %(default)s)")
    parser.add_argument("--processes", type=int, default=2, help="OS processes (default: %(default)s)")
    parser.add_argument("--games", default=",".join(games), help="games, in turn (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=None, help="the first process's random seed")
    args = parser.parse_args(argv)
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = sorted(set(args.games) - set(games))
    if unknown or args.matches < 1 or args.actions < 1 or args.processes < 1:
        parser.error(f"unknown games {unknown}" if unknown else "--matches, --actions and --processes must be 1 or more")
    if args.database_url and not args.database_url.startswith(("sqlite:///", "postgresql://", "postgres://")):
        parser.error(f"--database-url must start with sqlite:/// or postgresql://, not {args.database_url!r}")
    return args


async def prepare(url: str, args: argparse.Namespace) -> list[int]:
    match_ids = await open_matches(url, args.matches, args.games)
    games = sorted(set(args.games[:args.matches]), key=args.games.index)
    print(f"{len(match_ids)} matches ({', '.join(games)}) on {redact(url)}; "
          f"{args.processes} processes, at most {args.actions} moves each")
    return match_ids


def redact(url: str) -> str:
    password = urlsplit(url).password
    return url.replace(f":{password}@", ":***@") if password else url


def demo(url: str, args: argparse.Namespace) -> int:
    match_ids = asyncio.run(prepare(url, args))
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    reports = run_processes(url, match_ids, args.processes, args.actions, seed)
    print_table(reports)
    problems = asyncio.run(check(url, match_ids, reports))
    for problem in problems:
        print("PROBLEM:", problem)
    if not problems:
        print(f"every match equals a replay of its log ({len(match_ids)} of {len(match_ids)}); "
              "every version was committed by exactly one process")
    print(f"seed {seed} (--seed {seed} makes the same choices; who wins each race varies)")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # like Ctrl+C: the fresh database is dropped

    async def with_fresh() -> int:
        async with fresh_postgres(args.server) as url:
            return await asyncio.to_thread(demo, url, args)
    try:
        return demo(args.database_url, args) if args.database_url else asyncio.run(with_fresh())
    except Unusable as problem:
        print(problem, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
