"""Runs: create, checkpoint, resume and budget a simulation living in ``runs/<run-id>/``.

Crash safety. Memories, timeline entries and ledger rows are committed as they happen, each memory and
timeline entry tagged with its step. A checkpoint (clock, every agent's state, object states, the RNG)
is one row written in one SQLite transaction, every few simulated minutes and on Ctrl-C. Resuming
loads the last checkpoint and deletes the memories and timeline entries of later steps, so the run
continues from a consistent state whatever moment a ``kill -9`` hit. Ledger rows are kept: those tokens
were spent, and the ledger is an account of spending, not of simulation state.
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import ExitStack, closing
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Any

from filelock import BaseFileLock
from pydantic import NaiveDatetime
from sqlalchemy import inspect
from sqlalchemy.engine import Engine
from sqlmodel import Field, Session, SQLModel, col, func, select

from aga.agents import Agent, AgentState
from aga.clock import SimClock
from aga.cognition.common import SEED_STEP, Runtime
from aga.cognition.social import seed as seed_relations
from aga.embeddings.base import Embedder
from aga.llm.errors import ModelUnavailable
from aga.llm.gateway import Gateway, GatewayOptions
from aga.llm.ledger import Ledger, LedgerRow
from aga.llm.metrics import Metrics
from aga.memory import MemoryStream, RetrievalWeights, VectorIndex
from aga.scenario.loader import Scenario, ScenarioError, load_scenario
from aga.sim.ahead import AheadStep
from aga.sim.engine import initial_agents, seed_memories, step
from aga.sim.phased import PhasedStep
from aga.sim.policies import POLICY_MODES, PolicyOptions, open_store, step_ticks, store_folder
from aga.storage import RunPaths, lock_run, make_engine, resolve_run
from aga.storage.db import StorageError, add_missing_columns
from aga.storage.decisions import DecisionLog
from aga.storage.timeline import Timeline
from policy_store.faults import create_tables
from social_memory import SocialMemory

MODES = ("baseline", "lifestyle", "social", "aga")
STEP_MODES = ("phased", "ahead", "sequential")
THREADED = ("phased", "ahead")  # step modes whose agents can wait on the model at once
# Agents waiting on a remote model at once unless told otherwise: enough to hide most of a hosted
# model's latency without tripping a typical rate limit. An embedded or scripted model computes on
# this machine's cores, where more threads only contend.
REMOTE_CONCURRENCY = 8
IN_PROCESS = ("local", "scripted")
SOCIAL_MODES = ("social", "aga")
KEEP_CHECKPOINTS = 3
STOPPED = "stopped"


class RunInfo(SQLModel, table=True):
    """What a run is: scenario, model, mode, seed and where it should stop."""

    __tablename__ = "run_info"

    run_id: str = Field(primary_key=True)
    scenario: str
    model: str
    mode: str
    seed: int
    api_base: str | None = None
    until: NaiveDatetime
    status: str = "running"  # running | stopped | finished | budget
    policy_store: str | None = None  # the Lifestyle Policy store's folder (policy modes only)
    policy_options: str | None = None  # PolicyOptions as JSON
    start: NaiveDatetime | None = None  # the simulated moment the run began (None: written before it was kept)
    # Rare memories sampled into planning and dialogue prompts (AGA appendix D); None in older runs: off.
    mind_wandering: bool | None = None
    # How a step runs its agents: "phased" (all think at once against the same snapshot, so they can
    # wait on the model concurrently; see aga.sim.phased) or "sequential" (one after another in name
    # order), or "ahead" (phased steps, with agents far apart running ahead of each other between
    # checkpoints: the same town as "phased"; see aga.sim.ahead). None in runs made before phased steps
    # existed: sequential.
    step_mode: str | None = None
    # SHA-256 prefixes of the scenario's files when the run began, as JSON (see Scenario.digests); None
    # in runs made before they were kept: not checked.
    scenario_files: str | None = None
    # The id the run was created under, once its folder was renamed or copied (it then takes the
    # folder's name): its policy store marks carry the first id. None: never renamed.
    created_as: str | None = None


class Checkpoint(SQLModel, table=True):
    """A consistent snapshot of the simulation state at a step."""

    __tablename__ = "checkpoint"

    id: int | None = Field(default=None, primary_key=True)
    step: int = Field(index=True)
    sim_time: NaiveDatetime
    state_json: str

    def state(self, database: object) -> dict[str, Any]:
        """The saved state, or a StorageError naming ``database`` (its file), the row and what to do:
        a row damaged by hand or by a disk fault would otherwise end in a bare JSON error."""
        try:
            state = json.loads(self.state_json)
            if isinstance(state, dict) and isinstance(state.get("clock"), dict):
                return state
            problem = "it is not a saved state"
        except ValueError as exc:
            problem = str(exc)
        raise StorageError(
            f"{database}: the checkpoint at step {self.step} (row {self.id}) cannot be read ({problem}); the "
            f"run cannot go on from it. Restore the file from a backup, or delete that row to go back to the "
            f"checkpoint before it (`sqlite3 {database} 'delete from checkpoint where id = {self.id}'`)"
        )


def read_info(engine: Engine, run_id: str) -> RunInfo | None:
    """The run's RunInfo row, after adding the columns a newer aga declared (a run folder written by
    an older version would otherwise fail to read with "no such column").

    A folder renamed or copied (to branch a run) holds its one run under the old id; the run takes the
    folder's name, which is what the user calls it by (see :func:`_adopt_folder_name`)."""
    add_missing_columns(engine, RunInfo)
    with Session(engine, expire_on_commit=False) as session:
        info = session.get(RunInfo, run_id)
        if info is not None:
            return info
        held = list(session.exec(select(RunInfo.run_id).limit(2)).all())
    if len(held) != 1:
        return None
    _adopt_folder_name(engine, held[0], run_id)
    with Session(engine, expire_on_commit=False) as session:
        return session.get(RunInfo, run_id)


