"""A persistent embedding cache keyed by a hash of the model name and the text.

A town re-embeds the same texts all day ("Isabella Rodriguez is sleeping", "bed is idle"); the cache
makes each text cost one embedding ever, across runs. Lookups and inserts are batched: one query
for a whole batch, one embedding call for all its misses.
"""

from __future__ import annotations

import hashlib
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from sqlalchemy import select as sa_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Field, Session, SQLModel

from aga.embeddings.base import Embedder
from aga.storage.db import StorageError, make_engine, sqlite_url
from policy_store.faults import create_tables, no_space

_CHUNK = 500  # SQLite limits the number of bound parameters per statement
RECENT = 50_000  # vectors also kept in memory (~80 MB of 384-dim float32)
# Dialects whose INSERT has ON CONFLICT DO NOTHING.
_INSERTS = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}


class EmbeddingRow(SQLModel, table=True):
    """One cached vector."""

    __tablename__ = "embedding_cache"

    key: str = Field(primary_key=True)  # sha256 of model name + text
    model: str
    dim: int
    vector: bytes


def text_key(model: str, text: str) -> str:
    """Cache key of ``text`` embedded by ``model``."""
    return hashlib.sha256(f"{model}\x00{text}".encode()).hexdigest()


class EmbeddingCache:
    """Vectors by key in a SQL table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        create_tables(SQLModel.metadata, engine, [EmbeddingRow.__table__])  # type: ignore[list-item]

    @classmethod
    def at(cls, path: Path) -> EmbeddingCache:
        """Open (or create) a cache in the SQLite file ``path``."""
        return cls(make_engine(sqlite_url(path)))

    def get_many(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        """Vectors found for ``keys``."""
        found: dict[str, np.ndarray] = {}
        # Two columns by Core, not ORM rows: a town looks up ~1,600 batches an hour, mostly of texts new
        # to it, and building ORM objects was most of each ~1.5 ms lookup.
        table = EmbeddingRow.__table__
        with self.engine.connect() as connection:
            for i in range(0, len(keys), _CHUNK):
                chunk = list(keys[i : i + _CHUNK])
                query = sa_select(table.c.key, table.c.vector).where(table.c.key.in_(chunk))
                for key, vector in connection.execute(query):
                    found[key] = np.frombuffer(vector, dtype=np.float32).copy()
        return found

    def put_many(self, model: str, items: dict[str, np.ndarray]) -> None:
        """Store vectors (one transaction); a key already stored is left as it is.

        Several processes share the cache (two benchmark runs side by side embed the same texts), so
        a key may be inserted by another process between our lookup and our insert. The vector for a
        key is always the same, so the conflict is ignored in the database itself (INSERT ... ON
        CONFLICT DO NOTHING) instead of a read-then-write that races.
        """
        rows = [
            {
                "key": key,
                "model": model,
                "dim": int(vector.shape[0]),
                "vector": np.asarray(vector, dtype=np.float32).tobytes(),
            }
            for key, vector in items.items()
        ]
        if not rows:
            return
        insert = _INSERTS.get(self.engine.dialect.name)
        if insert is None:  # another database: no portable upsert, merge row by row
            with Session(self.engine) as session:
                for row in rows:
                    session.merge(EmbeddingRow(**row))
                session.commit()
            return
        statement = insert(EmbeddingRow.__table__).on_conflict_do_nothing(index_elements=["key"])
        with self.engine.begin() as connection:  # one transaction, committed on leaving
            for i in range(0, len(rows), _CHUNK):
                connection.execute(statement, rows[i : i + _CHUNK])


class CachedEmbedder:
    """An :class:`Embedder` that asks the inner embedder only for texts it has never seen.

    ``on_lookup(hits, misses)`` is called after each batch (the runtime feeds Prometheus with it).
    """

    def __init__(
        self,
        inner: Embedder,
        cache: EmbeddingCache | None,
        on_lookup: Callable[[int, int], None] | None = None,
    ) -> None:
        self.inner = inner
        self.cache = cache  # None: a cache that could not be used; every text is embedded
        self.name = inner.name
        # Entries are keyed by the inner embedder's cache_key where it has one: the same model run by
        # two backends has one name (stores stay compatible) but vectors that differ in the last bits.
        self.cache_key: str = getattr(inner, "cache_key", inner.name)
        self.dim = inner.dim
        self.hits = 0
        self.misses = 0
        self._on_lookup = on_lookup
        self._lock = threading.Lock()  # agents thinking concurrently share one cache and model
        # The texts of the last hours in memory too: a town asks for the same few thousand texts all day,
        # and each round trip to the SQL cache cost ~2 ms (measured: about 4.7 s of a ville25 hour).
        self._recent: OrderedDict[str, np.ndarray] = OrderedDict()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of ``texts``, from the cache where possible."""
        with self._lock:
            return self._embed(texts)

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [text_key(self.cache_key, t) for t in texts]
        found = {k: self._recent[k] for k in keys if k in self._recent}
        unknown = [k for k in dict.fromkeys(keys) if k not in found]
        if unknown:
            found.update(self._use_cache(lambda c: c.get_many(unknown)) or {})
        missing: dict[str, str] = {}
        for key, text in zip(keys, texts, strict=True):
            if key not in found:
                missing.setdefault(key, text)
        if missing:
            vectors = self.inner.embed(list(missing.values()))
            fresh = dict(zip(missing.keys(), vectors, strict=True))
            self._use_cache(lambda c: c.put_many(self.cache_key, fresh))
            found.update(fresh)
        # A text repeated inside one batch is embedded once: its repeats count as hits.
        misses = len(missing)
        hits = len(texts) - misses
        self.hits += hits
        self.misses += misses
        if self._on_lookup:
            self._on_lookup(hits, misses)
        for key in keys:
            self._recent[key] = found[key]
            self._recent.move_to_end(key)
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([found[k] for k in keys]).astype(np.float32)

    def _use_cache(self, call: Callable[[EmbeddingCache], object]) -> dict[str, np.ndarray] | None:
        """``call`` on the SQL cache; a cache that fails is gone around, never the end of a run.

        A vector is the same whenever it is computed, so a lookup that fails is only a miss and a store
        that fails only a later miss. A file that cannot be used (damaged, read-only, a full disk) is
        left alone for the rest of the process, with one warning naming it and the fix; a file another
        process holds locked past the busy timeout is skipped for this batch only.
        """
        if self.cache is None:
            return None
        try:
            return call(self.cache)  # type: ignore[return-value]
        except StorageError as exc:
            warnings.warn(f"embedding cache {exc}; going on without it (texts are embedded anew)", stacklevel=4)
            self.cache = None
        except OperationalError as exc:
            if not no_space(exc):
                warnings.warn(f"embedding cache skipped for one batch: {exc.orig}", stacklevel=4)
                return None
            warnings.warn(f"embedding cache: {exc.orig} (the disk is full); going on without it", stacklevel=4)
            self.cache = None
        return None


def open_cached(inner: Embedder, path: Path) -> CachedEmbedder:
    """``inner`` behind the persistent cache in the SQLite file ``path``; behind no cache (with a
    warning naming the file and the fix) when that file cannot be used: a cache is never a reason for a
    run or a command to stop."""
    try:
        cache: EmbeddingCache | None = EmbeddingCache.at(path)
    except StorageError as exc:
        warnings.warn(f"embedding cache {exc}; going on without it (texts are embedded anew)", stacklevel=2)
        cache = None
    return CachedEmbedder(inner, cache)
