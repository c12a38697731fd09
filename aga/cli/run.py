"""``aga run`` and ``aga resume``: simulate a town with a progress bar, checkpoints and budgets."""

from __future__ import annotations

import math
import signal
import socket
import sys
import time
from datetime import timedelta
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from aga.cli.common import (
    EXIT_DISK_FULL,
    EXIT_MODEL_UNAVAILABLE,
    EXIT_MOSTLY_FAILSAFES,
    MAX_SPAN_HOURS,
    ApiKeyEnv,
    Concurrency,
    Retries,
    Rpm,
    Timeout,
    Tpm,
    UserError,
    clock_time,
    console,
    disk_full,
    err_console,
    gateway_options,
    interrupted,
    on_interrupt,
    plain,
    span_hours,
)
from policy_store.faults import little_space


def _progress_text(run: Any, started: float, first_step: int) -> str:
    gateway = run.rt.gateway
    rate = (run.rt.step - first_step) / max(1e-9, time.perf_counter() - started)
    lookups = gateway.llm_calls + gateway.cache_hits
    hit_rate = gateway.cache_hits / lookups if lookups else 0.0
    return (
        f"{run.rt.now:%a %b %d %H:%M} | {rate:5.1f} steps/s | {gateway.llm_calls:,} LLM calls | "
        f"{gateway.spent_tokens:,} tokens | ${gateway.spent_usd:.4f} | cache hits {hit_rate:.0%}"
    )


class StopRequest:
    """Ctrl-C asks the run to stop; a second Ctrl-C interrupts at once.

    The first Ctrl-C is acknowledged at once. The run stops after the current step (which is then
    checkpointed) when that step ends within :attr:`grace_s` seconds (an ahead run: once its agents have
    caught up with the one furthest ahead, within :attr:`AHEAD_GRACE_S`); a step that takes longer (a slow
    model, a server that hangs between retries) is left between two model calls instead (:meth:`overdue`,
    polled by the gateway), and the run resumes from its last checkpoint.
    """

    GRACE_S = 2.0
    # An ahead run stops where its agent furthest ahead stands, once the others have caught up: their
    # steps' calls, longer than one phased step (see aga.sim.ahead.AheadStep.span).
    AHEAD_GRACE_S = 30.0

    def __init__(self) -> None:
        self.requested_at: float | None = None
        self.grace_s = self.GRACE_S
        signal.signal(signal.SIGINT, self._handle)
        # A TERM (`kill`, `docker stop`) asks for the same orderly stop: a checkpoint, then exit 130.
        signal.signal(signal.SIGTERM, self._handle)

    def _handle(self, signum: int, frame: Any) -> None:
        if self.requested_at is not None:
            raise KeyboardInterrupt
        self.requested_at = time.monotonic()
        again = "press Ctrl-C" if signum == signal.SIGINT else "send the signal"
        # Plain stderr, not rich: a signal handler may run while rich holds its console.
        sys.stderr.write(
            "\nstopping: the run stops after this step, or between two model calls if the step takes "
            f"more than {self.grace_s:g} s; {again} again to stop at once\n"
        )
        sys.stderr.flush()

    def __call__(self) -> bool:
        return self.requested_at is not None

    def overdue(self) -> bool:
        """True once a stop was requested more than :attr:`grace_s` seconds ago."""
        return self.requested_at is not None and time.monotonic() - self.requested_at > self.grace_s


