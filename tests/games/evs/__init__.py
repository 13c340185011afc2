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

# -- the log (tests/engine/test_log_redaction.py) -------------------------------------------

# Random-heavy play with the morale expansion often never ends (no side presses: seeds 5 and 6
# are still going after 20,000 moves), so the logged games are a seed that ends for each.
LOG_FORMATS = [
    ("default", 2, {}),
    ("advanced_pick", 2, {"advanced": "on", "hands": "pick"}),
    ("terrain", 2, {"terrain": "on"}),
    ("morale", 2, {"morale": "on"}),
    ("everything", 2, {"advanced": "on", "hands": "pick", "terrain": "on", "morale": "on"}),
]
LOG_SEEDS = (4,)

# -- legibility (tests/render/test_legibility.py) --------------------------------------------


def legibility_cases():
    """The public board and every private picture of crowded positions, both languages
    (tests/games/evs/render/legibility_cases.py)."""
    from tests.games.evs.render.legibility_cases import cases
    return cases()
