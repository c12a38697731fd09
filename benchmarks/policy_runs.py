"""Lifestyle Policy across consecutive runs: hit rate by kind and tokens per simulated day.

Run 1 starts from an empty policy store, runs 2, 3, ... reuse (and keep filling) the same store, as
in the paper's warm-up. A baseline run with the first seed gives the reference. Each run has its own
seed by default (run i uses seed i), so later runs are different days whose answers the simulator
paraphrases; ``--same-seed`` repeats one seed.

    .venv/bin/python -m benchmarks.policy_runs ville3 --runs 3 --hours 24 \
        --out benchmarks/results/policy_runs_ville3.json
    .venv/bin/python -m benchmarks.policy_runs ville3 --runs 2 --hours 0.5 --start 07:00 \
        --model local/qwen2.5-coder-1.5b --out benchmarks/results/policy_runs_ville3_local.json

``--start HH:MM`` starts the scenario's first day at that time, so that a short window with a slow real
model covers waking hours rather than sleep.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from datetime import time as clock_time
from pathlib import Path
from typing import Any

from benchmarks.report import machine, percentiles, write

KINDS = ("plan", "action", "importance")


def _one(
    scenario: str,
    mode: str,
    model: str,
    seed: int,
    hours: float,
    run_id: str,
    store: Path | None,
    scope: str = "agent",
    start: clock_time | None = None,
) -> dict[str, Any]:
    from aga.sim.policies import PolicyOptions
    from aga.sim.run import Run

    run = Run.create(
        scenario,
        model=model,
        mode=mode,
        seed=seed,
        hours=hours,
        run_id=run_id,
        policies=PolicyOptions(store=str(store), scope=scope) if store else None,
        start=start,
    )
    before = run.rt.lifestyle.stats() if run.rt.lifestyle else {}
    began = time.perf_counter()
    run.advance()
    wall = time.perf_counter() - began
    after = run.rt.lifestyle.stats() if run.rt.lifestyle else {}
    overall = run.rt.gateway.ledger.totals()[0]
    by_task = {t.key: t for t in run.rt.gateway.ledger.totals("task")}
    days = hours / 24
    kinds = {}
    for kind in KINDS:
        lookups = after.get(kind, {}).get("lookups", 0) - before.get(kind, {}).get("lookups", 0)
        hits = after.get(kind, {}).get("hits", 0) - before.get(kind, {}).get("hits", 0)
        kinds[kind] = {
            "lookups": int(lookups),
            "hits": int(hits),
            "hit_rate": round(hits / lookups, 3) if lookups else None,
            "stored_after": int(after.get(kind, {}).get("policies", 0)),
        }
    saved = overall.saved_prompt_tokens + overall.saved_completion_tokens
    run.close()
    return {
        "run": run_id,
        "mode": mode,
        "seed": seed,
        "wall_s": round(wall, 1),
        "llm_calls": overall.llm_calls,
        "prompt_tokens": overall.prompt_tokens,
        "completion_tokens": overall.completion_tokens,
        "tokens": overall.total_tokens,
        "tokens_per_simulated_day": round(overall.total_tokens / days),
        "calls_avoided": overall.cache_hits,
        "tokens_avoided": saved,
        "by_kind": kinds,
        "decompose_calls": by_task["plan.decompose"].llm_calls if "plan.decompose" in by_task else 0,
    }


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and write JSON and Markdown results."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--model", default="scripted/default")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--same-seed", action="store_true")
    parser.add_argument("--start", default=None, help="HH:MM: start the first day at this time")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--scope", choices=("agent", "shared"), default="agent")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)

    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        os.environ["AGA_RUNS_DIR"] = str(tmp / "runs")
        scenario = args.scenario
        start = clock_time.fromisoformat(args.start) if args.start else None
        store = tmp / "store"
        if not args.no_baseline:
            results.append(_one(scenario, "baseline", args.model, args.seed, args.hours, "baseline", None, start=start))
            print(json.dumps(results[-1]), flush=True)
        for i in range(1, args.runs + 1):
            seed = args.seed if args.same_seed else args.seed + i - 1
            results.append(
                _one(scenario, "lifestyle", args.model, seed, args.hours, f"lifestyle-{i}", store, args.scope, start)
            )
            print(json.dumps(results[-1]), flush=True)
        lookup = _lookup_latency(store)
    baseline = next((r for r in results if r["mode"] == "baseline"), None)
    report = {
        "scenario": args.scenario,
        "model": args.model,
        "simulated_hours": args.hours,
        "start": args.start,
        "scope": args.scope,
        "runs": results,
        "share_of_baseline": {
            r["run"]: round(r["tokens"] / baseline["tokens"], 3) for r in results if baseline and r is not baseline
        },
        "lookup_ms_in_run_store": lookup,
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
    }
    write(report, args.out, _markdown(report, args))


def _lookup_latency(store: Path) -> dict[str, float] | None:
    """p50/p95 of action lookups against the store the runs filled (its real size), each asked as the
    policy's own owner, so that the query reaches that owner's collection as in a run."""

    from aga.sim.run import default_embedder
    from policy_store import PolicyStore, Query

    if not (store / "policies.db").exists():
        return None
    with PolicyStore.open(store, default_embedder()) as opened:
        stored = opened.policies(kind="action", limit=200)
        if not stored:
            return None
        vectors = opened.embedder.embed([p.text for p in stored])
        times = []
        for policy, vector in zip(stored, vectors, strict=True):
            began = time.perf_counter()
            opened.lookup(Query(kind="action", owner=policy.owner, text=policy.text, embedding=vector))
            times.append((time.perf_counter() - began) * 1000)
    return percentiles(times)


def _markdown(report: dict[str, Any], args: argparse.Namespace) -> str:
    command = f"python -m benchmarks.policy_runs {args.scenario} --runs {args.runs} --hours {args.hours:g}"
    if args.model != "scripted/default":
        command += f" --model {args.model}"
    if args.start:
        command += f" --start {args.start}"
    if args.scope != "agent":
        command += f" --scope {args.scope}"
    lines = [
        f"# Lifestyle Policy over consecutive runs: {report['scenario']}, {report['model']}, {report['scope']} scope\n",
        f"`{command}` on {report['machine']}, {report['date']}. Run 1 starts from an empty store; later runs",
        "reuse it. Tokens are prompt + completion tokens actually sent, from each run's ledger.\n",
        "| run | seed | LLM calls | tokens | tokens / sim. day | share of baseline | calls avoided | "
        "plan hit rate | action hit rate | importance hit rate | wall s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in report["runs"]:
        share = report["share_of_baseline"].get(r["run"], 1.0 if r["mode"] == "baseline" else None)

        def rate(kind: str, r: dict[str, Any] = r) -> str:
            k = r["by_kind"][kind]
            return f"{k['hit_rate']:.0%} of {k['lookups']}" if k["hit_rate"] is not None else "-"

        lines.append(
            f"| {r['run']} | {r['seed']} | {r['llm_calls']:,} | {r['tokens']:,} | {r['tokens_per_simulated_day']:,} | "
            f"{'-' if share is None else f'{share:.1%}'} | {r['calls_avoided']:,} | {rate('plan')} | "
            f"{rate('action')} | {rate('importance')} | "
            f"{r['wall_s']} |"
        )
    lines += ["", "Policies stored after each run:", ""]
    for r in report["runs"]:
        if r["mode"] != "baseline":
            stored = ", ".join(f"{k} {v['stored_after']}" for k, v in r["by_kind"].items())
            lines.append(f"- {r['run']}: {stored}")
    if report["lookup_ms_in_run_store"]:
        lat = report["lookup_ms_in_run_store"]
        lines += [
            "",
            f"Lookup latency in the filled store (query embedded beforehand): p50 {lat['p50']} ms, "
            f"p95 {lat['p95']} ms.",
        ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
