"""``aga bench believability``: the four modes and Park et al.'s ablations, over seeds, ranked together.

For every measured seed, the runs of the four modes (made, or continued, by the token benchmark's
machinery: policy modes after their warm-ups, so the token report comes along) are evaluated with
``aga eval``: interviews under each mode and under the three ablations of the baseline, one judge
ranking per agent and question; diffusion, density and attendance per mode. The report gives each
condition's TrueSkill mu per seed (mean and range) and from all seeds' rankings rated together, and the
knowledge measures with their spread, next to Park et al.'s figures.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from datetime import time as clock_time
from pathlib import Path
from typing import Any

from aga.evaluation.checks import check_lines, head_to_head, position_bias
from aga.evaluation.conditions import ABLATIONS
from aga.evaluation.evaluate import MEASURES, Evaluation, evaluate
from aga.evaluation.interviews import EvalSettings
from aga.evaluation.judge import Judged
from aga.evaluation.ranking import rate
from aga.evaluation.report import PAPER_MU, finite, made_by, write
from benchmarks.bench_tokens import MODES, run_benchmark
from benchmarks.report import provenance

# Park et al. (2023), two simulated days of the 25-agent town.
PAPER_KNOWLEDGE = {
    "diffusion": {"party": "4% -> 52%", "candidacy": "4% -> 32%"},
    "density": "0.167 -> 0.74",
    "attendance": "5 of 12 invited",
}


def kind(condition: str, seed: int) -> str:
    """A condition's name without its seed: "baseline-s2:no-memory" -> "baseline:no-memory"."""
    return condition.replace(f"-s{seed}", "", 1)


def spread(values: Sequence[float | None]) -> dict[str, Any]:
    """Mean, min, max and count of the values that exist."""
    got = [v for v in values if v is not None]
    if not got:
        return {"mean": None, "min": None, "max": None, "n": 0}
    return {"mean": statistics.fmean(got), "min": min(got), "max": max(got), "n": len(got)}


def run_believability(
    scenario: str,
    *,
    out: Path,
    days: float,
    model: str,
    seed: int,
    seeds: int,
    warmup: int,
    settings: EvalSettings,
    measures: Sequence[str] = MEASURES,
    max_pairs: int | None = None,
    modes: Sequence[str] = MODES,
    start: clock_time | None = None,
    jobs: int = 1,
    done: Callable[[list[Any]], None] | None = None,
    on_answer: Callable[[str], None] | None = None,
    api_base: str | None = None,
    records: Path | None = None,
    only: Sequence[int] = (),
    on_note: Callable[[str], None] | None = None,
    from_records: bool = False,
    judge_kept: bool = False,
) -> dict[str, Any]:
    """Make (or continue) the runs, evaluate every seed, write ``believability.{json,md}``; return it.

    ``records``: a folder keeping each seed's answers and verdicts (``s<seed>.jsonl``) apart from ``out``,
    so that a recording can be finished in sittings by keeping only that folder: the runs are made again
    (the simulator is deterministic) and a kept answer is reused only where its run's state matches.
    ``only``: a sitting that makes the runs of these measured seeds alone and evaluates them, with the
    settings of the whole recording (its seed is still ``seed``, which every kept record names); no report
    is written, and ``{"evaluated": [...]}`` is returned. ``on_note``: told per run, before its seed's
    questions, how many kept records apply to it. ``from_records``: no run is made and no model asked;
    every seed is read back from ``records`` (:mod:`aga.evaluation.kept`), each run at the latest state
    its records complete, and the report says so. ``judge_kept`` (with ``from_records``): the verdicts the
    records lack are asked of ``settings.judge`` and kept into ``records`` (no run is made and the voice is
    not asked: another judge or way of judging tried on the kept answers).
    """
    if "baseline" not in modes:
        raise ValueError("the ablations are of the baseline: keep baseline among the modes")
    measured = [seed + i for i in range(seeds)]
    outside = [s for s in only if s not in measured]
    if outside:
        raise ValueError(f"seed {outside[0]} is not among the measured seeds {measured}")
    made = provenance()
    tokens: dict[str, Any] = {}
    if from_records:
        if records is None or only:
            raise ValueError("--from-records reads the --records folder back, for the whole report (not --sitting)")
        return _read_back(scenario, records, out, measured, modes=modes, settings=settings, measures=measures,
                          max_pairs=max_pairs, made=made, on_note=on_note, judge_kept=judge_kept,
                          described={"run_model": model, "simulated_days": days, "warmup_runs": warmup})  # fmt: skip
    if judge_kept:
        raise ValueError("--judge-kept judges the answers kept in --records: give it with --from-records")
    # A sitting's seeds one at a time: the token machinery plans every seed from its first, and the other
    # seeds' runs (hours for a large town) are not needed to evaluate these.
    for first, count in [(s, 1) for s in dict.fromkeys(only)] or [(seed, seeds)]:
        tokens = run_benchmark(
            scenario, days=days, model=model, seed=first, warmup=warmup, out=out, modes=modes, seeds=count,
            start=start, jobs=jobs, done=done, api_base=api_base, gateway_options=settings.gateway,
        )  # fmt: skip
    evaluations: dict[int, Evaluation] = {}
    for s in list(dict.fromkeys(only)) or measured:
        runs = [f"{m}-s{s}" for m in modes]
        folder = out / "eval" / f"s{s}"
        evaluations[s] = evaluate(
            runs, folder, settings, ablate=f"baseline-s{s}", ablations=list(ABLATIONS),
            measures=measures, max_pairs=max_pairs, on_answer=on_answer,
            records_file=records / f"s{s}.jsonl" if records else None, on_note=on_note,
        )  # fmt: skip
        write(evaluations[s], settings, folder, made)  # each seed's own report, as `aga eval` writes it
    if only:
        return {"evaluated": sorted(evaluations)}
    report = summarise(evaluations, modes=modes, settings=settings)
    report.update(
        provenance=made, scenario=scenario, run_model=model, simulated_days=days, warmup_runs=warmup,
        share_of_baseline_tokens=tokens.get("share_of_baseline"),
    )  # fmt: skip
    return _write(out, report)


