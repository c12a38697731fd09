"""Agents thinking concurrently: the town lock, phases with deferred writes, and the same town for
the same seed whatever the number of threads and whatever order the model's answers come back in."""

from __future__ import annotations

import json
import random
import threading
import time
from datetime import time as clock_time
from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import Session, select

from aga.concurrency import TownLock, defer, in_job, run_phase
from aga.sim.policies import PolicyOptions
from aga.sim.run import Run
from aga.storage.timeline import TimelineEntry
from tests.fakes import HashEmbedder


def test_deferred_writes_apply_in_job_order_whatever_finishes_first() -> None:
    lock = TownLock()
    applied: list[str] = []
    finished: list[str] = []

    def job(name: str, delay: float) -> str:
        with lock.released():  # as the gateway does around a request
            time.sleep(delay)
        finished.append(name)
        defer(lambda: applied.append(name))
        assert in_job() == name
        return name.upper()

    jobs = [("a", 0.15), ("b", 0.0), ("c", 0.08)]
    results = run_phase([(n, lambda n=n, d=d: job(n, d)) for n, d in jobs], lock=lock, workers=3)
    assert finished == ["b", "c", "a"]  # the threads really overlapped
    assert applied == ["a", "b", "c"]
    assert results == {"a": "A", "b": "B", "c": "C"}
    assert in_job() is None
    outside: list[int] = []
    defer(lambda: outside.append(1))  # outside a phase a write happens at once
    assert outside == [1]


def test_a_failed_phase_applies_nothing_and_raises_the_first_failure_in_job_order() -> None:
    lock = TownLock()
    applied: list[str] = []

    def job(name: str, delay: float, fail: bool) -> None:
        with lock.released():
            time.sleep(delay)
        defer(lambda: applied.append(name))
        if fail:
            raise RuntimeError(name)

    jobs = [("a", 0.1, True), ("b", 0.0, True), ("c", 0.0, False)]
    with pytest.raises(RuntimeError, match="^a$"):  # "b" failed first in time, "a" first in order
        run_phase([(n, lambda n=n, d=d, f=f: job(n, d, f)) for n, d, f in jobs], lock=lock, workers=3)
    assert applied == []


def test_the_lock_is_held_while_thinking_and_given_up_while_waiting() -> None:
    lock = TownLock()
    inside = 0
    most = 0
    guard = threading.Lock()

    def job() -> None:
        nonlocal inside, most
        for _ in range(3):
            with guard:
                inside += 1
                most = max(most, inside)
            time.sleep(0.01)  # thinking: nobody else may be here
            with guard:
                inside -= 1
            with lock.released():
                time.sleep(0.02)

    run_phase([(str(i), job) for i in range(4)], lock=lock, workers=4)
    assert most == 1


def test_concurrency_needs_a_phased_run() -> None:
    with pytest.raises(ValueError, match="--step phased"):
        Run.create("ville3", model="scripted/default", step_mode="sequential", concurrency=4, hours=1)
    with pytest.raises(ValueError, match="--step sideways"):
        Run.create("ville3", model="scripted/default", step_mode="sideways", hours=1)
    with pytest.raises(ValueError, match="--concurrency 0"):
        Run.create("ville3", model="scripted/default", step_mode="phased", concurrency=0, hours=1)


def _shuffled_latency(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Every model call waits a random few milliseconds (from a wall-clock-free RNG of its own), so
    that the threads' answers come back in an order that has nothing to do with the agents'."""
    import aga.llm.gateway as gateway_module

    real = gateway_module.litellm.completion
    jitter = random.Random(seed)
    guard = threading.Lock()

    def slow(**kwargs: Any) -> Any:
        with guard:
            delay = jitter.uniform(0, 0.004)
        time.sleep(delay)
        return real(**kwargs)

    monkeypatch.setattr(gateway_module.litellm, "completion", slow)


def _town(run_id: str, concurrency: int, *, mode: str = "aga", hours: float = 1.5) -> tuple[list[Any], list[Any]]:
    run = Run.create(
        "ville3",
        model="scripted/default",
        mode=mode,
        hours=hours,
        run_id=run_id,
        seed=5,
        embedder=HashEmbedder(),
        start=clock_time(9),
        step_mode="phased",
        concurrency=concurrency,
        policies=PolicyOptions(fresh=True),  # each run learns from scratch: the default store is shared
    )
    try:
        run.advance()
        return _record(run)
    finally:
        run.close()


def _record(run: Run) -> tuple[list[Any], list[Any]]:
    from aga.llm.ledger import LedgerRow
    from aga.memory import MemoryNode

    with Session(run.engine) as session:
        texts = {n.id: n.description for n in session.exec(select(MemoryNode))}
        timeline = []
        for e in session.exec(select(TimelineEntry).order_by(TimelineEntry.id)):  # type: ignore[arg-type]
            data = json.loads(e.data_json)
            # Memory ids depend on how the agents' writes interleaved (and a resume skips the ids of the
            # memories it dropped); what a reflection rests on is the memories' text.
            if "evidence" in data:
                data["evidence"] = [texts.get(i) for i in data["evidence"]]
            timeline.append((e.step, e.agent, e.kind, e.text, data))
        rows = session.exec(select(LedgerRow).order_by(LedgerRow.id)).all()  # type: ignore[arg-type]
    # Per agent, in the order that agent made them: (task, outcome, tokens). The order between agents
    # is the threads' and may differ; what each agent asked and was told must not.
    calls: dict[str | None, list[Any]] = {}
    for r in rows:
        calls.setdefault(r.agent, []).append((r.task, r.outcome, r.prompt_tokens, r.completion_tokens))
    return timeline, sorted(calls.items(), key=lambda kv: str(kv[0]))


def test_one_thread_and_eight_give_the_same_town(monkeypatch: pytest.MonkeyPatch) -> None:
    one = _town("one", 1)
    _shuffled_latency(monkeypatch, seed=11)
    eight = _town("eight", 8)
    timeline, calls = one
    kinds = {kind for _, _, kind, _, _ in timeline}
    assert {"action", "chat"} <= kinds  # the span has the couplings that matter: conversations
    assert eight[0] == timeline
    assert eight[1] == calls


def test_a_phased_run_resumed_from_a_checkpoint_goes_on_as_if_never_stopped() -> None:
    whole = _town("whole", 1, mode="baseline", hours=1.0)
    run = Run.create(
        "ville3",
        model="scripted/default",
        mode="baseline",
        hours=0.5,
        run_id="halves",
        seed=5,
        embedder=HashEmbedder(),
        start=clock_time(9),
        step_mode="phased",
    )
    run.advance()
    run.close()
    again = Run.open("halves", embedder=HashEmbedder(), concurrency=3)
    try:
        again.set_status("running", until=again.info.until + timedelta(hours=0.5))
        again.advance()
        halves = _record(again)
    finally:
        again.close()
    assert halves[0] == whole[0]
    assert halves[1] == whole[1]
