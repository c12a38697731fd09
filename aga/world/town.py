"""The town as tiles: built from a :class:`~aga.world.spec.TownSpec` and checked on the way.

Each tile is a street tile (address ``world``), a floor tile of an arena (``world:sector:arena``,
``...:object`` where an object stands) or a wall. Building the town checks what a designer gets wrong:
rooms that overlap, walls drawn through another room, rooms off the map, doors that open onto a wall,
and rooms that nobody can walk into.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

from aga.world.spec import ArenaSpec, TownSpec

Tile = tuple[int, int]

# Words for what one sleeps on: a town names its own beds ("bunk", "straw pallet", "berth"), so "bed"
# alone would seat a monk on the first floor tile.
SLEEP_OBJECTS = re.compile(r"\b(?:beds?|bunks?|cots?|berths?|hammocks?|pallets?|futons?|mattress(?:es)?|sofa bed)\b")
SLEEP_OBJECT_WORDS = "bed, bunk, cot, berth, hammock, pallet, futon or mattress"  # the same, for messages

STEPS: tuple[Tile, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


class TownError(ValueError):
    """The town description is inconsistent; the message names the sector and arena."""


@dataclass(frozen=True, order=True)
class Address:
    """A place in the tree world : sector : arena : object (trailing parts may be absent)."""

    world: str
    sector: str | None = None
    arena: str | None = None
    obj: str | None = None

    def __str__(self) -> str:
        return ":".join(p for p in (self.world, self.sector, self.arena, self.obj) if p)

    @classmethod
    def parse(cls, text: str) -> Address:
        """Inverse of ``str()``."""
        parts = text.split(":")
        if not 1 <= len(parts) <= 4 or not all(parts):
            raise ValueError(f"'{text}' is not an address like 'world:sector:arena:object'")
        return cls(*parts)  # type: ignore[arg-type]

    @property
    def arena_address(self) -> Address:
        """This address cut at the arena."""
        return Address(self.world, self.sector, self.arena)


@dataclass
class Arena:
    """A built arena: its floor tiles and where each object stands."""

    sector: str
    name: str
    floor: list[Tile]
    objects: dict[str, list[Tile]] = field(default_factory=dict)
    entrances: list[Tile] = field(default_factory=list)  # floor tiles just inside a door

    @property
    def bed(self) -> str | None:
        """The object a persona living here sleeps on: the one called "bed", else the first whose name
        says it is slept on (see :data:`SLEEP_OBJECTS`); None when the room has none. The start tile and
        ``aga scenario check``'s warning about a home without a bed both read it here."""
        if "bed" in self.objects:
            return "bed"
        return next((name for name in self.objects if SLEEP_OBJECTS.search(name.lower())), None)


@dataclass
class Sector:
    """A built sector."""

    name: str
    arenas: dict[str, Arena]
    residents: tuple[str, ...]

    @property
    def private(self) -> bool:
        """A home: left out of other people's location choices."""
        return bool(self.residents)


