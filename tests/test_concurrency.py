"""Agents thinking concurrently: the town lock, phases with deferred writes, and the same town for
the same seed whatever the number of threads and whatever order the model's answers come back in."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from datetime import time as clock_time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from aga.concurrency import TownLock, defer, in_job, run_phase
from aga.sim.policies import PolicyOptions
from aga.sim.run import Run
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


def test_a_ctrl_c_while_waiting_for_a_phase_returns_without_waiting_for_the_model() -> None:
    """The second Ctrl-C stops at once: the jobs still waiting on the model are abandoned with the step
    (their threads are daemons), not waited for."""
    import os
    import signal

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    lock = TownLock()
    started = threading.Event()

    def slow() -> None:
        started.set()
        with lock.released():
            time.sleep(5)  # a request to a slow server

    before = signal.signal(signal.SIGINT, interrupt)  # a real signal: it wakes a thread blocked on a lock
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    began = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            run_phase([("a", slow), ("b", slow)], lock=lock, workers=2)
    finally:
        signal.signal(signal.SIGINT, before)
    assert started.is_set()
    assert time.monotonic() - began < 3


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


def _town(
    run_id: str, concurrency: int, *, mode: str = "aga", hours: float = 1.5, seed: int = 5
) -> tuple[list[Any], list[Any]]:
    run = Run.create(
        "ville3",
        model="scripted/default",
        mode=mode,
        hours=hours,
        run_id=run_id,
        seed=seed,
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
    from benchmarks.concurrency import town_record

    return town_record(run)


def test_one_thread_and_eight_give_the_same_town(monkeypatch: pytest.MonkeyPatch) -> None:
    # (a seed whose span holds a conversation and a reflection: seed 5's 9:00-10:30 held one until session
    # 54, seed 1's until session 56 changed what people plan, seed 7's until session 73 put the year in every
    # prompt's date; seeds 4 and 9 hold both now, every seed of 0-12 but 7 a conversation)
    one = _town("one", 1, seed=4)
    _shuffled_latency(monkeypatch, seed=11)
    eight = _town("eight", 8, seed=4)
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


def test_the_latency_server_answers_as_the_simulator_does_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same town against scripted/default in process and against the loopback server: same calls,
    same tokens, same timeline; the concurrent run overlaps its requests and records its queueing."""
    from aga.llm.gateway import GatewayOptions
    from benchmarks.latency_server import LatencyServer

    monkeypatch.setenv("OPENAI_API_KEY", "loopback-test")
    local = Run.create(
        "ville3", model="scripted/default", hours=0.2, run_id="local", seed=2, embedder=HashEmbedder(),
        start=clock_time(9), step_mode="phased",
    )  # fmt: skip
    local.advance()
    expected = _record(local)
    local.close()
    with LatencyServer(0.05, jitter_s=0.02) as server:
        remote = Run.create(
            "ville3", model="openai/default", api_base=server.url, hours=0.2, run_id="remote", seed=2,
            embedder=HashEmbedder(), start=clock_time(9), step_mode="phased", concurrency=3,
            gateway_options=GatewayOptions(send_call_metadata=True),
        )  # fmt: skip
        try:
            remote.advance()
            got = _record(remote)
            totals = remote.rt.gateway.ledger.totals()[0]
        finally:
            remote.close()
        assert server.most_in_flight >= 2  # the agents really waited on the server at once
        assert server.served == totals.llm_calls
    assert got[0] == expected[0]
    assert [(agent, [c[0] for c in calls]) for agent, calls in got[1]] == [
        (agent, [c[0] for c in calls]) for agent, calls in expected[1]
    ]
    assert got[1] == expected[1]  # tokens too: the server counts with the same tokenizer
    assert totals.model_s >= 0.05 * totals.llm_calls  # every request took the server's latency
    assert totals.queue_s >= 0


