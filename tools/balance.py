"""Balance report for any registered game: bot-vs-bot win rates per seat and per side.

Plays games in which every seat is the engine's bot (``bot_action``, or ``--bot
module:function``) and prints Markdown tables. A game's *sides* are the choices its seats make
at their first set-up decision (the first prompt of kind ``setup``, or with ``--side VERB`` the
first whose legal moves start with VERB), read from the engine's legal moves in notation:
the tool forces seat 0 to one side and seat 1 to another, for every ordered pair of sides
(so each unordered pair is played in both seatings, and mirror matches when the rules allow
them), and lets the bots play the rest. With one seat (a game against the rules' own
opponent) each side is played alone. Usage::

    python tools/balance.py --game ID [-n GAMES_PER_SEATING] [--seed S] [--seats K]
                            [--option NAME=VALUE ...] [--side VERB] [--bot MODULE:FUNCTION]
                            [--max-moves M] [-j JOBS]

Game k of every seating uses engine seed ``seed + k``, so all pairings see the same deals,
maps and start players. A seat scores 1 for a win, 1/w for a victory shared by w seats and
1/seats when a game is cut off after ``--max-moves`` moves. Averages of the numbers in the
engine's ``Result.figures`` (per seat when given per seat; over the games whose result reports
them) are reported per seating.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cogs.lobby import parse_options_text  # noqa: E402
from engine.base import JSON, Game, Prompt  # noqa: E402
from engine.playout import Policy, StopPlayout  # noqa: E402
from engine.playout import play as play_out  # noqa: E402
from gamehost.registry import normalize_options, plugin, plugins  # noqa: E402


def usual_seats(game_id: str, options: dict) -> int:
    lo, hi = plugin(game_id).seat_range(options)
    return min(max(lo, 2), hi)


def _policy(spec: str | None, engine: Game) -> Policy:
    if not spec:
        return engine.bot_action
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def _side_decision(engine, state, prompt, verb: str | None) -> list[str] | None:
    """The legal moves of ``prompt`` in notation if it is a side decision, else None."""
    if prompt.kind != "setup":
        return None
    texts = [engine.format_action(a) for a in engine.legal_actions(state, prompt.seat)]
    if verb and not any(text.split()[0] == verb for text in texts):
        return None
    return [text for text in texts if not verb or text.split()[0] == verb]


def find_sides(game_id: str, options: dict, seats: int, seed: int, verb: str | None, max_moves: int) -> list[str]:
    """The choices of the game's first side decision, played by the bots up to it."""
    engine = plugin(game_id).engine
    found: list[str] = []

    def bot(state: JSON, seat: int) -> JSON:
        prompt = engine.prompts(state)[0]
        choices = _side_decision(engine, state, prompt, verb)
        if choices or (verb is None and prompt.kind != "setup"):
            found.extend(choices or [])
            raise StopPlayout
        return engine.bot_action(state, seat)
    play_out(engine, engine.setup(seats, options, seed), bot, stop_after=max_moves, inplace=False)
    return found


def play(task: tuple) -> tuple[tuple, dict | None]:
    """One game: ``task`` = (game, options, seats, wanted side per seat, seed, bot, side
    verb, max moves). None when a wanted side was not offered (e.g. a mirror the rules forbid)."""
    game_id, options, seats, wanted, seed, bot, verb, max_moves = task
    engine = plugin(game_id).engine
    policy = _policy(bot, engine)
    chosen: set[int] = set()
    firsts: list[int] = []
    refused: list[int] = []

    def act(state: JSON, seat: int) -> JSON:
        """The wanted side at the seat's side decision, else the policy's move."""
        prompt: Prompt | None = None
        if not firsts or (seat in wanted and seat not in chosen):
            prompt = engine.prompts(state)[0]
        if not firsts and prompt is not None and prompt.kind == "turn":
            firsts.append(seat)
        if prompt is not None and seat in wanted and seat not in chosen:
            choices = _side_decision(engine, state, prompt, verb)
            if choices:
                if wanted[seat] not in choices:
                    refused.append(seat)
                    raise StopPlayout
                chosen.add(seat)
                return engine.parse_action(wanted[seat])
        return policy(state, seat)
    done = play_out(engine, engine.setup(seats, options, seed), act, stop_after=max_moves, inplace=False)
    if refused:
        return task, None
    state, moves = done.state, done.moves
    first = firsts[0] if firsts else None
    result = engine.result(state)
    if result is None:
        points = [1 / seats] * seats
    else:
        winners = list(result.winners)
        points = [1 / len(winners) if s in winners else 0.0 for s in range(seats)]
    return task, {"points": points, "first": first, "moves": moves,
                  "reason": "cut off" if result is None else (result.reason if len(result.winners) == 1
                                                             else f"{result.reason} (shared)"),
                  "figures": _numbers(result.figures if result is not None else {}, seats)}


