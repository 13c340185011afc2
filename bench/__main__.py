"""Print the project's performance figures, one ``name value`` per line.

    python -m bench            # everything
    python -m bench <id>       # one registered game's engine and board figures (<id>.*)
    python -m bench mem        # also: load, loop, capacity, cmd, lookup, store, mem.<id>, ...
    python -m bench tournament # tournament.*; likewise rating, replay (bench.tournament_figures)
    python -m bench --smoke    # every figure at a tiny size (also BENCH_SMOKE=1): seconds, not
                               # minutes; the values mean nothing (tests/test_bench_smoke.py)

A measure that raises or prints nothing is reported on stderr, the others still run, and
the run exits 1 (``bench.run``).

A figure runs when its name starts with the prefix given (or the prefix starts with the
figure's name). Figures (targets in README):

* per registered game (``gamehost.registry``; ``bench.game_figures``, ``bench.scale_figures``):
  ``<id>.playouts_per_s``, ``<id>.render_ms_p50`` / ``_p99``, cache memory per match
  ``mem.<id>_per_match_kb`` / ``mem.<id>_hot_kb``, a finished game on disk
  ``store.<id>_game_kb``;
* a game's own extra figures, for targets its issue sets beyond the shared ones: the module
  ``bench/<id>/figures.py`` of a registered game, when it exists (its ``figures()``);
* of the whole bot, with matches of every registered game: slash-command latency through
  SimCord with 1 and 100 active matches and start-up with 10,000 stored matches
  (``bench.figures``); many matches at once -- 100 simultaneous moves, event-loop stalls,
  commands per second (``bench.many_matches``); channel lookup among 10,000 cached matches
  and matches held in 1 GiB (``bench.scale_figures``);
* pure code beside the matches (``bench.tournament_figures``): ``tournament.swiss_pair_ms_1000``
  (one Swiss round of 1,000 entrants after six played; cut off after 30 s, printed then as
  ``>30000``; ``BENCH_SWISS_BUDGET_S=0`` lifts the limit) and
  ``tournament.standings_ms_1000``; ``rating.update_ms_p50`` (one 4-player match rated);
  ``replay.step_ms_p50.<id>`` (one ``/match replay`` step: the position rebuilt as the cog
  does, then its public board drawn), ``replay.step_ms_ratio.<id>`` (that step over drawing
  the same boards alone) and ``replay.step_ms_p50`` (the largest of the games');
* the bot on PostgreSQL (``bench.pg_figures``, on the server of ``DATABASE_TEST_URL``; skipped
  with one line on stderr where none answers): ``pg.cmd_latency_ms_p50`` beside the same
  commands on SQLite, ``pg.actions_per_s_1proc`` / ``_2proc``, ``pg.restart_ms_100k``;
  ``pg.deadline_fire_ms_p99`` (due to fired, two processes: ``bench.pg_deadlines``);
  ``pg.deadline_takeover_ms_max`` (a process killed while firing, to a live one firing its
  deadlines: ``bench.pg_takeover``).
"""
from __future__ import annotations

import sys

from bench import (figures, game_figures, many_matches, pg_deadlines, pg_figures, pg_takeover, scale_figures,
                   tournament_figures)
from bench.games import game_ids
from gamehost.registry import plugin
from bench.run import Measure, parse, run


def game_extras() -> list[tuple[str, Measure]]:
    """The figures of ``bench/<id>/figures.py`` for every registered game that has one."""
    out = []
    for game_id in game_ids():
        module = plugin(game_id).bench_figures
        if module is not None:
            out += module.figures()
    return out


def measures() -> list[tuple[str, Measure]]:
    return (game_figures.figures() + game_extras() + figures.figures() + many_matches.FIGURES
            + scale_figures.figures() + tournament_figures.figures() + pg_figures.figures()
            + pg_deadlines.figures() + pg_takeover.figures())


def main(argv: list[str]) -> int:
    prefix = parse(argv)
    return run(measures(), prefix)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
