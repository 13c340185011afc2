"""What many open matches cost: memory in the match cache, finding a channel's match, a
finished game on disk, and how many matches one process can hold in memory.

* ``mem.cloudspire4_per_match_kb`` -- tracemalloc over 1,000 mid-game 4-player Cloudspire
  matches put in a ``MatchCache`` at the bot's defaults (``HOT_MATCHES`` 256 decoded,
  ``CACHED_MATCHES`` 20,000 compressed), so 256 are decoded and 744 compressed: everything
  the cache holds, divided by 1,000. ``mem.cloudspire4_hot_kb``: one decoded match row.
* ``lookup.channel_us_10k`` -- ``MatchService.in_channel`` for one of the 64 most recently
  used matches while 10,000 (Clash) matches are cached; mean of 20,000 lookups, the median
  of five such runs.
* ``store.cloudspire4_game_kb`` -- a 4-player Cloudspire game with four bot seats played to
  its end through ``MatchService`` (start, then each expired deadline plays the waiting seat
  as its bot would, and the bots carry on), on disk: the bytes of its rows in ``matches``,
  ``actions`` and ``snapshots`` (``length()`` of every text and blob value, in bytes;
  numbers at the size SQLite stores them in).
* ``capacity.active_matches`` -- how many open matches one process keeps in memory within
  1 GiB, the dearest kind (4-player Cloudspire) throughout; see ``active_matches``.
"""
from __future__ import annotations

import asyncio
import functools
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc

from engine.cloudspire import GAME as CLOUDSPIRE
from gamehost.cache import MatchCache
from gamehost.config import Settings
from gamehost.registry import normalize_options
from gamehost.service import MatchService
from gamehost.store import MatchRow, Store

BUDGET_BYTES = 1 << 30  # capacity.active_matches: 1 GiB for the whole bot


@functools.cache
def cloudspire4_states(count: int = 10) -> list[dict]:
    """Mid-game 4-player states (a full 4-player game is some 700-800 moves): bots play
    200-425 moves of games with the lobby's default options."""
    from engine.cloudspire import game as G

    options = normalize_options("cloudspire", {})
    states, seed = [], 0
    while len(states) < count:
        state = CLOUDSPIRE.setup(4, options, seed)
        for _ in range(200 + 25 * (seed % 10)):
            if state["phase"] == "over":
                break
            seat = G.acting_seats(state)[0]
            G.apply_inplace(state, seat, CLOUDSPIRE.bot_action(state, seat), check=False)
        else:
            states.append(state)
        seed += 1
    return states


def match_row(match_id: int, state: dict, *, game: str = "cloudspire", seats: int = 4,
              options: dict | None = None) -> MatchRow:
    now = time.time()
    return MatchRow(
        id=match_id, guild_id=1, channel_id=100_000 + match_id, game=game, status="active",
        creator_id=1, options=options if options is not None else normalize_options(game, {}),
        seats=[{"user_id": 1000 + s, "name": f"player{s}", "bot": False} for s in range(seats)],
        seed=match_id, state=state, version=40, pace="async", timeout_policy="auto", decision_seconds=86400,
        deadline_at=now + 86400, reminded=False, board_message_id=10**18 + match_id, locale="en",
        result=None, created_at=now, updated_at=now)


def _traced(build) -> tuple[int, object]:
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
def cloudspire4_memory(count: int = 1000) -> dict[str, float]:
    """Bytes per match: at the cache defaults, decoded (hot) and compressed (cold)."""
    texts = [json.dumps(s) for s in cloudspire4_states()]  # each match decodes its own copy
    settings = Settings.from_env({})

    def fill() -> MatchCache:
        cache = MatchCache(settings.hot_matches, settings.cached_matches)
        for i in range(count):
            cache.put(match_row(i + 1, json.loads(texts[i % len(texts)])))
        return cache

    at_defaults, cache = _traced(fill)
    hot_count, cold_count = len(cache._hot), len(cache._cold)
    assert hot_count + cold_count == count and hot_count == min(count, settings.hot_matches)
    del cache
    decoded, rows = _traced(lambda: [match_row(i + 1, json.loads(texts[i % len(texts)])) for i in range(100)])
    del rows
    hot = decoded / 100
    return {"per_match": at_defaults / count, "hot": hot,
            # the compressed tier's share of the same fill, per match in it
            "cold": (at_defaults - hot_count * hot) / max(1, cold_count),
            "hot_size": settings.hot_matches, "cold_size": settings.cached_matches}


def cloudspire4_memory_figures():
    memory = cloudspire4_memory()
    yield "mem.cloudspire4_per_match_kb", round(memory["per_match"] / 1024, 1)
    yield "mem.cloudspire4_hot_kb", round(memory["hot"] / 1024, 1)


# -- finding a channel's match -------------------------------------------------------------

async def measure_channel_lookup(cached: int = 10_000, recent: int = 64, lookups: int = 20_000) -> float:
    from bench.figures import clash_states

    directory = tempfile.mkdtemp(prefix="bench-lookup-")
    store = Store(os.path.join(directory, "m.sqlite3"))
    await store.open()
    service = MatchService(store, time.time, cached_matches=cached)
    try:
        texts = [json.dumps(s) for s in clash_states(40)]
        options = normalize_options("clash", {"mode": "duel"})
        for i in range(cached):
            service.cache.put(match_row(i + 1, json.loads(texts[i % len(texts)]), game="clash", seats=2,
                                        options=options))
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
    yield "lookup.channel_us_10k", round(asyncio.run(measure_channel_lookup()), 2)


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
    (size,) = await store._one(f"SELECT COALESCE(SUM({total}), 0) FROM {table} WHERE {match_column} = ?",
                               (match_id,))
    return size


