"""The town file's format, as pydantic models (every unknown field is an error).

Towns are drawn with rectangles rather than tile art: walls are generated around each walled arena,
doors open them, and objects are placed on the arena's floor unless pinned to a tile. A reader sees
"the Lins' kitchen is 5x4 with a door to the common room", and moving a room is one edit.

:class:`~aga.world.town.Town` is built from a :class:`TownSpec`. A scenario names its town file (see
:mod:`aga.scenario.schema`); the world does not depend on scenarios.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

# Longest name of a world, sector, arena or object. A place's name goes into activities a model writes
# ("serving customers at <sector>"), whose answers are capped at 200 characters.
PLACE_NAME = 100
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SPACES = re.compile(r"[^\S\n\t\r\x0b\x0c]")  # whitespace other than the control characters refused above


def normal_name(value: str) -> str:
    """``value`` in one spelling: NFC (an accent typed as one character or as two) and every kind of
    space as a plain one (a no-break space pasted from a document). Names that look the same to a
    reader are then the same to the runtime, in files and on the command line."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", value))


def plain_name(value: str) -> str:
    """``value`` if it can serve as a name in addresses, prompts and logs, else ``ValueError`` saying why.

    A ``:`` separates the parts of a tile's address (``world:sector:arena:object``), so a place named
    "cafe:front" would make addresses that cannot be read back (found by a run failing hours in);
    control characters break the one-line-per-speaker dialogue and log formats; a blank name names
    nothing.
    """
    if not value.strip():
        raise ValueError("is blank: give a name")
    if value != value.strip():
        raise ValueError("starts or ends with spaces: remove them")
    if _CONTROL.search(value):
        raise ValueError("holds a control character (newline, tab ...): use plain text")
    if ":" in value:
        raise ValueError("holds ':', which separates the parts of an address: use another character")
    return normal_name(value)


def listed_name(value: str) -> str:
    """``value`` if it can name a sector, arena or object, else ``ValueError`` saying why: a plain name
    (:func:`plain_name`) without a comma.

    The prompts list the places to choose from separated by commas, as the original study's do
    ("Area options: {Hobbs Cafe, Johnson Park, ...}"), so "Tamang House, Line 3" reads as two places:
    an outside tester's residents of two such homes never went home while awake (0 to 7 of some 110
    waking actions there, against 17 to 39 with the comma taken out).
    """
    value = plain_name(value)
    if "," in value:
        stem = value.replace(",", "")
        raise ValueError(
            f"holds ',', which separates the places a prompt lists ({{A, B, C}}), so a model reads two "
            f'places: write it without the comma ("{stem}") or with brackets'
        )
    return value


PlaceName = Annotated[str, Field(min_length=1, max_length=PLACE_NAME), AfterValidator(plain_name)]
ListedName = Annotated[str, Field(min_length=1, max_length=PLACE_NAME), AfterValidator(listed_name)]

