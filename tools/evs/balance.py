"""Empire vs Steppe faction balance: bot-vs-bot win rates per option set, as Markdown.

Every seat is played by the engine's bot (``bot_action``) through the generic engine contract
(``gamehost.registry.plugin('evs').engine``: setup, prompts, apply, result, bot_action; the
game played by ``engine.playout`` through ``apply``), as tools/balance.py does. The
``factions`` option fixes the seating: ``empire_steppe`` (seat 0 the Empire) and
``steppe_empire``; each is played ``-n`` times per option set, game k of
either seating with engine seed ``seed + k`` (the seed decides the first player, ES-SET-3,
and with the Terrain / Morale expansions the terrain deck and the morale piles). The first
player is the seat of the first prompt of kind ``turn``. A game still running after
``--max-moves`` decisions is cut off and counts as half a win for each faction. Usage::

    python tools/evs/balance.py [-n GAMES_PER_SEATING] [--seed S] [-j JOBS]
                                [--set base|terrain|morale|all ...] [--max-moves M]

Option sets: base ``{}``, terrain ``{"terrain": "on"}``, morale ``{"morale": "on"}``,
all ``{"terrain": "on", "morale": "on", "advanced": "on"}``.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from engine.base import JSON  # noqa: E402
from engine.playout import play as play_out  # noqa: E402
from gamehost.registry import plugin  # noqa: E402
from tools.difficulty import mean_se  # noqa: E402

GAME = "evs"
SETS: dict[str, dict] = {
    "base": {},
    "terrain": {"terrain": "on"},
    "morale": {"morale": "on"},
    "all": {"terrain": "on", "morale": "on", "advanced": "on"},
}
SEATINGS = {"empire_steppe": ("empire", "steppe"), "steppe_empire": ("steppe", "empire")}
FACTIONS = ("empire", "steppe")
REASONS = ("collapse", "annihilated", "cut off")


def play(task: tuple) -> dict:
    """One game: ``task`` = (set name, seating, seed, max moves). Returns the points per
    faction (1 / 0, or ½ each when cut off), the first player's faction, turns, moves and how
    the game ended."""
    name, seating, seed, max_moves = task
    engine = plugin(GAME).engine
    firsts: list[int] = []

    def bot(state: JSON, seat: int) -> JSON:
        if not firsts and engine.prompts(state)[0].kind == "turn":
            firsts.append(seat)
        return engine.bot_action(state, seat)
    done = play_out(engine, engine.setup(2, dict(SETS[name], factions=seating), seed), bot, stop_after=max_moves,
                    inplace=False)
    state, moves = done.state, done.moves
    first = firsts[0] if firsts else None
    result = engine.result(state)
    by_seat = SEATINGS[seating]
    if result is None:
        points = {f: 0.5 for f in FACTIONS}
        reason = "cut off"
    else:
        points = {by_seat[s]: (1.0 if s in result.winners else 0.0) for s in (0, 1)}
        reason = result.reason
    return {"set": name, "seating": seating, "seed": seed, "points": points,
            "first": by_seat[first] if first is not None else None,
            "turns": state["turn"], "moves": moves, "reason": reason}


def _pct(values: list[float], se: bool = True) -> str:
    if not values:
        return "-"
    mean, err = mean_se(values)
    return f"{100 * mean:.1f}% ± {100 * err:.1f}" if se else f"{100 * mean:.1f}%"


def _ended(games: list[dict]) -> str:
    """How the games ended (ES-END-1 annihilated, ES-END-2 / ES-MX-16 collapse, or cut off)."""
    count = Counter(g["reason"] for g in games)
    order = [r for r in REASONS if count[r]] + sorted(r for r in count if r not in REASONS)
    return ", ".join(f"{r} {100 * count[r] / len(games):.1f}%" for r in order)


def _first_points(games: list[dict]) -> list[float]:
    return [g["points"][g["first"]] for g in games if g["first"] is not None]


def _row(label: str, games: list[dict]) -> str:
    turns = sum(g["turns"] for g in games) / len(games)
    cut = sum(g["reason"] == "cut off" for g in games)
    return (f"| {label} | {len(games)} | {_pct([g['points']['empire'] for g in games])} | "
            f"{_pct([g['points']['steppe'] for g in games])} | {_pct(_first_points(games))} | "
            f"{turns:.1f} | {_ended(games)} | {cut} |")


def _header(first: str) -> list[str]:
    return [f"| {first} | games | Empire | Steppe | first player | turns | ended | cut off |",
            "|---|---|---|---|---|---|---|---|"]


def report(games: list[dict], sets: list[str], n: int, seed: int, max_moves: int) -> str:
    lines = [f"## Empire vs Steppe balance ({n} games per seating, seeds {seed}..{seed + n - 1}, "
             f"bot vs bot, cut off after {max_moves} moves)", "",
             "Win rates (± one standard error); a cut-off game counts as half a win for each faction. "
             "*first player*: the score of the faction that took the first turn (ES-SET-3). "
             "*turns*: the game turn on which the game ended (both players' turns counted).", "",
             "### Summary", ""] + _header("option set")
    for name in sets:
        lines.append(_row(name, [g for g in games if g["set"] == name]))
    for name in sets:
        mine = [g for g in games if g["set"] == name]
        lines += ["", f"### {name}: options {SETS[name] or '{}'}", ""] + _header("seating")
        for seating, (f0, f1) in SEATINGS.items():
            part = [g for g in mine if g["seating"] == seating]
            if part:
                lines.append(_row(f"{f0.title()} (seat 0) vs {f1.title()}", part))
        for faction in FACTIONS:
            part = [g for g in mine if g["first"] == faction]
            if part:
                lines.append(_row(f"{faction.title()} moves first", part))
        lines.append(_row("both seatings", mine))
    return "\n".join(lines)


def run(sets: list[str], n: int, seed: int = 0, jobs: int = 1, max_moves: int = 4000) -> str:
    started = time.perf_counter()
    tasks = [(name, seating, seed + k, max_moves) for name in sets for seating in SEATINGS for k in range(n)]
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            games = pool.map(play, tasks, chunksize=8)
    else:
        games = [play(task) for task in tasks]
    return report(games, sets, n, seed, max_moves) + f"\n\n_{time.perf_counter() - started:.1f} s wall, {jobs} job(s)_"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=1000, help="games per seating and option set")
    ap.add_argument("--seed", type=int, default=0, help="game k uses engine seed SEED + k")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--set", action="append", choices=list(SETS), dest="sets",
                    help="an option set (repeatable; default: all four)")
    ap.add_argument("--max-moves", type=int, default=4000, help="a game is cut off after this many decisions")
    args = ap.parse_args(argv)
    sets = list(dict.fromkeys(args.sets)) if args.sets else list(SETS)
    print(run(sets, args.n, args.seed, args.jobs, args.max_moves))


if __name__ == "__main__":
    main()
