"""Running the figures: the smoke mode, problems that fail the run, and the loop that prints
``name value`` lines and never lets a figure vanish silently.

* Smoke mode (``BENCH_SMOKE=1`` or ``python -m bench --smoke``): every figure function runs
  at a tiny size (``sized(full, tiny)``), so the whole bench takes seconds and only shows
  that every figure is still produced; its values mean nothing.
* A measure that raises, or yields no figure, is reported on stderr with its traceback; the
  other measures still run, and the run exits 1 at the end. So does a ``problem()`` a
  measure reports without raising (commands of a stream that failed, say), and a prefix
  that matches no measure. How long each measure took is said on stderr.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from typing import TypeVar

SMOKE_ENV = "BENCH_SMOKE"
SMOKE_FLAG = "--smoke"

T = TypeVar("T")
Measure = Callable[[], Iterable[tuple[str, object]]]

_problems: list[str] = []


def smoke() -> bool:
    """The smoke mode is on (read at call time, so ``--smoke`` can turn it on)."""
    return os.environ.get(SMOKE_ENV, "").strip() not in ("", "0")


def sized(full: T, tiny: T) -> T:
    """``tiny`` in smoke mode, else ``full``: the size of one figure's work."""
    return tiny if smoke() else full


def problem(message: str) -> None:
    """Something went wrong while the figure was still produced: said on stderr now, and
    the run exits 1 at the end."""
    _problems.append(message)
    print(f"bench: problem: {message}", file=sys.stderr, flush=True)


def selected(name: str, prefix: str) -> bool:
    """A measure runs when its name starts with the prefix given, or the prefix with its name."""
    return name.startswith(prefix) or prefix.startswith(name)


def run(measures: list[tuple[str, Measure]], prefix: str = "") -> int:
    """Print the figures of the measures ``prefix`` selects; 0 if every one of them was
    produced without a problem, else 1 (each failure said on stderr as it happened)."""
    _problems.clear()
    failed: list[str] = []
    chosen = [(name, measure) for name, measure in measures if selected(name, prefix)]
    if not chosen:
        print(f"bench: no figure matches {prefix!r}", file=sys.stderr, flush=True)
        return 1
    for name, measure in chosen:
        printed = 0
        start, cpu = time.perf_counter(), time.process_time()
        try:
            for figure, value in measure():
                print(f"{figure} {value}", flush=True)
                printed += 1
            if not printed:
                raise RuntimeError("it printed no figure")
        except Exception:  # noqa: BLE001 -- said on stderr and counted; the rest still run
            failed.append(name)
            print(f"bench: {name} failed after {printed} figure(s):", file=sys.stderr, flush=True)
            traceback.print_exc(file=sys.stderr)
        print(f"bench: {name} took {time.perf_counter() - start:.1f} s "
              f"({time.process_time() - cpu:.1f} s CPU in this process)", file=sys.stderr, flush=True)
    if failed or _problems:
        print(f"bench: FAILED: {len(failed)} measure(s) raised or printed nothing"
              f"{' (' + ', '.join(failed) + ')' if failed else ''}; {len(_problems)} problem(s)",
              file=sys.stderr, flush=True)
        return 1
    return 0


def parse(argv: list[str]) -> str:
    """The prefix among the arguments; ``--smoke`` turns the smoke mode on."""
    rest = [a for a in argv if a != SMOKE_FLAG]
    if len(rest) != len(argv):
        os.environ[SMOKE_ENV] = "1"
    if len(rest) > 1:
        raise SystemExit(f"usage: python -m bench [{SMOKE_FLAG}] [prefix]")
    return rest[0] if rest else ""
