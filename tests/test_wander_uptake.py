"""The mind-wandering take-up check can fail: a model that plans around the drawn memories shows a rise,
one that ignores them shows none; only the wandering lines are left out of the prompt."""

from __future__ import annotations

import json
from typing import Any

import pytest

from aga.llm._litellm import litellm, register_provider
from benchmarks.wander_uptake import WanderPrompt, ask, drawn_memories, measure, spread, without_wandering
from tests.fakes import HashEmbedder

PLAN_MEMORY = "This is Bo Lenn's plan for Monday: mend the nets at 8:00 am; sell fish at 10:00 am"
MEMORIES = ["Ana Ruiz found a violin in the harbour shed", PLAN_MEMORY]
YESTERDAY = "Yesterday's plan: mend the nets; sell fish; go to bed"
ROUTINE = ["wake up", "eat breakfast", "haul crates", "eat dinner", "go to bed"]


def _inspiration(with_memories: bool = True) -> str:
    lines = [YESTERDAY]
    if with_memories:
        lines += ["Things that come to Bo Lenn's mind:", *(f"- {m}" for m in MEMORIES)]
    return "\n".join(lines)


def _daily() -> dict[str, str]:
    return {
        "identity": "Name: Bo Lenn\nAge: 40",
        "lifestyle": "Bo wakes at 6",
        "name": "Bo Lenn",
        "requirement": "Bo mends nets",
        "inspiration": _inspiration(),
        "date": "Monday February 13",
        "wake_hour": "6",
    }


def test_the_memories_are_read_one_a_line_and_only_they_are_left_out() -> None:
    shown = _daily()
    # A plan memory keeps its own semicolons: it is one memory, not three.
    assert drawn_memories(shown) == MEMORIES
    plain = without_wandering(shown)
    assert plain["inspiration"] == YESTERDAY and drawn_memories(plain) == []
    assert {k: v for k, v in plain.items() if k != "inspiration"} == {
        k: v for k, v in shown.items() if k != "inspiration"
    }
    # Lines after the list that are not memories stay.
    shown["inspiration"] = _inspiration() + "\nSomething else"
    assert without_wandering(shown)["inspiration"] == f"{YESTERDAY}\nSomething else"


class _Planner(litellm.CustomLLM):
    """Plans a fixed routine day; a reader also plans around the first memory its prompt lists."""

    def __init__(self, reads: bool) -> None:
        super().__init__()
        self.reads = reads

    def completion(self, model: str, messages: list, *args: Any, **kwargs: Any) -> Any:
        text = " ".join(str(m.get("content", "")) for m in messages)
        response = kwargs.get("model_response") or args[2]
        response.model = model
        items = [f"{x} at {6 + i}:00 am" for i, x in enumerate(ROUTINE)]
        listed = [line[2:] for line in text.splitlines() if line.startswith("- ")]
        if self.reads and listed:
            items.insert(2, f"{listed[0]} at 9:00 am")
        response.choices[0].message.content = json.dumps({"items": items})
        response.usage = litellm.Usage(prompt_tokens=50, completion_tokens=10, total_tokens=60)
        return response


@pytest.fixture
def planners() -> None:
    register_provider("reader", _Planner(reads=True))
    register_provider("ignorer", _Planner(reads=False))


def test_a_model_that_plans_around_the_memories_rises_and_one_that_ignores_them_does_not(planners) -> None:
    prompts = [WanderPrompt("town", "plan.daily", "Bo Lenn", _daily(), MEMORIES) for _ in range(3)]
    ask(prompts, "reader/m", seeds=[0, 1])
    ask(prompts, "ignorer/m", seeds=[0, 1])
    embed = HashEmbedder().embed
    got = measure(prompts, ["reader/m", "ignorer/m"], embed)
    reader, ignorer = got["reader/m"]["plan.daily"], got["ignorer/m"]["plan.daily"]
    assert reader["prompts"] == 3 and reader["with"]["answers"] == 6 and reader["without"]["answers"] == 6
    assert reader["with"]["uptake"] == 1.0 and reader["without"]["uptake"] == 0.0
    assert reader["rise"]["uptake"] == 1.0
    assert reader["with"]["items_taken"] == pytest.approx(1 / 6, abs=1e-3)
    assert ignorer["with"]["uptake"] == 0.0 and ignorer["rise"]["uptake"] == 0.0
    assert (
        got["reader/m"]["plan.decompose"]["prompts"] == 0
        and got["reader/m"]["plan.decompose"]["rise"]["uptake"] is None
    )
    # The time of day is not part of what an item says.
    assert "violin in the harbour shed" in prompts[0].answers["reader/m"]["with"][0][2]
    assert not prompts[0].answers["reader/m"]["with"][0][2].endswith("am")


def test_a_busy_agent_does_not_fill_a_task() -> None:
    busy = [WanderPrompt("t", "plan.decompose", "A", {}, ["m"]) for _ in range(10)]
    other = [WanderPrompt("t", "plan.decompose", "B", {}, ["m"]), WanderPrompt("t", "plan.daily", "C", {}, ["m"])]
    picked = spread(busy + other, per_task=3)
    assert [(p.task, p.agent) for p in picked] == [("plan.daily", "C"), *[("plan.decompose", a) for a in "ABA"]]


def test_the_cli_names_a_bad_town_model_or_count() -> None:
    from typer.testing import CliRunner

    from aga.cli import app

    runner = CliRunner()
    for args, named in (
        (["-s", "no-such-town"], "no-such-town"),
        (["-m", "nosuchprovider/x"], "nosuchprovider/x"),
        (["--per-task", "0"], "--per-task"),
        (["--hours", "nan"], "--hours"),
    ):
        got = runner.invoke(app, ["bench", "wander", *args])
        assert got.exit_code != 0 and named in f"{got.output} {got.exception}", args
