"""Does a model decide to talk more often when the prompt shows how close the two are?

Social Memory puts the relation ("Ana sees Bo as her partner, ... (closeness 10/10). What Ana knows:
...") at the top of the decide-to-talk prompt. The scripted simulator answers yes more often the closer
the relation it reads there; on a town of close relations that alone doubled the conversations of its
Social Memory runs (``benchmarks/results/tokens_harbour6/``). ``aga bench talk`` checks that assumption
against real models: it captures the decide-to-talk prompts of a Social Memory run on the simulator,
puts each to every model as it was and without the relation's line, once per seed, and reports the
share of yes answers of each, overall and by the closeness shown.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import time
from pathlib import Path
from typing import Any

from benchmarks.report import write_pair
from benchmarks.scratch import observed_run, scratch_gateways, take_turns

TASK = "react.decide_talk"
_CLOSENESS = re.compile(r"\(closeness (\d+)/10\)")
# Closeness bands of the report: strangers and acquaintances, friends and co-workers, family and partners.
BANDS = ((0, 3, "0-3"), (4, 7, "4-7"), (8, 10, "8-10"))


@dataclass
class TalkPrompt:
    """One decide-to-talk prompt of a Social Memory run: who asks about whom, and what it showed."""

    scenario: str
    agent: str
    other: str
    closeness: int
    shown: dict[str, str]
    answers: dict[str, dict[str, list[bool]]] = field(default_factory=dict)  # model -> variant -> decisions


def without_relation(shown: dict[str, str]) -> dict[str, str] | None:
    """The prompt's values with the Social Memory relation left out of its context, as a run without
    Social Memory would show them; None when the context does not start with a relation."""
    context = shown.get("context", "")
    first, _, rest = context.partition("\n")
    if not _CLOSENESS.search(first):
        return None
    return {**shown, "context": rest}


def capture(scenario: str, *, hours: float, seed: int, start: time | None = None) -> list[TalkPrompt]:
    """Run ``scenario`` on the simulator in Social Memory mode and keep every decide-to-talk prompt that
    carries a relation."""
    kept: list[TalkPrompt] = []

    def observe(prompt: Any, answer: Any) -> None:
        if prompt.task != TASK:
            return
        shown = {k: str(v) for k, v in prompt.shown.items()}
        m = _CLOSENESS.search(shown.get("context", "").partition("\n")[0])
        if m is not None:
            kept.append(TalkPrompt(scenario, shown.get("name", ""), shown.get("other", ""), int(m.group(1)), shown))

    with observed_run(scenario, observe, "aga-talk-", mode="social", hours=hours, seed=seed, start=start) as run:
        run.advance()
    return kept


def spread(prompts: Sequence[TalkPrompt], per_band: int) -> list[TalkPrompt]:
    """Up to ``per_band`` prompts per closeness band, one pair (asker, other) at a time, in capture order,
    so that a chatty pair does not fill a band."""
    out: list[TalkPrompt] = []
    for lo, hi, _ in BANDS:
        band = [p for p in prompts if lo <= p.closeness <= hi]
        pairs: dict[tuple[str, str], list[TalkPrompt]] = {}
        for p in band:
            pairs.setdefault((p.agent, p.other), []).append(p)
        out += take_turns(pairs.values(), per_band)
    return out


def ask(
    prompts: Sequence[TalkPrompt], model: str, seeds: Sequence[int], on_call: Callable[[], None] | None = None
) -> None:
    """Put every prompt to ``model`` with and without its relation, once per seed, through the gateway."""
    import aga.cognition.react  # noqa: F401  (declares the task)
    from aga.llm.tasks import get_task

    task = get_task(TASK)
    assert task is not None
    with scratch_gateways(model, seeds, "aga-talk-ledger-") as gateways:
        for gateway in gateways:
            for p in prompts:
                plain = without_relation(p.shown)
                assert plain is not None  # capture keeps only prompts with a relation
                for variant, shown in (("with", p.shown), ("without", plain)):
                    decision = bool(gateway.call(task, shown, agent=p.agent).decision)
                    p.answers.setdefault(model, {}).setdefault(variant, []).append(decision)
                    if on_call is not None:
                        on_call()


def _rate(prompts: Sequence[TalkPrompt], model: str, variant: str) -> float | None:
    said = [d for p in prompts for d in p.answers.get(model, {}).get(variant, [])]
    return round(sum(said) / len(said), 3) if said else None


def measure(prompts: Sequence[TalkPrompt], models: Sequence[str]) -> dict[str, Any]:
    """Per model: the yes rate with and without the relation, their difference, overall and by band."""
    out: dict[str, Any] = {}
    for model in models:
        rows: dict[str, Any] = {}
        for lo, hi, name in (*BANDS, (0, 10, "all")):
            band = [p for p in prompts if lo <= p.closeness <= hi]
            with_, without = _rate(band, model, "with"), _rate(band, model, "without")
            rows[name] = {
                "prompts": len(band),
                "yes_with_relation": with_,
                "yes_without_relation": without,
                "rise": None if with_ is None or without is None else round(with_ - without, 3),
            }
        # How often one prompt's two variants were answered differently by the same seed: a model that
        # ignores the relation changes its mind only by sampling.
        pairs = [
            pair
            for p in prompts
            for pair in zip(
                p.answers.get(model, {}).get("with", []), p.answers.get(model, {}).get("without", []), strict=True
            )
        ]
        rows["changed_by_relation"] = round(sum(a != b for a, b in pairs) / len(pairs), 3) if pairs else None
        # The same prompt and variant answered differently by two seeds: what sampling alone changes,
        # the yardstick for the line above.
        seeds = [
            pair for p in prompts for said in p.answers.get(model, {}).values() for pair in itertools.pairwise(said)
        ]
        rows["changed_by_seed"] = round(sum(a != b for a, b in seeds) / len(seeds), 3) if seeds else None
        out[model] = rows
    return out


def run(
    towns: Sequence[str],
    models: Sequence[str],
    *,
    hours: float,
    seed: int,
    seeds: int,
    per_band: int,
    start: time | None = None,
    tracker: Callable[[str, int], Callable[[], None]] | None = None,
) -> dict[str, Any]:
    """Capture, spread over closeness, ask every model, measure (the whole benchmark)."""
    prompts: list[TalkPrompt] = []
    captured: dict[str, int] = {}
    for town in towns:
        got = capture(town, hours=hours, seed=seed, start=start)
        captured[town] = len(got)
        prompts += spread(got, per_band)
    for model in models:
        step = tracker(model, len(prompts) * seeds * 2) if tracker is not None else None
        ask(prompts, model, [seed + i for i in range(seeds)], step)
    return {
        "towns": list(towns),
        "models": list(models),
        "hours": hours,
        "seed": seed,
        "seeds": seeds,
        "per_band": per_band,
        "captured": captured,
        "by_model": measure(prompts, models),
        "prompts": [asdict(p) for p in prompts],
    }


def markdown(report: dict[str, Any], command: str, machine: str, date: str) -> str:
    """The report as Markdown: one table of yes rates per model and closeness band."""
    out = [
        "# Deciding to talk, with and without the Social Memory relation in the prompt",
        "",
        f"`{command}` on {machine}, {date}. Decide-to-talk prompts captured from a Social Memory run of "
        f"{', '.join(report['towns'])} on the simulator ({report['hours']} simulated hours, seed "
        f"{report['seed']}; captured: {report['captured']}), up to {report['per_band']} per closeness band; "
        f"each put to every model as it was and without the relation's line, {report['seeds']} seeds each.",
        "",
        "| model | closeness | prompts | yes with relation | yes without | rise | changed by the relation "
        "| changed by the seed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for model, rows in report["by_model"].items():
        for band in (*(b[2] for b in BANDS), "all"):
            r = rows[band]
            changed = [rows.get(k, "") if band == "all" else "" for k in ("changed_by_relation", "changed_by_seed")]
            cells = [_cell(r["yes_with_relation"]), _cell(r["yes_without_relation"]), _signed(r["rise"])]
            cells += [_cell(c) for c in changed]
            out.append(f"| {model} | {band} | {r['prompts']} | {' | '.join(cells)} |")
    out += [
        "",
        "Changed by the relation: one prompt's two variants answered differently under the same seed; changed "
        "by the seed: one variant answered differently by two seeds (what sampling alone changes). A rise "
        "near zero, with the relation changing answers no more often than the seed does, means the model "
        "ignores the relation when deciding to talk. The simulator's rule (its chance grows with the "
        "closeness shown) is the assumption this table tests.",
    ]
    return "\n".join(out) + "\n"


def _cell(value: Any) -> str:
    return "-" if value is None or value == "" else f"{float(value):.0%}"


def _signed(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:+.0f} points"


def write(report: dict[str, Any], out: Path, command: str, machine: str, date: str) -> tuple[Path, Path]:
    """Write ``talk_decisions.json`` and ``talk_decisions.md`` into ``out``."""
    return write_pair(report, out, "talk_decisions", markdown, command, machine, date)
