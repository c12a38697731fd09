"""Databases and run folders."""

from aga.storage.db import make_engine, sqlite_url
from aga.storage.runs import RunPaths, resolve_run

__all__ = ["RunPaths", "make_engine", "resolve_run", "sqlite_url"]
