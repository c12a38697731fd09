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


def _believability(p: Prompt, texts: list[str]) -> list[float]:
    """How much each answer speaks to the question and to the person, with a little sampling noise;
    answers that say nothing are marked down."""
    to_question = similarities(p.get("question"), texts)
    to_person = similarities(p.get("persona"), texts)
    scores = []
    for i, text in enumerate(texts):
        score = float(to_question[i]) + 0.5 * float(to_person[i]) + p.rng.uniform(-0.05, 0.05)
        if EMPTY.search(text) or len(text.split()) < 4:
            score -= 1.0
        scores.append(score)
    return scores


@answers("eval.rank_answers")
def rank_answers(p: Prompt) -> dict[str, list[str]]:
    """Labels of the shown answers, the one closest to the question and the person first."""
    shown = [re.match(r"^([A-Z]):\s*(.*)$", line.strip()) for line in p.get("answers").splitlines()]
    labelled = [(m.group(1), m.group(2)) for m in shown if m]
    if not labelled:
        return {"ranking": []}
    scores = _believability(p, [t for _, t in labelled])
    order = sorted(range(len(labelled)), key=lambda i: -scores[i])
    return {"ranking": [labelled[i][0] for i in order]}


@answers("eval.compare_answers")
def compare_answers(p: Prompt) -> dict[str, str]:
    """The more believable of two answers, by the same reading as a ranking."""
    a, b = _believability(p, [p.get("answer_a"), p.get("answer_b")])
    return {"better": "A" if a >= b else "B"}


NOT_KNOWING = re.compile(
    r"\b(?:no|not that I know|haven't|have not|never|don't|do not|not aware|not sure|no idea|nothing)\b", re.I
)
STRANGER = re.compile(r"\bstrangers?\b|\b(?:never|not|haven't|hasn't) (?:yet )?met\b", re.I)
WHEN = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(?::\d\d)?\s*(?:am|pm))\b", re.I
)


@answers("eval.knows_news")
def knows_news(p: Prompt) -> dict[str, bool]:
    """Knows: the answer is about the news (similar in meaning, or sharing its rarer words) and does not
    open with a denial. Invents: it names a day or time the news does not."""
    answer, fact = p.get("answer"), p.get("fact")
    shared = _content_words(answer) & _content_words(fact)
    close = float(similarities(fact, [answer])[0]) > 0.45 if answer else False
    denies = bool(NOT_KNOWING.search(answer[:60]))
    knows = (close or len(shared) >= 2) and not denies
    # A day or an hour the news does not name ("5 to 7 pm" names both 5 and 7).
    named = set(re.findall(r"[a-z]+|\d+", " ".join(WHEN.findall(fact)).lower())) | set(re.findall(r"\d+", fact))
    said = [set(re.findall(r"[a-z]+day|\d+", m.lower())) for m in WHEN.findall(answer)]
    invents = knows and any(not (words & named) for words in said)
    return {"knows": knows, "invents": invents}


@answers("eval.knows_person")
def knows_person(p: Prompt) -> dict[str, bool]:
    """Knows: the answer names the person or says something about them, and does not open with a denial."""
    answer, other = p.get("answer"), p.get("other")
    first = other.split()[0] if other else ""
    # "A stranger to me", "we have never met": not knowing, said anywhere in the answer.
    denies = bool(NOT_KNOWING.search(answer[:60]) or STRANGER.search(answer))
    says_something = len(answer.split()) >= 6 or (first and first.lower() in answer.lower())
    return {"knows": bool(says_something) and not denies}


def _content_words(text: str) -> set[str]:
    """Words of four letters or more, lower case (enough to tell what a sentence is about)."""
    return {w for w in re.findall(r"[a-z]{4,}", text.lower())} - {"that", "with", "this", "from", "have", "will"}
