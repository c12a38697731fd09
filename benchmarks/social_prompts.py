"""Dialogue prompt tokens, baseline vs Social Memory: per utterance and per conversation.

Runs one scenario twice with the same model and seed, ``--mode baseline`` and ``--mode social``, and
reads both ledgers. Per utterance counts what each line costs to produce: in the baseline the
relationship summary and the utterance (``converse.relationship`` + ``converse.utterance``), with
Social Memory the folding of new memories and the utterance (``social.fold`` +
``converse.utterance_social``). Per conversation adds what each conversation costs besides its lines
(the summary, and with Social Memory the two assessments afterwards). Optionally writes the closeness
heatmap of the social run.

    .venv/bin/python -m benchmarks.social_prompts ville3 --hours 24 --out benchmarks/results/social_prompts_ville3.json
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

PER_LINE = {
    "baseline": ("converse.relationship", "converse.utterance"),
    "social": ("social.fold", "converse.utterance_social"),
}
PER_CHAT = {"baseline": ("converse.summary",), "social": ("converse.summary", "social.assess")}


def _measure(
    scenario: str,
    mode: str,
    model: str,
    seed: int,
    hours: float,
    start: str | None,
    chats: int = 0,
    pair: tuple[str, str] | None = None,
) -> dict:
    from aga.sim.run import Run

    begin = clock_time.fromisoformat(start) if start else None
    run = Run.create(scenario, model=model, mode=mode, seed=seed, hours=hours, run_id=mode, start=begin)
    began = time.perf_counter()
    if chats and pair:
        # A controlled measurement: one step so that both have an action, then the same pair talks
        # ``chats`` times (the same situation in both modes, whatever the schedules would have done).
        from aga.cognition.converse import converse
        from aga.sim.engine import step

        step(run.rt)
        a, b = run.rt.agents[pair[0]], run.rt.agents[pair[1]]
        for _ in range(chats):
            converse(run.rt, a, b)
    else:
        run.advance()
    wall = time.perf_counter() - began
    totals = {t.key: t for t in run.rt.gateway.ledger.totals("task")}
    utterance_task = PER_LINE[mode][1]
    lines = totals[utterance_task].llm_calls if utterance_task in totals else 0
    chats = totals["converse.summary"].llm_calls if "converse.summary" in totals else 0

    def tokens(tasks: tuple[str, ...], kind: str) -> int:
        return sum(getattr(totals[t], kind) for t in tasks if t in totals)

    line_prompt = tokens(PER_LINE[mode], "prompt_tokens")
    chat_prompt = line_prompt + tokens(PER_CHAT[mode], "prompt_tokens")
    chat_total = chat_prompt + tokens(PER_LINE[mode] + PER_CHAT[mode], "completion_tokens")
    overall = run.rt.gateway.ledger.totals()[0]
    result = {
        "mode": mode,
        "wall_s": round(wall, 1),
        "utterances": lines,
        "conversations": chats,
        "prompt_tokens_per_utterance": round(line_prompt / lines, 1) if lines else None,
        "utterance_prompt_only": round(totals[utterance_task].prompt_tokens / lines, 1) if lines else None,
        "prompt_tokens_per_conversation": round(chat_prompt / chats, 1) if chats else None,
        "tokens_per_conversation": round(chat_total / chats, 1) if chats else None,
        "dialogue_calls": sum(totals[t].llm_calls for t in PER_LINE[mode] + PER_CHAT[mode] if t in totals),
        "run_tokens": overall.total_tokens,
        "fold_calls": totals["social.fold"].llm_calls if "social.fold" in totals else None,
    }
    run.close()
    return result


def main(argv: list[str] | None = None) -> None:
    """Run both modes and write JSON and Markdown."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--model", default="scripted/default")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", default=None, help="HH:MM: start the first day at this time")
    parser.add_argument("--heatmap", type=Path, default=None, help="write the social run's closeness heatmap (PNG)")
    parser.add_argument("--chats", type=int, default=0, help="instead of running: the --pair talks this many times")
    parser.add_argument("--pair", default=None, help="'Full Name,Full Name' for --chats")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        os.environ["AGA_RUNS_DIR"] = str(tmp / "runs")
        results = {}
        for mode in ("baseline", "social"):
            pair = tuple(p.strip() for p in args.pair.split(",")) if args.pair else None
            results[mode] = _measure(
                args.scenario, mode, args.model, args.seed, args.hours, args.start, args.chats, pair
            )
            print(json.dumps(results[mode]), flush=True)
        if args.heatmap:
            args.heatmap.parent.mkdir(parents=True, exist_ok=True)
            _aga("social", "heatmap", "social", "--out", str(args.heatmap))
            results["network"] = json.loads(_aga("social", "network", "social", "--json"))
    base, soc = results["baseline"], results["social"]
    report = {
        "scenario": args.scenario,
        "model": args.model,
        "simulated_hours": args.hours,
        "start": args.start,
        "seed": args.seed,
        "chats": args.chats,
        "pair": args.pair,
        **results,
        "ratio_prompt_per_utterance": _ratio(soc["prompt_tokens_per_utterance"], base["prompt_tokens_per_utterance"]),
        "ratio_prompt_per_conversation": _ratio(
            soc["prompt_tokens_per_conversation"], base["prompt_tokens_per_conversation"]
        ),
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
    }
    write(report, args.out, _markdown(report, args))


def _aga(*argv: str) -> str:
    """Run the ``aga`` command (as a user would: benchmarks do not import the command line) on the runs
    folder of ``AGA_RUNS_DIR``; its standard output, or exit with what it printed."""
    done = subprocess.run([sys.executable, "-m", "aga", *argv], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(done.stdout + done.stderr)
    return done.stdout


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 3) if a is not None and b else None


def _markdown(report: dict[str, Any], args: argparse.Namespace) -> str:
    command = f"python -m benchmarks.social_prompts {args.scenario} --hours {args.hours:g}"
    if args.model != "scripted/default":
        command += f" --model {args.model}"
    if args.start:
        command += f" --start {args.start}"
    if args.chats:
        command += f" --chats {args.chats} --pair '{args.pair}'"
    rows = [
        ("utterances", "utterances"),
        ("conversations", "conversations"),
        ("prompt tokens per utterance (line + what it needs)", "prompt_tokens_per_utterance"),
        ("prompt tokens of the utterance call alone", "utterance_prompt_only"),
        ("prompt tokens per conversation", "prompt_tokens_per_conversation"),
        ("all tokens per conversation", "tokens_per_conversation"),
        ("dialogue LLM calls", "dialogue_calls"),
        ("tokens of the whole run", "run_tokens"),
        ("wall time (s)", "wall_s"),
    ]
    lines = [
        f"# Dialogue prompts, baseline vs Social Memory: {report['scenario']}, {report['model']}\n",
        f"`{command}` on {report['machine']}, {report['date']}, seed {report['seed']}.",
        "Per utterance: baseline `converse.relationship` + `converse.utterance`; Social Memory `social.fold`",
        "+ `converse.utterance_social`. Per conversation adds `converse.summary` (and `social.assess`).\n",
        "| figure | baseline | social | social / baseline |",
        "|---|---|---|---|",
    ]
    for label, key in rows:
        b, s = report["baseline"][key], report["social"][key]
        ratio = f"{s / b:.1%}" if isinstance(b, int | float) and isinstance(s, int | float) and b else ""
        lines.append(f"| {label} | {b} | {s} | {ratio} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
