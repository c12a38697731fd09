"""Opening SQL databases (SQLite by default, any SQLAlchemy URL).

SQLite is opened in WAL mode with ``synchronous=NORMAL``: every committed row survives a crash of the
process (``kill -9``), readers (``aga ledger`` while a run is going) never block the writer, and a
commit costs well under a millisecond, which matters because the ledger commits one row per LLM call.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel, create_engine

from policy_store.faults import create_tables, name_database_faults, read_only_url
from policy_store.sqlite import set_pragmas


class StorageError(Exception):
    """A run's database that cannot be used as it is (damaged, read-only, not a database): the message
    names the file and what to do."""


def sqlite_url(path: Path) -> str:
    """SQLAlchemy URL of a SQLite file, creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def make_engine(url: str) -> Engine:
    """Create an engine for ``url`` and create every table known to SQLModel.

    Table classes must have been imported before the call for their tables to be created.
    """
    is_sqlite = url.startswith("sqlite")
    if url.startswith("sqlite:///"):
        _check_run_tables(Path(url.removeprefix("sqlite:///")))
    # A run on a read-only disk or share can still be inspected (`aga show`, `log`, `ledger`); what
    # would write says the file is read-only (see name_database_faults).
    read_only = read_only_url(Path(url.removeprefix("sqlite:///"))) if url.startswith("sqlite:///") else None
    if read_only is not None and _outdated(read_only):
        return _migrated_in_memory(read_only, Path(url.removeprefix("sqlite:///")))
    engine = create_engine(read_only or url, connect_args={"check_same_thread": False} if is_sqlite else {})
    if is_sqlite:
        if read_only is None:
            event.listen(engine, "connect", set_pragmas)
        name_database_faults(engine, StorageError)
    if read_only is None:  # creating a missing table would write
        create_tables(SQLModel.metadata, engine)
    return engine


# Tables every town run has had since its first version: one gone from a database that records a run
# was dropped by hand or by a fault, and creating it anew (as ``create_all`` would, silently) would go on
# from an empty timeline or memory as if nothing had been lost (found by an outside fault trial).
_RUN_TABLES = ("memory_node", "timeline", "llm_ledger")


def _check_run_tables(path: Path) -> None:
    """Raise :class:`StorageError` when the SQLite file at ``path`` records a town run but lacks one of
    the tables every run has."""
    if not path.is_file() or path.stat().st_size == 0:
        return
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "run_info" not in tables or not db.execute("SELECT 1 FROM run_info LIMIT 1").fetchone():
                return
    except sqlite3.DatabaseError:
        return  # damaged or not a database: named by name_database_faults when the engine first reads it
    missing = [t for t in _RUN_TABLES if t not in tables]
    if missing:
        raise StorageError(
            f"{path} records a run but has no {', '.join(repr(t) for t in missing)} table: the file was damaged "
            "or edited, and going on would start that record anew; restore the file from a backup, or start "
            "the town anew under another --run-id"
        )


def _outdated(read_only: str) -> bool:
    """Whether a database read through ``read_only`` lacks a column of a table this aga declares (a run
    written by an older aga: see :func:`add_missing_columns`)."""
    with contextlib.closing(sqlite3.connect(read_only.removeprefix("sqlite:///"), uri=True)) as db:
        for table in SQLModel.metadata.sorted_tables:
            present = {row[1] for row in db.execute(f'PRAGMA table_info("{table.name}")')}
            if present and any(c.name not in present for c in table.columns):
                return True
    return False


def _migrated_in_memory(read_only: str, path: Path) -> Engine:
    """An engine on an in-memory copy of a read-only database written by an older aga, brought up to
    date in the copy (the file cannot take the new columns), so that such a run can still be inspected.

    The copy then refuses writes as the file would (``query_only``), naming the file: a command that
    writes must not seem to succeed into memory. Costs the database's size in memory, for such runs only.
    """
    copy = sqlite3.connect(":memory:", check_same_thread=False)
    with contextlib.closing(sqlite3.connect(read_only.removeprefix("sqlite:///"), uri=True)) as source:
        source.backup(copy)
    engine = create_engine("sqlite://", creator=lambda: copy, poolclass=StaticPool)
    create_tables(SQLModel.metadata, engine)
    for table in SQLModel.metadata.sorted_tables:
        _add_missing(engine, table)
    copy.execute("PRAGMA query_only = ON")
    name_database_faults(engine, StorageError, path=str(path))
    return engine


def add_missing_columns(engine: Engine, table: type[SQLModel]) -> list[str]:
    """Add columns a newer version declared to an existing table (nullable ones only); returns their names.

    ``create_all`` creates missing tables but never alters existing ones, so a run folder written by
    an older aga would otherwise fail on resume. New columns are always optional, so an
    ``ALTER TABLE ADD COLUMN`` keeps every old row valid.
    """
    return _add_missing(engine, table.__table__)  # type: ignore[attr-defined]


def _add_missing(engine: Engine, sql_table: Any) -> list[str]:
    from sqlalchemy import inspect, text

    inspector = inspect(engine)
    if not inspector.has_table(sql_table.name):
        return []
    present = {c["name"] for c in inspector.get_columns(sql_table.name)}
    added = []
    with engine.begin() as conn:
        for column in sql_table.columns:
            if column.name in present or not column.nullable:
                continue
            kind = column.type.compile(dialect=engine.dialect)
            conn.execute(text(f'ALTER TABLE "{sql_table.name}" ADD COLUMN "{column.name}" {kind}'))
            added.append(column.name)
    return added


def insert_row(engine: Engine, row: SQLModel) -> int:
    """Commit one new row of a table model in its own transaction; sets and returns its integer id.

    A Core insert rather than ``Session.add``: the ORM's unit of work (identity map, flush plan,
    attribute events) cost ~0.5 ms a row, and a ville25 day writes ~40,000 single rows (ledger,
    memories, decisions, timeline) each committed at once so that a crash loses none of them
    (measured in benchmarks/results/framework_ville25.md). Every field is written with its value on the
    model (its Python default where it was not given), as the ORM wrote it.
    """
    table = row.__table__  # type: ignore[attr-defined]
    values = row.model_dump(exclude={"id"})
    with engine.begin() as connection:
        result = connection.execute(table.insert(), values)
    new_id = int(result.inserted_primary_key[0])
    row.id = new_id  # type: ignore[attr-defined]
    return new_id
