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
    "_wake_default": 7,
    "_wake_hour": 7,
    "_plan_hours": [(8, "have breakfast at 8:00 am"), (9, "study in the library from 9 am")],
    "_name": "Klaus Mueller",
    "action_description": "writing his research paper",
    "_task": "writing his research paper",
    "_failsafe": "writing",
    "_options": ["library", "classroom"],
    "inserted": "chatting with Maria Lopez",
    "inserted_minutes": 600,
    "total_minutes": 1440,
    "_before": [("studying", 400)],
    "_after": [("studying", 900), ("sleeping", 500)],
    "summary": "",
    "label": "colleague",
    "feeling": "",
    "closeness": 5,
}


def test_every_prompt_file_has_a_task_and_every_task_a_prompt():
    assert {t.name for t in COGNITIVE} == {p.stem for p in PROMPTS.glob("*.txt")}


@pytest.mark.parametrize("task", COGNITIVE, ids=lambda t: t.name)
@pytest.mark.parametrize("minutes", [5, 180, 300, 1440])
def test_failsafe_is_valid(task: Task, minutes: int):
    value = task.failsafe_value({**CONTEXT, "_minutes": minutes})
    assert isinstance(value, task.schema)
    if task.repair is not None:
        task.repair(value, {**CONTEXT, "_minutes": minutes})  # a repair of the fail-safe must not raise either


@pytest.mark.parametrize("task", COGNITIVE, ids=lambda t: t.name)
def test_schema_compiles_to_a_llama_cpp_grammar(task: Task):
    """llama.cpp aborts the process on a grammar it refuses (a 2000-character string limit did)."""
    import json

    from llama_cpp import LlamaGrammar

    from aga.llm.providers.local import grammar_schema

    grammar = LlamaGrammar.from_json_schema(json.dumps(grammar_schema(task.schema.model_json_schema())), verbose=False)
    assert grammar is not None
