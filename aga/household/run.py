"""A household run: one resident living days at home, in ``runs/<run-id>/`` like a town's run.

The folder holds ``aga.db`` (the ledger of every call, the run's settings, one row per finished day
with what each activity did) and, in ``lifestyle`` and ``routine`` modes, ``policies/`` (the Lifestyle
Policy store). ``lifestyle`` is the paper's: completed activities are replayed; ``routine`` adds ours,
the day's list of activities replayed too (see :mod:`aga.household.agent`).
Every day starts from the scene as loaded: VirtualHome has no night that puts things back, and a
home left with the oven on would make every later day a different experiment.

A day is committed whole, after its last activity. A run stopped part way (Ctrl-C, kill -9, a model
that stopped answering) keeps the calls it made in the ledger and lives that day again when continued,
as the run that never stopped lived it (the store is rewound to the day's start, and the day's calls
are numbered from the day, not from the ledger's rows);
a day's figures count the calls of the attempt that finished it (those of abandoned attempts are
reported apart, as ``abandoned``).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func
from sqlmodel import Field, Session, SQLModel, select

from aga.clock import SimClock
from aga.household.agent import ACTIVITIES, ActivityRecord, HouseholdAgent, records_summary
from aga.household.spec import HouseholdScenario, HouseholdSpec, load_household
from aga.llm.ledger import Ledger, LedgerRow, Outcome
from aga.storage import make_engine, resolve_run
from aga.storage.runs import RunPaths, lock_run
from policy_store.faults import create_tables

MODES = ("baseline", "lifestyle", "routine")
FIRST_MORNING = datetime(2023, 2, 13, 7, 0)  # the ledger's sim_time of day 1; day n is n-1 days later


class HouseholdRunInfo(SQLModel, table=True):
    """What a household run is: a later sitting must be the same experiment."""

    __tablename__ = "household_run"

    run_id: str = Field(primary_key=True)
    household: str  # where the spec came from (a folder)
    spec: str  # the household.toml as loaded (JSON): a run keeps its resident if the file changes
    model: str
    mode: str
    seed: int
    api_base: str | None = None
    days: int = 1  # days asked for


class HouseholdDay(SQLModel, table=True):
    """One finished day: its activities and the ledger rows of the attempt that finished it."""

    __tablename__ = "household_day"

    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(index=True)
    day: int
    first_row: int  # ledger ids (inclusive) of the calls of this day's finishing attempt
    last_row: int
    records: str  # JSON list of ActivityRecord.to_json()


class RunMismatch(ValueError):
    """An existing run with other settings than asked for."""


@dataclass(frozen=True)
class DayFigures:
    """A finished day, with its token figures summed from the ledger."""

    day: int
    records: list[dict[str, Any]]
    llm_calls: int
    cache_hits: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    saved_tokens: int = 0  # what the replayed activities cost when they were learned
    day_replayed: bool = False  # the day's activities came from a stored routine, not the LLM

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens sent to the model."""
        return self.prompt_tokens + self.completion_tokens

    def summary(self) -> dict[str, Any]:
        """Counts over the day's activities (see :func:`records_summary`) and its tokens."""
        return {
            "day": self.day,
            **records_summary([ActivityRecord(**r) for r in self.records]),
            "llm_calls": self.llm_calls,
            "tokens": self.tokens,
            "cost_usd": self.cost_usd,
            "saved_tokens": self.saved_tokens,
            "day_replayed": self.day_replayed,
        }


