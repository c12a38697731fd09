"""Mind wandering (Yu et al., "Affordable Generative Agents", appendix D).

Retrieval gives an agent the memories most relevant to the moment, which keeps it consistent and also
keeps it doing the same few things. Mind wandering adds a few memories drawn at random to the planning
and dialogue prompts, favouring rare ones: the agent's memories are clustered with DBSCAN over their
embeddings (eps 0.3, at least 2 per cluster, Euclidean distance on unit vectors, as the AGA reference
code), every memory weighs 1 / the size of its cluster (a memory in no cluster counts as its own), and
``n`` are sampled without replacement with those weights: 3 into the day's plan, 5 into a
decomposition, 2 into each line of a conversation. Routine observations ("X is idle", sleeping) are
left out: they are the most frequent memories and say nothing.
"""

from __future__ import annotations

import math

import numpy as np
from sklearn.cluster import DBSCAN

from aga.agents import Agent
from aga.cognition.common import Runtime
from aga.memory import MemoryKind

EPS = 0.3
MIN_SAMPLES = 2
POOL = 1_000  # the latest memories considered: clustering cost grows with the square of this
PLAN, DECOMPOSE, UTTERANCE = 3, 5, 2


def wandering(rt: Runtime, agent: Agent, n: int) -> list[str]:
    """``n`` of the agent's memories, rare kinds favoured (empty unless the run has mind wandering)."""
    if not rt.mind_wandering or n <= 0:
        return []
    kinds = (MemoryKind.EVENT, MemoryKind.CHAT, MemoryKind.REFLECTION, MemoryKind.PLAN)
    nodes = [m for m in rt.memory.latest(agent.name, POOL, kinds) if not _routine(m.description)]
    if not nodes:
        return []
    vectors = rt.memory.vectors_of([m.id for m in nodes if m.id is not None])
    nodes = [m for m in nodes if m.id in vectors]
    if not nodes:
        return []
    matrix = np.stack([vectors[m.id] for m in nodes if m.id is not None])
    labels = DBSCAN(eps=EPS, min_samples=MIN_SAMPLES).fit(matrix).labels_ if len(nodes) > 1 else np.array([-1])
    sizes = {label: int((labels == label).sum()) for label in set(labels.tolist())}
    weights = [1.0 if label == -1 else 1.0 / sizes[label] for label in labels.tolist()]
    # Weighted sampling without replacement (Efraimidis and Spirakis): the n largest u ** (1 / w). By
    # hand because the run's own seeded RNG must draw, so that a resumed run draws the same.
    rng = rt.rng_for(agent.name)
    keys = [math.log(max(rng.random(), 1e-300)) / w for w in weights]
    chosen = sorted(range(len(nodes)), key=lambda i: -keys[i])[:n]
    return [nodes[i].description for i in sorted(chosen, key=lambda i: nodes[i].created)]


def wandering_text(rt: Runtime, agent: Agent, n: int) -> str:
    """The sampled memories for a prompt, a heading and one memory a line ("" without mind wandering).

    One a line, not joined with semicolons: a plan memory ("This is X's plan for Monday: wake up at
    6:00 am; have breakfast ...") holds semicolons of its own, and a reader (a model, the simulator, the
    take-up benchmark) could not tell where one memory ends."""
    thoughts = wandering(rt, agent, n)
    if not thoughts:
        return ""
    return f"Things that come to {agent.name}'s mind:" + "".join(f"\n- {' '.join(t.split())}" for t in thoughts)


def _routine(description: str) -> bool:
    low = description.lower()
    return low.endswith((" is idle", " are idle")) or "sleeping" in low or low.endswith("is asleep")
