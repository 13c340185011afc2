"""Shared names of the Terrain expansion's rule tests (test_terrain_rules_*.py): the terrain
cards by name and short-hands for a terrain dict and an IllegalAction's code."""
from __future__ import annotations

# The content, by name (the tests rely on these printed values; test_content_* checks them).
CRAG, PEAK = "terrain_eagle_crag", "terrain_sky_peak"  # +3
RIDGE, BLUFF, BEACON = "terrain_stone_ridge", "terrain_rocky_bluff", "terrain_beacon_hill"  # +2
KNOLL, MOUND, LOWHILL = "terrain_grassy_knoll", "terrain_burial_mound", "terrain_low_hill"  # +1
WOODED = "terrain_wooded_hill"  # +1 forest, cover 1
ROAD, FORD = "terrain_old_road", "terrain_shallow_ford"  # 0, penalty none / usual
PINE, BIRCH, DENSE, THICKET = "terrain_pine_forest", "terrain_birch_wood", "terrain_dense_forest", "terrain_thicket"
GULLY, HOLLOW, BOG = "terrain_dry_gully", "terrain_hollow", "terrain_reed_bog"  # -1; bog: penalty shake
RAVINE, SINKHOLE = "terrain_deep_ravine", "terrain_sinkhole"  # -2


def T(cells: dict[str, str] | None = None, deck: list[str] | None = None, placed: int | None = None) -> dict:
    cells = dict(cells or {})
    return {"cells": cells, "deck": list(deck or []), "placed": len(cells) if placed is None else placed}


def code_of(excinfo) -> str:
    return excinfo.value.code