class HouseholdRun:
    """An open household run (holds the run's lock until :meth:`close`)."""

    def __init__(self, paths: RunPaths, engine: Engine, info: HouseholdRunInfo, lock: Any) -> None:
        self.paths = paths
        self.engine = engine
        self.info = info
        self._lock = lock
        self.household = HouseholdScenario(
            folder=Path(info.household), spec=HouseholdSpec.model_validate_json(info.spec)
        )
        self.ledger = Ledger(engine, info.run_id)
        self._store: Any = None

    # ------------------------------------------------------------------ create / open
    @classmethod
    def start(
        cls,
        household: str,
        *,
        model: str,
        mode: str,
        seed: int,
        run_id: str,
        days: int,
        api_base: str | None = None,
        activities: int | None = None,
        elsewhere: str = "another --run-id",
    ) -> HouseholdRun:
        """Create the run, or open it when it exists with the same settings (to live its next days);
        ``activities`` overrides the household's activities a day. ``elsewhere`` is what the caller's user
        gives to start a run apart from an existing one with other settings (named in the error)."""
        if mode not in MODES:
            raise ValueError(f"mode '{mode}': use one of {', '.join(MODES)}")
        paths = resolve_run(run_id, must_exist=False)
        existing = paths.database.exists()
        # A bad household file fails here, before a folder is made that would then look like a broken run.
        loaded = None if existing else load_household(household)
        paths.create()
        lock = lock_run(paths)
        committed = existing
        try:
            engine = make_engine(paths.database_url)
            create_tables(
                SQLModel.metadata,
                engine,
                [HouseholdRunInfo.__table__, HouseholdDay.__table__],  # type: ignore[list-item]
            )
            with Session(engine, expire_on_commit=False) as session:
                info = session.get(HouseholdRunInfo, paths.run_id)
                if info is None and existing and _is_town_run(engine):
                    raise RunMismatch(f"run '{paths.run_id}' ({paths.root}) is a town's run; give {elsewhere}")
                if info is None:
                    loaded = loaded or load_household(household)
                    spec = (
                        loaded.spec if activities is None else loaded.spec.model_copy(update={"activities": activities})
                    )
                    info = HouseholdRunInfo(
                        run_id=paths.run_id, household=str(loaded.folder), spec=spec.model_dump_json(),
                        model=model, mode=mode, seed=seed, api_base=api_base, days=days,
                    )  # fmt: skip
                    session.add(info)
                    session.commit()
                    committed = True
                else:
                    _check_same(info, household=household, model=model, mode=mode, seed=seed, run=paths,
                                activities=activities, elsewhere=elsewhere)  # fmt: skip
                    info.days = max(info.days, days)
                    if api_base:
                        info.api_base = api_base  # a server that moved is the same model
                    session.add(info)
                    session.commit()
            return cls(paths, engine, info, lock)
        except BaseException:
            lock.release()
            if not committed:  # nothing of the run was recorded: leave no folder behind
                shutil.rmtree(paths.root, ignore_errors=True)
            raise

    @classmethod
    def read(cls, run_id: str) -> tuple[HouseholdRunInfo, list[DayFigures], int]:
        """A run's settings, finished days and the calls of abandoned attempts, without the lock."""
        paths = resolve_run(run_id)
        engine = make_engine(paths.database_url)
        try:
            with Session(engine) as session:
                info = session.get(HouseholdRunInfo, paths.run_id) if _has_table(engine) else None
                if info is None:
                    raise ValueError(f"run '{paths.run_id}' ({paths.root}) is not a household run")
                days = _days(session, paths.run_id)
                abandoned = _abandoned_calls(session, paths.run_id, days)
            return info, days, abandoned
        finally:
            engine.dispose()

    def close(self) -> None:
        """Close the store and the database and release the lock."""
        if self._store is not None:
            self._store.close()
            self._store = None
        self.engine.dispose()
        self._lock.release()

    # ------------------------------------------------------------------ living
    def days(self) -> list[DayFigures]:
        """The finished days, in order."""
        with Session(self.engine) as session:
            return _days(session, self.info.run_id)

    def live(
        self,
        *,
        gateway_options: Any = None,
        on_activity: Callable[[int, ActivityRecord], None] | None = None,
        on_day: Callable[[DayFigures], None] | None = None,
        embedder: Any = None,
    ) -> list[DayFigures]:
        """Live the days not finished yet, up to ``info.days``; return the days finished now."""
        from aga.llm.gateway import Gateway

        finished: list[DayFigures] = []
        done = len(self.days())
        if done >= self.info.days:
            return finished
        clock = SimClock(start=FIRST_MORNING, step=timedelta(days=1), steps=done)
        gateway = Gateway(self.info.model, ledger=self.ledger, clock=clock, seed=self.info.seed,
                          api_base=self.info.api_base, options=gateway_options)  # fmt: skip
        agent = HouseholdAgent(
            self.household.resident,
            gateway,
            self._open_store(embedder),
            activities=self.household.spec.activities,
            reuse_day=self.info.mode == "routine",
        )
        for day in range(done + 1, self.info.days + 1):
            clock.steps = day - 1
            if self._store is not None:
                # A day abandoned part way (a kill) wrote and used policies: they go, as its calls do.
                self._store.rewind(f"{self.info.run_id}/day {day}")
            first = self.ledger.last_id() + 1
            home = self.household.home()
            records = []
            # The day's calls are numbered from the day alone: a day lived again after an abandoned
            # attempt is asked what the uninterrupted run asked, not what follows the abandoned calls.
            with gateway.numbered("day", day):
                for activity in agent.plan_day(home):
                    record = agent.do(activity, home)
                    records.append(record)
                    if on_activity is not None:
                        on_activity(day, record)
                agent.learn_day(records)
            if self._store is not None:
                self._store.flush()
            figures = self._commit(day, first, records)
            finished.append(figures)
            if on_day is not None:
                on_day(figures)
        return finished

    def _open_store(self, embedder: Any) -> Any:
        if self.info.mode == "baseline" or self._store is not None:
            return self._store
        from policy_store import PolicyStore

        if embedder is None:
            from aga.sim.run import default_embedder

            embedder = default_embedder()
        self._store = PolicyStore.open(self.paths.root / "policies", embedder)
        return self._store

    def _commit(self, day: int, first: int, records: list[ActivityRecord]) -> DayFigures:
        last = self.ledger.last_id()
        with Session(self.engine) as session:
            session.add(HouseholdDay(run_id=self.info.run_id, day=day, first_row=first, last_row=last,
                                     records=json.dumps([r.to_json() for r in records])))  # fmt: skip
            session.commit()
            [figures] = _days(session, self.info.run_id, day=day)
            return figures


