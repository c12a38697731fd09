"""Diffusion and density by interview, on one opened run (a snapshot), with the answers cached.

``diffusion``: every agent is asked each news item's question; the judge reads whether the answer
knows the news and whether it invents details. ``density``: every ordered pair, "Do you know <name>?";
the judge reads whether the answer knows them; a "yes" about someone the agent has no memory of is an
invented acquaintance. Both are asked through the interview path with the agent's full memory.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from sqlmodel import Session, col, select

from aga.cognition.user import interview
from aga.evaluation.knowledge import judge_news, judge_person
from aga.llm.gateway import Gateway
from aga.memory import MemoryNode

Cache = dict[tuple[Any, ...], dict[str, Any]]


def diffusion(
    opened: Any,
    agents: list[str],
    judge: Gateway,
    cache: Cache,
    save: Callable[[dict[str, Any]], None],
    tag: dict[str, Any],
) -> dict[str, Any]:
    """Per news item: who knows it (by interview), how many answers invent, next to the seeded."""
    out: dict[str, Any] = {}
    for news in opened.rt.scenario.spec.news:
        question = news.interview_question()
        found = []
        for name in agents:
            key = ("diffusion", tag["when"], news.id, name, question)
            record = cache.get(key)
            if record is None:
                # Numbered from the record: a resumed evaluation asks and judges as one that never stopped.
                with opened.rt.gateway.numbered(*key), judge.numbered(*key):
                    answer = interview(opened.rt, opened.rt.agents[name], question, [])
                    reading, failsafe = judge_news(judge, name=name, question=question, answer=answer, fact=news.about)
                record = {**tag, "measure": "diffusion", "news": news.id, "agent": name, "asked": question,
                          "answer": answer, "knows": reading.knows, "invents": reading.invents,
                          "failsafe": failsafe}  # fmt: skip
                save(record)
                cache[key] = record
            found.append(record)
        out[news.id] = diffusion_figures(question, news.seeded_in, agents, found)
    return out


def diffusion_figures(
    question: str, seeded_in: Sequence[str], agents: Sequence[str], records: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """One news item's figures from its answers' records (one per agent; fail-safes left out), the same
    whether they were asked now or read back from kept records (``aga.evaluation.kept``)."""
    knowers, inventions, readable = [], 0, 0
    for record in records:
        if record["failsafe"]:
            continue
        readable += 1
        inventions += bool(record["invents"])
        if record["knows"]:
            knowers.append(record["agent"])
    seeded = [n for n in seeded_in if n in agents]
    return {
        "question": question,
        "asked": len(agents),
        "judged": readable,
        "knows": knowers,
        "share": len(knowers) / readable if readable else None,
        "seeded": seeded,
        "seeded_share": len(seeded) / len(agents) if agents else None,
        "invented": inventions,
        "hallucination_rate": inventions / readable if readable else None,
    }


def density_pairs(agents: Sequence[str], max_pairs: int | None, seed: int) -> list[tuple[str, str]]:
    """The ordered pairs asked "Do you know <name>?": all, or ``max_pairs`` of them drawn by ``seed``."""
    pairs = [(a, b) for a in agents for b in agents if a != b]
    if max_pairs is not None and max_pairs < len(pairs):
        pairs = sorted(random.Random(seed).sample(pairs, max_pairs), key=pairs.index)
    return pairs


def density_figures(pairs: Sequence[tuple[str, str]], records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Density from the pairs' records (fail-safes left out); invented acquaintances are "yes" answers
    about someone the agent has no memory of."""
    knows, invented, readable = 0, 0, 0
    for record in records:
        if record["failsafe"]:
            continue
        readable += 1
        if record["knows"]:
            knows += 1
            invented += not record["remembers"]
    return {
        "pairs": len(pairs),
        "judged": readable,
        "density": knows / readable if readable else None,
        "invented_acquaintances": invented,
    }


def density(
    opened: Any,
    agents: list[str],
    judge: Gateway,
    cache: Cache,
    save: Callable[[dict[str, Any]], None],
    tag: dict[str, Any],
    *,
    max_pairs: int | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """Share of ordered pairs whose first says it knows the second; invented acquaintances."""
    pairs = density_pairs(agents, max_pairs, seed)
    found = []
    for a, b in pairs:
        key = ("density", tag["when"], a, b)
        record = cache.get(key)
        if record is None:
            question = f"Do you know {b}?"
            with opened.rt.gateway.numbered(*key), judge.numbered(*key):
                answer = interview(opened.rt, opened.rt.agents[a], question, [])
                reading, failsafe = judge_person(judge, name=a, other=b, answer=answer)
            record = {**tag, "measure": "density", "agent": a, "other": b, "answer": answer,
                      "knows": reading.knows, "remembers": _remembers(opened, a, b), "failsafe": failsafe}  # fmt: skip
            save(record)
            cache[key] = record
        found.append(record)
    return density_figures(pairs, found)


def _remembers(opened: Any, agent: str, other: str) -> bool:
    """Whether any memory of ``agent`` names ``other`` (full or first name, as a word: "Tom" is not in
    "tomorrow")."""
    first = other.split()[0]
    word = re.compile(rf"\b(?:{re.escape(other)}|{re.escape(first)})\b", re.IGNORECASE)
    with Session(opened.engine) as session:
        texts = session.exec(
            select(MemoryNode.description)
            .where(col(MemoryNode.agent) == agent)
            .where(col(MemoryNode.description).ilike(f"%{first}%"))  # SQL narrows, the regex decides
        ).all()
    return any(word.search(text) for text in texts)
