"""The tile world: the town's places and tiles, paths, and the state that changes during a run."""

from aga.world.paths import shortest_path
from aga.world.town import Address, Town, TownError

__all__ = ["Address", "Town", "TownError", "shortest_path"]
