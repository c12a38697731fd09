"""``aga bench``: the token benchmark across modes (and the speed benchmarks), code in ``benchmarks/``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from aga.cli.common import (
    Commands,
    Retries,
    Timeout,
    UserError,
    clock_time,
    console,
    err_console,
    gateway_options,
    kept_on_failure,
    open_run_state,
    out_file,
    out_folder,
    plain,
    print_json,
    span_hours,
)
from aga.cli.evaluate import (
    LOCAL,
    Judge,
    JudgeMemories,
    Judging,
    MaxAgents,
    MaxPairs,
    Measure,
    Pairs,
    Questions,
    Voice,
    eval_settings,
)
from aga.config import runs_dir

bench_app = typer.Typer(
    cls=Commands, help="Benchmarks: tokens by mode with behaviour parity; speed.", no_args_is_help=True
)

# Options of the benchmarks that capture prompts from a simulator run and put them to several models.
CaptureTowns = Annotated[
    list[str] | None, typer.Option("--scenario", "-s", help="Towns to capture prompts from (repeatable).")
]
AnsweringModels = Annotated[
    list[str] | None,
    typer.Option("--model", "-m", help="Models answering the prompts (repeatable); include scripted/default."),
]
CaptureStart = Annotated[str | None, typer.Option(help="HH:MM: begin the capture run at this time of day.")]
AnswerSeeds = Annotated[int, typer.Option(help="Answers per prompt, variant and model, each with its own seed.")]
CaptureSeed = Annotated[int, typer.Option(help="Seed of the capture run; answer seeds follow it.")]


@bench_app.command("tokens")
def tokens_command(
    scenario: Annotated[str, typer.Argument(help="Scenario name or folder.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the runs and the report.")],
    days: Annotated[float | None, typer.Option(help="Simulated days per run (default 2).")] = None,
    hours: Annotated[float | None, typer.Option(help="Simulated hours per run (added to --days).")] = None,
    start: Annotated[
        str | None, typer.Option(help="HH:MM: begin every run at this time of the first day (for short spans).")
    ] = None,
    model: Annotated[str, typer.Option("--model", "-m", help="Model string (see `aga models`).")] = "scripted/default",
    api_base: Annotated[
        str | None, typer.Option(help="Server URL for self-hosted or OpenAI-compatible models.")
    ] = None,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    seed: Annotated[int, typer.Option(help="First seed of the measured runs (warm-ups use seed+1000k).")] = 0,
    seeds: Annotated[int, typer.Option(help="Measured seeds: seed, seed+1, ... (every variant on each).")] = 1,
    warmup: Annotated[int, typer.Option(help="Warm-up runs filling each policy variant's store first.")] = 2,
    mode: Annotated[
        list[str] | None,
        typer.Option(
            help="Only these variants (repeatable): the modes baseline, lifestyle, social, aga, or a rung of "
            "the mechanism ladder (lp-paper, lp-similar, lp-importance, aga-paper), or with mind wandering "
            "(baseline-mw, aga-mw). Default: the four modes.",
            show_default=False,
        ),
    ] = None,
    mechanisms: Annotated[
        bool,
        typer.Option(help="Split the saving by mechanism: every rung of the ladder (see the README)."),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            help="Processes running at once: a variant's warm-ups and measured run on one seed stay in order "
            "in one process; each process gets its share of the cores."
        ),
    ] = 1,
    measured: Annotated[
        Path | None,
        typer.Option(
            help="Folder of the measured runs' figures (default OUT/measured): a run whose figures are there "
            "is not run again, so a benchmark can be finished in sittings by keeping only this folder."
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bars.")] = False,
) -> None:
    """Run SCENARIO in baseline, lifestyle, social and aga modes and compare tokens and behaviour.

    Finished runs in OUT are kept, so running the same command again after an interruption continues;
    so are the measured runs' figures in --measured, even once the runs themselves are gone.
    """
    from aga.llm.routing import check_model
    from benchmarks.bench_tokens import MECHANISMS, MODES, VARIANTS, KeptFiguresError, plan, run_benchmark, span

    if mode and mechanisms:
        raise UserError("--mode and --mechanisms exclude each other: --mechanisms runs every rung")
    modes = tuple(dict.fromkeys(mode)) if mode else MECHANISMS if mechanisms else MODES
    for m in modes:
        if m not in VARIANTS:
            raise UserError(f"--mode {m}: choose among {', '.join(VARIANTS)}")
    if "baseline" not in modes:
        # Every share is over the same seed's baseline: without it the report has no figure (a kept
        # baseline run is reused, not run again).
        modes = ("baseline", *modes)
        console.print("--mode baseline added: every share is measured against it", markup=False)
    days = span_hours(days, hours, default=48.0) / 24
    if warmup < 0 or seeds < 1 or jobs < 1:
        raise UserError("--warmup must be at least 0, --seeds and --jobs at least 1")
    begin = clock_time(start)
    out_folder(out)
    if measured is not None:
        out_folder(measured, "--measured")
    check_model(model, api_base)  # an unknown model or a missing key stops here, before any run is made
    options = gateway_options(timeout, retries)
    steps_per_run = int(days * 24 * 3600 // 10)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=quiet,
    )
    bars: dict[str, Any] = {}

    def tracker(planned: Any) -> Any:
        bar = progress.add_task(plain(planned.run_id), total=steps_per_run)
        bars[planned.run_id] = bar

        def on_step(run: Any) -> None:
            if run.rt.step % 60 == 0:
                progress.update(bar, completed=min(steps_per_run, run.rt.step))

        return on_step

    planned_runs = plan(modes, range(seed, seed + seeds), warmup)
    console.print(
        f"{len(planned_runs)} runs of {span(days)} each into {plain(out)}" + (f", {jobs} at a time" if jobs > 1 else "")
    )
    # With several processes there is no per-step callback: one bar counts finished runs.
    overall = progress.add_task("runs finished", total=len(planned_runs)) if jobs > 1 else None

    def finished(runs: list[Any]) -> None:
        for r in runs:  # a run found finished when the benchmark goes on took no step: its bar is full too
            if r.run_id in bars:
                progress.update(bars[r.run_id], completed=steps_per_run)
        if overall is not None:
            progress.advance(overall, len(runs))
        if quiet or jobs > 1:
            console.print(f"finished {', '.join(r.run_id for r in runs)}", markup=False)

    with progress, kept_on_failure(f"finished runs in {out} are kept"), _kept_figures(KeptFiguresError):
        report = run_benchmark(
            scenario,
            days=days,
            model=model,
            seed=seed,
            warmup=warmup,
            out=out,
            modes=modes,
            seeds=seeds,
            progress=None if jobs > 1 else tracker,
            start=begin,
            jobs=jobs,
            done=finished,
            api_base=api_base,
            gateway_options=options,
            measured=measured,
        )
        for bar in bars.values():
            progress.update(bar, completed=steps_per_run)
    shares = ", ".join(f"{m} {s['mean']:.1%}" for m, s in report["share_of_baseline"].items())
    console.print(f"share of baseline tokens: {shares or '(no baseline run)'}", markup=False)
    console.print(f"report: {out / 'report.md'}, {out / 'report.json'}, {out / 'shares.png'}", markup=False)


@contextmanager
def _kept_figures(error: type[Exception]) -> Iterator[None]:
    """A kept measured-run file that does not fit the command is the user's to resolve: say which."""
    try:
        yield
    except error as exc:
        raise UserError(str(exc)) from None


