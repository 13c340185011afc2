"""Print the project's performance figures, one ``name value`` per line.

    python -m bench            # everything
    python -m bench clash      # only figures whose name starts with "clash"
    python -m bench cloudspire # the Cloudspire engine and board figures
    python -m bench load       # many matches at once (also: loop, capacity, mem, lookup, store)

Figures (targets in README): engine playouts per second, board render time, slash-command
latency through SimCord (engine + database + render + reply) with 1 and 100 active matches,
start-up time with 10,000 stored matches, and memory per cached match (``bench.figures``,
``bench.cloudspire_figures``); many matches at once -- 100 simultaneous moves, event-loop
stalls, commands per second (``bench.many_matches``); what open matches cost -- cache memory
of 4-player Cloudspire matches, channel lookup among 10,000, a finished game on disk, matches
held in 1 GiB (``bench.scale_figures``).
"""
from __future__ import annotations

import sys

from bench import cloudspire_figures, figures, many_matches, scale_figures


def main(argv: list[str]) -> int:
    prefix = argv[0] if argv else ""
    for name, measure in figures.ALL + cloudspire_figures.FIGURES + many_matches.FIGURES + scale_figures.FIGURES:
        if not name.startswith(prefix):
            continue
        for figure, value in measure():
            print(f"{figure} {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