def policy_folder(info: RunInfo, root: Path) -> Path | None:
    """The run's Lifestyle Policy store (None: its mode uses none). A store of the run's own
    (``--fresh-policies``) is inside the run's folder wherever that folder is now, so a copied or moved
    run uses its own copy, not the original's; a shared store is where it was named."""
    if not info.policy_store:
        return None
    if info.policy_options and PolicyOptions.from_json(info.policy_options).fresh:
        return root / "policies"
    return Path(info.policy_store)


def _leftovers(paths: RunPaths) -> list[str]:
    """What a run folder holds besides its database (and the lock any opener leaves): the names."""
    try:
        return sorted(p.name for p in paths.root.iterdir() if p.name not in ("run.lock", "aga.db"))
    except OSError:  # no folder yet, or not a folder: nothing left over
        return []


def _adopt_folder_name(engine: Engine, old: str, new: str) -> None:
    """Give the run ``old`` the id ``new`` (its folder's name now): its info row and ledger rows. The
    id it was created under stays in ``created_as``, which names its policy store marks."""
    from sqlalchemy import update
    from sqlalchemy.exc import OperationalError

    try:
        with Session(engine) as session:
            session.exec(  # type: ignore[call-overload]
                update(RunInfo)
                .where(col(RunInfo.run_id) == old)
                .values(run_id=new, created_as=func.coalesce(RunInfo.created_as, old))
            )
            if inspect(engine).has_table(LedgerRow.__tablename__):
                session.exec(update(LedgerRow).where(col(LedgerRow.run_id) == old).values(run_id=new))  # type: ignore[call-overload]
            session.commit()
    except StorageError:
        # name_database_faults' sentence: it names the file and what to do (a malformed database is
        # recovered, not made writable), so it is passed on as it is.
        raise
    except OperationalError as exc:
        raise ValueError(
            f"the run folder '{new}' holds run '{old}' (renamed or copied from it), and it cannot take the "
            f"folder's name ({exc.orig}); make the folder writable, or name it '{old}' again"
        ) from None


def move_server(run: str, api_base: str) -> bool:
    """Record a new server URL for ``run``'s model (checked first, so a typo changes nothing); True if
    it changed. Raises ``ValueError`` naming the bad URL or run."""
    from aga.llm.routing import check_model

    paths = resolve_run(run)
    engine = make_engine(paths.database_url)
    try:
        info = read_info(engine, paths.run_id)
        if info is None:
            raise ValueError(f"run '{run}' has no run info to change (start it with `aga run`)")
        if info.api_base == api_base:
            return False
        check_model(info.model, api_base)
        lock = lock_run(paths)  # not while another process steps the run
        try:
            with Session(engine) as session:
                row = session.get(RunInfo, paths.run_id)
                assert row is not None
                row.api_base = api_base
                session.add(row)
                session.commit()
        finally:
            lock.release()
    finally:
        engine.dispose()
    return True


