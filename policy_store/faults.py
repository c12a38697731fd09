"""What a failed write or read of a store's files says, in words its user can act on.

Shared by the store's own SQLite database and chromadb folder, and by hosts that keep their state the
same way (aga's run databases use :func:`name_database_faults` too), so that a damaged or read-only
file is named with what to do about it instead of ending in a driver's traceback.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

# SQLite's messages for a file that cannot be used as it is, and what to do about each.
_DATABASE_FAULTS = {
    "malformed": "the file is damaged (a copy cut short, a disk fault); restore it from a backup, or keep what "
    "can be read with `sqlite3 FILE .recover | sqlite3 NEW_FILE` and put NEW_FILE in its place",
    "file is not a database": "the file is not a SQLite database (overwritten, or a wrong file put in its place); "
    "restore it from a backup",
    "readonly database": "the file or its folder is read-only; make both writable (`chmod u+w`), or work on a copy",
    "unable to open database file": "its folder is missing or cannot be written; check the path and its permissions",
    "disk I/O error": "the disk failed to read or write it; check the disk, then try again",
}


def create_tables(metadata: MetaData, engine: Engine, tables: Sequence[Any] | None = None) -> None:
    """``metadata.create_all`` that processes opening a new database at once can all do.

    Each finds a table missing and creates it, and the later ``CREATE`` fails with "table ... already
    exists" (two ``aga bench tokens --jobs 2`` workers on a fresh embedding cache did: one chain of runs
    ended at its start). Looking again then finds the table made, so the call goes on; every other
    error is raised.
    """
    chosen = list(tables) if tables is not None else None
    # Each try creates at least the table another process made first, so one try per table suffices.
    for tries_left in range(len(chosen if chosen is not None else metadata.sorted_tables), -1, -1):
        try:
            metadata.create_all(engine, tables=chosen)
            return
        except OperationalError as exc:
            if "already exists" not in str(exc) or not tries_left:
                raise


def no_space(exc: BaseException) -> bool:
    """True for an error that says the disk (or the database's quota) is full, whoever raised it (the
    OS, SQLite, chromadb's own error types)."""
    # The words may be on an error it was raised from: chromadb's "Error in compaction: Failed to apply
    # logs to the metadata segment" came from SQLite's "database or disk is full" (seen on a 5 MB disk).
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        text = str(exc)
        if "disk is full" in text or "No space left" in text:
            return True
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return False


# Below this much free space, a failed write is taken for a full disk whatever its words: chromadb's
# compaction error on a full disk does not always say why.
LOW_SPACE_BYTES = 16 * 1024 * 1024


def little_space(path: str | os.PathLike[str]) -> bool:
    """Whether the disk holding ``path`` has under :data:`LOW_SPACE_BYTES` free (False if unknown)."""
    try:
        return shutil.disk_usage(path).free < LOW_SPACE_BYTES
    except OSError:
        return False


def database_fault(message: str) -> str | None:
    """For a SQLite error message that says the file cannot be used as it is, what to do (else None)."""
    return next((fix for needle, fix in _DATABASE_FAULTS.items() if needle in message), None)


def name_database_faults(engine: Engine, error: Callable[[str], Exception], *, path: str | None = None) -> None:
    """Make ``engine`` raise ``error(sentence)`` for a SQLite file it cannot use, the sentence naming the
    file (``path``, else the engine's), SQLite's words and what to do, in place of the driver's error
    (SQLAlchemy's ``handle_error`` hook: one place for every statement, rather than a try around each)."""
    # A read-only URL names the file as "file:PATH" (see read_only_url): the user knows it as PATH.
    path = path or (engine.url.database or str(engine.url)).removeprefix("file:")

    def handle(context: object) -> None:
        original = getattr(context, "original_exception", None)
        fix = database_fault(str(original)) if original is not None else None
        if fix is not None:
            raise error(f"{path}: {str(original).splitlines()[0]}; {fix}") from original

    event.listen(engine, "handle_error", handle)


def read_only_url(path: Path) -> str | None:
    """A SQLAlchemy URL that reads ``path`` without writing, when the file exists and cannot be written
    (a read-only mount or share, no write permission, an immutable file) or its folder cannot take the
    ``-wal`` and ``-shm`` files; None otherwise.

    A WAL-mode database cannot even be read through a plain URL then: SQLite must create its ``-shm``
    file. ``immutable=1`` reads the main file only, so rows still in a ``-wal`` file (a run killed
    before its last checkpoint of the journal) are not seen; a cleanly closed database has none.

    Asked with ``access(2)``, never by opening the file: closing any descriptor of a database file
    drops every POSIX lock the process holds on it, SQLite's included, and another process closing
    its connection then deletes the ``-wal`` and ``-shm`` files under live connections (that corrupted
    the shared embedding cache while two benchmarks ran). ``access`` sees read-only mounts (EROFS),
    permissions and the immutable attribute alike.
    """
    if not path.is_file():
        return None
    if os.access(path, os.W_OK) and os.access(path.parent, os.W_OK):
        return None
    return f"sqlite:///file:{path}?mode=ro&immutable=1&uri=true"
