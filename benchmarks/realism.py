"""How varied the scripted simulator is next to real models, on the prompts the caches key on.

``aga bench realism``: run each town on the simulator and sample the prompts of the tasks whose answers
the Lifestyle Policy caches or that drive behaviour (the day plan, the hourly activity, the whole day's
schedule in one call as the policy modes ask it, decompositions, event triples, event importance,
utterances), a few per agent and simulated day. Put each sampled prompt
to every model under test with several seeds (the real embedded models and the simulator itself), and
report per task and model:

- ``distinct``: distinct answers / answers (after lower-casing and dropping punctuation);
- ``repeat``: share of prompts answered identically by two seeds;
- ``sim_p50`` / ``sim_p90``: MiniLM cosine similarity between answers to the same prompt from
  different seeds, and ``above``: the share of those pairs at or above the policy threshold of the
  cache that keys on the task (a pair above it is what a similarity cache would count as "the same");
- ``days_p50``: similarity between an agent's answers on different simulated days (day plan, hour,
  one-call schedule);
- ``activities``: distinct activities per one-call schedule (its blocks, told apart as ``distinct`` is);
- ``carry_on``: share of hourly answers that name the activity the prompt shows for the hour before (shown,
  not judged: it is why a model's day has long or short blocks, which the day table's per-block figures
  depend on);
- ``steps``, ``distinct_steps``: sub-steps per decomposition and distinct ones among them;
- ``failed``: the share of decompositions that are no list of the block's steps: a loop (a run of steps
  said three times back to back, as a small model's list runs on to the length limit) or a copy of the
  schedule (half or more of its steps are the other blocks' activities the prompt shows); ``ok_p50`` /
  ``ok_p90``: the similarities over pairs of the other, well-formed, answers. Two failed answers to one
  block read unlike each other for no reason a plan has (a loop on "serving customers" next to the
  day's schedule copied out), so the raw similarities of a model that fails often say how often it
  fails as much as how varied its plans are. A line of talk fails when the runtime would refuse it and
  ask again (empty, the answer format's placeholder copied: "Bram Okafor's next line", or an assistant's
  wording: "Could you please provide more context?"), and its
  ``ok_p50`` / ``ok_p90`` are over the other lines;
- ``rating_mean`` / ``rating_sd``: event importance.

A measure holds for the simulator when it is at least as varied as the most varied reference model
(higher ``distinct``, ``distinct_steps``, ``activities``, ``rating_sd``; lower ``repeat``, similarities, ``above``). The
prompts come from simulator runs, so every model answers the same situations.
"""

from __future__ import annotations

import json
import random
import re
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime, time, timedelta
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from aga.storage.files import read_json
from benchmarks import talk_reference
from benchmarks.scratch import shown_lines

TASKS = (
    "plan.daily",
    "plan.hourly",
    "plan.schedule",
    "plan.decompose",
    "act.triple",
    "perceive.importance",
    "converse.utterance",
)
# The policy threshold of the cache that would key on each task's answer (policy_store.config).
THRESHOLD_KIND = {
    "plan.daily": "plan", "plan.hourly": "plan", "plan.schedule": "plan", "plan.decompose": "plan",
    "act.triple": "action",
}  # fmt: skip
# Asked only by the policy modes (their one-call day): sampled from a run of one of them that looks up
# and stores nothing (``PolicyOptions.bypass``), so that every day's schedule is asked of the model.
POLICY_TASKS = ("plan.schedule",)
MORE_IS_VARIED = ("distinct", "distinct_steps", "activities", "rating_sd")
LESS_IS_VARIED = ("repeat", "sim_p50", "sim_p90", "ok_p50", "ok_p90", "above", "days_p50")


@dataclass
class Situation:
    """One sampled prompt: which town, task, agent and day, and the values the prompt shows."""

    scenario: str
    task: str
    agent: str
    day: str
    shown: dict[str, str]
    answers: dict[str, list[str]] = field(default_factory=dict)  # model -> answer text per seed


_BLOCK = re.compile(r"from ([^,;]+?) to ([^,;]+?), ([^;]+)")


