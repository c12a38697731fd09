"""Agents running ahead of each other between checkpoints (``--step ahead``): the same town as the
phased step for the same seed, with agents really apart in steps, resumable, and refused where it
cannot be exact."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from datetime import time as clock_time
from typing import Any

import pytest

from aga.agents import Action
from aga.clock import SimClock
from aga.sim.ahead import AheadStep, last_step
from aga.sim.policies import PolicyOptions
from aga.sim.run import Run
from tests.fakes import HashEmbedder


def _town(
    run_id: str,
    step_mode: str,
    concurrency: int,
    *,
    scenario: str = "ville25",
    mode: str = "baseline",
    hours: float = 0.3,
    max_policies: int = 10_000,
    seed: int = 3,
) -> tuple[list[Any], list[Any], dict[str, float]]:
    from benchmarks.concurrency import town_record

    run = Run.create(
        scenario, model="scripted/default", mode=mode, hours=hours, run_id=run_id, seed=seed,
        embedder=HashEmbedder(), start=clock_time(9), step_mode=step_mode, concurrency=concurrency,
        policies=PolicyOptions(fresh=True, max_policies=max_policies),
    )  # fmt: skip
    try:
        run.advance(checkpoint_minutes=10)
        stats = run._step.stats() if isinstance(run._step, AheadStep) else {}
        if run.rt.lifestyle is not None:
            stats["evicted"] = sum(k.get("evicted", 0) for k in run.rt.lifestyle.stats().values())
        timeline, calls = town_record(run)
        return timeline, calls, stats
    finally:
        run.close()


def test_the_clock_is_pinned_per_thread() -> None:
    clock = SimClock(start=datetime(2023, 2, 13, 9, 0))
    seen: list[int] = []
    with clock.pinned(30):
        assert clock.current_step() == 30 and clock.now() == datetime(2023, 2, 13, 9, 5)
        other = threading.Thread(target=lambda: seen.append(clock.current_step()))
        other.start()
        other.join()
    assert seen == [0]  # another thread reads the clock's own step
    assert clock.current_step() == 0 and clock.steps == 0


@pytest.mark.parametrize("seconds", [10, 7, 60])
def test_a_held_conversation_is_known_to_its_last_step_and_no_further(seconds: int) -> None:
    """Others read a held conversation's partners as chatting through ``last_step``; the step after it
    is the first at which the chat may be over (its action ends when the clock reaches its end)."""
    clock = SimClock(start=datetime(2023, 2, 13, 9, 0), step=timedelta(seconds=seconds))
    for begun in (0, 5, 33):
        for minutes in (1, 2, 7):
            with clock.pinned(begun):
                chat = Action("chatting with B", "<persona> B", clock.now(), minutes, chatting_with="B")
            last = last_step(begun, minutes, clock.step)
            with clock.pinned(last):
                assert clock.now() < chat.end
            with clock.pinned(last + 1):
                assert clock.now() >= chat.end


def test_agents_running_ahead_give_the_phased_town(monkeypatch: pytest.MonkeyPatch) -> None:
    """ville25 from 9 am, 18 minutes, checkpoints every 10: agents far apart drift many steps apart,
    reads of distant objects wait for those behind, and the timeline and every agent's calls are the
    phased step's, bit for bit."""
    from tests.test_concurrency import _shuffled_latency

    # Seed 2: a span with seven conversations held apart; seed 3's window held one after the simulator's
    # fixes of 2026-11-27 (what agents say, where they wake), and the test needs several.
    phased = _town("phased", "phased", 1, seed=2)
    _shuffled_latency(monkeypatch, seed=4)
    ahead = _town("ahead", "ahead", 6, seed=2)
    stats = ahead[2]
    assert stats["widest_gap"] >= 20  # they did run ahead: some agent was 20+ steps past another
    assert stats["mean_group"] < 25 / 2  # in groups, not the whole town at once
    assert {kind for _, _, kind, _, _ in phased[0]} >= {"action", "chat"}  # a span with conversations
    # Conversations were held apart from their groups' steps, and their partners read meanwhile.
    assert stats["held_talks"] >= 3 and stats["held_reads"] > 0, stats
    assert ahead[0] == phased[0]
    assert ahead[1] == phased[1]


def test_ahead_with_a_full_lifestyle_policy_store_gives_the_phased_town() -> None:
    """A store bound small enough that every checkpoint evicts: least recently used by simulated step,
    so the same policies go (and the same lookups hit) whichever agent wrote first."""
    phased = _town("phased-aga", "phased", 1, mode="aga", hours=0.25, max_policies=40)
    ahead = _town("ahead-aga", "ahead", 5, mode="aga", hours=0.25, max_policies=40)
    assert phased[2]["evicted"] > 0 and ahead[2]["evicted"] == phased[2]["evicted"]
    assert ahead[2]["widest_gap"] >= 10
    assert ahead[0] == phased[0]
    assert ahead[1] == phased[1]


def test_an_ahead_run_resumed_goes_on_as_if_never_stopped() -> None:

    whole = _town("whole", "ahead", 4, scenario="ville3", hours=0.4)
    run = Run.create(
        "ville3", model="scripted/default", hours=0.2, run_id="halves", seed=3, embedder=HashEmbedder(),
        start=clock_time(9), step_mode="ahead", concurrency=4,
    )  # fmt: skip
    run.advance(checkpoint_minutes=10)
    run.close()
    _resume_to(whole, "halves", hours=0.2)


