"""Asking the interview under every condition and having the judge rank the answers, resumably.

Answers and rankings are appended to a JSON-lines file as they come (see ``JsonLines``), so an
evaluation stopped by Ctrl-C, a kill or a dead model goes on where it stopped when run again.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import col, func, select

from aga.cognition.user import interview
from aga.evaluation.conditions import Condition
from aga.evaluation.judge import Judged, compare_answers, placed_by_scores, rank_answers, score_answer, shown_order
from aga.evaluation.questions import Question
from aga.llm.gateway import Gateway, GatewayOptions
from aga.memory import MemoryKind, MemoryNode


@dataclass(frozen=True)
class EvalSettings:
    """Who answers and who judges, and how much is asked."""

    voice: str = "local/qwen2.5-coder-1.5b"  # the model that speaks for the interviewed agents
    judge: str = "local/qwen2.5-coder-1.5b"
    api_base: str | None = None  # the server of both, when they are served
    per_category: int = 5  # questions per category (Park et al.: 5)
    agents: tuple[str, ...] = ()  # who is interviewed (default: everyone)
    max_agents: int | None = None  # at most this many, drawn by seed, when ``agents`` is empty
    seed: int = 0
    gateway: GatewayOptions = field(default_factory=GatewayOptions)
    judging: str = "pairwise"  # "pairwise-both"; "ranking": all the answers in one call; "scores": one at a time
    pairs_per_question: int | None = None  # pairwise: at most this many pairs per question, drawn by seed
    # Memories of each answer's run shown to the judge beside it (``aga.evaluation.evidence``); 0: the
    # persona alone, as the judge was shown before (and as the kept records of earlier recordings were).
    judge_memories: int = 0


def judge_sees(settings: EvalSettings) -> dict[str, Any]:
    """What a verdict depends on besides its judge and answers, for its records' tag: the memories shown
    beside the answers, when any are (a tag without the key is a verdict given on the persona alone)."""
    return {"judge_memories": settings.judge_memories} if settings.judge_memories else {}


def stable_seed(*parts: object) -> int:
    """A seed from ``parts`` that is the same in every process (``hash`` of a str is not)."""
    return zlib.crc32("\x1f".join(map(str, parts)).encode())


class JsonLines:
    """An append-only JSON-lines file; a torn last line (a kill mid-write) is skipped when read."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> Iterator[dict[str, Any]]:
        """Every complete record."""
        if not self.path.exists():
            return
        with self.path.open(encoding="utf-8") as f:
            for line in f:
                if not line.endswith("\n"):
                    return  # torn by a kill: written again
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(record, dict):  # a line of another file's making is no record: skipped
                    yield record

    def append(self, record: dict[str, Any]) -> None:
        """Add ``record`` durably."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as f:
            if f.tell() and not self._ends_with_newline():
                f.write("\n")  # after a torn line, start a fresh one
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def _ends_with_newline(self) -> bool:
        with self.path.open("rb") as f:
            f.seek(-1, os.SEEK_END)
            return f.read(1) == b"\n"


def talked_with(opened: Any, agent: str, cast: Sequence[str]) -> list[str]:
    """The residents ``agent`` has chat memories with, the most chats first (then by name)."""
    from sqlmodel import Session

    with Session(opened.engine) as session:
        rows = session.exec(
            select(MemoryNode.object, func.count())
            .where(col(MemoryNode.agent) == agent, col(MemoryNode.kind) == MemoryKind.CHAT.value)
            .group_by(MemoryNode.object)
        ).all()
    counts = {name: n for name, n in rows if name in cast and name != agent}
    return sorted(counts, key=lambda n: (-counts[n], n))


def ask_conditions(
    opened: Any,
    conds: Sequence[Condition],
    questions: dict[str, list[Question]],
    cache: dict[tuple[Any, ...], dict[str, Any]],
    save: Callable[[dict[str, Any]], None],
    tag: dict[str, Any],
    on_answer: Callable[[str], None] | None = None,
) -> dict[tuple[str, str, str], dict[str, Any]]:
    """Every condition's answers to every agent's questions on the opened run (cached by condition,
    agent and question); returns the records by (condition, agent, question key)."""
    out = {}
    for cond in conds:
        for name, asked in questions.items():
            agent = opened.rt.agents[name]
            for q in asked:
                key = ("interview", cond.name, name, q.key, q.text)
                record = cache.get(key)
                if record is None:
                    before = opened.rt.gateway.failsafes
                    with opened.rt.gateway.numbered(*key):  # the answer must not depend on what was asked before
                        text = interview(
                            opened.rt, agent, q.text, [], kinds=cond.ablation.kinds, as_seeded=cond.ablation.as_seeded
                        )
                    record = {**tag, "measure": "interview", "condition": cond.name, "agent": name,
                              "question": q.key, "asked": q.text, "answer": text,
                              "failsafe": opened.rt.gateway.failsafes > before}  # fmt: skip
                    save(record)
                    cache[key] = record
                out[(cond.name, name, q.key)] = record
                if on_answer:
                    on_answer(cond.name)
    return out


def _pair_seed(settings: EvalSettings, name: str, key: str, a: str, b: str) -> int:
    return stable_seed(settings.seed, name, key, a, b)


def _firsts(
    record: dict[str, Any], settings: EvalSettings, name: str, key: str, said: dict[str, str]
) -> tuple[bool, ...]:
    """Whether each of a verdict's calls chose the answer shown first: kept with verdicts from now on,
    and found again for a pairwise verdict kept before (its shown order is drawn by a seed it names)."""
    if "firsts" in record:
        return tuple(record["firsts"])
    if record.get("measure") != "pair" or record.get("failsafe"):
        return ()
    a, b = record["pair"]
    (shown_first, _), _ = shown_order((a, said[a]), (b, said[b]), _pair_seed(settings, name, key, a, b))
    return (record["places"][shown_first] == 0,)


def _scores(
    judge: Gateway,
    conds: Sequence[str],
    said: dict[str, str],
    name: str,
    key: str,
    common: dict[str, str],
    cache: dict[tuple[Any, ...], dict[str, Any]],
    save: Callable[[dict[str, Any]], None],
    tag: dict[str, Any],
    memories: Mapping[str, str] | None = None,
) -> dict[str, int]:
    """Each condition's answer scored alone (cached by the answer, as verdicts are by the answers they
    compared); fail-safe scores are left out. ``memories``: per condition, shown beside its answer."""
    out: dict[str, int] = {}
    for cond in conds:
        shown = stable_seed(said[cond])
        record_key = ("score", name, key, cond, shown)
        record = cache.get(record_key)
        if record is None:
            with judge.numbered(*record_key):  # the score must not depend on what was judged before
                score, failsafe = score_answer(
                    judge, answer=said[cond], memories=memories[cond] if memories else None, **common
                )
            record = {**tag, "measure": "score", "agent": name, "question": key, "pair": [cond],
                      "answers": shown, "score": score, "failsafe": failsafe}  # fmt: skip
            save(record)
            cache[record_key] = record
        if not record["failsafe"]:
            out[cond] = int(record["score"])
    return out


def judge_conditions(
    judge: Gateway,
    conds: Sequence[Condition],
    questions: dict[str, list[Question]],
    personas: dict[str, str],
    answers: dict[tuple[str, str, str], dict[str, Any]],
    cache: dict[tuple[Any, ...], dict[str, Any]],
    save: Callable[[dict[str, Any]], None],
    tag: dict[str, Any],
    settings: EvalSettings,
    memories: Mapping[tuple[str, str, str], str] | None = None,
) -> list[Judged]:
    """The judge's verdicts per agent and question across the conditions (cached): one ranking, or
    pairwise comparisons of every pair (or ``settings.pairs_per_question`` of them, drawn by seed).
    ``memories``: by (condition, agent, question key), what the judge is shown of the past days behind
    each answer (with ``settings.judge_memories``); a verdict the cache lacks needs them then."""
    judged = []
    names = [c.name for c in conds]
    for name, asked in questions.items():
        for q in asked:
            # A fail-safe answer is no answer: its condition sits this question out (and is asked again
            # next time, when the model may be back).
            said = {c: answers[(c, name, q.key)]["answer"] for c in names if not answers[(c, name, q.key)]["failsafe"]}
            common = {"name": name, "persona": personas[name], "question": q.text}
            seen = {c: memories[(c, name, q.key)] for c in said} if memories and settings.judge_memories else None
            if settings.judging == "scores":
                scored = _scores(
                    judge, [c for c in names if c in said], said, name, q.key, common, cache, save, tag, seen
                )
                if len(scored) > 1:
                    judged.append(placed_by_scores(scored))
                continue
            groups: list[tuple[str, ...]]
            if settings.judging == "ranking":
                groups = [tuple(said)] if len(said) > 1 else []
            else:
                groups = list(itertools.combinations([c for c in names if c in said], 2))
                wanted = settings.pairs_per_question
                if wanted is not None and wanted < len(groups):
                    groups = random.Random(stable_seed(settings.seed, name, q.key)).sample(groups, wanted)
            measure = "ranking" if settings.judging == "ranking" else "pair"
            for group in groups:
                shown = stable_seed(*(said[c] for c in group))  # the answers compared, as they were
                pair = list(group) if measure == "pair" else []
                key = (measure, name, q.key, *pair, shown)
                record = cache.get(key)
                if record is None:
                    with judge.numbered(*key):  # the verdict must not depend on what was judged before
                        if measure == "ranking":
                            got = rank_answers(
                                judge,
                                answers=said,
                                seed=stable_seed(settings.seed, name, q.key),
                                memories=seen,
                                **common,
                            )
                        else:
                            a, b = group
                            seed = _pair_seed(settings, name, q.key, a, b)
                            got = compare_answers(
                                judge, first=(a, said[a]), second=(b, said[b]), seed=seed,
                                both_orders=settings.judging == "pairwise-both", memories=seen, **common,
                            )  # fmt: skip
                    record = {**tag, "measure": measure, "agent": name, "question": q.key, "pair": pair,
                              "answers": shown, **asdict(got)}  # fmt: skip
                    save(record)
                    cache[key] = record
                judged.append(
                    Judged(
                        places=record["places"], complete=record["complete"], failsafe=record["failsafe"],
                        firsts=_firsts(record, settings, name, q.key, said),
                    )
                )  # fmt: skip
    return judged
