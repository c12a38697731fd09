"""An evaluation read back from its kept records alone: no run is opened and no model is asked.

Every answer and verdict of an evaluation is kept, tagged with the state of the run it was asked of
(``aga.evaluation.evaluate``). Runs made again on another machine can end in other states (ville3's
recording: on another processor most of its runs did; on a machine of the same kind its baseline and
social runs ended as before and its lifestyle and aga runs did not; a near-tie in a policy lookup or a
retrieval that goes the other way is enough), so a
recording whose runs are gone could otherwise only be asked again, for hours. Its
figures are all in the records: for each run, the state whose records are complete (its interview
answers under every condition, its diffusion and density answers), the verdicts found by the answers
they compared, and what the run itself showed (``facts``: step, Social Memory density, attendance).

The figures are computed by the same functions as when asked (the judge's pairs are drawn by the same
seed, in the same order, so TrueSkill sees the same matches): read back, an evaluation whose runs still
exist gives exactly the figures it gave when it was made (a test holds this).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aga.evaluation.conditions import Condition, conditions
from aga.evaluation.evaluate import FACTS, MEASURES, Evaluation, choose_agents
from aga.evaluation.interviews import EvalSettings, JsonLines, judge_conditions, judge_sees, stable_seed
from aga.evaluation.questions import Question, interview_questions
from aga.evaluation.ranking import rate
from aga.evaluation.spread import density_figures, density_pairs, diffusion_figures

Record = dict[str, Any]


@dataclass(frozen=True)
class _Reading:
    """What every step of a reading back needs: where the records are, who was asked what, how."""

    records_file: Path
    agents: list[str]
    scenario: Any
    settings: EvalSettings
    measures: Sequence[str]
    max_pairs: int | None

    def pairs(self) -> list[tuple[str, str]]:
        """The ordered pairs the density asked about."""
        return density_pairs(self.agents, self.max_pairs, self.settings.seed)


class MissingRecords(ValueError):
    """The records hold no complete state of a run, or lack a verdict: what is missing, and how to ask it."""


class _Unasked:
    """Stands for the judge: reading back asks no model, so a verdict not kept is an error that names it."""

    def __init__(self, records_file: Path) -> None:
        self.records_file = records_file

    def numbered(self, *key: Any) -> AbstractContextManager[None]:
        raise MissingRecords(
            f"{self.records_file}: no kept verdict for {' / '.join(map(str, key[:-1]))} on the answers kept; "
            "evaluate with the runs (without --from-records) to ask it"
        )


def _latest(records: Sequence[Record], key: Callable[[Record], Any]) -> dict[Any, Record]:
    """Per key, the record the evaluation used: the last usable one, else the last (a fail-safe is asked
    again, so a later answer of the same key replaces it)."""
    out: dict[Any, Record] = {}
    for r in records:
        k = key(r)
        if r.get("failsafe") and k in out and not out[k].get("failsafe"):
            continue
        out[k] = r
    return out


def evaluate_from_records(
    records_file: Path,
    run_ids: Sequence[str],
    settings: EvalSettings,
    scenario: Any,
    *,
    ablate: str | None = None,
    ablations: Sequence[str] = (),
    measures: Sequence[str] = MEASURES,
    max_pairs: int | None = None,
    on_note: Callable[[str], None] | None = None,
    judged: bool = True,
    ask: Any = None,
) -> Evaluation:
    """The evaluation of ``run_ids`` (as ``evaluate`` would make it, same settings) from ``records_file``.
    ``judged``: False reads the answers only, not the judge's verdicts (for rating them by hand).
    ``ask``: a judge (a ``Gateway`` of ``settings.judge``) that gives the verdicts the records lack, kept
    into ``records_file`` as they come: another judge, or another way of judging, tried on the kept
    answers without their runs and without asking the voice again.

    ``scenario``: the town the runs lived in (its cast and news). Each run is read at the latest state
    for which its records are complete; ``on_note`` is told which. Raises ``MissingRecords`` naming the
    run and the first missing answers when no state is complete.
    """
    conds = conditions(run_ids, ablate, ablations)
    common = {"voice": settings.voice, "seed": settings.seed, "api_base": settings.api_base}
    everything = list(JsonLines(records_file).read())
    if not everything:
        raise MissingRecords(f"{records_file}: no records to read back (is it the records folder of the recording?)")
    agents = choose_agents(scenario, settings)
    reading = _Reading(records_file, agents, scenario, settings, measures, max_pairs)
    evaluation = Evaluation(conds, agents)
    questions: dict[str, list[Question]] | None = None
    answers: dict[tuple[str, str, str], Record] = {}
    asked = "its answers not asked again" if ask is not None else "no model asked"
    for run_id in dict.fromkeys(c.run_id for c in conds):
        mine = [r for r in everything if r.get("run") == run_id and all(r.get(k) == v for k, v in common.items())]
        run_conds = [c for c in conds if c.run_id == run_id]
        state, found, questions = _complete_state(reading, run_id, mine, run_conds, questions)
        for (cond, agent, key), record in found.items():
            answers[(cond, agent, key)] = record
        evaluation.runs[run_id] = _figures(reading, everything, mine, run_id, state)
        if on_note:
            on_note(f"{run_id}: read back at end state {state} (no run opened, {asked})")
    evaluation.questions = questions or {}
    evaluation.answers = answers
    if judged and "interviews" in measures and len(conds) > 1:
        names = [c.name for c in conds]
        tag = {"judge": settings.judge, "conditions": names, "judging": settings.judging, **judge_sees(settings),
               **common}  # fmt: skip
        verdicts = [
            r
            for r in everything
            if all(r.get(k) == v for k, v in tag.items()) and r.get("measure") in ("pair", "ranking", "score")
        ]
        # A verdict is found by the answers it compared (their digest is in its key), whichever states the
        # other runs were in when it was given.
        cache = _latest(verdicts, lambda r: (r["measure"], r["agent"], r["question"], *r["pair"], r["answers"]))
        if ask is None:
            personas = {name: "" for name in agents}  # shown to the judge only when asking, never done here
            evaluation.judged = judge_conditions(
                _Unasked(records_file), conds, evaluation.questions, personas, answers, cache,  # type: ignore[arg-type]
                lambda _: None, tag, settings,
            )  # fmt: skip
        else:
            kept = JsonLines(records_file)
            states = {run_id: found["state"] for run_id, found in evaluation.runs.items()}
            if settings.judge_memories:
                evaluation.memories = _kept_memories(records_file, everything, conds, evaluation, settings, common)
            evaluation.judged = judge_conditions(
                ask, conds, evaluation.questions, _personas(scenario, agents, evaluation), answers, cache,
                kept.append, {**tag, "states": states}, settings, evaluation.memories,
            )  # fmt: skip
        evaluation.ratings = rate(evaluation.judged, names, reference=conds[0].name, seed=settings.seed)
    return evaluation


def _kept_memories(
    records_file: Path,
    everything: Sequence[Record],
    conds: Sequence[Condition],
    evaluation: Evaluation,
    settings: EvalSettings,
    common: dict[str, Any],
) -> dict[tuple[str, str, str], str]:
    """What the judge is shown beside each answer (``--judge-memories``), as the evaluation with the runs
    kept it: by (condition, agent, question key). Raises ``MissingRecords`` when a run's records hold
    none for its state: only the run can tell its memories."""
    out: dict[tuple[str, str, str], str] = {}
    k = settings.judge_memories
    for cond in conds:
        state = evaluation.runs[cond.run_id]["state"]
        kept = {
            (r["agent"], r["question"], r["asked"]): r["text"]
            for r in everything
            if r.get("measure") == "memories" and r.get("run") == cond.run_id and r.get("state") == state
            and r.get("k") == k and all(r.get(key) == v for key, v in common.items())
        }  # fmt: skip
        for agent, asked in evaluation.questions.items():
            for q in asked:
                text = kept.get((agent, q.key, q.text))
                if text is None:
                    raise MissingRecords(
                        f"{records_file}: no memories kept for run '{cond.run_id}' ({agent}, {q.key}) at its state "
                        f"{state} with --judge-memories {k}: evaluate it once with its run (without "
                        "--from-records), which keeps them, or judge with --judge-memories 0"
                    )
                out[(cond.name, agent, q.key)] = text
    return out


def _personas(scenario: Any, agents: Sequence[str], evaluation: Evaluation) -> dict[str, str]:
    """Who each agent is, as the judge is shown it when the runs are open: the seeded identity, dated
    at the first run's evaluated time (kept with its facts; the scenario's start where none was)."""
    from datetime import datetime

    from aga.cognition.user import seed_identity
    from aga.sim.engine import initial_agents

    made = initial_agents(scenario)
    first = next(iter(evaluation.runs.values()), {})
    when = datetime.fromisoformat(first["time"]) if isinstance(first.get("time"), str) else scenario.spec.start
    return {name: seed_identity(made[name], when) for name in agents}


def _expected_keys(agent: str, scenario: Any, settings: EvalSettings) -> list[str]:
    """The question keys ``agent`` is asked (the words may name whoever it talked with; the keys do not)."""
    others = [p.name for p in scenario.cast if p.name != agent]
    qs = interview_questions([], others, seed=stable_seed(settings.seed, agent), per_category=settings.per_category)
    return [q.key for q in qs]


def _complete_state(
    reading: _Reading,
    run_id: str,
    mine: list[Record],
    run_conds: list[Condition],
    questions: dict[str, list[Question]] | None,
) -> tuple[str, dict[tuple[str, str, str], Record], dict[str, list[Question]]]:
    """The latest end state of ``run_id`` whose records are complete, its interview records by
    (condition, agent, question key), and the questions (those of the first run read, as ``evaluate``
    asks every run what it prepared from the first)."""
    records_file, agents, settings = reading.records_file, reading.agents, reading.settings
    last_line: dict[str, int] = {}
    for i, r in enumerate(mine):
        if r.get("when") != "start" and r.get("measure") != "facts":
            last_line[r["state"]] = i
    if not last_line:
        raise MissingRecords(
            f"{records_file}: no record of run '{run_id}' under voice {settings.voice}, seed {settings.seed}: "
            "evaluate it with its run (without --from-records), or check --voice and --seed"
        )
    missing_at_latest: list[str] = []
    for state in sorted(last_line, key=lambda s: -last_line[s]):
        at = [r for r in mine if r.get("state") == state]
        interviews = _latest(
            [r for r in at if r.get("measure") == "interview"], lambda r: (r["condition"], r["agent"], r["question"])
        )
        asked = questions
        if asked is None:  # the first run: its answers under its first condition say what was asked
            first = run_conds[0].name
            asked = {
                a: [
                    Question(k.split(".")[0], int(k.split(".")[1]), interviews[(first, a, k)]["asked"])
                    for k in _expected_keys(a, reading.scenario, settings)
                    if (first, a, k) in interviews
                ]
                for a in agents
            }
        missing = []
        found: dict[tuple[str, str, str], Record] = {}
        if "interviews" in reading.measures:
            for cond in run_conds:
                for a in agents:
                    for key in _expected_keys(a, reading.scenario, settings):
                        text = next((q.text for q in asked.get(a, []) if q.key == key), None)
                        record = interviews.get((cond.name, a, key))
                        if record is None or text is None or record["asked"] != text:
                            missing.append(f"interview {cond.name} / {a} / {key}")
                        else:
                            found[(cond.name, a, key)] = record
        missing += _missing_knowledge(reading, at, reading.measures, when="end")
        if not missing:
            return state, found, asked
        if not missing_at_latest:
            missing_at_latest = missing
    latest = max(last_line, key=lambda s: last_line[s])
    raise MissingRecords(
        f"{records_file}: run '{run_id}' has no state whose records are complete; at its latest ({latest}) "
        f"{len(missing_at_latest)} are missing, e.g. {'; '.join(missing_at_latest[:3])}: evaluate it with its run "
        "(without --from-records) to ask them, or give the recording's settings (--questions, --max-agents, "
        "--max-pairs, --judge)"
    )


def _knowledge_records(
    at: list[Record], judge: str, when: str
) -> tuple[dict[tuple[str, str], Record], dict[tuple[str, str], Record]]:
    """Diffusion records by (news, agent) and density records by (agent, other), of one state."""
    mine = [r for r in at if r.get("judge") == judge and r.get("when") == when]
    news = _latest([r for r in mine if r.get("measure") == "diffusion"], lambda r: (r["news"], r["agent"], r["asked"]))
    dens = _latest([r for r in mine if r.get("measure") == "density"], lambda r: (r["agent"], r["other"]))
    return {(n, a): r for (n, a, _), r in news.items()}, dens


def _missing_knowledge(reading: _Reading, at: list[Record], measures: Sequence[str], *, when: str) -> list[str]:
    """What ``at`` (the records of one state) lacks of the diffusion and density answers in ``measures``."""
    news_records, density_records = _knowledge_records(at, reading.settings.judge, when)
    missing = []
    if "diffusion" in measures and when == "end":
        for news in reading.scenario.spec.news:
            for a in reading.agents:
                record = news_records.get((news.id, a))
                if record is None or record["asked"] != news.interview_question():
                    missing.append(f"diffusion {news.id} / {a}")
    if "density" in measures:
        for a, b in reading.pairs():
            if (a, b) not in density_records:
                missing.append(f"density ({when}) {a} -> {b}")
    return missing


def _figures(
    reading: _Reading, everything: list[Record], mine: list[Record], run_id: str, state: str
) -> dict[str, Any]:
    """What ``evaluate`` finds per run, from the records of ``state`` (and the run's start)."""
    agents, measures = reading.agents, reading.measures
    found: dict[str, Any] = {"state": state, "read_back": True}
    facts = _latest([r for r in everything if r.get("run") == run_id and r.get("state") == state
                     and r.get("measure") == "facts"], lambda r: "facts").get("facts")  # fmt: skip
    if facts:
        found.update({k: facts[k] for k in FACTS if k in facts and (k != "attendance" or "attendance" in measures)})
    else:
        found["facts"] = "not kept (recorded before aga kept them): step, Social Memory density and attendance unknown"
    at = [r for r in mine if r.get("state") == state]
    news_records, density_records = _knowledge_records(at, reading.settings.judge, "end")
    if "diffusion" in measures:
        found["diffusion"] = {
            news.id: diffusion_figures(
                news.interview_question(), news.seeded_in, agents, [news_records[(news.id, a)] for a in agents]
            )
            for news in reading.scenario.spec.news
        }
    if "density" in measures:
        pairs = reading.pairs()
        found["density"] = {"end": density_figures(pairs, [density_records[p] for p in pairs])}
        found["density"]["start"] = _start_density(reading, mine)
    return found


def _start_density(reading: _Reading, mine: list[Record]) -> dict[str, Any]:
    """Density at the run's start, from the latest start state whose answers are complete."""
    last_line = {r["state"]: i for i, r in enumerate(mine) if r.get("when") == "start"}
    pairs = reading.pairs()
    for state in sorted(last_line, key=lambda s: -last_line[s]):
        at = [r for r in mine if r.get("state") == state]
        if not _missing_knowledge(reading, at, ("density",), when="start"):
            _, density_records = _knowledge_records(at, reading.settings.judge, "start")
            return density_figures(pairs, [density_records[p] for p in pairs])
    return {"density": None, "unavailable": "the kept records hold no complete set of answers at the run's start"}
