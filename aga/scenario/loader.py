"""Loading a scenario folder, with errors that name the file, the entry and the fix."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from aga.scenario.schema import CastSpec, Parameters, PersonaSpec, ScenarioSpec
from aga.world.spec import TownSpec
from aga.world.town import Town, TownError

M = TypeVar("M", bound=BaseModel)


class ScenarioError(ValueError):
    """A scenario file is missing or wrong; the message starts with the file's path."""


def scenarios_root() -> Path:
    """Folder of the bundled scenarios (``AGA_SCENARIOS_DIR`` overrides)."""
    raw = os.environ.get("AGA_SCENARIOS_DIR")
    return Path(raw) if raw else Path(__file__).resolve().parents[2] / "scenarios"


@dataclass(frozen=True)
class Scenario:
    """A loaded, cross-checked scenario."""

    folder: Path
    spec: ScenarioSpec
    town: Town
    cast: tuple[PersonaSpec, ...]

    @property
    def name(self) -> str:
        """The scenario's name."""
        return self.spec.name

    @property
    def params(self) -> Parameters:
        """Cognitive parameters."""
        return self.spec.parameters

    def persona(self, name: str) -> PersonaSpec:
        """A persona by full or first name; raises ``KeyError`` listing the cast."""
        for p in self.cast:
            if name in (p.name, p.first_name):
                return p
        raise KeyError(f"no persona '{name}' in {self.name}; the cast is {', '.join(p.name for p in self.cast)}")


def _where(raw: Any, loc: tuple[Any, ...]) -> str:
    """Readable location of a validation error: ``persona #2 'Klaus Mueller' > age``."""
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            node = node[key] if key < len(node) else None
            name = node.get("name") if isinstance(node, dict) else None
            label = f"#{key + 1}" + (f" '{name}'" if name else "")
            parts[-1:] = [f"{parts[-1]} {label}" if parts else label]
        else:
            parts.append(str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return " > ".join(parts) or "(top level)"


def load_model(path: Path, model: type[M]) -> M:
    """Read TOML file ``path`` into ``model``; raises :class:`ScenarioError` naming what is wrong."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path} is not valid TOML: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            got = (
                f" (got {err['input']!r})"
                if err["type"] not in ("missing",) and not isinstance(err["input"], dict | list)
                else ""
            )
            msg = err["msg"].removeprefix("Value error, ")
            lines.append(f"{path}: {_where(raw, tuple(err['loc']))}: {msg}{got}")
        raise ScenarioError("\n".join(lines)) from None


def load_scenario(name_or_path: str | Path) -> Scenario:
    """Load ``scenarios/<name>/`` (or a scenario folder path) and cross-check its files."""
    folder = Path(name_or_path)
    if not (folder / "scenario.toml").exists():
        folder = scenarios_root() / str(name_or_path)
    if not (folder / "scenario.toml").exists():
        known = sorted(p.name for p in scenarios_root().glob("*") if (p / "scenario.toml").exists())
        raise ScenarioError(f"no scenario '{name_or_path}': known scenarios are {', '.join(known) or 'none'}")
    scenario_file = folder / "scenario.toml"
    spec = load_model(scenario_file, ScenarioSpec)
    town_file = (folder / spec.town).resolve()
    cast_file = (folder / spec.cast).resolve()
    town_spec = load_model(town_file, TownSpec)
    cast = load_model(cast_file, CastSpec)
    try:
        town = Town(town_spec)
    except TownError as exc:
        raise ScenarioError(f"{town_file}: {exc}") from None
    _cross_check(scenario_file, cast_file, spec, town, cast)
    return Scenario(folder=folder, spec=spec, town=town, cast=tuple(cast.personas))


def _cross_check(scenario_file: Path, cast_file: Path, spec: ScenarioSpec, town: Town, cast: CastSpec) -> None:
    names = [p.name for p in cast.personas]
    for i, persona in enumerate(cast.personas):
        where = f"{cast_file}: persona #{i + 1} '{persona.name}'"
        if names.count(persona.name) > 1:
            raise ScenarioError(f"{where}: the name appears more than once in the cast")
        sector, arena = persona.living_area.split(":")
        if sector not in town.sectors or arena not in town.sectors[sector].arenas:
            raise ScenarioError(
                f"{where} > living_area: '{persona.living_area}' is not an arena of the town; "
                f"sectors are {', '.join(sorted(town.sectors))}"
            )
        for place in persona.known_places:
            if place not in town.sectors:
                raise ScenarioError(f"{where} > known_places: '{place}' is not a sector of the town")
        for rel in persona.relationships:
            if rel.name not in names:
                raise ScenarioError(f"{where} > relationship with '{rel.name}': not in this scenario's cast")
            if rel.name == persona.name:
                raise ScenarioError(f"{where} > relationship: a persona cannot have a relationship with itself")
    for item in spec.news:
        for who in item.seeded_in:
            if who not in names:
                raise ScenarioError(f"{scenario_file}: news '{item.id}' > seeded_in: '{who}' is not in the cast")
