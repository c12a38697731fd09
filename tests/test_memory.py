"""Memory stream retrieval on hand-made memories with a fixed simulated clock."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import numpy as np
import pytest

from aga.memory import MemoryKind, MemoryStream, RetrievalWeights, VectorIndex
from aga.storage import make_engine, sqlite_url

TOPICS = ("party", "research", "sleep", "coffee", "music")
T0 = datetime(2023, 2, 13, 8, 0)


class TopicEmbedder:
    """Embeds a text as the normalised count of topic words in it (plus a small constant axis)."""

    name = "topic"
    dim = len(TOPICS) + 1

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = []
        for text in texts:
            v = np.array([text.lower().count(t) for t in TOPICS] + [0.1], dtype=np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows) if rows else np.zeros((0, self.dim), dtype=np.float32)


@pytest.fixture
def stream(tmp_path):
    return MemoryStream(make_engine(sqlite_url(tmp_path / "m.db")), VectorIndex(tmp_path / "vectors"), TopicEmbedder())


def _add(stream, text, importance=5, at=T0, kind=MemoryKind.EVENT, agent="Klaus", step=0, **kw):
    return stream.add(agent, kind, ("Klaus", "is", text), text, importance, at, step=step, **kw)


def test_more_recently_accessed_memory_ranks_higher(stream):
    old = _add(stream, "talked about coffee", at=T0)
    new = _add(stream, "drank coffee", at=T0 + timedelta(hours=10))
    [top, second] = stream.retrieve("Klaus", ["coffee"], T0 + timedelta(hours=11), RetrievalWeights(), k=2)["coffee"]
    assert top.node.id == new.id and second.node.id == old.id
    assert top.recency == 1.0 and second.recency == 0.0  # not the original's inverted normalisation


def test_importance_and_relevance_both_count(stream):
    _add(stream, "thought about music", importance=2)
    party = _add(stream, "planned the party", importance=9)
    research = _add(stream, "wrote research notes", importance=2)
    now = T0 + timedelta(hours=1)
    got = stream.retrieve("Klaus", ["research"], now, RetrievalWeights(), k=1)["research"]
    assert got[0].node.id == research.id  # relevance (weight 3) beats importance (weight 2)
    got = stream.retrieve("Klaus", ["sleep"], now, RetrievalWeights(), k=1)["sleep"]
    assert got[0].node.id == party.id  # nothing relevant: importance decides


def test_retrieval_refreshes_last_access_and_skips_idle_and_expired(stream):
    kept = _add(stream, "party plans")
    _add(stream, "idle", importance=1)  # "Klaus is idle": not retrievable
    stream.add("Klaus", MemoryKind.EVENT, ("bed", "is", "idle"), "bed is idle", 1, T0, step=0)
    _add(stream, "party gossip", kind=MemoryKind.REFLECTION, expiration=T0 + timedelta(hours=1))
    now = T0 + timedelta(hours=5)
    got = stream.retrieve("Klaus", ["party"], now, RetrievalWeights())["party"]
    assert [s.node.id for s in got] == [kept.id]
    assert stream.get([kept.id])[0].last_accessed == now


def test_agents_do_not_see_each_others_memories(stream):
    _add(stream, "party plans", agent="Isabella")
    assert stream.retrieve("Klaus", ["party"], T0, RetrievalWeights())["party"] == []


def test_large_streams_use_the_vector_index_and_find_the_best(tmp_path):
    stream = MemoryStream(
        make_engine(sqlite_url(tmp_path / "m.db")), VectorIndex(tmp_path / "v"), TopicEmbedder(), pool=6
    )
    for i in range(40):
        _add(stream, f"had coffee number {i}", importance=3, at=T0 + timedelta(minutes=i))
    target = _add(stream, "music music music", importance=3, at=T0)
    got = stream.retrieve("Klaus", ["music"], T0 + timedelta(hours=1), RetrievalWeights(), k=3)["music"]
    assert got[0].node.id == target.id


def test_truncate_after_a_checkpoint_step(stream):
    kept = _add(stream, "coffee", step=10)
    _add(stream, "party", step=11)
    assert stream.truncate_after(10) == 1
    assert [n.id for n in stream.latest("Klaus", 10)] == [kept.id]
    assert stream.retrieve("Klaus", ["party"], T0, RetrievalWeights())["party"][0].node.id == kept.id


def test_reconcile_indexes_memories_missing_from_the_vector_index(tmp_path):
    engine = make_engine(sqlite_url(tmp_path / "m.db"))
    stream = MemoryStream(engine, VectorIndex(tmp_path / "v1"), TopicEmbedder())
    _add(stream, "party")
    fresh = MemoryStream(engine, VectorIndex(tmp_path / "v2"), TopicEmbedder())  # an empty index
    assert fresh.reconcile() == 1
    assert fresh.reconcile() == 0


def test_a_run_resumed_with_an_embedder_of_another_length_is_indexed_again(tmp_path):
    """Made through the API with a hashing embedder and resumed from the command line with MiniLM, a run could
    store and retrieve nothing: "Collection expecting embedding with dimension of 64, got 384"."""

    class Wider(TopicEmbedder):
        name, dim = "wider", len(TOPICS) + 3

        def embed(self, texts: Sequence[str]) -> np.ndarray:
            narrow = super().embed(texts)
            return np.hstack([narrow, np.zeros((len(narrow), 2), dtype=np.float32)])

    engine = make_engine(sqlite_url(tmp_path / "m.db"))
    made = MemoryStream(engine, VectorIndex(tmp_path / "v"), TopicEmbedder())
    _add(made, "party")
    made.flush()
    made.index.close()
    resumed = MemoryStream(engine, VectorIndex(tmp_path / "v"), Wider())
    assert resumed.reconcile() == 1 and resumed.index.dim() == Wider.dim
    _add(resumed, "party music")
    resumed.flush()
    assert len(resumed.retrieve("Klaus", ["party"], T0, RetrievalWeights())["party"]) == 2


def test_the_index_reads_and_writes_more_ids_than_sqlite_has_variables():
    """A two-day 25-agent run holds >32,766 memories: reconciling them on resume crashed chromadb once."""
    index = VectorIndex(None)
    n = 40_000
    vectors = np.random.default_rng(0).random((n, 4), dtype=np.float32)
    index.add(list(range(n)), ["Klaus"] * n, vectors)  # more than one upsert may carry
    assert index.ids() == set(range(n))
    got = index.vectors(list(range(n)))
    assert len(got) == n and np.allclose(got[n - 1], vectors[n - 1])


def test_latest_and_kinds(stream):
    _add(stream, "coffee", at=T0)
    plan = _add(stream, "plan the day", at=T0 + timedelta(minutes=1), kind=MemoryKind.PLAN)
    assert stream.latest("Klaus", 1)[0].id == plan.id
    assert [n.kind for n in stream.latest("Klaus", 5, kinds=[MemoryKind.EVENT])] == ["event"]


class CountingEmbedder(TopicEmbedder):
    def __init__(self) -> None:
        self.calls: list[int] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(len(texts))
        return super().embed(texts)


def test_a_steps_memories_are_embedded_together_and_indexed_in_one_write(tmp_path):
    embedder = CountingEmbedder()
    stream = MemoryStream(make_engine(sqlite_url(tmp_path / "m.db")), VectorIndex(tmp_path / "v"), embedder, pool=3)
    nodes = [_add(stream, f"coffee talk {i}", at=T0 + timedelta(minutes=i)) for i in range(4)]
    music = _add(stream, "music music", at=T0)
    assert embedder.calls == [] and stream.index.count() == 0  # nothing encoded or written yet
    # A retrieval in the same step sees them (more than the pool: through the index plus what is pending).
    got = stream.retrieve("Klaus", ["music"], T0 + timedelta(hours=1), RetrievalWeights(), k=2)["music"]
    assert got[0].node.id == music.id
    assert sorted(embedder.calls) == [1, 5]  # the query, then the five new memories in one encode
    assert stream.flush() == 5 and stream.index.count() == 5
    assert stream.flush() == 0 and sorted(embedder.calls) == [1, 5]  # never encoded twice
    assert {n.id for n in nodes} <= stream.index.ids()


def test_memories_not_yet_indexed_when_the_process_dies_are_indexed_when_the_run_opens(tmp_path):
    engine = make_engine(sqlite_url(tmp_path / "m.db"))
    stream = MemoryStream(engine, VectorIndex(tmp_path / "v"), TopicEmbedder())
    _add(stream, "party")
    stream.flush()
    _add(stream, "music")  # committed to SQL; the process dies before the step's flush
    reopened = MemoryStream(engine, VectorIndex(tmp_path / "v"), TopicEmbedder())
    assert reopened.reconcile() == 1 and reopened.index.count() == 2


@pytest.mark.parametrize("damage", ["database", "hnsw"])
def test_a_damaged_vector_folder_is_made_anew_and_every_memory_indexed_again(tmp_path, damage):
    # Left unreadable by a full disk or a bad copy, the folder would stop the run from resuming until
    # someone deleted it by hand; the memory rows hold every text, so it is made anew and refilled.
    engine = make_engine(sqlite_url(tmp_path / "m.db"))
    stream = MemoryStream(engine, VectorIndex(tmp_path / "v"), TopicEmbedder(), flush_at=None)
    ids = [_add(stream, f"party number {n}", step=n).id for n in range(1_200)]  # past chromadb's HNSW sync
    stream.flush()
    stream.index.close()
    folder = tmp_path / "v"
    if damage == "database":
        (folder / "chroma.sqlite3").write_bytes((folder / "chroma.sqlite3").read_bytes()[:20_000])
    else:
        pickles = list(folder.glob("*/index_metadata.pickle"))
        assert pickles  # the HNSW graph was written to disk
        for part in pickles:
            part.write_bytes(b"garbage")
    reopened = MemoryStream(engine, VectorIndex(folder), TopicEmbedder())
    assert reopened.index.rebuilt
    assert reopened.reconcile() == len(ids)
    assert reopened.index.ids() == set(ids)


class RandomEmbedder:
    """A fixed random unit vector per text: no two similarities tie (ties would let the index and the
    waiting list pick different equals)."""

    name = "random"
    dim = 16

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        import hashlib

        rows = [
            np.random.default_rng(int(hashlib.md5(t.encode()).hexdigest()[:8], 16)).normal(size=self.dim) for t in texts
        ]
        return np.stack([r / np.linalg.norm(r) for r in rows]).astype(np.float32) if rows else np.zeros((0, self.dim))


def test_retrieval_is_the_same_whether_new_memories_are_indexed_yet_or_not(tmp_path):
    """The index is written at checkpoints, not every step: what waits must rank as if it were written
    (with more memories than the candidate pool, so the nearest search decides part of the pool)."""
    texts = [f"memory number {i}" for i in range(12)]
    streams = {}
    for name in ("written", "waiting"):
        folder = tmp_path / name
        stream = MemoryStream(make_engine(sqlite_url(folder / "m.db")), VectorIndex(folder / "v"), RandomEmbedder(),
                              pool=4, flush_at=10_000)  # fmt: skip
        for i, text in enumerate(texts):
            _add(stream, text, importance=1 + i % 9, at=T0 + timedelta(minutes=i), step=i)
            if name == "written":
                stream.flush()
            else:
                assert stream.step_done() == 0  # embedded, not indexed: fewer than flush_at wait
        streams[name] = stream
    assert streams["waiting"].index.count() == 0 and streams["written"].index.count() == len(texts)
    now = T0 + timedelta(hours=2)
    for focal in ("music", "coffee research", "sleep", "memory number 3"):
        got = {
            name: [(s.node.id, round(s.score, 9)) for s in stream.retrieve(
                "Klaus", [focal], now, RetrievalWeights(), k=3, refresh=False)[focal]]
            for name, stream in streams.items()
        }  # fmt: skip
        assert got["written"] == got["waiting"], focal
    # Once flush_at memories wait, the end of a step writes them all.
    streams["waiting"].flush_at = 5
    _add(streams["waiting"], "memory number 99", at=now, step=99)
    assert streams["waiting"].step_done() == len(texts) + 1 and streams["waiting"].index.count() == len(texts) + 1


def test_a_reopened_stream_ranks_with_exactly_the_vectors_the_open_one_used(tmp_path):
    """A run reopened after a crash ranks with the vectors it reads from the index, the run that never
    stopped with those it computed: they must be the same to the last bit, or a resumed run breaks near
    ties otherwise (it did: in cosine space chromadb normalises vectors again, and a conversation in
    ville3 went another way from a swapped pair of retrieved memories)."""
    engine = make_engine(sqlite_url(tmp_path / "m.db"))
    stream = MemoryStream(engine, VectorIndex(tmp_path / "v"), RandomEmbedder(), pool=7)
    nodes = [_add(stream, f"memory number {i}", importance=1 + i % 9, at=T0 + timedelta(minutes=i), step=i)
             for i in range(40)]  # fmt: skip
    query = RandomEmbedder().embed(["what do I remember"])[0]
    stream._nearest("Klaus", query)  # the search matrix is built before the write, from the given vectors
    stream.flush()
    given = RandomEmbedder().embed([n.description for n in nodes])
    stored = stream.index.vectors([n.id for n in nodes])
    # In cosine space chromadb changed the last bits of 11 of these 40 (it normalises them again).
    assert all(np.array_equal(stored[n.id], g) for n, g in zip(nodes, given, strict=True))

    reopened = MemoryStream(engine, VectorIndex(tmp_path / "v"), RandomEmbedder(), pool=7)
    now = T0 + timedelta(hours=3)
    for focal in ("what do I remember", "memory number 7", "music"):
        got = [
            [(s.node.id, s.score, s.relevance) for s in one.retrieve(
                "Klaus", [focal], now, RetrievalWeights(), k=40, refresh=False)[focal]]
            for one in (stream, reopened)
        ]  # fmt: skip
        assert got[0] == got[1], focal
    for one in (stream, reopened):
        one._nearest("Klaus", query)
    (ids, matrix), (ids_again, matrix_again) = stream._agent_matrix("Klaus"), reopened._agent_matrix("Klaus")
    assert np.array_equal(ids, ids_again) and np.array_equal(matrix, matrix_again)


def test_a_run_made_before_moves_its_vectors_to_the_collection_that_keeps_them_exactly(tmp_path):
    """Runs made before kept memory vectors in a cosine-space collection (which changes them): opening
    one moves them over as they were read, once, and leaves no second copy."""
    from policy_store.chroma import open_client

    vectors = RandomEmbedder().embed([f"memory number {i}" for i in range(7)])
    client, _ = open_client(tmp_path / "v")
    former = client.get_or_create_collection(
        "memories", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    former.upsert(ids=[str(i) for i in range(1, 8)], embeddings=vectors, metadatas=[{"agent": "Klaus"}] * 7)
    as_read = former.get(ids=[str(i) for i in range(1, 8)], include=["embeddings"])
    expected = {
        int(i): np.asarray(v, dtype=np.float32) for i, v in zip(as_read["ids"], as_read["embeddings"], strict=True)
    }
    client.close()

    index = VectorIndex(tmp_path / "v")
    got = index.vectors(list(range(1, 8)))
    assert got.keys() == expected.keys() and all(np.array_equal(got[i], expected[i]) for i in got)
    assert index.count() == 7
    index.close()
    again = VectorIndex(tmp_path / "v")
    assert [c.name for c in again._client.list_collections()] == ["memory-vectors"] and again.count() == 7
    again.close()


def test_the_pool_past_its_size_is_the_exact_nearest_and_survives_a_reopen(tmp_path, monkeypatch):
    """Past ``pool`` memories the relevance pool is the exact top by cosine (not chromadb's approximate
    HNSW answer, which differed between two identical runs), the same after the stream is reopened."""
    from chromadb.api.models.Collection import Collection

    engine = make_engine(sqlite_url(tmp_path / "m.db"))
    stream = MemoryStream(engine, VectorIndex(tmp_path / "v"), RandomEmbedder(), pool=7)
    nodes = [_add(stream, f"memory number {i}", step=i) for i in range(60)]
    _add(stream, "someone else's", agent="Isabella")
    query = RandomEmbedder().embed(["what do I remember"])[0]
    vectors = RandomEmbedder().embed([n.description for n in nodes])
    exact = {nodes[i].id for i in np.argsort(-(vectors @ query))[:7]}

    def no_hnsw(*args, **kwargs):
        raise AssertionError("the pool must not come from chromadb's approximate query")

    monkeypatch.setattr(Collection, "query", no_hnsw)
    assert stream._nearest("Klaus", query) == exact
    later = _add(stream, "what do I remember", step=61)  # added after the matrix was built: joins it
    assert later.id in stream._nearest("Klaus", query)
    stream.flush()
    reopened = MemoryStream(engine, VectorIndex(tmp_path / "v"), RandomEmbedder(), pool=7)
    assert reopened._nearest("Klaus", query) == stream._nearest("Klaus", query)
    assert stream.truncate_after(60) == 1
    assert stream._nearest("Klaus", query) == exact
