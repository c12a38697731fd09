"""Does a model plan around the memories that mind wandering shows it?

Mind wandering (AGA appendix D, ``aga run --mind-wandering``) adds a line of a few rare memories drawn
at random ("Things that come to Ana's mind:" and one memory a line) to the day plan, each decomposition and each line
of dialogue. Whether that widens what agents do depends entirely on the model: one that ignores the line
gives a town no more varied than without it, whatever the token bill. The novelty curve of
``aga bench tokens --mode aga-mw`` is made with the scripted simulator, so the simulator's take-up of the
line decides it; ``aga bench wander`` measures that take-up for every model on the same prompts.

It captures the day-plan and decomposition prompts of a mind-wandering run on the simulator, puts each
to every model as it was and without the wandering line (everything else unchanged), once per seed, and
reports per model and task:

- ``uptake``: share of answers with an item (a plan item, a step) that says one of the drawn memories:
  MiniLM cosine similarity of the item to the memory at or above ``UPTAKE_SIM``. Asked of the answers
  to the prompts without the line too, against the same memories: a memory of the agent's routine
  ("Ana is opening the shop") is said by many plans anyway, so the line's effect is the **rise**;
- ``items_taken``: share of all the answers' items that say a drawn memory (the same rule), with and
  without the line;
- ``closeness``: mean over answers of the best similarity of any item to any drawn memory.

The prompts come from one simulator run, so every model answers the same situations; the report says
which model made each figure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.report import write_pair
from benchmarks.scratch import observed_run, scratch_gateways, take_turns

TASKS = ("plan.daily", "plan.decompose")
# The heading mind wandering adds (aga.cognition.wandering.wandering_text); one memory a line follows.
_HEADING = re.compile(r"^Things that come to .+'s mind:$")
# An item "says" a memory at this MiniLM cosine similarity or above. Set before any model was asked,
# from twelve pairs read by hand: items built on a memory ("call Maria about the party" for "Maria is
# planning a party at the cafe", "discuss the research paper with Klaus") scored 0.50-0.79 (one, "check
# the boat before the storm" for a talk about the storm, 0.35); unrelated items of a day 0.04-0.12. A
# routine memory ("X is opening the cafe") is said by plans anyway, which the prompts without the line
# measure: the rise is what the report reads, so the exact value matters less.
UPTAKE_SIM = 0.45
_TIME = re.compile(r"\s*(?:at|from|around|by)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?.*$", re.IGNORECASE)


@dataclass
class WanderPrompt:
    """One captured prompt with a wandering line: task, agent, the values shown, the drawn memories."""

    scenario: str
    task: str
    agent: str
    shown: dict[str, str]
    memories: list[str]
    answers: dict[str, dict[str, list[list[str]]]] = field(default_factory=dict)  # model -> variant -> items


def _split(inspiration: str) -> tuple[list[str], list[str]]:
    """(the prompt's other lines, the memories listed under the wandering heading)."""
    other: list[str] = []
    memories: list[str] = []
    listing = False
    for line in inspiration.splitlines():
        if _HEADING.match(line.strip()):
            listing = True
        elif listing and line.startswith("- "):
            memories.append(line[2:].strip())
        else:
            listing = False
            other.append(line)
    return other, memories


def drawn_memories(shown: dict[str, str]) -> list[str]:
    """The memories the prompt's wandering lines list (empty when it has none)."""
    return _split(shown.get("inspiration", ""))[1]


def without_wandering(shown: dict[str, str]) -> dict[str, str]:
    """The prompt's values with the wandering lines left out, as a run without mind wandering shows them."""
    return {**shown, "inspiration": "\n".join(_split(shown.get("inspiration", ""))[0])}


def capture(scenario: str, *, hours: float, seed: int, start: time | None = None) -> list[WanderPrompt]:
    """Run ``scenario`` on the simulator with mind wandering (baseline mode: every prompt reaches the
    model) and keep every day-plan and decomposition prompt that carries a wandering line."""
    kept: list[WanderPrompt] = []

    def observe(prompt: Any, answer: Any) -> None:
        if prompt.task not in TASKS:
            return
        shown = {k: str(v) for k, v in prompt.shown.items()}
        memories = drawn_memories(shown)
        if memories:
            kept.append(WanderPrompt(scenario, prompt.task, shown.get("name", ""), shown, memories))

    with observed_run(
        scenario, observe, "aga-wander-", mode="baseline", hours=hours, seed=seed, start=start, mind_wandering=True
    ) as run:
        run.advance()
    return kept


def spread(prompts: Sequence[WanderPrompt], per_task: int) -> list[WanderPrompt]:
    """Up to ``per_task`` prompts per task, one agent at a time in capture order, so that a busy agent
    does not fill a task."""
    out: list[WanderPrompt] = []
    for task in TASKS:
        queues: dict[str, list[WanderPrompt]] = {}
        for p in prompts:
            if p.task == task:
                queues.setdefault(f"{p.scenario}/{p.agent}", []).append(p)
        out += take_turns(queues.values(), per_task)
    return out


def items_of(task: str, value: Any) -> list[str]:
    """The answer's items as text: plan items without their time, or decomposition steps."""
    data = value.model_dump() if hasattr(value, "model_dump") else value
    if task == "plan.daily":
        return [_TIME.sub("", str(x)).strip() or str(x) for x in data["items"]]
    return [str(s["subtask"]) for s in data["subtasks"]]


def ask(
    prompts: Sequence[WanderPrompt], model: str, seeds: Sequence[int], on_call: Callable[[], None] | None = None
) -> None:
    """Put every prompt to ``model`` with and without its wandering line, once per seed, through the
    gateway (with the typed facts a run passes, so repairs work as in a run)."""
    import aga.cognition.plan_action
    import aga.cognition.plan_day  # noqa: F401  (declare the tasks)
    from aga.llm.tasks import get_task
    from benchmarks.realism import task_facts

    with scratch_gateways(model, seeds, "aga-wander-ledger-") as gateways:
        for gateway in gateways:
            for p in prompts:
                task = get_task(p.task)
                assert task is not None, p.task
                for variant, shown in (("with", p.shown), ("without", without_wandering(p.shown))):
                    value = gateway.call(task, shown, agent=p.agent, facts=task_facts(p.task, shown, p.agent))
                    p.answers.setdefault(model, {}).setdefault(variant, []).append(items_of(p.task, value))
                    if on_call is not None:
                        on_call()


def _best(items: Sequence[str], memories: Sequence[str], embed: Callable[[list[str]], np.ndarray]) -> list[float]:
    """Per item, its highest similarity to any of the memories."""
    if not items or not memories:
        return [0.0 for _ in items]
    vectors = np.asarray(embed([*items, *memories]), dtype=np.float32)
    sims = vectors[: len(items)] @ vectors[len(items) :].T
    return [float(x) for x in sims.max(axis=1)]


def measure(
    prompts: Sequence[WanderPrompt], models: Sequence[str], embed: Callable[[list[str]], np.ndarray]
) -> dict[str, Any]:
    """Per model and task (and both tasks together): uptake, items taken and closeness, with and
    without the wandering line, and the rise of each."""
    out: dict[str, Any] = {}
    for model in models:
        rows: dict[str, Any] = {}
        for task in (*TASKS, "all"):
            mine = [p for p in prompts if task in ("all", p.task) and model in p.answers]
            row: dict[str, Any] = {"prompts": len(mine)}
            for variant in ("with", "without"):
                best = [_best(items, p.memories, embed) for p in mine for items in p.answers[model].get(variant, [])]
                answered = [b for b in best if b]
                items = [x for b in answered for x in b]
                row[variant] = {
                    "answers": len(answered),
                    "uptake": _share([max(b) >= UPTAKE_SIM for b in answered]),
                    "items_taken": _share([x >= UPTAKE_SIM for x in items]),
                    "closeness": round(float(np.mean([max(b) for b in answered])), 3) if answered else None,
                }
            row["rise"] = {
                k: None
                if row["with"][k] is None or row["without"][k] is None
                else round(row["with"][k] - row["without"][k], 3)
                for k in ("uptake", "items_taken", "closeness")
            }
            rows[task] = row
        out[model] = rows
    return out


def _share(flags: Sequence[bool]) -> float | None:
    return round(sum(flags) / len(flags), 3) if flags else None


def examples(
    prompts: Sequence[WanderPrompt], model: str, embed: Callable[[list[str]], np.ndarray], n: int = 3
) -> list[dict[str, Any]]:
    """Up to ``n`` items of ``model``'s answers with the line that say a drawn memory, with the memory."""
    out: list[dict[str, Any]] = []
    for p in prompts:
        for items in p.answers.get(model, {}).get("with", []):
            if not items:
                continue
            vectors = np.asarray(embed([*items, *p.memories]), dtype=np.float32)
            sims = vectors[: len(items)] @ vectors[len(items) :].T
            i, j = np.unravel_index(int(np.argmax(sims)), sims.shape)
            if sims[i, j] >= UPTAKE_SIM:
                out.append(
                    {
                        "task": p.task,
                        "item": items[i],
                        "memory": p.memories[j],
                        "similarity": round(float(sims[i, j]), 3),
                    }
                )
                break
        if len(out) >= n:
            break
    return out


def run(
    towns: Sequence[str],
    models: Sequence[str],
    *,
    hours: float,
    seed: int,
    seeds: int,
    per_task: int,
    embed: Callable[[list[str]], np.ndarray],
    start: time | None = None,
    tracker: Callable[[str, int], Callable[[], None]] | None = None,
) -> dict[str, Any]:
    """Capture, spread over agents, ask every model, measure (the whole benchmark)."""
    prompts: list[WanderPrompt] = []
    captured: dict[str, dict[str, int]] = {}
    for town in towns:
        got = capture(town, hours=hours, seed=seed, start=start)
        captured[town] = {task: sum(p.task == task for p in got) for task in TASKS}
        prompts += spread(got, per_task)
    for model in models:
        step = tracker(model, len(prompts) * seeds * 2) if tracker is not None else None
        ask(prompts, model, [seed + i for i in range(seeds)], step)
    return {
        "towns": list(towns),
        "models": list(models),
        "hours": hours,
        "seed": seed,
        "seeds": seeds,
        "per_task": per_task,
        "uptake_similarity": UPTAKE_SIM,
        "captured": captured,
        "by_model": measure(prompts, models, embed),
        "examples": {m: examples(prompts, m, embed) for m in models},
        "prompts": [asdict(p) for p in prompts],
    }


def markdown(report: dict[str, Any], command: str, machine: str, date: str) -> str:
    """The report as Markdown: one table of take-up per model and task, and examples."""
    out = [
        "# Mind wandering: do models plan around the memories it shows them?",
        "",
        f"`{command}` on {machine}, {date}. Day-plan and decomposition prompts captured from a mind-wandering "
        f"run of {', '.join(report['towns'])} on the simulator ({report['hours']} simulated hours, seed "
        f"{report['seed']}; captured: {report['captured']}), up to {report['per_task']} per task; each put to "
        f"every model as it was and without the wandering line, {report['seeds']} seed(s) each.",
        "",
        "| model | task | prompts | uptake with line | without | rise | items taken with | without | rise "
        "| closeness with | without |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for model, rows in report["by_model"].items():
        for task in (*TASKS, "all"):
            r = rows[task]
            w, wo, rise = r["with"], r["without"], r["rise"]
            cells = [_pct(w["uptake"]), _pct(wo["uptake"]), _points(rise["uptake"])]
            cells += [_pct(w["items_taken"]), _pct(wo["items_taken"]), _points(rise["items_taken"])]
            cells += [_num(w["closeness"]), _num(wo["closeness"])]
            out.append(f"| {model} | {task} | {r['prompts']} | {' | '.join(cells)} |")
    out += [
        "",
        f"Uptake: share of answers with an item whose MiniLM similarity to one of the drawn memories is at least "
        f"{report['uptake_similarity']}; items taken: share of all items that do; closeness: mean best similarity "
        "of an answer's items to the drawn memories. The answers to the prompts without the line are scored "
        "against the same memories: what a plan says of them anyway (routine memories) is not the line's doing, "
        "so the rise is the line's effect.",
        "",
        "Examples (an item of an answer with the line, and the memory it says):",
        "",
    ]
    for model, shown in report["examples"].items():
        for e in shown:
            out.append(f'- {model}, {e["task"]}: "{e["item"]}" for "{e["memory"]}" ({e["similarity"]})')
        if not shown:
            out.append(f"- {model}: none")
    return "\n".join(out) + "\n"


def _pct(value: Any) -> str:
    return "-" if value is None else f"{float(value):.0%}"


def _points(value: Any) -> str:
    return "-" if value is None else f"{float(value) * 100:+.0f} points"


def _num(value: Any) -> str:
    return "-" if value is None else f"{float(value):.2f}"


def write(report: dict[str, Any], out: Path, command: str, machine: str, date: str) -> tuple[Path, Path]:
    """Write ``wander_uptake.json`` and ``wander_uptake.md`` into ``out``."""
    return write_pair(report, out, "wander_uptake", markdown, command, machine, date)
