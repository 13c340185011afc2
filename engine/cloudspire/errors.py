"""Refusals: ``IllegalAction`` with a ``cloudspire.err.*`` catalog key and, when known, the
moves that would have been legal (in notation, at most six)."""
from __future__ import annotations

from typing import Any, Sequence

from ..base import IllegalAction
from .notation import format_action
from .types import Action


def illegal(code: str, msg: str, legal: Sequence[Action] | None = None, **params: Any) -> IllegalAction:
    return IllegalAction(f"cloudspire.err.{code}", msg, legal=[format_action(a) for a in (legal or [])[:6]],
                         **params)
