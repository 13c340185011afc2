"""Empire vs Steppe (issue 12, in progress): the engine package. Not registered with the host
yet (gamehost/registry.py INSTALLED) until the game, its renderer and its cog are complete.
Conventions shared by its modules: docs/evs-engine.md."""
