"""The content fits the geometry layer: every scenario map is a valid ``MapGeo`` (KR-GEN-2,
KR-SPN-3, KR-ADV-3, KR-HERO-7), every horde card a valid ``HordeGrid`` (KR-GEN-5, KR-ICN-7/11/
13/17, KR-PRT-3), and every tile shape a shape, so a content edit that the engine could not
play fails here and not in a match."""
import pytest

from engine.kr import content
from engine.kr.hordegrid import horde_grid, placements, empty_cover
from engine.kr.mapgeo import MapGeo
from engine.kr.shapes import orientations, shape


@pytest.mark.parametrize("scenario", sorted(content.SCENARIOS))
def test_every_scenario_map_is_a_valid_map(scenario):
    geo = MapGeo.from_dict(content.map_dict(scenario))
    for spawn in geo.spawns:  # KR-SPN-3: every spawn's road reaches an exit
        path = geo.path(spawn.marker)
        assert path and geo.exit_of(path[-1]) is not None
    assert geo.entry is None or geo.is_road(geo.entry)
    assert geo.sites  # towers can be built somewhere


@pytest.mark.parametrize("card", sorted(content.HORDES))
def test_every_horde_card_is_a_valid_grid_with_room_for_a_tile(card):
    kinds = {k: {"large": v["large"], "defence": v["defence"]} for k, v in content.ENEMIES.items()}
    grid = horde_grid(content.HORDES[card], kinds)
    single = orientations(shape(content.SHAPES["1x1"]))
    assert placements(grid, empty_cover(), single, "true")  # something can always be hit


def test_every_tile_shape_is_a_shape():
    for name, cells in content.SHAPES.items():
        assert shape(cells), name
