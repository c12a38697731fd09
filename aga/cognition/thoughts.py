"""Remembering a thought: its triple and importance from the LLM, then a memory that expires in 30 days.

Reflections' insights, the planning thought and memo after a chat, and a whispered inner voice all
become thoughts this way, as in the original.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from functools import partial

from aga.agents import Agent
from aga.cognition.common import Runtime, identity
from aga.cognition.perceive import THOUGHT_IMPORTANCE
from aga.cognition.plan_action import TRIPLE, SubjectFacts
from aga.memory import MemoryKind, MemoryNode

THOUGHT_LIFETIME = timedelta(days=30)


Judged = tuple[tuple[str, str, str], int]  # a thought's (subject, predicate, object) and importance


def judge_thought(rt: Runtime, agent: Agent, text: str) -> Judged:
    """The triple and importance of ``text`` as ``agent``'s thought: two calls that do not depend on
    each other, made at once in a threaded run."""
    who = {"identity": identity(agent, rt.now), "name": agent.name}
    triple, rated = rt.gather(
        agent,
        lambda: rt.call(TRIPLE, agent, {**who, "action_description": text}, facts=SubjectFacts(agent.name)),
        lambda: rt.call(THOUGHT_IMPORTANCE, agent, {**who, "description": text}),
    )
    return (triple.subject, triple.predicate, triple.object), rated.rating


def judge_thoughts(rt: Runtime, thoughts: Sequence[tuple[Agent, str]]) -> list[Judged]:
    """:func:`judge_thought` of several thoughts (of one agent, or of the two after a chat), all at once."""
    if not thoughts:
        return []
    return rt.gather(thoughts[0][0], *(partial(judge_thought, rt, agent, text) for agent, text in thoughts))


def store_thought(
    rt: Runtime,
    agent: Agent,
    text: str,
    judged: Judged,
    *,
    kind: MemoryKind = MemoryKind.REFLECTION,
    evidence: Sequence[int] = (),
    counts_toward_reflection: bool = True,
    step: int | None = None,
) -> MemoryNode:
    """Store ``text`` as the agent's thought, judged by :func:`judge_thought`, stamped with ``step``
    (default: the current one); it expires in 30 days."""
    now = rt.now
    triple, rating = judged
    if counts_toward_reflection:
        agent.state.reflection_trigger -= rating
    return rt.memory.add(
        agent.name,
        kind,
        triple,
        text,
        rating,
        now,
        step=rt.step if step is None else step,
        evidence=evidence,
        expiration=now + THOUGHT_LIFETIME,
    )


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
    return store_thought(
        rt,
        agent,
        text,
        judge_thought(rt, agent, text),
        kind=kind,
        evidence=evidence,
        counts_toward_reflection=counts_toward_reflection,
        step=step,
    )
