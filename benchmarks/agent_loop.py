"""Agent-loop benchmark: framework time per agent-step, wall time per simulated day, peak memory, and the
baseline's LLM calls per agent per simulated day by task.

Runs a scenario with the scripted simulator (so the figures measure aga, not a model), with the real
MiniLM embedder behind its cache. "LLM time" is the time spent inside gateway calls (the simulator,
litellm's routing and the ledger commit); framework time is everything else: perception, retrieval,
path finding, planning logic, embeddings, checkpoints.

    .venv/bin/python -m benchmarks.agent_loop ville3 --hours 24
    .venv/bin/python -m benchmarks.agent_loop ville25 --hours 24 --out benchmarks/results/agent_loop_ville25.json
    .venv/bin/python -m benchmarks.agent_loop ville25 --hours 1 --start 08:00 --mode aga --profile prof.txt

``--profile FILE`` writes cProfile's cumulative table of the stepping (not the start-up) to FILE.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import tempfile
import time
from collections import defaultdict
from datetime import time as clock_time
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.report import machine, percentiles, write

if TYPE_CHECKING:
    from aga.sim.run import Run

# The Original's call pattern (Park et al.'s reverie code), for the comparison column: when each call
# fires. Counts per agent-day depend on the day, so the table states the rule next to our measured count.
ORIGINAL_PATTERN = {
    "plan.wake_up": "1 per day",
    "plan.daily": "1 per day",
    "plan.hourly": "1 per waking hour (~15-18)",
    "plan.revise_note": "1 per new day after the first (with feelings, currently, requirement)",
    "plan.decompose": "per hourly block >= 60 min, not sleep",
    "act.sector": "1 per action",
    "act.arena": "1 per action",
    "act.object": "1 per action",
    "act.emoji": "1 per action",
    "act.triple": "1 per action (+1 per thought)",
    "act.object_state": "1 per action",
    "act.object_emoji": "1 per action",
    "act.object_triple": "1 per action",
    "perceive.importance": "1 per new non-idle event",
    "perceive.chat_importance": "1 per chat per side",
    "perceive.thought_importance": "1 per thought",
    "react.decide_talk": "per other agent's new event in focus",
    "react.decide_wait": "when talk declined and same target",
    "react.replan": "after a chat or a wait, per participant",
    "converse.relationship": "1 per utterance",
    "converse.utterance": "1 per utterance",
    "converse.summary": "1 per conversation",
    "reflect.focal_points": "1 per reflection",
    "reflect.insights": "3 per reflection",
    "reflect.chat_planning": "1 per chat per side",
    "reflect.chat_memo": "1 per chat per side",
}


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and write JSON and Markdown results."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mode", default="baseline", help="baseline | lifestyle | social | aga")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--start", default=None, help="HH:MM: begin at this time of the first day")
    parser.add_argument("--profile", type=Path, default=None, help="write a cProfile table of the stepping here")
    args = parser.parse_args(argv)
    start = clock_time.fromisoformat(args.start) if args.start else None

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["AGA_RUNS_DIR"] = tmp
        from aga.sim.policies import POLICY_MODES, PolicyOptions
        from aga.sim.run import Run

        began = time.perf_counter()
        run = Run.create(
            args.scenario,
            model="scripted/default",
            mode=args.mode,
            hours=args.hours,
            seed=args.seed,
            run_id="bench",
            policies=PolicyOptions(fresh=True) if args.mode in POLICY_MODES else None,
            start=start,
        )
        setup_s = time.perf_counter() - began
        lookup_ms = _time_lookups(run)
        # The start-up's calls (rating the seeded memories) were made before the timed span: the model
        # time set against the wall time must be the calls of the span only, or the framework's share
        # comes out short (and negative once the framework is fast).
        start_up_calls = len(run.rt.gateway.ledger.rows())
        profiler = cProfile.Profile() if args.profile else None
        began = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        run.advance()
        wall_s = time.perf_counter() - began
        if profiler is not None:
            profiler.disable()
            _write_profile(profiler, args, wall_s)
        ledger = run.rt.gateway.ledger
        rows = ledger.rows()
        agents = len(run.rt.agents)
        steps = run.rt.step
        llm_s = sum(r.latency_s for r in rows[start_up_calls:])
        days = args.hours / 24
        by_task: dict[str, int] = defaultdict(int)
        tokens_by_task: dict[str, int] = defaultdict(int)
        for r in rows:
            by_task[r.task] += 1
            tokens_by_task[r.task] += r.prompt_tokens + r.completion_tokens
        timeline = run.rt.timeline.entries(limit=1_000_000)
        kinds: dict[str, int] = defaultdict(int)
        for e in timeline:
            kinds[e.kind] += 1
        overall = ledger.totals()[0]
    result = {
        "scenario": args.scenario,
        "simulated_hours": args.hours,
        "agents": agents,
        "steps": steps,
        "agent_steps": agents * steps,
        "setup_s": round(setup_s, 2),
        "wall_s": round(wall_s, 2),
        "wall_s_per_simulated_day": round(wall_s / days, 1),
        "llm_s": round(llm_s, 2),
        "framework_ms_per_agent_step": round((wall_s - llm_s) / (agents * steps) * 1000, 3),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "mode": args.mode,
        "policy_lookups": len(lookup_ms),
        "policy_lookup_ms": percentiles(lookup_ms),
        "llm_calls": overall.llm_calls,
        "tokens": overall.total_tokens,
        "llm_calls_per_agent_day": round(overall.llm_calls / agents / days, 1),
        "tokens_per_agent_day": round(overall.total_tokens / agents / days),
        "calls_per_agent_day_by_task": {k: round(v / agents / days, 2) for k, v in sorted(by_task.items())},
        "tokens_per_agent_day_by_task": {k: round(v / agents / days) for k, v in sorted(tokens_by_task.items())},
        "timeline_per_agent_day": {k: round(v / agents / days, 2) for k, v in sorted(kinds.items())},
        "machine": machine(),
    }
    lines = [
        f"# Agent loop: {args.scenario}, {args.hours:g} simulated hours, {args.mode} mode, scripted simulator\n",
        f"`python -m benchmarks.agent_loop {args.scenario} --hours {args.hours:g} --mode {args.mode}` "
        f"on {result['machine']}.\n",
        "| figure | value |",
        "|---|---|",
        *(
            f"| {k} | {result[k]} |"
            for k in (
                "agents",
                "steps",
                "wall_s",
                "wall_s_per_simulated_day",
                "llm_s",
                "framework_ms_per_agent_step",
                "peak_rss_mb",
                "llm_calls",
                "llm_calls_per_agent_day",
                "tokens_per_agent_day",
                "policy_lookups",
            )
        ),
        *(
            [f"| policy lookup ms (p50 / p95 / mean, embedding included) | {p['p50']} / {p['p95']} / {p['mean']} |"]
            if (p := result["policy_lookup_ms"])
            else []
        ),
        "",
        f"## LLM calls per agent per simulated day, by task ({args.mode})\n",
        "| task | calls / agent-day | tokens / agent-day | when the original calls it |",
        "|---|---|---|---|",
        *(
            f"| {k} | {v} | {result['tokens_per_agent_day_by_task'][k]:,} | {ORIGINAL_PATTERN.get(k, '')} |"
            for k, v in result["calls_per_agent_day_by_task"].items()
        ),
        "",
        "## What happened per agent-day\n",
        *(f"- {k}: {v}" for k, v in result["timeline_per_agent_day"].items()),
    ]
    write(result, args.out, "\n".join(lines))


def _write_profile(profiler: cProfile.Profile, args: argparse.Namespace, wall_s: float) -> None:
    """cProfile's table, by cumulative and by own time, with the command that made it."""
    text = io.StringIO()
    text.write(
        f"# python -m benchmarks.agent_loop {args.scenario} --hours {args.hours:g} --mode {args.mode}"
        + (f" --start {args.start}" if args.start else "")
        + f" --profile {args.profile.name}\n# {machine()}, {time.strftime('%Y-%m-%d')}, wall {wall_s:.1f} s "
        "(cProfile adds its own overhead; compare shares, and wall times of runs without --profile)\n\n"
    )
    for order in ("cumulative", "tottime"):
        stats = pstats.Stats(profiler, stream=text)
        stats.sort_stats(order).print_stats(45)
    args.profile.write_text(text.getvalue())


def _time_lookups(run: Run) -> list[float]:
    """Wrap the run's policy store lookup with a timer; the list fills as the run goes (empty without a store)."""
    store = run.rt.lifestyle
    times: list[float] = []
    if store is None:
        return times
    inner = store.lookup

    def timed(*args: object, **kwargs: object) -> object:
        began = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            times.append((time.perf_counter() - began) * 1000)

    store.lookup = timed  # a benchmark-only wrapper: the runtime has no timing hook, and needs none
    return times


if __name__ == "__main__":
    main()
