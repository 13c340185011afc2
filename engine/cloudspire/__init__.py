"""Cloudspire rules engine (the rules and their CS- IDs: docs/rules/cloudspire.md).

``GAME`` (game.py) implements the engine.base contract on the kit (engine/kit.py); game.py
lists the modules behind it."""
from __future__ import annotations

from .game import GAME, Cloudspire

__all__ = ["GAME", "Cloudspire"]
