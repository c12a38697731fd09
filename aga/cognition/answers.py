"""Typed answers of the cognitive tasks (one pydantic model per kind of answer)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, field_validator


class Rating(BaseModel):
    """An importance ("poignancy") rating."""

    rating: int = Field(ge=1, le=10)


class WakeUp(BaseModel):
    """The hour the agent gets up (0-23)."""

    hour: int = Field(ge=0, le=23)


class DailyPlan(BaseModel):
    """The day in broad strokes: 5-8 items such as 'wake up and complete the morning routine at 6:00 am'."""

    items: list[str] = Field(min_length=1, max_length=12)


class ScheduleBlock(BaseModel):
    """One block of a day's schedule, with clock times such as "07:00" or "7:30 pm"."""

    activity: str = Field(min_length=1, max_length=200)
    start: str = Field(min_length=1, max_length=12)
    end: str = Field(min_length=1, max_length=12)


class DaySchedule(BaseModel):
    """The whole waking day in one answer (AGA's one-call schedule instead of asking hour by hour)."""

    blocks: list[ScheduleBlock] = Field(min_length=1, max_length=24)


class HourActivity(BaseModel):
    """What the agent does during one hour."""

    activity: str = Field(min_length=1, max_length=200)


class Subtask(BaseModel):
    """One step of a decomposed activity."""

    subtask: str = Field(min_length=1, max_length=200)
    # Bounded by the day, not by "5-15 minutes": a repaired answer may stretch a step over a long block.
    minutes: int = Field(ge=1, le=1440)


class Decomposition(BaseModel):
    """An activity broken into 5-15 minute steps."""

    subtasks: list[Subtask] = Field(min_length=1, max_length=40)


class Choice(BaseModel):
    """A choice among options (a sector, an arena, an object)."""

    choice: str = Field(min_length=1, max_length=200)


class Emoji(BaseModel):
    """One to three emoji that picture an action."""

    emoji: str = Field(min_length=1, max_length=16)


class Triple(BaseModel):
    """Subject, predicate, object of an action."""

    subject: str = Field(min_length=1, max_length=120)
    predicate: str = Field(min_length=1, max_length=60)
    object: str = Field(min_length=1, max_length=120)


class ObjectState(BaseModel):
    """What happens to the object while the action goes on ('being used', 'brewing coffee')."""

    state: str = Field(min_length=1, max_length=120)


class Text(BaseModel):
    """A free-form sentence or paragraph, asked for as JSON so that small models stay on task."""

    text: str = Field(min_length=1, max_length=2000)


class InCharacter(Text):
    """A text the character says (an interview answer): an AI assistant's wording is refused."""

    @field_validator("text")
    @classmethod
    def _not_an_assistant(cls, value: str) -> str:
        # "As an AI language model, I don't have any breakfast" (the 1.5B, interviewed about a morning):
        # asked again, then the fail-safe.
        if speaks_as_assistant(value):
            raise ValueError("an AI assistant's wording, not the character's")
        return value


class Decision(BaseModel):
    """A yes/no decision with its reasoning."""

    reasoning: str = Field(max_length=600)
    decision: bool


# The utterance prompts' answer format until session 44 ({"utterance": "<name>'s next line", ...}),
# copied as the answer: the embedded 0.5B did so in 51 of 64 answers (benchmarks/results/talk_topics.md),
# and taken as a line it filled conversations with "Morwenna Vane's next line". The format now shows
# "..." (a copy of which the gateway refuses for any task); this still refuses the old copy, which a
# template of one's own may ask for, and tells the recorded answers apart. Optionally after a "Name: ".
_PLACEHOLDER = re.compile(r"(?:[^:]{1,60}:\s*)?[\w'’ .-]{1,60}['’]s next line[.!]?", re.IGNORECASE)


