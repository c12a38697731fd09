"""The simulator reads nothing its prompt does not show, in a real run of every bundled town.

Every answer routine is watched while a town runs (baseline and social modes, an interview and a
whisper included): each value it reads must appear verbatim in the prompt of that call. A routine that
reached for a hidden key, the scenario's news list or a value the template did not render would fail.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import time

import pytest

from aga.llm.providers import scripted as provider
from aga.sim.run import Run
from aga.simulator.prompt import Prompt
from tests.fakes import HashEmbedder


class Watched(Mapping[str, str]):
    """The values a prompt shows, recording every one that is read."""

    def __init__(self, shown: Mapping[str, str], reads: list[tuple[str, str]]) -> None:
        self._shown, self._reads = dict(shown), reads

    def __getitem__(self, key: str) -> str:
        value = self._shown[key]
        self._reads.append((key, value))
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._shown)

    def __len__(self) -> int:
        return len(self._shown)


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, list[tuple[str, str]]]]:
    calls: list[tuple[str, str, list[tuple[str, str]]]] = []

    def make(*, task: str, text: str, shown: Mapping[str, str], schema, rng) -> Prompt:
        reads: list[tuple[str, str]] = []
        calls.append((task, text, reads))
        return Prompt(task=task, text=text, shown=Watched(shown, reads), schema=schema, rng=rng)

    monkeypatch.setattr(provider, "Prompt", make)
    return calls


CORE = {
    "plan.wake_up", "plan.daily", "plan.hourly", "plan.decompose", "act.sector", "act.arena", "act.object",
    "act.emoji", "act.triple", "act.object_state", "act.object_emoji", "act.object_triple", "perceive.importance",
}  # fmt: skip


@pytest.mark.parametrize("scenario", ["ville3", "harbour6"])
@pytest.mark.parametrize("mode", ["baseline", "social"])
def test_every_value_read_is_in_the_prompt(watched, scenario: str, mode: str):
    from aga.cognition.user import interview, whisper

    with Run.create(scenario, model="scripted/default", mode=mode, hours=3, run_id=f"w-{scenario}-{mode}",
                    embedder=HashEmbedder(), start=time(8, 0)) as run:  # fmt: skip
        run.advance()
        agent = next(iter(run.rt.agents.values()))
        whisper(run.rt, agent, "You are going to visit an old friend tomorrow")
        interview(run.rt, agent, "What are you working on these days?", [])
    tasks = {task for task, _, _ in watched}
    assert tasks >= CORE, f"not exercised: {sorted(CORE - tasks)}"
    assert {"user.inner_thought", "user.interview_ideas", "user.interview_answer"} <= tasks
    for task, text, reads in watched:
        for key, value in reads:
            assert value in text, f"{task} read {key}={value[:80]!r}, which its prompt does not show"


def test_a_hidden_read_fails(watched):
    """The check itself can fail: a value that is not in the prompt is caught."""
    import random

    prompt = provider.Prompt(task="t", text="shown text", shown={"a": "not in it"}, schema=None, rng=random.Random())
    prompt.get("a")
    _task, text, reads = watched[-1]
    assert any(value not in text for _, value in reads)