def test_the_latency_server_refuses_past_its_capacity_and_calls_without_metadata() -> None:
    import httpx

    from benchmarks.latency_server import LatencyServer

    with LatencyServer(0.3, capacity=1, retry_after_s=2) as server:
        body = {"model": "default", "messages": [{"role": "user", "content": "hi"}], "aga_call": {"task": "x"}}
        with httpx.Client(timeout=5) as client:
            assert client.post(f"{server.url}/chat/completions", json={"model": "default"}).status_code == 400
            results: list[int] = []

            def post() -> None:
                results.append(client.post(f"{server.url}/chat/completions", json=body).status_code)

            threads = [threading.Thread(target=post) for _ in range(3)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        assert sorted(results) == [200, 429, 429]
        assert server.refused == 2


def test_the_concurrency_benchmark_reports_the_same_town_at_every_concurrency(tmp_path) -> None:
    from benchmarks import concurrency

    out = tmp_path / "c.json"
    concurrency.main(
        ["ville3", "--hours", "0.1", "--latency", "0.05", "--jitter", "0", "--concurrency", "1",
         "--concurrency", "3", "--ahead", "3", "--mode", "baseline", "--out", str(out)]
    )  # fmt: skip
    report = json.loads(out.read_text())
    one, three, ahead = report["runs"]
    assert one["same_town"] and three["same_town"] and ahead["same_town"]
    # The ahead run's bound is its own schedule replayed under the ahead rules (tests/test_ahead_replay.py
    # checks the replay itself); the trace it needs covers every agent's every step.
    assert ahead["speedup_bound"] >= 1.0 and ahead["ahead"]["agent_steps"] == ahead["agent_steps"]
    assert one["tokens"] == three["tokens"] and one["llm_calls"] == three["llm_calls"] > 0
    assert three["most_in_flight"] >= 2
    assert "| phased | 3 |" in out.with_suffix(".md").read_text()
    assert "OPENAI_API_KEY" not in os.environ or os.environ["OPENAI_API_KEY"] != "loopback-benchmark"


def test_the_rate_limiter_waits_for_room_in_the_last_minute() -> None:
    from aga.llm.limits import RateLimiter

    now = [0.0]
    waits: list[float] = []

    def sleep(s: float) -> None:
        waits.append(s)
        now[0] += s

    limiter = RateLimiter(rpm=2, tpm=1000, clock=lambda: now[0], sleep=sleep)
    assert limiter.acquire(100)[1] == 0
    first = limiter.acquire(100)[0]
    _, waited = limiter.acquire(100)  # a third request in the minute waits for the first to leave
    assert 59.9 <= waited <= 60.3 and now[0] >= 60
    limiter.settle(first, 50)
    big = RateLimiter(tpm=1000, clock=lambda: now[0], sleep=sleep)
    assert big.acquire(5000)[1] == 0  # bigger than the budget: goes alone into an empty window
    start = now[0]
    big.acquire(10)
    assert now[0] - start >= 59.9
    with pytest.raises(ValueError, match="--rpm 0"):
        RateLimiter(rpm=0)


def test_several_servers_and_keys_are_routed_between_and_a_dead_one_is_rested(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from aga.llm.errors import LLMConfigError
    from aga.llm.gateway import GatewayOptions, RetryPolicy
    from benchmarks.latency_server import LatencyServer

    monkeypatch.setenv("KEY_ONE", "key-one")
    monkeypatch.setenv("OPENAI_API_KEY", "loopback-test")
    monkeypatch.setenv("KEY_TWO", "key-two")
    with LatencyServer(0.02) as a, LatencyServer(0.02) as b:
        options = GatewayOptions(send_call_metadata=True, key_envs=("KEY_ONE", "KEY_TWO"), rpm=10_000, tpm=10**8)
        run = Run.create(
            "ville3", model="openai/default", api_base=f"{a.url},{b.url}", hours=0.1, run_id="routed", seed=2,
            embedder=HashEmbedder(), start=clock_time(9), step_mode="phased", concurrency=3, gateway_options=options,
        )  # fmt: skip
        try:
            run.advance()
            assert run.rt.gateway.failsafes == 0
        finally:
            run.close()
        assert a.served > 0 and b.served > 0
        assert a.keys | b.keys == {"key-one", "key-two"}
        dead = "http://127.0.0.1:9/v1"  # nothing listens on the discard port
        gateway_options = GatewayOptions(send_call_metadata=True, max_failed_calls=0)
        from aga.llm.gateway import Gateway
        from aga.llm.ledger import Ledger
        from aga.storage import make_engine, sqlite_url

        ledger = Ledger(make_engine(sqlite_url(Path(os.environ["AGA_RUNS_DIR"]) / "l.db")), "r")
        gateway = Gateway(
            "openai/default", ledger=ledger, api_base=f"{dead},{a.url}", options=gateway_options,
            retry=RetryPolicy(transport_retries=3, base_delay_s=0.01), sleep=lambda _: None,
        )  # fmt: skip
        served = a.served
        from aga.cognition.perceive import IMPORTANCE

        context = {"identity": "Name: Ann", "name": "Ann", "description": "Ann is reading"}
        for _ in range(6):
            gateway.call(IMPORTANCE, context, agent="Ann")
        assert gateway.failsafes == 0
        assert a.served - served == 6  # every call answered by the live server, after at most a retry
    monkeypatch.delenv("KEY_TWO")
    with pytest.raises(LLMConfigError, match="KEY_TWO"):
        Gateway("openai/default", ledger=ledger, api_base=dead, options=GatewayOptions(key_envs=("KEY_TWO",)))


def test_the_command_line_steps_in_phases_and_takes_a_concurrency_per_session() -> None:
    from typer.testing import CliRunner

    from aga.cli import app

    runner = CliRunner()
    base = ["run", "ville3", "-m", "scripted/default", "--hours", "0.05", "--start", "09:00", "--quiet"]
    result = runner.invoke(app, [*base, "--run-id", "cli", "--concurrency", "2"])
    assert result.exit_code == 0, result.output
    assert "phased steps, up to 2 agents" in result.output.replace("\n", " ")
    result = runner.invoke(app, ["resume", "cli", "--hours", "0.05", "--quiet", "--concurrency", "3"])
    assert result.exit_code == 0, result.output
    assert "up to 3 agents" in result.output.replace("\n", " ")
    result = runner.invoke(app, [*base, "--run-id", "seq", "--step", "sequential", "--concurrency", "2"])
    assert result.exit_code != 0
    assert "--step phased" in str(result.exception) + result.output


def test_a_gather_makes_one_decisions_calls_at_once_with_the_answers_and_ledger_of_one_after_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three thoughts judged (a triple and an importance each) by one agent: six requests in flight at
    once in a threaded run, answered in shuffled order, yet the same judgements, the same nonces and
    the ledger rows in the order a run without threads writes them."""
    from sqlmodel import Session, select

    from aga.cognition.thoughts import judge_thoughts
    from aga.concurrency import FanOut
    from aga.llm.gateway import GatewayOptions
    from aga.llm.ledger import LedgerRow
    from benchmarks.latency_server import LatencyServer

    monkeypatch.setenv("OPENAI_API_KEY", "loopback-test")
    texts = ["the bakery needs a new oven", "the night shift starts at ten", "a letter came from the mayor"]
    got: dict[str, Any] = {}
    with LatencyServer(0.3, jitter_s=0.2, seed=5) as server:
        for name, threaded in (("alone", False), ("threads", True)):
            run = Run.create(
                "ville3", model="openai/default", api_base=server.url, hours=0.1, run_id=name, seed=4,
                embedder=HashEmbedder(), start=clock_time(9), step_mode="phased", concurrency=8,
                gateway_options=GatewayOptions(send_call_metadata=True),
            )  # fmt: skip
            try:
                rt = run.rt
                lock = run._step.lock  # the lock the gateway gives up around a request
                assert isinstance(rt.fan_out, FanOut) and rt.fan_out.lock is lock
                if not threaded:
                    rt.fan_out = None
                agent = rt.agents[sorted(rt.agents)[0]]
                first = rt.gateway.ledger.last_id()
                server.most_in_flight = 0
                began = time.perf_counter()
                with lock:  # as an agent's job holds the town lock while it thinks
                    judged = judge_thoughts(rt, [(agent, t) for t in texts])
                wall = time.perf_counter() - began
                with Session(run.engine) as session:
                    rows = session.exec(select(LedgerRow).where(LedgerRow.id > first).order_by(LedgerRow.id))
                    tasks = [(r.agent, r.task) for r in rows]
                got[name] = (judged, tasks, wall, server.most_in_flight)
            finally:
                run.close()
    alone, threads = got["alone"], got["threads"]
    assert alone[3] == 1 and threads[3] == 6  # one request at a time, then all six at once
    assert threads[2] < alone[2] / 2
    assert threads[0] == alone[0]  # the same answers: each branch numbers its own calls
    assert threads[1] == alone[1]  # the rows in branch order, not in the order the answers came
    assert [t for _, t in alone[1]] == ["act.triple", "perceive.thought_importance"] * 3