def _loops(steps: Sequence[str], times: int = 3) -> bool:
    """Whether some run of one or more steps is said ``times`` times back to back ("serving customers |
    serving customers | serving customers", "studying | eating dinner | studying | eating dinner | ...").
    A list that goes back to an earlier idea now and then (the original's four-hour cafe block took
    orders three times, apart) is no loop."""
    n = len(steps)
    for size in range(1, n // times + 1):
        for start in range(n - size * times + 1):
            unit = steps[start : start + size]
            if all(steps[start + k * size : start + (k + 1) * size] == unit for k in range(1, times)):
                return True
    return False


def decomposition_failure(shown: dict[str, str], answer: str) -> str | None:
    """``"loop"``, ``"copy"`` or None: whether a decomposition answer (steps joined by " | ") is no list
    of the block's steps (see ``failed`` in the module's docstring). The other blocks are those the
    prompt's schedule shows ("from 07:00 AM to 08:00 AM, having breakfast; ..."), the block itself left
    out; a step copies one when either text holds the other (lower-cased)."""
    steps = [_norm(x) for x in answer.split(" | ") if x.strip()]
    if not steps:
        return None
    if _loops(steps):
        return "loop"
    task = _norm(shown.get("task", ""))
    others = {a for *_, text in _BLOCK.findall(shown.get("surrounding", "")) if (a := _norm(text)) and a != task}
    copied = sum(1 for x in steps if x and any(x in o or o in x for o in others))
    return "copy" if others and copied * 2 >= len(steps) else None


def utterance_failure(answer: str) -> str | None:
    """``"placeholder"``, ``"assistant"`` or None: whether a line of talk is one the runtime refuses and
    asks again for: empty, or the answer format's placeholder copied
    (``aga.cognition.answers.copies_placeholder``), or an AI assistant's wording rather than the
    character's (``speaks_as_assistant``: "Could you please provide more context?"). The recorded 0.5B
    answered "Bram Okafor's next line" in 24 of its 36 old lines, the 1.5B in 2, and the 0.5B spoke as an
    assistant in 3 of its 36 fresh ones; such a line is never said in a run, and next to a said one it
    reads as unlike as two lines can."""
    from aga.cognition.answers import speaks_as_assistant
    from benchmarks.talk_topics import is_placeholder  # (the same test as that benchmark's)

    if is_placeholder(answer):
        return "placeholder"
    return "assistant" if speaks_as_assistant(answer) else None


def answer_failure(task: str, shown: dict[str, str], answer: str) -> str | None:
    """Why an answer to ``task`` is no answer of its kind (see ``failed``), or None: a decomposition that
    loops or copies the schedule, a line of talk the runtime refuses; other tasks have none judged."""
    if task == "plan.decompose":
        return decomposition_failure(shown, answer)
    if task == "converse.utterance":
        return utterance_failure(answer)
    return None


# The tasks whose answers are told failed or well-formed (``failed``, ``ok_p50``, ``ok_p90``).
FAILURE_TASKS = ("plan.decompose", "converse.utterance")


def _well_formed_similarity(
    mine: Sequence[Situation], model: str, embed: Callable[[list[str]], np.ndarray]
) -> list[list[float]]:
    """Per prompt, the similarities of the pairs of ``model``'s answers neither of which failed."""
    out: list[list[float]] = []
    for s in mine:
        ok = [a for a in s.answers[model] if answer_failure(s.task, s.shown, a) is None]
        out.append(_pairs_similarity([ok], embed))
    return out


def _agent_and_day(shown: dict[str, str]) -> tuple[str, str]:
    identity = shown.get("identity", "")
    name = shown.get("name") or _field(identity, "Name") or "?"
    day = shown.get("date") or _field(identity, "Current date") or "?"
    return name, day


def _field(block: str, label: str) -> str:
    m = re.search(rf"^{re.escape(label)}:\s*(.*)$", block, re.MULTILINE)
    return m.group(1).strip() if m else ""


def decomposition_statistics(
    actions: dict[str, list[str]], minutes: dict[str, list[int]] | None = None
) -> dict[str, float]:
    """Decomposition figures of a day from each agent's action texts (``"<block> (<step>)"``, in order)
    and, given each action's minutes, the hour-block figures (``realism_reference.hour_block_figures``).

    Per agent, then the mean over agents, as the reference computes its figures (one persona's scratch
    at a time). Pooled over a town, one agent's step counted as a repeat of another's, so a town of
    seven read as more repetitive than the same days of three (harbour6: repeats 0.41 pooled, 0.29 per
    agent on seed 0).
    """
    from benchmarks import realism_reference as ref

    per_agent = [[subs for _, subs in ref.group_blocks(texts) if subs] for texts in actions.values()]
    per_agent = [blocks for blocks in per_agent if blocks]

    def mean(measure: Callable[[list[list[str]]], float], digits: int) -> float:
        return round(statistics.fmean(measure(blocks) for blocks in per_agent), digits) if per_agent else 0.0

    timed: dict[str, float] = {}
    if minutes is not None:
        hours = [
            ref.hour_block_figures(
                [([s for s in subs if not ref.is_chat_insert(s)], m) for _, subs, m in ref.group_timed_blocks(pairs)]
            )
            for pairs in (list(zip(actions[a], minutes[a], strict=True)) for a in actions)
        ]
        hours = [h for h in hours if h["actions_per_decomposed_hour"]]
        with_hour_blocks = [h["hour_block_distinct_substeps_mean"] for h in hours if h["hour_blocks"]]
        timed = {
            "hour_block_distinct_substeps_mean": round(statistics.fmean(with_hour_blocks), 2)
            if with_hour_blocks
            else 0.0,
            "actions_per_decomposed_hour": round(statistics.fmean(h["actions_per_decomposed_hour"] for h in hours), 2)
            if hours
            else 0.0,
        }
    return {
        "actions_per_agent": round(sum(len(b) for blocks in per_agent for b in blocks) / max(1, len(actions)), 1),
        # Different things done in the day, however the day is cut into blocks: the per-block figures
        # depend on how long a model's blocks are (GPT-3.5 keeps an activity for hours, the small
        # models and the simulator change it nearly every hour).
        "distinct_actions_per_agent": mean(lambda blocks: len({ref.normalise(x) for b in blocks for x in b}), 1),
        "repeat_share": mean(lambda blocks: ref.exact_repeats([x for b in blocks for x in b]), 4),
        "distinct_substeps_per_block_mean": mean(ref.substeps_per_block, 2),
        "cross_block_repeat_share": mean(ref.cross_block_repeat_share, 4),
        **timed,
    }


_WAIT = "waiting to start "


def as_schedule(actions: Sequence[tuple[str, datetime, int]]) -> list[str]:
    """:func:`as_timed_schedule` without the minutes."""
    return [text for text, _ in as_timed_schedule(actions)]


def as_timed_schedule(actions: Sequence[tuple[str, datetime, int]]) -> list[tuple[str, int]]:
    """One agent's recorded actions (text, start, planned minutes; in order) as the original's saved
    schedule would hold them, which is what the GPT-3.5 reference is computed from.

    Two things differ between a run's timeline and that schedule. A step cut short by a conversation
    or a wait and taken up again is recorded twice (before and after), where the schedule holds it
    once (the original renames the cut part "on the way to ...", and the reference leaves that out):
    the second record is dropped. A wait is recorded as its own action ("waiting to start ..."), where
    the schedule holds it inside the block it interrupted ("<block> (waiting to start ...)"): it is
    written so, and no longer ends the block, which would count one block as two.
    """
    from benchmarks import realism_reference as ref

    out: list[tuple[str, int]] = []
    block: str | None = None
    last: tuple[str, datetime] | None = None  # the previous step and when it was planned to end
    for text, start, minutes in actions:
        if last is not None and text == last[0] and start < last[1]:
            last = (text, max(last[1], start + timedelta(minutes=minutes)))
            continue  # the same step taken up again after an interruption (its planned minutes counted once)
        last = (text, start + timedelta(minutes=minutes))
        head, step = ref.split_decomposed(text)
        if step is None and text.startswith(_WAIT) and block is not None:
            out.append((f"{block} ({text})", minutes))  # the wait's time is the block's, as a chat's is
            continue
        block = head if step is not None else None
        out.append((text, minutes))
    return out


def day_statistics(run: Any) -> dict[str, Any]:
    """The first simulated day of a run in the figures of ``benchmarks/data/original_ville3_day1.json``
    (computed with the same functions): schedule blocks, decompositions, importance, conversations."""
    from sqlmodel import Session, col, select

    from aga.memory.nodes import MemoryNode
    from aga.storage.timeline import TimelineEntry
    from benchmarks import realism_reference as ref

    first = run.rt.scenario.spec.start.date()
    with Session(run.engine) as session:
        entries = session.exec(select(TimelineEntry).order_by(col(TimelineEntry.id))).all()
        nodes = session.exec(select(MemoryNode).where(MemoryNode.step >= 0)).all()
    entries = [e for e in entries if e.sim_time.date() == first]
    nodes = [n for n in nodes if n.created.date() == first]
    agents = sorted({e.agent for e in entries})
    plans = [e for e in entries if e.kind == "plan"]
    schedules = [[str(t) for t, m in json.loads(e.data_json).get("schedule", []) if int(m) > 0] for e in plans]
    timed = {
        agent: as_timed_schedule(
            [
                (e.text, e.sim_time, int(json.loads(e.data_json).get("minutes", 0)))
                for e in entries
                if e.kind == "action" and e.agent == agent
            ]
        )
        for agent in agents
    }
    chats = [json.loads(e.data_json).get("lines", []) for e in entries if e.kind == "chat"]
    own = [n.importance for n in nodes if n.kind == "event" and n.subject == n.agent and " chat" not in n.predicate]
    # Who saw whom and who talked, for the meetings the decision to talk was asked about (the original's
    # rules, benchmarks/talk_reference.py): the chances to talk depend on where routines cross, the
    # conversations on the decision.
    day = datetime.combine(first, time(0))
    second = lambda n: int((n.created - day).total_seconds())  # noqa: E731
    names = set(agents)
    meetings = talk_reference.summary(
        talk_reference.from_memories(
            [(n.agent, second(n), n.subject, n.description) for n in nodes if n.kind == "event"
             and n.subject in names and n.subject != n.agent],
            [(n.agent, second(n), n.object) for n in nodes if n.kind == "chat"],
            step_seconds=run.rt.scenario.spec.step_seconds,
            actions=[(e.agent, int((e.sim_time - day).total_seconds()), e.text) for e in entries if e.kind == "action"],
        )
    )  # fmt: skip
    return {
        "agents": len(agents),
        "blocks_mean": ref.mean_per_day(schedules)["blocks_mean"],
        "distinct_activities_mean": ref.mean_per_day(schedules)["distinct_activities_mean"],
        **decomposition_statistics(
            {a: [t for t, _ in rows] for a, rows in timed.items()},
            {a: [m for _, m in rows] for a, rows in timed.items()},
        ),
        "conversations": len(chats),
        "said_again_share": ref.said_again_share(chats)["mean"],
        "chat_lines_mean": round(statistics.fmean(len(c) for c in chats), 2) if chats else 0.0,
        "meetings": meetings["meetings"],
        "meetings_talked_share": meetings["talked_share"],
        "importance_own_actions": ref.importance_distribution(own),
        "importance_thoughts": ref.importance_distribution(
            [n.importance for n in nodes if n.kind in ("reflection", "plan")]
        ),
        "importance_chats": ref.importance_distribution([n.importance for n in nodes if n.kind == "chat"]),
    }


def capture(
    scenario: str,
    *,
    hours: float,
    seed: int,
    start: time | None = None,
    stats: dict[str, Any] | None = None,
    policy_tasks: bool = True,
) -> list[Situation]:
    """Run ``scenario`` on the simulator (baseline mode) and keep every prompt of the sampled tasks;
    ``stats`` receives the run's first-day figures (see :func:`day_statistics`). ``policy_tasks``: also
    a run of the same town, seed and span in lifestyle mode with the store bypassed, for the prompts of
    ``POLICY_TASKS`` (the one-call day)."""
    from aga.sim.policies import PolicyOptions
    from benchmarks.scratch import observed_run

    kept: list[Situation] = []

    def observer(tasks: Sequence[str]) -> Callable[[Any, Any], None]:
        def observe(prompt: Any, answer: Any) -> None:
            if prompt.task in tasks:
                shown = dict(prompt.shown)
                agent, day = _agent_and_day(shown)
                kept.append(Situation(scenario, prompt.task, agent, day, shown))

        return observe

    baseline = [t for t in TASKS if t not in POLICY_TASKS]
    with observed_run(scenario, observer(baseline), "aga-realism-", hours=hours, seed=seed, start=start) as run:
        run.advance()
        if stats is not None:
            stats.update(day_statistics(run))
    if policy_tasks:
        bypass = {"mode": "lifestyle", "policies": PolicyOptions(bypass=True)}
        with observed_run(
            scenario, observer(POLICY_TASKS), "aga-realism-", hours=hours, seed=seed, start=start, **bypass
        ) as run:
            run.advance()
    return kept


def sample(situations: Sequence[Situation], per_task: int, seed: int) -> list[Situation]:
    """Up to ``per_task`` prompts per task and town, spread over agents and days.

    Day plans are kept for every agent-day (few, and the across-day measure needs them); hourly prompts
    are matched across days by hour, so the same hours are kept for every day.
    """
    rng = random.Random(seed)
    out: list[Situation] = []
    by: dict[tuple[str, str], list[Situation]] = defaultdict(list)
    for s in situations:
        by[(s.scenario, s.task)].append(s)
    for (_, task), items in sorted(by.items()):
        if task in ("plan.daily", "plan.schedule"):
            out += items
            continue
        if task == "plan.hourly":
            hours = sorted({s.shown.get("hour", "") for s in items})
            picked_hours = set(rng.sample(hours, k=min(len(hours), max(1, per_task // 2))))
            out += [s for s in items if s.shown.get("hour") in picked_hours][: per_task * 3]
            continue
        groups: dict[tuple[str, str], list[Situation]] = defaultdict(list)
        for s in items:
            groups[(s.agent, s.day)].append(s)
        keys = sorted(groups)
        rng.shuffle(keys)
        picked: list[Situation] = []
        while len(picked) < per_task and any(groups[k] for k in keys):
            for k in keys:
                if groups[k] and len(picked) < per_task:
                    picked.append(groups[k].pop(rng.randrange(len(groups[k]))))
        out += picked
    return out


def answer_text(task: str, value: Any) -> str:
    """The part of an answer whose variety is measured, as text."""
    data = value.model_dump() if hasattr(value, "model_dump") else value
    if task == "plan.daily":
        return "; ".join(data["items"])
    if task == "plan.hourly":
        return str(data["activity"])
    if task == "plan.schedule":
        return "; ".join(str(b["activity"]) for b in data["blocks"])
    if task == "plan.decompose":
        return " | ".join(s["subtask"] for s in data["subtasks"])
    if task == "act.triple":
        return f"{data['subject']} {data['predicate']} {data['object']}"
    if task == "perceive.importance":
        return str(data["rating"])
    if task == "converse.utterance":
        return str(data["utterance"])
    return json.dumps(data, ensure_ascii=False)


def answer_all(
    situations: Sequence[Situation], model: str, seeds: Sequence[int], on_call: Callable[[], None] | None = None
) -> None:
    """Put every situation to ``model`` once per seed (through the gateway, as a run would)."""
    import aga.cognition.converse
    import aga.cognition.perceive
    import aga.cognition.plan_action
    import aga.cognition.plan_day  # noqa: F401  (declare the tasks)
    from aga.llm.tasks import get_task
    from benchmarks.scratch import scratch_gateways

    with scratch_gateways(model, seeds, "aga-realism-ledger-") as gateways:
        for gateway in gateways:
            for s in situations:
                task = get_task(s.task)
                assert task is not None, s.task
                value = gateway.call(task, s.shown, agent=s.agent, facts=task_facts(s.task, s.shown, s.agent))
                s.answers.setdefault(model, []).append(answer_text(s.task, value))
                if on_call is not None:
                    on_call()


def simulator_draws(
    situations: Sequence[Situation],
    model: str,
    seeds: Sequence[int],
    draws: int,
    embed: Callable[[list[str]], np.ndarray],
    thresholds: dict[str, float],
    on_call: Callable[[], None] | None = None,
) -> tuple[dict[str, dict[str, float | None]], dict[str, dict[str, list[float]]]]:
    """The simulator's measures as the mean over ``draws`` answerings of every prompt (draw ``d`` uses
    ``seeds`` shifted by ``1000 * d``), and each measure's [min, max] over the draws.

    A real model's figures here come from one answering each (hours of local inference); the
    simulator's cost seconds, so its figures are an expectation rather than one draw, and the
    situations keep the first draw's answers (the ones the seeds name)."""
    per_draw: list[dict[str, dict[str, float | None]]] = []
    first: dict[int, list[str]] = {}
    for d in range(draws):
        for s in situations:
            s.answers.pop(model, None)
        answer_all(situations, model, [x + 1000 * d for x in seeds], on_call)
        per_draw.append(measure(situations, model, embed, thresholds))
        if d == 0:
            first = {i: list(s.answers[model]) for i, s in enumerate(situations)}
    for i, s in enumerate(situations):
        s.answers[model] = first.get(i, [])
    mean: dict[str, dict[str, float | None]] = {}
    spread: dict[str, dict[str, list[float]]] = {}
    for task in per_draw[0] if per_draw else {}:
        mean[task], spread[task] = {}, {}
        for name in per_draw[0][task]:
            values = [float(v) for row in per_draw if (v := row[task].get(name)) is not None]
            if not values:
                mean[task][name] = None
            elif name in ("prompts", "answers"):
                mean[task][name] = per_draw[0][task][name]  # counts, the same in every draw
            else:
                mean[task][name] = round(statistics.fmean(values), 3)
            if values and name not in ("prompts", "answers") and draws > 1:
                spread[task][name] = [min(values), max(values)]
    return mean, spread


def task_facts(task: str, shown: dict[str, str], agent: str) -> Any:
    """The typed facts a run passes with ``task`` for ``agent``, rebuilt from what its prompt shows (None
    for tasks whose fail-safe and repair need none)."""
    from aga.cognition.plan_action import BlockFacts, SubjectFacts
    from aga.cognition.plan_day import DayFacts, plan_hours
    from aga.routine import bed_hour_of

    if task == "plan.schedule":
        lifestyle = re.search(r"^Lifestyle:(.*)$", shown.get("identity", ""), re.MULTILINE)
        items = [x.strip() for x in shown.get("daily_plan", "").split(";") if x.strip()]
        wake = int(shown.get("wake_hour", "7") or 7)
        return DayFacts(wake, bed_hour_of(lifestyle.group(1) if lifestyle else ""), tuple(plan_hours(items)))
    if task == "plan.decompose":
        return BlockFacts(shown.get("task", ""), int(shown.get("minutes", "60")))
    if task == "act.triple":
        return SubjectFacts(agent)
    if task == "converse.utterance":
        return shown_lines(shown.get("conversation", ""))
    return None


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]+", "", text.lower()).strip()


def _pairs_similarity(groups: Sequence[Sequence[str]], embed: Callable[[list[str]], np.ndarray]) -> list[float]:
    out: list[float] = []
    for answers in groups:
        if len(answers) < 2:
            continue
        vectors = embed(list(answers))
        out += [float(vectors[i] @ vectors[j]) for i, j in combinations(range(len(answers)), 2)]
    return out


def measure(
    situations: Sequence[Situation], model: str, embed: Callable[[list[str]], np.ndarray], thresholds: dict[str, float]
) -> dict[str, dict[str, float | None]]:
    """The measures of ``model``'s answers, per task."""
    out: dict[str, dict[str, float | None]] = {}
    for task in TASKS:
        mine = [s for s in situations if s.task == task and model in s.answers]
        if not mine:
            continue
        answers = [a for s in mine for a in s.answers[model]]
        row: dict[str, float | None] = {"prompts": len(mine), "answers": len(answers)}
        row["distinct"] = round(len({_norm(a) for a in answers}) / len(answers), 3)
        row["repeat"] = round(
            sum(1 for s in mine if len({_norm(a) for a in s.answers[model]}) < len(s.answers[model])) / len(mine), 3
        )
        if task == "perceive.importance":
            ratings = [int(a) for a in answers]
            row["rating_mean"] = round(statistics.fmean(ratings), 2)
            row["rating_sd"] = round(statistics.pstdev(ratings), 2)
        else:
            sims = _pairs_similarity([s.answers[model] for s in mine], embed)
            if sims:
                row["sim_p50"] = round(float(np.percentile(sims, 50)), 3)
                row["sim_p90"] = round(float(np.percentile(sims, 90)), 3)
                kind = THRESHOLD_KIND.get(task)
                if kind:
                    row["above"] = round(sum(1 for x in sims if x >= thresholds[kind]) / len(sims), 3)
        if task == "plan.decompose":
            steps = [[x for x in a.split(" | ") if x] for a in answers]
            row["steps"] = round(statistics.fmean(len(x) for x in steps), 2)
            row["distinct_steps"] = round(statistics.fmean(len({_norm(y) for y in x}) for x in steps), 2)
        if task in FAILURE_TASKS:
            failed = sum(1 for s in mine for a in s.answers[model] if answer_failure(task, s.shown, a))
            row["failed"] = round(failed / len(answers), 3)
            ok = [x for sims in _well_formed_similarity(mine, model, embed) for x in sims]
            row["ok_p50"] = round(float(np.percentile(ok, 50)), 3) if ok else None
            row["ok_p90"] = round(float(np.percentile(ok, 90)), 3) if ok else None
        if task == "plan.schedule":
            blocks = [[x for x in a.split("; ") if x] for a in answers]
            row["blocks"] = round(statistics.fmean(len(x) for x in blocks), 2)
            row["activities"] = round(statistics.fmean(len({_norm(y) for y in x}) for x in blocks), 2)
        if task == "plan.hourly":
            row["carry_on"] = _carry_on(mine, model)
        if task in ("plan.daily", "plan.hourly", "plan.schedule"):
            row["days_p50"] = _across_days(mine, model, embed)
        out[task] = row
    return out


_PREVIOUS_ACTIVITY = re.compile(r"Activity:\s*(.+)")


def _carry_on(mine: Sequence[Situation], model: str) -> float | None:
    """Share of ``model``'s hourly answers that say the same activity as the last hour the prompt lists
    (None where no prompt lists one). An hour that carries on lengthens the block: GPT-3.5's day (11.3
    blocks in 24 hours, sleep included) keeps an activity for hours, which lifts its distinct sub-steps
    per block, while a model that names a new activity nearly every hour cuts its day into hour-long
    blocks."""
    same = total = 0
    for s in mine:
        shown = _PREVIOUS_ACTIVITY.findall(s.shown.get("previous", ""))
        if not shown:
            continue
        last = _norm(shown[-1])
        total += len(s.answers[model])
        same += sum(1 for a in s.answers[model] if _norm(a) == last)
    return round(same / total, 3) if total else None


def _across_days(mine: Sequence[Situation], model: str, embed: Callable[[list[str]], np.ndarray]) -> float | None:
    """Median similarity between an agent's first answers to the same question on different days."""
    by: dict[tuple[str, str, str], dict[str, str]] = defaultdict(dict)
    for s in mine:
        by[(s.scenario, s.agent, s.shown.get("hour", ""))][s.day] = s.answers[model][0]
    sims = _pairs_similarity([list(days.values()) for days in by.values()], embed)
    return round(float(np.percentile(sims, 50)), 3) if sims else None


# The measures :func:`reference_intervals` resamples: each is pooled from parts of single prompts (their
# answer pairs, whether they repeat, their answers' steps or blocks, their ratings). ``distinct`` is not
# (a prompt drawn twice would repeat its own answers), nor ``days_p50`` (pairs across prompts).
RESAMPLED = ("repeat", "sim_p50", "sim_p90", "ok_p50", "ok_p90", "above", "distinct_steps", "activities", "rating_sd")


def reference_intervals(
    situations: Sequence[Situation],
    model: str,
    embed: Callable[[list[str]], np.ndarray],
    thresholds: dict[str, float],
    rounds: int = 2000,
    seed: int = 0,
    level: float = 0.95,
) -> dict[str, dict[str, list[float]]]:
    """Per task, a percentile bootstrap interval of each :data:`RESAMPLED` measure of ``model``'s answers,
    resampling the task's prompts: how far the figure of a reference answering one sample of 12 prompts
    could move with another sample of the same kind. The measures are computed as :func:`measure` does;
    ``repeat`` gets the exact binomial interval of its count instead."""
    from scipy.stats import binomtest

    rng = np.random.default_rng(seed)
    tail = 100 * (1 - level) / 2
    out: dict[str, dict[str, list[float]]] = {}
    for task in TASKS:
        mine = [s for s in situations if s.task == task and model in s.answers]
        if len(mine) < 2:
            continue
        parts: list[dict[str, list[float]]] = []
        for s in mine:
            answers = s.answers[model]
            part: dict[str, list[float]] = {"repeat": [float(len({_norm(a) for a in answers}) < len(answers))]}
            if task == "perceive.importance":
                part["ratings"] = [float(a) for a in answers]
            else:
                part["sims"] = _pairs_similarity([answers], embed)
            if task == "plan.decompose":
                part["distinct_steps"] = [len({_norm(y) for y in a.split(" | ") if y}) for a in answers]
            if task in FAILURE_TASKS:
                part["ok_sims"] = _well_formed_similarity([s], model, embed)[0]
            if task == "plan.schedule":
                part["activities"] = [len({_norm(y) for y in a.split("; ") if y}) for a in answers]
            parts.append(part)
        kind = THRESHOLD_KIND.get(task)
        drawn: dict[str, list[float]] = defaultdict(list)
        for _ in range(rounds):
            pick = rng.integers(0, len(parts), len(parts))

            def pooled(key: str, pick: np.ndarray = pick, parts: list[dict[str, list[float]]] = parts) -> list[float]:
                return [x for i in pick for x in parts[i].get(key, [])]

            drawn["repeat"].append(statistics.fmean(pooled("repeat")))
            if sims := pooled("sims"):
                drawn["sim_p50"].append(float(np.percentile(sims, 50)))
                drawn["sim_p90"].append(float(np.percentile(sims, 90)))
                if kind:
                    drawn["above"].append(sum(1 for x in sims if x >= thresholds[kind]) / len(sims))
            if ok_sims := pooled("ok_sims"):
                drawn["ok_p50"].append(float(np.percentile(ok_sims, 50)))
                drawn["ok_p90"].append(float(np.percentile(ok_sims, 90)))
            if ratings := pooled("ratings"):
                drawn["rating_sd"].append(statistics.pstdev(ratings))
            for name in ("distinct_steps", "activities"):
                if values := pooled(name):
                    drawn[name].append(statistics.fmean(values))
        out[task] = {
            name: [round(float(np.percentile(values, tail)), 3), round(float(np.percentile(values, 100 - tail)), 3)]
            for name in RESAMPLED
            if (values := drawn.get(name))
        }
        # The share of prompts with a repeat is a count out of independent prompts: its exact binomial
        # interval, because a bootstrap of 0 repeats in 12 can only ever draw 0 (as if none were possible).
        repeats = int(sum(part["repeat"][0] for part in parts))
        ci = binomtest(repeats, len(parts)).proportion_ci(confidence_level=level, method="exact")
        out[task]["repeat"] = [round(float(ci.low), 3), round(float(ci.high), 3)]
    return out


def verdict(
    results: dict[str, dict[str, dict[str, float | None]]],
    simulator: str,
    spread: dict[str, dict[str, list[float]]] | None = None,
    intervals: dict[str, dict[str, dict[str, list[float]]]] | None = None,
) -> dict[str, dict[str, str]]:
    """Per task and measure: whether the simulator is at least as varied as the most varied reference.

    A miss is judged on the mean over the simulator's draws; with ``spread`` (each measure's [min, max]
    over the draws) it also says whether its best draw holds, so that a reader tells a miss inside the
    simulator's own noise (12 prompts a task: one answer can move a figure) from one that every draw
    misses. With ``intervals`` (per reference model, :func:`reference_intervals`) it says whether the
    simulator's figure lies inside that reference's own interval: a miss another sample of prompts could
    have given the reference. The verdict itself is not loosened by either."""
    out: dict[str, dict[str, str]] = {}
    references = [m for m in results if m != simulator]
    for task, row in results.get(simulator, {}).items():
        marks: dict[str, str] = {}
        for measure_name, value in row.items():
            refs = [(r, m) for m in references if (r := results[m].get(task, {}).get(measure_name)) is not None]
            if value is None or not refs:
                continue
            if measure_name not in MORE_IS_VARIED and measure_name not in LESS_IS_VARIED:
                continue
            better = 1 if measure_name in MORE_IS_VARIED else -1
            best, model = max(refs) if better > 0 else min(refs)
            if (value - best) * better >= 0:
                marks[measure_name] = "holds"
            else:
                note = _draws_note((spread or {}).get(task, {}).get(measure_name), best, better)
                interval = (intervals or {}).get(model, {}).get(task, {}).get(measure_name)
                if interval:
                    lo, hi = interval
                    note += (
                        f"; {'inside' if lo <= value <= hi else 'outside'} {_short(model)}'s own interval {lo:g}-{hi:g}"
                    )
                marks[measure_name] = f"misses ({value} {'<' if better > 0 else '>'} {best}{note})"
        out[task] = marks
    return out


def _short(model: str) -> str:
    """A model string as a reader names it: "local/qwen2.5-coder-0.5b" -> "qwen2.5-coder-0.5b"."""
    return model.rsplit("/", 1)[-1]


def _draws_note(drawn: Sequence[float] | None, reference: float, better: int) -> str:
    """How a missed measure's draws stand against ``reference``: whether the best draw holds."""
    if not drawn or len(drawn) != 2:
        return ""
    low, high = drawn
    best = high if better > 0 else low
    holds = (best - reference) * better >= 0
    return f"; {'its best draw holds' if holds else 'every draw misses'}, draws {low:g}-{high:g}"


def write_report(report: dict[str, Any], out: Path) -> None:
    """``realism.json`` and ``realism.md`` in ``out``."""
    from aga.storage.files import write_atomically

    out.mkdir(parents=True, exist_ok=True)
    write_atomically(out / "realism.json", json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    lines = [
        "# Realism: the simulator's variety next to real models\n",
        f"`{report['command']}`\n",
        f"Machine: {report['machine']}; date {report['date']}. Prompts sampled from simulator runs of "
        f"{', '.join(report['scenarios'])} ({report['hours']:g} simulated hours each, seed {report['seed']}); "
        f"each prompt answered with seeds {report['seeds']} by every model (the simulator {report.get('draws', 1)} "
        f"times, with these seeds shifted by 1000 per draw). Prompts from: {report['prompts_from']}.\n",
        "Higher is more varied for distinct, distinct_steps, activities, rating_sd; lower for repeat, "
        "similarities (sim_*, ok_*, days_p50) and above (share of same-prompt answer pairs at or above the policy "
        "threshold); blocks (a one-call schedule's blocks) and carry_on (share of hourly answers that name the "
        "hour before's activity again) are shown, not judged, and so is failed (a decomposition's share of loops and "
        "copies of the schedule, an utterance's share of lines the runtime refuses); ok_p50 / ok_p90 are the "
        "similarities over the other, well-formed, answers.\n",
    ]
    measures = ["prompts", "answers", "distinct", "repeat", "sim_p50", "sim_p90", "above", "days_p50", "carry_on",
                "blocks", "activities", "steps", "distinct_steps", "failed", "ok_p50", "ok_p90", "rating_mean",
                "rating_sd"]  # fmt: skip
    for task in TASKS:
        rows = [(m, r[task]) for m, r in report["results"].items() if task in r]
        if not rows:
            continue
        shown = [k for k in measures if any(k in row for _, row in rows)]
        lines.append(f"\n## {task}\n")
        lines.append("| model | " + " | ".join(shown) + " |")
        lines.append("|---|" + "---|" * len(shown))
        for model, row in rows:
            lines.append(f"| {model} | " + " | ".join("" if row.get(k) is None else f"{row[k]}" for k in shown) + " |")
        ranges = report.get("simulator_range", {}).get(task, {})
        if ranges:
            lines.append(
                f"\nSimulator: mean of {report.get('draws')} draws; range "
                + ", ".join(f"{k} {lo:g}-{hi:g}" for k, (lo, hi) in ranges.items())
            )
        for model, by_task in (report.get("reference_intervals") or {}).items():
            if by_task.get(task):
                lines.append(
                    f"\n{_short(model)}'s own 95% interval, its prompts resampled: "
                    + ", ".join(f"{k} {lo:g}-{hi:g}" for k, (lo, hi) in by_task[task].items())
                )
        marks = report["verdict"].get(task, {})
        if marks:
            lines.append("\nSimulator vs the most varied reference: " + "; ".join(f"{k} {v}" for k, v in marks.items()))
    if report.get("original"):
        by_seed = report.get("simulator_days_by_seed") or {t: [d] for t, d in report.get("simulator_days", {}).items()}
        lines += _day_table(report["original"], by_seed, report.get("day_seeds") or [report["seed"]])
    if report.get("reading"):
        lines.append("\n## Reading\n\n" + report["reading"])
    write_atomically(out / "realism.md", "\n".join(lines) + "\n")


_DAY_ROWS = (
    ("blocks per agent-day", "blocks_mean", "blocks_mean"),
    ("distinct activities per agent-day", "distinct_activities_mean", "distinct_activities_mean"),
    ("decomposed actions per agent", "actions_mean", "actions_per_agent"),
    ("exact repeat share of actions", "repeat_share_mean", "repeat_share"),
    ("distinct sub-steps per agent-day", "distinct_actions_mean", "distinct_actions_per_agent"),
    ("distinct sub-steps per block", "distinct_substeps_per_block_mean", "distinct_substeps_per_block_mean"),
    (
        "share of a block's sub-steps found in another block",
        "cross_block_repeat_share_mean",
        "cross_block_repeat_share",
    ),
    # At equal length: the per-block figure above mostly measures how long blocks are (GPT-3.5 keeps an
    # activity for hours, the small models and the simulator change it nearly every hour).
    (
        "distinct sub-steps in a block of about an hour (45-75 min)",
        "hour_block_distinct_substeps_mean",
        "hour_block_distinct_substeps_mean",
    ),
    ("decomposed actions per decomposed hour", "actions_per_decomposed_hour_mean", "actions_per_decomposed_hour"),
)


# What a speaker says word for word in two conversations of a day (realism_reference.said_again_pairs).
_SAID_AGAIN = "share of a speaker's sentences in a talk said again in another talk"
# The day figures that measure variety, with the way that is more varied (the others describe the day).
_DAY_VARIETY = (
    ("distinct activities per agent-day", "distinct_activities_mean", "distinct_activities_mean", +1),
    ("exact repeat share of actions", "repeat_share_mean", "repeat_share", -1),
    ("distinct sub-steps per agent-day", "distinct_actions_mean", "distinct_actions_per_agent", +1),
    ("distinct sub-steps per block", "distinct_substeps_per_block_mean", "distinct_substeps_per_block_mean", +1),
    ("share of a block's sub-steps found in another block", "cross_block_repeat_share_mean",
     "cross_block_repeat_share", -1),
    ("distinct sub-steps in a block of about an hour", "hour_block_distinct_substeps_mean",
     "hour_block_distinct_substeps_mean", +1),
    (_SAID_AGAIN, "said_again_share_mean", "said_again_share", -1),
)  # fmt: skip


def day_verdict(original: dict[str, Any], days: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, str]]:
    """Per town, whether its first day (the mean over its sampling runs) is at least as varied as the
    GPT-3.5 day on each variety measure: "holds", or "misses (ours vs theirs; k of n runs hold)": the
    count tells a miss that one seed's day decides from one that every run misses. Where the reference
    holds a bootstrap interval for the figure (``bootstrap_95``, :func:`realism_reference.bootstrap_day`),
    the note also says whether the mean falls inside it: a miss inside it is one a second GPT-3.5 day
    could have made by chance. Either way it stays a miss."""
    verdicts: dict[str, dict[str, str]] = {}
    for town, runs in days.items():
        marks: dict[str, str] = {}
        for label, theirs, ours, better in _DAY_VARIETY:
            values = [float(d[ours]) for d in runs if isinstance(d.get(ours), int | float)]
            reference = original.get(theirs)
            if not values or not isinstance(reference, int | float):
                continue
            mine = statistics.fmean(values)
            if (mine - reference) * better >= 0:
                marks[label] = "holds"
                continue
            note = ""
            if len(values) > 1:
                held = sum(1 for v in values if (v - reference) * better >= 0)
                note = f"; {held} of {len(values)} runs {'holds' if held == 1 else 'hold'}"
            interval = (original.get("bootstrap_95") or {}).get(theirs)
            if isinstance(interval, list) and len(interval) == 2:
                lo, hi = interval
                where = "inside" if lo <= mine <= hi else "outside"
                note += f"; {where} GPT-3.5's own day-to-day interval {lo:g}-{hi:g}"
            marks[label] = f"misses ({mine:.4g} vs {reference:g}{note})"
        verdicts[town] = marks
    return verdicts


def _day_cell(values: Sequence[Any]) -> str:
    """One town's figure over its sampling runs: the value of one run, else the mean with its range."""
    numbers = [float(v) for v in values if isinstance(v, int | float)]
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"{numbers[0]:g}"
    return f"{statistics.fmean(numbers):.4g} ({min(numbers):.4g}-{max(numbers):.4g})"


def _day_table(original: dict[str, Any], days: dict[str, list[dict[str, Any]]], seeds: Sequence[int]) -> list[str]:
    """The first simulated day next to the original study's GPT-3.5 day of the 3-agent town: per town,
    the figure of each sampling run's first day, as a mean with its range over the runs."""
    towns = list(days)
    runs = f"seed {seeds[0]}" if len(seeds) == 1 else f"seeds {', '.join(map(str, seeds))}: mean (min-max)"
    out = [
        "\n## One simulated day next to the original study's GPT-3.5 day (3-agent town, 2023-02-13)\n",
        "Original figures from `benchmarks/data/original_ville3_day1.json` (the public repository's saved run, "
        f"figures only); the simulator's from the first day of each sampling run ({runs}), computed by the "
        "same functions (`benchmarks/realism_reference.py`).\n",
        "| measure | original (GPT-3.5) | " + " | ".join(f"simulator, {t}" for t in towns) + " |",
        "|---|---|" + "---|" * len(towns),
    ]
    for label, theirs, ours in _DAY_ROWS:
        cells = [_day_cell([d.get(ours) for d in days[t]]) for t in towns]
        out.append(f"| {label} | {original.get(theirs)} | " + " | ".join(cells) + " |")
    chats = original.get("chat_nodes_total")
    cells = [_day_cell([d.get("conversations") for d in days[t]]) for t in towns]
    out.append(f"| conversations in the day (both sides store one) | {chats // 2 if chats else ''} | "
               + " | ".join(cells) + " |")  # fmt: skip
    cells = [_day_cell([d.get("said_again_share") for d in days[t]]) for t in towns]
    out.append(f"| {_SAID_AGAIN} | {original.get('said_again_share_mean', '')} | " + " | ".join(cells) + " |")
    # The same rules on both sides (benchmarks/talk_reference.py): the original's figures from its
    # saved sightings and conversations.
    theirs = talk_reference.summary(talk_reference.load())
    for label, key in (
        ("meetings the decision to talk was asked about", "meetings"),
        ("share of them that became a conversation", "talked_share"),
    ):
        cells = [_day_cell([d.get(f"meetings_{key}" if key != "meetings" else key) for d in days[t]]) for t in towns]
        out.append(f"| {label} | {theirs[key]} | " + " | ".join(cells) + " |")
    imp = original.get("importance", {})
    for label, theirs, ours in (
        ("importance of own actions, mean / sd", "events_own_actions", "importance_own_actions"),
        ("importance of thoughts, mean / sd", "thoughts", "importance_thoughts"),
        ("importance of chats, mean / sd", "chats", "importance_chats"),
    ):
        ref = imp.get(theirs, {})
        cells = [
            " / ".join(_day_cell([d.get(ours, {}).get(part) for d in days[t]]) for part in ("mean", "sd"))
            for t in towns
        ]
        out.append(f"| {label} | {ref.get('mean')} / {ref.get('sd')} | " + " | ".join(cells) + " |")
    for town, marks in day_verdict(original, days).items():
        if marks:
            out.append(f"\n{town} vs the GPT-3.5 day: " + "; ".join(f"{k} {v}" for k, v in marks.items()))
    return out


_NEEDED = {"scenario": str, "task": str, "agent": str, "day": str, "shown": dict}


def _situation(value: Any) -> Situation | None:
    """``value`` (one entry of a realism.json's ``situations``) as a Situation, or None when it is not one."""
    if not isinstance(value, dict) or any(not isinstance(value.get(k), kind) for k, kind in _NEEDED.items()):
        return None
    answers = value.get("answers", {})
    if set(value) - {f.name for f in fields(Situation)} or not isinstance(answers, dict):
        return None
    if not all(isinstance(a, list) for a in answers.values()):
        return None
    return Situation(**value)


def load_reuse(paths: Sequence[Path], scenarios: Sequence[str]) -> tuple[list[Situation], list[int]]:
    """The sampled prompts of ``scenarios`` (with their real models' answers) kept in earlier
    ``realism.json`` files, and the seeds they were answered with.

    A ValueError names the file that is not such a capture (another benchmark's JSON, not JSON at all),
    holds none of ``scenarios``' prompts, or was answered with other seeds than the first file; and the
    town of ``scenarios`` that no file holds: measuring a town on no prompts would say nothing.
    """
    situations: list[Situation] = []
    first: tuple[Path, list[int]] | None = None  # every file's answers must come from the same seeds
    covered: set[str] = set()
    give = "give the realism.json written by `aga bench realism`"
    for path in paths:
        earlier = read_json(path)
        if not isinstance(earlier, dict) or not {"situations", "seeds"} <= set(earlier):
            raise ValueError(f"{path} is not a realism capture (no 'situations' and 'seeds'); {give}")
        seeds, found = earlier["seeds"], earlier["situations"]
        if not isinstance(seeds, list) or not all(isinstance(s, int) for s in seeds) or not isinstance(found, list):
            raise ValueError(f"{path} is not a realism capture ('seeds' or 'situations' are not lists); {give}")
        kept: list[Situation] = []
        for i, value in enumerate(found):
            if (situation := _situation(value)) is None:
                raise ValueError(f"{path} is not a realism capture (situations[{i}] is not a sampled prompt); {give}")
            kept.append(situation)
        towns = sorted({s.scenario for s in kept})
        mine = [s for s in kept if s.scenario in scenarios]
        if not mine:
            if not towns:
                raise ValueError(f"{path} holds no sampled prompts; {give} with prompts of {', '.join(scenarios)}")
            raise ValueError(
                f"{path} is a realism capture of {', '.join(towns)}, not of {', '.join(scenarios)}: give "
                f"{' '.join(f'-s {t}' for t in towns)} with it, or the realism.json of a capture of "
                f"{', '.join(scenarios)}"
            )
        if first is not None and seeds != first[1]:
            raise ValueError(
                f"{path}: answered with seeds {seeds}, {first[0]} with {first[1]}; give captures of the same seeds"
            )
        first = first or (path, seeds)
        covered |= {s.scenario for s in mine}
        situations += mine
    missing = [t for t in scenarios if t not in covered]
    if missing:
        raise ValueError(
            f"no --reuse file holds prompts of {', '.join(missing)}: give its realism.json with --reuse too, "
            f"or leave {' '.join(f'-s {t}' for t in missing)} out"
        )
    return situations, list(first[1]) if first else []


def answered(situations: Sequence[Situation], model: str, seeds: Sequence[int]) -> bool:
    """Whether ``model`` answered every situation once per seed already (a reused capture's model)."""
    return bool(situations) and all(len(s.answers.get(model, [])) == len(seeds) for s in situations)


def run(
    scenarios: Sequence[str],
    models: Sequence[str],
    *,
    hours: float,
    seed: int,
    seeds: int,
    per_task: int,
    out: Path,
    start: time | None = None,
    progress: Callable[[str, int], Callable[[], None]] | None = None,
    reuse: Sequence[Path] | None = None,
    draws: int = 1,
    day_seeds: int = 1,
    day_towns: Sequence[str] = (),
    tasks: Sequence[str] = TASKS,
) -> dict[str, Any]:
    """Capture, sample, answer with every model, measure; writes the report and returns it.

    ``tasks`` (a subset of :data:`TASKS`) are the tasks whose prompts are sampled, answered and measured,
    reused ones included: a fresh capture of one task costs the real models minutes, not hours.

    With ``reuse`` (earlier ``realism.json`` files, say one per town) the prompts and the real models'
    answers come from those reports, so a change of the simulator is measured on the very prompts the
    real models answered without hours of local inference; the simulator always answers anew. The
    sampling runs still run, for the day figures of the current simulator.

    The day figures come from ``day_seeds`` sampling runs per town (seeds ``seed``, ``seed + 1``, ...): one
    simulated day of three agents moves between seeds by more than most changes to the simulator do.
    Prompts are sampled from the first only. ``day_towns`` get only the day figures (their own sampling
    runs, no prompts sampled): a large town whose real-model answers would take hours.
    """
    from datetime import date

    from aga.embeddings.cache import CachedEmbedder
    from aga.embeddings.minilm import MiniLMEmbedder
    from benchmarks.report import machine
    from policy_store.config import DEFAULT_THRESHOLDS

    # The reused files are read before the sampling runs, so that a wrong file stops the command at once.
    unknown = [t for t in tasks if t not in TASKS]
    if unknown or not tasks:
        raise ValueError(f"tasks {', '.join(unknown) or '(none)'}: give some of {', '.join(TASKS)}")
    reused = load_reuse(reuse, scenarios) if reuse else None
    if reused is not None:
        reused = ([s for s in reused[0] if s.task in tasks], reused[1])
    situations: list[Situation] = []
    added: list[Situation] = []
    days: dict[str, list[dict[str, Any]]] = {}
    # (the sampling runs are most of the command's time: a bar of them, a run a step)
    extra = [t for t in dict.fromkeys(day_towns) if t not in scenarios]
    ran = progress("sampling runs", (len(scenarios) + len(extra)) * max(1, day_seeds)) if progress else None
    for scenario in scenarios:
        days[scenario] = []
        known = {s.task for s in reused[0] if s.scenario == scenario} if reused is not None else set()
        # The policy-mode run only where its prompts are wanted: sampled from the first run, not held already.
        wanted = any(t in tasks and t not in known for t in POLICY_TASKS)
        for k in range(max(1, day_seeds)):
            days[scenario].append({})
            captured = capture(scenario, hours=hours, seed=seed + k, start=start, stats=days[scenario][-1],
                               policy_tasks=k == 0 and wanted)  # fmt: skip
            if ran:
                ran()
            if k == 0 and reused is None:
                situations += sample([c for c in captured if c.task in tasks], per_task, seed)
            elif k == 0:
                # A task the reused capture has no prompts of (added since it was recorded): sampled anew
                # here, and put to the real models, which answer only what they have not answered yet.
                added += sample([c for c in captured if c.task not in known and c.task in tasks], per_task, seed)
    for town in day_towns:
        if town in days:
            continue
        days[town] = []
        for k in range(max(1, day_seeds)):
            days[town].append({})
            capture(town, hours=hours, seed=seed + k, start=start, stats=days[town][-1], policy_tasks=False)
            if ran:
                ran()
    seed_list = list(range(seed + 1, seed + 1 + seeds))
    if reused is not None:
        situations, seed_list = [*reused[0], *added], reused[1]
    # In memory only: the draws and the models say many of the same answers, and MiniLM gives a text the
    # same vector whatever it is batched with, so a text embedded once is embedded for good.
    embedder = CachedEmbedder(MiniLMEmbedder(), None)
    thresholds = dict(DEFAULT_THRESHOLDS)
    results: dict[str, dict[str, dict[str, float | None]]] = {}
    spread: dict[str, dict[str, list[float]]] = {}
    for model in models:
        if model.startswith("scripted/"):
            tick = progress(model, len(situations) * len(seed_list) * draws) if progress else None
            results[model], spread = simulator_draws(
                situations, model, seed_list, draws, embedder.embed, thresholds, tick
            )
            continue
        todo = [s for s in situations if len(s.answers.get(model, [])) != len(seed_list)]
        if todo:
            tick = progress(model, len(todo) * len(seed_list)) if progress else None
            for s in todo:
                s.answers.pop(model, None)  # a part answered is answered again whole, with every seed
            answer_all(todo, model, seed_list, tick)
        results[model] = measure(situations, model, embedder.embed, thresholds)
    simulator = next((m for m in models if m.startswith("scripted/")), "")
    intervals = {m: reference_intervals(situations, m, embedder.embed, thresholds) for m in models if m != simulator}
    original_path = Path(__file__).parent / "data" / "original_ville3_day1.json"
    original = json.loads(original_path.read_text())["overall"] if original_path.exists() else None
    report = {
        "command": "aga bench realism "
        + " ".join(f"--scenario {s}" for s in scenarios)
        + " "
        + " ".join(f"--model {m}" for m in models)
        + f" --hours {hours:g} --seeds {seeds} --per-task {per_task} --seed {seed} --draws {draws}"
        + ("".join(f" --task {t}" for t in tasks) if tuple(tasks) != TASKS else "")
        + f" --day-seeds {max(1, day_seeds)}"
        + "".join(f" --day-town {t}" for t in day_towns)
        + f" --out {out}"
        + "".join(f" --reuse {path}" for path in reuse or []),
        "prompts_from": ", ".join(str(p) for p in reuse) if reuse else "the sampling runs of this command",
        "machine": machine(),
        "date": date.today().isoformat(),
        "scenarios": list(scenarios),
        "hours": hours,
        "seed": seed,
        "seeds": seed_list,
        "draws": draws,
        "tasks": list(tasks),
        "results": results,
        "simulator_range": spread,
        "reference_intervals": intervals,
        "verdict": verdict(results, simulator, spread, intervals) if simulator else {},
        "original": original,
        "day_verdict": day_verdict(original, days) if original else {},
        # The first run's figures (what earlier reports held), and every run's.
        "simulator_days": {town: runs[0] for town, runs in days.items()},
        "simulator_days_by_seed": days,
        "day_seeds": [seed + k for k in range(max(1, day_seeds))],
        "situations": [asdict(s) for s in situations],
    }
    write_report(report, out)
    return report