@bench_app.command("compare")
def compare_command(
    reference: Annotated[Path, typer.Argument(help="Report (or its folder) to compare against: the simulator's.")],
    other: Annotated[Path, typer.Argument(help="Report (or its folder) of the same window with another model.")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the Markdown here too.")] = None,
) -> None:
    """Two `aga bench tokens` reports side by side: shares, cache hits by kind and parity, each marked
    where the two differ by more than the seeds' spread."""
    from benchmarks.compare_models import compare, load

    if out is not None:
        out_file(out, example="compare.md")
    try:
        text = compare(load(reference), load(other))
    except (FileNotFoundError, ValueError) as exc:
        raise UserError(str(exc)) from None
    console.print(text, markup=False, highlight=False)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text + "\n")


@bench_app.command("parity")
def parity_command(
    run: Annotated[str, typer.Argument(help="Run id or folder (finished or stopped).")],
    agent: Annotated[
        list[str] | None, typer.Option(help="Windows of these agents only (repeatable; full or first name).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The behaviour measures of one run, as `aga bench tokens` reports them per variant, and each
    person's requirement windows: the places and times the day requirement names, with the share of each
    window the agent spent there, day by day. Read-only; no LLM."""
    from sqlmodel import Session, col, select

    from aga.scenario.loader import ScenarioError, full_name, load_scenario
    from aga.storage.timeline import TimelineEntry
    from benchmarks.parity import parity, requirements_kept
    from benchmarks.requirement_fit import KEPT_AT

    paths, engine, info, _ = open_run_state(run)
    try:
        scenario = load_scenario(info.scenario)
    except ScenarioError as exc:
        raise UserError(f"run '{run}' ran scenario '{info.scenario}', which cannot be loaded now: {exc}") from None
    names = [p.name for p in scenario.cast]
    try:
        wanted = {full_name(a, names, "in this run; its agents are") for a in agent or []} or set(names)
    except KeyError as exc:
        raise UserError(str(exc.args[0])) from None
    with Session(engine) as session:
        actions = session.exec(
            select(TimelineEntry).where(TimelineEntry.kind == "action").order_by(col(TimelineEntry.id))
        ).all()
    fit = requirements_kept(list(actions), scenario)
    with console.status("measuring (MiniLM for the place measure) ..."):
        measures = parity(engine, scenario, info.mode, paths.run_id, requirements=fit)
    windows = {
        name: [
            {"place": w.place, "from": _clock(w.start), "to": _clock(w.end), "day": day, "share": share,
             "kept": share >= KEPT_AT}
            for w, day, share in fit.by_agent.get(name, [])
        ]
        for name in names
        if name in wanted
    }  # fmt: skip
    if as_json:
        print_json({"run": paths.run_id, "mode": info.mode, "parity": measures, "requirement_windows": windows})
        return
    console.print(f"[bold]{plain(paths.run_id)}[/bold] ({plain(info.scenario)}, {info.mode})")
    for key, value in measures.items():
        if isinstance(value, int | float | str) or value is None:
            console.print(f"  {key.replace('_', ' ')}: {'-' if value is None else value}", highlight=False)
    console.print("[bold]requirement windows[/bold] (kept: at the place for half the window or more)")
    for name, rows in windows.items():
        if not rows:
            continue  # nothing in the requirement the reader can place and time, or no whole window in the run
        console.print(f"  {plain(name)}", highlight=False)
        for row in rows:
            mark = "kept" if row["kept"] else "missed"
            console.print(
                f"    {row['day']} {row['from']}-{row['to']} {plain(row['place'])}: {row['share']:.0%} {mark}",
                highlight=False,
            )


def _clock(minutes: int) -> str:
    """Minutes after midnight as HH:MM, "+1" after it for a window that runs into the next morning."""
    day, left = divmod(minutes, 24 * 60)
    return f"{left // 60:02d}:{left % 60:02d}" + (f"+{day}" if day else "")


@bench_app.command("speed")
def speed_command(
    scenario: Annotated[str, typer.Argument(help="Scenario name or folder.")] = "ville3",
    hours: Annotated[float, typer.Option(help="Simulated hours.")] = 24.0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="JSON file (and .md next to it).")] = None,
    mode: Annotated[str, typer.Option(help="baseline | lifestyle | social | aga (policy modes: a fresh store).")] = (
        "baseline"
    ),
) -> None:
    """Framework time per agent-step, wall time per simulated day, peak memory and, in the policy modes,
    policy lookup latency inside the run (scripted simulator)."""
    from benchmarks import agent_loop

    span_hours(None, hours)
    if out is not None:
        out_file(out, example="speed.json")
    agent_loop.main([scenario, "--hours", str(hours), "--mode", mode] + (["--out", str(out)] if out else []))


@bench_app.command("concurrency")
def concurrency_command(
    scenario: Annotated[str, typer.Argument(help="Scenario name or folder.")] = "ville25",
    hours: Annotated[float, typer.Option(help="Simulated hours per run.")] = 1.0,
    start: Annotated[str, typer.Option(help="HH:MM: when the span begins.")] = "09:00",
    latency: Annotated[float, typer.Option(min=0, help="Seconds the loopback server takes per call.")] = 0.5,
    jitter: Annotated[float, typer.Option(min=0, help="Up to this many seconds more per call, at random.")] = 0.1,
    concurrency: Annotated[
        list[int] | None, typer.Option(min=1, help="Repeatable; the first is the reference (default 1, 8, 25).")
    ] = None,
    sequential: Annotated[bool, typer.Option(help="Also a sequential-step run, for its token totals.")] = False,
    ahead: Annotated[
        list[int] | None,
        typer.Option(min=1, help="Repeatable: also a --step ahead run (agents running ahead) at this concurrency."),
    ] = None,
    checkpoint_minutes: Annotated[
        float, typer.Option(min=0.1, help="Simulated minutes between checkpoints, in every run (ahead's barriers).")
    ] = 5.0,
    mode: Annotated[str, typer.Option(help="baseline | lifestyle | social | aga")] = "aga",
    seed: Annotated[int, typer.Option(min=0)] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="JSON file (and .md next to it).")] = None,
) -> None:
    """The same phased town at several --concurrency values against a loopback server with a hosted
    model's latency (the scripted simulator over HTTP): wall time, speed-up, calls per second, tokens,
    and whether the town is identical to the first run's."""
    from aga.sim.run import check_mode
    from benchmarks import concurrency as bench

    check_mode(mode)
    clock_time(start)
    span_hours(None, hours)
    if out is not None:
        out_file(out, example="concurrency.json")
    argv = [scenario, "--hours", str(hours), "--start", start, "--latency", str(latency), "--jitter", str(jitter)]
    argv += [a for n in (concurrency or [1, 8, 25]) for a in ("--concurrency", str(n))]
    argv += [a for n in (ahead or []) for a in ("--ahead", str(n))]
    argv += ["--checkpoint-minutes", str(checkpoint_minutes)]
    argv += ["--mode", mode, "--seed", str(seed)] + (["--sequential"] if sequential else [])
    bench.main(argv + (["--out", str(out)] if out else []))


@bench_app.command("realism")
def realism_command(
    scenario: Annotated[
        list[str] | None, typer.Option("--scenario", "-s", help="Towns to sample prompts from (repeatable).")
    ] = None,
    model: AnsweringModels = None,
    hours: Annotated[float, typer.Option(help="Simulated hours of each town's sampling run.")] = 48.0,
    seeds: Annotated[int, typer.Option(help="Answers per prompt and model, each with its own seed.")] = 3,
    per_task: Annotated[int, typer.Option(help="Prompts sampled per task and town.")] = 6,
    seed: Annotated[int, typer.Option(help="Seed of the sampling runs and of the sample.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder for realism.{json,md} (default: runs/bench/realism).")
    ] = None,
    reuse: Annotated[
        list[Path] | None,
        typer.Option(
            help="An earlier realism.json (repeatable, one per town): its prompts and real-model answers; the "
            "simulator answers anew."
        ),
    ] = None,
    draws: Annotated[
        int,
        typer.Option(
            help="Times the simulator answers every prompt (each time with --seeds new seeds); its figures "
            "are the mean over these draws, with their range, so one lucky or unlucky draw decides nothing "
            "(one draw of the utterance p90 ranges 0.40-0.86; sixteen cost the simulator about three minutes)."
        ),
    ] = 16,
    day_seeds: Annotated[
        int,
        typer.Option(
            help="Sampling runs per town for the table beside the GPT-3.5 day (seeds --seed, --seed + 1, ...): "
            "one simulated day moves between seeds, so the table gives the mean with its range."
        ),
    ] = 3,
    day_town: Annotated[
        list[str] | None,
        typer.Option(
            help="A town measured only beside the GPT-3.5 day (repeatable): its own sampling runs, no prompts "
            "sampled or answered, so a large town costs simulator time only."
        ),
    ] = None,
    task: Annotated[
        list[str] | None,
        typer.Option(
            help="Only this task's prompts are sampled, answered and measured (repeatable; default every task: "
            "plan.daily, plan.hourly, plan.schedule, plan.decompose, act.triple, perceive.importance, "
            "converse.utterance). A fresh capture of one task costs the real models minutes, not hours."
        ),
    ] = None,
) -> None:
    """Variety of the simulator's answers next to real models on the same prompts (distinct answers,
    repeats, similarity across seeds and days, share above the policy thresholds)."""
    from benchmarks import realism

    towns = scenario or ["ville3"]
    models = model or ["scripted/default"]
    tasks = list(dict.fromkeys(task)) if task else list(realism.TASKS)
    if unknown := [t for t in tasks if t not in realism.TASKS]:
        raise UserError(f"--task {', '.join(unknown)}: no such task; give one of {', '.join(realism.TASKS)}")
    span_hours(None, hours)
    if seeds < 2 or per_task < 1 or draws < 1 or day_seeds < 1:
        raise UserError("--seeds at least 2 (similarity needs pairs), --per-task, --draws and --day-seeds at least 1")
    for earlier in reuse or []:
        if earlier.is_dir():
            raise UserError(
                f"--reuse {earlier} is a folder; give the realism.json in it, e.g. {earlier / 'realism.json'}"
            )
        if not earlier.is_file():
            raise UserError(f"--reuse {earlier}: no such file; give the realism.json of an earlier `aga bench realism`")
    needed = models
    if reuse:
        # A real model whose answers the reused captures hold is not asked again, so it need not be
        # installed: re-measuring the simulator against recorded answers must not need 1.6 GB of models.
        situations, answered_with = realism.load_reuse(reuse, towns)
        situations = [s for s in situations if s.task in tasks]
        # A task the captures hold no prompts of (added since) is sampled anew and put to the real models.
        complete = all({s.task for s in situations if s.scenario == t} >= set(tasks) for t in towns)
        needed = [
            m
            for m in models
            if m.startswith("scripted/") or not complete or not realism.answered(situations, m, answered_with)
        ]
    out = out_folder(out or runs_dir() / "bench" / "realism")
    _check_towns_and_models([*towns, *(day_town or [])], needed)
    progress, tracker = _counting_progress()
    with progress:
        report = realism.run(
            towns,
            models,
            hours=hours,
            seed=seed,
            seeds=seeds,
            per_task=per_task,
            out=out,
            progress=tracker,
            reuse=reuse or None,
            draws=draws,
            day_seeds=day_seeds,
            day_towns=day_town or (),
            tasks=tuple(tasks),
        )
    for town, marks in report.get("day_verdict", {}).items():
        missed = [k for k, v in marks.items() if v != "holds"]
        said = "every variety measure holds" if not missed else "misses " + "; ".join(missed)
        console.print(f"{town}'s first day vs the GPT-3.5 day: {said}", markup=False)
    for task, marks in report["verdict"].items():
        missed = [k for k, v in marks.items() if v != "holds"]
        # No reference model answered this task: nothing was compared, which is not a pass.
        said = (
            "no reference model to compare with"
            if not marks
            else ("every measure holds" if not missed else "misses " + ", ".join(missed))
        )
        console.print(f"{task}: {said}", markup=False)
    if not report["verdict"]:
        console.print("no task was compared: give a reference model with -m (e.g. -m local/qwen2.5-coder-1.5b)")
    console.print(f"report: {out / 'realism.md'}, {out / 'realism.json'}", markup=False)


@bench_app.command("talk")
def talk_command(
    scenario: CaptureTowns = None,
    model: AnsweringModels = None,
    hours: Annotated[float, typer.Option(help="Simulated hours of each town's Social Memory run.")] = 24.0,
    start: CaptureStart = None,
    seeds: AnswerSeeds = 2,
    per_band: Annotated[int, typer.Option(help="Prompts kept per closeness band (0-3, 4-7, 8-10).")] = 12,
    seed: CaptureSeed = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder for talk_decisions.{json,md} (default: runs/bench/talk).")
    ] = None,
) -> None:
    """Yes rate of the decision to talk with and without the Social Memory relation in the prompt, per
    model and closeness: tests the simulator's assumption that a closer relation means more talk."""
    import shlex
    from datetime import date

    from benchmarks import talk_decisions
    from benchmarks.report import machine

    towns = scenario or ["harbour6"]
    models = model or ["scripted/default"]
    span_hours(None, hours)
    if seeds < 1 or per_band < 1:
        raise UserError("--seeds and --per-band at least 1")
    begin = clock_time(start)
    # The report is written after the runs: a bad --out must stop the command before them.
    out = out_folder(out or runs_dir() / "bench" / "talk")
    _check_towns_and_models(towns, models)
    progress, tracker = _counting_progress()
    with progress:
        report = talk_decisions.run(
            towns, models, hours=hours, seed=seed, seeds=seeds, per_band=per_band, start=begin, tracker=tracker
        )
    command = shlex.join(
        ["aga", "bench", "talk", *(f"--scenario={t}" for t in towns), *(f"--model={m}" for m in models)]
        + [f"--hours={hours:g}", f"--seeds={seeds}", f"--per-band={per_band}", f"--seed={seed}"]
        + ([f"--start={start}"] if start else [])
    )
    js, md = talk_decisions.write(report, out, command, machine(), date.today().isoformat())
    for name, rows in report["by_model"].items():
        r = rows["all"]
        console.print(
            f"{name}: yes {r['yes_with_relation']} with the relation, {r['yes_without_relation']} without "
            f"({r['prompts']} prompts)",
            markup=False,
        )
    console.print(f"report: {md}, {js}", markup=False)
    if not any(rows["all"]["prompts"] for rows in report["by_model"].values()):
        # A report over no prompt is no figure: said as a failure, not as a finished measurement.
        raise UserError(
            f"no conversation prompt was captured in {hours:g} simulated hours of {', '.join(towns)}: nobody "
            "met anyone to talk with; give more --hours, another --start, or a town whose residents meet"
        )


@bench_app.command("topics")
def topics_command(
    scenario: CaptureTowns = None,
    model: AnsweringModels = None,
    hours: Annotated[float, typer.Option(help="Simulated hours of each town's baseline run.")] = 30.0,
    start: CaptureStart = None,
    seeds: AnswerSeeds = 2,
    per_town: Annotated[int, typer.Option(help="Utterance prompts kept per town.")] = 24,
    seed: CaptureSeed = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder for talk_topics.{json,md} (default: runs/bench/topics).")
    ] = None,
    reuse: Annotated[
        Path | None,
        typer.Option(
            help="An earlier talk_topics.json (or talk_openings.json): its prompts and real-model answers, the "
            "simulator asked again."
        ),
    ] = None,
    openings: Annotated[
        bool,
        typer.Option(
            "--openings",
            help="The prompts of a conversation's first line instead (also: what the listener is doing, which "
            "the prompt's Current context shows); writes talk_openings.{json,md}.",
        ),
    ] = False,
) -> None:
    """What a line of conversation takes up (the speaker's own plans, a relation, a memory, what was
    just said, or small talk), per model, on the same mid-conversation prompts; with --openings, what a
    first line takes up."""
    import shlex
    from datetime import date

    from benchmarks import talk_topics
    from benchmarks.report import machine

    towns = scenario or ["harbour6", "ville3"]
    models = model or ["scripted/default"]
    span_hours(None, hours)
    if seeds < 1 or per_town < 1:
        raise UserError("--seeds and --per-town at least 1")
    begin = clock_time(start)
    out = out_folder(out or runs_dir() / "bench" / "topics")
    name = "talk_openings.json" if openings else "talk_topics.json"
    earlier = _reused_report(reuse, name, ("towns", "hours", "seed", "seeds", "per_town", "prompts"))
    if earlier is not None and bool(earlier.get("openings", False)) != openings:
        raise UserError(
            f"--reuse {reuse}: a report of {'first lines' if earlier.get('openings') else 'lines after the greeting'}; "
            f"give it {'with' if earlier.get('openings') else 'without'} --openings"
        )
    if earlier is None:
        _check_towns_and_models(towns, models)
    else:  # a model the reused report holds answers of is not asked again, so it need not be installed
        held = {m for p in earlier["prompts"] for m in p.get("answers", {})} - {talk_topics.SIMULATOR}
        _check_towns_and_models([], [m for m in models if m not in held])
    progress, tracker = _counting_progress()
    with progress:
        report = talk_topics.run(
            towns,
            models,
            hours=hours,
            seed=seed,
            seeds=seeds,
            per_town=per_town,
            start=begin,
            tracker=tracker,
            reuse=earlier,
            openings=openings,
        )
    command = shlex.join(
        ["aga", "bench", "topics", *(f"--scenario={t}" for t in report["towns"]), *(f"--model={m}" for m in models)]
        + [f"--hours={report['hours']:g}", f"--seeds={report['seeds']}", f"--per-town={report['per_town']}"]
        + [f"--seed={report['seed']}"]
        + ([f"--start={start}"] if start else [])
        + ([f"--reuse={reuse}"] if reuse else [])
        + (["--openings"] if openings else [])
    )
    js, md = talk_topics.write(report, out, command, machine(), date.today().isoformat())
    for name, rows in report["by_model"].items():
        console.print(f"{name}: {rows['shares']} ({rows['answers']} answers)", markup=False)
    console.print(f"report: {md}, {js}", markup=False)
    if not sum(report["captured"].values()):
        raise UserError(
            f"no conversation was under way in {hours:g} simulated hours of {', '.join(towns)}: give more "
            "--hours, another --start, or a town whose residents meet"
        )


@bench_app.command("wander")
def wander_command(
    scenario: CaptureTowns = None,
    model: AnsweringModels = None,
    hours: Annotated[float, typer.Option(help="Simulated hours of each town's mind-wandering run.")] = 30.0,
    start: CaptureStart = None,
    seeds: AnswerSeeds = 2,
    per_task: Annotated[int, typer.Option(help="Prompts kept per task (day plan, decomposition).")] = 8,
    seed: CaptureSeed = 0,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder of wander_uptake.{json,md} (default runs/bench/wander).")
    ] = None,
) -> None:
    """How often each model's day plans and decompositions take up the memories mind wandering shows,
    with and without the wandering line: tests how the simulator's novelty curve with mind wandering
    was made."""
    import shlex
    from datetime import date

    from aga.sim.run import default_embedder
    from benchmarks import wander_uptake
    from benchmarks.report import machine

    towns = scenario or ["ville3"]
    models = model or ["scripted/default"]
    span_hours(None, hours)
    if seeds < 1 or per_task < 1:
        raise UserError("--seeds and --per-task at least 1")
    begin = clock_time(start)
    # The report is written after the runs: a bad --out must stop the command before them.
    out = out_folder(out or runs_dir() / "bench" / "wander")
    _check_towns_and_models(towns, models)
    embedder = default_embedder()
    progress, tracker = _counting_progress()
    with progress:
        report = wander_uptake.run(
            towns, models, hours=hours, seed=seed, seeds=seeds, per_task=per_task, embed=embedder.embed,
            start=begin, tracker=tracker,
        )  # fmt: skip
    command = shlex.join(
        ["aga", "bench", "wander", *(f"--scenario={t}" for t in towns), *(f"--model={m}" for m in models)]
        + [f"--hours={hours:g}", f"--seeds={seeds}", f"--per-task={per_task}", f"--seed={seed}"]
        + ([f"--start={start}"] if start else [])
    )
    js, md = wander_uptake.write(report, out, command, machine(), date.today().isoformat())
    for name, rows in report["by_model"].items():
        r = rows["all"]
        console.print(
            f"{name}: answers saying a drawn memory {r['with']['uptake']} with the line, "
            f"{r['without']['uptake']} without ({r['prompts']} prompts)",
            markup=False,
        )
    console.print(f"report: {md}, {js}", markup=False)


