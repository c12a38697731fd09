"""The durable store of memory vectors: chromadb, persistent, cosine space, with our embeddings.

Searches do not go through it: the stream ranks an agent's vectors exactly in memory (see
:mod:`aga.memory.stream`), and reads them from here when it opens.

chromadb is always given vectors: its default embedding function downloads a model, so collections are
created with ``embedding_function=None`` and no text is ever handed to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from policy_store.chroma import open_client

# chromadb turns ``get(ids=...)`` into one SQL statement with a variable per id, and SQLite allows 32,766:
# a two-day 25-agent run already holds more memories than that, so reads go in slices.
READ_SLICE = 5_000


class VectorIndex:
    """Memory embeddings of one run, with the agent as metadata."""

    def __init__(self, path: Path | None, collection: str = "memories") -> None:
        # A folder chromadb cannot read (damaged by a full disk or a bad copy) is made anew: the memory
        # rows hold every text, and ``MemoryStream.reconcile`` embeds them again (``rebuilt`` says so).
        self._client, self.rebuilt = open_client(path)
        self._collection = self._client.get_or_create_collection(
            collection, embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
        )
        self._batch = self._client.get_max_batch_size()  # the most ids one upsert may carry

    def close(self) -> None:
        """Release chromadb's client: it keeps one system per folder for the life of the process
        otherwise, which then answers for a folder deleted and made again ("readonly database")."""
        self._client.close()

    def add(self, ids: Sequence[int], agents: Sequence[str], vectors: np.ndarray) -> None:
        """Store vectors (upsert: adding the same id again replaces it), in batches chromadb accepts."""
        if not len(ids):
            return
        vectors = np.asarray(vectors, dtype=np.float32)
        for start in range(0, len(ids), self._batch):
            end = start + self._batch
            self._collection.upsert(
                ids=[str(i) for i in ids[start:end]],
                embeddings=vectors[start:end],
                metadatas=[{"agent": a} for a in agents[start:end]],
            )

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
