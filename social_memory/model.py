"""The data of Social Memory: one agent's view of another, and its history.

A *relation* is A's view of B (ordered: B's view of A is another relation): a relationship label ("a
colleague", "my neighbour"), a feeling ("friendly", "wary"), a closeness score 0-10 and the *summary
events*, a compact text of what A knows about B and the topics they share, with the ids of the
memories already folded into it. Closeness follows the paper's scale.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

STRANGER = 0
ACQUAINTANCE = 3
COWORKER = 5
FAMILY = 10  # spouse or family
SCALE = {STRANGER: "stranger", ACQUAINTANCE: "acquaintance", COWORKER: "co-worker", FAMILY: "spouse or family"}


class Relation(BaseModel):
    """``owner``'s view of ``other`` at one moment."""

    model_config = ConfigDict(frozen=True)

    owner: str
    other: str
    label: str = "stranger"
    feeling: str = ""
    closeness: int = Field(default=STRANGER, ge=0, le=10)
    summary: str = ""
    folded: tuple[str, ...] = ()  # ids of the memories already in the summary
    conversations: int = 0
    since: datetime | None = None  # simulated time of this version

    @property
    def known(self) -> bool:
        """False for a pair never introduced and never met."""
        return self.since is not None


class RelationUpdate(BaseModel):
    """What the LLM says about a relation after a dialogue."""

    label: str = Field(min_length=1, max_length=80)
    feeling: str = Field(min_length=1, max_length=80)
    closeness: int = Field(ge=0, le=10)


class Change(BaseModel):
    """One version of a relation in its history, with why it changed."""

    step: int
    when: datetime
    cause: str  # seed | fold | dialogue
    relation: Relation
