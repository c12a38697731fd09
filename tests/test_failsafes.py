"""Every cognitive task's fail-safe is a valid answer, even for extreme contexts.

A fail-safe is what the simulation runs on when every attempt failed; one that raises would crash the
run it is meant to protect (found by the ville25 benchmark: a 4-hour re-plan window).
"""

from __future__ import annotations

import pytest

import aga.cognition.converse
import aga.cognition.perceive
import aga.cognition.plan_action
import aga.cognition.plan_day
import aga.cognition.react
import aga.cognition.reflect
import aga.cognition.social
import aga.cognition.user  # noqa: F401  (declares the user tasks)
from aga.cognition.common import PROMPTS
from aga.cognition.plan_action import BlockFacts, OptionFacts, SubjectFacts
from aga.cognition.plan_day import DayFacts, HourFacts, WakeFacts
from aga.cognition.replan import WindowFacts
from aga.llm.tasks import _REGISTRY, Task

COGNITIVE = sorted((t for t in _REGISTRY.values() if t.template.parent == PROMPTS), key=lambda t: t.name)

CONTEXT = {
    "name": "Klaus Mueller",
    "other": "Maria Lopez",
    "object": "desk",
    "state": "being used",
    "whisper": "You are going to run for mayor",
    "currently": "writing a paper",
    "requirement": "study all day",
    "home_sector": "Dorm for Oak Hill College",
    "wake_hour": 7,
    "action_description": "writing his research paper",
    "inserted": "chatting with Maria Lopez",
    "inserted_minutes": 600,
    "total_minutes": 1440,
    "summary": "",
    "label": "colleague",
    "feeling": "",
    "closeness": 5,
}


def test_every_prompt_file_has_a_task_and_every_task_a_prompt():
    assert {t.name for t in COGNITIVE} == {p.stem for p in PROMPTS.glob("*.txt")}


def facts_for(task: str, minutes: int, night: bool) -> object:
    """The typed facts each task's caller passes (None where its fail-safe needs none)."""
    wake, bed = (16, 8) if night else (7, 23)
    plan = ((wake + 1, "have breakfast"), ((wake + 2) % 24, "study in the library"))
    return {
        "plan.wake_up": WakeFacts(wake),
        "plan.daily": DayFacts(wake, bed, plan),
        "plan.schedule": DayFacts(wake, bed, plan),
        "plan.hourly": HourFacts("writing"),
        "plan.decompose": BlockFacts("writing his research paper", minutes),
        "act.sector": OptionFacts(("library", "classroom"), "library"),
        "act.arena": OptionFacts(("library", "classroom"), "library"),
        "act.object": OptionFacts(("desk",), "desk"),
        "act.triple": SubjectFacts("Klaus Mueller"),
        "act.object_triple": SubjectFacts("desk"),
        "react.replan": WindowFacts(before=(("studying", 400),), after=(("studying", 900), ("sleeping", 500))),
    }.get(task)


@pytest.mark.parametrize("task", COGNITIVE, ids=lambda t: t.name)
@pytest.mark.parametrize("minutes", [5, 180, 300, 1440])
@pytest.mark.parametrize("night", [False, True], ids=["day", "night-shift"])
def test_failsafe_is_valid(task: Task, minutes: int, night: bool):
    facts = facts_for(task.name, minutes, night)
    value = task.failsafe_value(CONTEXT, facts)
    assert isinstance(value, task.schema)
    if task.repair is not None:
        task.repair(value, CONTEXT, facts)  # a repair of the fail-safe must not raise either


@pytest.mark.parametrize("task", COGNITIVE, ids=lambda t: t.name)
def test_schema_compiles_to_a_llama_cpp_grammar(task: Task):
    """llama.cpp aborts the process on a grammar it refuses (a 2000-character string limit did)."""
    import json

    from llama_cpp import LlamaGrammar

    from aga.llm.providers.local import grammar_schema

    grammar = LlamaGrammar.from_json_schema(json.dumps(grammar_schema(task.schema.model_json_schema())), verbose=False)
    assert grammar is not None


def test_choices_compile_to_a_llama_cpp_grammar():
    """A call's choices (ints, strings, an array of strings) still give a grammar llama.cpp takes."""
    import json

    from llama_cpp import LlamaGrammar

    from aga.household.agent import CHOOSE, NEEDS
    from aga.llm.providers.local import grammar_schema

    for task, choices in ((CHOOSE, {"id": [47, 48]}), (NEEDS, {"items": ["coffee_maker", "kitchen"],
                                                             "actions": ["walk", "switchon"]})):  # fmt: skip
        schema = task.json_schema(choices)
        assert LlamaGrammar.from_json_schema(json.dumps(grammar_schema(schema)), verbose=False) is not None
