"""One evaluation from end to end: snapshots, interviews, judge, ratings, diffusion, density, attendance.

Every model answer and judge reading is appended to ``records.jsonl`` in the evaluation's folder, tagged
with what it depends on (run, the checkpoint's step, voice, judge); running the same evaluation again
reuses the records that still apply and asks only what is missing. An answer given at another
checkpoint (the run was resumed since) or by another voice is asked anew.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from aga.cognition.user import seed_identity
from aga.embeddings.base import Embedder
from aga.evaluation.attendance import attendance
from aga.evaluation.conditions import Condition, conditions
from aga.evaluation.evidence import past_days
from aga.evaluation.interviews import (
    EvalSettings,
    JsonLines,
    ask_conditions,
    judge_conditions,
    judge_sees,
    stable_seed,
    talked_with,
)
from aga.evaluation.judge import Judged
from aga.evaluation.questions import Question, interview_questions
from aga.evaluation.ranking import Rated, rate
from aga.evaluation.snapshot import check_evaluable, snapshot
from aga.evaluation.spread import density, diffusion
from aga.llm.gateway import Gateway
from aga.llm.ledger import Ledger
from aga.storage import make_engine, sqlite_url

MEASURES = ("interviews", "diffusion", "density", "attendance")
Key = tuple[Any, ...]


@dataclass
class Evaluation:
    """What an evaluation found."""

    conditions: list[Condition]
    agents: list[str]
    questions: dict[str, list[Question]] = field(default_factory=dict)
    answers: dict[tuple[str, str, str], dict[str, Any]] = field(default_factory=dict)
    judged: list[Judged] = field(default_factory=list)
    ratings: list[Rated] = field(default_factory=list)
    runs: dict[str, dict[str, Any]] = field(default_factory=dict)  # per run: step, diffusion, density, ...
    # What the judge is shown beside each answer (``--judge-memories``): by (condition, agent, question key).
    memories: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able summary (the answers themselves stay in records.jsonl)."""
        usable = [j for j in self.judged if not j.failsafe]
        return {
            "conditions": [
                {"name": c.name, "run": c.run_id, "label": c.label, "ablation": c.ablation.name}
                for c in self.conditions
            ],
            "agents": self.agents,
            "questions_per_agent": {a: len(q) for a, q in self.questions.items()},
            "answers": len(self.answers),
            "failsafe_answers": sum(1 for r in self.answers.values() if r["failsafe"]),
            "rankings": len(self.judged),
            "failsafe_rankings": len(self.judged) - len(usable),
            "incomplete_rankings": sum(1 for j in usable if not j.complete),
            "ratings": [asdict(r) for r in self.ratings],
            **self.checks(),
            "runs": self.runs,
        }

    def checks(self) -> dict[str, Any]:
        """The judge's checks (``aga.evaluation.checks``): the run whose agents were ablated against its
        no-memory ablation, where both were judged; the position bias of every pairwise call."""
        from aga.evaluation.checks import head_to_head, position_bias

        out: dict[str, Any] = {"position_bias": position_bias(self.judged)}
        bare = next((c for c in self.conditions if c.ablation.name == "no-memory"), None)
        if bare is not None:
            out["judge_check"] = head_to_head(self.judged, bare.run_id, bare.name)
        return out


class Records:
    """The evaluation's cache: records of one tag (run, step, voice, judge) by their key."""

    def __init__(self, path: Path) -> None:
        self.file = JsonLines(path)
        self.all = list(self.file.read())

    def view(self, tag: dict[str, Any], key: Callable[[dict[str, Any]], Key]) -> dict[Key, dict[str, Any]]:
        """The records made under ``tag``, by ``key``."""
        # A fail-safe is no answer: asked again (the model may be back), never reused.
        return {key(r): r for r in self.all if not r.get("failsafe") and all(r.get(k) == v for k, v in tag.items())}

    def save(self, record: dict[str, Any]) -> None:
        """Append ``record`` durably."""
        self.file.append(record)
        self.all.append(record)


