"""The vector index of policy texts: chromadb, persistent, cosine space, always given our vectors.

chromadb's default embedding function downloads a model, so collections are created with
``embedding_function=None`` and only vectors are handed to them. The SQL tables hold every vector too,
so this index can be checked and repaired against them (:meth:`PolicyStore.reconcile`).

One collection per kind and owner. Measured on chromadb 1.5 with 10k vectors: an unfiltered query takes
about 1 ms, the same query filtered by kind and owner metadata 11-15 ms, because the filter is applied
by scanning metadata. Lookups in the agent scope name both, so each one searches a small collection
with no filter; the shared scope searches every owner's collection of the kind and merges.
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


class PolicyIndex:
    """Policy vectors, one collection per (kind, owner)."""

    def __init__(self, path: Path | None, prefix: str = "") -> None:
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
        for collection in self._client.list_collections():
            meta = collection.metadata or {}
            if collection.name.startswith(self._prefix + "policies-") and "kind" in meta:
                self._collections[(str(meta["kind"]), str(meta["owner"]))] = collection

    def close(self) -> None:
        """Release chromadb's client: it keeps one system per folder for the life of the process
        otherwise, which then answers for a folder deleted and made again ("readonly database")."""
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

    def delete(self, ids: Iterable[int]) -> None:
        """Forget vectors wherever they are (unknown ids are ignored)."""
        wanted = [str(i) for i in ids]
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
        """Every stored id."""
        out: set[int] = set()
        for collection in self._collections.values():
            out.update(int(i) for i in collection.get(include=[])["ids"])  # type: ignore[attr-defined]
        return out

    def clear(self) -> None:
        """Drop every vector."""
        for collection in self._collections.values():
            self._client.delete_collection(collection.name)  # type: ignore[attr-defined]
        self._collections.clear()
