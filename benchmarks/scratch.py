"""Scratch simulator runs whose prompts a benchmark observes (the capture step of ``realism`` and
``talk_decisions``)."""

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
