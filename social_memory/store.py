"""Social Memory: relations per ordered pair, updated by folding memories and after dialogues, with history.

Storage is append-only: every version of a relation is one row (label, feeling, closeness, summary,
folded ids) with the simulated time and step of the change and its cause. The current relation is the
latest row of the pair (kept in memory for speed), the relation on any past day is the latest row
before it, and a host resuming from a checkpoint drops the rows of later steps
(:meth:`SocialMemory.truncate_after`) so that relations stay consistent with the rest of its state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from pydantic import NaiveDatetime
from sqlalchemy.engine import Engine
from sqlalchemy.orm import registry
from sqlmodel import Field, Session, SQLModel, col, delete, select

from social_memory.interfaces import Assessor, Summariser, TokenCounter, approximate_tokens
from social_memory.model import Change, Relation
from social_memory.sentences import split_sentences


class _Base(SQLModel, registry=registry()):
    pass


class RelationRow(_Base, table=True):
    """One version of ``owner``'s view of ``other``."""

    __tablename__ = "social_relation"

    id: int | None = Field(default=None, primary_key=True)
    step: int = Field(index=True)
    sim_time: NaiveDatetime = Field(index=True)
    owner: str = Field(index=True)
    other: str = Field(index=True)
    cause: str
    label: str
    feeling: str
    closeness: int
    summary: str
    folded_json: str = "[]"
    conversations: int = 0


def _relation(row: RelationRow) -> Relation:
    return Relation(
        owner=row.owner,
        other=row.other,
        label=row.label,
        feeling=row.feeling,
        closeness=row.closeness,
        summary=row.summary,
        folded=tuple(json.loads(row.folded_json)),
        conversations=row.conversations,
        since=row.sim_time,
    )


def trim(text: str, budget_tokens: int, count: TokenCounter) -> str:
    """``text`` cut to ``budget_tokens``, dropping whole sentences from the start (the oldest facts).

    Hand-written because the summary must stay a readable text: a tokenizer-level cut would end
    mid-word, and the summariser is asked to keep to the budget anyway; this only enforces it.
    """
    if count(text) <= budget_tokens:
        return text
    sentences = split_sentences(text)  # Latin and CJK sentence ends, not a title's or an initial's period
    while len(sentences) > 1 and count(" ".join(sentences)) > budget_tokens:
        sentences.pop(0)
    kept = " ".join(sentences)
    if count(kept) > budget_tokens:  # one long sentence: keep its end, word by word
        words = kept.split()
        while len(words) > 1 and count(" ".join(words)) > budget_tokens:
            words.pop(0)
        kept = " ".join(words)
    if count(kept) > budget_tokens:
        # One word over the budget (a script without spaces, a pasted blob): its end, cut by
        # characters, is the only way left to keep the promise that a summary fits its budget.
        low, high = 0, len(kept)  # the shortest cut from the start whose rest fits
        while low < high:
            mid = (low + high) // 2
            if count(kept[mid:]) <= budget_tokens:
                high = mid
            else:
                low = mid + 1
        kept = kept[low:]
    return kept


def _checked_when(when: object, method: str) -> datetime:
    """``when`` if it is a naive datetime, else an error naming ``method`` and what to give.

    The rows hold naive times (the host's simulated clock); an aware time would be stored with its
    offset dropped and read back differently from what the caller holds.
    """
    if not isinstance(when, datetime):
        raise TypeError(f"{method}: when is {when!r}; give a datetime (the host's simulated time)")
    if when.tzinfo is not None:
        raise ValueError(
            f"{method}: when {when.isoformat()} carries a time zone; give a naive datetime "
            "(for example when.replace(tzinfo=None)), as every time in the database is naive"
        )
    return when