def kept_note(records: Records, run_id: str, state: str, common: dict[str, Any]) -> str | None:
    """What the kept records hold for ``run_id`` at its end ``state``: how many apply, and how many were
    made at another state (or by another voice) and will not be reused; None when none name the run.

    Said before anything is asked: a run made again on another machine or by other code can end in
    another state, and without this the mismatch shows only as hours of the model being asked again.
    """
    mine = [
        r for r in records.all
        if r.get("run") == run_id and r.get("when") != "start" and not r.get("failsafe") and r.get("measure") != "facts"
    ]  # fmt: skip
    if not mine:
        return None
    applies = sum(1 for r in mine if r.get("state") == state and all(r.get(k) == v for k, v in common.items()))
    if applies == len(mine):
        return f"{run_id}: all {applies} kept records apply (end state {state})"
    elsewhere = [r for r in mine if r.get("state") != state]
    why = []
    if elsewhere:
        states = ", ".join(sorted({str(r.get("state")) for r in elsewhere}))
        why.append(f"{len(elsewhere)} made at end state {states}")
    if len(mine) - applies - len(elsewhere):
        why.append(f"{len(mine) - applies - len(elsewhere)} with another voice, seed or server")
    return (
        f"{run_id}: {applies} of {len(mine)} kept records apply to its end state {state}; not reused (asked "
        f"again): {'; '.join(why)}"
    )


def _key(record: dict[str, Any]) -> Key:
    """What a record answers: the same key under the same tag is the same question asked again. The
    words asked are part of it (a question naming someone may name another once the runs changed), and
    a verdict's key holds the answers it compared."""
    measure = record.get("measure")
    if measure == "interview":
        return ("interview", record["condition"], record["agent"], record["question"], record["asked"])
    if measure in ("ranking", "pair"):
        return (measure, record["agent"], record["question"], *record["pair"], record["answers"])
    if measure == "diffusion":
        return ("diffusion", record["when"], record["news"], record["agent"], record["asked"])
    if measure == "density":
        return ("density", record["when"], record["agent"], record["other"])
    if measure == "memories":
        return ("memories", record["agent"], record["question"], record["asked"], record["k"])
    if measure == "facts":
        return ("facts",)
    return ("?", id(record))


