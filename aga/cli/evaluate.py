"""``aga eval``: believability of a run's agents by interview, ranked by a judge (TrueSkill)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from aga.cli.common import Retries, Timeout, UserError, console, err_console, gateway_options, kept_on_failure

LOCAL = "local/qwen2.5-coder-1.5b"

# Options `aga eval` and `aga bench believability` share.
Voice = Annotated[str, typer.Option(help="Model that speaks for the interviewed agents.")]
Judge = Annotated[str, typer.Option(help="Model that compares and reads the answers.")]
Judging = Annotated[
    str,
    typer.Option(
        help="pairwise: the judge picks the better of two answers, for every pair of conditions (or --pairs "
        "of them); pairwise-both: each pair in both orders, a win only where the two verdicts agree (a judge "
        "that prefers the first answer shown then says nothing instead of noise; twice the calls); ranking: "
        "it orders all the answers in one call, as Park et al.'s evaluators did; scores: it scores each answer "
        "alone (1-10), so no order can sway it, and equal scores tie."
    ),
]
Pairs = Annotated[
    int | None, typer.Option(min=1, help="Pairwise: at most this many pairs per question, drawn by seed.")
]
Questions = Annotated[int, typer.Option(min=1, max=5, help="Questions per category (of 5).")]
JudgeMemories = Annotated[
    int,
    typer.Option(
        min=0,
        max=50,
        help="Show the judge, beside each answer, this many memories of the answer's run that bear on the "
        "question (oldest first), as Park et al.'s evaluators read the agent's memory stream; 0: the persona "
        "alone (how the judge was shown before, and the kept ville3 recording's verdicts).",
    ),
]
MaxAgents = Annotated[int | None, typer.Option(min=1, help="Interview at most this many agents, drawn by seed.")]
MaxPairs = Annotated[
    int | None, typer.Option(min=1, help="Density: ask at most this many ordered pairs, drawn by seed.")
]
Measure = Annotated[
    list[str] | None,
    typer.Option(help="Only these measures (repeatable): interviews, diffusion, density, attendance. Default: all."),
]


def eval_settings(
    *,
    voice: str,
    judge: str,
    judging: str,
    pairs: int | None,
    questions: int,
    max_agents: int | None,
    seed: int,
    timeout: float,
    retries: int,
    measure: list[str] | None,
    api_base: str | None = None,
    agents: list[str] | None = None,
    check_models: bool = True,
    judge_memories: int = 0,
) -> tuple[Any, list[str]]:
    """The evaluation's settings and measures from the command line, each bad value named.
    ``check_models``: False where no model will be asked (a report read back from kept records)."""
    from aga.evaluation.evaluate import MEASURES
    from aga.evaluation.interviews import EvalSettings
    from aga.llm.routing import check_model

    for model in (voice, judge) if check_models else ():
        check_model(model, api_base)
    if judging not in ("pairwise", "pairwise-both", "ranking", "scores"):
        raise UserError(f"--judging {judging}: choose pairwise, pairwise-both, ranking or scores")
    measures = list(dict.fromkeys(measure or MEASURES))
    for m in measures:
        if m not in MEASURES:
            raise UserError(f"--measure {m}: choose among {', '.join(MEASURES)}")
    settings = EvalSettings(
        voice=voice,
        judge=judge,
        api_base=api_base,
        per_category=questions,
        agents=tuple(agents or ()),
        max_agents=max_agents,
        seed=seed,
        gateway=gateway_options(timeout, retries),
        judging=judging,
        pairs_per_question=pairs,
        judge_memories=judge_memories,
    )
    return settings, measures


def _share(found: dict[str, Any]) -> str:
    """A density as the report prints it (two decimals), or why there is none."""
    if found.get("density") is not None:
        return f"{found['density']:.2f}"
    if found.get("unavailable"):
        return f"not measured ({found['unavailable']})"
    if found.get("pairs") == 0:
        return "not measured (no pair of residents to ask about)"
    if found.get("judged") == 0 and found.get("pairs"):
        return "not measured (the judge answered none of the questions: fail-safes)"
    return "not measured"


def eval_command(
    runs: Annotated[list[str], typer.Argument(help="Runs to compare (ids or folders), same scenario.")],
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder of the evaluation (default: runs/eval/<first run>).")
    ] = None,
    model: Annotated[
        str | None,
        typer.Option("--model", "-m", help=f"Voice and judge at once (default {LOCAL}); --voice or --judge overrides."),
    ] = None,
    voice: Annotated[str | None, typer.Option(help="Model that speaks for the interviewed agents.")] = None,
    judge: Annotated[str | None, typer.Option(help="Model that compares and reads the answers.")] = None,
    api_base: Annotated[str | None, typer.Option(help="Server URL of the voice and judge models.")] = None,
    ablation: Annotated[
        list[str] | None,
        typer.Option(
            help="Park et al.'s ablated conditions of one run (repeatable): no-reflection, "
            "no-reflection-planning, no-memory. Default: all three; --no-ablations for none.",
            show_default=False,
        ),
    ] = None,
    no_ablations: Annotated[bool, typer.Option("--no-ablations", help="Compare the runs only.")] = False,
    ablate: Annotated[str | None, typer.Option(help="The run whose agents are ablated (default: the first).")] = None,
    questions: Questions = 5,
    agent: Annotated[list[str] | None, typer.Option(help="Interview only this agent (repeatable).")] = None,
    max_agents: MaxAgents = None,
    measure: Measure = None,
    max_pairs: MaxPairs = None,
    judging: Judging = "pairwise",
    pairs: Pairs = None,
    judge_memories: JudgeMemories = 0,
    seed: Annotated[int, typer.Option(min=0, max=2**31 - 1)] = 0,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Interview the agents of RUNS (25 questions in Park et al.'s five categories) under each run and the
    ablated conditions, have a judge compare the answers per question, and rate the conditions with
    TrueSkill; measure news diffusion, relationship density and event attendance per run. Read-only on
    the runs (it interviews copies); running it again continues where it stopped.
    """
    from aga.config import runs_dir
    from aga.evaluation.conditions import ABLATIONS
    from aga.evaluation.evaluate import MEASURES, evaluate
    from aga.evaluation.report import short_runs, write

    if voice and not (judge or model) and voice != LOCAL:
        # Setting the voice alone (say to the simulator, for a dry run) left the judge on the slow default.
        err_console.print(f"note: the judge is {LOCAL}, the default; --judge (or --model for both) changes it")
    voice, judge = voice or model or LOCAL, judge or model or LOCAL
    # Said before the models are checked: a missing judge model is beside the point for one condition.
    chosen = [] if no_ablations else list(ablation or ABLATIONS)
    if "interviews" in (measure or MEASURES) and len(runs) + len(chosen) < 2:
        raise UserError("give a second run or keep the ablations: a ranking needs two conditions")
    from aga.storage import resolve_run

    for run in runs:  # a run that is not there is said before the models it would need
        resolve_run(run)
    settings, measures = eval_settings(
        voice=voice, judge=judge, judging=judging, pairs=pairs, questions=questions, max_agents=max_agents,
        seed=seed, timeout=timeout, retries=retries, measure=measure, api_base=api_base, agents=agent,
        judge_memories=judge_memories,
    )  # fmt: skip
    from aga.evaluation.snapshot import check_evaluable

    for run in runs:  # each named run must be one to interview before anything is written for the evaluation
        check_evaluable(run, agent or ())
    folder = out or runs_dir() / "eval" / Path(runs[0]).name
    progress = Progress(
        # The number of answers is known only as the evaluation goes (agents, ablations, pairs), so the
        # bar counts them, with no "of ?".
        TextColumn("[bold]interviews"), BarColumn(), TextColumn("{task.completed} answers"), TimeElapsedColumn(),
        # (no bar of "0 answers" when only what the agents know is measured)
        console=err_console, disable=quiet or "interviews" not in measures,
    )  # fmt: skip
    with progress, kept_on_failure(f"the answers so far are kept in {folder}"):
        bar = progress.add_task("interviews", total=None)
        evaluation = evaluate(
            runs, folder, settings, ablate=ablate, ablations=chosen, measures=measures, max_pairs=max_pairs,
            on_answer=lambda _: progress.advance(bar),
            on_note=lambda note: err_console.print(note, markup=False),
        )  # fmt: skip
    from benchmarks.report import provenance

    data = write(evaluation, settings, folder, provenance())
    labels = {c["name"]: c["label"] for c in data["conditions"]}
    for r in data["ratings"]:
        console.print(f"{labels[r['condition']]}: mu {r['mu']:.2f} sigma {r['sigma']:.2f}", markup=False)
    for run, found in data["runs"].items():
        for news, d in found.get("diffusion", {}).items():
            console.print(
                f"{run}: {news} known by {len(d['knows'])} of {d['judged']} (invented details: {d['invented']})",
                markup=False,
            )
        if "density" in found:
            d = found["density"]
            console.print(
                f"{run}: density {_share(d.get('start', {}))} at the start, {_share(d['end'])} at the end",
                markup=False,
            )
        for a in found.get("attendance", []):
            if a["reached"]:
                console.print(
                    f"{run}: {a['news']}: {len(a['attended'])} of {len(a['invited'])} invited came", markup=False
                )
    for caveat in short_runs(data):
        err_console.print(f"note: {caveat}", markup=False)
    console.print(f"report: {folder / 'report.md'}, {folder / 'report.json'}", markup=False)
