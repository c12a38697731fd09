"""``aga bench tokens``: the paper's ablation side by side, with behaviour parity.

One scenario, one model, one seed, four modes: baseline, Lifestyle Policy only, Social Memory only, full
AGA. The policy modes first run K warm-up days (seeds seed+1 ... seed+K, each a different day) that fill
their own store, as in the paper; the measured runs all use the same seed. Every run is an ordinary run
folder under ``OUT/runs`` (so ``aga ledger``, ``aga show``, ``aga social`` work on them), and a run
already finished is not run again: an interrupted benchmark continues where it stopped.

Writes ``OUT/report.json``, ``OUT/report.md`` and ``OUT/shares.png`` (share of baseline tokens per mode
next to the paper's figures).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import time as clock_time
from datetime import timedelta
from pathlib import Path
from typing import Any

from benchmarks.report import machine

MODES = ("baseline", "lifestyle", "social", "aga")
POLICY = ("lifestyle", "aga")
# Yu et al., AGA tokens / baseline tokens (3-agent town over two days after warm-up; 25-agent town).
PAPER = {"ville3": {"lifestyle": 0.402, "social": 0.586, "aga": 0.311}, "ville25": {"aga": 0.427}}
TARGETS = {"ville3": 0.25, "ville25": 0.35}


@dataclass(frozen=True)
class Planned:
    """One run of the benchmark."""

    run_id: str
    mode: str
    seed: int
    measured: bool


def plan(modes: tuple[str, ...], seed: int, warmup: int) -> list[Planned]:
    """The runs, in order: each policy mode's warm-ups before its measured run."""
    runs: list[Planned] = []
    for mode in modes:
        if mode in POLICY:
            runs += [Planned(f"{mode}-warmup{k}", mode, seed + k, False) for k in range(1, warmup + 1)]
        runs.append(Planned(mode, mode, seed, True))
    return runs


def span(days: float) -> str:
    """A run's length as a person would say it: "2 simulated days", "0.5 simulated hours"."""
    return f"{days:g} simulated days" if days >= 1 else f"{round(days * 24, 4):g} simulated hours"


def span_flag(days: float) -> str:
    """The ``aga bench tokens`` option that gives this length."""
    return f"--days {days:g}" if days >= 1 else f"--hours {round(days * 24, 4):g}"


def _execute(
    planned: Planned,
    scenario: str,
    *,
    days: float,
    model: str,
    stores: Path,
    on_step: Callable[[Any], None] | None,
    start: clock_time | None = None,
) -> None:
    """Create (or continue) one run and take it to its end."""
    from aga.sim.policies import PolicyOptions
    from aga.sim.run import Run
    from aga.storage import resolve_run

    paths = resolve_run(planned.run_id, must_exist=False)
    run = None
    if paths.database.exists():
        try:
            run = Run.open(planned.run_id)
        except ValueError:
            # Interrupted while being created (before its first checkpoint): nothing to continue.
            shutil.rmtree(paths.root)
    if run is not None:
        _same_run(run, planned, model=model, days=days, start=start)
        if run.info.status == "finished":
            run.close()
            return
    else:
        policies = PolicyOptions(store=str(stores / planned.mode)) if planned.mode in POLICY else None
        run = Run.create(
            scenario,
            model=model,
            mode=planned.mode,
            seed=planned.seed,
            hours=days * 24,
            run_id=planned.run_id,
            policies=policies,
            start=start,
        )
    try:
        run.advance(on_step=on_step)
    finally:
        run.close()


def _same_run(run: Any, planned: Planned, *, model: str, days: float, start: clock_time | None) -> None:
    """Refuse to continue (or report) a run made with other settings than this benchmark's."""
    began = run.rt.clock.start
    asked = {
        "mode": planned.mode,
        "model": model,
        "seed": planned.seed,
        "span": span(days),
        "start": (start or run.rt.scenario.spec.start.time()).strftime("%H:%M"),
    }
    found = {
        "mode": run.info.mode,
        "model": run.info.model,
        "seed": run.info.seed,
        "span": span((run.info.until - began) / timedelta(days=1)),
        "start": began.strftime("%H:%M"),
    }
    if asked != found:
        differ = ", ".join(f"{k} {found[k]} (asked: {asked[k]})" for k in asked if asked[k] != found[k])
        run.close()
        raise ValueError(
            f"{run.paths.root} was made with other settings: {differ}; give another --out, or delete that "
            "folder to run it again"
        )


