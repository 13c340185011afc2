"""Kingdom Rush: Rift in Time (rules: docs/rules/kingdom-rush.md). Conventions shared by its
modules (coordinates, facings, horde grid frame, content formats): docs/kr/engine.md."""
from .game import GAME

__all__ = ["GAME"]