@dataclass(frozen=True)
class Budget:
    """Stop cleanly when spending reaches a limit."""

    max_cost_usd: float | None = None
    max_tokens: int | None = None

    def exceeded(self, gateway: Gateway) -> str | None:
        """A sentence saying which limit was reached, or None."""
        if self.max_cost_usd is not None and gateway.spent_usd >= self.max_cost_usd:
            return f"the cost budget of ${self.max_cost_usd:.2f} was reached (${gateway.spent_usd:.4f} spent)"
        if self.max_tokens is not None and gateway.spent_tokens >= self.max_tokens:
            return f"the token budget of {self.max_tokens:,} was reached ({gateway.spent_tokens:,} tokens)"
        return None


def default_embedder() -> Embedder:
    """The bundled MiniLM model behind the persistent embedding cache."""
    from aga.config import cache_dir
    from aga.embeddings.cache import open_cached
    from aga.embeddings.minilm import MiniLMEmbedder

    return open_cached(MiniLMEmbedder(), cache_dir() / "embeddings.db")


class Run:
    """An open run: its files, its info and its runtime."""

    def __init__(self, paths: RunPaths, engine: Engine, info: RunInfo, rt: Runtime, metrics: Metrics) -> None:
        self.paths = paths
        self.engine = engine
        self.info = info
        self.rt = rt
        self.metrics = metrics
        self._lock: BaseFileLock | None = None  # set by create/open: this object may step the run
        self._closed = False
        self.finished_start_up = False  # open() found a start-up cut short and finished it
        self._step: Callable[[Runtime], None] = step

    @property
    def concurrency(self) -> int:
        """How many agents may wait on the model at once in this session."""
        return self._step.concurrency if isinstance(self._step, PhasedStep | AheadStep) else 1

    @property
    def phased(self) -> bool:
        """Whether the run steps its agents in phases (see :mod:`aga.sim.phased`), running ahead or not."""
        return self.info.step_mode in THREADED

    @property
    def ahead(self) -> bool:
        """Whether agents run ahead of each other between checkpoints (see :mod:`aga.sim.ahead`)."""
        return self.info.step_mode == "ahead"

    # ------------------------------------------------------------ opening
    @classmethod
    def create(
        cls,
        scenario: str,
        *,
        model: str,
        mode: str = "baseline",
        seed: int = 0,
        hours: float = 24.0,
        run_id: str | None = None,
        api_base: str | None = None,
        embedder: Embedder | None = None,
        policies: PolicyOptions | None = None,
        start: time | None = None,
        gateway_options: GatewayOptions | None = None,
        mind_wandering: bool = False,
        step_mode: str = "sequential",
        concurrency: int | None = None,
    ) -> Run:
        """Start a new run of ``scenario`` (its first checkpoint is written before returning).

        ``start`` moves the first step to that time of the scenario's first day, so that a short window
        with a slow model covers waking hours rather than sleep.
        """
        check_mode(mode)
        check_concurrency(step_mode, 1 if concurrency is None else concurrency)
        loaded = load_scenario(scenario)
        if run_id is not None and not run_id.strip():
            raise ValueError("the run id is empty; give a name such as my-town-run, or leave --run-id out for one")
        run_id = run_id or f"{loaded.name}-{mode}-s{seed}-{datetime.now():%Y%m%d-%H%M%S}"  # a label, not sim time
        paths = resolve_run(run_id, must_exist=False)
        left = [] if paths.database.exists() else _leftovers(paths)
        if left:
            # A run's folder whose database is gone (deleted, moved) still holds its vectors and store: a
            # new run there would index its memories among the old run's.
            raise ValueError(
                f"run folder {paths.root} exists without its database aga.db (deleted or moved?) but with "
                f"{', '.join(left)}; put aga.db back to go on with it, or remove the folder "
                f"(`rm -r '{paths.root}'`) or give another --run-id to start anew"
            )
        if paths.database.exists():
            state = _startup_state(paths)
            lock_run(paths).release()  # RunInUse when another process is creating or stepping it now
            if state == "incomplete":
                raise ValueError(
                    f"run '{run_id}' ({paths.root}) was stopped during its start-up, before its first checkpoint; "
                    f"`aga resume {run_id}` finishes the start-up (the memories it rated are kept), or delete "
                    f"{paths.root} to start over with other settings"
                )
            if state == "household":
                raise ValueError(
                    f"run '{run_id}' ({paths.root}) is a household run (see it with `aga household show {run_id}`); "
                    "give another --run-id"
                )
            if state != "empty":
                raise ValueError(f"run '{run_id}' already exists in {paths.root}; resume it with `aga resume {run_id}`")
        begin = loaded.spec.start if start is None else datetime.combine(loaded.spec.start.date(), start)
        try:  # before the folder is made: a span past the calendar's end would fail half-way through
            if not (hours > 0 and math.isfinite(hours)):
                raise OverflowError
            until = begin + timedelta(hours=hours)
        except OverflowError:
            raise ValueError(
                f"a span of {hours!r} hours (--days and --hours on the command line): give a positive, finite span "
                "that ends before the year 10000"
            ) from None
        if hours * 3600 < loaded.spec.step_seconds:
            # Not one step would run: a folder made, a start-up paid for (every memory rated), nothing simulated.
            raise ValueError(
                f"a span of {hours:g} hours (--days and --hours on the command line) is {hours * 3600:.3g} "
                "simulated seconds, shorter than one step of "
                f"{loaded.name} ({loaded.spec.step_seconds} s); give a span of at least one step"
            )
        store: str | None = None
        if mode in POLICY_MODES:
            policies = policies or PolicyOptions()
            folder = store_folder(
                policies,
                run_root=paths.root,
                scenario_name=loaded.name,
                cast=[p.name for p in loaded.cast],
                model=model,
            )
            store = str(folder.resolve())
        paths.create()
        lock = lock_run(paths)  # before anything that could remove the folder: it may be another's
        if paths.database.exists():  # killed before it recorded anything (see _startup_state): start afresh
            if _startup_state(paths) != "empty":  # another process got there between the check and the lock
                lock.release()
                raise ValueError(f"run '{run_id}' already exists in {paths.root}; resume it with `aga resume {run_id}`")
            _clear_folder(paths)
        engine = make_engine(paths.database_url)
        info = RunInfo(
            run_id=run_id,
            scenario=str(loaded.folder.resolve()),
            model=model,
            mode=mode,
            seed=seed,
            api_base=api_base,
            until=until,
            policy_store=store,
            policy_options=policies.to_json() if store and policies else None,
            mind_wandering=mind_wandering,
            step_mode=step_mode,
            start=begin,
            scenario_files=json.dumps(loaded.digests(), sort_keys=True),
        )
        clock = SimClock(start=begin, step=timedelta(seconds=loaded.spec.step_seconds))
        run: Run | None = None
        try:
            # The run's identity is committed first, so that a kill -9 at any later moment of the start-up
            # leaves a run that `aga resume` recognises and finishes (see ``open``).
            create_tables(SQLModel.metadata, engine, [RunInfo.__table__, Checkpoint.__table__])  # type: ignore[list-item]
            with Session(engine, expire_on_commit=False) as session:
                session.add(info)
                session.commit()
            run = cls._assemble(paths, engine, info, clock, embedder, gateway_options, concurrency)
            run._lock = lock
            run._start_up()
        except BaseException:
            # A start-up that spent nothing (a locked policy store, a bad option) has nothing worth
            # resuming: remove it, so that the same --run-id can simply be used again. One that rated
            # memories stays, to be finished by `aga resume` without paying for them twice.
            try:
                spent = Ledger(engine, run_id).count() > 0
            except Exception:  # the database itself failed (a full disk): keep what is there
                spent = True
            if run is not None:
                run.close()
            lock.release()
            engine.dispose()
            if not spent:
                shutil.rmtree(paths.root, ignore_errors=True)
            raise
        return run

    def _start_up(self) -> None:
        """Seat the cast, seed relations and rated memories, and write the first checkpoint.

        Resumable: memories a killed start-up already rated are kept and not rated again.
        """
        self.rt.memory.truncate_after(SEED_STEP)
        self.rt.timeline.truncate_after(SEED_STEP)
        self.rt.memory.reconcile()
        self.rt.agents.clear()
        self.rt.agents.update(initial_agents(self.rt.scenario))
        if self.rt.social is not None:
            self.rt.social.truncate_after(SEED_STEP - 1)  # seeding relations costs no call: redo it whole
            seed_relations(self.rt)
        seed_memories(self.rt)
        self.checkpoint()

    @classmethod
    def open(
        cls,
        run: str,
        *,
        embedder: Embedder | None = None,
        gateway_options: GatewayOptions | None = None,
        concurrency: int | None = None,
    ) -> Run:
        """Reopen a run at its last checkpoint, dropping what came after it.

        A run killed during its start-up (before its first checkpoint) is reopened at its beginning
        and its start-up finished; :attr:`finished_start_up` says so. ``concurrency`` (how many agents
        may wait on the model at once) is a setting of this session, not of the run: a phased run
        gives the same town whatever it is. None: 8 for a phased run on a remote model, else 1.
        """
        paths = resolve_run(run)
        lock = lock_run(paths)
        try:
            engine = make_engine(paths.database_url)
            info = read_info(engine, paths.run_id)
            latest = None
            if info is not None:
                create_tables(SQLModel.metadata, engine, [Checkpoint.__table__])  # type: ignore[list-item]
                with Session(engine, expire_on_commit=False) as session:
                    latest = session.exec(select(Checkpoint).order_by(col(Checkpoint.id).desc()).limit(1)).first()
            if info is None:
                if Ledger(engine, paths.run_id).count() == 0:
                    raise ValueError(
                        f"run '{run}' was stopped while it was being created, before it recorded anything; "
                        f"start it again with `aga run SCENARIO --run-id {paths.run_id}`"
                    )
                if inspect(engine).has_table("household_run"):
                    raise ValueError(f"run '{run}' is a household run: see it with `aga household show {paths.run_id}`")
                raise ValueError(
                    f"run '{run}' has ledger rows but no run record in {paths.database}: it was made by `aga llm "
                    "try`, or its run_info table was emptied; a town cannot go on without it, so restore the file "
                    "from a backup, or start anew under another --run-id"
                )
            if latest is None:
                scenario = _scenario_of(info)
                clock = SimClock(
                    start=info.start or scenario.spec.start, step=timedelta(seconds=scenario.spec.step_seconds)
                )
                opened = cls._assemble(paths, engine, info, clock, embedder, gateway_options, concurrency)
                opened._lock = lock
                try:
                    opened._start_up()
                except BaseException:
                    opened.close()
                    raise
                opened.finished_start_up = True
                return opened
            state = latest.state(paths.database)
            clock = SimClock.from_json(state["clock"])
            opened = cls._assemble(paths, engine, info, clock, embedder, gateway_options, concurrency)
        except BaseException:
            lock.release()
            raise
        opened._lock = lock
        try:
            opened._restore(state)
            # A checkpoint's step is the next step to run: rows stamped with it were written by a step the
            # checkpoint does not cover (a crash or a Ctrl-C inside it), so they go, and the step replays.
            done = latest.step - 1
            opened.rt.memory.truncate_after(done)
            opened.rt.memory.rewind_accesses(latest.sim_time)  # recency as the checkpoint saw it
            opened.rt.timeline.truncate_after(done)
            if opened.rt.social is not None:
                opened.rt.social.truncate_after(done)
            opened.rt.gateway.ledger.mark_replayed(after_id=state.get("ledger_last_id"), since=latest.sim_time)
            if opened.rt.decisions is not None:  # the replayed steps look up again
                opened.rt.decisions.mark_replayed(latest.step)
            if opened.rt.lifestyle is not None:  # policies written and used by the lost steps go with them
                opened.rt.lifestyle.rewind(_epoch(info.created_as or info.run_id, latest.step))
            opened.rt.memory.reconcile()
        except BaseException:
            opened.close()  # releases the lock, so the same process may try again
            raise
        return opened

    @classmethod
    def _assemble(
        cls,
        paths: RunPaths,
        engine: Engine,
        info: RunInfo,
        clock: SimClock,
        embedder: Embedder | None,
        gateway_options: GatewayOptions | None = None,
        concurrency: int | None = None,
    ) -> Run:
        if concurrency is not None:
            check_concurrency(info.step_mode or "sequential", concurrency, run=info.run_id)
        scenario = _scenario_of(info)
        add_missing_columns(engine, RunInfo)
        metrics = Metrics()
        ledger = Ledger(engine, info.run_id)
        gateway = Gateway(
            info.model,
            ledger=ledger,
            metrics=metrics,
            clock=clock,
            seed=info.seed,
            api_base=info.api_base,
            options=gateway_options,
        )
        embedder = embedder or default_embedder()
        params = scenario.params
        weights = RetrievalWeights(
            recency=params.recency_weight,
            relevance=params.relevance_weight,
            importance=params.importance_weight,
            decay=params.recency_decay,
            top_k=params.retrieve_top_k,
        )
        # The policy store first: it takes a lock that another run may hold, and failing here leaves
        # nothing else open.
        options = PolicyOptions.from_json(info.policy_options) if info.policy_store else None
        folder = policy_folder(info, paths.root)
        lifestyle = open_store(folder, embedder, options) if folder and options else None
        rt = Runtime(
            scenario=scenario,
            gateway=gateway,
            memory=MemoryStream(engine, VectorIndex(paths.vectors), embedder),
            embedder=embedder,
            clock=clock,
            agents={},
            weights=weights,
            timeline=Timeline(engine),
            rng=random.Random(info.seed),
        )
        if lifestyle is not None and options is not None:
            rt.lifestyle = lifestyle
            rt.one_call_schedule = not options.hourly_schedule
            rt.hour_blocks = options.hour_blocks
            rt.decisions = DecisionLog(engine)
        if info.mode in SOCIAL_MODES:
            rt.social = SocialMemory(engine)
        rt.mind_wandering = bool(info.mind_wandering)
        create_tables(SQLModel.metadata, engine, [RunInfo.__table__, Checkpoint.__table__])  # type: ignore[list-item]
        opened = cls(paths, engine, info, rt, metrics)
        if opened.phased:
            # Each agent draws from its own stream and numbers its own calls, so that what it draws and
            # what the model answers it never depend on which agent's thread came first.
            rt.rngs = {p.name: random.Random(f"{info.seed}|{p.name}") for p in scenario.cast}
            gateway.per_agent_nonces()
            if concurrency is None:
                concurrency = 1 if gateway.route.provider in IN_PROCESS else REMOTE_CONCURRENCY
            # Memories indexed only at checkpoints: agents running ahead reach any count at different
            # moments, and a phased run must index as they do to give the same town.
            rt.memory.flush_at = None
            if rt.lifestyle is not None:
                # Least recently used by simulated step, evicted at checkpoints: the same policies go
                # whichever agent's thread wrote first, and whichever agent ran ahead.
                rt.lifestyle.ticks = step_ticks(rt.lifestyle, lambda: rt.step, [p.name for p in scenario.cast])
                rt.lifestyle.hold_evictions = True
            if opened.ahead:
                check_ahead(rt, run=info.run_id)
                opened._step = AheadStep(rt, concurrency)
            else:
                opened._step = PhasedStep(rt, concurrency)
        return opened

    def __enter__(self) -> Run:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the run's and the policy store's locks, the vector index and the database (the
        process exiting does the same). Closing twice is harmless."""
        if self._closed:
            return
        self._closed = True
        # Every part is released even when one before it fails (a full disk fails the policy store's last
        # index write): a run left locked by its own process could not be resumed by it. The stack runs
        # its callbacks last-in first (the order they are named in, reversed), each whatever the others did,
        # and raises what failed once all have run.
        with ExitStack() as parts:
            parts.callback(self._release_lock)
            parts.callback(self.engine.dispose)
            parts.callback(self.rt.memory.index.close)
            parts.callback(self._flush_memories)
            if self.rt.lifestyle is not None:
                parts.callback(self._close_policies)
            if isinstance(self._step, PhasedStep | AheadStep):
                parts.callback(self._step.close)

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _flush_memories(self) -> None:
        try:
            self.rt.memory.flush()
        except Exception as exc:  # closing must go on; the next open indexes what is missing
            from policy_store.faults import no_space

            if no_space(exc):  # said once by the caller, as a full disk; no traceback for it
                logging.getLogger("aga.sim").warning("the last memories are indexed on the next open (disk full)")
            else:
                logging.getLogger("aga.sim").warning("could not index the last memories on close", exc_info=True)

    def _close_policies(self) -> None:
        lifestyle, self.rt.lifestyle = self.rt.lifestyle, None
        if lifestyle is not None:
            lifestyle.close()

    # ------------------------------------------------------------ state
    def _state(self) -> dict[str, Any]:
        rng_state = self.rt.rng.getstate()
        return {
            "format": 1,
            "clock": self.rt.clock.to_json(),
            "agents": {name: agent.state.to_json() for name, agent in self.rt.agents.items()},
            "rng": [rng_state[0], list(rng_state[1]), rng_state[2]],
            **({"rngs": {n: _rng_json(r) for n, r in self.rt.rngs.items()}} if self.rt.rngs is not None else {}),
            "ledger_last_id": self.rt.gateway.ledger.last_id(),
            "nonces": self.rt.gateway.nonces(),
        }

    def _restore(self, state: dict[str, Any]) -> None:
        scenario = self.rt.scenario
        personas = {p.name: p for p in scenario.cast}
        self.rt.agents.clear()
        for name, data in state["agents"].items():
            self.rt.agents[name] = Agent(personas[name], AgentState.from_json(data))
        # Checkpoints before objects' states followed from who stands at them held an "objects" map:
        # nothing to restore from it now (an object's state is read from its user's action).
        version, internal, gauss = state["rng"]
        self.rt.rng.setstate((version, tuple(internal), gauss))
        if self.rt.rngs is not None:
            for name, saved in state.get("rngs", {}).items():
                if name in self.rt.rngs:
                    version, internal, gauss = saved
                    self.rt.rngs[name].setstate((version, tuple(internal), gauss))
        if "nonces" in state:  # checkpoints written before it go on from the ledger's count, as they did
            self.rt.gateway.restore_nonces(state["nonces"])

    def checkpoint(self) -> None:
        """Write the current state as one row in one transaction; keep the last few."""
        # The memory index is written here, not every step (one chromadb upsert costs ~17-26 ms);
        # retrieval ranks what waits with what is written, and a kill before this loses nothing: opening
        # a run indexes what its SQL rows hold and the index lacks. The policy store's vectors are left
        # to wait for its own flush (every ``flush_at`` new policies, and on closing): they sit in one
        # collection per kind and agent, so writing them at each checkpoint was an upsert per agent
        # every few simulated minutes (~15% of a ville25 window); its SQL rows are the durable copy and
        # opening the store indexes what the vectors lack.
        self.rt.memory.flush()
        if self.rt.lifestyle is not None and self.rt.lifestyle.hold_evictions:
            self.rt.lifestyle.evict()
        with Session(self.engine) as session:
            session.add(Checkpoint(step=self.rt.step, sim_time=self.rt.now, state_json=json.dumps(self._state())))
            session.commit()
        if self.rt.lifestyle is not None:  # the store keeps from here what a resume from this checkpoint undoes
            self.rt.lifestyle.mark(_epoch(self.info.created_as or self.info.run_id, self.rt.step))
        self.rt.memory.checkpointed(self.rt.now)
        with Session(self.engine) as session:
            first = session.exec(select(func.min(Checkpoint.id))).one()
            old = session.exec(
                select(Checkpoint.id)
                # The first checkpoint (the town as its start-up left it) stays: `aga eval` measures from it.
                .where(Checkpoint.id != first)
                .order_by(col(Checkpoint.id).desc())
                .offset(KEEP_CHECKPOINTS)
            ).all()
            for checkpoint_id in old:
                row = session.get(Checkpoint, checkpoint_id)
                if row is not None:
                    session.delete(row)
            session.commit()

    def set_status(self, status: str, until: datetime | None = None) -> None:
        """Record the run's status (and a new end time when extended)."""
        with Session(self.engine, expire_on_commit=False) as session:
            info = session.get(RunInfo, self.info.run_id)
            assert info is not None
            info.status = status
            if until is not None:
                info.until = until
            session.add(info)
            session.commit()
            self.info = info

    # ------------------------------------------------------------ running
    def advance(
        self,
        *,
        checkpoint_minutes: float = 5.0,
        budget: Budget | None = None,
        on_step: Any = None,
        should_stop: Any = None,
    ) -> str:
        """Step until the run's end time, a budget, a stop request or Ctrl-C; returns why it stopped.

        Checkpoints every ``checkpoint_minutes`` of simulated time and whenever it stops. ``should_stop``
        is polled between steps (the CLI's Ctrl-C handler sets it), so a requested stop never lands
        mid-step. A KeyboardInterrupt that does land mid-step is not checkpointed (the town is half
        stepped): the run resumes from the previous checkpoint, as after a crash, and what the
        unfinished steps wrote is dropped then.
        """
        every = max(1, round(checkpoint_minutes * 60 / self.rt.clock.step.total_seconds()))
        reason = "finished"

        def stop_now() -> bool:
            spent = budget is not None and budget.exceeded(self.rt.gateway)
            return bool(spent or (should_stop is not None and should_stop()))

        try:
            while self.rt.now < self.info.until:
                if should_stop is not None and should_stop():
                    reason = STOPPED
                    break
                if isinstance(self._step, AheadStep):
                    # To the next checkpoint (or the end) at once: agents run ahead of each other inside it.
                    # A stop request or a spent budget ends the span early, where everyone catches up.
                    left = -(-(self.info.until - self.rt.now) // self.rt.clock.step)
                    self._step.span(min(every - self.rt.step % every, left), stop_now)
                else:
                    self._step(self.rt)
                if on_step is not None:
                    on_step(self)
                if self.rt.step % every == 0:
                    self.checkpoint()
                over = budget.exceeded(self.rt.gateway) if budget else None
                if over:
                    reason = over
                    break
        except (KeyboardInterrupt, ModelUnavailable):
            # Mid-step: the town is half stepped, so no checkpoint; the run resumes from the last one.
            self.set_status("stopped")
            self._write_metrics()
            raise
        self.checkpoint()
        self.set_status({"finished": "finished", STOPPED: "stopped"}.get(reason, "budget"))
        self._write_metrics()
        return reason

    def _write_metrics(self) -> None:
        # The metrics file is a by-product for a scraper: one that cannot be written (a folder in its
        # place) is said, and the run, whose status is already recorded, is not failed for it.
        try:
            self.metrics.write_textfile(self.paths.metrics_textfile)
        except ValueError as exc:
            logging.getLogger("aga.sim").warning("metrics not written: %s", exc)


def _scenario_of(info: RunInfo) -> Scenario:
    """The scenario ``info``'s run began in, or a ``ScenarioError`` saying what went missing or changed.

    A run goes on in the town and cast it began with: its checkpoint names agents and places, so a
    renamed persona or a removed room would break the restore, and a persona added since would be
    silently left out.
    """
    if not os.path.lexists(Path(info.scenario) / "scenario.toml") and Path(info.scenario).is_absolute():
        raise ScenarioError(
            f"run '{info.run_id}' was made from the scenario in {info.scenario}, which is no longer there: put "
            "the folder back (a run goes on in the town it began in), or start a new run"
        )
    scenario = load_scenario(info.scenario)
    if info.scenario_files:
        before = json.loads(info.scenario_files)
        now = scenario.digests()
        changed = sorted(k.split(":", 1)[1] for k in before.keys() | now.keys() if before.get(k) != now.get(k))
        if changed:
            raise ScenarioError(
                f"run '{info.run_id}': {', '.join(changed)} in {scenario.folder} changed since the run began; a run "
                "goes on in the town and cast it began with, so put the files back as they were (your version "
                "control has them), or start a new run of the edited scenario"
            )
    return scenario


def _startup_state(paths: RunPaths) -> str:
    """What an existing run database holds: "complete" (a checkpoint), "incomplete" (its identity but no
    checkpoint: killed during start-up), "empty" (killed while being created, before it recorded
    anything), "household" (an `aga household` run) or "foreign" (ledger rows only, as `aga llm try`
    leaves)."""
    with closing(sqlite3.connect(paths.database, timeout=30)) as conn:
        tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}

        def rows(table: str) -> int:
            return int(conn.execute(f"select count(*) from {table}").fetchone()[0]) if table in tables else 0

        if rows("checkpoint"):
            return "complete"
        if rows("run_info"):
            return "incomplete"
        if rows("household_run"):
            return "household"
        return "foreign" if rows(LedgerRow.__tablename__) else "empty"


