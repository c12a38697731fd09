"""The policy_store library on its own: lookup, conditions, variants, durations, persistence, eviction."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from policy_store import (
    ActionSpec,
    Condition,
    Draft,
    PolicyStore,
    PolicyStoreError,
    Query,
    Requirement,
    Step,
    StoreConfig,
    rescale,
)
from policy_store.chroma import open_client
from policy_store.conditions import cover, in_window, window_around
from tests.fakes import HashEmbedder
from tests.imports import assert_standalone

ROOT = Path(__file__).resolve().parents[1]
STOVE = "home:kitchen:stove"
KETTLE = "home:kitchen:kettle"


class Env:
    """A checker over a tiny environment: known places and objects, some of them in use."""

    def __init__(self, known: set[str] | None = None, busy: set[str] | None = None) -> None:
        self.known = known if known is not None else {"home:kitchen", STOVE, KETTLE, "home:bedroom"}
        self.busy = busy or set()
        self.asked: list[str] = []

    def unmet(self, requirement: Requirement) -> str | None:
        self.asked.append(requirement.target)
        if requirement.target not in self.known:
            return "unknown"
        if requirement.free and requirement.target in self.busy:
            return "in use"
        return None


def breakfast(obj: str = STOVE, minute: int = 7 * 60, owner: str = "Ana Diaz") -> Draft:
    steps = (
        Step(text="boil water", minutes=10, action=ActionSpec(address=obj, emoji="🔥")),
        Step(text="fry eggs", minutes=20, action=ActionSpec(address=obj, emoji="🍳")),
        Step(text="eat at the table", minutes=30, action=ActionSpec(address="home:kitchen", emoji="🍽")),
    )
    config = StoreConfig()
    needs = [Requirement(target="home:kitchen"), Requirement(target=obj, kind="object", free=True)]
    return Draft(
        kind="plan",
        owner=owner,
        text="make breakfast and eat it",
        steps=steps,
        condition=config.condition("plan", needs, minute_of_day=minute, minutes=60),
        minutes=60,
        bindings={"self": owner, "first": owner.split()[0]},
        cost={"plan.decompose": [900, 120, 0.0]},
    )


def query(text: str = "make breakfast and eat it", minutes: int = 45, minute: int = 8 * 60, **kw) -> Query:
    kw.setdefault("owner", "Ana Diaz")
    return Query(kind="plan", text=text, minutes=minutes, minute_of_day=minute, **kw)


@pytest.fixture
def store(tmp_path: Path):
    with PolicyStore.open(tmp_path / "store", HashEmbedder()) as opened:
        yield opened


def test_hit_fits_durations_and_reports_cost(store: PolicyStore):
    store.write(breakfast())
    found = store.lookup(query(minutes=45), Env())
    assert found.hit and found.match is not None
    assert [s.text for s in found.match.steps] == ["boil water", "fry eggs", "eat at the table"]
    assert sum(s.minutes for s in found.match.steps) == 45
    assert found.match.cost == {"plan.decompose": [900, 120, 0.0]}
    assert found.match.similarity > 0.99


def test_different_activity_misses(store: PolicyStore):
    store.write(breakfast())
    found = store.lookup(query(text="go jogging along the lake shore"), Env())
    assert not found.hit and found.reason == "nothing similar enough"


def test_failed_condition_falls_through_to_next_variant_then_to_miss(store: PolicyStore):
    store.write(breakfast(obj=STOVE))
    assert store.write(breakfast(obj=KETTLE)).outcome == "appended"
    # The stove is in use: the kettle variant is used.
    found = store.lookup(query(), Env(busy={STOVE}))
    assert found.hit and found.match is not None
    assert {s.action.address for s in found.match.steps if s.action} == {KETTLE, "home:kitchen"}
    # Both objects busy: a miss that says why.
    missed = store.lookup(query(), Env(busy={STOVE, KETTLE}))
    assert not missed.hit and "in use" in missed.reason
    # A place the agent does not know: a miss too.
    unknown = store.lookup(query(), Env(known={"home:bedroom"}))
    assert not unknown.hit and "unknown" in unknown.reason


def test_time_window_and_duration_band(store: PolicyStore):
    store.write(breakfast(minute=7 * 60))
    assert not store.lookup(query(minute=20 * 60), Env()).hit  # breakfast at 8 pm: not this policy
    assert not store.lookup(query(minutes=400), Env()).hit  # far longer than learned
    assert store.lookup(query(minute=9 * 60, minutes=100), Env()).hit


def test_same_decision_again_merges_its_window(store: PolicyStore):
    first = store.write(breakfast(minute=7 * 60))
    again = store.write(breakfast(minute=11 * 60))
    assert again.outcome == "merged" and again.policy_id == first.policy_id
    policy = store.get(first.policy_id)
    assert policy is not None and len(policy.variants) == 1
    window = policy.variants[0].condition.window
    assert window is not None and in_window(7 * 60 - 100, window) and in_window(11 * 60 + 100, window)


def test_variants_are_bounded(tmp_path: Path):
    with PolicyStore.open(tmp_path / "s", HashEmbedder(), StoreConfig(max_variants=2)) as store:
        for obj in ("home:kitchen:a", "home:kitchen:b", "home:kitchen:c"):
            store.write(breakfast(obj=obj))
        assert len(store.policies()[0].variants) == 2


def test_eviction_keeps_the_bound_and_the_recently_used(tmp_path: Path):
    config = StoreConfig(max_policies=5)
    with PolicyStore.open(tmp_path / "s", HashEmbedder(), config) as store:
        keep = store.write(Draft(kind="importance", owner="Ana", text="event number 0 happened", value={"rating": 3}))
        for n in range(1, 20):
            store.write(Draft(kind="importance", owner="Ana", text=f"event number {n} happened", value={"rating": 3}))
            # Using the first one keeps it recent.
            assert store.lookup(Query(kind="importance", owner="Ana", text="event number 0 happened")).hit
            assert store.count("importance") <= 5
        assert store.index is not None and len(store.index.ids()) == 5
        assert store.get(keep.policy_id) is not None
        stats = store.stats()["importance"]
        assert stats["evicted"] == stats["created"] - 5 > 10


def _whole(store: PolicyStore) -> tuple[object, ...]:
    """Everything a lookup or a report reads from a store: rows, counters, ids in the index."""
    assert store.index is not None
    return (
        [p.model_dump() for p in store.iter_policies()],
        store.stats(),
        sorted(store.index.ids()),
    )


def test_rewind_gives_back_the_store_as_it_was_at_the_mark(tmp_path: Path):
    # A host saves its state, marks the store, and goes on; then it dies. What the store took in
    # after the mark (new policies, variants, uses, evictions, counters) must go, or the resumed host
    # hits on the policies its lost steps wrote.
    def event(n: int) -> Draft:
        return Draft(kind="importance", owner="Ana", text=f"event number {n} happened", value={"rating": n % 9})

    config = StoreConfig(max_policies=6)
    with PolicyStore.open(tmp_path / "s", HashEmbedder(), config) as store:
        for n in range(6):
            store.write(event(n))
        store.write(breakfast())
        store.mark("run@120")
        saved = _whole(store)
        for n in range(6, 12):  # new policies, each evicting an old one
            store.write(event(n))
        assert store.write(breakfast(obj=KETTLE)).outcome in ("appended", "merged")
        assert store.lookup(query(), Env()).hit
        assert _whole(store) != saved
    # The host dies here (its store is closed as a kill leaves it: every write committed).
    with PolicyStore.open(tmp_path / "s", HashEmbedder(), config) as store:
        assert store.rewind("run@120") > 0
        assert _whole(store) == saved
        # A write after the rewind takes the tick a store that never went on would have given it.
        top = max(p["last_used"] for p in saved[0])  # type: ignore[index]
        assert store.write(event(6)).outcome == "created"
        assert store.get(store.write(event(7)).policy_id).last_used == top + 2  # type: ignore[union-attr]


def test_a_change_whose_transaction_failed_is_journaled_again_when_it_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    # The first change of a row after a mark journals the row as it was; if that change's transaction
    # fails (a locked or full disk), its journal entry goes with it, and the change that succeeds
    # later must journal the row again, or a rewind leaves that change in.
    from sqlmodel import Session

    with PolicyStore.open(tmp_path / "s", HashEmbedder()) as store:
        store.write(breakfast())
        store.mark("run@1")
        saved = _whole(store)
        commit = Session.commit
        calls = {"n": 0}

        def fail_once(self: Session) -> None:
            calls["n"] += 1
            if calls["n"] == 1:
                raise OSError("disk I/O error")
            commit(self)

        monkeypatch.setattr(Session, "commit", fail_once)
        with pytest.raises(OSError):
            store.lookup(query(), Env())
        assert _whole(store) == saved  # the failed use changed nothing
        assert store.lookup(query(), Env()).hit
        monkeypatch.setattr(Session, "commit", commit)
        assert _whole(store) != saved
        assert store.rewind("run@1") > 0
        assert _whole(store) == saved


def test_a_host_killed_between_its_save_and_its_mark_loses_nothing_in_the_store(tmp_path: Path):
    with PolicyStore.open(tmp_path / "s", HashEmbedder()) as store:
        store.mark("run@1")
        store.write(breakfast())
        # The host's state as of step 2 is durable here, and the process dies before mark("run@2"):
        # the write is part of the saved state, so a rewind to it keeps it.
        saved = _whole(store)
    with PolicyStore.open(tmp_path / "s", HashEmbedder()) as store:
        assert store.rewind("run@2") == 0
        assert _whole(store) == saved
        # Without a mark nothing is kept to undo: a library user who never marks pays nothing.
    with PolicyStore.open(tmp_path / "t", HashEmbedder()) as store:
        store.write(breakfast())
        assert store.rewind("anything") == 0 and store.count() == 1


def test_agent_scope_keeps_owners_apart_and_shared_scope_substitutes_names(tmp_path: Path):
    draft = breakfast(owner="Ana Diaz")
    draft = draft.model_copy(
        update={"steps": (Step(text="Ana Diaz boils water", minutes=10, action=ActionSpec(address=STOVE)),)}
    )
    bob = {"self": "Bob Stone", "first": "Bob"}
    with PolicyStore.open(tmp_path / "a", HashEmbedder()) as own:
        own.write(draft)
        assert not own.lookup(query(owner="Bob Stone", bindings=bob), Env()).hit
    with PolicyStore.open(tmp_path / "b", HashEmbedder(), StoreConfig(scope="shared")) as shared:
        shared.write(draft)
        found = shared.lookup(query(owner="Bob Stone", bindings=bob), Env())
        assert found.hit and found.match is not None and found.match.borrowed
        assert found.match.steps[0].text == "Bob Stone boils water"


def test_bypass_looks_nothing_up_and_writes_nothing(tmp_path: Path):
    with PolicyStore.open(tmp_path / "s", HashEmbedder(), StoreConfig(bypass=True)) as store:
        assert store.write(breakfast()) is None
        found = store.lookup(query(), Env())
        assert found.bypassed and not found.hit
        assert store.count() == 0 and store.stats()["plan"]["bypassed"] == 1


def test_an_exact_kind_is_reused_only_for_the_same_text(tmp_path: Path):
    # The bag-of-words embedder scores these two texts 1.0: only the text tells them apart.
    reordered = "eat it and make breakfast"
    with PolicyStore.open(tmp_path / "similar", HashEmbedder()) as similar:
        similar.write(breakfast())
        assert similar.lookup(query(text=reordered), Env()).hit
    with PolicyStore.open(tmp_path / "exact", HashEmbedder(), StoreConfig(exact=frozenset({"plan"}))) as exact:
        exact.write(breakfast())
        assert not exact.lookup(query(text=reordered), Env()).hit
        assert exact.lookup(query(text="Make breakfast  and eat it."), Env()).hit  # case and spacing aside
        # and a text that close is kept as a policy of its own, so that its own words find it again
        exact.write(breakfast().model_copy(update={"text": reordered}))
        assert exact.count("plan") == 2
        found = exact.lookup(query(text=reordered), Env())
        assert found.hit and found.match is not None and found.match.text == reordered


def test_a_kind_the_store_does_not_serve_is_neither_looked_up_nor_stored(tmp_path: Path):
    with PolicyStore.open(tmp_path / "s", HashEmbedder(), StoreConfig(kinds=frozenset({"action"}))) as store:
        assert store.write(breakfast()) is None
        assert store.lookup(query(), Env()).bypassed
        assert store.count() == 0


def test_persists_across_processes(tmp_path: Path):
    folder = tmp_path / "store"
    script = textwrap.dedent(
        f"""
        import sys; sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        from policy_store import PolicyStore, Draft, Query
        from tests.fakes import HashEmbedder
        with PolicyStore.open(Path({str(folder)!r}), HashEmbedder()) as s:
            if sys.argv[1] == "write":
                s.write(Draft(kind="importance", owner="Ana", text="the kettle whistles", value={{"rating": 2}}))
            else:
                found = s.lookup(Query(kind="importance", owner="Ana", text="the kettle whistles"))
                print(found.match.value["rating"] if found.hit else "miss")
        """
    )
    for arg in ("write", "read"):
        out = subprocess.run([sys.executable, "-c", script, arg], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "2"


def test_crash_between_commit_and_index_is_repaired_on_open(tmp_path: Path):
    folder = tmp_path / "store"
    script = textwrap.dedent(
        f"""
        import os, sys; sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        from policy_store import PolicyStore, Draft, Query
        from tests.fakes import HashEmbedder
        s = PolicyStore.open(Path({str(folder)!r}), HashEmbedder())
        s.write(Draft(kind="importance", owner="Ana", text="first event", value={{"rating": 2}}))
        assert s.flush() == 1 and s.index.waiting() == 0
        s.write(Draft(kind="importance", owner="Ana", text="second event", value={{"rating": 7}}))
        assert s.index.waiting() == 1  # in SQL; its vector waits for the next flush
        assert s.lookup(Query(kind="importance", owner="Ana", text="second event")).hit  # found meanwhile
        os._exit(9)  # the process dies before the host's next checkpoint
        """
    )
    died = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert died.returncode == 9, died.stderr
    with PolicyStore.open(folder, HashEmbedder()) as store:  # the lock died with the process
        assert store.count() == 2
        assert store.index is not None and len(store.index.ids()) == 2
        found = store.lookup(Query(kind="importance", owner="Ana", text="second event"))
        assert found.hit and found.match is not None and found.match.value == {"rating": 7}


def test_failed_transaction_writes_nothing(store: PolicyStore, monkeypatch: pytest.MonkeyPatch):
    store.write(breakfast())

    def boom(*_a, **_k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "_evict", boom)  # fails inside the transaction, before the commit
    with pytest.raises(RuntimeError):
        store.write(Draft(kind="plan", owner="Ana Diaz", text="water the plants", steps=(Step(text="x", minutes=5),)))
    assert store.count() == 1
    assert store.index is not None and len(store.index.ids()) == 1


def test_one_writer_at_a_time_and_readers_any_time(tmp_path: Path):
    folder = tmp_path / "store"
    with PolicyStore.open(folder, HashEmbedder()) as store:
        store.write(breakfast())
        with pytest.raises(PolicyStoreError, match="in use by process"):
            PolicyStore.open(folder, HashEmbedder())
        with PolicyStore.open(folder, HashEmbedder(), readonly=True) as reader:
            assert reader.count() == 1
            assert reader.search("breakfast and eat", k=1)[0][1].text == "make breakfast and eat it"


def test_wrong_embedder_is_refused_with_a_way_out(tmp_path: Path):
    class Other(HashEmbedder):
        name = "other-embedder"

    PolicyStore.open(tmp_path / "s", HashEmbedder()).close()
    with pytest.raises(PolicyStoreError, match="export it and import it"):
        PolicyStore.open(tmp_path / "s", Other())


def test_export_import_round_trip(tmp_path: Path, store: PolicyStore):
    store.write(breakfast(obj=STOVE))
    store.write(breakfast(obj=KETTLE))
    store.write(Draft(kind="importance", owner="Ana", text="a storm", value={"rating": 8}))
    data = json.loads(json.dumps(store.export()))
    with PolicyStore.open(tmp_path / "copy", HashEmbedder()) as copy:
        counts = copy.import_(data)
        assert counts == {"created": 2, "appended": 1, "merged": 0}
        assert copy.lookup(query(), Env(busy={STOVE})).hit
        again = copy.import_(data)
        assert again["created"] == 0 and copy.count() == 2
    with pytest.raises(PolicyStoreError, match="not a policy export"):
        store.import_({"format": "something else"})


def test_purge_by_owner(store: PolicyStore):
    store.write(breakfast(owner="Ana Diaz"))
    store.write(breakfast(owner="Bob Stone"))
    assert store.purge(owner="Ana Diaz") == 1
    assert [p.owner for p in store.policies()] == ["Bob Stone"]
    assert store.index is not None and len(store.index.ids()) == 1


def test_condition_windows_wrap_midnight():
    night = window_around(23 * 60, 120)
    assert night == (21 * 60, 60)
    assert in_window(30, night) and in_window(22 * 60, night) and not in_window(12 * 60, night)
    assert cover((21 * 60, 60), (5 * 60, 6 * 60)) == (21 * 60, 6 * 60)
    assert cover((0, 100), (1000, 1439)) == (1000, 100)
    assert Condition().requires == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=300), min_size=1, max_size=20), st.integers(0, 1440))
def test_rescaled_durations_sum_to_the_total(minutes: list[int], total: int):
    out = rescale(minutes, total)
    assert sum(out) == total and len(out) == len(minutes) and min(out) >= 0
    if total >= len(minutes):
        assert min(out) >= 1


def test_library_never_imports_aga():
    assert_standalone("policy_store")


def test_in_memory_stores_are_isolated():
    a = PolicyStore.in_memory(HashEmbedder())
    b = PolicyStore.in_memory(HashEmbedder())
    a.write(breakfast())
    assert a.lookup(query(), Env()).hit
    assert not b.lookup(query(), Env()).hit and b.count() == 0


def test_waiting_vectors_rank_with_written_ones_and_are_written_in_one_go(tmp_path: Path):
    """New policies' vectors wait for a flush (a host's checkpoint); lookups and nearest must not notice."""
    from policy_store.index import PolicyIndex

    rng = np.random.default_rng(3)
    vectors = rng.normal(size=(30, 8)).astype(np.float32)
    owners = ["Ana", "Ben", "Cy"]
    indexes = {name: PolicyIndex(tmp_path / name, flush_at=1_000) for name in ("written", "waiting")}
    for n, vector in enumerate(vectors):
        owner = owners[n % 3]
        indexes["written"].add([n], ["action"], [owner], vector[None, :])
        indexes["waiting"].add_later(n, "action", owner, vector)
        if n == 9:
            indexes["waiting"].flush()  # some written, some waiting: both are searched
    waiting = indexes["waiting"]
    assert waiting.waiting() == 20 and waiting.ids() == set(range(30))
    for query in rng.normal(size=(5, 8)).astype(np.float32):
        for owner in ("Ana", None):  # one owner's collection; every owner's (the shared scope)
            got = {name: index.nearest(query, 4, kind="action", owner=owner) for name, index in indexes.items()}
            assert list(got["written"]) == list(got["waiting"])
            assert np.allclose(list(got["written"].values()), list(got["waiting"].values()), atol=1e-5)
    waiting.delete([12, 13])  # an evicted policy goes, written or not
    assert 12 not in waiting.ids() and waiting.waiting() == 18
    assert waiting.flush() == 18 and waiting.waiting() == 0 and waiting.ids() == set(range(30)) - {12, 13}
    waiting.flush_at = 2
    waiting.add_later(40, "action", "Ana", vectors[0])
    assert waiting.waiting() == 1
    waiting.add_later(41, "action", "Ana", vectors[1])  # flush_at reached: written at once
    assert waiting.waiting() == 0 and {40, 41} <= waiting.ids()
    waiting.add_later(42, "action", "Ben", vectors[2])
    waiting.close()  # closing writes what waits
    reopened = PolicyIndex(tmp_path / "waiting")
    assert 42 in reopened.ids() and reopened.waiting() == 0
    reopened.close()
    indexes["written"].close()


def test_a_reopened_index_ranks_with_exactly_the_vectors_the_writing_process_used(tmp_path: Path):
    """A host resumed after a crash looks up with the vectors it reads back, one that never stopped with
    those it computed: the similarities must be equal to the last bit, or a near tie or a threshold
    could go the other way (in cosine space chromadb normalised vectors again, changing their last bits).
    A store made before (cosine collections) gets its vectors back exactly from its SQL rows."""
    from policy_store.index import PolicyIndex

    rng = np.random.default_rng(5)
    vectors = rng.normal(size=(60, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)  # as an embedder gives them
    queries = rng.normal(size=(4, 16)).astype(np.float32)
    index = PolicyIndex(tmp_path / "v", flush_at=1_000)
    for n, vector in enumerate(vectors):
        index.add_later(n, "action", "Ana", vector)
    before = [index.nearest(q, 60, kind="action", owner="Ana") for q in queries]
    index.close()  # writes what waits
    reopened = PolicyIndex(tmp_path / "v")
    assert [reopened.nearest(q, 60, kind="action", owner="Ana") for q in queries] == before
    reopened.close()

    with PolicyStore.open(tmp_path / "store", HashEmbedder()) as store:
        store.write(breakfast())
        looked = store.lookup(query(), Env())
    client, _ = open_client(tmp_path / "store" / "vectors")  # the form stores were made in before
    for collection in client.list_collections():
        client.delete_collection(collection.name)
    former = client.get_or_create_collection(
        "policies-0123456789abcdef", embedding_function=None, configuration={"hnsw": {"space": "cosine"}},
        metadata={"kind": "action", "owner": "Ana"},
    )  # fmt: skip
    former.upsert(ids=["1"], embeddings=vectors[:1])
    client.close()
    with PolicyStore.open(tmp_path / "store", HashEmbedder()) as store:
        assert store.lookup(query(), Env()) == looked
        names = [c.name for c in store.index._client.list_collections()]
        assert names and not any(n.startswith("policies-") for n in names)


def test_host_ticks_and_held_evictions_evict_the_same_whoever_wrote_first(tmp_path: Path):
    """Two owners write at the same host steps, once Ana first and once Bob first. With the store's own
    counter the later writer's policies look more recent and the two orders evict differently; with
    ticks from the host's step (and evictions held for the host's barrier) they evict the same."""

    def victims(name: str, bob_first: bool, *, host_ticks: bool) -> set[tuple[str, str]]:
        config = StoreConfig(max_policies=5)  # 12 written: all of steps 0-2 go, and one of step 3
        with PolicyStore.open(tmp_path / name, HashEmbedder(), config) as store:
            step = [0]
            if host_ticks:
                store.ticks = lambda owner: step[0] * 10 + (owner == "Bob")  # Ana before Bob in a step
                store.hold_evictions = True
            written = {}
            for step[0] in range(6):
                owners = ["Bob", "Ana"] if bob_first else ["Ana", "Bob"]
                for owner in owners:
                    text = f"{owner} saw {EVENTS[step[0]]}"
                    result = store.write(Draft(kind="importance", owner=owner, text=text, value={"rating": 3}))
                    assert result is not None
                    written[result.policy_id] = (owner, text)
            if host_ticks:
                assert store.count("importance") == 12  # held until the barrier
                store.evict()
            assert store.count("importance") == 5
            return {written[i] for i in written if store.get(i) is None}

    assert victims("c1", False, host_ticks=False) != victims("c2", True, host_ticks=False)
    ana_first = victims("t1", False, host_ticks=True)
    assert ana_first == victims("t2", True, host_ticks=True)
    assert ana_first == {(o, f"{o} saw {EVENTS[n]}") for o in ("Ana", "Bob") for n in range(3)} | {
        ("Ana", f"Ana saw {EVENTS[3]}")
    }


EVENTS = ("kettle boiling over", "dog barking loudly", "rain on windows", "late bus", "phone ringing", "burnt bread")


def test_nearest_is_exact_and_never_asks_chromadbs_approximate_query(tmp_path: Path, monkeypatch):
    """Lookups rank every vector of the collection (written, waiting, read back after a reopen) by cosine;
    chromadb's HNSW query, which is approximate and not deterministic, is never used."""
    from chromadb.api.models.Collection import Collection

    from policy_store.index import PolicyIndex

    def refuse(*args, **kwargs):
        raise AssertionError("chromadb's approximate query was used")

    monkeypatch.setattr(Collection, "query", refuse)
    rng = np.random.default_rng(11)
    vectors = rng.normal(size=(300, 16)).astype(np.float32)
    vectors[7] = 0.0  # a zero vector has similarity 0 to anything, as in chromadb's cosine space
    owners = ["Ana", "Ben"]

    def exact(query: np.ndarray, k: int, owner: str | None, present: set[int]) -> list[int]:
        unit = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-30)
        sims = unit @ (query / np.linalg.norm(query))
        chosen = [n for n in sorted(present) if owner is None or owners[n % 2] == owner]
        return sorted(chosen, key=lambda n: (-sims[n], n))[:k]

    index = PolicyIndex(tmp_path / "exact", flush_at=100)
    for n, vector in enumerate(vectors):
        index.add_later(n, "action", owners[n % 2], vector)  # flushed every 100: some written, some waiting
    present = set(range(300))
    queries = rng.normal(size=(6, 16)).astype(np.float32)

    def check(ix: PolicyIndex) -> None:
        for query in queries:
            for owner in ("Ana", None):
                got = ix.nearest(query, 5, kind="action", owner=owner)
                assert list(got) == exact(query, 5, owner, present)
                assert list(got.values()) == sorted(got.values(), reverse=True)
        assert ix.nearest(queries[0], 5, kind="plan", owner=None) == {}
        assert ix.nearest(queries[0], 0, kind="action", owner=None) == {}

    check(index)
    index.delete([int(n) for n in exact(queries[0], 3, None, present)])  # the three best go
    present -= set(exact(queries[0], 3, None, present))
    check(index)
    index.close()
    reopened = PolicyIndex(tmp_path / "exact")  # read back from chromadb
    check(reopened)
    reopened.close()