def measure(run_id: str, mode: str) -> dict[str, Any]:
    """Ledger totals and parity of a finished run."""

    from aga.llm.ledger import Ledger
    from aga.scenario.loader import load_scenario
    from aga.sim.run import read_info
    from aga.storage import make_engine, resolve_run
    from benchmarks.parity import parity

    paths = resolve_run(run_id)
    engine = make_engine(paths.database_url)
    info = read_info(engine, paths.run_id)
    assert info is not None
    ledger = Ledger(engine, paths.run_id)
    # Calls of steps a resume replayed were spent but are not what the run needs: counted apart.
    overall = ledger.totals(standing=True)[0]
    spent = ledger.totals()[0]

    def grouped(by: str) -> dict[str, dict[str, float]]:
        return {
            str(t.key): {
                "calls": t.llm_calls,
                "prompt_tokens": t.prompt_tokens,
                "completion_tokens": t.completion_tokens,
                "tokens": t.total_tokens,
                "cache_hits": t.cache_hits,
                "tokens_avoided": t.saved_prompt_tokens + t.saved_completion_tokens,
            }
            for t in ledger.totals(by, standing=True)
        }

    return {
        "run": run_id,
        "mode": mode,
        "seed": info.seed,
        "llm_calls": overall.llm_calls,
        "prompt_tokens": overall.prompt_tokens,
        "completion_tokens": overall.completion_tokens,
        "tokens": overall.total_tokens,
        "cost_usd": round(overall.cost_usd, 6),
        "calls_avoided": overall.cache_hits,
        "tokens_avoided": overall.saved_prompt_tokens + overall.saved_completion_tokens,
        "fail_safes": overall.failsafes,
        "replayed_calls": spent.llm_calls - overall.llm_calls,
        "replayed_tokens": spent.total_tokens - overall.total_tokens,
        "by_module": grouped("module"),
        "by_task": grouped("task"),
        "parity": parity(engine, load_scenario(info.scenario), mode),
    }


