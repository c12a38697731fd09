"""A private copy of a run to interview: evaluation must not change the run it measures.

Opening a run for stepping drops what came after its checkpoint, reconciles its vector index and takes
its policy store's lock; none of that may touch the run being evaluated (it may be a stopped run that
will be resumed, or a benchmark run whose store another run is using). So the evaluation copies the
database with SQLite's backup API (a consistent copy even while another process writes), drops the
policy store from the copy (interviews do not plan), and opens the copy. The vector folder is copied
only while no process steps the run (its lock is free), since chromadb's files have no consistent
copy; otherwise the copy's index is rebuilt from the memories when it is opened.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from aga.scenario.loader import full_name
from aga.storage import RunPaths, resolve_run


@dataclass(frozen=True)
class Snapshot:
    """The copy, and what identifies the state it holds (the checkpoint it opens at)."""

    paths: RunPaths
    fingerprint: str


def snapshot(run: str, dest: Path, *, at_start: bool = False) -> Snapshot:
    """Copy ``run`` into ``dest/<run id>`` (replacing an earlier copy).

    ``at_start``: the copy keeps only the run's first checkpoint (taken when its start-up ended), so that
    opening it drops everything after: the town as it began. Raises ``ValueError`` when the run has no
    checkpoint yet, or (``at_start``) no longer has its first one.
    """
    source = check_evaluable(run)
    copy = RunPaths(dest / source.run_id)
    if copy.root.exists():
        shutil.rmtree(copy.root)
    copy.root.mkdir(parents=True)
    lock = FileLock(source.lock, timeout=0)
    try:
        lock.acquire()
        idle = True
    except Timeout:
        idle = False  # a run, resume or whisper is writing it now
    try:
        _copy_database(source, copy, run, at_start)
        if idle and source.vectors.exists():
            shutil.copytree(source.vectors, copy.vectors)
    except BaseException:
        shutil.rmtree(copy.root, ignore_errors=True)  # a copy that cannot be opened is no copy
        raise
    finally:
        if idle:
            lock.release()
    with closing(sqlite3.connect(copy.database)) as db:
        (state,) = db.execute("select state_json from checkpoint order by id desc limit 1").fetchone()
    return Snapshot(copy, hashlib.sha256(state.encode()).hexdigest()[:16])


def check_evaluable(run: str, agents: Sequence[str] = ()) -> RunPaths:
    """The run's paths if it is a town run with a checkpoint to interview at, else a ``ValueError``
    that says what it is and what to do (read without the run's lock, before anything is written).

    ``agents``: names (full or first) to interview, each of which must stand for one of the run's
    agents; checked here so that a typo or a shared first name is refused before any model is loaded
    or progress is shown.
    """
    source = resolve_run(run)
    with closing(sqlite3.connect(f"{source.database.resolve().as_uri()}?mode=ro", uri=True, timeout=30)) as db:
        tables = {r[0] for r in db.execute("select name from sqlite_master where type = 'table'")}

        def rows(table: str) -> int:  # a run's database may hold the tables of every kind of run, empty
            return db.execute(f"select count(*) from {table}").fetchone()[0] if table in tables else 0

        if not rows("run_info"):
            if rows("household_run"):
                raise ValueError(
                    f"run '{run}' is a household run: `aga eval` interviews the residents of a town; see its days "
                    f"with `aga household show {source.run_id}`"
                )
            raise ValueError(f"run '{run}' has no simulation state (made by `aga llm try`?): nothing to interview")
        if not rows("checkpoint"):
            raise ValueError(
                f"run '{run}' has no checkpoint yet (stopped during its start-up): `aga resume {source.run_id}` "
                "first, then evaluate it"
            )
        if agents:
            (state,) = db.execute("select state_json from checkpoint order by id desc limit 1").fetchone()
            names = list(json.loads(state).get("agents", {}))
            for name in agents:
                try:
                    full_name(name, names, f"in run '{run}'; its agents are", what="agent")
                except KeyError as exc:
                    raise ValueError(f"--agent {name}: {exc.args[0]}") from None
    return source


def _copy_database(source: RunPaths, copy: RunPaths, run: str, at_start: bool) -> None:
    with closing(sqlite3.connect(source.database, timeout=30)) as src, closing(sqlite3.connect(copy.database)) as dst:
        src.backup(dst)  # check_evaluable has seen a checkpoint: a run's checkpoints only ever grow
        dst.execute("update run_info set policy_store = null, policy_options = null")
        if at_start:
            first_time = dst.execute("select sim_time from checkpoint order by id limit 1").fetchone()[0]
            began = dst.execute("select start from run_info").fetchone()[0]
            if began is None or first_time != began:
                raise ValueError(
                    f"run '{run}' no longer has the checkpoint of its start (runs made before aga kept it "
                    "kept only their last three), so nothing can be measured at its start"
                )
            dst.execute("delete from checkpoint where id > (select min(id) from checkpoint)")
        dst.commit()