async def measure_game_storage(seed: int = 7) -> dict[str, int]:
    directory = tempfile.mkdtemp(prefix="bench-game-")
    store = Store(os.path.join(directory, "m.sqlite3"))
    await store.open()
    clock = _Clock()
    service = MatchService(store, clock, seed_source=lambda: seed)
    try:
        # No command seats four bots (a lobby's creator holds a seat), so the lobby is written
        # as the service keeps one whose four seats are bots; the service starts and plays it.
        lobby = match_row(0, None, seats=4)
        lobby.status, lobby.version, lobby.seed, lobby.pace = "lobby", 0, seed, "live"
        lobby.timeout_policy, lobby.decision_seconds, lobby.deadline_at = "bot", 600, None
        lobby.board_message_id = None
        lobby.seats = [{"user_id": None, "name": f"Bot {s + 1}", "bot": True} for s in range(4)]
        lobby.id = await store.insert_match(lobby)
        row = (await service.start(lobby.channel_id, None)).match  # seat_of(None): a bot seat
        for _ in range(1000):
            row = await service.load(row.id)
            if row.status != "active":
                break
            clock.now = max(clock.now, row.deadline_at)
            await service.expire(row.id, row.version)
        assert row.status == "finished", row.status
        sizes = {table: await _row_bytes(store, table, column, row.id)
                 for table, column in (("matches", "id"), ("actions", "match_id"), ("snapshots", "match_id"))}
        sizes["moves"] = await store.last_seq(row.id)
        return sizes
    finally:
        await service.close()
        await store.close()
        shutil.rmtree(directory, ignore_errors=True)


def game_storage():
    sizes = asyncio.run(measure_game_storage())
    total = sizes["matches"] + sizes["actions"] + sizes["snapshots"]
    yield "store.cloudspire4_game_kb", round(total / 1024, 1)


# -- how many matches fit in memory ----------------------------------------------------------

def _rss_bytes(pid: int | str = "self") -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _baseline_bytes() -> int:
    """The bot before it holds any match: a fresh interpreter with the bot, every cog,
    engine and renderer imported and a board drawn (fonts loaded), plus the render worker
    processes of the real bot (``bot.main``: one per core, at most 4) after each has drawn
    boards and private views of both games in both languages (their font, tile and
    picture caches grow to some 90-120 MB each). A worker's pages shared with the forkserver are counted in every
    worker, so this errs high."""
    from bench.figures import clash_states
    from engine.clash import GAME as CLASH
    from gamehost.workers import Renderer, _pool, default_workers
    from render import clash as clash_render, cloudspire as cloudspire_render

    script = ("import bot, cogs.lobby, cogs.clash, cogs.cloudspire, engine.clash, engine.cloudspire\n"
              "from bench.figures import clash_states\n"
              "from engine.clash import GAME\n"
              "from render.clash import board_png\n"
              "board_png(view=GAME.view(clash_states(1)[0], None), seat_names=['a', 'b'], lang='en')\n"
              "from bench.scale_figures import _rss_bytes\n"
              "print(_rss_bytes())\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bot_rss = int(subprocess.run([sys.executable, "-c", script], cwd=root, check=True, capture_output=True,
                                 text=True).stdout.split()[-1])
    renderer = Renderer(default_workers())
    renderer.warm()
    names = ["alice", "bob", "carol", "dave"]
    jobs = []
    for lang in ("en", "zh-CN"):  # both catalogs' fonts, as a bot serving both languages holds
        for state in clash_states(8):
            jobs.append((clash_render.board_png, {"view": CLASH.view(state, None), "seat_names": names[:2],
                                                  "lang": lang}))
            jobs.append((clash_render.hand_png, {"view": CLASH.view(state, 0), "seat": 0, "lang": lang}))
        for state in cloudspire4_states():
            jobs.append((cloudspire_render.render_board, {"view": CLOUDSPIRE.view(state, None),
                                                          "seat_names": names, "lang": lang}))
            jobs.append((cloudspire_render.render_private, {"view": CLOUDSPIRE.view(state, 1), "seat": 1,
                                                            "lang": lang}))

    async def draw_all():
        await asyncio.gather(*(renderer.run(job) for job in jobs * renderer.workers))

    asyncio.run(draw_all())
    pool = _pool(renderer.workers)
    workers = [_rss_bytes(pid) for pid in getattr(pool, "_processes", {})]
    return bot_rss + sum(workers)


def _bookkeeping_bytes(count: int = 10_000) -> float:
    """Memory an open match costs outside the cache, for as long as it is open: its armed
    deadline (``DeadlineScheduler.armed`` entry and heap entries) and its lock."""
    async def arm_all():
        service = MatchService(None, time.time)
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
        hot      = HOT_MATCHES (256) decoded matches at ``mem.cloudspire4_hot_kb`` each
        cold     = the rest, compressed, at the measured per-match cost of the cold tier
        capacity = HOT_MATCHES + (budget - HOT_MATCHES * (hot + bookkeeping)) // (cold + bookkeeping)

    with every match a mid-game 4-player Cloudspire one, the dearest kind. Matches beyond
    this are still served, from SQLite, at the cost of a read on their next move.
    """
    memory = cloudspire4_memory()
    book = _bookkeeping_bytes()
    budget = BUDGET_BYTES - _baseline_bytes()
    hot = int(memory["hot_size"])
    held = hot + int((budget - hot * (memory["hot"] + book)) // (memory["cold"] + book))
    yield "capacity.active_matches", held


FIGURES = [
    ("mem.cloudspire4", cloudspire4_memory_figures),
    ("lookup.channel", channel_lookup),
    ("store.cloudspire4", game_storage),
    ("capacity.active_matches", active_matches),
]