# An assistant's refusal or self-description instead of the character's line ("I'm sorry, but I can't
# assist with that request.", "As an AI language model, ..."): instruction-tuned small models fall back
# on it when a prompt confuses them (the 0.5B in 4 of 32 utterance prompts with the "..." format, the
# 1.5B in a few, benchmarks/results/talk_topics*.json). No character says it; a retry usually gets a
# line. Kept to wording only an assistant uses: "I can't help you with that" and "How can I assist you?"
# are things a busy baker says.
# ... and an assistant speaking of the prompt it was given, not of the town: "I'm sorry, but I don't have
# enough information to answer your question.", "Could you please provide more context or clarify your
# question?", "I only have the memory you provided. What should Priya Castell say to Harriet Lusk next?".
# In the recorded utterance answers (benchmarks/results/realism*.json, talk_topics*.json,
# talk_openings*.json: 258 lines a model) the 0.5B said such a line 21 times (7 of the 30 first lines of
# one capture), the 1.5B twice; no line of theirs or the simulator's that was in character had this
# wording. Taken as a line, it was said to a neighbour and remembered as what the talk was about.
_ABOUT_THE_PROMPT = (
    r"|\b(?:conversation|context|memory|memories|details|information|message) (?:that )?you(?:'ve| have)? provided\b"
    r"|\bWhat should (?-i:(?:[A-Z][\w'’-]+ ){1,3})say\b"  # (a name: "What should we say?" is in character)
    r"|\b(?:rephrase|clarify) (?:your|the|this|that) (?:question|request|message)\b"
    # (not "to answer your question", which a character says; nor "so I can help you", which a nurse does)
    r"|\benough (?:information|context) to (?:answer|provide|determine|respond)\b"
    r"|\bso (?:that )?I can (?:better )?assist you\b"
    r"|\b(?:more|additional|enough|any) context\b"
    r"|\bdon(?:'|’)t have (?:access to )?the conversation\b"
)
_ASSISTANT = re.compile(
    r"\bas an ai\b|\b(?:ai|large) language model\b"
    r"|\b(?:can(?:no|'|’)t|(?:un|not )able to) assist(?: you)? with (?:that|this)\b" + _ABOUT_THE_PROMPT,
    re.IGNORECASE,
)


def speaks_as_assistant(line: str) -> bool:
    """Whether a line is an AI assistant's wording ("I can't assist with that request"), not a character's."""
    return _ASSISTANT.search(line) is not None


class Utterance(BaseModel):
    """One line of a conversation, and whether the speaker ends the conversation with it."""

    utterance: str = Field(min_length=1, max_length=600)
    end: bool

    @field_validator("utterance")
    @classmethod
    def _not_the_placeholder(cls, value: str) -> str:
        # Refused like any malformed answer: asked again, then the fail-safe (which ends the talk).
        if copies_placeholder(value):
            raise ValueError("the answer format's placeholder was copied instead of a line")
        if speaks_as_assistant(value):
            raise ValueError("an AI assistant's wording, not the character's line")
        return value


@dataclass(frozen=True)
class ShownLines:
    """The facts of an utterance call: the conversation's lines its prompt shows, in order."""

    lines: tuple[str, ...]


def _words(line: str) -> str:
    return " ".join(re.findall(r"[\w']+", line.casefold()))


def says_again(value: Utterance, context: Mapping[str, Any], facts: Any) -> str | None:
    """Why ``value`` is refused when it repeats, word for word, a line its prompt shows (``facts`` is
    :class:`ShownLines`), else None.

    Small models copy: the embedded 0.5B said a shown line again in 7 of 64 captured prompts, often
    the other speaker's own ("Morning, Priya." said by Priya), the 1.5B in 2, the simulator in none
    (`benchmarks/results/talk_topics.json`). Such a line says nothing and can loop a conversation; it
    is asked again like a malformed answer, then the fail-safe ends the talk. A line that only echoes
    in part ("Good to see you too") is a reply, and kept."""
    if not isinstance(facts, ShownLines):
        return None
    mine = _words(value.utterance)
    if mine and any(mine == _words(line) for line in facts.lines):
        return "the line repeats one the conversation already holds, word for word"
    return None


def copies_placeholder(line: str) -> bool:
    """Whether an utterance is its answer format's placeholder ("Ana Lima's next line"), copied."""
    return _PLACEHOLDER.fullmatch(line.strip().strip(" .\"'")) is not None


class Questions(BaseModel):
    """Focal questions for a reflection."""

    questions: list[str] = Field(min_length=1, max_length=5)


class Insight(BaseModel):
    """An insight with the numbers of the statements it rests on."""

    insight: str = Field(min_length=1, max_length=400)
    evidence: list[int] = Field(default_factory=list, max_length=20)


class Insights(BaseModel):
    """Insights drawn from a numbered list of statements."""

    insights: list[Insight] = Field(min_length=1, max_length=8)


class ScheduleEntry(BaseModel):
    """One activity of a revised stretch of schedule (it may span hours, unlike a subtask)."""

    subtask: str = Field(min_length=1, max_length=200)
    minutes: int = Field(ge=1, le=1440)


class Schedule(BaseModel):
    """A revised stretch of schedule (after a reaction): consecutive activities with their minutes."""

    items: list[ScheduleEntry] = Field(min_length=1, max_length=40)
