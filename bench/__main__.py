"""Print the project's performance figures, one ``name value`` per line.

    python -m bench            # everything
    python -m bench clash      # only figures whose name starts with "clash"
    python -m bench cloudspire # the Cloudspire engine and board figures

Figures (targets in README): engine playouts per second, board render time, slash-command
latency through SimCord (engine + database + render + reply) with 1 and 100 active matches,
start-up time with 10,000 stored matches, and memory per cached match.
"""
from __future__ import annotations

import sys

from bench import cloudspire_figures, figures


def main(argv: list[str]) -> int:
    prefix = argv[0] if argv else ""
    for name, measure in figures.ALL + cloudspire_figures.FIGURES:
        if not name.startswith(prefix):
            continue
        for figure, value in measure():
            print(f"{figure} {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
