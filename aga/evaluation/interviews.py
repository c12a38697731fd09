"""Asking the interview under every condition and having the judge rank the answers, resumably.

Answers and rankings are appended to JSON-lines files in the evaluation's folder as they come, so an
evaluation stopped by Ctrl-C, a kill or a dead model goes on where it stopped when run again (a torn
last line is ignored). An answer is kept only for the checkpoint it was given at: a run resumed and
advanced since is interviewed anew.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import col, func, select

from aga.cognition.user import interview, seed_identity
from aga.embeddings.base import Embedder
from aga.evaluation.conditions import Condition, conditions
from aga.evaluation.judge import Judged, rank_answers
from aga.evaluation.questions import Question, interview_questions
from aga.evaluation.ranking import Rated, rate
from aga.evaluation.snapshot import snapshot
from aga.llm.gateway import Gateway, GatewayOptions
from aga.llm.ledger import Ledger
from aga.memory import MemoryKind, MemoryNode
from aga.storage import make_engine, sqlite_url


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
                    yield json.loads(line)
                except json.JSONDecodeError:
                    continue

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


@dataclass
class Evaluation:
    """What an evaluation found: the conditions' ratings and everything they rest on."""

    conditions: list[Condition]
    agents: list[str]
    questions: dict[str, list[Question]]
    answers: dict[tuple[str, str, str], str]  # (condition, agent, question key) -> answer
    failsafe_answers: set[tuple[str, str, str]]
    judged: list[Judged]
    ratings: list[Rated]
    steps: dict[str, int]  # run id -> the checkpoint's step the interviews were given at

    def to_json(self) -> dict[str, Any]:
        """A JSON-able summary (the answers themselves stay in answers.jsonl)."""
        usable = [j for j in self.judged if not j.failsafe]
        return {
            "conditions": [
                {"name": c.name, "run": c.run_id, "label": c.label, "ablation": c.ablation.name}
                for c in self.conditions
            ],
            "agents": self.agents,
            "questions_per_agent": {a: len(q) for a, q in self.questions.items()},
            "answers": len(self.answers),
            "failsafe_answers": len(self.failsafe_answers),
            "rankings": len(self.judged),
            "failsafe_rankings": len(self.judged) - len(usable),
            "incomplete_rankings": sum(1 for j in usable if not j.complete),
            "ratings": [asdict(r) for r in self.ratings],
            "checkpoint_steps": self.steps,
        }


def evaluate(
    run_ids: Sequence[str],
    out: Path,
    settings: EvalSettings,
    *,
    ablate: str | None = None,
    ablations: Sequence[str] = (),
    embedder: Embedder | None = None,
    on_answer: Callable[[str], None] | None = None,
) -> Evaluation:
    """Interview every condition's agents, have the judge rank the answers, rate the conditions."""
    from aga.sim.run import Run

    conds = conditions(run_ids, ablate, ablations)
    out.mkdir(parents=True, exist_ok=True)
    ledger = Ledger(make_engine(sqlite_url(out / "eval.db")), "eval")
    answers_file, rankings_file = JsonLines(out / "answers.jsonl"), JsonLines(out / "rankings.jsonl")
    answers: dict[tuple[str, str, str], str] = {}
    failsafe_answers: set[tuple[str, str, str]] = set()
    steps: dict[str, int] = {}
    agents: list[str] = []
    questions: dict[str, list[Question]] = {}
    personas: dict[str, str] = {}
    scenario_name = None
    for run_id in dict.fromkeys(c.run_id for c in conds):
        copy = snapshot(run_id, out / "snapshots")
        with Run.open(str(copy.root), embedder=embedder) as opened:
            if scenario_name is None:
                scenario_name = opened.info.scenario
                cast = [p.name for p in opened.rt.scenario.cast]
                agents = _choose_agents(opened, cast, settings)
                for name in agents:
                    met = talked_with(opened, name, cast)
                    others = [n for n in cast if n != name]
                    questions[name] = interview_questions(
                        met, others, seed=stable_seed(settings.seed, name), per_category=settings.per_category
                    )
                    personas[name] = seed_identity(opened.rt.agents[name], opened.rt.now)
            elif opened.info.scenario != scenario_name:
                raise ValueError(
                    f"run '{run_id}' is of scenario {opened.info.scenario}, the first run of {scenario_name}: "
                    "conditions are compared on the same town and cast"
                )
            step = opened.rt.step
            steps[run_id] = step
            done = {
                (r["condition"], r["agent"], r["question"]): r
                for r in answers_file.read()
                if r.get("run") == run_id and r.get("step") == step and r.get("voice") == settings.voice
            }
            opened.rt.gateway = Gateway(
                settings.voice,
                ledger=ledger,
                clock=opened.rt.clock,
                seed=settings.seed,
                api_base=settings.api_base,
                options=settings.gateway,
            )
            for cond in (c for c in conds if c.run_id == run_id):
                for name in agents:
                    agent = opened.rt.agents[name]
                    for q in questions[name]:
                        key = (cond.name, name, q.key)
                        record = done.get(key)
                        if record is None:
                            before = opened.rt.gateway.failsafes
                            text = interview(
                                opened.rt, agent, q.text, [], kinds=cond.ablation.kinds,
                                as_seeded=cond.ablation.as_seeded,
                            )  # fmt: skip
                            record = {
                                "run": run_id, "step": step, "voice": settings.voice, "condition": cond.name,
                                "agent": name, "question": q.key, "asked": q.text, "answer": text,
                                "failsafe": opened.rt.gateway.failsafes > before,
                            }  # fmt: skip
                            answers_file.append(record)
                        answers[key] = record["answer"]
                        if record["failsafe"]:
                            failsafe_answers.add(key)
                        if on_answer:
                            on_answer(cond.name)
    judge = Gateway(
        settings.judge, ledger=ledger, seed=settings.seed, api_base=settings.api_base, options=settings.gateway
    )
    fingerprint = {"judge": settings.judge, "steps": steps, "conditions": [c.name for c in conds]}
    ranked = {(r["agent"], r["question"]): r for r in rankings_file.read() if r.get("fingerprint") == fingerprint}
    judged: list[Judged] = []
    for name in agents:
        for q in questions[name]:
            record = ranked.get((name, q.key))
            if record is None:
                got = rank_answers(
                    judge,
                    name=name,
                    persona=personas[name],
                    question=q.text,
                    answers={c.name: answers[(c.name, name, q.key)] for c in conds},
                    seed=stable_seed(settings.seed, name, q.key),
                )
                record = {"fingerprint": fingerprint, "agent": name, "question": q.key, **asdict(got)}
                rankings_file.append(record)
            judged.append(Judged(places=record["places"], complete=record["complete"], failsafe=record["failsafe"]))
    ratings = rate(judged, [c.name for c in conds], reference=conds[0].name, seed=settings.seed)
    return Evaluation(conds, agents, questions, answers, failsafe_answers, judged, ratings, steps)


def _choose_agents(opened: Any, cast: list[str], settings: EvalSettings) -> list[str]:
    import random

    if settings.agents:
        chosen = []
        for name in settings.agents:
            try:
                chosen.append(opened.rt.scenario.persona(name).name)
            except KeyError as exc:
                raise ValueError(str(exc.args[0])) from None
        return list(dict.fromkeys(chosen))
    if settings.max_agents is not None and settings.max_agents < len(cast):
        return sorted(random.Random(settings.seed).sample(cast, settings.max_agents), key=cast.index)
    return list(cast)