def test_nearest_breaks_ties_by_id_at_the_kth_place(tmp_path: Path):
    """Several vectors equally near at the cut: the lowest ids are the ones kept, whatever order they came."""
    from policy_store.index import PolicyIndex

    same = np.ones(4, dtype=np.float32)
    index = PolicyIndex(tmp_path / "ties")
    for policy_id in (9, 3, 7, 1, 5):
        index.add_later(policy_id, "action", "Ana", same)
    index.add_later(2, "action", "Ana", -same)
    assert list(index.nearest(same, 3, kind="action", owner="Ana")) == [1, 3, 5]
    assert list(index.nearest(same, 3, kind="action", owner=None)) == [1, 3, 5]
    index.close()


class _Broken(HashEmbedder):
    """Declares 64 dims, then answers with NaN or with 70 dims."""

    def __init__(self, how: str) -> None:
        self.how = how

    def embed(self, texts):
        rows = super().embed(texts)
        if self.how == "nan":
            rows[:, 0] = np.nan
            return rows
        return np.hstack([rows, np.zeros((len(rows), 6), dtype=np.float32)])


@pytest.mark.parametrize("how, says", [("nan", "NaN or infinite"), ("wide", r"shape \(70,\), not \(64,\)")])
def test_a_broken_embedder_is_refused_before_anything_is_stored(tmp_path: Path, how: str, says: str):
    with PolicyStore.open(tmp_path / "s", _Broken(how)) as broken:
        with pytest.raises(PolicyStoreError, match=says):
            broken.write(breakfast())
        with pytest.raises(PolicyStoreError, match=says):
            broken.lookup(query())
        assert broken.count() == 0
    with PolicyStore.open(tmp_path / "s", HashEmbedder()) as good:  # the store is still whole
        good.write(breakfast())
        assert good.lookup(query()).match is not None
        with pytest.raises(PolicyStoreError, match=r"the query's embedding gave a vector of shape \(7,\)"):
            good.lookup(query(embedding=np.ones(7)))


