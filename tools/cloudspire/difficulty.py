"""Cloudspire designed modes: measured difficulty (CS-DM-9, CS-DM-12), as Markdown.

Every seat, the people's and the Cloud's, is played by the engine's bot (``GAME.bot_action``:
the strong bot, engine/cloudspire/bot.py, wherever the encounter says ``"bot": "strong"``)
through the engine contract (``from engine.cloudspire import GAME``: setup, prompts, apply,
result, by ``engine.playout``). Every solo and co-op encounter
(engine/cloudspire/data/encounters.json) is played at easy, normal and hard, ``-n`` games per
cell, with the fewest people the encounter seats (solo 1, co-op 2; ``--coop-people 2 3`` adds
cells with more people where the encounter allows them); game k of every cell uses engine seed
``seed + k`` (the seed deals the people's factions, the decks and the dice; the map is the
encounter's own). Endless (``--endless-n`` runs per difficulty, one person against three Cloud
factions, run k with seed ``seed + k``) is reported as waves survived (mean, median, max).

A game is won when the people's objective is met (``result.figures["objective"]["status"]``).
A game still running after ``--max-moves`` decisions or ``--max-seconds`` seconds is cut off,
counts as a loss (an endless run scores the waves it had survived) and is listed on stderr
and counted in the report.

Usage::

    python tools/cloudspire/difficulty.py [-n GAMES_PER_CELL] [--endless-n RUNS] [--seed S] [-j JOBS]
                                          [--difficulty easy normal hard] [--only WHAT ...]
                                          [--coop-people 2 3] [--max-moves M] [--max-seconds S]
                                          [--write docs/cloudspire/difficulty.md]

``--only`` takes modes (``solo``, ``coop``, ``endless``), encounter ids, or a mode and a campaign
number (``solo:3``, ``coop:6``). ``--write PATH`` writes the tables (no prose) to PATH.
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from engine.base import JSON  # noqa: E402
from engine.cloudspire import GAME, modes  # noqa: E402
from engine.playout import Policy, StopPlayout  # noqa: E402
from engine.playout import play as play_out  # noqa: E402

DIFFICULTIES = modes.DIFFICULTIES
CUT = "cut off"
SHORT = {"gate_broken": "gate", "deadline": "deadline", "well_taken": "well", "run_over": "gate",
         "conceded": "conceded", CUT: "cut off"}


def timed(policy: Policy, t0: float, max_seconds: float) -> Policy:
    """``policy``, ending the game (``StopPlayout``) once ``max_seconds`` passed since ``t0``."""
    def act(st: JSON, seat: int) -> JSON:
        if time.time() - t0 > max_seconds:
            raise StopPlayout
        return policy(st, seat)
    return act


def options_of(eid: str, difficulty: str) -> dict:
    if eid == "endless":
        return {"mode": "endless", "difficulty": difficulty}
    return {"mode": modes.ENCOUNTERS[eid]["mode"], "encounter": eid, "difficulty": difficulty}


def play(task: tuple) -> dict:
    """One game: ``task`` = (encounter id or "endless", people, difficulty, seed, max moves,
    max seconds)."""
    eid, people, difficulty, seed, max_moves, max_seconds = task
    t0 = time.time()
    options = options_of(eid, difficulty)
    seats = people + modes.cloud_seats(options)
    st = GAME.setup(seats, options, seed)
    finished = play_out(GAME, st, timed(GAME.bot_action, t0, max_seconds), stop_after=max_moves)
    st = finished.state
    result = GAME.result(st)
    if result is None:
        won, reason = False, CUT
    else:
        ob = result.figures.get("objective") or {}
        won, reason = ob.get("status") == "met", (ob.get("reason") or result.reason)
    return {"encounter": eid, "people": people, "difficulty": difficulty, "seed": seed, "won": won,
            "reason": reason, "waves": st["designed"]["waves_survived"], "wave": st.get("wave"),
            "moves": finished.moves, "seconds": time.time() - t0}


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def pick(only: list[str] | None) -> tuple[list[str], bool]:
    """The encounters to play (campaign order) and whether endless is played."""
    every = list(modes.ENCOUNTERS)
    if not only:
        return every, True
    chosen: set[str] = set()
    endless = False
    for w in only:
        mode, _, number = w.partition(":")
        if w == "endless":
            endless = True
        elif w in ("solo", "coop"):
            chosen.update(modes.encounter_ids(w))
        elif w in modes.ENCOUNTERS:
            chosen.add(w)
        elif mode in ("solo", "coop") and number.isdigit() and 1 <= int(number) <= len(modes.encounter_ids(mode)):
            chosen.add(modes.encounter_ids(mode)[int(number) - 1])
        else:
            raise SystemExit(f"unknown encounter {w!r}")
    return [e for e in every if e in chosen], endless


def people_counts(eid: str, coop_people: list[int]) -> list[int]:
    low, high = modes.people_range(options_of(eid, "normal"))
    if modes.ENCOUNTERS[eid]["mode"] == "solo":
        return [low]
    return [p for p in sorted(set(coop_people) | {low}) if low <= p <= high]


def label(eid: str) -> str:
    e = modes.ENCOUNTERS[eid]
    return f"{e['number']} {e['name']['en']}"


def _pct(games: list[dict]) -> str:
    m, se = _mean_se([1.0 if g["won"] else 0.0 for g in games])
    return f"{100 * m:.0f}% ± {100 * se:.0f}"


def _losses(games: list[dict]) -> str:
    c = Counter(SHORT.get(g["reason"], g["reason"]) for g in games if not g["won"])
    return ", ".join(f"{k} {v}" for k, v in sorted(c.items())) or "-"


def report(results: list[dict], encounters: list[str], difficulties: list[str]) -> list[str]:
    cells: dict[tuple, list[dict]] = {}
    for g in results:
        cells.setdefault((g["encounter"], g["people"], g["difficulty"]), []).append(g)
    out: list[str] = []
    for mode in ("solo", "coop"):
        rows = sorted({(e, p) for (e, p, _d) in cells if e in encounters and modes.ENCOUNTERS[e]["mode"] == mode},
                      key=lambda k: (encounters.index(k[0]), k[1]))
        if not rows:
            continue
        out += [f"### {'Solo' if mode == 'solo' else 'Co-op'}: people's win rate (± standard error)", "",
                "| encounter | objective | people | " + " | ".join(difficulties) + " |",
                "|---|---|---|" + "---|" * len(difficulties)]
        for eid, p in rows:
            ob = modes.ENCOUNTERS[eid]["objective"]
            what = ob["kind"] + (f" by {ob['by']}" if "by" in ob else f" ({ob['well']})" if "well" in ob else "")
            what += f", {modes.ENCOUNTERS[eid]['waves']} waves"
            row = [_pct(cells[(eid, p, d)]) if (eid, p, d) in cells else "-" for d in difficulties]
            out.append(f"| {label(eid)} | {what} | {p} | " + " | ".join(row) + " |")
        out.append("")
    if any(e == "endless" for (e, _p, _d) in cells):
        out += ["### Endless: waves survived", "",
                "| difficulty | runs | mean ± se | median | max | cut off |", "|---|---|---|---|---|---|"]
        for d in difficulties:
            runs = cells.get(("endless", 1, d))
            if runs:
                w = [float(g["waves"]) for g in runs]
                m, se = _mean_se(w)
                out.append(f"| {d} | {len(runs)} | {m:.2f} ± {se:.2f} | {statistics.median(w):g} | {max(w):g} "
                           f"| {sum(g['reason'] == CUT for g in runs)} |")
        out.append("")
    out += ["### Every cell", "",
            "Losses: gate = a person's gate broken, well = the protected well taken, deadline = no Cloud "
            "gate broken in time, cut off = past the move or time cap (a loss).", "",
            "| encounter | people | difficulty | games | win | waves survived | s/game | losses |",
            "|---|---|---|---|---|---|---|---|"]
    for (eid, p, d), games in sorted(cells.items(), key=lambda kv: (
            (encounters + ["endless"]).index(kv[0][0]), kv[0][1], difficulties.index(kv[0][2]))):
        name = "endless" if eid == "endless" else f"{modes.ENCOUNTERS[eid]['mode']} {label(eid)}"
        out.append(f"| {name} | {p} | {d} | {len(games)} | {_pct(games)} "
                   f"| {sum(g['waves'] for g in games) / len(games):.1f} "
                   f"| {sum(g['seconds'] for g in games) / len(games):.2f} | {_losses(games)} |")
    out.append("")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("-n", type=int, default=30, help="games per encounter, people count and difficulty (default 30)")
    ap.add_argument("--endless-n", type=int, default=None, help="endless runs per difficulty (default: -n)")
    ap.add_argument("--seed", type=int, default=0, help="first engine seed (game k uses seed + k)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--difficulty", nargs="+", choices=DIFFICULTIES, default=list(DIFFICULTIES))
    ap.add_argument("--only", nargs="+", help="solo, coop, endless, encounter ids or solo:N / coop:N")
    ap.add_argument("--coop-people", nargs="+", type=int, default=[2], choices=(2, 3),
                    help="people counts for co-op encounters (default 2; 3 where allowed)")
    ap.add_argument("--max-moves", type=int, default=20_000, help="decisions before a game is cut off")
    ap.add_argument("--max-seconds", type=float, default=60.0, help="wall seconds before a game is cut off")
    ap.add_argument("--write", help="also write the tables to this Markdown file")
    args = ap.parse_args(argv)

    encounters, endless = pick(args.only)
    endless_n = args.n if args.endless_n is None else args.endless_n
    tasks = [(eid, p, d, args.seed + k, args.max_moves, args.max_seconds)
             for eid in encounters for p in people_counts(eid, args.coop_people)
             for d in args.difficulty for k in range(args.n)]
    if endless:
        tasks += [("endless", 1, d, args.seed + k, args.max_moves, args.max_seconds)
                  for d in args.difficulty for k in range(endless_n)]
    t0 = time.time()
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            results = list(pool.imap_unordered(play, tasks, chunksize=4))
    else:
        results = [play(t) for t in tasks]
    for g in results:
        if g["reason"] == CUT or g["seconds"] > 10:
            print(f"{'cut off' if g['reason'] == CUT else 'slow'} game: {g}", file=sys.stderr)
    lines = report(results, encounters, list(args.difficulty))
    cut = sum(g["reason"] == CUT for g in results)
    lines.append(f"_{len(tasks)} games ({cut} cut off), {time.time() - t0:.1f} s wall, {args.jobs} job(s)_")
    print("\n".join(lines))
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
