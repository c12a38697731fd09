"""Remembering a thought: its triple and importance from the LLM, then a memory that expires in 30 days.

Reflections' insights, the planning thought and memo after a chat, and a whispered inner voice all
become thoughts this way, as in the original.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from aga.agents import Agent
from aga.cognition.common import Runtime, identity
from aga.cognition.perceive import THOUGHT_IMPORTANCE
from aga.cognition.plan_action import TRIPLE, SubjectFacts
from aga.memory import MemoryKind, MemoryNode

THOUGHT_LIFETIME = timedelta(days=30)


def remember_thought(
    rt: Runtime,
    agent: Agent,
    text: str,
    *,
    kind: MemoryKind = MemoryKind.REFLECTION,
    evidence: Sequence[int] = (),
    counts_toward_reflection: bool = True,
    step: int | None = None,
) -> MemoryNode:
    """Store ``text`` as the agent's thought (2 LLM calls: triple, importance), stamped with ``step``
    (default: the current one)."""
    now = rt.now
    who = {"identity": identity(agent, now), "name": agent.name}
    triple = rt.call(TRIPLE, agent, {**who, "action_description": text}, facts=SubjectFacts(agent.name))
    rating = rt.call(THOUGHT_IMPORTANCE, agent, {**who, "description": text}).rating
    if counts_toward_reflection:
        agent.state.reflection_trigger -= rating
    return rt.memory.add(
        agent.name,
        kind,
        (triple.subject, triple.predicate, triple.object),
        text,
        rating,
        now,
        step=rt.step if step is None else step,
        evidence=evidence,
        expiration=now + THOUGHT_LIFETIME,
    )
