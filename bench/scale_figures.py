"""What many open matches cost: memory in the match cache, finding a channel's match, a
finished game on disk, and how many matches one process can hold in memory. Every
registered game (``gamehost.registry``) is measured, at its largest seat count with its
default options; positions are the mid-game ones of ``bench.games``.

* ``mem.<id>_per_match_kb`` -- tracemalloc over 1,000 mid-game matches of the game put in a
  ``MatchCache`` at the bot's defaults (``HOT_MATCHES`` 256 decoded, ``CACHED_MATCHES``
  20,000 compressed), so 256 are decoded and 744 compressed: everything the cache holds,
  divided by 1,000. ``mem.<id>_hot_kb``: one decoded match row.
* ``lookup.channel_us_10k`` -- ``MatchService.in_channel`` for one of the 64 most recently
  used matches while 10,000 matches (mid-game, the registered games in turn, at their usual
  seat counts) are cached; mean of 20,000 lookups, the median of five such runs.
* ``store.<id>_game_kb`` -- a game whose every seat is a bot played to its end through
  ``MatchService`` (start, then each expired deadline plays the waiting seat as its bot
  would, and the bots carry on), on disk: the bytes of its rows in ``matches``, ``actions``
  and ``snapshots`` (``length()`` of every text and blob value, in bytes; numbers at the
  size SQLite stores them in).
* ``capacity.active_matches`` -- how many open matches one process keeps in memory within
  1 GiB, every one of them of the dearest kind (the game with the largest
  ``mem.<id>_per_match_kb``) throughout; see ``active_matches``.

In smoke mode (``bench.run``): one position per game, 20 cached matches, 100 lookups among
100 matches, the stored game at the usual seat count, cut off after ``SMOKE_STORE_MOVES``
moves, and the baseline in one language, each board drawn once.
"""
from __future__ import annotations

import asyncio
import functools
import gc
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from typing import Callable, TypeVar

from bench.games import (MAX_MOVES, board_job, default_options, game_ids, largest_seats, mid_game_states,
                         private_job, usual_seats)
from bench.run import Measure, smoke, sized
from gamehost.cache import MatchCache
from gamehost.config import Settings
from gamehost.i18n import LOCALES
from gamehost.service import MatchService
from gamehost.store import MatchRow, Store

BUDGET_BYTES = 1 << 30  # capacity.active_matches: 1 GiB for the whole bot
SMOKE_STORE_MOVES = 60  # store.<id>_game_kb in smoke mode: moves before the game is cut off

T = TypeVar("T")


def largest_states(game_id: str, count: int | None = None) -> tuple:
    """Mid-game states of bot-vs-bot games at the game's largest seat count (10; smoke: 1)."""
    count = sized(10, 1) if count is None else count
    seats = largest_seats(game_id)
    return tuple(state for _seats, state in mid_game_states(game_id, seats, count))


def match_row(match_id: int, state: dict | None, *, game: str, seats: int) -> MatchRow:
    now = time.time()
    return MatchRow(
        id=match_id, guild_id=1, channel_id=100_000 + match_id, game=game, status="active",
        creator_id=1, options=default_options(game),
        seats=[{"user_id": 1000 + s, "name": f"player{s}", "bot": False} for s in range(seats)],
        seed=match_id, state=state, version=40, pace="async", timeout_policy="auto", decision_seconds=86400,
        deadline_at=now + 86400, reminded=False, board_message_id=10**18 + match_id, locale="en",
        result=None, created_at=now, updated_at=now)


