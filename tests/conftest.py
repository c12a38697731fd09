"""Shared fixtures: isolated run folders and caches, ledgers, gateways on fake providers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Tests never touch the network; litellm must not try to fetch its price list.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
# Under pytest-xdist each worker has a core of its own. The embedded model otherwise takes every core,
# and llama.cpp's threads spin while they wait for each other: beside a busy worker its two-minute town
# took 155 s with two threads and 103 s with one (a one-core busy loop beside it; 68 s alone).
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.setdefault("AGA_LLM_THREADS", "1")


@pytest.fixture(autouse=True)
def _isolated_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("AGA_RUNS_DIR", str(tmp_path / "runs"))
    yield


@pytest.fixture
def ledger(tmp_path: Path):
    from aga.llm.ledger import Ledger
    from aga.storage import make_engine, sqlite_url

    return Ledger(make_engine(sqlite_url(tmp_path / "ledger.db")), "test-run")


@pytest.fixture
def faulty():
    from tests.fakes import install_faulty

    return install_faulty()


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def make_gateway(ledger, sleeps):
    from aga.llm.gateway import Gateway, RetryPolicy
    from aga.llm.metrics import Metrics

    def make(model: str = "faulty/m", **kwargs):
        kwargs.setdefault("metrics", Metrics())
        kwargs.setdefault("retry", RetryPolicy(transport_retries=3, answer_retries=2))
        return Gateway(model, ledger=ledger, sleep=sleeps.append, **kwargs)

    return make


@pytest.fixture
def aga(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    """``aga(*args)``: exit code and what ``aga ARGS`` printed (on one line), through the entry point
    that turns errors into sentences."""

    def invoke(*args: str) -> tuple[int, str]:
        import sys

        monkeypatch.setattr(sys, "argv", ["aga", *args])
        try:
            from aga.cli import main

            main()
            code = 0
        except SystemExit as exited:
            code = int(exited.code or 0)
        out = capsys.readouterr()
        return code, " ".join((out.out + out.err).split())

    return invoke