def _reused_report(path: Path | None, name: str, keys: tuple[str, ...]) -> dict[str, Any] | None:
    """The earlier report ``--reuse`` names (None without one), or a UserError saying what is wrong with
    the file and what to give instead."""
    import json

    if path is None:
        return None
    if path.is_dir():
        raise UserError(f"--reuse {path} is a folder; give the {name} in it, e.g. {path / name}")
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"--reuse {path}: no such file; give the {name} an earlier run of it wrote") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UserError(f"--reuse {path}: not a readable {name} ({exc}); give the file as it was written") from None
    missing = [k for k in keys if not isinstance(report, dict) or k not in report]
    if missing:
        raise UserError(f"--reuse {path}: not a {name} (no {', '.join(missing)}); give the file this benchmark wrote")
    return report


def _check_towns_and_models(towns: list[str], models: list[str]) -> None:
    """A UserError naming the first town that does not load or model that cannot be reached."""
    from aga.llm.errors import LLMConfigError
    from aga.llm.routing import check_model
    from aga.scenario.loader import ScenarioError, load_scenario

    for town in towns:
        try:
            load_scenario(town)
        except ScenarioError as exc:
            raise UserError(str(exc)) from None
    for m in models:
        try:
            check_model(m)
        except LLMConfigError as exc:
            raise UserError(str(exc)) from None


