"""Databases and run folders."""

from aga.storage.db import StorageError, make_engine, sqlite_url
from aga.storage.runs import RunInUse, RunPaths, lock_run, resolve_run

__all__ = ["RunInUse", "RunPaths", "StorageError", "lock_run", "make_engine", "resolve_run", "sqlite_url"]