def _traced(build: Callable[[], T]) -> tuple[int, T]:
    """Bytes still allocated after ``build()`` returns (its result kept alive), by tracemalloc."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = build()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    return sum(stat.size_diff for stat in after.compare_to(before, "filename")), kept


@functools.cache
def memory(game_id: str, count: int | None = None) -> dict[str, float]:
    """Bytes per match of the game at its largest seat count: at the cache defaults,
    decoded (hot) and compressed (cold); ``count`` matches cached (1,000; smoke: 20)."""
    count = sized(1000, 20) if count is None else count
    seats = largest_seats(game_id)
    texts = [json.dumps(s) for s in largest_states(game_id)]  # each match decodes its own copy
    settings = Settings.from_env({})

    def row(i: int) -> MatchRow:
        return match_row(i + 1, json.loads(texts[i % len(texts)]), game=game_id, seats=seats)

    def fill() -> MatchCache:
        cache = MatchCache(settings.hot_matches, settings.cached_matches)
        for i in range(count):
            cache.put(row(i))
        return cache

    at_defaults, cache = _traced(fill)
    hot_count, cold_count = len(cache._hot), len(cache._cold)
    assert hot_count + cold_count == count and hot_count == min(count, settings.hot_matches)
    del cache
    decoded, rows = _traced(lambda: [row(i) for i in range(100)])
    del rows
    hot = decoded / 100
    return {"per_match": at_defaults / count, "hot": hot,
            # the compressed tier's share of the same fill, per match in it
            "cold": (at_defaults - hot_count * hot) / max(1, cold_count),
            "hot_size": settings.hot_matches, "cold_size": settings.cached_matches}


def memory_figures(game_id: str):
    measured = memory(game_id)
    yield f"mem.{game_id}_per_match_kb", round(measured["per_match"] / 1024, 1)
    yield f"mem.{game_id}_hot_kb", round(measured["hot"] / 1024, 1)


# -- finding a channel's match -------------------------------------------------------------

async def measure_channel_lookup(cached: int = 10_000, recent: int = 64, lookups: int = 20_000,
                                 positions: int = 8) -> float:
    directory = tempfile.mkdtemp(prefix="bench-lookup-")
    store = Store(os.path.join(directory, "m.sqlite3"))
    await store.open()
    service = MatchService(store, time.time, cached_matches=cached)
    try:
        kinds = [(game_id, usual_seats(game_id), json.dumps(state)) for game_id in game_ids()
                 for _seats, state in mid_game_states(game_id, usual_seats(game_id), positions)]
        kinds = [kinds[k] for i in range(positions) for k in range(i, len(kinds), positions)]  # the games in turn
        for i in range(cached):
            game_id, seats, text = kinds[i % len(kinds)]
            service.cache.put(match_row(i + 1, json.loads(text), game=game_id, seats=seats))
        assert len(service.cache) == cached
        channels = [100_000 + i + 1 for i in range(cached - recent, cached)]  # the latest used
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            for k in range(lookups):
                await service.in_channel(channels[k % recent])
            runs.append((time.perf_counter() - start) / lookups * 1e6)
        return statistics.median(runs)
    finally:
        await service.close()
        await store.close()
        shutil.rmtree(directory, ignore_errors=True)


def channel_lookup():
    measured = asyncio.run(measure_channel_lookup(sized(10_000, 100), sized(64, 8), sized(20_000, 100), sized(8, 1)))
    yield "lookup.channel_us_10k", round(measured, 2)


# -- a finished game on disk ---------------------------------------------------------------

class _Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


# What one value takes in a row's record: text and blobs their bytes (length() of the blob),
# numbers the size SQLite stores them in (a real 8 bytes, an integer 0-8 by magnitude) rather
# than the length of their text, which would make a float timestamp 17 bytes or so.
_VALUE_BYTES = """CASE typeof({c})
    WHEN 'null' THEN 0
    WHEN 'real' THEN 8
    WHEN 'integer' THEN CASE WHEN {c} IN (0, 1) THEN 0 WHEN abs({c}) < 128 THEN 1
        WHEN abs({c}) < 32768 THEN 2 WHEN abs({c}) < 8388608 THEN 3 WHEN abs({c}) < 2147483648 THEN 4
        WHEN abs({c}) < 140737488355328 THEN 6 ELSE 8 END
    ELSE length(CAST({c} AS BLOB)) END"""


async def _row_bytes(store: Store, table: str, match_column: str, match_id: int) -> int:
    """The bytes of the values in ``table``'s rows of one match (the records' payload)."""
    columns = [r[1] for r in await store._all(f"PRAGMA table_info({table})")]
    total = " + ".join(_VALUE_BYTES.format(c=c) for c in columns)
    size: int = await store._value(f"SELECT COALESCE(SUM({total}), 0) FROM {table} WHERE {match_column} = ?",
                                   (match_id,))
    return size


async def measure_game_storage(game_id: str, seed: int = 7, *, seats: int | None = None,
                               expiries: int = MAX_MOVES, finish: bool = True) -> dict[str, int]:
    """A game of ``game_id`` at its largest seat count (or ``seats``), every seat a bot, played
    to its end (``finish``; else for at most ``expiries`` expired deadlines)."""
    seats = largest_seats(game_id) if seats is None else seats
    directory = tempfile.mkdtemp(prefix="bench-game-")
    store = Store(os.path.join(directory, "m.sqlite3"))
    await store.open()
    clock = _Clock()
    service = MatchService(store, clock, seed_source=lambda: seed)
    try:
        # No command seats bots only (a lobby's creator holds a seat), so the lobby is written
        # as the service keeps one whose seats are all bots; the service starts and plays it.
        lobby = match_row(0, None, game=game_id, seats=seats)
        lobby.status, lobby.version, lobby.seed, lobby.pace = "lobby", 0, seed, "live"
        lobby.timeout_policy, lobby.decision_seconds, lobby.deadline_at = "bot", 600, None
        lobby.board_message_id = None
        lobby.seats = [{"user_id": None, "name": f"Bot {s + 1}", "bot": True} for s in range(seats)]
        lobby.id = await store.insert_match(lobby)
        # seat_of(None) finds a bot seat (user_id None); MatchService.start is annotated for
        # people's ids only (int), narrower than what it accepts: gamehost's to widen
        row = (await service.start(lobby.channel_id, None)).match  # type: ignore[arg-type]
        for _ in range(expiries):
            row = await service.load(row.id)
            if row.status != "active":
                break
            assert row.deadline_at is not None, "an active match of bots has a deadline armed"
            clock.now = max(clock.now, row.deadline_at)
            await service.expire(row.id, row.version)
        if finish and row.status != "finished":
            raise AssertionError(f"{game_id}: the bots' game is {row.status} after {expiries} expiries")
        sizes = {table: await _row_bytes(store, table, column, row.id)
                 for table, column in (("matches", "id"), ("actions", "match_id"), ("snapshots", "match_id"))}
        sizes["moves"] = await store.last_seq(row.id)
        return sizes
    finally:
        await service.close()
        await store.close()
        shutil.rmtree(directory, ignore_errors=True)


def game_storage(game_id: str):
    if smoke():
        sizes = asyncio.run(measure_game_storage(game_id, seats=usual_seats(game_id), expiries=SMOKE_STORE_MOVES,
                                                 finish=False))
    else:
        sizes = asyncio.run(measure_game_storage(game_id))
    total = sizes["matches"] + sizes["actions"] + sizes["snapshots"]
    yield f"store.{game_id}_game_kb", round(total / 1024, 1)


# -- how many matches fit in memory ----------------------------------------------------------

def _rss_bytes(pid: int | str = "self") -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _baseline_bytes() -> int:
    """The bot before it holds any match: a fresh interpreter with the bot and every
    registered game's cog, engine and renderer imported and a board drawn (fonts loaded),
    plus the render worker processes of the real bot (``bot.main``: one per core, at most 4)
    after each has drawn boards and private views of every game in every catalog language
    (their fonts at every size drawn, tiles and picture caches: some 170 MB each). A worker's pages
    shared with the forkserver are counted in every worker, so this errs high."""
    from gamehost.render_pool import ProcessPool
    from gamehost.workers import PRELOAD, default_workers

    script = ("import importlib\n"
              "import bot, cogs.lobby\n"
              "from gamehost.registry import plugins\n"
              "for game in plugins():\n"
              "    importlib.import_module(game.cog_module), game.engine, game.renderer\n"
              "from bench.games import board_job, mid_game_states, usual_seats\n"
              "game_id = plugins()[0].id\n"
              "seats, state = mid_game_states(game_id, usual_seats(game_id), 1)[0]\n"
              "draw, kwargs = board_job(game_id, seats, state)\n"
              "draw(**kwargs)\n"
              "from bench.scale_figures import _rss_bytes\n"
              "print(_rss_bytes())\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bot_rss = int(subprocess.run([sys.executable, "-c", script], cwd=root, check=True, capture_output=True,
                                 text=True).stdout.split()[-1])
    # workers of their own (a fresh pool, as the bot starts with): the shared pool's have
    # drawn whatever the figures before this one drew
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    pool = ProcessPool(default_workers(), context)
    jobs = []
    for lang in sized(LOCALES, LOCALES[:1]):  # every catalog's fonts, as a bot serving every language has
        for game_id in game_ids():
            seats = largest_seats(game_id)
            for state in largest_states(game_id):
                jobs.append(board_job(game_id, seats, state, lang))
                jobs.append(private_job(game_id, seats, state, 0, lang))
    try:
        for done in [pool.submit(draw, kwargs) for draw, kwargs in jobs * sized(default_workers(), 1)]:
            done.result()
        workers = [_rss_bytes(pid) for pid in pool.pids()]
    finally:
        pool.shutdown()
    return bot_rss + sum(workers)


def _bookkeeping_bytes(count: int | None = None) -> float:
    """Memory an open match costs outside the cache, for as long as it is open: its armed
    deadline (``DeadlineScheduler.armed`` entry and heap entries) and its lock (over 10,000
    matches; smoke: 100)."""
    count = sized(10_000, 100) if count is None else count

    async def arm_all():
        service = MatchService(Store(":memory:"), time.time)  # never opened: deadlines and locks only
        now = time.time()

        def build():
            for i in range(count):
                service.deadlines.arm(i + 1, 40, now + 86400 + i, now + 64800 + i)
                service.lock(i + 1)
            return service

        used, _ = _traced(build)
        await service.close()
        return used / count

    return asyncio.run(arm_all())


def active_matches():
    """capacity.active_matches: open matches one process keeps in memory within 1 GiB.

    Memory is bounded by the match cache, not by the number of open matches: a match that
    falls out of the cache stays in SQLite and is read back on its next move. So the figure is
    how many matches 1 GiB lets the cache hold, i.e. the ``CACHED_MATCHES`` bound that fits:

        budget   = 1 GiB - baseline (the bot with no match: interpreter, modules, fonts, plus
                   the render worker processes; measured)
        per open match, always: bookkeeping (armed deadline, lock; measured, ``_bookkeeping_bytes``)
        hot      = HOT_MATCHES (256) decoded matches at ``mem.<id>_hot_kb`` each
        cold     = the rest, compressed, at the measured per-match cost of the cold tier
        capacity = HOT_MATCHES + (budget - HOT_MATCHES * (hot + bookkeeping)) // (cold + bookkeeping)

    with every match a mid-game one of the dearest kind: the registered game, at its largest
    seat count, with the largest ``mem.<id>_per_match_kb``. Matches beyond this are still
    served, from SQLite, at the cost of a read on their next move.
    """
    dearest = max(game_ids(), key=lambda game_id: memory(game_id)["per_match"])
    measured = memory(dearest)
    book = _bookkeeping_bytes()
    budget = BUDGET_BYTES - _baseline_bytes()
    hot = int(measured["hot_size"])
    held = hot + int((budget - hot * (measured["hot"] + book)) // (measured["cold"] + book))
    yield "capacity.active_matches", held


def figures() -> list[tuple[str, Measure]]:
    """(name prefix, measure): the per-game figures for every registered game, then the rest."""
    per_game: list[tuple[str, Measure]] = [(f"mem.{game_id}", functools.partial(memory_figures, game_id))
                                           for game_id in game_ids()]
    per_game += [(f"store.{game_id}", functools.partial(game_storage, game_id)) for game_id in game_ids()]
    return per_game + [("lookup.channel", channel_lookup), ("capacity.active_matches", active_matches)]
