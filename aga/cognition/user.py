"""User controls: an inner voice whispered to one agent, and interviews answered from memory."""

from __future__ import annotations

from aga.agents import Agent
from aga.cognition import social
from aga.cognition.answers import Text
from aga.cognition.common import Runtime, identity, task
from aga.cognition.thoughts import remember_thought
from aga.memory import MemoryNode

INNER_THOUGHT = task("user.inner_thought", Text, lambda ctx, _: Text(text=str(ctx["whisper"])), max_tokens=150)
IDEAS = task("user.interview_ideas", Text, Text(text="Nothing comes to mind."), max_tokens=250)
ANSWER = task("user.interview_answer", Text, Text(text="I'm not sure what to say."), max_tokens=250)


def whisper(rt: Runtime, agent: Agent, text: str) -> MemoryNode:
    """Turn a whispered instruction into the agent's own thought and remember it (importance from the LLM)."""
    thought = rt.call(INNER_THOUGHT, agent, {"name": agent.name, "whisper": text}).text
    agent.state.inner_thoughts.append(thought)
    # Whispered between steps, at a checkpoint: stamped with the step already done, so it survives a resume.
    node = remember_thought(rt, agent, thought, step=rt.settled_step)
    rt.timeline.add(rt.settled_step, rt.now, agent.name, "whisper", thought, whispered=text)
    return node


def interview(rt: Runtime, agent: Agent, question: str, history: list[tuple[str, str]]) -> str:
    """The agent's answer to ``question``: what it remembers (50 memories), summarised, then its reply.

    Retrieval here does not refresh memories' last access: being interviewed must not change how the
    agent behaves when the run goes on.
    """
    now = rt.now
    retrieved = rt.memory.retrieve(agent.name, [question], now, rt.weights, k=50, refresh=False)[question]
    memories = [s.node.description for s in retrieved]
    memories = social.about_named(rt, agent, question) + memories  # "who is X?" with Social Memory
    ideas = rt.call(
        IDEAS,
        agent,
        {
            "name": agent.name,
            "question": question,
            "memories": "\n".join(f"- {m}" for m in memories),
        },
    ).text
    conversation = "\n".join(f"Interviewer: {q}\n{agent.name}: {a}" for q, a in history)
    return rt.call(
        ANSWER,
        agent,
        {
            "identity": identity(agent, now),
            "name": agent.name,
            "ideas": ideas,
            "conversation": conversation,
            "question": question,
        },
    ).text