def _read_back(
    scenario: str,
    records: Path,
    out: Path,
    measured: Sequence[int],
    *,
    modes: Sequence[str],
    settings: EvalSettings,
    measures: Sequence[str],
    max_pairs: int | None,
    made: dict[str, str],
    on_note: Callable[[str], None] | None,
    described: dict[str, Any],
    judge_kept: bool = False,
) -> dict[str, Any]:
    """The report of ``measured`` seeds from the kept records alone (see ``run_believability``)."""
    from aga.evaluation.kept import evaluate_from_records
    from aga.scenario.loader import load_scenario

    town = load_scenario(scenario)
    for s in measured:  # every seed's file first: a missing one is said before any is read
        if not (records / f"s{s}.jsonl").exists():
            raise ValueError(
                f"--from-records: {records / f's{s}.jsonl'} does not exist (seed {s} was never recorded into {records})"
            )
    evaluations: dict[int, Evaluation] = {}
    for s in measured:
        kept = records / f"s{s}.jsonl"
        folder = out / "eval" / f"s{s}"
        folder.mkdir(parents=True, exist_ok=True)
        evaluations[s] = evaluate_from_records(
            kept, [f"{m}-s{s}" for m in modes], settings, town, ablate=f"baseline-s{s}", ablations=list(ABLATIONS),
            measures=measures, max_pairs=max_pairs, on_note=on_note,
            ask=_judge(settings, folder) if judge_kept else None,
        )  # fmt: skip
        write(evaluations[s], settings, folder, made)
    report = summarise(evaluations, modes=modes, settings=settings)
    report.update(
        provenance=made, scenario=scenario, **described, share_of_baseline_tokens=None,
        read_back={str(s): {r: f["state"] for r, f in ev.runs.items()} for s, ev in evaluations.items()},
        judged_kept_answers=judge_kept,
    )  # fmt: skip
    return _write(out, report)