def _resume_to(whole: tuple[list[Any], list[Any], dict[str, float]], run_id: str, *, hours: float = 0.0) -> int:
    """Open ``run_id``, run it to its end (``hours`` further), check its town is ``whole``'s; the step
    it was opened at."""
    from benchmarks.concurrency import town_record

    again = Run.open(run_id, embedder=HashEmbedder(), concurrency=2)
    try:
        assert again.ahead
        opened_at = again.rt.step
        again.set_status("running", until=again.info.until + timedelta(hours=hours))
        again.advance(checkpoint_minutes=10)
        resumed = town_record(again)
    finally:
        again.close()
    assert resumed[0] == whole[0]
    assert resumed[1] == whole[1]
    return opened_at


def test_a_held_conversation_says_no_more_once_the_span_has_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C or a failure elsewhere ends the span; a conversation held apart stops at its next line
    instead of talking on (and calling the model) after the run has given the span up."""
    import aga.sim.ahead as ahead

    run = Run.create(
        "ville25", model="scripted/default", hours=0.3, run_id="stopped", seed=3, embedder=HashEmbedder(),
        start=clock_time(9), step_mode="ahead", concurrency=4,
    )  # fmt: skip
    real = ahead.converse
    said: list[int] = []

    def converse(rt: Any, a: Any, b: Any, heard: Any) -> Any:
        run._step.failed = RuntimeError("stopped elsewhere")  # as a failing group would
        return real(rt, a, b, lambda lines: (said.append(len(lines)), heard(lines)))

    monkeypatch.setattr(ahead, "converse", converse)
    try:
        with pytest.raises(RuntimeError, match="stopped elsewhere"):
            run.advance(checkpoint_minutes=10)
    finally:
        run.close()
    # Each conversation held when the span failed (those settled in the same step) said one line and stopped.
    assert said and set(said) == {1}


def test_a_stop_request_ends_an_ahead_span_where_the_leader_stands() -> None:
    """A stop asked for inside a span ends it at the step of the agent furthest ahead (the others catch
    up): the run checkpoints there, long before the span's end, and goes on from it as if never stopped."""
    from aga.sim.run import STOPPED

    whole = _town("whole-run", "ahead", 4, scenario="ville3", hours=0.4)
    run = Run.create(
        "ville3", model="scripted/default", hours=0.4, run_id="stopped-mid", seed=3, embedder=HashEmbedder(),
        start=clock_time(9), step_mode="ahead", concurrency=4,
    )  # fmt: skip
    step = run._step
    assert isinstance(step, AheadStep)
    reason = run.advance(checkpoint_minutes=10, should_stop=lambda: step.stats()["agent_steps"] >= 3 * 15)
    stopped_at = run.rt.step
    run.close()
    assert reason == STOPPED
    assert 15 <= stopped_at < 60  # inside the first 10-minute span (60 steps), not at its end
    assert _resume_to(whole, "stopped-mid") == stopped_at  # the checkpoint is where it stopped


def test_a_spent_budget_ends_an_ahead_span_early() -> None:
    """With hourly checkpoints a budget honoured only between spans could be overshot by an hour's
    calls; it ends the span where the agent furthest ahead stands instead."""
    from aga.sim.run import Budget

    run = Run.create(
        "ville3", model="scripted/default", hours=1, run_id="budget", seed=3, embedder=HashEmbedder(),
        start=clock_time(9), step_mode="ahead", concurrency=4,
    )  # fmt: skip
    try:
        reason = run.advance(checkpoint_minutes=60, budget=Budget(max_tokens=60_000))
        assert "token budget" in reason
        assert 0 < run.rt.step < 360  # stopped inside the one hour-long span
        # Over by the steps under way when it was noticed (76k measured), not by the rest of the hour
        # (the whole hour: 167k-194k tokens with the simulator of 2026-11-27).
        assert run.rt.gateway.spent_tokens < 100_000
    finally:
        run.close()


def test_ahead_refuses_a_shared_policy_store() -> None:
    with pytest.raises(ValueError, match="shared scope"):
        Run.create(
            "ville3", model="scripted/default", mode="aga", hours=0.1, run_id="shared", step_mode="ahead",
            embedder=HashEmbedder(), policies=PolicyOptions(fresh=True, scope="shared"),
        )  # fmt: skip


def test_a_read_of_an_agent_behind_waits_only_when_it_could_be_there() -> None:
    """The view of an agent not yet at the reader's (step, phase): None at once when it cannot have
    walked to the tiles asked about by then, else a wait (giving the town lock up) until its group
    publishes that moment."""
    run = Run.create(
        "ville3", model="scripted/default", hours=0.1, run_id="view", embedder=HashEmbedder(), step_mode="ahead"
    )
    try:
        step = run._step
        assert isinstance(step, AheadStep)
        rt = run.rt
        behind = rt.agents[sorted(rt.agents)[0]]
        x, y = behind.state.tile
        step.history = {name: {} for name in rt.agents}
        step.next_step = dict.fromkeys(rt.agents, 0)
        got: list[Any] = []

        def read(near: Any) -> None:
            with step.lock:
                token = step.where.set((10, 0))
                try:
                    got.append(step.view.seen(behind, near))
                finally:
                    step.where.reset(token)

        far = ([(x + 13, y)], 2)  # 13 tiles away, 10 steps to walk, 2 of slack: cannot be within reach
        read(far)
        assert got == [None]
        near = ([(x + 11, y)], 2)  # 11 tiles, 10 steps, 2 of slack: it could
        reader = threading.Thread(target=read, args=(near,))
        reader.start()
        reader.join(0.3)
        assert reader.is_alive()  # waiting for the agent behind, with the town lock given up
        with step.lock:
            step.history[behind.name][(10, 0)] = ((x + 10, y), None)
            step.lock.changed.notify_all()
        reader.join(5)
        assert not reader.is_alive()
        assert got[1] == ((x + 10, y), None)
    finally:
        run.close()
