"""What the judge may be shown of an agent's past days: the memories that bear on the question.

Park et al.'s evaluators judged believability having watched a replay of the agent's life and read its
memory stream. A judge shown the persona alone cannot tell an answer that recalls what happened from
one that makes it up: the embedded 1.5B, judging that way, did not tell the full architecture from the
same agents with no memory at all (``benchmarks/results/believability_ville3``). With
``--judge-memories N`` the judge is shown, beside each answer, the ``N`` memories of the run the answer
came from that are most relevant to the question, retrieved from the whole stream whatever the
condition's ablation (the evaluator has seen the life; the ablated agent is the one that cannot recall
it), listed in the order they happened. Retrieval does not refresh their last access: the run is not
changed by being evaluated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def past_days(opened: Any, agent: str, question: str, k: int) -> str:
    """The ``k`` memories of ``agent`` most relevant to ``question`` in the opened run, one a line,
    oldest first, each with its time ("" when it remembers nothing)."""
    rt = opened.rt
    found = rt.memory.retrieve(agent, [question], rt.now, rt.weights, k=k, refresh=False)[question]
    nodes = sorted((s.node for s in found), key=lambda n: (n.created, n.id or 0))
    return "\n".join(f"- {n.created:%A %B %d, %I:%M %p}: {n.description}" for n in nodes)


def shown(name: str, records: Mapping[str, str]) -> str:
    """The block of the judge's prompt that shows the past days behind the answers: ``records`` maps each
    answer's label ("" for a lone answer) to its run's memories. Answers from the same run share one
    list; "" when nothing is to be shown (the judge then reads the prompt it always had)."""
    if not records:
        return ""
    groups: dict[str, list[str]] = {}
    for label, text in records.items():
        groups.setdefault(text, []).append(label)
    heading = (
        f"What {name}'s memory holds that bears on the question (an evaluator who watched these past days "
        "knows it; the answer may recall it, and must not contradict it):"
    )
    if len(groups) == 1:
        (text,) = groups
        return f"\n\n{heading}\n{text or '- (nothing)'}"
    parts = [f"\n\nThe answers come from different versions of {name}'s past days. {heading}"]
    for text, labels in groups.items():
        parts.append(f"For {_labels(labels)}:\n{text or '- (nothing)'}")
    return "\n".join(parts)


def _labels(labels: Sequence[str]) -> str:
    if len(labels) == 1:
        return f"answer {labels[0]}"
    return f"answers {', '.join(labels[:-1])} and {labels[-1]}"
