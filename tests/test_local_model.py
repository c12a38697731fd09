"""One real call to the embedded local model (llama.cpp), with a short prompt.

The test suite's set-up installs the small model first (``make test``); a missing model is a failure
here, not a skip, so that a broken install step cannot pass unnoticed.
"""

from __future__ import annotations

import os

import pytest

from tests.fakes import RATE

TEST_MODEL = os.environ.get("AGA_TEST_LOCAL_MODEL", "local/smollm2-135m")


@pytest.mark.local_model
def test_real_local_model_answers_a_structured_task(make_gateway, ledger):
    gateway = make_gateway(TEST_MODEL)
    value = gateway.call(RATE, {"event": "a break up"}, agent="Klaus")
    assert 1 <= value.rating <= 10
    [row] = ledger.rows()
    # The grammar built from the schema makes even a 135M model answer valid JSON in range.
    assert row.outcome == "ok", row.error
    assert row.prompt_tokens > 10 and row.completion_tokens > 0
    assert row.cost_usd == 0.0


@pytest.mark.local_model
def test_real_local_model_free_text(make_gateway, ledger):
    from tests.fakes import ECHO

    answer = make_gateway(TEST_MODEL).call(ECHO, {"topic": "coffee"})
    assert answer.text
    assert ledger.rows()[0].completion_tokens > 0


@pytest.mark.local_model
def test_short_real_run_one_agent(tmp_path):
    """One agent, two simulated minutes, every call answered by the real local model."""
    from aga.sim.run import Run
    from tests.fakes import HashEmbedder
    from tests.test_simulation import one_agent_scenario

    run = Run.create(
        str(one_agent_scenario(tmp_path)), model=TEST_MODEL, hours=2 / 60, run_id="real", embedder=HashEmbedder()
    )
    assert run.advance() == "finished"
    klaus = run.rt.agents["Klaus Mueller"].state
    assert klaus.action is not None and sum(i.minutes for i in klaus.schedule) == 24 * 60
    assert 4 <= klaus.wake_hour <= 11
    totals = run.rt.gateway.ledger.totals()[0]
    assert totals.llm_calls >= 20 and totals.prompt_tokens > 1000
    by_task = {t.key: t for t in run.rt.gateway.ledger.totals("task")}
    assert by_task["plan.hourly"].llm_calls >= 12
    # A small model's answers get repaired or fail safe, but every call is accounted for.
    assert sum(t.llm_calls for t in by_task.values()) == totals.llm_calls


@pytest.mark.local_model
def test_kept_states_spare_the_prefix_of_alternating_prompts(monkeypatch):
    """Two agents taking turns: without kept states each turn re-reads the whole prompt (it shares
    nothing with the other agent's); with them, only the part that differs from its own last one."""
    from aga.llm.providers import local

    provider = local.LocalLlamaProvider()
    name = TEST_MODEL.split("/", 1)[1]
    people = [(f"{who} is a character with a long description. " * 12).strip() for who in ("Ann", "Bob")]

    def turns(setting: str) -> tuple[int, int]:
        monkeypatch.setenv(local.STATE_CACHE_ENV, setting)
        provider.close()
        llama = provider._load(name)
        asked, before = 0, local.STATS["evaluated_tokens"]
        for i in range(3):
            for text in people:
                tokens = llama.tokenize(f"{text} Question {i}: what next?".encode())
                asked += len(tokens)
                llama.create_completion(tokens, max_tokens=1, temperature=0.0)
        return asked, local.STATS["evaluated_tokens"] - before

    asked, without = turns("0")
    assert without >= asked * 0.9  # nothing kept: nearly every prompt token is read again
    _, kept = turns("64")
    assert kept < without * 0.5, (kept, without)
    provider.close()


@pytest.mark.local_model
def test_thread_count_holds_for_prompt_evaluation_too(monkeypatch):
    """AGA_LLM_THREADS bounds the threads that evaluate a prompt (most of a call's time) as well as those
    that generate: llama-cpp-python gives the former every core unless told."""
    from aga.llm.providers.local import LocalLlamaProvider

    monkeypatch.setenv("AGA_LLM_THREADS", "1")
    provider = LocalLlamaProvider()
    try:
        llama = provider._load(TEST_MODEL.removeprefix("local/"))
        assert (llama.context_params.n_threads, llama.context_params.n_threads_batch) == (1, 1)
    finally:
        provider.close()
