"""The embedding cache (with a counting fake embedder) and the real bundled MiniLM model."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Sequence

import numpy as np
import pytest

from aga.embeddings import CachedEmbedder, Embedder, EmbeddingCache
from aga.embeddings.cache import text_key


class CountingEmbedder:
    name = "fake-embedder"
    dim = 8

    def __init__(self) -> None:
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.seen += list(texts)
        rows = []
        for t in texts:
            rng = np.random.default_rng(abs(hash(t)) % 2**32)
            v = rng.normal(size=self.dim).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows)


def test_each_text_is_embedded_once_across_batches_and_restarts(tmp_path):
    inner = CountingEmbedder()
    lookups: list[tuple[int, int]] = []
    cached = CachedEmbedder(
        inner, EmbeddingCache.at(tmp_path / "emb.db"), on_lookup=lambda h, m: lookups.append((h, m))
    )
    first = cached.embed(["a", "b", "a"])
    assert inner.seen == ["a", "b"]  # the repeat inside the batch is embedded once
    second = cached.embed(["b", "c"])
    assert inner.seen == ["a", "b", "c"]
    np.testing.assert_array_equal(first[1], second[0])
    assert (cached.hits, cached.misses) == (2, 3)
    assert lookups == [(1, 2), (1, 1)]

    reopened = CachedEmbedder(inner, EmbeddingCache.at(tmp_path / "emb.db"))
    again = reopened.embed(["a", "b", "c"])
    assert inner.seen == ["a", "b", "c"]  # persistent: nothing embedded after the restart
    assert reopened.hits == 3
    np.testing.assert_array_equal(again[0], first[0])


def test_two_processes_storing_the_same_text_do_not_collide(tmp_path):
    """Two benchmark runs side by side share the cache: the second insert of a key must not fail.

    Another writer holds the key uncommitted while we store it; our insert waits for its lock and
    then finds the key taken (a read-then-write merge would raise a UNIQUE error here).
    """
    path = tmp_path / "emb.db"
    ours = EmbeddingCache.at(path)
    key = text_key("m", "Isabella Rodriguez is sleeping")
    vector = np.ones(4, dtype=np.float32)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute(
        "INSERT INTO embedding_cache (key, model, dim, vector) VALUES (?, ?, ?, ?)", (key, "m", 4, vector.tobytes())
    )
    errors: list[BaseException] = []

    def store() -> None:
        try:
            ours.put_many("m", {key: vector})
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)

    writer = threading.Thread(target=store)
    writer.start()
    time.sleep(0.5)  # our insert is now waiting for the other writer's lock
    other.execute("COMMIT")
    writer.join(timeout=30)
    assert errors == []
    np.testing.assert_array_equal(ours.get_many([key])[key], vector)
    ours.put_many("m", {key: vector, text_key("m", "bed is idle"): vector})  # a batch with one new key
    assert len(ours.get_many([key, text_key("m", "bed is idle")])) == 2


def test_empty_batch(tmp_path):
    cached = CachedEmbedder(CountingEmbedder(), EmbeddingCache.at(tmp_path / "e.db"))
    assert cached.embed([]).shape == (0, 8)


def test_cached_embedder_satisfies_the_interface(tmp_path):
    cached = CachedEmbedder(CountingEmbedder(), EmbeddingCache.at(tmp_path / "e.db"))
    assert isinstance(cached, Embedder)


@pytest.mark.embedding_model
def test_real_minilm_embeds_by_meaning(tmp_path):
    from aga.embeddings.minilm import MiniLMEmbedder

    embedder = CachedEmbedder(MiniLMEmbedder(), EmbeddingCache.at(tmp_path / "e.db"))
    v = embedder.embed(
        [
            "Isabella is planning a Valentine's Day party",
            "Isabella organises a party for Valentine's Day",
            "Klaus is brushing his teeth",
        ]
    )
    assert v.shape == (3, 384)
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert v[0] @ v[1] > 0.7 > v[0] @ v[2]
