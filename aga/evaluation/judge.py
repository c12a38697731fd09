"""The judge: answers of one agent to one question, compared across the conditions.

Two ways, both read into places for TrueSkill: ``pairwise`` (the default) shows two answers and asks
which is more believable, for every pair of conditions or a seeded sample of them (a small model
compares two answers more reliably than it orders seven); ``ranking`` ranks all the answers in one call,
as Park et al.'s human evaluators did. Answers are shown in a seeded shuffled order, so that a judge
that prefers the first or the last position favours no condition. It still says nothing then: the
embedded 1.5B judge picked the answer shown first in 560 of its 630 pairwise calls on ville3 (89%). So
``pairwise-both`` shows each pair in both orders and counts a win only where the two verdicts agree (a
tie, which carries nothing, where the order decided), as LLM-as-judge evaluations commonly do; every
verdict records whether the judge chose the answer shown first (``firsts``), for the report's check.
``scores`` has no order to favour at all: the judge scores each answer alone (1-10), never seeing the
others, and the conditions are placed by their scores (equal scores tie).
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from aga.evaluation.evidence import shown as shown_memories
from aga.llm.gateway import Gateway
from aga.llm.tasks import Task


class Ranking(BaseModel):
    """The answers' labels, the most believable first."""

    ranking: list[str] = Field(min_length=1, max_length=26)


RANK = Task(
    name="eval.rank_answers",
    template=Path(__file__).parent / "prompts" / "eval.rank_answers.txt",
    schema=Ranking,
    failsafe=Ranking(ranking=["?"]),  # no usable label: the ranking then carries no information
    max_tokens=120,
    temperature=0.0,  # a judge, not a voice
)


class Better(BaseModel):
    """Which of two answers is more believable."""

    better: Literal["A", "B"]


COMPARE = Task(
    name="eval.compare_answers",
    template=Path(__file__).parent / "prompts" / "eval.compare_answers.txt",
    schema=Better,
    failsafe=Better(better="A"),  # marked as a fail-safe and left out of the ratings
    max_tokens=20,
    temperature=0.0,
)


class Score(BaseModel):
    """How believable one answer is, alone."""

    score: int = Field(ge=1, le=10)


SCORE = Task(
    name="eval.score_answer",
    template=Path(__file__).parent / "prompts" / "eval.score_answer.txt",
    schema=Score,
    failsafe=Score(score=5),  # marked as a fail-safe and left out of the ratings
    max_tokens=20,
    temperature=0.0,
)


@dataclass(frozen=True)
class Judged:
    """One ranking: ``places[condition]`` is its place (0 best); conditions the judge left out share
    the last place. ``complete`` says whether the judge ranked every answer."""

    places: dict[str, int]
    complete: bool
    failsafe: bool
    firsts: tuple[bool, ...] = ()  # per pairwise call: did the judge choose the answer shown first?


def rank_answers(
    gateway: Gateway,
    *,
    name: str,
    persona: str,
    question: str,
    answers: Mapping[str, str],
    seed: int,
    memories: Mapping[str, str] | None = None,
) -> Judged:
    """Ask the judge to rank ``answers`` (condition -> answer) to ``question``; ``memories`` (condition ->
    its run's memories that bear on the question, :mod:`aga.evaluation.evidence`) shown beside them."""
    conditions = list(answers)
    random.Random(seed).shuffle(conditions)
    labels = list(string.ascii_uppercase[: len(conditions)])
    by_label = dict(zip(labels, conditions, strict=True))
    shown = "\n".join(f"{label}: {answers[c]}" for label, c in by_label.items())
    before = gateway.failsafes
    got = gateway.call(
        RANK,
        {
            "persona": persona,
            "evidence": shown_memories(name, {lb: memories[c] for lb, c in by_label.items()}) if memories else "",
            "name": name,
            "question": question,
            "count": str(len(labels)),
            "answers": shown,
            "example": ", ".join(f'"{label}"' for label in labels),
        },
    )
    failsafe = gateway.failsafes > before
    return placed(got.ranking, by_label, failsafe=failsafe)