def _check_same(
    info: HouseholdRunInfo,
    *,
    household: str,
    model: str,
    mode: str,
    seed: int,
    run: RunPaths,
    activities: int | None,
    elsewhere: str,
) -> None:
    stored = HouseholdSpec.model_validate_json(info.spec).activities
    asked = {"model": model, "mode": mode, "seed": seed, "activities": stored if activities is None else activities}
    has = {"model": info.model, "mode": info.mode, "seed": info.seed, "activities": stored}
    differ = [f"{k} {has[k]!r} (asked: {asked[k]!r})" for k in asked if asked[k] != has[k]]
    loaded = load_household(household)
    if str(loaded.folder) != info.household:
        differ.append(f"household {info.household} (asked: {loaded.folder})")
    if differ:
        raise RunMismatch(
            f"run '{run.run_id}' ({run.root}) exists with {', '.join(differ)}; continue it with its own "
            f"settings, or give {elsewhere}"
        )


def _has_table(engine: Engine) -> bool:
    from sqlalchemy import inspect

    return inspect(engine).has_table(HouseholdRunInfo.__tablename__)


def _is_town_run(engine: Engine) -> bool:
    from sqlalchemy import inspect

    return inspect(engine).has_table("run_info")


def _days(session: Session, run_id: str, *, day: int | None = None) -> list[DayFigures]:
    """The finished days (or only ``day``) with their figures summed from their ledger rows."""
    stmt = select(HouseholdDay).where(HouseholdDay.run_id == run_id)
    if day is not None:
        stmt = stmt.where(HouseholdDay.day == day)
    rows = session.exec(stmt.order_by(HouseholdDay.day)).all()
    out = []
    for row in rows:
        calls = session.exec(
            select(LedgerRow).where(LedgerRow.run_id == run_id, LedgerRow.id >= row.first_row,  # type: ignore[operator]
                                    LedgerRow.id <= row.last_row)  # type: ignore[operator]
        ).all()  # fmt: skip
        sent = [c for c in calls if c.outcome != Outcome.CACHE_HIT.value]
        out.append(
            DayFigures(
                day=row.day,
                records=json.loads(row.records),
                llm_calls=len(sent),
                cache_hits=len(calls) - len(sent),
                prompt_tokens=sum(c.prompt_tokens for c in calls),
                completion_tokens=sum(c.completion_tokens for c in calls),
                cost_usd=sum(c.cost_usd for c in calls),
                saved_tokens=sum(c.saved_prompt_tokens + c.saved_completion_tokens for c in calls),
                day_replayed=any(c.outcome == Outcome.CACHE_HIT.value and c.task == ACTIVITIES.name for c in calls),
            )
        )
    return out


def _abandoned_calls(session: Session, run_id: str, days: list[DayFigures]) -> int:
    """Ledger rows outside every finished day: calls of attempts that were stopped."""
    total = int(session.exec(select(func.count()).select_from(LedgerRow).where(LedgerRow.run_id == run_id)).one())
    counted = sum(d.llm_calls + d.cache_hits for d in days)
    return total - counted