def drive(
    run: Any,
    *,
    stop: StopRequest,
    checkpoint_minutes: float,
    max_cost: float | None,
    max_tokens: int | None,
    metrics_port: int | None,
    metrics_addr: str,
    quiet: bool,
    max_share: float = 0.5,
) -> None:
    """Advance ``run`` to its end with a progress bar; Ctrl-C checkpoints and exits 130."""
    from aga.llm.errors import ModelUnavailable
    from aga.sim.run import STOPPED, Budget

    if run.ahead:
        stop.grace_s = StopRequest.AHEAD_GRACE_S

    if metrics_port is not None:
        run.metrics.serve(metrics_port, metrics_addr)
        console.print(f"metrics on http://{metrics_addr}:{metrics_port}/metrics", markup=False)
    total_steps = max(
        1, int((run.info.until - run.rt.clock.start).total_seconds() // run.rt.clock.step.total_seconds())
    )
    started = time.perf_counter()
    first = run.rt.step
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.fields[stats]}"),
        TimeElapsedColumn(),
        console=err_console,
        disable=quiet,
        transient=False,
    )
    with progress:
        bar = progress.add_task(plain(run.info.run_id), total=total_steps, completed=first, stats="")

        def on_step(current: Any) -> None:
            if current.rt.step % 30 == 0:
                progress.update(bar, completed=current.rt.step, stats=_progress_text(current, started, first))

        try:
            reason = run.advance(
                checkpoint_minutes=checkpoint_minutes,
                budget=Budget(max_cost_usd=max_cost, max_tokens=max_tokens),
                on_step=on_step,
                should_stop=stop,
            )
        except KeyboardInterrupt:  # a Ctrl-C inside a step (see StopRequest): the last checkpoint stands
            reason = "interrupted"
        except ModelUnavailable as exc:
            reason = f"unavailable: {exc}"
        except Exception as exc:  # OSError, SQLAlchemyError, or chromadb's own error type for a full disk
            if not _out_of_space(exc, run):
                _say_kept(run, exc)
                raise
            reason = "disk full"
        finally:
            try:
                run.close()  # writes the policy store's waiting vectors: a full disk may fail it
            except Exception as exc:
                if not _out_of_space(exc, run):
                    raise
                reason = "disk full"
        progress.update(bar, completed=run.rt.step, stats=_progress_text(run, started, first))
    run_id = plain(run.info.run_id)
    if reason == "disk full":
        err_console.print(
            f"[bold red]disk full:[/] a write to {plain(run.paths.root)} failed for lack of space; what was committed "
            f"before is intact. Free some space, then `aga resume {run_id}` goes on from the last checkpoint"
        )
        raise typer.Exit(EXIT_DISK_FULL)
    if reason.startswith("unavailable: "):
        err_console.print(
            f"[bold red]model unavailable:[/] {plain(reason.removeprefix('unavailable: '))}\n"
            f"The run stopped at its last checkpoint (at most {checkpoint_minutes:g} simulated minutes before "
            f"{run.rt.now:%a %b %d %H:%M}); continue with `aga resume {run_id}` once the model answers "
            "(`aga ledger --errors` lists the errors)"
        )
        raise typer.Exit(EXIT_MODEL_UNAVAILABLE)
    if reason in (STOPPED, "interrupted"):
        where = (
            "state checkpointed"
            if reason == STOPPED
            else "inside a step, so it resumes from the last checkpoint (at most "
            f"{checkpoint_minutes:g} simulated minutes earlier)"
        )
        raise interrupted(
            f"interrupted at {run.rt.now:%a %b %d %H:%M} (step {run.rt.step}); {where}. "
            f"Continue with `aga resume {run_id}`"
        )
    if reason == "finished":
        console.print(
            f"[green]finished[/] {run_id} at {run.rt.now:%a %b %d %H:%M}; "
            f"see `aga show {run_id}`, `aga log {run_id}`, `aga ledger {run_id}`"
        )
    else:
        console.print(f"[yellow]stopped:[/] {plain(reason)}. Raise the budget and `aga resume {run_id}` to go on")
    _report_failsafes(run, max_share)


def _report_failsafes(run: Any, max_share: float) -> None:
    """Say how many of the run's calls fell back; exit 4 when they reach ``max_share`` (0: never)."""
    totals = run.rt.gateway.ledger.totals()[0]
    if not totals.failsafes:
        return
    share = totals.failsafes / max(1, totals.llm_calls)
    line = f"{totals.failsafes:,} of {totals.llm_calls:,} model calls ({share:.0%}) ended in fail-safe answers"
    if max_share and share >= max_share:
        err_console.print(
            f"[bold red]warning:[/] {line}: this town was written mostly by fall-backs, not by the model. "
            f"See `aga ledger {plain(run.info.run_id)} --errors`"
        )
        raise typer.Exit(EXIT_MOSTLY_FAILSAFES)
    console.print(f"{line}; `aga ledger {plain(run.info.run_id)} --errors` says why")


