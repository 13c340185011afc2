"""Raising events: the one event shape of engine/base.py (``Event(kind, params, visible_to)``).

Every rules module appends to the ``events`` list it is given; ``apply`` returns that list.
A public event is narrated in the channel; a private one (``visible_to`` a seat) is told
to that seat only: the landmark face it peeked at (CS-EXP-2/7), the relic it drew
(CS-AMB-44), its standing policies."""
from __future__ import annotations

from typing import Any

from ..base import Event
from .types import Events, Seat


def ev(events: Events, kind: str, /, **params: Any) -> None:
    """Append a public event."""
    events.append(Event(kind, params))


def private(events: Events, visible_to: Seat, kind: str, /, **params: Any) -> None:
    """Append an event only the seat ``visible_to`` may learn of."""
    events.append(Event(kind, params, visible_to=visible_to))
