"""Tests every registered game gets for free: they iterate ``gamehost.registry.plugins()``
and never name a game (engine contract, hidden information, rendering, the registry)."""
