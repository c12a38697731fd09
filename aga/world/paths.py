"""Shortest paths on the tile grid: breadth-first search, 4 neighbours, one tile per step.

Breadth-first rather than A*: every step costs the same, the grids are small (a 25-agent town is about
10k tiles), and one search reaches whichever of several goal tiles is nearest, which is what "walk to
the kitchen" needs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from aga.world.town import Tile, Town


def shortest_path(town: Town, start: Tile, goals: Iterable[Tile]) -> list[Tile] | None:
    """Tiles from ``start`` (excluded) to the nearest goal (included); ``[]`` when already there.

    Returns ``None`` when no goal can be reached.
    """
    targets = {g for g in goals if town.walkable(g)}
    if not targets:
        return None
    if start in targets:
        return []
    parent: dict[Tile, Tile] = {start: start}
    queue = deque([start])
    while queue:
        tile = queue.popleft()
        for nxt in town.neighbours(tile):
            if nxt in parent:
                continue
            parent[nxt] = tile
            if nxt in targets:
                path = [nxt]
                while parent[path[-1]] != start:
                    path.append(parent[path[-1]])
                path.reverse()
                return path
            queue.append(nxt)
    return None