def run_benchmark(
    scenario: str,
    *,
    days: float,
    model: str,
    seed: int,
    warmup: int,
    out: Path,
    modes: tuple[str, ...] = MODES,
    progress: Any = None,
    start: clock_time | None = None,
) -> dict[str, Any]:
    """Run (or continue) every planned run, then write the report; returns it."""
    out.mkdir(parents=True, exist_ok=True)
    os.environ["AGA_RUNS_DIR"] = str(out / "runs")
    runs = plan(modes, seed, warmup)
    began = time.perf_counter()
    for planned in runs:
        on_step = progress(planned) if progress else None
        _execute(planned, scenario, days=days, model=model, stores=out / "stores", on_step=on_step, start=start)
    measured = {p.mode: measure(p.run_id, p.mode) for p in runs if p.measured}
    base = measured.get("baseline")
    report = {
        "scenario": scenario,
        "model": model,
        "simulated_days": days,
        "start": start.strftime("%H:%M") if start else None,
        "seed": seed,
        "warmup_runs": warmup,
        "modes": measured,
        "share_of_baseline": {
            m: round(r["tokens"] / base["tokens"], 4) for m, r in measured.items() if base and base["tokens"]
        },
        "paper": PAPER.get(Path(scenario).name, {}),
        "target_aga": TARGETS.get(Path(scenario).name),
        "wall_s": round(time.perf_counter() - began, 1),
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
    }
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "report.md").write_text(markdown(report) + "\n")
    chart(report, out / "shares.png")
    return report


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown tables."""
    modes = report["modes"]
    shares = report["share_of_baseline"]
    paper = report["paper"]
    lines = [
        f"# Tokens by mode: {report['scenario']}, {report['model']}, {span(report['simulated_days'])}\n",
        f"`aga bench tokens {report['scenario']} {span_flag(report['simulated_days'])} --model {report['model']} "
        f"--seed {report['seed']} --warmup {report['warmup_runs']}"
        + (f" --start {report['start']}" if report.get("start") else "")
        + f"` on {report['machine']}, {report['date']}. "
        f"The policy modes first ran {report['warmup_runs']} warm-up run(s) of the same length with other "
        f"seeds; the measured runs share seed {report['seed']}.\n",
        "| mode | LLM calls | prompt tokens | completion tokens | tokens | share of baseline | paper | "
        "calls avoided | tokens avoided | cost $ |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for mode, r in modes.items():
        share = shares.get(mode)
        lines.append(
            f"| {mode} | {r['llm_calls']:,} | {r['prompt_tokens']:,} | {r['completion_tokens']:,} | {r['tokens']:,} | "
            f"{'-' if share is None else f'{share:.1%}'} | "
            f"{f'{paper[mode]:.1%}' if mode in paper else '-'} | {r['calls_avoided']:,} | {r['tokens_avoided']:,} | "
            f"{r['cost_usd']:.4f} |"
        )
    replayed = {m: r for m, r in modes.items() if r.get("replayed_calls")}
    if replayed:
        told = ", ".join(
            f"{m} {r['replayed_calls']:,} calls ({r['replayed_tokens']:,} tokens)" for m, r in replayed.items()
        )
        lines += ["", f"Not counted above: calls of steps replayed after a resume ({told})."]
    target = report.get("target_aga")
    if target is not None and "aga" in shares:
        verdict = "met" if shares["aga"] <= target else f"missed by {shares['aga'] - target:.1%} of baseline"
        lines += ["", f"Target: full AGA at or below {target:.0%} of baseline tokens: {verdict}."]
    modules = sorted({m for r in modes.values() for m in r["by_module"]})
    lines += ["", "## Tokens by module\n", "| module | " + " | ".join(modes) + " |", "|---|" + "---|" * len(modes)]
    for module in modules:
        cells = [f"{r['by_module'].get(module, {}).get('tokens', 0):,}" for r in modes.values()]
        lines.append(f"| {module} | " + " | ".join(cells) + " |")
    keys = [k for k in next(iter(modes.values()))["parity"] if k != "news_known"]
    lines += ["", "## Behaviour parity\n", "| measure | " + " | ".join(modes) + " |", "|---|" + "---|" * len(modes)]
    for key in keys:
        cells = [str(r["parity"].get(key)) for r in modes.values()]
        lines.append(f"| {key.replace('_', ' ')} | " + " | ".join(cells) + " |")
    for news in next(iter(modes.values()))["parity"]["news_known"]:
        cells = [r["parity"]["news_known"].get(news, "-") for r in modes.values()]
        lines.append(f"| agents who know '{news}' (not seeded) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def chart(report: dict[str, Any], path: Path) -> None:
    """Bars: each mode's share of the baseline's tokens, next to the paper's."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    modes = [m for m in report["share_of_baseline"] if m != "baseline"]
    ours = [report["share_of_baseline"][m] * 100 for m in modes]
    paper = [report["paper"].get(m, 0) * 100 for m in modes]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    xs = range(len(modes))
    ax.bar([x - 0.2 for x in xs], ours, width=0.4, label="aga (measured)")
    ax.bar([x + 0.2 for x in xs], paper, width=0.4, label="Yu et al.", color="#bbbbbb")
    for x, value in zip(xs, ours, strict=True):
        ax.text(x - 0.2, value + 1, f"{value:.0f}%", ha="center", fontsize=8)
    ax.set_xticks(list(xs), labels=modes)
    ax.set_ylabel("% of baseline tokens")
    ax.set_ylim(0, 110)
    ax.set_title(f"{report['scenario']}, {span(report['simulated_days'])}, {report['model']}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
