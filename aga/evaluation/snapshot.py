"""A private copy of a run to interview: evaluation must not change the run it measures.

Opening a run for stepping drops what came after its checkpoint, reconciles its vector index and takes
its policy store's lock; none of that may touch the run being evaluated (it may be a stopped run that
will be resumed, or a benchmark run whose store another run is using). So the evaluation copies the
database with SQLite's backup API (a consistent copy even while another process writes) and the vector
folder, drops the policy store from the copy (interviews do not plan), and opens the copy.
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from aga.storage import RunPaths, resolve_run


def snapshot(run: str, dest: Path, *, at_start: bool = False) -> RunPaths:
    """Copy ``run`` into ``dest/<run id>`` (replacing an earlier copy) and return the copy's paths.

    ``at_start``: the copy keeps only the run's first checkpoint (taken when its start-up ended), so that
    opening it drops everything after: the town as it began.
    """
    source = resolve_run(run)
    copy = RunPaths(dest / source.run_id)
    if copy.root.exists():
        shutil.rmtree(copy.root)
    copy.root.mkdir(parents=True)
    with closing(sqlite3.connect(source.database, timeout=30)) as src, closing(sqlite3.connect(copy.database)) as dst:
        src.backup(dst)
        tables = {r[0] for r in dst.execute("select name from sqlite_master where type = 'table'")}
        if "checkpoint" not in tables or dst.execute("select count(*) from checkpoint").fetchone()[0] == 0:
            raise ValueError(
                f"run '{run}' has no checkpoint yet (stopped during its start-up): `aga resume {source.run_id}` "
                "first, then evaluate it"
            )
        dst.execute("update run_info set policy_store = null, policy_options = null")
        if at_start:
            dst.execute("delete from checkpoint where id > (select min(id) from checkpoint)")
        dst.commit()
    if source.vectors.exists():
        shutil.copytree(source.vectors, copy.vectors)
    return copy