# Options shared by `aga run` and `aga resume`.
MaxCost = Annotated[float | None, typer.Option(help="Stop cleanly at this spend in USD.")]
MaxTokens = Annotated[int | None, typer.Option(min=1, help="Stop cleanly at this many tokens.")]
CheckpointMinutes = Annotated[float, typer.Option(help="Simulated minutes between checkpoints.")]
MetricsPort = Annotated[
    int | None, typer.Option(min=0, max=65535, help="Serve Prometheus metrics on this port (0: any free port).")
]
MetricsAddr = Annotated[str, typer.Option(help="Address to bind the metrics server to.")]
Quiet = Annotated[bool, typer.Option(help="No progress bar.")]
Schema = Annotated[
    bool | None,
    typer.Option(
        "--schema/--no-schema",
        help="Send the answer's JSON schema to the server (default: where the model takes one, and to any "
        "--api-base server); --no-schema sends JSON mode only, for servers that reject schemas.",
        show_default=False,
    ),
]
MaxFailedCalls = Annotated[
    int,
    typer.Option(
        min=0, help="Stop (exit 3, resumable) after this many calls in a row never reached the model; 0: never."
    ),
]
MaxFallbackShare = Annotated[
    float,
    typer.Option(
        help="Stop (exit 3, resumable) when this share of the last 50 calls fell back to fail-safe answers, and "
        "exit 4 at the end when the whole run's share reaches it; 0: never."
    ),
]


def _finite(value: float | None, option: str, *, positive: bool = True) -> None:
    """Reject nan, infinities and (by default) values <= 0, naming the option."""
    if value is None:
        return
    if not math.isfinite(value) or (positive and value <= 0):
        raise UserError(f"{option} {value:g}: give a finite number greater than 0")  # "0", as typed, not "0.0"


def _check_port(port: int | None, addr: str) -> None:
    """Fail before anything is written when the metrics port cannot be bound."""
    if port is None:
        return
    try:
        with socket.create_server((addr, port)):
            pass
    except OSError as exc:
        raise UserError(
            f"--metrics-port {port}: cannot listen on {addr}:{port} ({exc.strerror or exc}); "
            "pick a free port or stop what holds it"
        ) from None


def session_options(
    stop: StopRequest,
    *,
    max_cost: float | None,
    checkpoint_minutes: float,
    metrics_port: int | None,
    metrics_addr: str,
    timeout: float,
    retries: int,
    schema: bool | None,
    max_failed_calls: int,
    max_fallback_share: float,
    rpm: int | None = None,
    tpm: int | None = None,
    api_key_env: list[str] | None = None,
) -> Any:
    """Check the options `aga run` and `aga resume` share, before anything is written; return the
    gateway's options."""
    _finite(max_cost, "--max-cost")
    _finite(checkpoint_minutes, "--checkpoint-minutes")
    if not 0 <= max_fallback_share <= 1:
        raise UserError(f"--max-fallback-share {max_fallback_share!r}: give a fraction from 0 (never) to 1")
    _check_port(metrics_port, metrics_addr)
    return gateway_options(
        timeout,
        retries,
        send_schema=schema,
        max_failed_calls=max_failed_calls,
        max_fallback_share=max_fallback_share,
        should_stop=stop.overdue,
        rpm=rpm,
        tpm=tpm,
        key_envs=tuple(api_key_env or ()),
    )


def _out_of_space(exc: BaseException, run: Any) -> bool:
    """Whether ``exc`` is a full disk: said so in its words (or its cause's), or a storage error (the
    OS's, SQLite's, chromadb's own) with little space left on the run's disk."""
    import sqlite3

    from sqlalchemy.exc import SQLAlchemyError

    storage = isinstance(exc, OSError | sqlite3.Error | SQLAlchemyError) or type(exc).__module__.startswith("chromadb")
    return disk_full(exc) or (storage and little_space(run.paths.root))


def _say_kept(run: Any, exc: BaseException) -> None:
    """A step that failed for a reason nobody foresaw (a bug, a file that changed under the run): say
    that the run keeps its last checkpoint and how to go on, before the error itself is shown."""
    err_console.print(
        f"[bold red]run {plain(run.info.run_id)} stopped at an error[/] in the step at {run.rt.now:%a %b %d %H:%M} "
        f"({type(exc).__name__}); its last checkpoint stands. Once the cause is fixed, `aga resume "
        f"{plain(run.info.run_id)}` goes on from there (or start the run anew under another --run-id)"
    )


