"""The measurements behind ``python -m bench``."""
from __future__ import annotations

import asyncio
import gc
import statistics
import time
import tracemalloc

from engine.clash import GAME as CLASH


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def clash_playouts(seconds: float = 3.0):
    from engine.clash.playout import random_playout

    games, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_playout(seed)
        seed += 1
        games += 1
    yield "clash.playouts_per_s", round(games / (time.perf_counter() - start), 1)


def clash_states(count: int = 40) -> list[dict]:
    """Mid-game states from bot-vs-bot duels, for render and memory figures."""
    states = []
    for seed in range(count):
        state = CLASH.setup(2, {}, seed)
        for _ in range(12 + seed % 20):
            prompts = CLASH.prompts(state)
            if not prompts:
                break
            seat = prompts[0].seat
            state, _ = CLASH.apply(state, seat, CLASH.bot_action(state, seat))
        states.append(state)
    return states


def clash_render():
    from engine.clash.cards import CARDS
    from render.clash import render_board

    views = [CLASH.view(s, None) for s in clash_states()]
    render_board(views[0], seat_names=["alice", "bob"], card_lookup=CARDS.get)  # warm caches
    samples = []
    for _ in range(3):
        for view in views:
            start = time.perf_counter()
            render_board(view, seat_names=["alice", "bob"], card_lookup=CARDS.get)
            samples.append((time.perf_counter() - start) * 1000)
    yield "clash.render_ms_p50", round(statistics.median(samples), 2)
    yield "clash.render_ms_p99", round(percentile(samples, 0.99), 2)


def command_latency():
    from bench.simcord_load import measure_play_latency

    renders: list[float] = []
    one = asyncio.run(measure_play_latency(active_matches=1, samples=120, board_renders=renders))
    yield "cmd.latency_ms_p50", round(statistics.median(one), 2)
    # drawing + encoding the very boards those commands posted (later in a game than the
    # mixed states of clash.render_ms_p50, so a little dearer): the target's reference
    yield "cmd.board_render_ms_p50", round(statistics.median(renders), 2)
    yield "cmd.latency_ms_p99", round(percentile(one, 0.99), 2)
    many = asyncio.run(measure_play_latency(active_matches=100, samples=300))
    yield "cmd.latency_ms_p50_100", round(statistics.median(many), 2)
    yield "cmd.latency_ms_p99_100", round(percentile(many, 0.99), 2)


def restart_time():
    from bench.simcord_load import measure_restart

    ms = asyncio.run(measure_restart(stored_matches=10_000))
    yield "store.restart_ms_10k", round(ms, 1)


def memory_per_match(count: int = 200):
    from gamehost.store import MatchRow

    states = clash_states(40)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    cache = {}
    for i in range(count):
        import json
        state = json.loads(json.dumps(states[i % len(states)]))  # independent copies, as loaded
        cache[i] = MatchRow(id=i, guild_id=1, channel_id=i, game="clash", status="active", creator_id=1,
                            options={"mode": "duel"}, seats=[{"user_id": 1, "name": "a", "bot": False},
                                                            {"user_id": 2, "name": "b", "bot": False}],
                            seed=i, state=state, version=10, pace="live", timeout_policy="auto",
                            decision_seconds=600, deadline_at=0.0, reminded=False, board_message_id=None,
                            locale="en", result=None, created_at=0.0, updated_at=0.0)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    used = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    yield "mem.per_match_kb", round(used / count / 1024, 1)


ALL = [
    ("clash.playouts", clash_playouts),
    ("clash.render", clash_render),
    ("cmd.latency", command_latency),
    ("store.restart", restart_time),
    ("mem.per_match", memory_per_match),
]
