"""Fortress power, tie-breakers and the game result (CS-WIN, CS-MP-10, CS-TEAM-6, CS-AMB-40;
a designed game's figures, CS-DM-15)."""
from __future__ import annotations

from .state import spire_count
from typing import Any

from .types import Seat, State


def pegs(st: State, seat: Seat) -> int:
    return sum(st["players"][seat]["adv"].values())


def fortress_power(st: State, seat: Seat) -> int:
    p = st["players"][seat]
    if p["broken"] and p["gate"] == 0:
        return 0  # CS-MP-10
    return p["gate"] + pegs(st, seat)


def _sides(st: State) -> list[list[Seat]]:
    if st["teams"]:
        return [[s for s in range(st["seats"]) if st["teams"][s] == t] for t in (0, 1)]
    return [[s] for s in range(st["seats"])]


def side_key(st: State, side: list[Seat]) -> tuple[int, int, int, int]:
    """(power, gate, Source, spires) summed over a side (CS-WIN-2/3)."""
    return (sum(fortress_power(st, s) for s in side),
            sum(st["players"][s]["gate"] for s in side),
            sum(st["players"][s]["source"] for s in side),
            sum(spire_count(st, s) for s in side))


def finish(st: State, reason: str, winners: list[Seat] | None = None) -> None:
    sides = [sd for sd in _sides(st)]
    placements: list[list[Seat]]
    if winners is not None:
        win = sorted(winners)
        rest = [s for s in range(st["seats"]) if s not in win]
        placements = [win] + ([rest] if rest else [])
        conceded = st.get("conceded") or []
        if reason == "conceded" and st["seats"] > 2 and not st["teams"] and set(rest) <= set(conceded):
            # the last one standing wins a 3-4 player game; who gave up first placed last
            placements = [win] + [[s] for s in reversed(conceded) if s in rest]
        figures: dict[str, Any] = {}
    else:
        keyed = sorted(((side_key(st, sd), sd) for sd in sides), key=lambda x: x[0], reverse=True)
        placements = []
        last = None
        for k, sd in keyed:
            if placements and k == last:
                placements[-1] = sorted(placements[-1] + sd)
            else:
                placements.append(sorted(sd))
            last = k
        win = placements[0]
        figures = seat_figures(st)
    if "designed" in st:
        figures = {**seat_figures(st), **designed_figures(st, win, reason)}
    st["result"] = {"winners": win, "placements": placements, "reason": reason, "figures": figures}
    st["phase"] = "over"


def seat_figures(st: State) -> dict[str, Any]:
    return {str(s): {"power": fortress_power(st, s), "gate": st["players"][s]["gate"],
                     "source": st["players"][s]["source"], "spires": spire_count(st, s),
                     "advancements": pegs(st, s)} for s in range(st["seats"])}


def designed_figures(st: State, winners: list[Seat], reason: str) -> dict[str, Any]:
    """CS-DM-15: the mode, encounter, difficulty, waves survived and the objective's outcome (an
    objective still open when the game ends otherwise, e.g. by conceding, is met when the
    people win and failed when they lose, for that reason)."""
    d = st["designed"]
    ob = d["objective"]
    if ob["status"] == "open":
        ob["status"] = "met" if set(winners) & set(d["people"]) else "failed"
        ob["reason"] = reason
    out: dict[str, Any] = {"mode": d["mode"], "encounter": d["encounter"], "difficulty": d["difficulty"],
                           "waves_survived": d["waves_survived"],
                           "objective": {"kind": ob["kind"], "status": ob["status"], "reason": ob.get("reason")},
                           "breaches": d.get("breaches", 0)}
    return out
