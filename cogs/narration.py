"""What every game's narration shares: the moves behind a set of events."""
from __future__ import annotations


def move_pairs(moves) -> list[tuple]:
    """``(seat, notation)`` or ``(seat, notation, events)`` of each move: from tuples, or from
    logged moves (objects with ``seat``, ``action`` and ``kind``; concessions and
    cancellations are not moves)."""
    out = []
    for move in moves or ():
        if isinstance(move, (tuple, list)):
            out.append(tuple(move))
        elif getattr(move, "kind", "action") not in ("concede", "abandon"):
            out.append((getattr(move, "seat", None), getattr(move, "action", "")))
    return out
