"""Balance report for the four Cloudspire factions.

Plays bot-vs-bot 2-player games (default options: random map, events on, 4 waves) for every
ordered pair of factions -- seat 0 plays the row faction, seat 1 the column faction, so each
unordered pair is played in both seatings -- and each faction in a mirror match, then prints
Markdown tables: win rate of each faction against each other faction, average game length
(waves, Onslaught rounds), average end-of-game fortress power and gate health, and how games
ended. Usage::

    python tools/cloudspire_balance.py [-n GAMES_PER_SEATING] [--seed S] [--bot strong|default] [-j JOBS]

Factions are fixed through the engine's own "pick" option (CS-SET-2: seat 0 picks the row
faction, seat 1 the column faction, in turn order); a mirror match cannot be picked, so both
seats are given the faction with the engine's ``init_faction`` helper before the rest of the
normal setup runs. Game k of a seating uses engine seed ``seed + k`` for every seating, so all
pairings see the same maps, start players and market orders.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.cloudspire import game as G  # noqa: E402
from engine.cloudspire.bot import bot_action, strong_bot_action  # noqa: E402
from engine.cloudspire.content import load  # noqa: E402
from engine.cloudspire.scoring import fortress_power  # noqa: E402
from engine.cloudspire.state import init_faction  # noqa: E402

FACTIONS = ["brawnen", "grovetenders", "heirs", "narora"]
BOTS = {"strong": strong_bot_action, "default": bot_action}
MAX_ACTIONS = 20000


def new_game(f0: str, f1: str, seed: int) -> dict:
    """A 2-player game where seat 0 plays f0 and seat 1 plays f1."""
    st = G.setup(2, {"factions": "pick"}, seed)
    want = {0: f0, 1: f1}
    if f0 == f1:
        for s in (0, 1):
            init_faction(st, s, f0)
        G._after_factions(st, [])
        return st
    while st["phase"] == "faction":
        s = G.acting_seats(st)[0]
        G.apply_inplace(st, s, {"do": "pick", "faction": want[s]}, check=True)
    return st


def game(f0: str, f1: str, seed: int, bot: str = "strong") -> dict:
    pol = BOTS[bot]
    st = new_game(f0, f1, seed)
    first = st["start"]
    rounds = {}
    n = 0
    while st["phase"] != "over":
        s = G.acting_seats(st)[0]
        G.apply_inplace(st, s, pol(st, s), check=False)
        if st["phase"] == "onslaught" or st["phase"] == "over":
            rounds[st["wave"]] = max(rounds.get(st["wave"], 0), st["round"])
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError(f"game {f0}/{f1} seed {seed} did not finish")
    r = st["result"]
    return {"winners": r["winners"], "reason": r["reason"], "first": first, "waves": st["wave"],
            "rounds": sum(rounds.values()),
            "power": [fortress_power(st, s) for s in (0, 1)],
            "gate": [st["players"][s]["gate"] for s in (0, 1)]}


def _job(args):
    return args, game(*args)


def run(n: int, seed: int = 0, bot: str = "strong", jobs: int = 1) -> str:
    t0 = time.perf_counter()
    tasks = [(a, b, seed + k, bot) for a in FACTIONS for b in FACTIONS for k in range(n)]
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            results = pool.map(_job, tasks, chunksize=8)
    else:
        results = [_job(t) for t in tasks]
    score = Counter()   # (row, col) -> points of row faction (draw = 1/2)
    games = Counter()
    per = {}
    first_pts = total = 0
    for (a, b, _s, _b), g in results:
        w = g["winners"]
        pts0 = 1.0 if w == [0] else (0.0 if w == [1] else 0.5)
        first_pts += pts0 if g["first"] == 0 else 1 - pts0
        total += 1
        if a != b:
            score[(a, b)] += pts0
            score[(b, a)] += 1 - pts0
            games[(a, b)] += 1
            games[(b, a)] += 1
        d = per.setdefault((a, b), {"n": 0, "p0": 0.0, "waves": 0, "rounds": 0, "pow": [0, 0], "gate": [0, 0],
                                   "reasons": Counter()})
        d["n"] += 1
        d["p0"] += pts0
        d["waves"] += g["waves"]
        d["rounds"] += g["rounds"]
        for s in (0, 1):
            d["pow"][s] += g["power"][s]
            d["gate"][s] += g["gate"][s]
        d["reasons"][g["reason"] if len(w) == 1 else "shared"] += 1
    names = {f: load()["factions"][f]["name"]["en"] for f in FACTIONS}
    lines = [f"## Cloudspire faction balance ({n} games per seating, {bot} bot vs {bot} bot)", ""]
    lines.append("Win rate of the row faction against the column faction over both seatings "
                 f"({2 * n} games per pair; shared victories count as half).")
    lines.append("")
    lines.append("| faction \\ vs | " + " | ".join(names[f] for f in FACTIONS) + " | overall |")
    lines.append("|---" * (len(FACTIONS) + 2) + "|")
    for a in FACTIONS:
        row, tw, tg = [], 0.0, 0
        for b in FACTIONS:
            if a == b:
                row.append("-")
            else:
                row.append(f"{score[(a, b)] / games[(a, b)]:.0%}")
                tw += score[(a, b)]
                tg += games[(a, b)]
        lines.append(f"| {names[a]} | " + " | ".join(row) + f" | {tw / tg:.0%} |")
    lines += ["", f"- Games: {total}; the start player (CS-SET-1) scores {first_pts / total:.0%}.", ""]
    lines.append("Per seating (seat 0 = first faction). Power and gate are end-of-game averages "
                 "(fortress power = gate + advancements, CS-WIN-2; a broken gate counts 0).")
    lines.append("")
    lines.append("| seat 0 vs seat 1 | seat 0 wins | waves | rounds | power 0 / 1 | gate 0 / 1 | gate broken | fortress power | shared |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for a in FACTIONS:
        for b in FACTIONS:
            d = per[(a, b)]
            k = d["n"]
            rs = d["reasons"]
            lines.append(f"| {names[a]} vs {names[b]}{' (mirror)' if a == b else ''} | {d['p0'] / k:.0%} | "
                         f"{d['waves'] / k:.2f} | {d['rounds'] / k:.1f} | "
                         f"{d['pow'][0] / k:.1f} / {d['pow'][1] / k:.1f} | {d['gate'][0] / k:.1f} / {d['gate'][1] / k:.1f} | "
                         f"{rs['gate_broken'] / k:.0%} | {rs['fortress_power'] / k:.0%} | {rs['shared'] / k:.0%} |")
    lines += ["", f"_{time.perf_counter() - t0:.1f} s wall, {jobs} job(s)_"]
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=20, help="games per seating of each faction pair")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", choices=sorted(BOTS), default="strong")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)
    print(run(args.n, args.seed, args.bot, args.jobs))


if __name__ == "__main__":
    main()
