"""Concurrency benchmark: a town on a model with a hosted model's latency, serial against concurrent.

Starts the loopback latency server (:mod:`benchmarks.latency_server`: the scripted simulator over
HTTP, answering after ``--latency`` s plus up to ``--jitter`` s), then runs the same phased town for
the same span and seed once per ``--concurrency`` value, each from a fresh run folder and a fresh
policy store, with the real embedder. Reports wall time, model calls per second, the speed-up over
the first value, token totals, and whether the timeline and every agent's sequence of calls are
identical to the first run's (they must be: the number of threads may change only the wall time).
A sequential-step run can be added (``--sequential``) to show how far the phased step's token totals
are from the sequential step's for the same town.

    python -m benchmarks.concurrency ville25 --hours 1 --latency 0.5 --concurrency 1 --concurrency 8 \
        --concurrency 25 --out benchmarks/results/concurrency_ville25.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import tempfile
import time
from datetime import time as clock_time
from pathlib import Path
from typing import Any

from benchmarks.ahead_replay import replay, schedule
from benchmarks.latency_server import LatencyServer
from benchmarks.report import machine, write


def town_record(run: Any) -> tuple[list[Any], list[Any]]:
    """(timeline, every agent's own sequence of calls) of a finished run, for comparing two runs.

    Memory ids in a reflection's evidence are replaced by the memories' text: ids depend on how the
    agents' writes interleaved (and a resume skips the ids of the memories it dropped), what a
    reflection rests on does not. Calls are (task, outcome, prompt tokens, completion tokens) per
    agent in the order that agent made them: the order between agents is the threads'.
    """
    from sqlmodel import Session, select

    from aga.llm.ledger import LedgerRow
    from aga.memory import MemoryNode
    from aga.storage.timeline import TimelineEntry

    with Session(run.engine) as session:
        texts = {n.id: n.description for n in session.exec(select(MemoryNode))}
        timeline = []
        for e in session.exec(select(TimelineEntry).order_by(TimelineEntry.id)):  # type: ignore[arg-type]
            data = json.loads(e.data_json)
            if "evidence" in data:
                data["evidence"] = [texts.get(i) for i in data["evidence"]]
            timeline.append((e.step, e.agent, e.kind, e.text, data))
        # By step and agent (stable: one agent's rows of one step stay in the order it wrote them): agents
        # running ahead of each other write their steps in an order that has nothing to do with the town.
        timeline.sort(key=lambda row: (row[0], row[1]))
        calls: dict[str, list[Any]] = {}
        for r in session.exec(select(LedgerRow).order_by(LedgerRow.id)):  # type: ignore[arg-type]
            calls.setdefault(str(r.agent), []).append((r.task, r.outcome, r.prompt_tokens, r.completion_tokens))
    return timeline, sorted(calls.items())


def critical_calls(run: Any, *, after_id: int = 0) -> int:
    """Per step, the most model calls one agent made, summed over the steps: the calls that would wait
    one after another if each agent made its calls in a row (a step's phases only lengthen the chain;
    the calls of one decision made at once, see ``Runtime.gather``, shorten it). For agents running
    ahead of each other, ``benchmarks.ahead_replay`` replays the schedule instead."""
    from collections import Counter

    from sqlmodel import Session, select

    from aga.llm.ledger import LedgerRow, Outcome

    per_step: dict[Any, Counter[str]] = {}
    with Session(run.engine) as session:
        rows = session.exec(
            select(LedgerRow.sim_time, LedgerRow.agent).where(
                LedgerRow.id > after_id, LedgerRow.outcome != Outcome.CACHE_HIT.value
            )
        )
        for when, agent in rows:
            per_step.setdefault(when, Counter())[str(agent)] += 1
    return sum(max(c.values()) for c in per_step.values())


def signature(run: Any) -> tuple[str, str]:
    """(digest of the timeline, digest of the calls) of :func:`town_record`."""
    timeline, calls = town_record(run)

    def digest(value: Any) -> str:
        return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]

    return digest(timeline), digest(calls)


def measure(
    args: argparse.Namespace, server: LatencyServer, concurrency: int, *, step_mode: str = "phased"
) -> dict[str, Any]:
    """One run of the town at ``concurrency``; its figures."""
    from aga.llm.gateway import GatewayOptions
    from aga.sim.policies import POLICY_MODES, PolicyOptions
    from aga.sim.run import Run

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["AGA_RUNS_DIR"] = tmp
        server.most_in_flight = 0
        run = Run.create(
            args.scenario,
            model=f"openai/{args.simulator}",
            api_base=server.url,
            mode=args.mode,
            hours=args.hours,
            seed=args.seed,
            run_id="bench",
            start=clock_time.fromisoformat(args.start),
            policies=PolicyOptions(fresh=True) if args.mode in POLICY_MODES else None,
            step_mode=step_mode,
            concurrency=concurrency,
            gateway_options=GatewayOptions(send_call_metadata=True, timeout_s=60 + 10 * args.latency),
        )
        try:
            calls_before = run.rt.gateway.llm_calls  # the start-up's ratings are not part of the span
            first_row = run.rt.gateway.ledger.last_id()
            if step_mode == "ahead":
                run._step.trace = {}  # every agent's tile at each step, for the replayed floor
            began = time.perf_counter()
            run.advance(checkpoint_minutes=args.checkpoint_minutes)
            wall = time.perf_counter() - began
            gateway = run.rt.gateway
            totals = gateway.ledger.totals()[0]
            timeline, calls = signature(run)
            made = gateway.llm_calls - calls_before
            chain = critical_calls(run, after_id=first_row)
            if step_mode == "ahead":
                # The floor of the ahead rules for this very run: its schedule replayed with every call
                # taking one unit and nothing else any time (the speed-up over serial is the calls over it).
                steps = round(args.checkpoint_minutes * 60 / run.rt.clock.step.total_seconds())
                units = replay(schedule(run, after_id=first_row), 1.0, max(1, steps))
                bound = round(made / units, 2) if units else None
            else:
                bound = round(made / chain, 2) if chain else None
            return {
                "step": step_mode,
                "concurrency": concurrency,
                "wall_s": round(wall, 1),
                "llm_calls": made,
                "calls_per_s": round(made / wall, 2),
                # Calls one after another that no concurrency can overlap in a phased step: per step, the
                # most calls one agent made (its chain within the step), summed.
                "critical_calls": chain,
                # Phased: calls / that chain. Ahead: the replayed floor of the ahead rules.
                "speedup_bound": bound,
                "tokens": gateway.spent_tokens,
                "failsafes": gateway.failsafes,
                "model_s": round(totals.model_s, 1),  # summed over calls: time inside the model's requests
                "queue_s": round(totals.queue_s, 1),  # summed over calls: waiting for a turn after the answer
                "most_in_flight": server.most_in_flight,
                "agent_steps": len(run.rt.agents) * run.rt.step,
                "checkpoint_minutes": args.checkpoint_minutes,
                **({"ahead": run._step.stats()} if step_mode == "ahead" else {}),
                "timeline_digest": timeline,
                "calls_digest": calls,
            }
        finally:
            run.close()


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and write JSON and Markdown results."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--hours", type=float, default=1.0, help="simulated hours per run")
    parser.add_argument("--start", default="09:00", help="HH:MM: when the span begins (waking hours)")
    parser.add_argument("--latency", type=float, default=0.5, help="seconds the server takes per call")
    parser.add_argument("--jitter", type=float, default=0.1, help="up to this many seconds more, at random")
    parser.add_argument("--concurrency", type=int, action="append", help="repeatable; first is the reference")
    parser.add_argument("--sequential", action="store_true", help="also a sequential-step run (serial)")
    parser.add_argument(
        "--ahead", type=int, action="append", default=[], help="repeatable: also --step ahead at this concurrency"
    )
    parser.add_argument(
        "--checkpoint-minutes", type=float, default=5.0, help="simulated minutes between checkpoints (every run)"
    )
    parser.add_argument("--mode", default="aga", help="baseline | lifestyle | social | aga")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--simulator", default="default", help="the scripted simulator's name (its tokenizer)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    # Without --concurrency: 1, 8 and 25 phased, unless only --ahead runs are asked for.
    levels = args.concurrency or ([] if args.ahead else [1, 8, 25])
    if any(n < 1 for n in levels):
        parser.error("--concurrency takes 1 or more")
    results: list[dict[str, Any]] = []
    saved = {name: os.environ.get(name) for name in ("OPENAI_API_KEY", "AGA_RUNS_DIR")}
    # The loopback server is the only thing the runs talk to; litellm's OpenAI client wants a key (a
    # real one would be sent to the loopback server for nothing).
    os.environ["OPENAI_API_KEY"] = "loopback-benchmark"
    try:
        with LatencyServer(args.latency, jitter_s=args.jitter, seed=args.seed) as server:
            for n in levels:
                results.append(measure(args, server, n))
                print(f"concurrency {n}: {results[-1]['wall_s']} s", flush=True)
            for n in args.ahead:
                results.append(measure(args, server, n, step_mode="ahead"))
                print(f"ahead, concurrency {n}: {results[-1]['wall_s']} s", flush=True)
            if args.sequential:
                results.append(measure(args, server, 1, step_mode="sequential"))
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    first = results[0]
    for r in results:
        r["speedup"] = round(first["wall_s"] / r["wall_s"], 2) if r["wall_s"] else None
        r["same_town"] = r["timeline_digest"] == first["timeline_digest"] and r["calls_digest"] == first["calls_digest"]
    report = {
        "scenario": args.scenario,
        "mode": args.mode,
        "simulated_hours": args.hours,
        "start": args.start,
        "seed": args.seed,
        "latency_s": args.latency,
        "jitter_s": args.jitter,
        "model": f"scripted simulator '{args.simulator}' behind the loopback latency server",
        "runs": results,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "machine": machine(),
    }
    flags = (
        "".join(f" --concurrency {n}" for n in levels)
        + "".join(f" --ahead {n}" for n in args.ahead)
        + (" --sequential" if args.sequential else "")
        + (f" --checkpoint-minutes {args.checkpoint_minutes:g}" if args.checkpoint_minutes != 5.0 else "")
    )
    lines = [
        f"# Concurrency: {args.scenario}, {args.hours:g} simulated hours from {args.start}, {args.mode} mode\n",
        f"`python -m benchmarks.concurrency {args.scenario} --hours {args.hours:g} --start {args.start} "
        f"--latency {args.latency:g} --jitter {args.jitter:g} --mode {args.mode} --seed {args.seed}{flags}` "
        f"on {report['machine']}. Model: {report['model']}, {args.latency:g} s a call "
        f"(+ up to {args.jitter:g} s).\n",
        "| step | concurrency | wall s | speed-up | calls | calls/s | tokens | fail-safes | most in flight "
        "| model s (sum) | queue s (sum) | bound on the speed-up | same town as the first |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        *(
            f"| {r['step']} | {r['concurrency']} | {r['wall_s']:,} | {r['speedup']}x | {r['llm_calls']:,} | "
            f"{r['calls_per_s']} | {r['tokens']:,} | {r['failsafes']} | {r['most_in_flight']} | "
            f"{r['model_s']:,} | {r['queue_s']:,} | {r['speedup_bound']}x | {'yes' if r['same_town'] else 'no'} |"
            for r in results
        ),
        "",
        "Model s: the calls' time inside the server's answers, summed. Queue s: summed time an answer "
        "waited for its agent's turn (another agent thinking). Bound on the speed-up: for a phased run, the "
        "calls divided by the calls that must wait one after another (per step, the most one agent made, "
        "summed; the calls an agent makes at once, Runtime.gather, shorten it, so it is no ceiling); for "
        "--step ahead, the run's own schedule replayed under the ahead rules with every call taking the "
        "same time and nothing else any (`benchmarks.ahead_replay`: groups, conversations held apart, "
        "checkpoints), a floor no implementation of those rules beats. Same town: the timeline and every "
        "agent's own sequence of calls (task, outcome, tokens) are identical to the first run's.",
        "",
        f"Peak memory of the benchmark process: {report['peak_rss_mb']} MB.",
    ]
    write(report, args.out, "\n".join(lines))


if __name__ == "__main__":
    main()
