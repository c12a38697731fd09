"""A chromadb client for a folder of vectors that have a durable copy elsewhere (SQL rows).

The policy store's index and a run's memory index are both such folders: every vector they hold can be
written again from the rows (the policy rows keep their vectors, the memory rows their texts). So a
folder chromadb cannot read (a database image damaged by a full disk or a bad copy, an HNSW file cut
short) is not a reason to stop: it is removed and made anew, and the caller writes the vectors again
(``PolicyStore.reconcile``, ``MemoryStream.reconcile``). Otherwise a run with such a folder could
neither resume nor start again until someone found and deleted it by hand.

A full disk is the exception: removing the folder would not help the write that failed, so its error
is raised as it is (the host says "free some space").
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from policy_store.faults import no_space

log = logging.getLogger("policy_store.chroma")


def open_client(path: Path | None) -> tuple[Any, bool]:
    """A chromadb client for ``path`` (in memory when None) and whether the folder was made anew because
    chromadb could not read it; the caller then writes its vectors again from its durable copy."""
    import chromadb
    from chromadb.config import Settings
    from chromadb.errors import ChromaError

    settings = Settings(anonymized_telemetry=False)
    if path is None:
        return chromadb.EphemeralClient(settings=settings), False
    client = None
    try:
        client = chromadb.PersistentClient(path=str(path), settings=settings)
        # Read every collection once: chromadb opens an HNSW segment lazily, at the first read, so a
        # damaged one would otherwise fail mid-run instead of here.
        for collection in client.list_collections():
            collection.get(limit=1, include=["embeddings"])
        return client, False
    except (ChromaError, sqlite3.DatabaseError, OSError) as exc:
        if no_space(exc):
            raise
        damage = exc
    _forget(client, path)
    log.warning("the vector folder %s could not be read (%s); it is made anew from the durable copy", path, damage)
    shutil.rmtree(path, ignore_errors=True)
    return chromadb.PersistentClient(path=str(path), settings=settings), True


def _forget(client: Any, path: Path) -> None:
    # chromadb keeps one system per folder for the life of the process and hands it to the next client of
    # the same folder: the damaged one must go, or the new folder would be served by it. A client that
    # was made is closed (its system stops); one whose system failed to start never counted a reference,
    # so its entry is dropped from the cache by hand (chromadb has no public call for one folder).
    from chromadb.api.shared_system_client import SharedSystemClient

    if client is not None:
        try:
            client.close()
        except Exception:  # a damaged system may fail to stop; it is dropped below either way
            log.debug("closing the damaged client of %s failed", path, exc_info=True)
    system = SharedSystemClient._identifier_to_system.pop(str(path), None)
    SharedSystemClient._identifier_to_refcount.pop(str(path), None)
    if system is not None:
        try:
            system.stop()
        except Exception:  # it never started, or started half way
            log.debug("stopping the damaged system of %s failed", path, exc_info=True)