def evaluate(
    run_ids: Sequence[str],
    out: Path,
    settings: EvalSettings,
    *,
    ablate: str | None = None,
    ablations: Sequence[str] = (),
    measures: Sequence[str] = MEASURES,
    max_pairs: int | None = None,
    embedder: Embedder | None = None,
    on_answer: Callable[[str], None] | None = None,
    records_file: Path | None = None,
    on_note: Callable[[str], None] | None = None,
) -> Evaluation:
    """Run the chosen ``measures`` on ``run_ids`` (see the module's docstring).

    ``records_file``: where the answers and verdicts are kept (default ``out/records.jsonl``); a file
    kept apart from ``out`` outlives it, and its records apply again to runs made anew in the same state.
    ``on_note``: told, before anything is asked, how many kept records apply to each run (:func:`kept_note`).
    """
    from aga.sim.run import Run

    for m in measures:
        if m not in MEASURES:
            raise ValueError(f"--measure {m}: choose among {', '.join(MEASURES)}")
    conds = conditions(run_ids, ablate, ablations)
    for run_id in dict.fromkeys(c.run_id for c in conds):
        check_evaluable(run_id)  # before the evaluation's folder is made: a run it cannot use leaves nothing
    out.mkdir(parents=True, exist_ok=True)
    ledger = Ledger(make_engine(sqlite_url(out / "eval.db")), "eval")
    records = Records(records_file or out / "records.jsonl")
    judge = Gateway(
        settings.judge, ledger=ledger, seed=settings.seed, api_base=settings.api_base, options=settings.gateway
    )
    evaluation = Evaluation(conds, [])
    personas: dict[str, str] = {}
    scenario_name = None
    # What every record depends on besides its run's state: who spoke, with which seed, on which server.
    common = {"voice": settings.voice, "seed": settings.seed, "api_base": settings.api_base}
    # Every run's copy first, so that what the kept records hold for each is said before the first question.
    copies = {run_id: snapshot(run_id, out / "snapshots" / "end") for run_id in dict.fromkeys(c.run_id for c in conds)}
    fingerprints = {run_id: copy.fingerprint for run_id, copy in copies.items()}
    for run_id, copy in copies.items():
        note = kept_note(records, run_id, copy.fingerprint, common)
        if note and on_note:
            on_note(note)
    for run_id, copy in copies.items():
        with Run.open(str(copy.paths.root), embedder=embedder) as opened:
            if scenario_name is None:
                scenario_name = opened.info.scenario
                evaluation.agents = choose_agents(opened.rt.scenario, settings)
                _prepare_questions(opened, evaluation, personas, settings)
            elif opened.info.scenario != scenario_name:
                raise ValueError(
                    f"run '{run_id}' is of scenario {opened.info.scenario}, the first run of {scenario_name}: "
                    "conditions are compared on the same town and cast"
                )
            # Which state was evaluated: two evaluations of one run at different checkpoints differ.
            found: dict[str, Any] = {
                "step": opened.rt.step,
                "time": opened.rt.now.isoformat(),
                # Where the run began: a run stopped an hour in has had almost nothing happen to it.
                "began": opened.info.start.isoformat() if opened.info.start else None,
                "status": opened.info.status,
                "mode": opened.info.mode,
                "model": opened.info.model,
            }
            evaluation.runs[run_id] = found
            opened.rt.gateway = _voice(opened, ledger, settings)
            tag = {"run": run_id, "state": copy.fingerprint, **common}
            if "interviews" in measures:
                mine = [c for c in conds if c.run_id == run_id]
                cache = records.view(tag, _key)
                evaluation.answers.update(
                    ask_conditions(opened, mine, evaluation.questions, cache, records.save, tag, on_answer)
                )
                if settings.judge_memories:
                    _judge_memories(opened, mine, evaluation, settings.judge_memories, cache, records.save, tag)
            end_tag = {**tag, "judge": settings.judge, "when": "end"}
            cache = records.view(end_tag, _key)
            if "diffusion" in measures:
                found["diffusion"] = diffusion(opened, evaluation.agents, judge, cache, records.save, end_tag)
            if "density" in measures:
                found["density"] = {
                    "end": density(
                        opened, evaluation.agents, judge, cache, records.save, end_tag,
                        max_pairs=max_pairs, seed=settings.seed,
                    ),
                }  # fmt: skip
            # Read off Social Memory, not asked: kept with every evaluation's facts, whatever was measured.
            found["social_density"] = _social_density(opened, evaluation.agents)
            if "attendance" in measures:
                found["attendance"] = [
                    a.to_json() for a in attendance(opened.engine, opened.rt.scenario, opened.rt.now)
                ]
            _keep_facts(records, tag, found)
        if "density" in measures:
            found["density"]["start"] = _density_at_start(
                run_id, out, evaluation.agents, judge, records, ledger, settings, common, embedder, max_pairs
            )
    if "interviews" in measures and len(conds) > 1:
        tag = {"judge": settings.judge, "states": fingerprints, "conditions": [c.name for c in conds],
               "judging": settings.judging, **judge_sees(settings), **common}  # fmt: skip
        cache = records.view(tag, _key)
        evaluation.judged = judge_conditions(
            judge, conds, evaluation.questions, personas, evaluation.answers, cache, records.save, tag, settings,
            evaluation.memories,
        )  # fmt: skip
        evaluation.ratings = rate(
            evaluation.judged, [c.name for c in conds], reference=conds[0].name, seed=settings.seed
        )
    return evaluation