def _counting_progress() -> tuple[Progress, Any]:
    """Progress bars on stderr, and ``tracker(name, total)`` that adds one and returns its step callback.

    Where stderr is no terminal (a run under nohup, its output sent to a file), rich draws no bar until the end,
    so a plain line says each tenth of a bar done, and its last step, with the time since the bar began: an
    overnight `aga bench realism > log` said nothing for an hour and more."""
    import time as wall  # (how long the benchmark takes on this machine, never simulated time)

    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err_console,
    )  # fmt: skip

    def tracker(name: str, total: int) -> Any:
        bar = progress.add_task(plain(name), total=total)
        if err_console.is_terminal:
            return lambda: progress.advance(bar)
        began, done, every = wall.monotonic(), [0], max(1, total // 10)

        def tick() -> None:
            progress.advance(bar)
            done[0] += 1
            if done[0] % every == 0 or done[0] == total:
                took = int(wall.monotonic() - began)
                err_console.print(f"{plain(name)}: {done[0]}/{total} ({took // 60} min {took % 60} s)", markup=False)

        return tick

    return progress, tracker


@bench_app.command("believability")
def believability_command(
    scenario: Annotated[str, typer.Argument(help="Scenario name or folder.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the runs, evaluations and the report.")],
    days: Annotated[float, typer.Option(help="Simulated days per run (Park et al.: 2).")] = 2.0,
    model: Annotated[
        str, typer.Option("--model", "-m", help="Model that lives the runs (see `aga models`).")
    ] = "scripted/default",
    api_base: Annotated[str | None, typer.Option(help="Server URL of the served models (runs, voice, judge).")] = None,
    voice: Voice = LOCAL,
    judge: Judge = LOCAL,
    judging: Judging = "pairwise",
    pairs: Pairs = None,
    judge_memories: JudgeMemories = 0,
    seed: Annotated[int, typer.Option(help="First measured seed.")] = 0,
    seeds: Annotated[int, typer.Option(min=1, help="Measured seeds (3 or more for a spread).")] = 3,
    warmup: Annotated[int, typer.Option(min=0, help="Warm-up runs filling each policy mode's store.")] = 1,
    questions: Questions = 5,
    max_agents: MaxAgents = None,
    max_pairs: MaxPairs = None,
    measure: Measure = None,
    start: Annotated[str | None, typer.Option(help="HH:MM: begin every run at this time of the first day.")] = None,
    jobs: Annotated[int, typer.Option(min=1, help="Processes making the runs.")] = 1,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    records: Annotated[
        Path | None,
        typer.Option(
            help="Folder keeping every seed's answers and verdicts (s<seed>.jsonl; default in OUT/eval): they "
            "are not asked again, so a recording can be finished in sittings by keeping only this folder "
            "(runs gone are made again; an answer is reused only where its run's state is the same)."
        ),
    ] = None,
    sitting: Annotated[
        list[int] | None,
        typer.Option(
            help="Make and evaluate only this measured seed's runs (repeatable), with the whole recording's "
            "settings, and write no report: one sitting of a recording finished on machines laid anew (the "
            "command without it then makes the other runs and writes the report).",
            show_default=False,
        ),
    ] = None,
    from_records: Annotated[
        bool,
        typer.Option(
            "--from-records",
            help="Write the report from the --records folder alone: no run is made and no model asked; each run "
            "is read at the latest state its records complete (a recording whose runs are gone, or another "
            "machine's, whose runs would end in other states).",
        ),
    ] = False,
    judge_kept: Annotated[
        bool,
        typer.Option(
            "--judge-kept",
            help="With --from-records: ask --judge the verdicts the records lack, on the kept answers (no run "
            "made, the voice not asked), and keep them there: another judge or --judging tried on a recording. "
            "Give --measure interviews unless the records hold this judge's diffusion and density readings.",
        ),
    ] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bars.")] = False,
) -> None:
    """Baseline, lifestyle, social and aga runs of SCENARIO over seeds, each seed's modes and the baseline's
    ablations interviewed and ranked together (TrueSkill), with diffusion, density and attendance.

    Finished runs and answers in OUT are kept: the same command after an interruption continues.
    """
    from aga.llm.routing import check_model
    from benchmarks.believability import run_believability

    if not from_records:  # read back, the report asks no model
        check_model(model, api_base)
    span_hours(days, None)
    out_folder(out)
    if records is not None:
        out_folder(records, "--records")
    measured = range(seed, seed + seeds)
    if from_records and (records is None or sitting):
        raise UserError("--from-records reads back the --records folder for the whole report: give --records, "
                        "and no --sitting")  # fmt: skip
    if judge_kept and not from_records:
        raise UserError("--judge-kept judges the answers kept in --records: give it with --from-records")
    if judge_kept:
        check_model(judge, api_base)  # the one model it asks
    for s in sitting or ():
        if s not in measured:
            raise UserError(f"--sitting {s}: not among the measured seeds {seed}..{seed + seeds - 1} (--seed, --seeds)")
    settings, measures = eval_settings(
        voice=voice, judge=judge, judging=judging, pairs=pairs, questions=questions, max_agents=max_agents,
        seed=seed, timeout=timeout, retries=retries, measure=measure, api_base=api_base, check_models=not from_records,
        judge_memories=judge_memories,
    )  # fmt: skip
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err_console, disable=quiet,
    )  # fmt: skip
    with progress, kept_on_failure(f"finished runs in {out} are kept"):
        answers = progress.add_task("interview answers", total=None)
        report = run_believability(
            scenario, out=out, days=days, model=model, seed=seed, seeds=seeds, warmup=warmup,
            settings=settings, measures=measures, max_pairs=max_pairs, start=clock_time(start), jobs=jobs,
            done=lambda runs: console.print(f"finished {', '.join(r.run_id for r in runs)}", markup=False)
            if quiet else None,
            on_answer=lambda _: progress.advance(answers), api_base=api_base, records=records, only=sitting or (),
            on_note=lambda note: err_console.print(note, markup=False), from_records=from_records,
            judge_kept=judge_kept,
        )  # fmt: skip
    if sitting:
        folders = ", ".join(str(out / "eval" / f"s{s}") for s in report["evaluated"])
        console.print(f"evaluated seed(s) {', '.join(map(str, report['evaluated']))} (their reports: {folders}); "
                      "the command without --sitting writes the report of all seeds", markup=False)  # fmt: skip
        return
    for r in report["pooled"]:
        console.print(f"{r['condition']}: mu {r['mu']:.2f} (sigma {r['sigma']:.2f})", markup=False)
    console.print(f"report: {out / 'believability.md'}, {out / 'believability.json'}", markup=False)


