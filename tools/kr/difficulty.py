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

The options every study has, the worker processes and the table pieces are
tools/difficulty.py's.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from engine.base import JSON  # noqa: E402
from engine.kr import GAME  # noqa: E402
from engine.kr.content import SCENARIOS  # noqa: E402
from engine.playout import Policy  # noqa: E402
from tools.difficulty import CUT, Study, cells, finish, head, losses, mean, option, row, win  # noqa: E402
from tools.difficulty import main as run  # noqa: E402

LOSSES = ("kingdom_destroyed", "portal_reached_kingdom", "boss_reached_kingdom", CUT)
RANDOM_CAP = 6      # a random seat's actions per round and phase before it is made to pass ("done")
SHORT = {"kingdom_destroyed": "hearts", "portal_reached_kingdom": "portal",
         "boss_reached_kingdom": "boss", CUT: "cut off"}


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


def play(task: tuple) -> dict:
    """One game: ``task`` = (scenario id, seats, difficulty, seed, team "bot" | "random",
    max moves[, max seconds]), played by ``engine.playout`` through ``apply``."""
    scenario, seats, difficulty, seed, team, max_moves = task[:6]
    max_seconds = task[6] if len(task) > 6 else None
    t0 = time.time()
    st = GAME.setup(seats, {"scenario": scenario, "difficulty": difficulty}, seed)
    start = st["hearts"]
    policy = GAME.bot_action if team == "bot" else random_team(random.Random(seed * 7919 + seats))
    finished = finish(GAME, st, policy, t0, max_moves, max_seconds, inplace=False)
    st, moves = finished.state, finished.moves
    result = GAME.result(st)
    won = bool(result and result.winners)
    reason = result.reason if result is not None else CUT
    return {"scenario": scenario, "seats": seats, "difficulty": difficulty, "team": team, "seed": seed,
            "won": won, "reason": reason, "rounds": st["round"],
            "hearts": max(0, st["hearts"]) / start if start else 0.0, "moves": moves,
            "seconds": time.time() - t0}


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


def tasks(args: argparse.Namespace) -> list[tuple]:
    """Bot teams: every scenario x seats x difficulty x seed; then the random teams."""
    out = [(sid, p, d, args.seed + k, "bot", args.max_moves, args.max_seconds)
           for sid in _pick(args.scenario) for p in args.seats for d in args.difficulty for k in range(args.n)]
    if args.random:
        out += [(sid, p, "normal", args.seed + k, "random", args.max_moves, args.max_seconds)
                for sid in _pick(args.random) for p in args.seats for k in range(args.random_n)]
    return out


def _figures(games: list[dict]) -> list[str]:
    """A cell's games, win rate, rounds, hearts left and losses."""
    return [str(len(games)), win(games), f"{mean(games, 'rounds'):.1f}", f"{100 * mean(games, 'hearts'):.0f}%",
            losses(games, SHORT, LOSSES)]


def _curves(by: dict[tuple, list[dict]], scenarios: list[str], seats: list[int], difficulties: list[str]) -> list[str]:
    out: list[str] = []
    for d in difficulties:
        out += [f"### Bot teams, {d}: win rate (± standard error)", "",
                *head(["scenario", *(f"{p}P" for p in seats), "all"])]
        for sid in scenarios:
            by_seats = [by.get(("bot", sid, p, d), []) for p in seats]
            out.append(row([_label(sid), *map(win, by_seats), win(sum(by_seats, []), se=False)]))
        out.append("")
    return out


def report(results: list[dict], args: argparse.Namespace) -> list[str]:
    scenarios, seats, difficulties = _pick(args.scenario), args.seats, args.difficulty
    by = cells(results, "team", "scenario", "seats", "difficulty")
    out = _curves(by, scenarios, seats, difficulties)
    out += ["### Bot teams: every cell", "",
            "Hearts: Kingdom hearts left at the end as % of the start (0 when the Kingdom fell). "
            "Losses: hearts = Kingdom destroyed, portal = a portal reached the Kingdom, boss = the "
            "boss did.", "",
            *head(["scenario", "players", "difficulty", "games", "win", "rounds", "hearts left", "losses"])]
    out += [row([_label(sid), p, d, *_figures(by[("bot", sid, p, d)])])
            for sid in scenarios for p in seats for d in difficulties if by.get(("bot", sid, p, d))]
    out.append("")
    rand = sorted({(g["scenario"], g["seats"]) for g in results if g["team"] == "random"},
                  key=lambda k: (scenarios.index(k[0]) if k[0] in scenarios else 99, k[1]))
    if rand:
        out += ["### Random teams against bot teams (normal difficulty)", "",
                *head(["scenario", "players", "random: games", "win", "rounds", "hearts left", "losses",
                       "bot: win", "hearts left"])]
        for sid, p in rand:
            b = by.get(("bot", sid, p, "normal"))
            out.append(row([_label(sid), p, *_figures(by[("random", sid, p, "normal")]), win(b, se=False),
                            f"{100 * mean(b, 'hearts'):.0f}%" if b else "-"]))
        out.append("")
    return out


def _tally(results: list[dict]) -> str:
    bots = sum(1 for g in results if g["team"] == "bot")
    return f"{bots} bot-team, {len(results) - bots} random-team"


STUDY = Study(
    doc=__doc__ or "", play=play, tasks=tasks, report=report, tally=_tally,
    n=20, n_help="bot games per cell", max_moves=4000,
    options=[option("--seats", nargs="+", type=int, choices=(1, 2, 3, 4), default=[1, 2, 3, 4]),
             option("--scenario", nargs="+", help="scenario ids or numbers (default: all)"),
             option("--random", nargs="*", default=None,
                    help="scenarios (ids or numbers) also played by random teams at normal difficulty"),
             option("--random-n", type=int, default=10, help="random games per player count (default 10)")])


def main(argv: list[str] | None = None) -> int:
    return run(STUDY, argv)


if __name__ == "__main__":
    sys.exit(main())