class SocialMemory:
    """Relations of one town (or any group), in the host's database."""

    def __init__(self, engine: Engine, *, budget_tokens: int = 150, count_tokens: TokenCounter | None = None) -> None:
        if isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int) or budget_tokens < 1:
            raise ValueError(f"budget_tokens is {budget_tokens!r}; give a whole number of tokens, at least 1")
        self.engine = engine
        self.budget_tokens = budget_tokens
        self.count_tokens = count_tokens or approximate_tokens
        _Base.metadata.create_all(engine)
        self._current: dict[tuple[str, str], Relation] = {}
        self._load()

    def _load(self) -> None:
        self._current.clear()
        with Session(self.engine) as session:
            for row in session.exec(select(RelationRow).order_by(col(RelationRow.id))).all():
                self._current[(row.owner, row.other)] = _relation(row)

    # ------------------------------------------------------------------ reading
    def relation(self, owner: str, other: str) -> Relation:
        """``owner``'s current view of ``other`` (a stranger when never introduced nor met)."""
        return self._current.get((owner, other)) or Relation(owner=owner, other=other)

    def relations(self, owner: str | None = None) -> list[Relation]:
        """Current relations (of ``owner``), closest first."""
        found = [r for (o, _), r in self._current.items() if owner is None or o == owner]
        return sorted(found, key=lambda r: (-r.closeness, r.owner, r.other))

    def history(self, owner: str, other: str) -> list[Change]:
        """Every version of ``owner``'s view of ``other``, oldest first."""
        with Session(self.engine) as session:
            rows = session.exec(
                select(RelationRow)
                .where(RelationRow.owner == owner, RelationRow.other == other)
                .order_by(col(RelationRow.id))
            ).all()
        return [Change(step=r.step, when=r.sim_time, cause=r.cause, relation=_relation(r)) for r in rows]

    def at(self, when: datetime) -> dict[tuple[str, str], Relation]:
        """Every pair's relation as it stood at ``when`` (replayed from the history)."""
        when = _checked_when(when, "at")
        out: dict[tuple[str, str], Relation] = {}
        with Session(self.engine) as session:
            rows = session.exec(
                select(RelationRow).where(col(RelationRow.sim_time) <= when).order_by(col(RelationRow.id))
            ).all()
        for row in rows:
            out[(row.owner, row.other)] = _relation(row)
        return out

    def matrix(self, names: Sequence[str], when: datetime | None = None) -> list[list[int]]:
        """Closeness of row agent towards column agent (now, or at ``when``); the diagonal is 0."""
        table = self._current if when is None else self.at(when)
        return [[0 if a == b else (table[(a, b)].closeness if (a, b) in table else 0) for b in names] for a in names]

    def first_change(self) -> datetime | None:
        """Simulated time of the earliest row."""
        with Session(self.engine) as session:
            row = session.exec(select(RelationRow).order_by(col(RelationRow.sim_time)).limit(1)).first()
        return row.sim_time if row else None

    def last_change(self) -> datetime | None:
        """Simulated time of the latest row."""
        with Session(self.engine) as session:
            row = session.exec(select(RelationRow).order_by(col(RelationRow.sim_time).desc()).limit(1)).first()
        return row.sim_time if row else None

    # ------------------------------------------------------------------ writing
    def _save(self, relation: Relation, *, cause: str, step: int, when: datetime) -> Relation:
        when = _checked_when(when, cause)
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step is {step!r}; give the host's step number as an int")
        relation = relation.model_copy(update={"since": when})
        with Session(self.engine) as session:
            session.add(
                RelationRow(
                    step=step,
                    sim_time=when,
                    owner=relation.owner,
                    other=relation.other,
                    cause=cause,
                    label=relation.label,
                    feeling=relation.feeling,
                    closeness=relation.closeness,
                    summary=relation.summary,
                    folded_json=json.dumps(list(relation.folded)),
                    conversations=relation.conversations,
                )
            )
            session.commit()
        self._current[(relation.owner, relation.other)] = relation
        return relation

    def seed(
        self,
        owner: str,
        other: str,
        *,
        label: str,
        closeness: int,
        feeling: str = "",
        summary: str = "",
        when: datetime,
        step: int = 0,
    ) -> Relation:
        """Set a starting relation (from a scenario: family at 10, colleagues, neighbours)."""
        relation = Relation(
            owner=owner, other=other, label=label, feeling=feeling, closeness=closeness, summary=summary
        )
        return self._save(relation, cause="seed", step=step, when=when)

    def fold(
        self,
        owner: str,
        other: str,
        events: Iterable[tuple[str, str]],
        summarise: Summariser,
        *,
        when: datetime,
        step: int,
    ) -> bool:
        """Fold memories ``(id, text)`` not yet in the summary into it; True when the LLM was asked.

        Nothing new, no call. A failed answer keeps the old summary and does not mark the memories
        folded, so they are offered again next time.
        """
        _checked_when(when, "fold")  # before the summariser is paid for
        current = self.relation(owner, other)
        seen = set(current.folded)
        unique: dict[str, str] = {}
        for n, event in enumerate(events):
            if not (isinstance(event, tuple | list) and len(event) == 2 and all(isinstance(x, str) for x in event)):
                # Checked before anything is stored: a row holding an id that is not text could not be
                # read back, and every later open of the database would fail.
                raise TypeError(f"fold: events[{n}] is {event!r}; give (memory id, text) pairs of strings")
            memory_id, text = event
            if memory_id not in seen:
                unique.setdefault(memory_id, text)
        if not unique:
            return False
        summary = summarise(current, list(unique.values()), self.budget_tokens)
        if summary is not None and not isinstance(summary, str):
            raise TypeError(f"fold: the summariser returned a {type(summary).__name__}; it must return text or None")
        if summary is None or not summary.strip():
            return True
        updated = current.model_copy(
            update={
                "summary": trim(summary.strip(), self.budget_tokens, self.count_tokens),
                "folded": (*current.folded, *unique),
            }
        )
        self._save(updated, cause="fold", step=step, when=when)
        return True

    def assess(
        self,
        owner: str,
        other: str,
        dialogue: Sequence[tuple[str, str]],
        assessor: Assessor,
        *,
        when: datetime,
        step: int,
    ) -> Relation:
        """Update label, feeling and closeness after a dialogue (a failed answer keeps them)."""
        _checked_when(when, "assess")  # before the assessor is paid for
        current = self.relation(owner, other)
        update = assessor(current, dialogue)
        changes: dict[str, Any] = {"conversations": current.conversations + 1}
        if update is not None:
            changes.update(label=update.label.strip(), feeling=update.feeling.strip(), closeness=update.closeness)
        return self._save(current.model_copy(update=changes), cause="dialogue", step=step, when=when)

    def truncate_after(self, step: int) -> int:
        """Drop the versions written after ``step`` (a host resuming from a checkpoint); returns how many."""
        with Session(self.engine) as session:
            result = session.exec(delete(RelationRow).where(col(RelationRow.step) > step))  # type: ignore[call-overload]
            session.commit()
        self._load()
        return int(result.rowcount or 0)

    # ------------------------------------------------------------------ export
    def export(self) -> dict[str, Any]:
        """Current relations and their whole history, JSON-ready."""
        with Session(self.engine) as session:
            rows = session.exec(select(RelationRow).order_by(col(RelationRow.id))).all()
        return {
            "relations": [r.model_dump(mode="json") for r in self.relations()],
            "history": [
                {
                    "step": r.step,
                    "when": r.sim_time.isoformat(),
                    "cause": r.cause,
                    **_relation(r).model_dump(mode="json"),
                }
                for r in rows
            ],
        }
