"""The data of the Lifestyle Policy: policies, their variants, conditions, and lookup results.

Everything here is plain pydantic data that round-trips to JSON (``aga policy export`` writes it,
``import`` reads it back). A *policy* is one decision text for one owner ("Isabella Rodriguez",
"opening Hobbs Cafe for the day"); each of its *variants* is a decomposition (steps, each with the
action that executes it) or an answer, valid under one *condition*. A plan learned in two situations
(the counter busy, then free) has two variants, tried in turn.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

# Kinds of decision the runtime caches; hosts may use any other name (thresholds fall back to a default).
PLAN = "plan"
ACTION = "action"
IMPORTANCE = "importance"
DAY_MINUTES = 1440


class Requirement(BaseModel):
    """One thing the environment must offer: a place or an object, optionally free or in a state.

    ``target`` is an address in the host's own vocabulary; the library only compares and substitutes it.
    """

    model_config = ConfigDict(frozen=True)

    target: str
    kind: Literal["place", "object"] = "place"
    free: bool = False  # not in use by someone else
    state: str | None = None  # a required state ("open", "not empty"); None means any


class Condition(BaseModel):
    """When a variant may be reused: the time-of-day window, the duration band, the requirements."""

    model_config = ConfigDict(frozen=True)

    requires: tuple[Requirement, ...] = ()
    window: tuple[int, int] | None = None  # minutes of the day [start, end]; may wrap past midnight
    minutes: tuple[int, int] | None = None  # duration band [low, high]

    @model_validator(mode="after")
    def _sane(self) -> Condition:
        # An inverted band or a minute past midnight would make a variant that never (or always)
        # applies, silently; an imported or hand-built condition is checked like a learned one.
        if self.window is not None:
            for minute in self.window:
                if not 0 <= minute < DAY_MINUTES:
                    raise ValueError(
                        f"window {list(self.window)}: {minute} is not a minute of the day; give two minutes in "
                        f"0-{DAY_MINUTES - 1} (start after end wraps past midnight)"
                    )
        if self.minutes is not None:
            low, high = self.minutes
            if low < 0 or low > high:
                raise ValueError(f"minutes band {list(self.minutes)}: give [low, high] with 0 <= low <= high")
        return self

    def same_requirements(self, other: Condition) -> bool:
        """True when both ask the environment for exactly the same things."""
        return set(self.requires) == set(other.requires)


class ActionSpec(BaseModel):
    """What a host needs to execute one action without asking the LLM."""

    model_config = ConfigDict(frozen=True)

    address: str  # where it happens ("world:sector:arena[:object]")
    emoji: str = ""
    event: tuple[str, str, str] = ("", "", "")  # (subject, predicate, object)
    obj_state: str = ""  # the object's state while the action lasts ("" when no object is used)
    obj_emoji: str = ""
    obj_event: tuple[str, str, str] = ("", "", "")
    extra: dict[str, Any] = Field(default_factory=dict)  # anything else a host wants kept


class Step(BaseModel):
    """One step of a decomposition: its text, its minutes when recorded, and its action (if any)."""

    model_config = ConfigDict(frozen=True)

    text: str
    minutes: int = Field(ge=0)
    action: ActionSpec | None = None


class Variant(BaseModel):
    """A decomposition (or an answer) with the condition under which it is valid."""

    steps: tuple[Step, ...] = ()
    value: dict[str, Any] = Field(default_factory=dict)  # the answer, for decisions that are not plans
    condition: Condition = Condition()
    minutes: int = 0  # the duration it was recorded for
    cost: dict[str, list[float]] = Field(default_factory=dict)  # what asking cost, per task: [prompt, completion, usd]
    uses: int = 0
    last_used: int = 0


class Policy(BaseModel):
    """A decision learned from the LLM: text, owner, names it mentions, and its variants."""

    id: int | None = None
    kind: str
    owner: str
    text: str
    bindings: dict[str, str] = Field(default_factory=dict)  # role -> value ("self" -> "Isabella Rodriguez")
    variants: list[Variant] = Field(default_factory=list)
    hits: int = 0
    last_used: int = 0


class Draft(BaseModel):
    """A new decision to store: what the LLM answered and the condition derived from what was used."""

    kind: str
    owner: str
    text: str
    steps: tuple[Step, ...] = ()
    value: dict[str, Any] = Field(default_factory=dict)
    condition: Condition = Condition()
    minutes: int = 0
    bindings: dict[str, str] = Field(default_factory=dict)
    cost: dict[str, list[float]] = Field(default_factory=dict)  # what the LLM spent on it, per task


class Query(BaseModel):
    """A decision to look up, with the situation it is asked in."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    kind: str
    owner: str
    text: str
    # The duration wanted, steps are rescaled to it (None: as recorded). Zero would fit every step away.
    minutes: int | None = Field(default=None, ge=1)
    minute_of_day: int | None = Field(default=None, ge=0, le=DAY_MINUTES - 1)
    bindings: dict[str, str] = Field(default_factory=dict)
    embedding: np.ndarray | None = Field(default=None, exclude=True)


class Match(BaseModel):
    """A reusable variant, with names substituted and step minutes rescaled to the query."""

    policy_id: int
    owner: str
    text: str
    similarity: float
    variant: int
    steps: tuple[Step, ...]
    value: dict[str, Any]
    condition: Condition
    cost: dict[str, list[float]] = Field(default_factory=dict)  # what the reuse avoids, per task
    borrowed: bool = False  # another owner's policy (shared scope), names substituted


class Rejection(BaseModel):
    """A candidate similar enough whose conditions did not hold, and why."""

    policy_id: int
    similarity: float
    reasons: list[str]


class Lookup(BaseModel):
    """The outcome of one lookup: a match, or why there was none."""

    kind: str
    match: Match | None = None
    best_similarity: float | None = None  # the nearest candidate, above the threshold or not
    rejected: list[Rejection] = Field(default_factory=list)
    bypassed: bool = False
    # A match the host could not use, and why (an imported decision its world cannot carry out): see
    # :meth:`refuse`.
    refused: str | None = None

    @property
    def hit(self) -> bool:
        """True when a variant can be reused."""
        return self.match is not None

    @property
    def reason(self) -> str:
        """One phrase for logs: hit, bypassed, nothing similar, or the first condition that failed."""
        if self.match is not None:
            return "hit"
        if self.bypassed:
            return "bypassed"
        if self.refused:
            return f"unusable: {self.refused}"
        if self.rejected:
            return "condition unmet: " + "; ".join(self.rejected[0].reasons[:2])
        return "nothing similar enough"

    def refuse(self, why: str) -> Lookup:
        """This lookup as a miss: the host found its match unusable (``why``); the match's similarity
        stays as the nearest candidate's."""
        similarity = self.match.similarity if self.match is not None else self.best_similarity
        return self.model_copy(update={"match": None, "best_similarity": similarity, "refused": why})
