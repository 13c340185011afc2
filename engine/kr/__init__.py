"""Kingdom Rush: Rift in Time (rules: docs/rules/kingdom-rush.md). Not registered with the
host yet. Conventions shared by its modules (coordinates, facings, horde grid frame, content
formats): docs/kr-engine.md."""