def _start_up_failed(exc: BaseException, run_id: str, then: str) -> typer.Exit:
    """Say that a start-up was interrupted or met a dead model, and the exit to raise."""
    if isinstance(exc, KeyboardInterrupt):
        return interrupted(f"[bold red]interrupted[/] during the start-up of run {plain(run_id)}; {plain(then)}")
    err_console.print(
        f"[bold red]{plain(f'model unavailable: {exc}')}[/] during the start-up of run {plain(run_id)}; {plain(then)}"
    )
    return typer.Exit(EXIT_MODEL_UNAVAILABLE)


def run_command(
    scenario: Annotated[str, typer.Argument(help="Scenario name (scenarios/<name>) or folder.")],
    days: Annotated[float | None, typer.Option(help="Simulated days to run.")] = None,
    hours: Annotated[float | None, typer.Option(help="Simulated hours to run (added to --days).")] = None,
    start: Annotated[
        str | None, typer.Option(help="HH:MM: begin at this time of the first day (default: the scenario's).")
    ] = None,
    model: Annotated[str, typer.Option("--model", "-m", help="Model string (see `aga models`).")] = (
        "local/qwen2.5-coder-1.5b"
    ),
    mode: Annotated[str, typer.Option(help="baseline | lifestyle | social | aga")] = "baseline",
    seed: Annotated[int, typer.Option(min=0, max=2**31 - 1, help="Seed of sampling and of every random choice.")] = 0,
    run_id: Annotated[str | None, typer.Option("--run-id", help="Name of the run folder.")] = None,
    api_base: Annotated[str | None, typer.Option(help="Server URL for self-hosted models.")] = None,
    policy_store: Annotated[
        str | None,
        typer.Option(help="Lifestyle Policy store folder (default: shared per scenario, cast and model)."),
    ] = None,
    fresh_policies: Annotated[
        bool, typer.Option(help="Start from an empty policy store inside the run folder.")
    ] = False,
    policy_scope: Annotated[
        str, typer.Option(help="agent: reuse one's own policies; shared: also others', names substituted.")
    ] = "agent",
    policy_threshold: Annotated[
        list[str] | None,
        typer.Option(help="KIND=SIMILARITY, repeatable (kinds: plan, action, importance).", show_default=False),
    ] = None,
    policy_bypass: Annotated[
        bool, typer.Option(help="Look nothing up and store nothing (every decision goes to the LLM).")
    ] = False,
    policy_max: Annotated[int, typer.Option(help="Policies kept per kind; least recently used evicted.")] = 10_000,
    hourly_schedule: Annotated[
        bool, typer.Option(help="Policy modes: plan the day hour by hour as the baseline does, not in one call.")
    ] = False,
    exact_actions: Annotated[
        bool,
        typer.Option(help="Policy modes: reuse an action only for the same text, as the AGA reference code does."),
    ] = False,
    importance_cache: Annotated[
        bool,
        typer.Option(help="Policy modes: reuse the rating of an event rated before in other words (ours)."),
    ] = True,
    hour_blocks: Annotated[
        bool,
        typer.Option(
            help="Policy modes: decompose the one-call day's long blocks an hour at a time, acting as finely "
            "as the baseline's hourly blocks (ours)."
        ),
    ] = False,
    mind_wandering: Annotated[
        bool,
        typer.Option(help="Any mode: a few rare memories sampled into planning and dialogue prompts (AGA appendix D)."),
    ] = False,
    step: Annotated[
        str,
        typer.Option(
            help="phased: agents think at once against the same snapshot (needed for --concurrency); "
            "ahead: phased, with agents far apart running ahead of each other between checkpoints (the same "
            "town, faster at a hosted model's latency; give a longer --checkpoint-minutes); "
            "sequential: one after another in name order, as the original code and our recorded benchmarks."
        ),
    ] = "phased",
    concurrency: Concurrency = None,
    rpm: Rpm = None,
    tpm: Tpm = None,
    api_key_env: ApiKeyEnv = None,
    max_cost: MaxCost = None,
    max_tokens: MaxTokens = None,
    checkpoint_minutes: CheckpointMinutes = 5.0,
    metrics_port: MetricsPort = None,
    metrics_addr: MetricsAddr = "127.0.0.1",
    quiet: Quiet = False,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    schema: Schema = None,
    max_failed_calls: MaxFailedCalls = 3,
    max_fallback_share: MaxFallbackShare = 0.5,
) -> None:
    """Run SCENARIO for a span of simulated time in runs/<run-id>/.

    Exit codes: 0 finished (or stopped by a budget), 2 bad input, 3 the model stopped answering
    (resumable), 4 finished but most calls fell back to fail-safe answers, 5 disk full (resumable),
    130 interrupted (resumable).
    """
    from aga.llm.errors import ModelUnavailable
    from aga.sim.policies import POLICY_MODES, PolicyOptions, describe
    from aga.sim.run import Run, check_concurrency, check_mode

    stop = StopRequest()  # before the slow start-up, so an early Ctrl-C is honoured too
    # Every option is checked before anything is written.
    check_mode(mode)
    check_concurrency(step, 1 if concurrency is None else concurrency)
    span = span_hours(days, hours)
    begin = clock_time(start)
    options = session_options(
        stop,
        max_cost=max_cost,
        checkpoint_minutes=checkpoint_minutes,
        metrics_port=metrics_port,
        metrics_addr=metrics_addr,
        timeout=timeout,
        retries=retries,
        schema=schema,
        max_failed_calls=max_failed_calls,
        max_fallback_share=max_fallback_share,
        rpm=rpm,
        tpm=tpm,
        api_key_env=api_key_env,
    )
    policies = PolicyOptions.parse(
        store=policy_store,
        fresh=fresh_policies,
        scope=policy_scope,
        thresholds=policy_threshold,
        bypass=policy_bypass,
        max_policies=policy_max,
        hourly_schedule=hourly_schedule,
        exact_actions=exact_actions,
        importance=importance_cache,
        hour_blocks=hour_blocks,
    )
    if mode not in POLICY_MODES:
        given = {
            "--policy-store": policy_store is not None,
            "--fresh-policies": fresh_policies,
            "--policy-scope": policy_scope != "agent",
            "--policy-threshold": bool(policy_threshold),
            "--policy-bypass": policy_bypass,
            "--policy-max": policy_max != 10_000,
            "--hourly-schedule": hourly_schedule,
            "--exact-actions": exact_actions,
            "--no-importance-cache": not importance_cache,
            "--hour-blocks": hour_blocks,
        }
        if any(given.values()):
            named = ", ".join(k for k, v in given.items() if v)
            raise UserError(f"--mode {mode} uses no policy store; {named} apply to --mode lifestyle and aga only")
    from aga.storage import resolve_run

    if run_id is not None and not run_id.strip():
        raise UserError('--run-id "": give the run a name, or leave --run-id out for one made up')
    run_id = run_id or _default_run_id(scenario, mode, seed)
    on_interrupt(f"`aga resume {run_id}` goes on with it if its folder was made, else run the same command again")
    try:
        run = Run.create(
            scenario,
            model=model,
            mode=mode,
            seed=seed,
            hours=span,
            run_id=run_id,
            api_base=api_base,
            policies=policies,
            start=begin,
            gateway_options=options,
            mind_wandering=mind_wandering,
            step_mode=step,
            concurrency=concurrency,
        )
    except (KeyboardInterrupt, ModelUnavailable) as exc:
        kept = resolve_run(run_id, must_exist=False).database.exists()
        then = (
            f"the memories rated so far are kept; `aga resume {run_id}` finishes the start-up"
            if kept
            else "nothing was recorded; run the same command again"
        )
        raise _start_up_failed(exc, run_id, then) from None
    console.print(
        f"run [bold]{plain(run.info.run_id)}[/]: {plain(run.rt.scenario.name)}, {len(run.rt.agents)} agents, "
        f"{plain(run.rt.gateway.route.label)}, until {run.info.until:%a %b %d %H:%M}, {_stepping(run)}"
    )
    from aga.scenario.loader import scenario_warnings

    for warning in scenario_warnings(run.rt.scenario):
        err_console.print(f"[yellow]warning:[/] {plain(warning)}", highlight=False)
    if run.rt.lifestyle is not None:
        counts = ", ".join(f"{n:,} {kind}" for kind, n in describe(run.rt.lifestyle).items()) or "empty"
        console.print(f"policy store {run.rt.lifestyle.location}: {counts}", markup=False)
    drive(
        run,
        stop=stop,
        checkpoint_minutes=checkpoint_minutes,
        max_cost=max_cost,
        max_tokens=max_tokens,
        metrics_port=metrics_port,
        metrics_addr=metrics_addr,
        quiet=quiet,
        max_share=max_fallback_share,
    )


