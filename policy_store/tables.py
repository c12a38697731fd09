"""SQL tables of a policy store: the source of truth (the vector index is rebuilt from them).

They live in their own SQLModel registry so that a host's ``create_all`` never creates them in its
own database, and the store's ``create_all`` creates nothing else.
"""

from __future__ import annotations

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class _Base(SQLModel, registry=registry()):
    pass


METADATA = _Base.metadata


class PolicyRow(_Base, table=True):
    """One policy: its text, owner, embedding, and variants as JSON (rewritten whole, atomically)."""

    __tablename__ = "policy"

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(index=True)
    owner: str = Field(index=True)
    text: str
    key: str = Field(index=True)  # normalised text: the same decision again joins this row
    bindings_json: str = "{}"
    variants_json: str = "[]"
    embedding: bytes
    hits: int = 0
    last_used: int = Field(default=0, index=True)


class CounterRow(_Base, table=True):
    """Decisions taken through the store, per kind, over its whole life."""

    __tablename__ = "policy_counter"

    kind: str = Field(primary_key=True)
    lookups: int = 0
    hits: int = 0
    misses_nothing_similar: int = 0
    misses_condition: int = 0
    bypassed: int = 0
    created: int = 0
    appended: int = 0
    merged: int = 0
    evicted: int = 0
    hit_similarity_sum: float = 0.0


class MetaRow(_Base, table=True):
    """Facts about the store: format version, embedder name and dimension, the use counter."""

    __tablename__ = "policy_meta"

    key: str = Field(primary_key=True)
    value: str


class UndoRow(_Base, table=True):
    """How a row was before its first change since the host's last mark (see ``PolicyStore.mark``):
    what a host that lost its state since that mark (a kill) gives back with ``PolicyStore.rewind``."""

    __tablename__ = "policy_undo"

    id: int | None = Field(default=None, primary_key=True)
    epoch: str = Field(index=True)  # the mark the change came after
    table: str  # policy | counter
    key: str  # the policy's id, or the counter's kind
    before_json: str | None = None  # the row as it was; None: it did not exist