def test_a_closed_store_refuses_to_be_used(tmp_path: Path):
    store = PolicyStore.open(tmp_path / "s", HashEmbedder())
    store.close()
    store.close()  # twice: nothing
    for use in (lambda: store.write(breakfast()), lambda: store.lookup(query()), store.flush):
        with pytest.raises(PolicyStoreError, match="is closed; open it again"):
            use()


def test_an_import_is_all_or_nothing(store: PolicyStore):
    store.write(breakfast())
    data = store.export()
    with PolicyStore.in_memory(HashEmbedder()) as copy:
        bad = {**data, "policies": [*data["policies"], {"owner": "x"}]}
        with pytest.raises(PolicyStoreError, match=r"policies\[1\] is malformed \(nothing was imported\)"):
            copy.import_(bad)
        assert copy.count() == 0
        with pytest.raises(PolicyStoreError, match="'policies' must be a list, not a JSON NoneType"):
            copy.import_({**data, "policies": None})
        with pytest.raises(PolicyStoreError, match="has version 99"):
            copy.import_({**data, "version": 99})
        # What a lenient read would store and no lookup could use, or would lose without a word.
        [good] = data["policies"]
        for change, says in [
            ({"txet": "typo"}, r"policies\[0\]: unknown field 'txet' \(a policy has id, kind, owner, text"),
            ({"text": "  "}, r"policies\[0\]: 'text' is empty"),
            ({"owner": ""}, r"policies\[0\]: 'owner' is empty"),
            ({"variants": []}, r"policies\[0\] has no variants"),
            ({"variants": [{**good["variants"][0], "usess": 3}]}, r"\.variants\[0\]: unknown field 'usess'"),
        ]:
            with pytest.raises(PolicyStoreError, match=says):
                copy.import_({**data, "policies": [{**good, **change}]})
        assert copy.count() == 0