_DOOR = re.compile(r"^([NSEW])(\d+)$")
_PINNED = re.compile(r"^(?P<name>.+?)@(?P<x>\d+),(?P<y>\d+)$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ArenaSpec(_Strict):
    """A room or an open area of a sector.

    ``rect`` is ``[x, y, width, height]`` of the floor, relative to the sector's origin. A walled arena
    gets a one-tile wall around its floor; ``doors`` open it: ``"S3"`` is the south wall, 3 tiles from
    the floor's left edge (``N``/``S`` count from the left, ``E``/``W`` from the top). ``objects`` are
    names, optionally pinned to a floor tile: ``"bed@0,1"``.
    """

    name: ListedName
    rect: tuple[int, int, int, int]
    doors: list[str] = Field(default_factory=list)
    objects: list[str] = Field(default_factory=list)
    walled: bool = True

    @field_validator("rect")
    @classmethod
    def _positive_size(cls, rect: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        if rect[2] < 1 or rect[3] < 1:
            raise ValueError(f"width and height must be at least 1, got {rect[2]}x{rect[3]}")
        return rect

    @field_validator("doors")
    @classmethod
    def _door_syntax(cls, doors: list[str]) -> list[str]:
        for door in doors:
            if not _DOOR.match(door):
                raise ValueError(f"door '{door}' must be a side (N, S, E, W) and an offset, like 'S3'")
        return doors

    @model_validator(mode="after")
    def _doors_on_walls(self) -> ArenaSpec:
        _, _, w, h = self.rect
        for door in self.doors:
            m = _DOOR.match(door)
            assert m
            side, offset = m.group(1), int(m.group(2))
            limit = w if side in "NS" else h
            if offset >= limit:
                raise ValueError(f"door '{door}' is past the end of its wall ({limit} tiles long)")
        if not self.walled and self.doors:
            raise ValueError("an arena without walls cannot have doors")
        for obj in self.objects:
            if "@" in obj and not _PINNED.match(obj):
                # "signpost@two,1" would otherwise be an object of that whole name, unpinned.
                raise ValueError(
                    f"object '{obj}': a pin is written name@x,y with whole numbers of the floor's tiles "
                    f"(\"{obj.split('@')[0].strip() or 'bed'}@0,1\"); '@' may appear only there"
                )
        names = [self.object_name(o) for o in self.objects]
        for name in names:
            try:
                listed_name(name)
            except ValueError as exc:
                raise ValueError(f"object name {name!r} {exc}") from None
            if len(name) > PLACE_NAME:
                raise ValueError(f"object name '{name[:40]}...' is longer than {PLACE_NAME} characters")
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(
                f"object {', '.join(repr(n) for n in twice)} is listed more than once; object names must be unique "
                f"within an arena: remove the second, or tell them apart ('{twice[0]} 2')"
            )
        pins: dict[tuple[int, int], str] = {}
        for obj in self.objects:
            pinned = _PINNED.match(obj)
            if pinned and not (0 <= int(pinned["x"]) < w and 0 <= int(pinned["y"]) < h):
                raise ValueError(f"object '{obj}' is pinned outside the {w}x{h} floor")
            pin = self.object_pin(obj)
            if pin is not None:
                # A tile shows one object: the second would be on the map but never found there.
                if pin in pins:
                    raise ValueError(
                        f"objects '{pins[pin]}' and '{obj}' are pinned to the same floor tile {pin[0]},{pin[1]}; "
                        "pin one of them to another tile (or leave it unpinned to be placed on a free one)"
                    )
                pins[pin] = obj
        return self

    @staticmethod
    def object_name(spec: str) -> str:
        """The object's name without its pin (``"bed@0,1"`` -> ``"bed"``)."""
        pinned = _PINNED.match(spec)
        return pinned["name"] if pinned else spec

    @staticmethod
    def object_pin(spec: str) -> tuple[int, int] | None:
        """The pinned floor tile of an object spec, if any."""
        pinned = _PINNED.match(spec)
        return (int(pinned["x"]), int(pinned["y"])) if pinned else None

    def door_tiles(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """(door tile, floor tile inside the door) pairs, relative to the sector origin."""
        x, y, w, h = self.rect
        out = []
        for door in self.doors:
            m = _DOOR.match(door)
            assert m
            side, k = m.group(1), int(m.group(2))
            if side == "N":
                out.append(((x + k, y - 1), (x + k, y)))
            elif side == "S":
                out.append(((x + k, y + h), (x + k, y + h - 1)))
            elif side == "W":
                out.append(((x - 1, y + k), (x, y + k)))
            else:
                out.append(((x + w, y + k), (x + w - 1, y + k)))
        return out


class SectorSpec(_Strict):
    """A building or an open place; ``residents`` make it a private home."""

    name: ListedName
    origin: tuple[int, int]
    arenas: list[ArenaSpec] = Field(min_length=1)
    residents: list[Annotated[str, AfterValidator(normal_name)]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_arenas(self) -> SectorSpec:
        names = [a.name for a in self.arenas]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise ValueError(f"arena '{dup}' appears twice")
        return self


class TownSpec(_Strict):
    """A town: the world's name, its size in tiles, and its sectors."""

    world: PlaceName
    width: int = Field(ge=8, le=1000)
    height: int = Field(ge=8, le=1000)
    sectors: list[SectorSpec] = Field(min_length=1, alias="sector")
    # Objects one person uses at a time (a shower, the spot behind a counter); others are shared
    # (cafe seating, a park bench, a couple's bed). Nobody else picks an exclusive object in use.
    exclusive: list[str] = Field(default_factory=list)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _exclusive_objects_exist(self) -> TownSpec:
        names = {ArenaSpec.object_name(o) for s in self.sectors for a in s.arenas for o in a.objects}
        for name in self.exclusive:
            if name not in names:
                raise ValueError(f"exclusive object '{name}' is not among the town's objects; check its spelling")
        return self

    @model_validator(mode="after")
    def _unique_sectors(self) -> TownSpec:
        names = [s.name for s in self.sectors]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise ValueError(f"sector '{dup}' appears twice")
        return self
