"""The embedding cache (with a counting fake embedder) and the real bundled MiniLM model."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Sequence

import numpy as np
import pytest

from aga.embeddings import CachedEmbedder, Embedder, EmbeddingCache
from aga.embeddings.cache import open_cached, text_key


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


def _damage(path, at: int = 4096) -> None:
    """Overwrite every page of the file from ``at`` on, as a copy cut short or a torn write leaves them
    (``at=0``: SQLite's own header too). The journal is folded into the file first, so that no page is
    read from it instead of from the damaged file."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(at)
        f.write(b"\xff" * (size - at))


def test_a_cache_damaged_under_a_running_embedder_is_gone_around_with_one_warning(tmp_path):
    # A 17-hour benchmark ended on "embeddings.db: database disk image is malformed": a cache must
    # never stop a run. Its vectors are recomputed, the same as the stored ones.
    path = tmp_path / "e.db"
    inner = CountingEmbedder()
    cached = CachedEmbedder(inner, EmbeddingCache.at(path))
    first = cached.embed([f"text {i}" for i in range(300)])
    cached.cache.engine.dispose()  # type: ignore[union-attr]
    _damage(path)
    cached._recent.clear()  # as after hours of other texts: the lookup goes to the file
    with pytest.warns(UserWarning, match=r"e\.db: .*malformed.*sqlite3 FILE \.recover.*going on without it") as seen:
        again = cached.embed([f"text {i}" for i in range(300)] + ["new"])
    assert len(seen) == 1 and cached.cache is None
    np.testing.assert_array_equal(again[:300], first)
    assert inner.seen.count("text 0") == 2  # embedded anew, not lost
    cached.embed(["another"])  # no second warning, no error


def test_a_damaged_cache_file_at_start_means_no_cache_not_no_run(tmp_path):
    path = tmp_path / "e.db"
    cache = EmbeddingCache.at(path)
    cache.put_many("m", {f"k{i}": np.ones(8, dtype=np.float32) for i in range(300)})
    cache.engine.dispose()
    _damage(path, at=0)
    with pytest.warns(UserWarning, match=r"e\.db: file is not a database.*going on without it"):
        cached = open_cached(CountingEmbedder(), path)
    assert cached.cache is None and cached.embed(["a"]).shape == (1, 8)
    path.write_bytes(b"")
    path.unlink()
    assert open_cached(CountingEmbedder(), path).cache is not None  # a fresh file: a cache again


def test_a_full_disk_or_a_busy_cache_is_gone_around(tmp_path, monkeypatch):
    from sqlalchemy.exc import OperationalError

    cached = CachedEmbedder(CountingEmbedder(), EmbeddingCache.at(tmp_path / "e.db"))
    cache = cached.cache

    def fails(why: str):
        def put_many(*args, **kwargs):
            raise OperationalError("INSERT ...", {}, sqlite3.OperationalError(why))

        return put_many

    monkeypatch.setattr(cache, "put_many", fails("database is locked"))
    with pytest.warns(UserWarning, match="skipped for one batch: database is locked"):
        assert cached.embed(["a"]).shape == (1, 8)
    assert cached.cache is cache  # locked for a while: tried again with the next batch
    monkeypatch.setattr(cache, "put_many", fails("database or disk is full"))
    with pytest.warns(UserWarning, match="the disk is full"):
        assert cached.embed(["b"]).shape == (1, 8)
    assert cached.cache is None


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


_VARIED = [
    "",
    "Hello",
    "Café au lait — naïve résumé, 日本語のテキスト",
    "word " * 400,  # longer than the model's 256 tokens: cut the same way by both backends
    "  spaces   and\ttabs\n",
    "The ferry captain checks the tide table before the morning crossing",
    "the ferry captain checks the tide table before the morning crossing",  # case folds away
]


@pytest.mark.embedding_model
def test_onnx_backend_agrees_with_sentence_transformers():
    from aga.embeddings.minilm import MiniLMEmbedder

    onnx = MiniLMEmbedder(backend="onnx").embed(_VARIED)
    torch = MiniLMEmbedder(backend="torch").embed(_VARIED)
    assert onnx.shape == torch.shape == (len(_VARIED), 384)
    np.testing.assert_allclose(onnx, torch, atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(onnx, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(onnx[5], onnx[6])


@pytest.mark.embedding_model
def test_onnx_backend_is_batch_invariant():
    """A text's vector does not depend on the texts it is embedded with (see MiniLMEmbedder.embed)."""
    from aga.embeddings.minilm import MiniLMEmbedder

    embedder = MiniLMEmbedder(backend="onnx", batch_size=4)
    texts = [*_VARIED, *(f"agent {i} walks to the market with item {i * 7}" for i in range(11))]
    together = embedder.embed(texts)
    alone = np.vstack([embedder.embed([t]) for t in texts])
    assert np.array_equal(together, alone)


@pytest.mark.embedding_model
def test_backends_keep_apart_in_the_cache(tmp_path):
    from aga.embeddings.minilm import MiniLMEmbedder

    cache = EmbeddingCache.at(tmp_path / "e.db")
    onnx = CachedEmbedder(MiniLMEmbedder(backend="onnx"), cache)
    torch = CachedEmbedder(MiniLMEmbedder(backend="torch"), cache)
    assert onnx.name == torch.name  # one model: policy stores made by either accept the other
    onnx.embed(["a shared text"])
    torch.embed(["a shared text"])
    assert (onnx.misses, torch.misses) == (1, 1)  # torch did not get the ONNX vector from the cache


def test_unknown_backend_is_named_in_the_error(monkeypatch):
    from aga.embeddings.minilm import BACKEND_ENV, backend_from_env

    monkeypatch.setenv(BACKEND_ENV, "tensorrt")
    with pytest.raises(ValueError, match=r"AGA_EMBED_BACKEND='tensorrt'.*onnx, torch"):
        backend_from_env()
    monkeypatch.setenv(BACKEND_ENV, " Torch ")
    assert backend_from_env() == "torch"


def test_an_interrupted_export_leaves_nothing_half_written(tmp_path, monkeypatch):
    from aga.embeddings import onnx_export

    def crash(path):
        path.write_bytes(b"half a graph")
        raise KeyboardInterrupt

    monkeypatch.setattr(onnx_export, "_export", crash)
    with pytest.raises(KeyboardInterrupt):
        onnx_export.ensure_onnx(tmp_path)
    assert not onnx_export.onnx_path(tmp_path).exists()
    assert not list(tmp_path.glob("*.part"))

    monkeypatch.setattr(onnx_export, "_export", lambda path: path.write_bytes(b"graph"))
    made = onnx_export.ensure_onnx(tmp_path)
    assert made.read_bytes() == b"graph"
    monkeypatch.setattr(onnx_export, "_export", crash)
    assert onnx_export.ensure_onnx(tmp_path) == made  # made once: not exported again


@pytest.mark.embedding_model
def test_onnx_vectors_do_not_depend_on_the_thread_count():
    from aga.embeddings.minilm import MiniLMEmbedder

    one = MiniLMEmbedder(backend="onnx", threads=1).embed(_VARIED)
    two = MiniLMEmbedder(backend="onnx", threads=2).embed(_VARIED)
    assert np.array_equal(one, two)


def test_thread_count_comes_from_the_environment(monkeypatch):
    from aga.embeddings.minilm import THREADS_ENV, threads_from_env

    monkeypatch.delenv(THREADS_ENV, raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "1")  # a benchmark worker's share of the cores
    assert threads_from_env() == 1
    monkeypatch.setenv(THREADS_ENV, "3")
    assert threads_from_env() == 3
    monkeypatch.setenv(THREADS_ENV, "two")
    with pytest.raises(ValueError, match=r"AGA_EMBED_THREADS='two'.*at least 1"):
        threads_from_env()
    monkeypatch.delenv(THREADS_ENV)
    monkeypatch.delenv("OMP_NUM_THREADS")
    assert threads_from_env() == 1
