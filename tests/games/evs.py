"""What the shared tests need of Empire vs Steppe (tests/games/__init__.py lists the names)."""
from __future__ import annotations

# -- narration (tests/test_narration.py) ---------------------------------------------------

# morale kinds the seeded games rarely reach, with the parameters engine/evs emits them with
NARRATION_EVENTS: list[tuple[int, str, dict]] = [
    (2, "morale_broken", {"seat": 0}),
    (2, "morale_collapse", {"seat": 1, "debuffs": 3}),
    (2, "morale_pile_empty", {"seat": 0, "shaken": 1}),
    (2, "morale_tokens_gain", {"seat": 1, "n": 2}),
    (2, "morale_heal", {"seat": 0, "n": 1}),
]