@pytest.mark.parametrize(
    ("knobs", "says"),
    [
        ({"default_threshold": 1.5}, "default_threshold is 1.5"),
        ({"merge_similarity": 0.0}, "merge_similarity is 0.0"),
        ({"thresholds": {"plan": float("nan")}}, "threshold for 'plan'"),
        ({"thresholds": {"plan": "0.9"}}, "threshold for 'plan'"),
        ({"windows": {"plan": -30}}, "window for 'plan'"),
        ({"windows": {"plan": 2.5}}, "window for 'plan'"),
        ({"bands": {"plan": 0.5}}, "band for 'plan'"),
        ({"bands": {"plan": float("inf")}}, "band for 'plan'"),
        ({"kinds": "plan"}, "kinds is 'plan'"),
        ({"exact": "action"}, "exact is 'action'"),
        ({"candidates": 0}, "candidates is 0"),
        ({"max_policies": 2.5}, "max_policies is 2.5"),
    ],
)
def test_a_bad_config_knob_is_refused_by_name(knobs: dict, says: str):
    # Each of these used to be taken: a store that silently never (or always) reused, or a kinds
    # string that served every kind whose name is a substring of it.
    with pytest.raises(ValueError, match=re.escape(says)):
        StoreConfig(**knobs)


def test_config_kind_sets_given_as_lists_are_kept_as_sets():
    config = StoreConfig(kinds=["plan", "action"], exact=["action"])  # type: ignore[arg-type]
    assert config.kinds == frozenset({"plan", "action"}) and config.exact == frozenset({"action"})
    assert config.serves("plan") and not config.serves("importance")


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: Condition(window=(600, 1500)), "1500 is not a minute of the day"),
        (lambda: Condition(window=(-1, 60)), "-1 is not a minute of the day"),
        (lambda: Condition(minutes=(90, 30)), "minutes band [90, 30]"),
        (lambda: Query(kind="plan", owner="Ana", text="x", minutes=0), "greater than or equal to 1"),
        (lambda: Query(kind="plan", owner="Ana", text="x", minute_of_day=1440), "less than or equal to 1439"),
    ],
)
def test_impossible_conditions_and_queries_are_refused(make, says: str):
    with pytest.raises(ValueError, match=re.escape(says)):
        make()
    assert Condition(window=(1320, 120)).window == (1320, 120)  # a window past midnight is fine


