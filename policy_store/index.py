"""The vector index of policy texts: chromadb, persistent, cosine space, always given our vectors.

chromadb's default embedding function downloads a model, so collections are created with
``embedding_function=None`` and only vectors are handed to them. The SQL tables hold every vector too,
so this index can be checked and repaired against them (:meth:`PolicyStore.reconcile`).

One collection per kind and owner. Measured on chromadb 1.5 with 10k vectors: an unfiltered query takes
about 1 ms, the same query filtered by kind and owner metadata 11-15 ms, because the filter is applied
by scanning metadata. Lookups in the agent scope name both, so each one searches a small collection
with no filter; the shared scope searches every owner's collection of the kind and merges.

New policies wait in memory (:meth:`PolicyIndex.add_later`) and are written in one upsert per
collection at :meth:`PolicyIndex.flush` (a host's checkpoint, closing, or ``flush_at`` waiting): one
upsert per new policy cost ~26 ms (295 of them in a ville25 hour in aga mode). Lookups rank the waiting
vectors with the collection's, so when the index is written changes no answer; a kill before the flush
loses no policy (the SQL rows are the durable copy and :meth:`PolicyStore.reconcile` indexes them).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

_CONFIG = {"hnsw": {"space": "cosine"}}


def _name(kind: str, owner: str) -> str:
    # chromadb names allow [a-zA-Z0-9._-] only; owners are free text, so they are hashed (the
    # collection's metadata keeps the readable pair).
    digest = hashlib.sha1(f"{kind}\n{owner}".encode()).hexdigest()[:16]
    return f"policies-{digest}"


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    # As chromadb's cosine space measures it (1 - distance), for vectors that may not be unit length.
    norms = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float(a @ b) / norms if norms else 0.0


class PolicyIndex:
    """Policy vectors, one collection per (kind, owner)."""

    def __init__(self, path: Path | None, prefix: str = "", *, flush_at: int = 500) -> None:
        import chromadb
        from chromadb.config import Settings

        settings = Settings(anonymized_telemetry=False)
        self._client = (
            chromadb.PersistentClient(path=str(path), settings=settings)
            if path is not None
            else chromadb.EphemeralClient(settings=settings)
        )
        self._prefix = prefix  # keeps in-memory stores of one process apart (they share a client)
        self._collections: dict[tuple[str, str], object] = {}
        self._waiting: dict[tuple[str, str], dict[int, np.ndarray]] = {}  # added, not yet upserted
        self.flush_at = flush_at
        for collection in self._client.list_collections():
            meta = collection.metadata or {}
            if collection.name.startswith(self._prefix + "policies-") and "kind" in meta:
                self._collections[(str(meta["kind"]), str(meta["owner"]))] = collection

    def close(self) -> None:
        """Write what is waiting and release chromadb's client: it keeps one system per folder for the
        life of the process otherwise, which then answers for a folder deleted and made again ("readonly
        database")."""
        try:
            self.flush()
        finally:
            self._client.close()

    def _get(self, kind: str, owner: str, *, create: bool) -> object | None:
        key = (kind, owner)
        if key not in self._collections and create:
            self._collections[key] = self._client.get_or_create_collection(
                self._prefix + _name(kind, owner),
                embedding_function=None,
                configuration=_CONFIG,  # type: ignore[arg-type]
                metadata={"kind": kind, "owner": owner},
            )
        return self._collections.get(key)

    def add(self, ids: Sequence[int], kinds: Sequence[str], owners: Sequence[str], vectors: np.ndarray) -> None:
        """Store vectors (upsert)."""
        vectors = np.asarray(vectors, dtype=np.float32)
        groups: dict[tuple[str, str], list[int]] = {}
        for n, key in enumerate(zip(kinds, owners, strict=True)):
            groups.setdefault(key, []).append(n)
        batch = self._client.get_max_batch_size()  # chromadb refuses larger upserts (a rebuilt index)
        for (kind, owner), rows in groups.items():
            collection = self._get(kind, owner, create=True)
            for start in range(0, len(rows), batch):
                part = rows[start : start + batch]
                collection.upsert(ids=[str(ids[n]) for n in part], embeddings=vectors[part])  # type: ignore[attr-defined]

    def add_later(self, policy_id: int, kind: str, owner: str, vector: np.ndarray) -> None:
        """Add one vector at the next :meth:`flush` (found by :meth:`nearest` at once)."""
        self._waiting.setdefault((kind, owner), {})[int(policy_id)] = np.asarray(vector, dtype=np.float32)
        if self.waiting() >= self.flush_at:
            self.flush()

    def waiting(self) -> int:
        """How many vectors wait for the next :meth:`flush`."""
        return sum(len(v) for v in self._waiting.values())

    def flush(self) -> int:
        """Write the waiting vectors, one upsert per collection; returns how many."""
        written = 0
        for key in list(self._waiting):
            entries = self._waiting[key]
            if not entries:  # every waiting vector of it was deleted
                del self._waiting[key]
                continue
            self.add(list(entries), [key[0]] * len(entries), [key[1]] * len(entries), np.stack(list(entries.values())))
            # Forgotten only once written: a failed upsert leaves them waiting (upserting twice is harmless).
            del self._waiting[key]
            written += len(entries)
        return written

    def delete(self, ids: Iterable[int]) -> None:
        """Forget vectors wherever they are (unknown ids are ignored)."""
        doomed = {int(i) for i in ids}
        for entries in self._waiting.values():
            for policy_id in doomed & entries.keys():
                del entries[policy_id]
        wanted = [str(i) for i in doomed]
        if not wanted:
            return
        for collection in self._collections.values():
            # In slices: one SQL variable per id, and SQLite allows 32,766.
            for start in range(0, len(wanted), 5_000):
                collection.delete(ids=wanted[start : start + 5_000])  # type: ignore[attr-defined]

    def nearest(self, query: np.ndarray, k: int, *, kind: str, owner: str | None) -> dict[int, float]:
        """Up to ``k`` policies of ``kind`` (and ``owner``, unless None) nearest ``query``: id -> cosine."""
        if owner is not None:
            one = self._get(kind, owner, create=False)
            collections = [one] if one is not None else []
        else:
            collections = [c for (kd, _), c in self._collections.items() if kd == kind]
        found: dict[int, float] = {}
        embedding = np.asarray(query, dtype=np.float32)[None, :]
        keys = [(kind, owner)] if owner is not None else [key for key in self._waiting if key[0] == kind]
        for key in keys:
            for policy_id, vector in self._waiting.get(key, {}).items():
                found[policy_id] = _cosine(embedding[0], vector)
        for collection in collections:
            # No count() first: a query of an empty collection returns no ids, and the count cost 3 ms a
            # lookup (measured: 2.3 s of a ville25 hour in aga mode).
            result = collection.query(query_embeddings=embedding, n_results=k, include=["distances"])  # type: ignore[attr-defined]
            ids = result["ids"][0] if result["ids"] else []
            distances = result["distances"][0] if result["distances"] else []
            # chromadb's cosine space reports distance = 1 - cosine similarity.
            found.update({int(i): 1.0 - float(d) for i, d in zip(ids, distances, strict=True)})
        best = sorted(found.items(), key=lambda item: -item[1])[:k]
        return dict(best)

    def ids(self) -> set[int]:
        """Every stored id (waiting ones too)."""
        out: set[int] = {i for entries in self._waiting.values() for i in entries}
        for collection in self._collections.values():
            out.update(int(i) for i in collection.get(include=[])["ids"])  # type: ignore[attr-defined]
        return out

    def clear(self) -> None:
        """Drop every vector."""
        self._waiting.clear()
        for collection in self._collections.values():
            self._client.delete_collection(collection.name)  # type: ignore[attr-defined]
        self._collections.clear()
