"""The scenario file formats, as pydantic models (every unknown field is an error).

A scenario is a folder ``scenarios/<name>/`` with three TOML files:

- ``scenario.toml``: start time, parameters, which town and cast files to use, the seeded news;
- a town file: the world's sectors (buildings, parks), their arenas (rooms) as rectangles with doors,
  and the objects in each arena (its models, ``TownSpec`` and its parts, are in :mod:`aga.world.spec`);
- a cast file: the personas, their homes, what they know and whom they know.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, field_validator, model_validator

from aga.world.spec import normal_name, plain_name

# Size limits. Every persona field goes into prompts, many times a simulated day: a 10 MB text would
# cost tens of millions of tokens in minutes. The bundled casts' longest fields are ~300 characters.
TEXT = 2_000  # characters of one persona field (innate, learned, currently, ...)
LINE = 500  # characters of one statement, label, feeling or news text
NAME = 100  # characters of a name
MAX_ITEMS = 200  # statements, relationships, known places per persona


def _written(value: str) -> str:
    """``value`` if it says something: a field of spaces alone would go into every prompt as nothing."""
    if not value.strip():
        raise ValueError("is blank (spaces only): write the text, or leave the field out where it is optional")
    return value


def _local(value: datetime | None) -> datetime | None:
    """``value`` if it has no time zone: the simulated clock is the town's local time and has none, and
    a zoned time cannot be compared with it (a run started at one crashed when resumed)."""
    if value is not None and value.tzinfo is not None:
        raise ValueError(
            f"{value.isoformat()} has a time zone; give the town's local time without one, "
            f"e.g. {value.replace(tzinfo=None).isoformat()}"
        )
    return value


# Whole numbers written as numbers: ``age = true`` would otherwise be read as 1, and ``"41"`` as 41.
Whole = StrictInt
Text = Annotated[str, Field(min_length=1, max_length=TEXT), AfterValidator(_written)]
Line = Annotated[str, Field(min_length=1, max_length=LINE), AfterValidator(_written)]
LocalTime = Annotated[datetime, AfterValidator(_local)]
# A person's name: no ':' either, as dialogue is kept and shown as "<name>: <line>".
PersonName = Annotated[str, Field(min_length=1, max_length=NAME), AfterValidator(plain_name)]
# A name given to refer to a person or place defined elsewhere, spelt the way names are (see normal_name).
NameRef = Annotated[str, AfterValidator(normal_name)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RelationshipSpec(_Strict):
    """How a persona sees another at the start (closeness 0 stranger .. 10 family/spouse)."""

    name: PersonName = Field(alias="with")
    label: Line
    closeness: Whole = Field(ge=0, le=10)
    feeling: str = Field("", max_length=LINE)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PersonaSpec(_Strict):
    """A character of the cast (Park et al.'s persona fields, plus where they live and whom they know)."""

    # Two characters at least: "王芳", "Al Li"; one character names nobody in prompts.
    name: Annotated[PersonName, Field(min_length=2)]
    age: Whole = Field(ge=1, le=120)
    innate: Text
    learned: Text
    currently: Text
    lifestyle: Text
    living_area: NameRef = Field(max_length=2 * LINE, description="'<sector>:<arena>' of the persona's home")
    daily_plan_requirement: Text
    known_places: list[Annotated[Line, AfterValidator(normal_name)]] = Field(
        default_factory=list, max_length=MAX_ITEMS, description="sectors known at the start"
    )
    statements: list[Line] = Field(default_factory=list, max_length=MAX_ITEMS, description="memories at the start")
    relationships: list[RelationshipSpec] = Field(default_factory=list, alias="relationship", max_length=MAX_ITEMS)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @field_validator("living_area")
    @classmethod
    def _two_parts(cls, value: str) -> str:
        if value.count(":") != 1:
            raise ValueError(
                f"'{value}' must be '<sector>:<arena>', e.g. \"Ana's house:kitchen\" "
                "(a sector of the town, then one of its arenas)"
            )
        return value

    @property
    def first_name(self) -> str:
        """The first word of the name."""
        return self.name.split()[0]


class CastSpec(_Strict):
    """The personas of a scenario."""

    personas: list[PersonaSpec] = Field(min_length=1, max_length=1_000, alias="persona")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _someone(cls, data: object) -> object:
        # An empty file, or one whose personas are all commented out, would otherwise read "persona:
        # Field required", which does not say that a persona is a [[persona]] table.
        if isinstance(data, dict) and isinstance(data.get("persona"), dict):
            # "[persona]" makes one table, not a list of them: pydantic would say "Input should be a valid list".
            raise ValueError(
                "write each persona as [[persona]] (two pairs of brackets: a list of tables), not [persona]"
            )
        if isinstance(data, dict) and not data.get("persona") and not data.get("personas"):
            raise ValueError(
                "the cast has no persona; add a [[persona]] table for each one, with name, age, innate, "
                "learned, currently, lifestyle, living_area and daily_plan_requirement (see "
                "scenarios/ville3/cast.toml)"
            )
        return data


class Parameters(_Strict):
    """Cognitive parameters (defaults of the 3-agent town of the original)."""

    reflection_threshold: Whole = Field(150, ge=1)
    recency_decay: float = Field(0.99, gt=0, lt=1)
    vision_radius: Whole = Field(8, ge=1)
    attention_bandwidth: Whole = Field(8, ge=1)
    retention: Whole = Field(8, ge=1)
    recency_weight: float = Field(0.5, ge=0)
    relevance_weight: float = Field(3.0, ge=0)
    importance_weight: float = Field(2.0, ge=0)
    retrieve_top_k: Whole = Field(30, ge=1)
    max_conversation_rounds: Whole = Field(8, ge=1)
    chat_cooldown_minutes: Whole = Field(120, ge=0)


class NewsSpec(_Strict):
    """A piece of news seeded in some personas, whose spread is measured."""

    id: str = Field(pattern=r"^[a-z0-9_]+$", max_length=NAME)
    about: Line
    keywords: list[Line] = Field(min_length=1, max_length=50)
    seeded_in: list[NameRef] = Field(min_length=1, max_length=1_000)
    # For `aga eval`: how an interviewer asks whether someone knows it, without telling it ("Do you know
    # who is running for mayor?"); default "Have you heard any news about <keywords>?".
    question: str | None = Field(None, min_length=1, max_length=LINE)
    # An event happening somewhere at some time (a party): `aga eval` counts who of those who knew of it
    # came. ``place`` is a sector of the town, or "sector:arena".
    place: NameRef | None = Field(None, min_length=1, max_length=LINE)
    starts: LocalTime | None = None
    ends: LocalTime | None = None

    @model_validator(mode="after")
    def _event(self) -> NewsSpec:
        given = [self.place is not None, self.starts is not None, self.ends is not None]
        if any(given) and not all(given):
            raise ValueError("an event needs place, starts and ends together (or none of them)")
        if self.starts is not None and self.ends is not None and self.ends <= self.starts:
            raise ValueError(f"ends {self.ends} is not after starts {self.starts}")
        return self

    def keywords_in(self, text: str) -> list[str]:
        """The keywords ``text`` names as words (any case): "election" is not in "a selection of
        pastries", nor "party" in "counterparty". Every measure of who knows the news reads it by this
        one rule."""
        return [k for k in self.keywords if re.search(rf"\b{re.escape(k)}\b", text, re.IGNORECASE)]

    def mentioned_in(self, text: str) -> bool:
        """Whether ``text`` names one of the keywords as a word (see :meth:`keywords_in`)."""
        return bool(self.keywords_in(text))

    def interview_question(self) -> str:
        """What `aga eval` asks to find out whether someone knows this news."""
        return self.question or f"Have you heard any news about {' or '.join(self.keywords)}?"


class ScenarioSpec(_Strict):
    """``scenario.toml``."""

    name: str = Field(pattern=r"^[A-Za-z0-9_-]+$", max_length=NAME)
    title: str = Field(max_length=LINE)
    town: str = Field(max_length=4096)
    cast: str = Field(max_length=4096)
    start: LocalTime
    step_seconds: Whole = Field(10, ge=1, le=600)
    parameters: Parameters = Field(default_factory=Parameters)
    news: list[NewsSpec] = Field(default_factory=list, max_length=MAX_ITEMS)
