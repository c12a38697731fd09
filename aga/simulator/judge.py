"""Answers to judging tasks: ranking interview answers by believability.

A stand-in for a judge model, for tests and for exercising the evaluation without a model: it ranks
what the prompt shows by how much an answer speaks to the question and to who the person is (MiniLM
similarity), marks down answers that say nothing ("I'm not sure", "nothing comes to mind"), and
breaks near ties with the call's random draw, as a sampling judge would. It is not a source of
believability figures: recorded evaluations name the model that judged.
"""

from __future__ import annotations

import re

from aga.simulator.meaning import similarities
from aga.simulator.prompt import Prompt, answers

EMPTY = re.compile(r"not sure|nothing (in particular )?comes to mind|no idea|don't know|do not know", re.I)


@answers("eval.rank_answers")
def rank_answers(p: Prompt) -> dict[str, list[str]]:
    """Labels of the shown answers, the one closest to the question and the person first."""
    shown = [re.match(r"^([A-Z]):\s*(.*)$", line.strip()) for line in p.get("answers").splitlines()]
    labelled = [(m.group(1), m.group(2)) for m in shown if m]
    if not labelled:
        return {"ranking": []}
    texts = [t for _, t in labelled]
    to_question = similarities(p.get("question"), texts)
    to_person = similarities(p.get("persona"), texts)
    scores = []
    for i, text in enumerate(texts):
        score = float(to_question[i]) + 0.5 * float(to_person[i]) + p.rng.uniform(-0.05, 0.05)
        if EMPTY.search(text) or len(text.split()) < 4:
            score -= 1.0
        scores.append(score)
    order = sorted(range(len(labelled)), key=lambda i: -scores[i])
    return {"ranking": [labelled[i][0] for i in order]}
