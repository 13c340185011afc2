"""Champion module (CD-CHA): secret simultaneous choice, discounted cost, exhaustion, reset.

Per-player champion record: ``players[seat]["champion"] = {"card": id, "state": s}`` with
``s`` in ``ready`` / ``exhausted`` / ``in_play``. During the choice stage the picks wait
hidden in ``setup["champion_pick"]`` and are revealed together (CD-CHA-4).
"""
from __future__ import annotations

from .cards import CHAMPIONS, COST
from .state import board_card_count, ev


def enabled(st: dict) -> bool:
    return bool(st["options"].get("champions"))


def choosers(st: dict) -> list[int]:
    """Seats that choose a champion; in Solo only the player (CD-AMB-50)."""
    return [0] if st["mode"] == "solo" else [0, 1]


def cost_now(st: dict, seat: int) -> int | None:
    """Printed cost minus 1 per creature card on the board, floor 0 (CD-CHA-6, CD-AMB-51,
    CD-AMB-32)."""
    ch = st["players"][seat].get("champion")
    if not ch:
        return None
    return max(0, COST[ch["card"]] - board_card_count(st))


def can_summon(st: dict, seat: int) -> bool:
    ch = st["players"][seat].get("champion")
    return bool(ch) and ch["state"] == "ready" and cost_now(st, seat) <= st["players"][seat]["mana"]


def on_card_played(st: dict, printed_cost: int, events: list) -> None:
    """A card with this printed cost was played: ready every exhausted champion with the
    same printed cost, whoever played it (CD-CHA-8, CD-AMB-49, CD-AMB-57)."""
    for seat, p in enumerate(st["players"]):
        ch = p.get("champion")
        if ch and ch["state"] == "exhausted" and COST[ch["card"]] == printed_cost:
            ch["state"] = "ready"
            ev(events, "champion_reset", seat=seat, card=ch["card"], cost=printed_cost)


def choose(st: dict, seat: int, card: str, events: list) -> bool:
    """Record a secret choice. Returns True when every chooser has chosen (and reveals)."""
    picks = st["setup"]["champion_pick"]
    picks[seat] = card
    ev(events, "champion_chosen", seat=seat)
    if all(picks[s] is not None for s in choosers(st)):
        for s in choosers(st):
            st["players"][s]["champion"] = {"card": picks[s], "state": "ready"}
        ev(events, "champions_revealed", cards={str(s): picks[s] for s in choosers(st)})
        return True
    return False


def allowed() -> list[str]:
    return list(CHAMPIONS)
