"""Scratch simulator runs whose prompts a benchmark observes (the capture step of ``realism``,
``talk_decisions`` and ``wander_uptake``), and scratch gateways that answer them again."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


@contextmanager
def observed_run(scenario: str, observe: Callable[[Any, Any], None], prefix: str, **create: Any) -> Iterator[Any]:
    """A simulator run of ``scenario`` (``Run.create`` arguments in ``create``) whose every prompt and
    answer is passed to ``observe``; it lives in a temporary runs folder, removed afterwards, so capture
    runs never land in ``runs/``."""
    from aga.llm.providers import scripted as provider
    from aga.sim.run import Run

    runs = Path(tempfile.mkdtemp(prefix=prefix))
    old = os.environ.get("AGA_RUNS_DIR")
    os.environ["AGA_RUNS_DIR"] = str(runs)
    provider.observers.append(observe)
    try:
        with Run.create(scenario, model="scripted/default", **create) as run:
            yield run
    finally:
        provider.observers.remove(observe)
        if old is None:
            os.environ.pop("AGA_RUNS_DIR", None)
        else:
            os.environ["AGA_RUNS_DIR"] = old
        shutil.rmtree(runs, ignore_errors=True)


@contextmanager
def scratch_gateways(model: str, seeds: Iterable[int], prefix: str) -> Iterator[list[Any]]:
    """One gateway per seed, in the seeds' order, each with a throw-away ledger in a temporary folder
    that is removed when the block ends (finished or failed), so re-answering prompts leaves nothing
    behind in /tmp."""
    from aga.llm.gateway import Gateway
    from aga.llm.ledger import Ledger
    from aga.storage import make_engine, sqlite_url

    folder = Path(tempfile.mkdtemp(prefix=prefix))
    engines: list[Any] = []
    try:
        gateways = []
        for seed in seeds:
            engines.append(make_engine(sqlite_url(folder / f"{seed}.db")))
            gateways.append(Gateway(model, ledger=Ledger(engines[-1], f"{prefix}{seed}"), seed=seed))
        yield gateways
    finally:
        for engine in engines:
            engine.dispose()
        shutil.rmtree(folder, ignore_errors=True)


def take_turns(queues: Iterable[list[T]], n: int) -> list[T]:
    """Up to ``n`` items taken one queue at a time, each queue in its order, so that a long queue (a
    chatty pair, a busy agent) does not fill the sample. The queues are emptied as they are taken from."""
    queues = list(queues)
    picked: list[T] = []
    while len(picked) < n and any(queues):
        for queue in queues:
            if queue and len(picked) < n:
                picked.append(queue.pop(0))
    return picked


def shown_lines(conversation: str) -> Any:
    """An utterance prompt's facts (the lines it shows) from its ``conversation`` text ("Name: line" per
    line; the start marker shows none)."""
    from aga.cognition.answers import ShownLines

    lines = [row.split(": ", 1)[1] for row in conversation.splitlines() if ": " in row and not row.startswith("[")]
    return ShownLines(tuple(lines))
