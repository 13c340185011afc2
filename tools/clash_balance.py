"""Balance report for the Clash of Decks preconstructed decks.

Plays bot-vs-bot Duels for every pair of preconstructed decks (both seatings), then each
deck against the Solo Quick-game AI, and prints a markdown table: win rates of each deck
against each other deck, the first player's win rate, average turns, and win rates against
the AI. Usage::

    python tools/clash_balance.py [-n GAMES_PER_PAIRING] [--seed S]

The default N keeps the run under a minute on one core.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.clash import actions, bot, setup  # noqa: E402
from engine.clash.cards import DECK_IDS, DECK_NAMES  # noqa: E402
from engine.clash.playout import step_inplace  # noqa: E402

MAX_ACTIONS = 2000
MAX_TURNS = 150  # bot-vs-bot deadlocks (blockers traded back and forth) count as draws


def duel(deck0: str, deck1: str, seed: int) -> dict:
    """One bot-vs-bot Duel where seat 0 plays deck0 and seat 1 plays deck1."""
    st, _ = setup.new_state(2, {"mode": "duel", "format": "precon"}, seed)
    want = {0: deck0, 1: deck1}
    for _ in range(MAX_ACTIONS):
        if st["result"] is not None or st["turn"] > MAX_TURNS:
            break
        seat = actions.prompts(st)[0].seat
        if st["stage"] == "deck_choice":
            a = {"type": "deck", "deck": want[seat]}
        else:
            a = bot.choose(st, seat)
        step_inplace(st, seat, a)
    r = st["result"]
    return {"winner": r["winners"][0] if r else None, "first": st["first_player"], "turns": st["turn"]}


def solo(deck: str, seed: int) -> dict:
    st, _ = setup.new_state(1, {"mode": "solo", "format": "precon"}, seed)
    for _ in range(MAX_ACTIONS):
        if st["result"] is not None or st["turn"] > MAX_TURNS:
            break
        seat = actions.prompts(st)[0].seat
        a = {"type": "deck", "deck": deck} if st["stage"] == "deck_choice" else bot.choose(st, seat)
        step_inplace(st, seat, a)
    r = st["result"]
    return {"winner": r["winners"][0] if r else None, "turns": st["turn"]}


def run(n: int, seed: int = 0) -> str:
    t0 = time.perf_counter()
    decks = list(DECK_IDS)
    wins = {(a, b): 0 for a in decks for b in decks}
    games = {(a, b): 0 for a in decks for b in decks}
    first_wins = total = turns = draws = 0
    k = seed
    for a in decks:
        for b in decks:
            if a == b:
                continue
            for _ in range(n):
                k += 1
                g = duel(a, b, k)
                total += 1
                turns += g["turns"]
                games[(a, b)] += 1
                games[(b, a)] += 1
                if g["winner"] == 0:
                    wins[(a, b)] += 1
                elif g["winner"] == 1:
                    wins[(b, a)] += 1
                if g["winner"] is None:
                    draws += 1
                    wins[(a, b)] += 0.5
                    wins[(b, a)] += 0.5
                if g["winner"] == g["first"]:
                    first_wins += 1
    solo_res = {}
    for d in decks:
        w = tt = 0
        for i in range(n * 2):
            k += 1
            g = solo(d, k)
            w += g["winner"] == 0
            tt += g["turns"]
        solo_res[d] = (w / (n * 2), tt / (n * 2))
    lines = [f"## Clash of Decks balance ({n} games per seating, bot vs bot)", ""]
    lines.append("Win rate of the row deck against the column deck (draws count as half).")
    lines.append("")
    lines.append("| deck \\ vs | " + " | ".join(decks) + " | overall |")
    lines.append("|---" * (len(decks) + 2) + "|")
    for a in decks:
        row = []
        tw = tg = 0
        for b in decks:
            if a == b:
                row.append("-")
            else:
                row.append(f"{wins[(a, b)] / games[(a, b)]:.0%}")
                tw += wins[(a, b)]
                tg += games[(a, b)]
        lines.append(f"| {a} ({DECK_NAMES[a]['en']}) | " + " | ".join(row) + f" | {tw / tg:.0%} |")
    lines += ["", f"- Duel games: {total}; first player wins {first_wins / total:.0%}; "
                  f"average turns {turns / total:.1f}; "
                  f"draws (no winner after {MAX_TURNS} turns) {draws / total:.0%}", ""]
    lines.append("| deck vs Solo Quick AI | player win rate | average turns |")
    lines.append("|---|---|---|")
    for d in decks:
        lines.append(f"| {d} | {solo_res[d][0]:.0%} | {solo_res[d][1]:.1f} |")
    lines += ["", f"_{time.perf_counter() - t0:.1f} s_"]
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=40, help="games per seating of each deck pair")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(run(args.n, args.seed))


if __name__ == "__main__":
    main()