@bench_app.command("household")
def household_command(
    households: Annotated[
        list[str] | None,
        typer.Argument(
            help="Households (scenarios/<name> with a household.toml, or folders); default: every bundled one."
        ),
    ] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the runs and the report.")] = Path(
        "runs/bench/household"
    ),
    days: Annotated[int, typer.Option(min=2, max=60, help="Days per run (the saving shows from day 2).")] = 4,
    seeds: Annotated[int, typer.Option(min=1, help="Seeds (3 or more for a spread).")] = 3,
    seed: Annotated[int, typer.Option(min=0, help="First seed.")] = 0,
    model: Annotated[
        str,
        typer.Option(
            "--model",
            "-m",
            help="Model (see `aga models`). The simulator by default, as every benchmark; `aga household run` "
            "uses the embedded model by default.",
        ),
    ] = "scripted/default",
    api_base: Annotated[str | None, typer.Option(help="Server URL for self-hosted models.")] = None,
    activities: Annotated[
        int | None,
        typer.Option(min=1, max=16, help="Activities a day instead of each household's.", show_default=False),
    ] = None,
    mode: Annotated[
        list[str] | None,
        typer.Option(
            "--mode",
            help="Policy modes beside the baseline (repeatable): lifestyle (the paper), routine (ours). Default: both.",
            show_default=False,
        ),
    ] = None,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    quiet: Annotated[bool, typer.Option(help="No line per finished day.")] = False,
) -> None:
    """Baseline vs the Lifestyle Policy (lifestyle: the paper's; routine: with the day's activities
    replayed too) on households over days and seeds: tokens per day, the share of the baseline, success
    (critic, grounded, executable) and variety with spread, beside the AGA paper's 34.3k -> 1.2k.

    Finished days in OUT are kept: the same command after an interruption goes on.
    """
    from aga.household.spec import known_households
    from aga.llm.routing import check_model
    from benchmarks.household import MODES, run_household_bench

    policy_modes = list(dict.fromkeys(mode or MODES[1:]))
    unknown = [m for m in policy_modes if m not in MODES[1:]]
    if unknown:
        raise UserError(f"--mode {unknown[0]!r}: use {' or '.join(MODES[1:])} (the baseline always runs)")
    out_folder(out)
    check_model(model, api_base)
    chosen = households or known_households()
    if not chosen:
        raise UserError("no household given and none bundled (scenarios/<name>/household.toml)")

    def told(run_id: str, figures: Any) -> None:
        s = figures.summary()
        console.print(f"{run_id} day {s['day']}: {s['tokens']:,} tokens, {s['done']}/{s['activities']} done, "
                      f"{s['from_policy']} replayed", markup=False)  # fmt: skip

    with kept_on_failure(f"finished days in {out / 'runs'} are kept"):
        report = run_household_bench(
            chosen, out=out, days=days, seeds=seeds, seed=seed, model=model, api_base=api_base,
            gateway_options=gateway_options(timeout, retries), on_day=None if quiet else told, activities=activities,
            modes=["baseline", *policy_modes],
        )  # fmt: skip
    for name, entry in report["households"].items():
        for m, later in entry["share_later_days"].items():
            if later:
                console.print(f"{name}: days 2-{days} {m}/baseline tokens {later['mean']:.1%} "
                              f"({later['min']:.1%}-{later['max']:.1%})", markup=False)  # fmt: skip
    console.print(f"report: {out / 'household.md'}, {out / 'household.json'}", markup=False)
