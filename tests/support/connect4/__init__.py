"""Connect Four: a small extra game that lives in tests/ and gets its whole Discord adapter
from the kits (engine/verbs.py, engine/kit.py, cogs/kit_ui.py, cogs/kit_commands.py):
tests/behaviour/test_kit_connect4.py plays it through SimCord and the contract suite runs
for it. ``GAME`` is its engine (gamehost/registry.py loads ``<engine module>.GAME``)."""
from tests.support.connect4.engine import GAME

__all__ = ["GAME"]
