"""Reflect: when the importance of recent memories adds up, draw insights that cite their evidence.

The trigger starts at the scenario's threshold (150 in the 3-agent town) and every new memory's
importance is subtracted; at zero or below the agent asks 3 focal questions about its ~100 latest
memories, retrieves memories for each, and draws 5 insights per question, each citing the numbers of
the statements it rests on. Each insight gets a triple, an importance and an embedding, and is stored
as a reflection linked to its evidence, expiring after 30 days like the original's thoughts.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from aga.agents import Agent
from aga.cognition.answers import Insight, Insights, Questions
from aga.cognition.common import Runtime, task
from aga.cognition.thoughts import judge_thoughts, store_thought
from aga.memory import MemoryNode

FOCAL_POINTS = task(
    "reflect.focal_points",
    Questions,
    lambda ctx, _: Questions(questions=["What has been happening lately?"]),
    max_tokens=250,
)
INSIGHTS = task(
    "reflect.insights",
    Insights,
    lambda ctx, _: Insights(insights=[Insight(insight=f"{ctx['name']} has been busy", evidence=[])]),
    max_tokens=600,
)

LATEST = 100
QUESTIONS = 3
INSIGHTS_PER_QUESTION = 5
# How alike (cosine of the run's embeddings) two insights of one reflection must be to be one claim said
# in other words. With all-MiniLM-L6-v2, a claim in another frame ("It seems that Erdene knows Batbayar as
# father" / "It is clear that ...") is 0.96-0.99; two claims of one kind ("... knows Tsermaa as
# grandmother", "the paper is nearly done" / "the paper needs more sources") 0.73-0.89.
SAME_INSIGHT = 0.95


def maybe_reflect(rt: Runtime, agent: Agent) -> bool:
    """Reflect when the trigger has run out; returns whether it did."""
    if agent.state.reflection_trigger > 0:
        return False
    reflect(rt, agent)
    agent.state.reflection_trigger = rt.scenario.params.reflection_threshold
    return True


def reflect(rt: Runtime, agent: Agent) -> list[int]:
    """One reflection; returns the ids of the new reflection memories."""
    now = rt.now
    latest = [n for n in rt.memory.latest(agent.name, LATEST) if not n.is_idle]
    if not latest:
        return []
    statements = [n.description for n in reversed(latest)]
    questions = rt.call(
        FOCAL_POINTS,
        agent,
        {
            "statements": "\n".join(statements),
            "n": QUESTIONS,
        },
    ).questions[:QUESTIONS]
    retrieved = rt.memory.retrieve(agent.name, questions, now, rt.weights)
    asked = [(q, [s.node for s in retrieved.get(q, [])]) for q in questions]
    asked = [(q, nodes) for q, nodes in asked if nodes]

    def ask(nodes: list[MemoryNode]) -> list[Any]:
        numbered = [f"{i + 1}. {n.description}" for i, n in enumerate(nodes)]
        return rt.call(
            INSIGHTS,
            agent,
            {
                "statements": "\n".join(numbered),
                "n": INSIGHTS_PER_QUESTION,
                "name": agent.name,
            },
        ).insights[:INSIGHTS_PER_QUESTION]

    # Each question's insights come from memories retrieved before any was asked, and each insight's
    # triple and importance from its text alone: both are asked at once (in a threaded run), and the
    # memories are added afterwards in the order the original adds them.
    answers = rt.gather(agent, *(partial(ask, nodes) for _, nodes in asked))
    found = [(insight, nodes) for (_, nodes), insights in zip(asked, answers, strict=True) for insight in insights]
    # An insight drawn again for another question of the same reflection is one thought, not several: an
    # outside tester's hut keeper stored "... has eighteen ski tourers booked for Saturday night" seven
    # times at one minute, which weighs it sevenfold in every later retrieval (and pays seven judgements).
    firsts: dict[str, tuple[Any, list[MemoryNode]]] = {}
    for insight, nodes in found:
        firsts.setdefault(" ".join(insight.insight.lower().split()), (insight, nodes))
    found = _once_in_any_words(rt, list(firsts.values()))
    judged = judge_thoughts(rt, [(agent, insight.insight) for insight, _ in found])
    created: list[int] = []
    for (insight, nodes), judgement in zip(found, judged, strict=True):
        evidence = [nodes[i - 1].id for i in insight.evidence if 1 <= i <= len(nodes) and nodes[i - 1].id]
        # As in the original, insights do not count toward the next reflection (the trigger resets).
        node = store_thought(rt, agent, insight.insight, judgement, evidence=evidence, counts_toward_reflection=False)
        assert node.id is not None
        created.append(node.id)
        rt.timeline.add(rt.step, now, agent.name, "reflection", insight.insight, evidence=evidence)
    return created


def _once_in_any_words(rt: Runtime, found: list[tuple[Any, list[MemoryNode]]]) -> list[tuple[Any, list[MemoryNode]]]:
    """The insights of one reflection without those that say an earlier one's claim again in other words:
    an outside tester's steppe camp stored 204 such rewordings in 61 reflections (session 66), each
    weighing the claim again in every later retrieval and paying another judgement."""
    if len(found) < 2:
        return found
    vectors = rt.embedder.embed([insight.insight for insight, _ in found])
    kept: list[int] = []
    for i in range(len(found)):
        if all(float(vectors[i] @ vectors[j]) < SAME_INSIGHT for j in kept):
            kept.append(i)
    return [found[i] for i in kept]
