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
