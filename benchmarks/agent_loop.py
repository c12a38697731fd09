"""Agent-loop benchmark: framework time per agent-step, wall time per simulated day, peak memory, and the
baseline's LLM calls per agent per simulated day by task.

Runs a scenario with the scripted simulator (so the figures measure aga, not a model), with the real
MiniLM embedder behind its cache. "LLM time" is the time spent inside gateway calls (the simulator,
litellm's routing and the ledger commit); framework time is everything else: perception, retrieval,
path finding, planning logic, embeddings, checkpoints.

    .venv/bin/python -m benchmarks.agent_loop ville3 --hours 24
    .venv/bin/python -m benchmarks.agent_loop ville25 --hours 24 --out benchmarks/results/agent_loop_ville25.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import tempfile
import time
from collections import defaultdict
from pathlib import Path

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


def main() -> None:
    """Run the benchmark and write JSON and Markdown results."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["AGA_RUNS_DIR"] = tmp
        from aga.sim.run import Run

        began = time.perf_counter()
        run = Run.create(args.scenario, model="scripted/default", hours=args.hours, seed=args.seed, run_id="bench")
        setup_s = time.perf_counter() - began
        began = time.perf_counter()
        run.advance()
        wall_s = time.perf_counter() - began
        ledger = run.rt.gateway.ledger
        rows = ledger.rows()
        agents = len(run.rt.agents)
        steps = run.rt.step
        llm_s = sum(r.latency_s for r in rows)
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
        "llm_calls": overall.llm_calls,
        "tokens": overall.total_tokens,
        "llm_calls_per_agent_day": round(overall.llm_calls / agents / days, 1),
        "tokens_per_agent_day": round(overall.total_tokens / agents / days),
        "calls_per_agent_day_by_task": {k: round(v / agents / days, 2) for k, v in sorted(by_task.items())},
        "tokens_per_agent_day_by_task": {k: round(v / agents / days) for k, v in sorted(tokens_by_task.items())},
        "timeline_per_agent_day": {k: round(v / agents / days, 2) for k, v in sorted(kinds.items())},
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
    }
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
        lines = [
            f"# Agent loop: {args.scenario}, {args.hours:g} simulated hours, scripted simulator\n",
            f"`python -m benchmarks.agent_loop {args.scenario} --hours {args.hours:g}` on {result['machine']}.\n",
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
                )
            ),
            "",
            "## Baseline LLM calls per agent per simulated day, by task\n",
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
        args.out.with_suffix(".md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