class Town:
    """Tiles, places and objects of one town."""

    def __init__(self, spec: TownSpec) -> None:
        self.spec = spec
        self.world = spec.world
        self.width = spec.width
        self.height = spec.height
        self.sectors: dict[str, Sector] = {}
        self._wall: set[Tile] = set()
        self._door: set[Tile] = set()
        self._floor_of: dict[Tile, tuple[str, str]] = {}
        self._object_at: dict[Tile, str] = {}
        self._component: dict[Tile, int] | None = None
        # Objects in view from a tile, by (tile, radius): the town never changes, and every agent asks
        # every step (a sleeping agent from the same tile for hours), so each answer is worked out once.
        self._in_view: dict[tuple[Tile, int], tuple[tuple[str, float], ...]] = {}
        self.exclusive = frozenset(spec.exclusive)
        self._build()

    # ---------------------------------------------------------------- build
    def _in_bounds(self, tile: Tile) -> bool:
        return 0 <= tile[0] < self.width and 0 <= tile[1] < self.height

    def _build(self) -> None:
        walls_of: dict[Tile, tuple[str, str]] = {}
        for sector in self.spec.sectors:
            ox, oy = sector.origin
            arenas: dict[str, Arena] = {}
            for spec in sector.arenas:
                where = f"sector '{sector.name}', arena '{spec.name}'"
                x, y, w, h = spec.rect
                floor = [(ox + x + i, oy + y + j) for j in range(h) for i in range(w)]
                for tile in floor:
                    if not self._in_bounds(tile):
                        raise TownError(f"{where}: floor tile {tile} is off the {self.width}x{self.height} map")
                    if tile in self._floor_of:
                        other = self._floor_of[tile]
                        raise TownError(
                            f"{where}: floor overlaps arena '{other[1]}' of '{other[0]}' at map tile {tile} (the "
                            f"sector's origin {sector.origin} plus the rect); move or shrink one of them, leaving a "
                            "tile of wall between rooms (`aga scenario map` draws the town)"
                        )
                    self._floor_of[tile] = (sector.name, spec.name)
                if spec.walled:
                    for tile in _ring(ox + x, oy + y, w, h):
                        if not self._in_bounds(tile):
                            raise TownError(f"{where}: wall tile {tile} is off the map; move the sector inwards")
                        walls_of.setdefault(tile, (sector.name, spec.name))
                        self._wall.add(tile)
                for door, _inside in spec.door_tiles():
                    self._door.add((ox + door[0], oy + door[1]))
                arenas[spec.name] = Arena(sector=sector.name, name=spec.name, floor=floor)
            self.sectors[sector.name] = Sector(sector.name, arenas, tuple(sector.residents))
        for tile, owner in walls_of.items():
            if tile in self._floor_of:
                other = self._floor_of[tile]
                raise TownError(
                    f"sector '{owner[0]}', arena '{owner[1]}': its wall runs through the floor of "
                    f"'{other[1]}' of '{other[0]}' at map tile {tile} (origin plus rect); leave one tile of wall "
                    "between rooms"
                )
        self._wall -= self._door
        for sector in self.spec.sectors:
            for spec in sector.arenas:
                self._place(sector.name, sector.origin, spec)
        self._check_reachable()

    def _place(self, sector: str, origin: Tile, spec: ArenaSpec) -> None:
        arena = self.sectors[sector].arenas[spec.name]
        ox, oy = origin
        for written, (door, inside) in zip(spec.doors, spec.door_tiles(), strict=True):
            door_tile = (ox + door[0], oy + door[1])
            outside = (2 * door_tile[0] - (ox + inside[0]), 2 * door_tile[1] - (oy + inside[1]))
            if not self._in_bounds(outside) or outside in self._wall:
                # (the door as written, and where else it could go: an outside tester's "E2" was named only
                # by its map tile)
                sides = {"N": "north", "S": "south", "E": "east", "W": "west"}
                other = [sides[k] for k in "NSEW" if k != written[0]]
                raise TownError(
                    f"sector '{sector}', arena '{spec.name}': door '{written}' (map tile {door_tile}) opens onto "
                    f"{'the map edge' if not self._in_bounds(outside) else 'another wall'} at {outside}; put it "
                    f"on another wall ({', '.join(other)}), or leave a tile of floor or open ground in front of "
                    "it (`aga scenario map` draws the town)"
                )
            arena.entrances.append((ox + inside[0], oy + inside[1]))
        # Doors of other arenas that open into this one also need a clear tile in front of them.
        for door in self._door:
            for dx, dy in STEPS:
                tile = (door[0] + dx, door[1] + dy)
                if self._floor_of.get(tile) == (sector, spec.name) and tile not in arena.entrances:
                    arena.entrances.append(tile)
        free = [t for t in arena.floor if t not in arena.entrances]
        pinned = {ArenaSpec.object_name(o): ArenaSpec.object_pin(o) for o in spec.objects}
        loose = [name for name, pin in pinned.items() if pin is None]
        taken: set[Tile] = set()
        for name, pin in pinned.items():
            if pin is not None:
                tile = (ox + spec.rect[0] + pin[0], oy + spec.rect[1] + pin[1])
                arena.objects[name] = [tile]
                taken.add(tile)
        free = [t for t in free if t not in taken]
        if len(loose) > len(free):
            raise TownError(
                f"sector '{sector}', arena '{spec.name}': {len(loose)} objects do not fit on {len(free)} free "
                "floor tiles; enlarge the arena"
            )
        # Spread loose objects evenly over the free floor (row-major), so rooms do not bunch them in a corner.
        # With step >= 1 the indices (i + 1/2) * step are distinct and below len(free).
        step = len(free) / max(1, len(loose))
        for i, name in enumerate(loose):
            arena.objects[name] = [free[int((i + 0.5) * step)]]
        for name, tiles in arena.objects.items():
            for tile in tiles:
                self._object_at[tile] = name

    def _check_reachable(self) -> None:
        start = next(
            (
                (x, y)
                for y in range(self.height)
                for x in range(self.width)
                if self.walkable((x, y)) and (x, y) not in self._floor_of
            ),
            None,
        )
        if start is None:
            raise TownError("the town has no street tile: leave some ground outside the buildings")
        seen = {start}
        queue = deque([start])
        while queue:
            tile = queue.popleft()
            for nxt in self.neighbours(tile):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        for sector in self.sectors.values():
            for arena in sector.arenas.values():
                if not any(t in seen for t in arena.floor):
                    raise TownError(
                        f"sector '{sector.name}', arena '{arena.name}' cannot be reached from the street: no way of "
                        "floor and doors leads there; add a door where walls shut it in: in its own walls (e.g. "
                        'doors = ["S1"]), or, for an open-air arena (walled = false), in the walls of the arenas '
                        "around it (or move it off the map's edge)"
                    )

    # ---------------------------------------------------------------- queries
    def walkable(self, tile: Tile) -> bool:
        """In bounds and not a wall."""
        return self._in_bounds(tile) and tile not in self._wall

    def neighbours(self, tile: Tile) -> list[Tile]:
        """Walkable 4-neighbours of ``tile``."""
        x, y = tile
        return [(x + dx, y + dy) for dx, dy in STEPS if self.walkable((x + dx, y + dy))]

    def reachable(self, tile: Tile, arena: Arena) -> bool:
        """True when some floor tile of ``arena`` can be walked to from ``tile``."""
        component = self._components().get(tile)
        return component is not None and any(self._components().get(t) == component for t in arena.floor)

    def _components(self) -> dict[Tile, int]:
        """Walkable tiles labelled by connected region (computed once: walls never move)."""
        if self._component is None:
            labels: dict[Tile, int] = {}
            label = 0
            for y in range(self.height):
                for x in range(self.width):
                    if (x, y) in labels or not self.walkable((x, y)):
                        continue
                    label += 1
                    labels[(x, y)] = label
                    queue = deque([(x, y)])
                    while queue:
                        for nxt in self.neighbours(queue.popleft()):
                            if nxt not in labels:
                                labels[nxt] = label
                                queue.append(nxt)
            self._component = labels
        return self._component

    def address_at(self, tile: Tile) -> Address:
        """The address of a tile (street and door tiles are ``world`` only)."""
        place = self._floor_of.get(tile)
        if place is None:
            return Address(self.world)
        return Address(self.world, place[0], place[1], self._object_at.get(tile))

    def objects_in_view(self, tile: Tile, radius: int) -> tuple[tuple[str, float], ...]:
        """(object, distance to its nearest tile) for the objects of ``tile``'s arena with a tile within
        Chebyshev distance ``radius`` of ``tile``, in the arena's order; distances are Euclidean."""
        key = (tile, radius)
        found = self._in_view.get(key)
        if found is None:
            found = self._objects_in_view(tile, radius)
            self._in_view[key] = found
        return found

    def _objects_in_view(self, tile: Tile, radius: int) -> tuple[tuple[str, float], ...]:
        here = self.address_at(tile)
        if here.arena is None or here.sector is None:
            return ()
        x0, y0 = tile
        seen: list[tuple[str, float]] = []
        for name, tiles in self.arena(here.sector, here.arena).objects.items():
            distances = [
                ((x - x0) ** 2 + (y - y0) ** 2) ** 0.5
                for x, y in tiles
                if max(abs(x - x0), abs(y - y0)) <= radius and self._floor_of.get((x, y)) == (here.sector, here.arena)
            ]
            if distances:
                seen.append((name, min(distances)))
        return tuple(seen)

    def arena(self, sector: str, arena: str) -> Arena:
        """An arena by name; raises ``KeyError`` with the known names."""
        try:
            return self.sectors[sector].arenas[arena]
        except KeyError:
            raise KeyError(f"no arena '{sector}:{arena}' in {self.world}") from None

    def tiles_of(self, address: Address) -> list[Tile]:
        """Tiles where an agent stands to be at ``address`` (object tiles, else the floor)."""
        if address.sector is None:
            return []
        sector = self.sectors.get(address.sector)
        if sector is None:
            return []
        if address.arena is None:
            return [t for a in sector.arenas.values() for t in a.floor]
        arena = sector.arenas.get(address.arena)
        if arena is None:
            return []
        if address.obj is not None:
            return list(arena.objects.get(address.obj, []))
        return list(arena.floor)

    def render(self, legend: dict[tuple[str, str], str] | None = None) -> str:
        """ASCII view: ``#`` wall, ``+`` door, ``.`` street, letters for arenas, ``*`` objects.

        Pass a dict as ``legend`` to receive the letter given to each (sector, arena).
        """
        letters: dict[tuple[str, str], str] = legend if legend is not None else {}
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                tile = (x, y)
                if tile in self._wall:
                    row.append("#")
                elif tile in self._door:
                    row.append("+")
                elif tile in self._object_at:
                    row.append("*")
                elif tile in self._floor_of:
                    key = self._floor_of[tile]
                    letters.setdefault(key, alphabet[len(letters) % len(alphabet)])
                    row.append(letters[key])
                else:
                    row.append(".")
            rows.append("".join(row))
        return "\n".join(rows)


def _ring(x: int, y: int, w: int, h: int) -> list[Tile]:
    top = [(i, y - 1) for i in range(x - 1, x + w + 1)]
    bottom = [(i, y + h) for i in range(x - 1, x + w + 1)]
    sides = [(x - 1, j) for j in range(y, y + h)] + [(x + w, j) for j in range(y, y + h)]
    return top + bottom + sides
