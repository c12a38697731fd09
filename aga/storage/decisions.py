"""The run's log of Lifestyle Policy decisions: every lookup with its similarity, outcome and reason.

The store's own counters add up over its whole life (all runs); this log is per run and per decision,
so that a threshold can be tuned from what actually missed and why ("nothing similar enough" at 0.86,
"in use by Klaus Mueller"). Like the ledger, it is an account of what happened and is kept on resume:
the lookups of steps a resume rolls back are flagged ``replayed`` rather than deleted, and left out of
:meth:`DecisionLog.rows` and :meth:`DecisionLog.summary` (the replayed step looks up again, so
counting both would count one decision twice).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from pydantic import NaiveDatetime
from sqlalchemy.engine import Engine
from sqlmodel import Field, Session, SQLModel, col, func, select, update

from aga.concurrency import defer
from aga.storage.db import add_missing_columns, insert_row
from policy_store.faults import create_tables


class PolicyDecision(SQLModel, table=True):
    """One lookup in the policy store."""

    __tablename__ = "policy_decision"

    id: int | None = Field(default=None, primary_key=True)
    step: int = Field(index=True)
    sim_time: NaiveDatetime
    agent: str = Field(index=True)
    kind: str = Field(index=True)
    text: str
    hit: bool
    similarity: float | None = None  # of the match on a hit, of the nearest candidate on a miss
    reason: str  # hit | step of a reused plan | nothing similar enough | condition unmet: ... | bypassed
    policy_id: int | None = None
    borrowed: bool = False
    tokens_saved: int | None = None  # on a hit: what the avoided calls cost when they were asked
    matched: str | None = None  # on a hit: the text of the stored decision reused for ``text``
    replayed: bool | None = Field(default=None, index=True)  # made by a step a resume rolled back


class DecisionLog:
    """Writes and summarises a run's policy decisions."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        create_tables(SQLModel.metadata, engine, [PolicyDecision.__table__])  # type: ignore[list-item]
        add_missing_columns(engine, PolicyDecision)  # logs written before ``matched``, ``replayed`` existed

    def add(
        self, step: int, when: datetime, agent: str, kind: str, text: str, *, hit: bool, reason: str, **extra: Any
    ) -> None:
        """Commit one decision (``extra``: similarity, policy_id, borrowed, tokens_saved); in a phased
        step once the phase is over, in the agents' order."""
        row = PolicyDecision(
            step=step, sim_time=when, agent=agent, kind=kind, text=text, hit=hit, reason=reason, **extra
        )

        defer(lambda: insert_row(self.engine, row))

    def mark_replayed(self, from_step: int) -> int:
        """Flag the decisions of steps a resume rolls back (``from_step`` on, the checkpoint's next step);
        returns how many."""
        stmt = update(PolicyDecision).where(
            col(PolicyDecision.step) >= from_step, col(PolicyDecision.replayed).is_not(True)
        )
        with Session(self.engine) as session:
            changed = session.exec(stmt.values(replayed=True)).rowcount  # type: ignore[call-overload]
            session.commit()
        return int(changed or 0)

    def replayed(self) -> int:
        """How many decisions were made by steps a resume rolled back (left out of rows and summary)."""
        with Session(self.engine) as session:
            stmt = select(func.count()).where(col(PolicyDecision.replayed).is_(True))
            return int(session.exec(stmt).one())

    def rows(
        self,
        *,
        kind: str | None = None,
        agent: str | None = None,
        misses: bool = False,
        limit: int | None = None,
        replayed: bool = False,
    ) -> list[PolicyDecision]:
        """Decisions, latest first; ``replayed`` also those of steps a resume rolled back."""
        with Session(self.engine) as session:
            stmt = select(PolicyDecision)
            if not replayed:
                stmt = stmt.where(col(PolicyDecision.replayed).is_not(True))
            if kind:
                stmt = stmt.where(PolicyDecision.kind == kind)
            if agent:
                stmt = stmt.where(PolicyDecision.agent == agent)
            if misses:
                stmt = stmt.where(col(PolicyDecision.hit).is_(False))
            stmt = stmt.order_by(col(PolicyDecision.id).desc())
            if limit:
                stmt = stmt.limit(limit)
            return list(session.exec(stmt).all())

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per kind: lookups, hits, hit rate, tokens saved, mean similarity of hits, misses by reason (the
        decisions that stand: those of steps a resume rolled back are left out)."""
        out: dict[str, dict[str, Any]] = {}
        hit_similarity: dict[str, list[float]] = defaultdict(list)
        for row in self.rows():
            entry = out.setdefault(row.kind, {"lookups": 0, "hits": 0, "tokens_saved": 0, "misses": defaultdict(int)})
            entry["lookups"] += 1
            if row.hit:
                entry["hits"] += 1
                entry["tokens_saved"] += row.tokens_saved or 0
                if row.similarity is not None:
                    hit_similarity[row.kind].append(row.similarity)
            else:
                entry["misses"][row.reason.split(":")[0]] += 1
        for kind, entry in out.items():
            entry["hit_rate"] = entry["hits"] / entry["lookups"] if entry["lookups"] else 0.0
            sims = hit_similarity.get(kind, [])
            entry["mean_hit_similarity"] = sum(sims) / len(sims) if sims else None
            entry["misses"] = dict(entry["misses"])
        return out