def _numbers(figures: dict, seats: int) -> dict[str, list[float] | float]:
    """The numbers of ``Result.figures``: per seat (a list with one per seat, or a mapping keyed
    by the seat) as lists, other numbers as they are."""
    found: dict[str, list[float] | float] = {}
    per_seat: dict[str, list] = defaultdict(lambda: [None] * seats)
    for key, value in figures.items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            found[key] = value
        elif isinstance(value, list) and len(value) == seats and all(isinstance(v, (int, float)) for v in value):
            found[key] = list(value)
        elif isinstance(value, dict) and str(key).isdigit() and int(key) < seats:
            for name, number in value.items():
                if isinstance(number, (int, float)) and not isinstance(number, bool):
                    per_seat[name][int(key)] = number
    for name, values in per_seat.items():
        if None not in values:
            found[name] = values
    return found


def _label(sides: list[str]) -> dict[str, str]:
    verbs = {side.split()[0] for side in sides}
    if len(verbs) == 1 and all(len(side.split()) > 1 for side in sides):
        return {side: side.split(None, 1)[1] for side in sides}
    return {side: side for side in sides}


def _mean(values) -> str:
    values = list(values)
    return f"{sum(values) / len(values):.1f}" if values else "-"


def _figure_cells(games: list[dict], seats: int) -> list[str]:
    names = sorted({name for g in games for name in g["figures"]})
    cells = []
    for name in names:
        having = [g["figures"][name] for g in games if name in g["figures"]]
        if having and isinstance(having[0], list):
            cells.append(f"{name} " + " / ".join(_mean(v[s] for v in having) for s in range(seats)))
        else:
            cells.append(f"{name} {_mean(having)}")
    return cells