def _stepping(run: Any) -> str:
    """'phased, 8 agents at once' / 'sequential'."""
    if not run.phased:
        return "sequential steps"
    kind = "phased steps, agents running ahead between checkpoints" if run.ahead else "phased steps"
    return f"{kind}, up to {run.concurrency} agent{'s' if run.concurrency > 1 else ''} waiting on the model at once"


def _default_run_id(scenario: str, mode: str, seed: int) -> str:
    """<scenario>-<mode>-s<seed>-<wall-clock stamp>: a label, not simulated time (named here so that a
    start-up cut short can tell the user which id to resume)."""
    from datetime import datetime
    from pathlib import Path

    name = Path(scenario.rstrip("/")).name or "run"
    return f"{name}-{mode}-s{seed}-{datetime.now():%Y%m%d-%H%M%S}"


def resume_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    hours: Annotated[
        float | None,
        typer.Option(
            help="Extend the run's end by this many simulated hours (from its planned end, or from now if that "
            "has passed); an unfinished run first runs on to its planned end."
        ),
    ] = None,
    api_base: Annotated[
        str | None, typer.Option(help="The model's server moved: use this URL from now on (kept for later resumes).")
    ] = None,
    max_cost: MaxCost = None,
    max_tokens: MaxTokens = None,
    checkpoint_minutes: CheckpointMinutes = 5.0,
    metrics_port: MetricsPort = None,
    metrics_addr: MetricsAddr = "127.0.0.1",
    quiet: Quiet = False,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    schema: Schema = None,
    max_failed_calls: MaxFailedCalls = 3,
    max_fallback_share: MaxFallbackShare = 0.5,
    concurrency: Concurrency = None,
    rpm: Rpm = None,
    tpm: Tpm = None,
    api_key_env: ApiKeyEnv = None,
) -> None:
    """Continue RUN from its last checkpoint (after Ctrl-C, a crash, a dead model or a budget stop).

    A run killed during its start-up finishes the start-up first. Exit codes as for `aga run`.
    """
    from aga.llm.errors import ModelUnavailable
    from aga.sim.run import Run, move_server

    stop = StopRequest()
    _finite(hours, "--hours")
    if hours is not None and hours > MAX_SPAN_HOURS:
        raise UserError(f"--hours {hours:g}: extend a run by at most {MAX_SPAN_HOURS:,} simulated hours at a time")
    options = session_options(
        stop,
        max_cost=max_cost,
        checkpoint_minutes=checkpoint_minutes,
        metrics_port=metrics_port,
        metrics_addr=metrics_addr,
        timeout=timeout,
        retries=retries,
        schema=schema,
        max_failed_calls=max_failed_calls,
        max_fallback_share=max_fallback_share,
        rpm=rpm,
        tpm=tpm,
        api_key_env=api_key_env,
    )
    if api_base is not None:
        move_server(run, api_base)
    on_interrupt(f"`aga resume {run}` goes on with it")
    try:
        opened = Run.open(run, gateway_options=options, concurrency=concurrency)
    except (KeyboardInterrupt, ModelUnavailable) as exc:  # only a start-up being finished calls the model here
        raise _start_up_failed(exc, run, f"`aga resume {run}` again goes on with it") from None
    if opened.finished_start_up:
        console.print(
            f"run {opened.info.run_id} had been stopped during its start-up; the start-up is now done", markup=False
        )
    if hours:
        opened.set_status("running", until=max(opened.info.until, opened.rt.now) + timedelta(hours=hours))
    if opened.rt.now >= opened.info.until:
        # Killed after its last checkpoint, a run that reached its end still says "running": it is finished.
        if opened.info.status != "finished":
            opened.set_status("finished")
        opened.close()
        console.print(
            f"run {opened.info.run_id} already reached {opened.info.until:%a %b %d %H:%M}; add --hours N to extend it",
            markup=False,
        )
        return
    console.print(
        f"resuming [bold]{plain(opened.info.run_id)}[/] at {opened.rt.now:%a %b %d %H:%M} (step {opened.rt.step}) "
        f"until {opened.info.until:%a %b %d %H:%M}, {_stepping(opened)}"
    )
    drive(
        opened,
        stop=stop,
        checkpoint_minutes=checkpoint_minutes,
        max_cost=max_cost,
        max_tokens=max_tokens,
        metrics_port=metrics_port,
        metrics_addr=metrics_addr,
        quiet=quiet,
        max_share=max_fallback_share,
    )
