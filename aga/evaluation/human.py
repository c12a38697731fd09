"""Believability rated by hand: a person compares kept answers of two conditions, blind.

Park et al.'s believability figures came from human evaluators. A small model judge can fail the
report's own check (the embedded 1.5B could not tell the full architecture from agents without memory,
and chose the answer shown first nine times in ten), so the answers an evaluation kept can be rated by
a person instead: for each agent and question, the character as the scenario wrote it, the question,
and the two conditions' answers in a seeded order, without the conditions' names; the rater picks the
more believable one or calls it even. Each verdict is appended to the records at once (a rater can stop
and come back; what was rated is not shown again), tagged with the judge ``human/<rater>``, and the
head-to-head with its 95% interval is the same check the reports give a model judge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aga.evaluation.evaluate import Evaluation
from aga.evaluation.interviews import EvalSettings, JsonLines, stable_seed
from aga.evaluation.judge import Judged, shown_order
from aga.evaluation.questions import Question

CHOICES = ("A", "B", "=")


@dataclass(frozen=True)
class Shown:
    """One comparison as the rater sees it: ``a`` and ``b`` are (condition, answer), in the shown order."""

    agent: str
    question: Question
    a: tuple[str, str]
    b: tuple[str, str]
    digest: int  # of the two answers, as a model judge's verdict names them


def character(scenario: Any, name: str) -> str:
    """The character as the scenario wrote it (what a rater knows of them before the town began)."""
    p = scenario.persona(name)
    return f"{p.name}, {p.age}. {p.innate}. {p.learned} {p.currently} {p.lifestyle}"


def comparisons(evaluation: Evaluation, first: str, second: str, seed: int) -> list[Shown]:
    """Every agent's and question's answers of conditions ``first`` and ``second`` (fail-safes left out),
    each pair in an order drawn by ``seed``."""
    out = []
    for agent, asked in evaluation.questions.items():
        for q in asked:
            one, two = evaluation.answers.get((first, agent, q.key)), evaluation.answers.get((second, agent, q.key))
            if one is None or two is None or one["failsafe"] or two["failsafe"]:
                continue
            a, b = shown_order(
                (first, one["answer"]), (second, two["answer"]), stable_seed(seed, "by hand", agent, q.key)
            )
            out.append(Shown(agent, q, a, b, stable_seed(one["answer"], two["answer"])))
    return out


def rate_by_hand(
    records_file: Path,
    shown: list[Shown],
    *,
    rater: str,
    settings: EvalSettings,
    pair: tuple[str, str],
    ask: Callable[[Shown, int, int], str | None],
) -> list[Judged]:
    """Ask ``ask(comparison, number, total)`` for every comparison the rater has not rated yet ("A",
    "B", "=" for even, None to stop), keep each verdict, and return all of the rater's verdicts on these."""
    if not rater.strip() or "/" in rater:
        raise ValueError(f"--rater {rater!r}: give a name without '/', e.g. --rater ana")
    judge = f"human/{rater.strip()}"
    tag = {"judge": judge, "voice": settings.voice, "seed": settings.seed, "api_base": settings.api_base,
           "judging": "by hand", "conditions": list(pair)}  # fmt: skip
    file = JsonLines(records_file)
    done = {
        (r["agent"], r["question"], r["answers"]): r
        for r in file.read()
        if r.get("measure") == "pair" and all(r.get(k) == v for k, v in tag.items())
    }
    todo = [s for s in shown if (s.agent, s.question.key, s.digest) not in done]
    for number, s in enumerate(todo, start=1):
        choice = ask(s, number, len(todo))
        if choice is None:
            break
        if choice not in CHOICES:
            raise ValueError(f"{choice!r}: answer A, B or = (even)")
        (a, _), (b, _) = s.a, s.b
        places = {a: 0, b: 0} if choice == "=" else {a: 0, b: 1} if choice == "A" else {b: 0, a: 1}
        record = {**tag, "measure": "pair", "agent": s.agent, "question": s.question.key, "pair": list(pair),
                  "answers": s.digest, "places": places, "complete": True, "failsafe": False,
                  "firsts": [choice == "A"] if choice != "=" else []}  # fmt: skip
        file.append(record)
        done[(s.agent, s.question.key, s.digest)] = record
    return [
        Judged(places=r["places"], complete=True, failsafe=False, firsts=tuple(r["firsts"]))
        for s in shown
        if (r := done.get((s.agent, s.question.key, s.digest))) is not None
    ]
