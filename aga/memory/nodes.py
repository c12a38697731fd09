"""Memory nodes: what an agent perceived, said, concluded or planned."""

from __future__ import annotations

import json
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import NaiveDatetime
from sqlmodel import Field, SQLModel


class MemoryKind(StrEnum):
    """The kinds of memory of Park et al.'s memory stream."""

    EVENT = "event"  # an observation: something the agent perceived (or did)
    CHAT = "chat"  # a conversation's summary
    REFLECTION = "reflection"  # an insight drawn from other memories (cites evidence)
    PLAN = "plan"  # a plan or planning thought (the daily plan, a note after a chat)


class MemoryAccess(SQLModel, table=True):
    """What a memory's last access was before a retrieval after the latest checkpoint touched it.

    Retrieval refreshes ``last_accessed``, and recency ranks by it: a run resumed after a kill must see
    the values of its checkpoint, or it retrieves differently from one that never stopped. Only the
    first touch of a memory after each checkpoint is logged, and the rows before a checkpoint go.
    """

    __tablename__ = "memory_access"

    id: int | None = Field(default=None, primary_key=True)
    node_id: int = Field(index=True)
    at: NaiveDatetime = Field(index=True)
    previous: NaiveDatetime


class MemoryNode(SQLModel, table=True):
    """One memory. Text and fields live in SQL; the embedding lives in the vector index."""

    __tablename__ = "memory_node"

    id: int | None = Field(default=None, primary_key=True)
    agent: str = Field(index=True)
    kind: str = Field(index=True)
    subject: str
    predicate: str
    object: str
    description: str
    importance: int = Field(ge=1, le=10)
    keywords_json: str = "[]"
    evidence_json: str = "[]"
    created: NaiveDatetime = Field(index=True)
    expiration: NaiveDatetime | None = None
    last_accessed: NaiveDatetime
    # The simulation step that created the node: resuming from a checkpoint drops later nodes.
    step: int = Field(default=0, index=True)

    @property
    def keywords(self) -> list[str]:
        """Lower-case keywords (subject and object words, as in the original)."""
        return list(json.loads(self.keywords_json))

    @property
    def evidence(self) -> list[int]:
        """Ids of the memories a reflection cites."""
        return [int(i) for i in json.loads(self.evidence_json)]

    @property
    def is_idle(self) -> bool:
        """An observation of nothing happening ("bed is idle"), which the original does not score."""
        return self.predicate == "is" and self.object == "idle"

    def to_json(self) -> dict[str, Any]:
        """Plain data for logs and inspection."""
        data = self.model_dump()
        for key in ("created", "expiration", "last_accessed"):
            value = data[key]
            data[key] = value.isoformat() if isinstance(value, datetime) else value
        data["keywords"] = self.keywords
        data["evidence"] = self.evidence
        del data["keywords_json"], data["evidence_json"]
        return data


def keywords_for(subject: str, obj: str) -> list[str]:
    """Keywords of a triple: its subject and object, lower-cased (the original's choice)."""
    words = []
    for part in (subject, obj):
        part = part.split(":")[-1].strip().lower()
        if part and part not in words:
            words.append(part)
    return words
