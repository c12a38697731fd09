"""The scenario file formats, as pydantic models (every unknown field is an error).

A scenario is a folder ``scenarios/<name>/`` with three TOML files:

- ``scenario.toml``: start time, parameters, which town and cast files to use, the seeded news;
- a town file: the world's sectors (buildings, parks), their arenas (rooms) as rectangles with doors,
  and the objects in each arena;
- a cast file: the personas, their homes, what they know and whom they know.

Towns are drawn with rectangles rather than tile art: walls are generated around each walled arena,
doors open them, and objects are placed on the arena's floor unless pinned to a tile. A reader sees
"the Lins' kitchen is 5x4 with a door to the common room", and moving a room is one edit.
"""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

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

    name: str = Field(min_length=1)
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
        names = [self.object_name(o) for o in self.objects]
        if len(set(names)) != len(names):
            raise ValueError("object names must be unique within an arena")
        for obj in self.objects:
            pinned = _PINNED.match(obj)
            if pinned and not (0 <= int(pinned["x"]) < w and 0 <= int(pinned["y"]) < h):
                raise ValueError(f"object '{obj}' is pinned outside the {w}x{h} floor")
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

    name: str = Field(min_length=1)
    origin: tuple[int, int]
    arenas: list[ArenaSpec] = Field(min_length=1)
    residents: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_arenas(self) -> SectorSpec:
        names = [a.name for a in self.arenas]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise ValueError(f"arena '{dup}' appears twice")
        return self


class TownSpec(_Strict):
    """A town: the world's name, its size in tiles, and its sectors."""

    world: str = Field(min_length=1)
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


class RelationshipSpec(_Strict):
    """How a persona sees another at the start (closeness 0 stranger .. 10 family/spouse)."""

    name: str = Field(alias="with", min_length=1)
    label: str = Field(min_length=1)
    closeness: int = Field(ge=0, le=10)
    feeling: str = ""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PersonaSpec(_Strict):
    """A character of the cast (Park et al.'s persona fields, plus where they live and whom they know)."""

    name: str = Field(min_length=3)
    age: int = Field(ge=1, le=120)
    innate: str = Field(min_length=1)
    learned: str = Field(min_length=1)
    currently: str = Field(min_length=1)
    lifestyle: str = Field(min_length=1)
    living_area: str = Field(description="'<sector>:<arena>' of the persona's home")
    daily_plan_requirement: str = Field(min_length=1)
    known_places: list[str] = Field(default_factory=list, description="sectors known at the start")
    statements: list[str] = Field(default_factory=list, description="memories at the start")
    relationships: list[RelationshipSpec] = Field(default_factory=list, alias="relationship")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @field_validator("living_area")
    @classmethod
    def _two_parts(cls, value: str) -> str:
        if value.count(":") != 1:
            raise ValueError(f"'{value}' must be '<sector>:<arena>', e.g. \"Lin family's house:kitchen\"")
        return value

    @property
    def first_name(self) -> str:
        """The first word of the name."""
        return self.name.split()[0]


class CastSpec(_Strict):
    """The personas of a scenario."""

    personas: list[PersonaSpec] = Field(min_length=1, alias="persona")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Parameters(_Strict):
    """Cognitive parameters (defaults of the 3-agent town of the original)."""

    reflection_threshold: int = Field(150, ge=1)
    recency_decay: float = Field(0.99, gt=0, lt=1)
    vision_radius: int = Field(8, ge=1)
    attention_bandwidth: int = Field(8, ge=1)
    retention: int = Field(8, ge=1)
    recency_weight: float = Field(0.5, ge=0)
    relevance_weight: float = Field(3.0, ge=0)
    importance_weight: float = Field(2.0, ge=0)
    retrieve_top_k: int = Field(30, ge=1)
    max_conversation_rounds: int = Field(8, ge=1)
    chat_cooldown_minutes: int = Field(120, ge=0)


class NewsSpec(_Strict):
    """A piece of news seeded in some personas, whose spread is measured."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    about: str
    keywords: list[str] = Field(min_length=1)
    seeded_in: list[str] = Field(min_length=1)


class ScenarioSpec(_Strict):
    """``scenario.toml``."""

    name: str = Field(pattern=r"^[A-Za-z0-9_-]+$")
    title: str
    town: str
    cast: str
    start: datetime
    step_seconds: int = Field(10, ge=1, le=600)
    parameters: Parameters = Field(default_factory=Parameters)
    news: list[NewsSpec] = Field(default_factory=list)