def report(game_id: str, options: dict, seats: int, sides: list[str], results: list[tuple[tuple, dict | None]],
           n: int, bot: str | None, started: float, jobs: int) -> str:
    played = [(task, g) for task, g in results if g is not None]
    skipped = Counter(tuple(sorted(task[3].items())) for task, g in results if g is None)
    labels = _label(sides)
    changed = {k: v for k, v in options.items() if v != normalize_options(game_id, {}).get(k)}
    lines = [f"## {game_id} balance ({n} games per seating, {seats} seat{'s' if seats > 1 else ''}, "
             f"every seat played by {bot or 'the engine bot_action'}"
             + (f", {' '.join(f'{k}={v}' for k, v in changed.items())}" if changed else "") + ")", ""]
    if sides and seats >= 2:
        score: defaultdict[tuple[str, str], float] = defaultdict(float)  # points, a share per game
        count: Counter[tuple[str, str]] = Counter()
        for task, g in played:
            a, b = task[3][0], task[3][1]
            if a != b:
                score[(a, b)] += g["points"][0]
                score[(b, a)] += g["points"][1]
                count[(a, b)] += 1
                count[(b, a)] += 1
        lines += ["Score of the row side against the column side, seat 0 against seat 1 over both seatings "
                  "(a shared or cut-off game counts as a share).", ""]
        lines.append("| side \\ vs | " + " | ".join(labels[s] for s in sides) + " | overall |")
        lines.append("|---" * (len(sides) + 2) + "|")
        for a in sides:
            cells = [f"{score[(a, b)] / count[(a, b)]:.0%}" if count[(a, b)] else "-" for b in sides]
            total = sum(count[(a, b)] for b in sides)
            overall = f"{sum(score[(a, b)] for b in sides) / total:.0%}" if total else "-"
            lines.append(f"| {labels[a]} | " + " | ".join(cells) + f" | {overall} |")
        lines.append("")
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for task, g in played:
        groups[tuple(task[3].get(s) for s in range(min(seats, 2)) if s in task[3])].append(g)
    heading = " vs ".join(f"seat {s}" for s in range(min(seats, 2))) if sides else "seating"
    lines += ["Per seating: each seat's score, the moves a game took, how games ended, and the averages "
              "of the engine's result figures (per seat: seat 0 / seat 1 / ...).", ""]
    lines.append(f"| {heading} | games | score per seat | moves | ended | result figures |")
    lines.append("|---|---|---|---|---|---|")
    for key, games in groups.items():
        name = " vs ".join(labels[s] for s in key) or "all"
        if len(key) == 2 and key[0] == key[1]:
            name += " (mirror)"
        shares = " / ".join(f"{sum(g['points'][s] for g in games) / len(games):.0%}" for s in range(seats))
        ended = ", ".join(f"{reason} {k / len(games):.0%}"
                          for reason, k in Counter(g["reason"] for g in games).most_common())
        lines.append(f"| {name} | {len(games)} | {shares} | {_mean(g['moves'] for g in games)} | {ended} | "
                     + "; ".join(_figure_cells(games, seats)) + " |")
    firsts = [g for _task, g in played if g["first"] is not None]
    lines += ["", f"- Games: {len(played)}; the seat that takes the first turn scores "
                  f"{_mean(100 * g['points'][g['first']] for g in firsts)}%; cut off after the move limit: "
                  f"{sum(g['reason'] == 'cut off' for _task, g in played)}."]
    if skipped:
        lines.append("- Not offered by the rules (skipped): "
                     + ", ".join(" vs ".join(labels[side] for _seat, side in key) for key in skipped) + ".")
    lines += ["", f"_{time.perf_counter() - started:.1f} s wall, {jobs} job(s)_"]
    return "\n".join(lines)


def run(game_id: str, n: int, seed: int = 0, seats: int | None = None, options: dict | None = None,
        side_verb: str | None = None, bot: str | None = None, max_moves: int = 5000, jobs: int = 1) -> str:
    started = time.perf_counter()
    options = normalize_options(game_id, options or {})
    seats = seats or usual_seats(game_id, options)
    sides = find_sides(game_id, options, seats, seed, side_verb, max_moves)
    if sides and seats >= 2:
        seatings = [{0: a, 1: b} for a in sides for b in sides]
    elif sides:
        seatings = [{0: a} for a in sides]
    else:
        seatings = [{}]
    tasks = [(game_id, options, seats, wanted, seed + k, bot, side_verb, max_moves)
             for wanted in seatings for k in range(n)]
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            results = pool.map(play, tasks, chunksize=4)
    else:
        results = [play(task) for task in tasks]
    return report(game_id, options, seats, sides, results, n, bot, started, jobs)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=[p.id for p in plugins()])
    ap.add_argument("-n", type=int, default=20, help="games per seating")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seats", type=int, default=None, help="default: the game's usual seat count")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    ap.add_argument("--side", default=None, metavar="VERB", help="the set-up decision that picks a side")
    ap.add_argument("--bot", default=None, metavar="MODULE:FUNCTION", help="policy(state, seat) -> action")
    ap.add_argument("--max-moves", type=int, default=5000, help="a game is cut off after this many moves")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)
    options = parse_options_text(" ".join(args.option))  # as /match create reads its options
    print(run(args.game, args.n, args.seed, args.seats, options, args.side, args.bot, args.max_moves, args.jobs))


if __name__ == "__main__":
    main()
