"""The town: building from rectangles, addresses, paths, and the checks a designer relies on."""

from __future__ import annotations

import itertools

import pytest

from aga.world import Address, Town, TownError, shortest_path
from aga.world.spec import TownSpec


def _town(*sectors: dict, width: int = 30, height: int = 20) -> Town:
    return Town(TownSpec.model_validate({"world": "w", "width": width, "height": height, "sector": list(sectors)}))


HOUSE = {
    "name": "house",
    "origin": [2, 2],
    "arenas": [
        {"name": "bedroom", "rect": [1, 1, 4, 3], "doors": ["S1"], "objects": ["bed@0,0", "desk"]},
        {"name": "hall", "rect": [1, 5, 9, 3], "doors": ["S4"], "objects": ["sofa"]},
    ],
}


def test_addresses_walls_and_objects():
    town = _town(HOUSE)
    assert town.address_at((3, 3)) == Address("w", "house", "bedroom", "bed")
    assert str(town.address_at((4, 4))) in ("w:house:bedroom", "w:house:bedroom:desk")
    assert not town.walkable((2, 2))  # the wall ring's corner
    assert town.walkable((4, 6))  # the bedroom's door onto the hall
    assert town.address_at((0, 0)) == Address("w")
    assert Address.parse("w:house:hall:sofa").arena_address == Address("w", "house", "hall")


def test_shortest_path_walks_through_doors_one_tile_at_a_time():
    town = _town(HOUSE)
    bed = town.tiles_of(Address("w", "house", "bedroom", "bed"))
    path = shortest_path(town, (0, 0), bed)
    assert path is not None and path[-1] == bed[0]
    steps = [(0, 0), *path]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(steps))
    assert all(town.walkable(t) for t in path)
    assert (7, 10) in path and (4, 6) in path  # the front door, then the bedroom door
    assert shortest_path(town, bed[0], bed) == []


def test_unreachable_goal():
    town = _town(HOUSE)
    assert shortest_path(town, (0, 0), [(2, 2)]) is None


def test_overlapping_rooms_are_named():
    bad = {**HOUSE, "arenas": [HOUSE["arenas"][0], {"name": "closet", "rect": [3, 2, 2, 2], "doors": ["S0"]}]}
    with pytest.raises(TownError, match="closet.*bedroom|bedroom.*closet"):
        _town(bad)


def test_room_without_door_is_unreachable():
    bad = {**HOUSE, "arenas": [{"name": "vault", "rect": [1, 1, 3, 3]}]}
    with pytest.raises(TownError, match="'vault' cannot be reached.*add a door"):
        _town(bad)


def test_off_map_and_too_many_objects():
    with pytest.raises(TownError, match="off the"):
        _town({**HOUSE, "origin": [25, 2]})
    crowded = {
        "name": "box",
        "origin": [2, 2],
        "arenas": [{"name": "tiny", "rect": [1, 1, 2, 1], "doors": ["S0"], "objects": ["a", "b", "c"]}],
    }
    with pytest.raises(TownError, match="do not fit"):
        _town(crowded)


def test_smallville_builds_and_every_arena_is_reachable():
    from aga.scenario.loader import load_scenario

    town = load_scenario("ville3").town
    street = (0, 0)
    for sector in town.sectors.values():
        for arena in sector.arenas.values():
            assert shortest_path(town, street, arena.floor) is not None, (sector.name, arena.name)
            for name, tiles in arena.objects.items():
                assert town.address_at(tiles[0]).obj == name


def _in_view_by_hand(town: Town, tile: tuple[int, int], radius: int) -> list[tuple[str, float]]:
    """Every object of the tile's arena with a tile of the same arena within the Chebyshev radius."""
    here = town.address_at(tile).arena_address
    if here.arena is None:
        return []
    seen = []
    for name, tiles in town.arena(here.sector, here.arena).objects.items():
        distances = [
            ((t[0] - tile[0]) ** 2 + (t[1] - tile[1]) ** 2) ** 0.5
            for t in tiles
            if max(abs(t[0] - tile[0]), abs(t[1] - tile[1])) <= radius and town.address_at(t).arena_address == here
        ]
        if distances:
            seen.append((name, min(distances)))
    return seen


def test_objects_in_view_stay_in_the_arena_and_within_the_radius():
    town = _town(HOUSE)
    bed = town.tiles_of(Address("w", "house", "bedroom", "bed"))[0]
    # The sofa is two tiles away through the wall, in the hall: not in view from the bedroom.
    names = [name for name, _ in town.objects_in_view(bed, 8)]
    assert "sofa" not in names and names[0] == "bed"
    assert dict(town.objects_in_view(bed, 8))["bed"] == 0.0
    assert town.objects_in_view((0, 0), 8) == ()  # the street has no arena
    assert town.objects_in_view(bed, 0) == (("bed", 0.0),)
    assert town.objects_in_view(bed, 8) is town.objects_in_view(bed, 8)  # worked out once


def test_objects_in_view_match_a_scan_of_every_tile():
    from aga.scenario.loader import load_scenario

    town = load_scenario("ville3").town
    floor = [t for sector in town.sectors.values() for arena in sector.arenas.values() for t in arena.floor]
    for radius in (0, 2, 4):
        for tile in floor:
            assert list(town.objects_in_view(tile, radius)) == _in_view_by_hand(town, tile, radius), (tile, radius)


def test_a_door_onto_another_wall_names_the_door_as_written_and_where_else_it_can_go():
    """An outside tester's "E2" was named only by its map tile, with no fix."""
    rooms = {
        "name": "sheds",
        "origin": [2, 2],
        "arenas": [
            {"name": "store", "rect": [1, 1, 3, 3], "doors": ["E1"]},
            {"name": "loft", "rect": [6, 1, 3, 3], "doors": ["S0"]},
        ],
    }
    with pytest.raises(
        TownError, match=r"'store': door 'E1' \(map tile \(6, 4\)\) opens onto another wall .*north, south, west"
    ):
        _town(rooms)
