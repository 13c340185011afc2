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
number (``solo:3``, ``coop:6``). ``--write PATH`` writes the tables (no prose) to PATH. The options
every study has, the worker processes and the table pieces are tools/difficulty.py's.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from engine.cloudspire import GAME, modes  # noqa: E402
from tools.difficulty import CUT, Study, cells, finish, head, losses, mean, mean_se, option, row, win  # noqa: E402
from tools.difficulty import main as run  # noqa: E402

SHORT = {"gate_broken": "gate", "deadline": "deadline", "well_taken": "well", "run_over": "gate",
         "conceded": "conceded", CUT: "cut off"}


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
    st = GAME.setup(people + modes.cloud_seats(options), options, seed)
    finished = finish(GAME, st, GAME.bot_action, t0, max_moves, max_seconds)
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


def tasks(args: argparse.Namespace) -> list[tuple]:
    """Every encounter x people count x difficulty x seed, then endless's runs."""
    encounters, endless = pick(args.only)
    endless_n = args.n if args.endless_n is None else args.endless_n
    out = [(eid, p, d, args.seed + k, args.max_moves, args.max_seconds)
           for eid in encounters for p in people_counts(eid, args.coop_people)
           for d in args.difficulty for k in range(args.n)]
    if endless:
        out += [("endless", 1, d, args.seed + k, args.max_moves, args.max_seconds)
                for d in args.difficulty for k in range(endless_n)]
    return out


def _objective(eid: str) -> str:
    ob = modes.ENCOUNTERS[eid]["objective"]
    what = ob["kind"] + (f" by {ob['by']}" if "by" in ob else f" ({ob['well']})" if "well" in ob else "")
    return what + f", {modes.ENCOUNTERS[eid]['waves']} waves"


def _win_rates(by: dict[tuple, list[dict]], encounters: list[str], difficulties: list[str]) -> list[str]:
    out: list[str] = []
    for mode in ("solo", "coop"):
        rows = sorted({(e, p) for (e, p, _d) in by if e in encounters and modes.ENCOUNTERS[e]["mode"] == mode},
                      key=lambda k: (encounters.index(k[0]), k[1]))
        if not rows:
            continue
        out += [f"### {'Solo' if mode == 'solo' else 'Co-op'}: people's win rate (± standard error)", "",
                *head(["encounter", "objective", "people", *difficulties])]
        for eid, p in rows:
            out.append(row([label(eid), _objective(eid), p, *(win(by.get((eid, p, d))) for d in difficulties)]))
        out.append("")
    return out


def _endless(by: dict[tuple, list[dict]], difficulties: list[str]) -> list[str]:
    if not any(e == "endless" for (e, _p, _d) in by):
        return []
    out = ["### Endless: waves survived", "", *head(["difficulty", "runs", "mean ± se", "median", "max", "cut off"])]
    for d in difficulties:
        runs = by.get(("endless", 1, d))
        if runs:
            w = [float(g["waves"]) for g in runs]
            m, se = mean_se(w)
            out.append(row([d, len(runs), f"{m:.2f} ± {se:.2f}", f"{statistics.median(w):g}", f"{max(w):g}",
                            sum(g["reason"] == CUT for g in runs)]))
    return out + [""]


def report(results: list[dict], args: argparse.Namespace) -> list[str]:
    encounters, difficulties = pick(args.only)[0], list(args.difficulty)
    by = cells(results, "encounter", "people", "difficulty")
    out = _win_rates(by, encounters, difficulties) + _endless(by, difficulties)
    out += ["### Every cell", "",
            "Losses: gate = a person's gate broken, well = the protected well taken, deadline = no Cloud "
            "gate broken in time, cut off = past the move or time cap (a loss).", "",
            *head(["encounter", "people", "difficulty", "games", "win", "waves survived", "s/game", "losses"])]
    for (eid, p, d), games in sorted(by.items(), key=lambda kv: (
            (encounters + ["endless"]).index(kv[0][0]), kv[0][1], difficulties.index(kv[0][2]))):
        name = "endless" if eid == "endless" else f"{modes.ENCOUNTERS[eid]['mode']} {label(eid)}"
        out.append(row([name, p, d, len(games), win(games), f"{mean(games, 'waves'):.1f}",
                        f"{mean(games, 'seconds'):.2f}", losses(games, SHORT)]))
    return out + [""]


STUDY = Study(
    doc=__doc__ or "", play=play, tasks=tasks, report=report,
    tally=lambda results: f"{sum(g['reason'] == CUT for g in results)} cut off",
    n=30, n_help="games per encounter, people count and difficulty", max_moves=20_000,
    difficulties=modes.DIFFICULTIES, chunksize=4, list_cut_off=True, write=True,
    after_n=[option("--endless-n", type=int, default=None, help="endless runs per difficulty (default: -n)")],
    options=[option("--only", nargs="+", help="solo, coop, endless, encounter ids or solo:N / coop:N"),
             option("--coop-people", nargs="+", type=int, default=[2], choices=(2, 3),
                    help="people counts for co-op encounters (default 2; 3 where allowed)")])


def main(argv: list[str] | None = None) -> int:
    return run(STUDY, argv)


if __name__ == "__main__":
    sys.exit(main())
