"""Typed answers of the household tasks (AGA appendix C, figures 7-9)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class DayActivities(BaseModel):
    """A fulfilling day at home as activities in order ("make coffee in the kitchen")."""

    activities: list[str] = Field(min_length=1, max_length=16)


class Needs(BaseModel):
    """The items an activity involves and the actions it takes (appendix C: asked first, to keep the
    prompts that follow short)."""

    items: list[str] = Field(min_length=1, max_length=12)
    actions: list[str] = Field(min_length=1, max_length=12)


class RoughCommand(BaseModel):
    """The next step as a verb and an item ("grab cup"); ``target`` is the second item of a two-item
    action ("putin cup" into "cabinet"), empty otherwise."""

    action: str = Field(min_length=1, max_length=40)
    item: str = Field(min_length=1, max_length=60)
    target: str = Field(default="", max_length=60)


class ItemChoice(BaseModel):
    """The id of the item meant, among those of its kind listed."""

    id: int


class Verdict(BaseModel):
    """The critic's judgement: is the activity done?"""

    done: bool
