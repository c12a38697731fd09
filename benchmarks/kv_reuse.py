"""KV-state reuse of the embedded model: prompt tokens llama.cpp really evaluates, with and without
kept states, on a real town.

Runs the same window of a town on the embedded model (``local/...``) once per state-cache setting,
each in its own process (a fresh model and fresh counters): ``full`` (llama-cpp-python's own RAM cache,
logits copied into every state: what aga did before), ``trimmed`` (states kept without their logits,
the default now), and optionally ``0`` (no kept states). Reports per call the prompt tokens, the tokens
llama.cpp evaluated, and the seconds; the answers are sampled, so the two runs may drift apart after
their first calls, which is why the figures are per call and not per run.

    python -m benchmarks.kv_reuse ville3 --minutes 20 --model local/qwen2.5-coder-0.5b \
        --out benchmarks/results/kv_reuse_ville3.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import time as clock_time
from pathlib import Path
from typing import Any

from benchmarks.report import machine, write

SETTINGS = ("full", "trimmed")


def one(args: argparse.Namespace) -> dict[str, Any]:
    """Run the window in this process with the state-cache setting of the environment."""
    from aga.llm.providers import local
    from aga.sim.run import Run

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["AGA_RUNS_DIR"] = tmp
        run = Run.create(
            args.scenario,
            model=args.model,
            hours=args.minutes / 60,
            seed=args.seed,
            run_id="kv",
            start=clock_time.fromisoformat(args.start),
            step_mode=args.step,
        )
        try:
            began = time.perf_counter()
            start_stats = dict(local.STATS)
            run.advance()
            wall = time.perf_counter() - began
            stats = {k: local.STATS[k] - start_stats.get(k, 0) for k in local.STATS}
        finally:
            run.close()
    calls = max(1, stats["calls"])
    prompt_evaluated = stats["evaluated_tokens"] - stats["completion_tokens"]
    return {
        "setting": os.environ.get("AGA_LLM_STATE_CACHE_MB", "trimmed"),
        "calls": stats["calls"],
        "prompt_tokens_per_call": round(stats["prompt_tokens"] / calls, 1),
        "evaluated_prompt_tokens_per_call": round(prompt_evaluated / calls, 1),
        "evaluated_share": round(prompt_evaluated / max(1, stats["prompt_tokens"]), 3),
        "seconds_per_call": round(wall / calls, 2),
        "wall_s": round(wall, 1),
    }


def main(argv: list[str] | None = None) -> None:
    """Run every setting in a child process and write the comparison."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--minutes", type=float, default=20.0, help="simulated minutes per run")
    parser.add_argument("--start", default="09:00")
    parser.add_argument("--model", default="local/qwen2.5-coder-0.5b")
    parser.add_argument("--step", default="sequential", help="phased | sequential")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--setting", action="append", help="full | trimmed | 0 (repeatable)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(one(args)))
        return
    results = []
    for setting in args.setting or list(SETTINGS):
        env = {**os.environ, "AGA_LLM_STATE_CACHE_MB": setting}
        cmd = [sys.executable, "-m", "benchmarks.kv_reuse", args.scenario, "--child", "--minutes", str(args.minutes),
               "--start", args.start, "--model", args.model, "--step", args.step, "--seed", str(args.seed)]  # fmt: skip
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"the {setting} run failed:\n{done.stderr[-3000:]}")
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(f"{setting}: {results[-1]}", file=sys.stderr, flush=True)
    report = {
        "scenario": args.scenario,
        "model": args.model,
        "minutes": args.minutes,
        "start": args.start,
        "step": args.step,
        "threads": os.environ.get("AGA_LLM_THREADS", "every core"),
        "runs": results,
        "machine": machine(),
    }
    lines = [
        f"# Kept KV states of the embedded model: {args.scenario}, {args.minutes:g} simulated minutes from "
        f"{args.start}, {args.model}\n",
        f"`python -m benchmarks.kv_reuse {args.scenario} --minutes {args.minutes:g} --start {args.start} "
        f"--model {args.model} --step {args.step}` on {report['machine']}.\n",
        "| states kept | calls | prompt tokens / call | evaluated prompt tokens / call | share evaluated | s / call |",
        "|---|---|---|---|---|---|",
        *(
            f"| {r['setting']} | {r['calls']} | {r['prompt_tokens_per_call']} | "
            f"{r['evaluated_prompt_tokens_per_call']} | {r['evaluated_share']:.0%} | {r['seconds_per_call']} |"
            for r in results
        ),
        "",
        "full: llama-cpp-python's RAM cache (1 GB, every state with a copy of the logits buffer, so it holds "
        "two or three); trimmed: states without logits (the same gigabyte holds about a hundred); 0: none "
        "(only the prefix shared with the previous prompt is reused).",
    ]
    write(report, args.out, "\n".join(lines))


if __name__ == "__main__":
    main()
