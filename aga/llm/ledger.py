"""The token ledger: one row per LLM call, cache hit and fail-safe.

Totals by task, module, agent, model, outcome and run are computed with SQL ``GROUP BY`` over the
rows, never kept as counters in memory, so they are exactly what was committed and survive a crash.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import NaiveDatetime
from sqlalchemy import case, func, update
from sqlalchemy.engine import Engine
from sqlmodel import Field, Session, SQLModel, col, select

from aga.storage.db import add_missing_columns, insert_row
from policy_store.faults import create_tables


class Outcome(StrEnum):
    """How a gateway call ended."""

    OK = "ok"  # first attempt gave a valid answer
    RETRIED = "retried"  # a later attempt gave a valid answer
    FAILSAFE = "failsafe"  # every attempt failed; the task's fail-safe value was used
    CACHE_HIT = "cache-hit"  # no LLM call: a cache answered


class LedgerRow(SQLModel, table=True):
    """One gateway event. Token and cost fields sum over every attempt actually sent."""

    __tablename__ = "llm_ledger"

    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(index=True)
    # Simulated time is the town's local wall time, with no timezone.
    sim_time: NaiveDatetime | None = None
    agent: str | None = Field(default=None, index=True)
    module: str = Field(index=True)
    task: str = Field(index=True)
    model: str
    provider: str
    outcome: str = Field(index=True)
    attempts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0  # the whole call, retries and waits included
    # Of which: inside the model's requests, and waiting for a turn (another agent's thinking between
    # the answer and its use, in a concurrent run). None in ledgers written before they were kept.
    model_s: float | None = None
    queue_s: float | None = None
    repaired: bool = False
    # What a repair changed, "field: 'before' -> 'after'" (None where nothing was, and in ledgers written
    # before it was kept): an outside tester saw 20 repaired answers and no way to see what they were.
    repair: str | None = None
    error: str | None = None
    cache_kind: str | None = None
    similarity: float | None = None
    saved_prompt_tokens: int = 0
    saved_completion_tokens: int = 0
    saved_cost_usd: float = 0.0
    # True for a call of a step that a resume rolled back and ran again: real spend, but its answer was
    # dropped with the step, so a measurement of what the run needs leaves it out (``standing=True``).
    # None for a step's call not rolled back; False for a call made between steps (an interview).
    replayed: bool | None = Field(default=None, index=True)


GROUPINGS = ("task", "module", "agent", "model", "outcome", "run_id")


@dataclass(frozen=True)
class Totals:
    """Aggregates over a group of ledger rows."""

    key: str | None
    llm_calls: int
    attempts: int
    cache_hits: int
    failsafes: int
    retried: int
    repaired: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    latency_s: float
    saved_prompt_tokens: int
    saved_completion_tokens: int
    saved_cost_usd: float
    model_s: float = 0.0
    queue_s: float = 0.0

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def to_json(self) -> dict[str, Any]:
        """Plain dict with the derived total included."""
        return {**asdict(self), "total_tokens": self.total_tokens}


def _count_if(condition: Any) -> Any:
    # CASE rather than SQLite's IIF so that the query runs on any SQLAlchemy backend.
    return func.sum(case((condition, 1), else_=0))


def _aggregates() -> list[Any]:
    row = LedgerRow
    return [
        _count_if(row.outcome != Outcome.CACHE_HIT.value),
        func.sum(row.attempts),
        _count_if(row.outcome == Outcome.CACHE_HIT.value),
        _count_if(row.outcome == Outcome.FAILSAFE.value),
        _count_if(row.outcome == Outcome.RETRIED.value),
        _count_if(row.repaired == True),  # noqa: E712  (an SQL expression, not a Python comparison)
        func.sum(row.prompt_tokens),
        func.sum(row.completion_tokens),
        func.sum(row.cost_usd),
        func.sum(row.latency_s),
        func.sum(row.saved_prompt_tokens),
        func.sum(row.saved_completion_tokens),
        func.sum(row.saved_cost_usd),
        func.sum(row.model_s),
        func.sum(row.queue_s),
    ]


def _totals(key: str | None, values: tuple[Any, ...]) -> Totals:
    ints = [int(v or 0) for v in values]
    return Totals(
        key=key,
        llm_calls=ints[0],
        attempts=ints[1],
        cache_hits=ints[2],
        failsafes=ints[3],
        retried=ints[4],
        repaired=ints[5],
        prompt_tokens=ints[6],
        completion_tokens=ints[7],
        cost_usd=float(values[8] or 0.0),
        latency_s=float(values[9] or 0.0),
        saved_prompt_tokens=ints[10],
        saved_completion_tokens=ints[11],
        saved_cost_usd=float(values[12] or 0.0),
        model_s=float(values[13] or 0.0),
        queue_s=float(values[14] or 0.0),
    )


class Ledger:
    """Writes and reads ledger rows of one database; ``run_id`` tags the rows this object writes."""

    def __init__(self, engine: Engine, run_id: str) -> None:
        self.engine = engine
        self.run_id = run_id
        create_tables(SQLModel.metadata, engine, [LedgerRow.__table__])  # type: ignore[list-item]
        add_missing_columns(engine, LedgerRow)  # ledgers written before ``replayed``, ``model_s`` existed

    def record(self, row: LedgerRow) -> LedgerRow:
        """Commit one row at once (a crash loses no recorded call) and return it with its id."""
        insert_row(self.engine, row)
        return row

    def count(self, *, run_id: str | None = None) -> int:
        """Number of rows of ``run_id`` (this ledger's run by default)."""
        with Session(self.engine) as session:
            stmt = select(func.count()).select_from(LedgerRow).where(LedgerRow.run_id == (run_id or self.run_id))
            return int(session.exec(stmt).one())

    def count_by_agent(self) -> dict[str | None, int]:
        """Number of this run's rows per agent (None: calls made for no agent)."""
        with Session(self.engine) as session:
            stmt = select(LedgerRow.agent, func.count()).where(LedgerRow.run_id == self.run_id)
            stmt = stmt.group_by(LedgerRow.agent)
            return {agent: int(n) for agent, n in session.exec(stmt).all()}

    def last_id(self) -> int:
        """Id of this run's newest row (0 when none): a checkpoint keeps it to know what a resume replays."""
        with Session(self.engine) as session:
            stmt = select(func.max(LedgerRow.id)).where(LedgerRow.run_id == self.run_id)
            return int(session.exec(stmt).one() or 0)

    def mark_replayed(self, *, after_id: int | None, since: datetime) -> int:
        """Flag the rows a resume rolls back: newer than ``after_id``, or (for checkpoints that predate
        ``after_id``) stamped at or after the checkpoint's simulated time ``since``; returns how many.

        Rows already flagged, and rows of calls made between steps (``replayed`` False: an interview of
        the settled run, which a resume does not roll back), are left as they are."""
        stmt = update(LedgerRow).where(col(LedgerRow.run_id) == self.run_id, col(LedgerRow.replayed).is_(None))
        if after_id is not None:
            stmt = stmt.where(col(LedgerRow.id) > after_id)
        else:
            stmt = stmt.where(col(LedgerRow.sim_time) >= since)
        with Session(self.engine) as session:
            changed = session.exec(stmt.values(replayed=True)).rowcount  # type: ignore[call-overload]
            session.commit()
        return int(changed or 0)

    def totals(
        self, by: str | None = None, *, run_id: str | None = None, all_runs: bool = False, standing: bool = False
    ) -> list[Totals]:
        """Aggregates grouped by one of :data:`GROUPINGS` (or one overall row when ``by`` is None).

        ``standing`` leaves out calls of steps a resume replayed (see :attr:`LedgerRow.replayed`): what
        the run needed, rather than what was spent.
        """
        if by is not None and by not in GROUPINGS:
            raise ValueError(f"cannot group the ledger by '{by}'; use one of {', '.join(GROUPINGS)}")
        with Session(self.engine) as session:
            columns = _aggregates()
            if by is not None:
                group_col = getattr(LedgerRow, by)
                stmt = select(group_col, *columns).group_by(group_col).order_by(group_col)
            else:
                stmt = select(*columns)
            if not all_runs:
                stmt = stmt.where(LedgerRow.run_id == (run_id or self.run_id))
            if standing:
                stmt = stmt.where(col(LedgerRow.replayed).is_not(True))
            rows = session.exec(stmt).all()
        if by is None:
            return [_totals(None, tuple(rows[0]))]
        return [_totals(r[0], tuple(r[1:])) for r in rows]

    def recent_average(self, task: str, *, window: int = 50) -> tuple[float, float, float] | None:
        """Mean prompt tokens, completion tokens and cost of the last ``window`` answered calls of ``task``.

        Used to estimate what a cache hit avoided. Looks across all runs in the database, because a
        policy store warmed in an earlier run saves calls whose cost was measured there.
        """
        with Session(self.engine) as session:
            recent = (
                select(LedgerRow.prompt_tokens, LedgerRow.completion_tokens, LedgerRow.cost_usd, LedgerRow.attempts)
                .where(LedgerRow.task == task)
                .where(LedgerRow.outcome.in_([Outcome.OK.value, Outcome.RETRIED.value]))  # type: ignore[attr-defined]
                .order_by(LedgerRow.id.desc())  # type: ignore[union-attr]
                .limit(window)
            )
            rows = session.exec(recent).all()
        if not rows:
            return None
        # Per attempt, so that a retried call does not inflate the estimate of a single call.
        attempts = sum(max(1, r[3]) for r in rows)
        return (
            sum(r[0] for r in rows) / attempts,
            sum(r[1] for r in rows) / attempts,
            sum(r[2] for r in rows) / attempts,
        )

    def rows(self, *, run_id: str | None = None, limit: int | None = None) -> list[LedgerRow]:
        """Rows of a run in the order they were written."""
        with Session(self.engine) as session:
            stmt = select(LedgerRow).where(LedgerRow.run_id == (run_id or self.run_id)).order_by(LedgerRow.id)
            if limit is not None:
                stmt = stmt.limit(limit)
            return list(session.exec(stmt).all())

    def errors(self, *, limit: int = 20) -> tuple[list[tuple[str, int, str]], list[LedgerRow]]:
        """What went wrong in this run's calls: (error, how many rows, outcome of the last) from the most
        frequent error down, and the ``limit`` newest rows that carry an error text."""
        has_error = col(LedgerRow.error).is_not(None)
        with Session(self.engine) as session:
            counted = session.exec(
                select(LedgerRow.error, func.count(), func.max(LedgerRow.outcome))
                .where(LedgerRow.run_id == self.run_id, has_error)
                .group_by(LedgerRow.error)
                .order_by(func.count().desc())
            ).all()
            newest = session.exec(
                select(LedgerRow)
                .where(LedgerRow.run_id == self.run_id, has_error)
                .order_by(col(LedgerRow.id).desc())
                .limit(limit)
            ).all()
        return [(str(e), int(n), str(o)) for e, n, o in counted], list(newest)

    def repairs(self, *, limit: int = 20) -> tuple[list[tuple[str, int]], list[LedgerRow]]:
        """What repairs changed in this run's answers: (task, how many repaired rows) from the most
        repaired task down, and the ``limit`` newest repaired rows (their ``repair`` says what changed)."""
        with Session(self.engine) as session:
            counted = session.exec(
                select(LedgerRow.task, func.count())
                .where(LedgerRow.run_id == self.run_id, LedgerRow.repaired == True)  # noqa: E712  (SQL)
                .group_by(LedgerRow.task)
                .order_by(func.count().desc())
            ).all()
            newest = session.exec(
                select(LedgerRow)
                .where(LedgerRow.run_id == self.run_id, LedgerRow.repaired == True)  # noqa: E712
                .order_by(col(LedgerRow.id).desc())
                .limit(limit)
            ).all()
        return [(str(t), int(n)) for t, n in counted], list(newest)

    def run_ids(self) -> list[str]:
        """Every run id with rows in this database."""
        with Session(self.engine) as session:
            return list(session.exec(select(LedgerRow.run_id).distinct().order_by(LedgerRow.run_id)).all())