def _judge_memories(
    opened: Any,
    conds: Sequence[Condition],
    evaluation: Evaluation,
    k: int,
    cache: dict[Key, dict[str, Any]],
    save: Callable[[dict[str, Any]], None],
    tag: dict[str, Any],
) -> None:
    """The memories of the opened run the judge is shown beside its conditions' answers, per agent and
    question; kept as records, so that a judge asked later from the records alone is shown them too."""
    for name, asked in evaluation.questions.items():
        for q in asked:
            record = cache.get(("memories", name, q.key, q.text, k))
            if record is None:
                record = {**tag, "measure": "memories", "agent": name, "question": q.key, "asked": q.text, "k": k,
                          "text": past_days(opened, name, q.text, k), "failsafe": False}  # fmt: skip
                save(record)
                cache[_key(record)] = record
            for cond in conds:
                evaluation.memories[(cond.name, name, q.key)] = record["text"]


# What a run's state shows without a model: kept beside the answers, so that a report read back from the
# records alone (``aga.evaluation.kept``) has them once the run is gone.
FACTS = ("step", "time", "began", "status", "mode", "model", "social_density", "attendance")


def _keep_facts(records: Records, tag: dict[str, Any], found: dict[str, Any]) -> None:
    facts = json.loads(json.dumps({k: found[k] for k in FACTS if k in found}))  # as read back: lists, not tuples
    kept = records.view(tag, _key).get(("facts",))
    if kept is None or any(kept.get(k) != v for k, v in facts.items()):  # written once per state
        records.save({**tag, "measure": "facts", **facts, "failsafe": False})


def _density_at_start(
    run_id: str,
    out: Path,
    agents: list[str],
    judge: Gateway,
    records: Records,
    ledger: Ledger,
    settings: EvalSettings,
    common: dict[str, Any],
    embedder: Embedder | None,
    max_pairs: int | None,
) -> dict[str, Any]:
    """Density on a copy of the run as its start-up left it; what is missing says why when it cannot be."""
    from aga.sim.run import Run

    try:
        start = snapshot(run_id, out / "snapshots" / "start", at_start=True)
    except ValueError as exc:
        return {"density": None, "unavailable": str(exc)}
    with Run.open(str(start.paths.root), embedder=embedder) as opened:
        opened.rt.gateway = _voice(opened, ledger, settings)
        tag = {"run": run_id, "state": start.fingerprint, "judge": settings.judge, "when": "start", **common}
        cache = records.view(tag, _key)
        return density(opened, agents, judge, cache, records.save, tag, max_pairs=max_pairs, seed=settings.seed)


def _voice(opened: Any, ledger: Ledger, settings: EvalSettings) -> Gateway:
    return Gateway(
        settings.voice,
        ledger=ledger,
        clock=opened.rt.clock,
        seed=settings.seed,
        api_base=settings.api_base,
        options=settings.gateway,
    )


def _prepare_questions(opened: Any, evaluation: Evaluation, personas: dict[str, str], settings: EvalSettings) -> None:
    cast = [p.name for p in opened.rt.scenario.cast]
    for name in evaluation.agents:
        met = talked_with(opened, name, cast)
        others = [n for n in cast if n != name]
        evaluation.questions[name] = interview_questions(
            met, others, seed=stable_seed(settings.seed, name), per_category=settings.per_category
        )
        personas[name] = seed_identity(opened.rt.agents[name], opened.rt.now)


def _social_density(opened: Any, agents: list[str]) -> float | None:
    """Share of ordered pairs at acquaintance closeness or more in Social Memory (social modes only;
    None with fewer than two agents, where there is no pair to count)."""
    if opened.rt.social is None or len(agents) < 2:
        return None
    from social_memory.network import density as closeness_density

    return closeness_density(opened.rt.social.matrix(agents))


def choose_agents(scenario: Any, settings: EvalSettings) -> list[str]:
    """Who is interviewed: ``settings.agents``, else ``settings.max_agents`` drawn by seed, else the cast."""
    import random

    cast = [p.name for p in scenario.cast]
    if settings.agents:
        chosen = []
        for name in settings.agents:
            try:
                chosen.append(scenario.persona(name).name)
            except KeyError as exc:
                raise ValueError(str(exc.args[0])) from None
        return list(dict.fromkeys(chosen))
    if settings.max_agents is not None and settings.max_agents < len(cast):
        return sorted(random.Random(settings.seed).sample(cast, settings.max_agents), key=cast.index)
    return cast
