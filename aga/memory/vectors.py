"""The durable store of memory vectors: chromadb, persistent, with our embeddings, kept bit for bit.

Searches do not go through it: the stream ranks an agent's vectors exactly in memory (see
:mod:`aga.memory.stream`), and reads them from here when it opens.

chromadb is always given vectors: its default embedding function downloads a model, so collections are
created with ``embedding_function=None`` and no text is ever handed to it.

The collection is in inner-product space, not cosine: in cosine space chromadb normalises every vector
again in its own float arithmetic, which changed the last bits of over a quarter of them (chromadb
1.5.9; writing the read form back changed it again). The process that wrote a memory ranks with the
vector it computed and a process that reopens the run with the one it reads here, so a run resumed
after a crash broke near ties otherwise than the run that never stopped, and went another way (a
conversation in ville3 did). Inner-product space keeps a vector bit for bit, and it is never searched
here anyway; our vectors are of unit length (the ``Embedder`` contract), so their inner product is
their cosine.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from policy_store.chroma import open_client

# chromadb turns ``get(ids=...)`` into one SQL statement with a variable per id, and SQLite allows 32,766:
# a two-day 25-agent run already holds more memories than that, so reads go in slices.
READ_SLICE = 5_000
COLLECTION = "memory-vectors"
# The cosine-space collection of runs made before; its vectors move to COLLECTION when the run opens.
FORMER_COLLECTION = "memories"


class VectorIndex:
    """Memory embeddings of one run, with the agent as metadata."""

    def __init__(self, path: Path | None, collection: str = COLLECTION) -> None:
        # A folder chromadb cannot read (damaged by a full disk or a bad copy) is made anew: the memory
        # rows hold every text, and ``MemoryStream.reconcile`` embeds them again (``rebuilt`` says so).
        self._client, self.rebuilt = open_client(path)
        self._collection = self._client.get_or_create_collection(
            collection, embedding_function=None, configuration={"hnsw": {"space": "ip"}}
        )
        self._batch = self._client.get_max_batch_size()  # the most ids one upsert may carry
        if collection == COLLECTION:
            self._move_former()

    def _move_former(self) -> None:
        """Move a run's vectors from the cosine collection runs were made with before to this one.

        Copied as they were read (already changed by chromadb's normalising), not embedded again: the
        run then ranks as it would have resumed before, and a model that is no longer installed is not
        needed. An upsert again after a kill mid-way is harmless; the former collection goes last.
        """
        if FORMER_COLLECTION not in {c.name for c in self._client.list_collections()}:
            return
        former = self._client.get_collection(FORMER_COLLECTION, embedding_function=None)
        offset = 0
        while True:
            page = former.get(include=["embeddings", "metadatas"], limit=READ_SLICE, offset=offset)
            if len(page["ids"]):
                self._upsert(list(page["ids"]), np.asarray(page["embeddings"], dtype=np.float32), page["metadatas"])
            if len(page["ids"]) < READ_SLICE:
                break
            offset += READ_SLICE
        self._client.delete_collection(FORMER_COLLECTION)

    def close(self) -> None:
        """Release chromadb's client: it keeps one system per folder for the life of the process
        otherwise, which then answers for a folder deleted and made again ("readonly database")."""
        self._client.close()

    def add(self, ids: Sequence[int], agents: Sequence[str], vectors: np.ndarray) -> None:
        """Store vectors (upsert: adding the same id again replaces it), in batches chromadb accepts."""
        if not len(ids):
            return
        self._upsert([str(i) for i in ids], np.asarray(vectors, dtype=np.float32), [{"agent": a} for a in agents])

    def _upsert(self, ids: list[str], vectors: np.ndarray, metadatas: Sequence[Any]) -> None:
        for start in range(0, len(ids), self._batch):
            end = start + self._batch
            self._collection.upsert(ids=ids[start:end], embeddings=vectors[start:end], metadatas=metadatas[start:end])

    def vectors(self, ids: Sequence[int]) -> dict[int, np.ndarray]:
        """Stored vectors by id (missing ids are left out)."""
        out: dict[int, np.ndarray] = {}
        for start in range(0, len(ids), READ_SLICE):
            wanted = [str(i) for i in ids[start : start + READ_SLICE]]
            got = self._collection.get(ids=wanted, include=["embeddings"])
            out.update(
                {int(i): np.asarray(v, dtype=np.float32) for i, v in zip(got["ids"], got["embeddings"], strict=True)}
            )
        return out

    def ids(self) -> set[int]:
        """Every stored id (read page by page, without the vectors)."""
        out: set[int] = set()
        offset = 0
        while True:
            page = self._collection.get(include=[], limit=READ_SLICE, offset=offset)["ids"]
            out.update(int(i) for i in page)
            if len(page) < READ_SLICE:
                return out
            offset += READ_SLICE

    def count(self) -> int:
        """Number of stored vectors."""
        return int(self._collection.count())

    def dim(self) -> int | None:
        """The length of the stored vectors (None while there are none)."""
        got = self._collection.get(include=["embeddings"], limit=1)["embeddings"]
        return len(got[0]) if got is not None and len(got) else None

    def clear(self) -> None:
        """Drop every vector (the collection is made anew, so it takes vectors of any length)."""
        name = self._collection.name
        self._client.delete_collection(name)
        self._collection = self._client.get_or_create_collection(
            name, embedding_function=None, configuration={"hnsw": {"space": "ip"}}
        )