def test_a_damaged_vector_folder_is_made_anew_from_the_rows(tmp_path: Path):
    # A full disk or a bad copy can leave chromadb's folder unreadable; the rows hold every vector, so
    # the store opens, writes them again, and finds what it found before.
    folder = tmp_path / "store"
    with PolicyStore.open(folder, HashEmbedder(), StoreConfig(max_variants=1)) as store:
        for n in range(3):
            store.write(breakfast(owner=f"Owner {n}"))
    database = folder / "vectors" / "chroma.sqlite3"
    database.write_bytes(database.read_bytes()[:20_000])
    with PolicyStore.open(folder, HashEmbedder()) as store:
        assert store.index is not None and store.index.rebuilt
        assert store.index.ids() == {1, 2, 3}
        assert store.lookup(query(owner="Owner 1"), Env()).hit


def test_a_full_disk_is_not_mistaken_for_a_damaged_vector_folder(tmp_path: Path, monkeypatch):
    import chromadb
    from chromadb.errors import InternalError

    from policy_store.chroma import open_client

    folder = tmp_path / "vectors"
    open_client(folder)[0].close()
    made = sorted(p.name for p in folder.iterdir())

    def full(*_args, **_kwargs):
        raise InternalError("error returned from database: (code: 13) database or disk is full")

    monkeypatch.setattr(chromadb, "PersistentClient", full)
    with pytest.raises(InternalError, match="disk is full"):
        open_client(folder)
    assert sorted(p.name for p in folder.iterdir()) == made  # nothing removed
