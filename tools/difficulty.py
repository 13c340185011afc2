"""Difficulty studies of any game: seeded bot games per cell, reported as Markdown.

A game's tool (``tools/<game>/difficulty.py``) declares a ``Study``: its own options, its
tasks, how one game is played and scored (``play``, a module-level function so that worker
processes can take it) and its report. ``main`` does the rest: the options every study has
(``-n``, ``--seed``, ``-j``, ``--difficulty``, ``--max-moves``, ``--max-seconds``; ``--write``
where declared), the games fanned out over ``-j`` worker processes, the slow (and, where
declared, cut off) games listed on stderr, and the closing line (games, wall time, jobs). The
report's pieces are here too: ``finish`` (a game played to the end or cut off), ``cells``,
``win`` (win rate ± standard error), ``mean``, ``losses``, ``row`` and ``head``.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from engine.base import JSON, Game
from engine.playout import Playout, Policy, StopPlayout
from engine.playout import play as play_out

CUT = "cut off"                             # the reason of a game stopped by a cap
DIFFICULTIES = ("easy", "normal", "hard")
SLOW = 10.0                                 # seconds: a game this long is listed on stderr

Option = tuple[tuple[str, ...], dict[str, Any]]


def option(*flags: str, **kwargs: Any) -> Option:
    """A game's own command-line option, as ``ArgumentParser.add_argument`` takes it."""
    return flags, kwargs


@dataclass(frozen=True)
class Study:
    """What a game declares. ``tasks(args)``: one tuple a game; ``play(task)``: one game's
    result (a dict with at least ``won``, ``reason`` and ``seconds``); ``report(results,
    args)``: the Markdown lines; ``tally(results)``: what the closing line says of the games
    in brackets. ``n``, ``n_help``: ``-n``'s default and help; ``after_n`` stand after ``-n``
    in ``--help``, ``options`` after ``--difficulty``."""
    doc: str
    play: Callable[[tuple], dict]
    tasks: Callable[[argparse.Namespace], list[tuple]]
    report: Callable[[list[dict], argparse.Namespace], list[str]]
    tally: Callable[[list[dict]], str]
    n: int
    n_help: str
    max_moves: int
    difficulties: Sequence[str] = DIFFICULTIES
    after_n: Sequence[Option] = ()
    options: Sequence[Option] = ()
    chunksize: int = 1                      # tasks a worker takes at a time
    list_cut_off: bool = False              # list cut off games on stderr as well as slow ones
    write: bool = False                     # offer --write PATH


def parser(study: Study) -> argparse.ArgumentParser:
    """The study's command line: the shared options with the game's own in their places."""
    ap = argparse.ArgumentParser(description=study.doc.split("\n")[0])
    ap.add_argument("-n", type=int, default=study.n, help=f"{study.n_help} (default {study.n})")
    for flags, kwargs in study.after_n:
        ap.add_argument(*flags, **kwargs)
    ap.add_argument("--seed", type=int, default=0, help="first engine seed (game k uses seed + k)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--difficulty", nargs="+", choices=study.difficulties, default=list(study.difficulties))
    for flags, kwargs in study.options:
        ap.add_argument(*flags, **kwargs)
    ap.add_argument("--max-moves", type=int, default=study.max_moves, help="decisions before a game is cut off")
    ap.add_argument("--max-seconds", type=float, default=60.0, help="wall seconds before a game is cut off")
    if study.write:
        ap.add_argument("--write", help="also write the tables to this Markdown file")
    return ap


def fan_out(play: Callable[[tuple], dict], tasks: list[tuple], jobs: int, chunksize: int = 1) -> list[dict]:
    """``play`` of every task: in this process, or in ``jobs`` worker processes (any order)."""
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            return list(pool.imap_unordered(play, tasks, chunksize=chunksize))
    return [play(t) for t in tasks]


def main(study: Study, argv: list[str] | None = None) -> int:
    """Parse ``argv``, play the study's games and print (and ``--write``) the report."""
    args = parser(study).parse_args(argv)
    tasks = study.tasks(args)
    t0 = time.time()
    results = fan_out(study.play, tasks, args.jobs, study.chunksize)
    for g in results:
        cut = study.list_cut_off and g["reason"] == CUT
        if cut or g["seconds"] > SLOW:
            print(f"{'cut off' if cut else 'slow'} game: {g}", file=sys.stderr)
    lines = study.report(results, args)
    lines.append(f"_{len(tasks)} games ({study.tally(results)}), {time.time() - t0:.1f} s wall, "
                 f"{args.jobs} job(s)_")
    print("\n".join(lines))
    if study.write and args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return 0


def timed(policy: Policy, t0: float, max_seconds: float) -> Policy:
    """``policy``, ending the game (``StopPlayout``) once ``max_seconds`` passed since ``t0``."""
    def act(st: JSON, seat: int) -> JSON:
        if time.time() - t0 > max_seconds:
            raise StopPlayout
        return policy(st, seat)
    return act


def finish(game: Game, state: JSON, policy: Policy, t0: float, max_moves: int, max_seconds: float | None,
           inplace: bool = True) -> Playout:
    """``state`` played on by ``policy`` (``engine.playout``), stopped after ``max_moves``
    decisions or ``max_seconds`` (None: no limit) since ``t0``; undecided when stopped."""
    if max_seconds is not None:
        policy = timed(policy, t0, max_seconds)
    return play_out(game, state, policy, stop_after=max_moves, inplace=inplace)


def cells(results: list[dict], *keys: str) -> dict[tuple, list[dict]]:
    """The games grouped by their values of ``keys``, in the order first met."""
    out: dict[tuple, list[dict]] = {}
    for g in results:
        out.setdefault(tuple(g[k] for k in keys), []).append(g)
    return out


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (0, 0 for no values)."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def win(games: list[dict] | None, se: bool = True) -> str:
    """The games' win rate, ``"75% ± 10"`` (``"75%"`` without ``se``); ``"-"`` for none."""
    if not games:
        return "-"
    m, s = mean_se([1.0 if g["won"] else 0.0 for g in games])
    return f"{100 * m:.0f}% ± {100 * s:.0f}" if se else f"{100 * m:.0f}%"


def mean(games: list[dict], key: str) -> float:
    return sum(g[key] for g in games) / len(games)


def losses(games: list[dict], short: dict[str, str], order: Sequence[str] | None = None) -> str:
    """The lost games counted by reason (named by ``short``): ``"gate 2, well 1"``, by name, or
    only the reasons of ``order`` in that order; ``"-"`` for none."""
    counts = Counter(short.get(g["reason"], g["reason"]) for g in games if not g["won"])
    names = sorted(counts) if order is None else [short.get(r, r) for r in order]
    return ", ".join(f"{k} {counts[k]}" for k in names if counts.get(k)) or "-"


def row(values: Iterable[object]) -> str:
    """A Markdown table row."""
    return "| " + " | ".join(str(v) for v in values) + " |"


def head(columns: Sequence[str]) -> list[str]:
    """A Markdown table's header and rule."""
    return [row(columns), "|" + "---|" * len(columns)]
