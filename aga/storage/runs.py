"""Run folders: ``runs/<run-id>/`` holds a run's database, vectors, log and metrics."""

from __future__ import annotations

import errno
import re
from dataclasses import dataclass
from pathlib import Path

from filelock import BaseFileLock, FileLock, Timeout

from aga.config import RUNS_ENV, runs_dir
from aga.storage.db import sqlite_url

_RUN_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
# Folders of the runs folder that are not runs: a run of that id would write into them, and "delete
# runs/<id> to start over" would then delete them.
RESERVED = {
    "policies": "the shared Lifestyle Policy stores",
    "eval": "the evaluations (`aga eval`)",
}


@dataclass(frozen=True)
class RunPaths:
    """The files of one run."""

    root: Path

    @property
    def run_id(self) -> str:
        """The run's id: the folder's name."""
        return self.root.name

    @property
    def database(self) -> Path:
        """SQLite file with the ledger and the run's state."""
        return self.root / "aga.db"

    @property
    def database_url(self) -> str:
        """SQLAlchemy URL of :attr:`database`."""
        return sqlite_url(self.database)

    @property
    def vectors(self) -> Path:
        """Folder of the run's chromadb collections."""
        return self.root / "vectors"

    @property
    def metrics_textfile(self) -> Path:
        """Prometheus textfile written at the end of the run."""
        return self.root / "metrics.prom"

    @property
    def lock(self) -> Path:
        """Lock file held by the one process that may step or change the run."""
        return self.root / "run.lock"

    @property
    def log(self) -> Path:
        """Human-readable log of the run."""
        return self.root / "run.log"

    def create(self) -> RunPaths:
        """Create the folder (idempotent) and return self."""
        self.root.mkdir(parents=True, exist_ok=True)
        return self


class RunInUse(ValueError):
    """Another process (or another open ``Run`` object) holds the run."""


def lock_run(paths: RunPaths) -> BaseFileLock:
    """Take the run's lock without waiting, or raise :class:`RunInUse` with what to do.

    Opening a run for stepping drops what came after its checkpoint, so a second opener (an
    ``aga interview`` or ``aga resume`` while ``aga run`` goes on) would delete rows the first is still
    using. Read-only inspection (``aga show``, ``log``, ``ledger``, ``social``) takes no lock.
    The OS releases the lock when the process dies, so a killed run can be resumed at once.
    """
    lock = FileLock(paths.lock, timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise RunInUse(
            f"run '{paths.run_id}' ({paths.root}) is in use elsewhere (an `aga run`, `aga resume`, "
            "interview or whisper still going); wait for it to end or stop it with Ctrl-C, then try again. "
            "`aga show`, `log`, `ledger` and `social` can read it meanwhile"
        ) from None
    except OSError as exc:
        if exc.errno == errno.EISDIR:
            raise ValueError(
                f"run '{paths.run_id}': its lock {paths.lock} is a folder, not a file; remove it "
                f"(`rm -r '{paths.lock}'`) and try again"
            ) from None
        # No permission, an immutable file, a read-only disk: the run can be read but not changed.
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        raise ValueError(
            f"run '{paths.run_id}' cannot be changed: its lock {paths.lock} cannot be written ({exc.strerror}); "
            f"make {paths.root} writable, or copy it (`cp -r {paths.root} {runs_dir() / 'NEW_ID'}`) and go on "
            "with the copy. `aga show`, `log` and `ledger` read it as it is"
        ) from None
    return lock


def run_in_use(paths: RunPaths) -> bool:
    """Whether a process holds the run now (its lock is taken), for telling a live run from one whose
    process was killed while its status still says "running".

    flock offers no way to ask without taking, so the lock is taken without waiting and let go at once;
    a resume started in that same instant is told the run is in use and can simply be started again.
    A lock file that cannot be opened (a read-only copy of a run) counts as not in use.
    """
    if not paths.lock.exists():
        return False
    lock = FileLock(paths.lock, timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return True
    except OSError:
        return False
    lock.release()
    return False


def resolve_run(run: str, *, must_exist: bool = True) -> RunPaths:
    """Turn a run id (``runs/<id>``) or a path to a run folder into :class:`RunPaths`.

    Raises ``ValueError`` with a sentence that says what is wrong and how to fix it.
    """
    as_path = Path(run)
    try:
        if as_path.is_dir() and (as_path / "aga.db").exists():
            return RunPaths(as_path)
    except OSError:  # a name too long for the file system (ENAMETOOLONG) is no folder: said below
        pass
    if not _RUN_ID.match(run):
        raise ValueError(
            f"'{run[:120]}' is not a run id (up to 100 letters, digits, '.', '_' or '-', starting with a "
            f"letter or digit) nor a run folder; list runs with `ls {runs_dir()}`"
        )
    if runs_dir().exists() and not runs_dir().is_dir():
        raise ValueError(
            f"the runs folder {runs_dir()} is a file, not a folder: point {RUNS_ENV} at a folder (or unset it "
            "to use ./runs)"
        )
    if not must_exist and run.lower() in RESERVED:  # POLICIES is policies/ on a case-insensitive disk
        raise ValueError(
            f"'{run}' is the name of the folder of {RESERVED[run.lower()]} in {runs_dir()}/: give the run another id"
        )
    paths = RunPaths(runs_dir() / run)
    if must_exist and not paths.database.exists() and paths.root.is_dir() and any(paths.root.iterdir()):
        raise ValueError(
            f"run folder {paths.root} has no database aga.db (deleted or moved?); put it back to use the run, "
            f"or remove the folder (`rm -r '{paths.root}'`) to use the id anew"
        )
    if must_exist and not paths.database.exists():
        raise ValueError(
            f"no run '{run}' in {runs_dir()}/ (no {paths.database}); "
            "check the id with `ls runs/` or set AGA_RUNS_DIR to the folder that holds your runs"
        )
    return paths