def _clear_folder(paths: RunPaths) -> None:
    """Remove what a run killed while being created left (its lock file stays: we hold it)."""
    for child in paths.root.iterdir():
        if child == paths.lock:
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()


def _rng_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def check_concurrency(step_mode: str, concurrency: int, *, run: str | None = None) -> None:
    """Reject a step mode that does not exist, or concurrency a sequential run cannot have."""
    if step_mode not in STEP_MODES:
        raise ValueError(f"--step {step_mode}: choose one of {', '.join(STEP_MODES)}")
    if concurrency < 1:
        raise ValueError(f"--concurrency {concurrency}: give 1 or more")
    if concurrency > 1 and step_mode not in THREADED:
        which = f"run '{run}' steps" if run else "a sequential run steps"
        raise ValueError(
            f"--concurrency {concurrency}: {which} its agents one after another, so they cannot wait on the "
            "model at once; start a run with --step phased (or ahead) to think concurrently, or leave "
            "--concurrency at 1"
        )


def check_ahead(rt: Runtime, *, run: str) -> None:
    """Reject what agents running ahead of each other cannot reproduce exactly: a policy store shared
    between agents (one agent's new policy would reach another sooner or later depending on who ran
    first)."""
    store = rt.lifestyle
    if store is not None and store.config.scope == "shared":
        raise ValueError(
            f"--step ahead: run '{run}' uses the policy store's shared scope, where agents reuse each other's "
            "policies as soon as they are written, so who ran first would change the town; use --step phased "
            "with a shared store, or the store's per-agent scope (--policy-scope agent)"
        )


def check_mode(mode: str) -> None:
    """Reject a mode that does not exist, with a clear sentence."""
    if mode not in MODES:
        raise ValueError(f"--mode {mode}: choose one of {', '.join(MODES)}")


def _epoch(run_id: str, step: int) -> str:
    """The policy store's name for the state a checkpoint saved (a store outlives runs: the run's id
    keeps one run's marks from another's)."""
    return f"{run_id}@{step}"
