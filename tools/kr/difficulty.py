"""Kingdom Rush: Rift in Time difficulty curve: win rates of bot teams, as Markdown.

Every seat of a team is played by the engine's bot (``GAME.bot_action``, engine/kr/bot.py)
through the engine contract (``from engine.kr import GAME``: setup, prompts, apply, result).
For every scenario x player count (1-4) x difficulty (easy / normal / hard) ``-n`` games are
played; game k of every cell uses engine seed ``seed + k`` (the seed shuffles the spawn decks
whose rule is not ``fixed``). The heroes are the defaults (alleria, lilith, malik, magnus for
seats 1..4). Reported per cell: win rate with its standard error, average rounds played,
average Kingdom hearts left as a percentage of the start (0 when the Kingdom fell), and how the
games were lost (``kingdom_destroyed`` / ``portal_reached_kingdom`` / ``boss_reached_kingdom``;
``cut off`` when a game is still running after ``--max-moves`` decisions or ``--max-seconds``
seconds, counted as a loss; games over 10 s are listed on stderr).

For comparison, ``--random`` scenarios are also played at normal difficulty by random teams:
every seat picks uniformly among ``GAME.legal_actions`` (the listed complete actions, ``done``
included; after 6 actions in one phase of one round the seat is made to say ``done``, since
random passes and proposals could otherwise go on for ever), ``--random-n`` games per player
count, cut off after ``--max-moves`` decisions.

Usage::

    python tools/kr/difficulty.py [-n GAMES_PER_CELL] [--seed S] [-j JOBS]
                                  [--difficulty easy normal hard] [--seats 1 2 3 4]
                                  [--scenario ID_OR_NUMBER ...] [--random ID_OR_NUMBER ...]
                                  [--random-n N] [--max-moves M] [--max-seconds S]
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from engine.base import JSON  # noqa: E402
from engine.kr import GAME  # noqa: E402
from engine.playout import Policy, StopPlayout  # noqa: E402
from engine.playout import play as play_out  # noqa: E402
from engine.kr.content import SCENARIOS  # noqa: E402

DIFFICULTIES = ("easy", "normal", "hard")
LOSSES = ("kingdom_destroyed", "portal_reached_kingdom", "boss_reached_kingdom", "cut off")
RANDOM_CAP = 6      # a random seat's actions per round and phase before it is made to pass ("done")
SHORT = {"kingdom_destroyed": "hearts", "portal_reached_kingdom": "portal",
         "boss_reached_kingdom": "boss", "cut off": "cut off"}


def random_team(rnd: random.Random) -> Policy:
    """A seat picking uniformly among ``GAME.legal_actions`` with ``rnd``, made to say ``done``
    after ``RANDOM_CAP`` actions in one phase of one round."""
    acted: Counter = Counter()

    def act(st: JSON, seat: int) -> JSON:
        key = (st["round"], st["phase"], seat)
        acted[key] += 1
        legal = GAME.legal_actions(st, seat)
        done = [a for a in legal if a.get("type") == "done"]
        return done[0] if acted[key] > RANDOM_CAP and done else rnd.choice(legal)
    return act


def timed(policy: Policy, t0: float, max_seconds: float) -> Policy:
    """``policy``, ending the game (``StopPlayout``) once ``max_seconds`` passed since ``t0``."""
    def act(st: JSON, seat: int) -> JSON:
        if time.time() - t0 > max_seconds:
            raise StopPlayout
        return policy(st, seat)
    return act


def play(task: tuple) -> dict:
    """One game: ``task`` = (scenario id, seats, difficulty, seed, team "bot" | "random",
    max moves[, max seconds]), played by ``engine.playout`` through ``apply``."""
    scenario, seats, difficulty, seed, team, max_moves = task[:6]
    max_seconds = task[6] if len(task) > 6 else None
    t0 = time.time()
    st = GAME.setup(seats, {"scenario": scenario, "difficulty": difficulty}, seed)
    start = st["hearts"]
    policy = GAME.bot_action if team == "bot" else random_team(random.Random(seed * 7919 + seats))
    if max_seconds is not None:
        policy = timed(policy, t0, max_seconds)
    finished = play_out(GAME, st, policy, stop_after=max_moves, inplace=False)
    st, moves = finished.state, finished.moves
    result = GAME.result(st)
    won = bool(result and result.winners)
    reason = result.reason if result is not None else "cut off"
    return {"scenario": scenario, "seats": seats, "difficulty": difficulty, "team": team, "seed": seed,
            "won": won, "reason": reason, "rounds": st["round"],
            "hearts": max(0, st["hearts"]) / start if start else 0.0, "moves": moves,
            "seconds": time.time() - t0}


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def _pick(names: list[str] | None) -> list[str]:
    """Scenario ids from ids or campaign numbers (all when None)."""
    if not names:
        return list(SCENARIOS)
    by_number = {str(sc["number"]): sid for sid, sc in SCENARIOS.items()}
    out = []
    for n in names:
        sid = by_number.get(n, n)
        if sid not in SCENARIOS:
            raise SystemExit(f"unknown scenario {n!r}")
        out.append(sid)
    return out


def _label(sid: str) -> str:
    return f"{SCENARIOS[sid]['number']} {SCENARIOS[sid]['name']['en']}"


def _cell(games: list[dict]) -> dict:
    wins, se = _mean_se([1.0 if g["won"] else 0.0 for g in games])
    return {"n": len(games), "win": wins, "se": se,
            "rounds": sum(g["rounds"] for g in games) / len(games),
            "hearts": sum(g["hearts"] for g in games) / len(games),
            "losses": Counter(g["reason"] for g in games if not g["won"])}


def _losses(c: Counter) -> str:
    return ", ".join(f"{SHORT.get(r, r)} {c[r]}" for r in LOSSES if c.get(r)) or "-"


def report(results: list[dict], scenarios: list[str], seats: list[int], difficulties: list[str]) -> list[str]:
    cells: dict[tuple, list[dict]] = {}
    for g in results:
        cells.setdefault((g["team"], g["scenario"], g["seats"], g["difficulty"]), []).append(g)
    out: list[str] = []
    for d in difficulties:
        out += [f"### Bot teams, {d}: win rate (± standard error)", "",
                "| scenario | " + " | ".join(f"{p}P" for p in seats) + " | all |",
                "|---|" + "---|" * (len(seats) + 1)]
        for sid in scenarios:
            row, everything = [], []
            for p in seats:
                games = cells.get(("bot", sid, p, d), [])
                everything += games
                if games:
                    c = _cell(games)
                    row.append(f"{100 * c['win']:.0f}% ± {100 * c['se']:.0f}")
                else:
                    row.append("-")
            overall = _cell(everything) if everything else None
            row.append(f"{100 * overall['win']:.0f}%" if overall else "-")
            out.append(f"| {_label(sid)} | " + " | ".join(row) + " |")
        out.append("")
    out += ["### Bot teams: every cell", "",
            "Hearts: Kingdom hearts left at the end as % of the start (0 when the Kingdom fell). "
            "Losses: hearts = Kingdom destroyed, portal = a portal reached the Kingdom, boss = the "
            "boss did.", "",
            "| scenario | players | difficulty | games | win | rounds | hearts left | losses |",
            "|---|---|---|---|---|---|---|---|"]
    for sid in scenarios:
        for p in seats:
            for d in difficulties:
                cell = cells.get(("bot", sid, p, d))
                if not cell:
                    continue
                c = _cell(cell)
                out.append(f"| {_label(sid)} | {p} | {d} | {c['n']} | {100 * c['win']:.0f}% ± {100 * c['se']:.0f} "
                           f"| {c['rounds']:.1f} | {100 * c['hearts']:.0f}% | {_losses(c['losses'])} |")
    out.append("")
    rand = sorted({(g["scenario"], g["seats"]) for g in results if g["team"] == "random"},
                  key=lambda k: (scenarios.index(k[0]) if k[0] in scenarios else 99, k[1]))
    if rand:
        out += ["### Random teams against bot teams (normal difficulty)", "",
                "| scenario | players | random: games | win | rounds | hearts left | losses "
                "| bot: win | hearts left |", "|---|---|---|---|---|---|---|---|---|"]
        for sid, p in rand:
            c = _cell(cells[("random", sid, p, "normal")])
            b = cells.get(("bot", sid, p, "normal"))
            bc = _cell(b) if b else None
            out.append(f"| {_label(sid)} | {p} | {c['n']} | {100 * c['win']:.0f}% ± {100 * c['se']:.0f} "
                       f"| {c['rounds']:.1f} | {100 * c['hearts']:.0f}% | {_losses(c['losses'])} | "
                       + (f"{100 * bc['win']:.0f}% | {100 * bc['hearts']:.0f}% |" if bc else "- | - |"))
        out.append("")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=20, help="bot games per cell (default 20)")
    ap.add_argument("--seed", type=int, default=0, help="first engine seed (game k uses seed + k)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--difficulty", nargs="+", choices=DIFFICULTIES, default=list(DIFFICULTIES))
    ap.add_argument("--seats", nargs="+", type=int, choices=(1, 2, 3, 4), default=[1, 2, 3, 4])
    ap.add_argument("--scenario", nargs="+", help="scenario ids or numbers (default: all)")
    ap.add_argument("--random", nargs="*", default=None,
                    help="scenarios (ids or numbers) also played by random teams at normal difficulty")
    ap.add_argument("--random-n", type=int, default=10, help="random games per player count (default 10)")
    ap.add_argument("--max-moves", type=int, default=4000, help="decisions before a game is cut off")
    ap.add_argument("--max-seconds", type=float, default=60.0, help="wall seconds before a game is cut off")
    args = ap.parse_args(argv)

    scenarios = _pick(args.scenario)
    tasks = [(sid, p, d, args.seed + k, "bot", args.max_moves, args.max_seconds)
             for sid in scenarios for p in args.seats for d in args.difficulty for k in range(args.n)]
    if args.random:
        tasks += [(sid, p, "normal", args.seed + k, "random", args.max_moves, args.max_seconds)
                  for sid in _pick(args.random) for p in args.seats for k in range(args.random_n)]
    t0 = time.time()
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            results = list(pool.imap_unordered(play, tasks, chunksize=1))
    else:
        results = [play(t) for t in tasks]
    for g in results:
        if g["seconds"] > 10:
            print(f"slow game: {g}", file=sys.stderr)
    lines = report(results, scenarios, args.seats, args.difficulty)
    bots = sum(1 for t in tasks if t[4] == "bot")
    lines.append(f"_{len(tasks)} games ({bots} bot-team, {len(tasks) - bots} random-team), "
                 f"{time.time() - t0:.1f} s wall, {args.jobs} job(s)_")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
