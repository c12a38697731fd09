"""The vector index of policy texts: chromadb, persistent, always given our vectors, kept bit for bit.

chromadb's default embedding function downloads a model, so collections are created with
``embedding_function=None`` and only vectors are handed to them. The SQL tables hold every vector too,
so this index can be checked and repaired against them (:meth:`PolicyStore.reconcile`).

One collection per kind and owner (chosen when lookups were chromadb queries: on chromadb 1.5 with 10k
vectors an unfiltered query took about 1 ms, one filtered by kind and owner metadata 11-15 ms). Lookups
in the agent scope read one owner's vectors of the kind; the shared scope reads every owner's of the
kind and merges.

New policies wait in memory (:meth:`PolicyIndex.add_later`) and are written in one upsert per
collection at :meth:`PolicyIndex.flush` (a host's checkpoint, closing, or ``flush_at`` waiting): one
upsert per new policy cost ~26 ms (295 of them in a ville25 hour in aga mode). A kill before the flush
loses no policy (the SQL rows are the durable copy and :meth:`PolicyStore.reconcile` indexes them).

Lookups are exact: a collection's vectors are read once into memory (unit length, written and waiting
alike) and ranked by one matrix product, not by chromadb's HNSW query. The approximate graph is not
deterministic (two processes inserting the same vectors could get different neighbours, which changed
what a seed's town did), and its per-query cost (~2 ms) was ~7% of a ville25 window, where a
collection holds tens to a few thousand vectors (1.5 KB each in memory at 384 dimensions). chromadb
stays the durable vector store that a reopened index reads.

Collections are in inner-product space, not cosine: in cosine space chromadb normalises every vector
again in its own float arithmetic, which changed the last bits of over a quarter of them (chromadb
1.5.9), so a reopened index ranked with other vectors than the process that wrote them, and a host
resumed after a crash could break a near tie or a threshold otherwise than one that never stopped.
The space is not used for ranking (lookups are the matrix product above, over unit vectors).
Collections of the cosine form (named ``policies-...``) are dropped on opening; the store's
``reconcile`` writes their vectors again from the SQL rows, which keep them exactly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from policy_store.chroma import open_client

_CONFIG = {"hnsw": {"space": "ip"}}
_STEM = "policy-vectors-"
_FORMER_STEM = "policies-"  # cosine-space collections of stores made before


def _name(kind: str, owner: str) -> str:
    # chromadb names allow [a-zA-Z0-9._-] only; owners are free text, so they are hashed (the
    # collection's metadata keeps the readable pair).
    digest = hashlib.sha1(f"{kind}\n{owner}".encode()).hexdigest()[:16]
    return f"{_STEM}{digest}"


def _unit(vector: np.ndarray) -> np.ndarray:
    # Cosine similarity as chromadb's cosine space measures it (1 - distance) for vectors that may not be
    # unit length: both sides scaled to unit length, a zero vector left as it is (similarity 0).
    vector = np.asarray(vector, dtype=np.float32).reshape(-1)
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm else vector


class PolicyIndex:
    """Policy vectors, one collection per (kind, owner)."""

    def __init__(self, path: Path | None, prefix: str = "", *, flush_at: int = 500) -> None:
        # A folder chromadb cannot read is made anew: the SQL rows hold every vector, and the store's
        # ``reconcile`` on opening writes them again (``rebuilt`` says it happened).
        self._client, self.rebuilt = open_client(path)
        self._prefix = prefix  # keeps in-memory stores of one process apart (they share a client)
        self._collections: dict[tuple[str, str], object] = {}
        self._waiting: dict[tuple[str, str], dict[int, np.ndarray]] = {}  # added, not yet upserted
        # Every vector of a collection read so far (written and waiting), unit length, and its stacked
        # form for ranking (dropped on any change, stacked again at the next lookup).
        self._known: dict[tuple[str, str], dict[int, np.ndarray]] = {}
        self._stacked: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = {}
        self.flush_at = flush_at
        for collection in self._client.list_collections():
            meta = collection.metadata or {}
            if collection.name.startswith(self._prefix + _FORMER_STEM):
                self._client.delete_collection(collection.name)  # written again exactly by reconcile
            elif collection.name.startswith(self._prefix + _STEM) and "kind" in meta:
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
            self._remember((kind, owner), {int(ids[n]): vectors[n] for n in rows})

    def add_later(self, policy_id: int, kind: str, owner: str, vector: np.ndarray) -> None:
        """Add one vector at the next :meth:`flush` (found by :meth:`nearest` at once)."""
        self._waiting.setdefault((kind, owner), {})[int(policy_id)] = np.asarray(vector, dtype=np.float32)
        self._remember((kind, owner), {int(policy_id): vector})
        if self.waiting() >= self.flush_at:
            self.flush()

    def _remember(self, key: tuple[str, str], vectors: dict[int, np.ndarray]) -> None:
        """Keep new vectors in the in-memory copy of a collection already read (else it is read whole,
        these included, at its first lookup)."""
        known = self._known.get(key)
        if known is None:
            return
        known.update({i: _unit(v) for i, v in vectors.items()})
        self._stacked.pop(key, None)

    def _matrix(self, key: tuple[str, str]) -> tuple[np.ndarray, np.ndarray]:
        """(ids, unit vectors as rows) of a collection, written and waiting, read from chromadb once."""
        stacked = self._stacked.get(key)
        if stacked is not None:
            return stacked
        known = self._known.get(key)
        if known is None:
            known = {}
            collection = self._collections.get(key)
            if collection is not None:
                got = collection.get(include=["embeddings"])  # type: ignore[attr-defined]
                for policy_id, vector in zip(got["ids"], got["embeddings"], strict=True):
                    known[int(policy_id)] = _unit(vector)
            known.update({i: _unit(v) for i, v in self._waiting.get(key, {}).items()})
            self._known[key] = known
        # In id order, so that equal similarities rank the same way whatever order the vectors came in.
        ids = np.array(sorted(known), dtype=np.int64)
        matrix = np.stack([known[int(i)] for i in ids]) if len(ids) else np.zeros((0, 0), dtype=np.float32)
        stacked = (ids, matrix)
        self._stacked[key] = stacked
        return stacked

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
        for key, known in self._known.items():
            if doomed & known.keys():
                for policy_id in doomed & known.keys():
                    del known[policy_id]
                self._stacked.pop(key, None)
        wanted = [str(i) for i in doomed]
        if not wanted:
            return
        for collection in self._collections.values():
            # In slices: one SQL variable per id, and SQLite allows 32,766.
            for start in range(0, len(wanted), 5_000):
                collection.delete(ids=wanted[start : start + 5_000])  # type: ignore[attr-defined]

    def nearest(self, query: np.ndarray, k: int, *, kind: str, owner: str | None) -> dict[int, float]:
        """Up to ``k`` policies of ``kind`` (and ``owner``, unless None) nearest ``query``: id -> cosine,
        best first (equal similarities by id)."""
        if k <= 0:
            return {}
        if owner is not None:
            keys = [(kind, owner)]
        else:
            keys = sorted({key for key in (*self._collections, *self._waiting) if key[0] == kind})
        target = _unit(query)
        found: list[tuple[float, int]] = []
        for key in keys:
            ids, matrix = self._matrix(key)
            if not len(ids):
                continue
            # Clipped: float32 rounding can put an identical text a hair above 1.
            similarities = np.clip(matrix @ target, -1.0, 1.0)
            # The k best of this collection, best first and equal ones by id (a full sort: collections
            # hold thousands at most, and a partial one would pick among ties at the k-th place freely);
            # the rest cannot be among the k best overall.
            best = np.lexsort((ids, -similarities))[:k]
            found.extend((float(similarities[n]), int(ids[n])) for n in best)
        found.sort(key=lambda item: (-item[0], item[1]))
        return {policy_id: similarity for similarity, policy_id in found[:k]}

    def ids(self) -> set[int]:
        """Every stored id (waiting ones too)."""
        out: set[int] = {i for entries in self._waiting.values() for i in entries}
        for collection in self._collections.values():
            out.update(int(i) for i in collection.get(include=[])["ids"])  # type: ignore[attr-defined]
        return out

    def clear(self) -> None:
        """Drop every vector."""
        self._waiting.clear()
        self._known.clear()
        self._stacked.clear()
        for collection in self._collections.values():
            self._client.delete_collection(collection.name)  # type: ignore[attr-defined]
        self._collections.clear()
