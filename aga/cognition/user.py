"""User controls: an inner voice whispered to one agent, and interviews answered from memory."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from aga.agents import Agent
from aga.cognition import social
from aga.cognition.answers import InCharacter, Text
from aga.cognition.common import Runtime, fmt_dated, identity, task
from aga.cognition.thoughts import remember_thought
from aga.memory import MemoryKind, MemoryNode

INNER_THOUGHT = task("user.inner_thought", Text, lambda ctx, _: Text(text=str(ctx["whisper"])), max_tokens=150)
# Interviews change nothing in the run: their calls are never a resume's replayed steps.
IDEAS = task("user.interview_ideas", Text, Text(text="Nothing comes to mind."), max_tokens=250, between_steps=True)
ANSWER = task(
    "user.interview_answer",
    InCharacter,
    InCharacter(text="I'm not sure what to say."),
    max_tokens=250,
    between_steps=True,
)


def whisper(rt: Runtime, agent: Agent, text: str) -> MemoryNode:
    """Turn a whispered instruction into the agent's own thought and remember it (importance from the LLM)."""
    thought = rt.call(INNER_THOUGHT, agent, {"name": agent.name, "whisper": text}).text
    agent.state.inner_thoughts.append(thought)
    # Whispered between steps, at a checkpoint: stamped with the step already done, so it survives a resume.
    node = remember_thought(rt, agent, thought, step=rt.settled_step)
    rt.timeline.add(rt.settled_step, rt.now, agent.name, "whisper", thought, whispered=text)
    return node


def seed_identity(agent: Agent, now: datetime) -> str:
    """The identity block as the scenario wrote it: without what planning and reflection revised since
    ("currently", the daily requirement), for interviews of an agent without those memories."""
    p = agent.persona
    return (
        f"Name: {p.name}\nAge: {p.age}\nInnate traits: {p.innate}\nLearned traits: {p.learned}\n"
        f"Currently: {p.currently}\nLifestyle: {p.lifestyle}\n"
        f"Daily plan requirement: {p.daily_plan_requirement}\nCurrent date: {fmt_dated(now)}"
    )


def interview(
    rt: Runtime,
    agent: Agent,
    question: str,
    history: list[tuple[str, str]],
    *,
    kinds: Sequence[MemoryKind] | None = None,
    as_seeded: bool = False,
) -> str:
    """The agent's answer to ``question``: what it remembers (50 memories), summarised, then its reply.

    Retrieval here does not refresh memories' last access: being interviewed must not change how the
    agent behaves when the run goes on. ``kinds`` limits the memories the agent may draw on (an empty
    sequence: none at all) and ``as_seeded`` answers with the scenario's identity instead of the revised
    one: together they are Park et al.'s ablated interview conditions.
    """
    now = rt.now
    memories: list[str] = []
    if kinds is None or kinds:
        retrieved = rt.memory.retrieve(agent.name, [question], now, rt.weights, k=50, kinds=kinds, refresh=False)
        memories = [s.node.description for s in retrieved[question]]
        if kinds is None:
            memories = social.about_named(rt, agent, question) + memories  # "who is X?" with Social Memory
    ideas = rt.call(
        IDEAS,
        agent,
        {
            "name": agent.name,
            "question": question,
            "memories": "\n".join(f"- {m}" for m in memories) or "(nothing)",
        },
    ).text
    conversation = "\n".join(f"Interviewer: {q}\n{agent.name}: {a}" for q, a in history)
    return rt.call(
        ANSWER,
        agent,
        {
            "identity": seed_identity(agent, now) if as_seeded else identity(agent, now),
            "name": agent.name,
            "ideas": ideas,
            "conversation": conversation,
            "question": question,
        },
    ).text
