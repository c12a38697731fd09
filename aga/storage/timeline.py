"""The timeline of a run: actions started, conversations held, reflections, whispers.

Rows are committed as they happen and carry their step, so that resuming from a checkpoint can drop
what came after it, exactly like memories.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from pydantic import NaiveDatetime
from sqlalchemy.engine import Engine
from sqlmodel import Field, Session, SQLModel, and_, col, delete, or_, select

from aga.concurrency import defer
from aga.storage.db import insert_row
from policy_store.faults import create_tables

# What the timeline records: an action begun, a conversation, a day's plan, a reflection, a whisper.
KINDS = ("action", "chat", "plan", "reflection", "whisper")


class TimelineEntry(SQLModel, table=True):
    """Something that happened in the town."""

    __tablename__ = "timeline"

    id: int | None = Field(default=None, primary_key=True)
    step: int = Field(index=True)
    sim_time: NaiveDatetime = Field(index=True)
    agent: str = Field(index=True)
    kind: str = Field(index=True)  # one of KINDS
    text: str
    data_json: str = "{}"

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "step": self.step,
            "time": self.sim_time.isoformat(),
            "agent": self.agent,
            "kind": self.kind,
            "text": self.text,
            **({"data": json.loads(self.data_json)} if self.data_json != "{}" else {}),
        }


class Timeline:
    """Writes and reads timeline entries."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        create_tables(SQLModel.metadata, engine, [TimelineEntry.__table__])  # type: ignore[list-item]

    def add(self, step: int, when: datetime, agent: str, kind: str, text: str, **data: Any) -> None:
        """Commit one entry (in a phased step once the phase is over, in the agents' order, so that
        the timeline reads the same whichever agent's thread finished first)."""
        entry = TimelineEntry(
            step=step,
            sim_time=when,
            agent=agent,
            kind=kind,
            text=text,
            data_json=json.dumps(data, default=str) if data else "{}",
        )
        defer(lambda: self._commit(entry))

    def _commit(self, entry: TimelineEntry) -> None:
        insert_row(self.engine, entry)

    def truncate_after(self, step: int) -> int:
        """Delete entries after ``step``; returns how many."""
        with Session(self.engine) as session:
            doomed = session.exec(select(TimelineEntry.id).where(TimelineEntry.step > step)).all()
            if doomed:
                # By the same condition, not by the ids: a long list would exceed SQLite's variable limit.
                session.exec(delete(TimelineEntry).where(col(TimelineEntry.step) > step))  # type: ignore[call-overload]
                session.commit()
            return len(doomed)

    def entries(
        self,
        *,
        agent: str | None = None,
        kinds: list[str] | None = None,
        limit: int | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> list[TimelineEntry]:
        """Entries in order (the last ``limit`` when given), of simulated time in [``since``, ``until``)."""
        with Session(self.engine) as session:
            stmt = select(TimelineEntry)
            if since is not None:
                stmt = stmt.where(col(TimelineEntry.sim_time) >= since)
            if until is not None:
                stmt = stmt.where(col(TimelineEntry.sim_time) < until)
            if agent:
                # A conversation is one entry, under the agent who began it; the other took part in it as
                # its partner, and it is theirs too. Matched as the writer's json.dumps wrote it.
                partner = f'"partner": {json.dumps(agent)}'
                stmt = stmt.where(
                    or_(
                        col(TimelineEntry.agent) == agent,
                        and_(
                            col(TimelineEntry.kind) == "chat",
                            col(TimelineEntry.data_json).contains(partner, autoescape=True),
                        ),
                    )
                )
            if kinds:
                stmt = stmt.where(col(TimelineEntry.kind).in_(kinds))
            stmt = stmt.order_by(col(TimelineEntry.id).desc())
            if limit:
                stmt = stmt.limit(limit)
            rows = list(session.exec(stmt).all())
        rows.reverse()
        return rows
