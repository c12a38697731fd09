"""A household as a data file: the home (a VirtualHome scene) and the one person who lives in it.

``scenarios/<name>/household.toml``::

    scene = "TrimmedTestScene1:file1003_2"   # a bundled scene, or a JSON scene graph next to this file
    activities = 6                            # activities planned per day

    [resident]
    name = "Mia Okafor"
    age = 34
    innate = "tidy, curious, patient"
    learned = "Mia Okafor is a translator who works from home ..."
    lifestyle = "Mia Okafor gets up at 7 am, cooks her own meals and reads in the evening."

The resident's fields are the town's persona fields (Park et al.), the identity every prompt opens with.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from aga.household.agent import Resident
from aga.household.environment import Household, HouseholdError
from aga.scenario.loader import ScenarioError, load_model, scenarios_root
from aga.scenario.schema import NAME, TEXT

FILE = "household.toml"


class ResidentSpec(BaseModel):
    """The person who lives in the home."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=NAME)
    age: int = Field(ge=1, le=120)
    innate: str = Field(min_length=1, max_length=TEXT)
    learned: str = Field(min_length=1, max_length=TEXT)
    lifestyle: str = Field(min_length=1, max_length=TEXT)

    def identity(self) -> str:
        """The identity block every prompt opens with (the town's persona summary, shortened)."""
        return (
            f"Name: {self.name}\nAge: {self.age}\nInnate traits: {self.innate}\n"
            f"{self.learned}\nLifestyle: {self.lifestyle}"
        )


class HouseholdSpec(BaseModel):
    """A ``household.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scene: str = Field(min_length=1, max_length=500, description="bundled scene name[:program] or a JSON file")
    activities: int = Field(default=6, ge=1, le=16, description="activities planned per day")
    resident: ResidentSpec


@dataclass(frozen=True)
class HouseholdScenario:
    """A loaded household: where it came from, its spec, and the scene argument for :meth:`Household.load`."""

    folder: Path
    spec: HouseholdSpec

    @property
    def name(self) -> str:
        """The folder's name."""
        return self.folder.name

    @property
    def scene(self) -> str:
        """The scene as :meth:`Household.load` takes it: a JSON path is resolved against the folder."""
        scene = self.spec.scene
        if scene.endswith(".json"):
            return str((self.folder / scene).resolve())
        return scene

    @property
    def resident(self) -> Resident:
        """The resident as the agent takes it."""
        return Resident(self.spec.resident.name, self.spec.resident.identity())

    def home(self) -> Household:
        """The home as it is in the morning (loaded anew: a day starts from the scene)."""
        try:
            return Household.load(self.scene)
        except HouseholdError as exc:
            raise ScenarioError(f"{self.folder / FILE}: scene: {exc}") from None


def known_households() -> list[str]:
    """Names of the bundled households (folders of ``scenarios/`` with a household.toml)."""
    return sorted(p.name for p in scenarios_root().glob("*") if (p / FILE).exists())


def load_household(name_or_path: str | Path) -> HouseholdScenario:
    """Load ``scenarios/<name>/household.toml``, a folder holding one, or the file itself; the scene is
    loaded once here so that a wrong scene is reported before anything runs."""
    path = Path(name_or_path)
    if path.is_file() or path.suffix == ".toml":
        file = path
    elif os.path.lexists(path / FILE):
        file = path / FILE
    else:
        file = scenarios_root() / str(name_or_path) / FILE
    if not os.path.lexists(file):
        known = ", ".join(known_households()) or "none"
        raise ScenarioError(
            f"no household '{name_or_path}' (no {file}): bundled households are {known}; or give a folder with a {FILE}"
        )
    # Errors name the file by its full path, whatever folder the command runs in (as a town's do).
    file = Path(os.path.abspath(file))
    spec = load_model(file, HouseholdSpec)
    loaded = HouseholdScenario(folder=file.parent.resolve(), spec=spec)
    loaded.home()
    return loaded
