"""The bench cannot silently break: ``python -m bench --smoke`` runs every figure function at
a tiny size in a subprocess, exits 0 and prints every expected figure as ``name value`` with a
numeric value, for every registered game. The runner (``bench.run``) turns a measure that
raises or prints nothing into a non-zero exit after running the rest. No wall-clock time is
asserted: the values of a smoke run mean nothing."""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench import run as bench_run
from gamehost.registry import plugins

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^(\S+) (-?\d+(?:\.\d+)?)$")

# Figures of the whole bot and of pure code, whatever games are registered.
SHARED = [
    "cmd.latency_ms_p50", "cmd.board_render_ms_p50", "cmd.latency_ms_p99", "cmd.settled_ms_p50", "cmd.latency_ms_p50_100",
    "cmd.latency_ms_p99_100", "store.restart_ms_10k", "load.concurrent_failures_100", "load.last_reply_ms_100",
    "load.first_ack_ms_p99", "loop.block_ms_p99", "loop.block_ms_max", "capacity.commands_per_s",
    "lookup.channel_us_10k", "capacity.active_matches", "tournament.swiss_pair_ms_1000",
    "tournament.standings_ms_1000", "rating.update_ms_p50", "replay.step_ms_p50",
]
# The bot on PostgreSQL (bench.pg_figures): printed wherever the test server answers.
PG = [
    "pg.cmd_latency_ms_p50", "pg.cmd_latency_ms_p50_sqlite", "pg.cmd_latency_ratio", "pg.actions_per_s_1proc",
    "pg.actions_per_s_2proc", "pg.actions_per_s_2proc_shared", "pg.actions_per_s_ratio", "pg.restart_ms_100k",
    "pg.actions_per_s_1proc_4lanes", "pg.actions_per_s_2proc_4lanes", "pg.actions_per_s_ratio_4lanes",
    "pg.deadline_fire_ms_p99", "pg.deadline_fire_ms_p50", "pg.deadline_takeover_ms_max", "pg.deadline_takeover_ms_p50",
    "pg.deadline_takeover_bound_ms",
]
PER_GAME = [
    "{id}.playouts_per_s", "{id}.render_ms_p50", "{id}.render_ms_p99", "mem.{id}_per_match_kb", "mem.{id}_hot_kb",
    "store.{id}_game_kb", "replay.step_ms_p50.{id}", "replay.step_ms_ratio.{id}", "cmd.latency_ms_p50.{id}",
    "cmd.latency_ratio.{id}",
]


def expected_names() -> list[str]:
    return SHARED + [name.format(id=game.id) for game in plugins() for name in PER_GAME]


def extra_prefixes() -> list[str]:
    """The measure names of each registered game's own ``bench/<id>/figures.py``."""
    out = []
    for game in plugins():
        module = game.bench_figures  # GamePlugin's optional hook
        if module is not None:
            out += [name for name, _measure in module.figures()]
    return out


@pytest.fixture(scope="module")
def smoke_run() -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != bench_run.SMOKE_ENV}
    # Generous: a loaded machine is slow; the run itself takes seconds.
    return subprocess.run([sys.executable, "-m", "bench", "--smoke"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)


def test_smoke_run_exits_zero(smoke_run):
    assert smoke_run.returncode == 0, smoke_run.stderr[-4000:]
    assert "bench: problem" not in smoke_run.stderr and "FAILED" not in smoke_run.stderr


def test_smoke_run_prints_every_figure_with_a_number(smoke_run):
    lines = smoke_run.stdout.splitlines()
    bad = [line for line in lines if not LINE.match(line)]
    assert not bad, bad
    names = [LINE.match(line).group(1) for line in lines]
    assert len(names) == len(set(names)), "a figure printed twice"
    missing = [name for name in expected_names() if name not in names]
    assert not missing, missing
    shared = set(expected_names())
    for prefix in extra_prefixes():  # a game's own figures, beside the shared ones
        assert any(n.startswith(prefix) and n not in shared for n in names), prefix


def test_smoke_run_prints_the_pg_figures_where_a_server_answers(smoke_run):
    skipped = [line for line in smoke_run.stderr.splitlines() if "pg figures skipped" in line]
    if skipped:  # one line, the rest of the bench ran
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(skipped[0] + " (REQUIRE_POSTGRES=1)", pytrace=False)
        pytest.skip(skipped[0])
    names = {LINE.match(line).group(1) for line in smoke_run.stdout.splitlines() if LINE.match(line)}
    assert not [name for name in PG if name not in names]


# -- the runner ------------------------------------------------------------------------------

def _fine():
    yield "a.fine", 1


def _broken():
    yield "b.first", 2
    raise ValueError("measure broke")


def _silent():
    return iter(())


def _troubled():
    bench_run.problem("3 commands failed")
    yield "d.troubled", 4


def test_a_failing_measure_fails_the_run_after_the_rest(capsys):
    code = bench_run.run([("b", _broken), ("a", _fine), ("c", _silent)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.splitlines() == ["b.first 2", "a.fine 1"]
    assert "ValueError: measure broke" in err
    assert "printed no figure" in err
    assert "FAILED: 2 measure(s)" in err


def test_a_problem_fails_the_run_but_keeps_the_figure(capsys):
    assert bench_run.run([("d", _troubled)]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == ["d.troubled 4"]
    assert "3 commands failed" in err


def test_prefixes_select_and_an_unknown_one_fails(capsys):
    assert bench_run.run([("a.fine", _fine), ("b", _broken)], "a") == 0
    assert capsys.readouterr().out.splitlines() == ["a.fine 1"]
    assert bench_run.run([("a.fine", _fine)], "nothing") == 1


def test_smoke_flag_and_sizes(monkeypatch):
    monkeypatch.setenv(bench_run.SMOKE_ENV, "")  # restored (unset) afterwards, --smoke or not
    assert bench_run.sized(100, 1) == 100
    assert bench_run.parse(["--smoke", "cmd"]) == "cmd"
    assert bench_run.smoke() and bench_run.sized(100, 1) == 1
    monkeypatch.setenv(bench_run.SMOKE_ENV, "0")
    assert not bench_run.smoke()


def test_two_processes_get_the_same_mix_of_games():
    """pg.actions_per_s_2proc: matches are opened with the games in turn; each process gets
    whole rounds of them (alternate matches would give one process two games and the other
    two others, and the process with the cheaper games would then wait idle)."""
    from bench.pg_figures import halves

    ids = list(range(16))  # four rounds of four games: match k is of game k % 4
    one, two = halves(ids, 4)
    assert sorted(one + two) == ids and len(one) == len(two) == 8
    assert sorted(k % 4 for k in one) == sorted(k % 4 for k in two) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert halves(list(range(6)), 4) == [[0, 2, 4], [1, 3, 5]]  # under two rounds: alternate