def _judge(settings: EvalSettings, folder: Path) -> Any:
    """The judge's gateway for verdicts asked of kept answers, its calls in ``folder/eval.db``."""
    from aga.llm.gateway import Gateway
    from aga.llm.ledger import Ledger
    from aga.storage import make_engine, sqlite_url

    ledger = Ledger(make_engine(sqlite_url(folder / "eval.db")), "eval")
    return Gateway(
        settings.judge, ledger=ledger, seed=settings.seed, api_base=settings.api_base, options=settings.gateway
    )


def _write(out: Path, report: dict[str, Any]) -> dict[str, Any]:
    """Write ``believability.{json,md}`` into ``out``; return the report."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "believability.json").write_text(json.dumps(finite(report), indent=2, allow_nan=False) + "\n")
    (out / "believability.md").write_text(markdown(report) + "\n")
    return report


def summarise(evaluations: dict[int, Evaluation], *, modes: Sequence[str], settings: EvalSettings) -> dict[str, Any]:
    """Ratings per seed and pooled, knowledge measures per mode, with spreads."""
    kinds = list(modes) + [f"baseline:{a}" for a in ABLATIONS]
    per_seed: dict[str, list[float]] = {k: [] for k in kinds}
    pooled: list[Judged] = []
    for s, ev in evaluations.items():
        for r in ev.ratings:
            per_seed.setdefault(kind(r.condition, s), []).append(r.mu)
        for j in ev.judged:
            pooled.append(Judged({kind(c, s): p for c, p in j.places.items()}, j.complete, j.failsafe, j.firsts))
    together = rate(pooled, kinds, reference="baseline", seed=settings.seed) if pooled else []
    knowledge: dict[str, dict[str, Any]] = {}
    for m in modes:
        found = [ev.runs.get(f"{m}-s{s}", {}) for s, ev in evaluations.items()]
        news_ids = sorted({n for f in found for n in f.get("diffusion", {})})
        events = sorted({a["news"] for f in found for a in f.get("attendance", [])})
        knowledge[m] = {
            "diffusion": {n: spread([f.get("diffusion", {}).get(n, {}).get("share") for f in found]) for n in news_ids},
            "hallucination_rate": {
                n: spread([f.get("diffusion", {}).get(n, {}).get("hallucination_rate") for f in found])
                for n in news_ids
            },
            "density_start": spread([f.get("density", {}).get("start", {}).get("density") for f in found]),
            "density_end": spread([f.get("density", {}).get("end", {}).get("density") for f in found]),
            "invented_acquaintances": spread(
                [f.get("density", {}).get("end", {}).get("invented_acquaintances") for f in found]
            ),
            "social_density": spread([f.get("social_density") for f in found]),
            "attendance": {
                e: spread([a["share"] for f in found for a in f.get("attendance", []) if a["news"] == e])
                for e in events
            },
        }
    return {
        "voice": settings.voice,
        "judge": settings.judge,
        "seeds": sorted(evaluations),
        "questions_per_category": settings.per_category,
        "judging": settings.judging,
        "mu_per_seed": {k: spread(v) for k, v in per_seed.items()},
        "pooled": [
            {
                "condition": r.condition,
                "mu": r.mu,
                "sigma": r.sigma,
                "rankings": r.matches,
                "mean_place": r.mean_place,
                "effect_vs_baseline": r.effect_vs_reference,
            }
            for r in together
        ],
        "rankings": {
            "total": len(pooled),
            "failsafe": sum(1 for j in pooled if j.failsafe),
            "incomplete": sum(1 for j in pooled if not j.failsafe and not j.complete),
        },
        "judge_check": head_to_head(pooled, "baseline", "baseline:no-memory"),
        "position_bias": position_bias(pooled),
        "knowledge": knowledge,
        "paper": {"mu": PAPER_MU, **PAPER_KNOWLEDGE},
    }


def _f(x: float | None, fmt: str = "{:.2f}") -> str:
    return "-" if x is None or x != x else fmt.format(x)


def _sp(s: dict[str, Any], fmt: str = "{:.2f}", seeds: int | None = None) -> str:
    """Mean (min-max); with how many of the ``seeds`` it stands for where some had nothing to measure."""
    if not s or s.get("mean") is None:
        return "-"
    some = f", {s['n']} of {seeds} seeds" if seeds is not None and s.get("n", seeds) < seeds else ""
    return f"{_f(s['mean'], fmt)} ({_f(s['min'], fmt)}-{_f(s['max'], fmt)}{some})"


def _read_back_note(report: dict[str, Any]) -> list[str]:
    """Where the report was read back from the kept records: which state of each run it stands for."""
    if not report.get("read_back"):
        return []
    states = "; ".join(
        f"seed {s}: " + ", ".join(f"{run} {state}" for run, state in runs.items())
        for s, runs in report["read_back"].items()
    )
    asked = (
        f"no run was made and the voice was not asked; the verdicts the records lacked were asked of the judge "
        f"(`--judge-kept`, {report['judge']}) and kept"
        if report.get("judged_kept_answers")
        else "no run was made and no model asked"
    )
    return [
        f"Read back from the kept records (`--from-records`): {asked}; each run is "
        f"counted at the latest end state its records complete ({states}). What a run showed without a model "
        "(Social Memory density, attendance) is there only where the records kept it.",
        "",
    ]


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown."""
    lines = [
        f"# Believability of {report['scenario']}: modes and ablations over seeds {report['seeds']}",
        "",
        *(made_by(report["provenance"]) if report.get("provenance") else []),
        f"Runs: `{report['run_model']}`, {report['simulated_days']:g} simulated days, {report['warmup_runs']} "
        "warm-up(s) per policy mode, sequential steps (the token benchmark's runs: agents in name order, "
        f"as the original). Interviews spoken by `{report['voice']}`, ranked by `{report['judge']}` "
        f"({report['questions_per_category']} questions per category). Judge verdicts ({report['judging']}): "
        f"{report['rankings']['total']} "
        f"({report['rankings']['failsafe']} fail-safes, {report['rankings']['incomplete']} incomplete). "
        "A small judge is noisy: read the spreads and effect sizes.",
        "",
        *_read_back_note(report),
        "| condition | mu, all seeds rated together | sigma | Cohen's d vs baseline | mu per seed: mean (range) |",
        "|---|---|---|---|---|",
    ]
    for r in report["pooled"]:
        lines.append(
            f"| {r['condition']} | {_f(r['mu'])} | {_f(r['sigma'])} | {_f(r['effect_vs_baseline'])} | "
            f"{_sp(report['mu_per_seed'].get(r['condition'], {}))} |"
        )
    lines += ["", *check_lines(report.get("judge_check"), report.get("position_bias"), report["judging"])]
    lines += ["Park et al. (2023), human evaluators: " + ", ".join(
        f"{k} {v:.2f}" for k, v in report["paper"]["mu"].items()) + ".", ""]  # fmt: skip
    lines += [
        "| mode | news known at the end: mean (range) | invented details | density start | density end | "
        "invented acquaintances | Social Memory density | attendance |",
        "|---|---|---|---|---|---|---|---|",
    ]
    seeds = len(report["seeds"])
    for mode, k in report["knowledge"].items():
        known = "; ".join(f"{n} {_sp(s, '{:.0%}')}" for n, s in k["diffusion"].items()) or "-"
        invented = "; ".join(f"{n} {_sp(s, '{:.0%}')}" for n, s in k["hallucination_rate"].items()) or "-"
        came = "; ".join(f"{e} {_sp(s, '{:.0%}', seeds)}" for e, s in k["attendance"].items()) or "-"
        lines.append(
            f"| {mode} | {known} | {invented} | {_sp(k['density_start'])} | {_sp(k['density_end'])} | "
            f"{_sp(k['invented_acquaintances'], '{:.1f}')} | {_sp(k['social_density'], seeds=seeds)} | {came} |"
        )
    paper = report["paper"]
    lines += ["", f"Park et al.: diffusion {paper['diffusion']['party']} (party), {paper['diffusion']['candidacy']} "
              f"(candidacy); density {paper['density']}; attendance {paper['attendance']}."]  # fmt: skip
    return "\n".join(lines)
