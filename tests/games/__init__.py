"""What the shared tests need of one game, and each game's own cases of the shared checks.

The shared tests (tests/test_narration.py, tests/engine/test_log_redaction.py,
tests/test_catalog.py, tests/render/test_fonts.py) run for every game of
``gamehost.registry.plugins()`` and name none. What they cannot derive for a game (sample
option sets worth narrating, hand-made events the random games rarely reach, the test's own
reading of which moves are hidden) a game may give in ``tests/games/<id>/__init__.py``: every name
there is optional, and a game without the module gets the generic samples. The
``test_<id>_*.py`` files beside it hold the cases that only make sense for that game.

Optional names of ``tests/games/<id>/__init__.py``:

- ``CONTRACT_OPTIONS``: ``[raw options, ...]`` the contract suite (tests/contract) plays and
  checks besides the option sets it derives from the schema (modes its first variations miss);

- ``NARRATION_CONFIGS``: ``[(seats, raw options), ...]`` to narrate (default: the contract
  suite's option sets: defaults at every seat count, the others at the fewest seats);
  ``NARRATION_SEEDS``: seeds per configuration (default ``(1,)``);
- ``NARRATION_EVENTS``: ``[(seats, kind, params), ...]``, events narrated over a position of
  a game with that many seats (kinds the random games rarely reach);
- ``LOG_FORMATS``: ``[(name, seats, raw options), ...]`` to log and redact (default: as
  narration); ``LOG_SEEDS``; ``log_policies(seats, seed)``: moves made first, by seat;
  ``log_action(action, rnd)``: a random legal move adjusted (e.g. a real secret deck);
- ``LOG_EXPECT``: ``{verb: None | redacted text}``, the test's own reading of the rules for
  every verb (None: public); ``log_revealed(state, actor, text)``: a hidden move the state
  has made public; ``grammar_verbs()``: the verbs the notation module documents;
  ``LOG_SAMPLES`` (one text per form of every verb), ``LOG_SAMPLE_SETUP`` ``(seats, raw
  options)``; ``LOG_RARE``: verbs the seeded games need not reach.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from gamehost import registry


def hooks(game: str) -> ModuleType | None:
    """``tests/games/<game>/__init__.py``, or None when the game has none."""
    try:
        return importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as missing:
        if missing.name == f"{__name__}.{game}":
            return None
        raise


def hook(game: str, name: str, default: Any = None) -> Any:
    """The game's ``name`` from ``tests/games/<game>/__init__.py``, else ``default``."""
    return getattr(hooks(game), name, default)


def game_ids() -> list[str]:
    """Every registered game's id (the shared tests' parameters)."""
    return [p.id for p in registry.plugins()]