def placed(ranking: Sequence[str], by_label: Mapping[str, str], *, failsafe: bool = False) -> Judged:
    """Places from a judge's list of labels: unknown and repeated labels are ignored, answers it left
    out share the place after the last one it ranked (it said nothing about their order)."""
    places: dict[str, int] = {}
    for label in ranking:
        label = label.strip().strip(".:)").upper()
        condition = by_label.get(label)
        if condition is not None and condition not in places:
            places[condition] = len(places)
    complete = len(places) == len(by_label)
    last = len(places)
    for condition in by_label.values():
        places.setdefault(condition, last)
    return Judged(places=places, complete=complete, failsafe=failsafe)


def shown_order(first: tuple[str, str], second: tuple[str, str], seed: int) -> list[tuple[str, str]]:
    """The order in which two (condition, answer) pairs are shown to the judge, drawn by ``seed``."""
    pair = [first, second]
    random.Random(seed).shuffle(pair)
    return pair


def compare_answers(
    gateway: Gateway,
    *,
    name: str,
    persona: str,
    question: str,
    first: tuple[str, str],
    second: tuple[str, str],
    seed: int,
    both_orders: bool = False,
    memories: Mapping[str, str] | None = None,
) -> Judged:
    """Ask the judge which of two (condition, answer) pairs is more believable; the shown order is drawn.
    ``both_orders``: ask again with the answers swapped; where the two verdicts disagree (the position
    decided, not the answers) the pair is a tie. ``memories``: as for :func:`rank_answers`."""
    (a, answer_a), (b, answer_b) = shown_order(first, second, seed)
    before = gateway.failsafes
    shown = {"persona": persona, "name": name, "question": question}

    def evidence(one: str, two: str) -> str:
        return shown_memories(name, {"A": memories[one], "B": memories[two]}) if memories else ""

    verdicts = [
        gateway.call(COMPARE, {**shown, "evidence": evidence(a, b), "answer_a": answer_a, "answer_b": answer_b})
    ]
    if both_orders:
        verdicts.append(
            gateway.call(COMPARE, {**shown, "evidence": evidence(b, a), "answer_a": answer_b, "answer_b": answer_a})
        )
    picks = [got.better for got in verdicts]
    failsafe = gateway.failsafes > before
    winners = {a if picks[0] == "A" else b} | ({b if picks[1] == "A" else a} if both_orders else set())
    firsts = tuple(pick == "A" for pick in picks)
    if len(winners) > 1:
        return Judged(places={a: 0, b: 0}, complete=True, failsafe=failsafe, firsts=firsts)
    (winner,) = winners
    loser = b if winner == a else a
    return Judged(places={winner: 0, loser: 1}, complete=True, failsafe=failsafe, firsts=firsts)


def score_answer(
    gateway: Gateway, *, name: str, persona: str, question: str, answer: str, memories: str | None = None
) -> tuple[int, bool]:
    """The judge's score (1-10) of one answer seen alone, and whether it was a fail-safe; ``memories``:
    its run's memories that bear on the question, shown beside it (:mod:`aga.evaluation.evidence`)."""
    before = gateway.failsafes
    evidence = shown_memories(name, {"": memories}) if memories is not None else ""
    got = gateway.call(
        SCORE, {"persona": persona, "evidence": evidence, "name": name, "question": question, "answer": answer}
    )
    return got.score, gateway.failsafes > before


def placed_by_scores(scores: Mapping[str, int]) -> Judged:
    """Places from scores, the highest first; equal scores share a place (a tie, as a judge that gives
    two answers the same score said nothing about their order)."""
    levels = sorted(set(scores.values()), reverse=True)
    return Judged(places={c: levels.index(v) for c, v in scores.items()}, complete=True, failsafe=False)
