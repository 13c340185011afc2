"""Game-independent figures of the whole bot through SimCord (``bench.simcord_load``), and
``percentile`` for every figure module.

* ``cmd.latency_ms_p50`` / ``cmd.latency_ms_p99`` -- one slash command making a move, from
  sending it to the bot's last reply (engine + database + board drawn by the render pool +
  posts), with 1 active match; ``cmd.latency_ms_p50_100`` / ``_p99_100`` with 100. The
  matches alternate across every registered game (``bench.simcord_load``). The last reply is
  the last call the bot made to (SimCord's emulated) Discord for the command;
  ``cmd.settled_ms_p50`` runs on until SimCord finds the bot idle, its bookkeeping after the
  last reply (remembering what it showed) included: work nobody waits for.
* ``cmd.board_render_ms_p50`` -- drawing + encoding the very boards those commands posted,
  alone (later in a game than the positions of ``<id>.render_ms_p50``): the reference the
  latency target is set against.
* ``cmd.api_ms_p50`` -- of each such command, the time spent inside SimCord's emulated
  Discord API (``bench.simcord_load.EmulatedApi``), where a real bot waits on the network
  instead; ``cmd.own_ms_p50`` -- each command's latency less that time: the bot's own
  part; ``cmd.latency_ratio`` / ``cmd.own_ratio`` -- the two p50s over the board's;
  ``cmd.latency_ms_p50.<id>`` / ``cmd.latency_ratio.<id>`` -- the same for each game's
  commands alone (the medians of the four games together can fall between two games').
* ``store.restart_ms_10k`` -- start-up of the bot with 10,000 stored active matches
  (alternating across every registered game), until it is ready with every deadline armed.

In smoke mode (``bench.run``): one timed command per game; for the ``_100`` figures one match
of each game at once, three commands each; one stored match of each game for the restart.
"""
from __future__ import annotations

import asyncio
import statistics

from bench.games import game_ids
from bench.run import Measure, sized


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def command_latency():
    from bench.simcord_load import measure_play_latency

    games = len(game_ids())
    renders: list[float] = []
    api: list[float] = []
    settled: list[float] = []
    per_game: dict[str, tuple[list[float], list[float]]] = {}
    one = asyncio.run(measure_play_latency(active_matches=1, samples=sized(120, games), board_renders=renders,
                                           api_ms=api, by_game=per_game, settled_ms=settled))
    render = statistics.median(renders)
    own = statistics.median(total - inside for total, inside in zip(one, api))
    yield "cmd.latency_ms_p50", round(statistics.median(one), 2)
    yield "cmd.board_render_ms_p50", round(render, 2)
    yield "cmd.api_ms_p50", round(statistics.median(api), 2)
    yield "cmd.own_ms_p50", round(own, 2)
    yield "cmd.latency_ratio", round(statistics.median(one) / render, 2)
    yield "cmd.own_ratio", round(own / render, 2)
    yield "cmd.latency_ms_p99", round(percentile(one, 0.99), 2)
    yield "cmd.settled_ms_p50", round(statistics.median(settled), 2)
    for game_id, (latencies, drawings) in sorted(per_game.items()):
        if latencies and drawings:
            yield f"cmd.latency_ms_p50.{game_id}", round(statistics.median(latencies), 2)
            yield f"cmd.latency_ratio.{game_id}", round(statistics.median(latencies) / statistics.median(drawings), 2)
    many = asyncio.run(measure_play_latency(active_matches=sized(100, games), samples=sized(300, 3 * games)))
    yield "cmd.latency_ms_p50_100", round(statistics.median(many), 2)
    yield "cmd.latency_ms_p99_100", round(percentile(many, 0.99), 2)


def restart_time():
    from bench.simcord_load import measure_restart

    ms = asyncio.run(measure_restart(stored_matches=sized(10_000, len(game_ids()))))
    yield "store.restart_ms_10k", round(ms, 1)


def figures() -> list[tuple[str, Measure]]:
    return [("cmd.latency", command_latency), ("store.restart", restart_time)]
