"""``aga run`` and ``aga resume``: simulate a town with a progress bar, checkpoints and budgets."""

from __future__ import annotations

import signal
import time
from datetime import timedelta
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from aga.cli.common import UserError, clock_time, console, err_console


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
    """Ctrl-C asks the run to stop between steps; a second Ctrl-C interrupts at once."""

    def __init__(self) -> None:
        self.requested = False
        signal.signal(signal.SIGINT, self._handle)

    def _handle(self, signum: int, frame: Any) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __call__(self) -> bool:
        return self.requested


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
) -> None:
    """Advance ``run`` to its end with a progress bar; Ctrl-C checkpoints and exits 130."""
    from aga.sim.run import STOPPED, Budget

    if metrics_port is not None:
        run.metrics.serve(metrics_port, metrics_addr)
        console.print(f"metrics on http://{metrics_addr}:{metrics_port}/metrics")
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
        bar = progress.add_task(run.info.run_id, total=total_steps, completed=first, stats="")

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
        except KeyboardInterrupt:  # a second Ctrl-C, inside a step: the last checkpoint stands
            reason = "interrupted"
        finally:
            run.close()
        progress.update(bar, completed=run.rt.step, stats=_progress_text(run, started, first))
    if reason in (STOPPED, "interrupted"):
        where = (
            "state checkpointed"
            if reason == STOPPED
            else "inside a step, so it resumes from the last checkpoint (at most "
            f"{checkpoint_minutes:g} simulated minutes earlier)"
        )
        err_console.print(
            f"interrupted at {run.rt.now:%a %b %d %H:%M} (step {run.rt.step}); {where}. "
            f"Continue with `aga resume {run.info.run_id}`"
        )
        raise typer.Exit(130)
    if reason == "finished":
        console.print(
            f"[green]finished[/] {run.info.run_id} at {run.rt.now:%a %b %d %H:%M}; "
            f"see `aga show {run.info.run_id}`, `aga log {run.info.run_id}`, `aga ledger {run.info.run_id}`"
        )
    else:
        console.print(f"[yellow]stopped:[/] {reason}. Raise the budget and `aga resume {run.info.run_id}` to go on")


# Options shared by `aga run` and `aga resume`.
MaxCost = Annotated[float | None, typer.Option(help="Stop cleanly at this spend in USD.")]
MaxTokens = Annotated[int | None, typer.Option(help="Stop cleanly at this many tokens.")]
CheckpointMinutes = Annotated[float, typer.Option(help="Simulated minutes between checkpoints.")]
MetricsPort = Annotated[int | None, typer.Option(help="Serve Prometheus metrics on this port.")]
MetricsAddr = Annotated[str, typer.Option(help="Address to bind the metrics server to.")]
Quiet = Annotated[bool, typer.Option(help="No progress bar.")]


def _span(days: float | None, hours: float | None) -> float:
    if days is None and hours is None:
        return 24.0
    total = (days or 0) * 24 + (hours or 0)
    if total <= 0:
        raise UserError("--days/--hours must add up to a positive span of simulated time")
    return total


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
    seed: Annotated[int, typer.Option(help="Seed of sampling and of every random choice.")] = 0,
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
    max_cost: MaxCost = None,
    max_tokens: MaxTokens = None,
    checkpoint_minutes: CheckpointMinutes = 5.0,
    metrics_port: MetricsPort = None,
    metrics_addr: MetricsAddr = "127.0.0.1",
    quiet: Quiet = False,
) -> None:
    """Run SCENARIO for a span of simulated time in runs/<run-id>/."""
    from aga.sim.policies import POLICY_MODES, PolicyOptions, describe
    from aga.sim.run import Run, check_mode

    stop = StopRequest()  # before the slow start-up, so an early Ctrl-C is honoured too
    check_mode(mode)
    span = _span(days, hours)
    begin = clock_time(start)
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
        }
        if any(given.values()):
            named = ", ".join(k for k, v in given.items() if v)
            raise UserError(f"--mode {mode} uses no policy store; {named} apply to --mode lifestyle and aga only")
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
    )
    console.print(
        f"run [bold]{run.info.run_id}[/]: {run.rt.scenario.name}, {len(run.rt.agents)} agents, "
        f"{run.rt.gateway.route.label}, until {run.info.until:%a %b %d %H:%M}"
    )
    if run.rt.lifestyle is not None:
        counts = ", ".join(f"{n:,} {kind}" for kind, n in describe(run.rt.lifestyle).items()) or "empty"
        console.print(f"policy store {run.info.policy_store}: {counts}")
    drive(
        run,
        stop=stop,
        checkpoint_minutes=checkpoint_minutes,
        max_cost=max_cost,
        max_tokens=max_tokens,
        metrics_port=metrics_port,
        metrics_addr=metrics_addr,
        quiet=quiet,
    )


def resume_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    hours: Annotated[float | None, typer.Option(help="Extend the run by this many simulated hours.")] = None,
    max_cost: MaxCost = None,
    max_tokens: MaxTokens = None,
    checkpoint_minutes: CheckpointMinutes = 5.0,
    metrics_port: MetricsPort = None,
    metrics_addr: MetricsAddr = "127.0.0.1",
    quiet: Quiet = False,
) -> None:
    """Continue RUN from its last checkpoint (after Ctrl-C, a crash or a budget stop)."""
    from aga.sim.run import Run

    stop = StopRequest()
    opened = Run.open(run)
    if hours:
        opened.set_status("running", until=max(opened.info.until, opened.rt.now) + timedelta(hours=hours))
    if opened.rt.now >= opened.info.until:
        opened.close()
        console.print(
            f"run {opened.info.run_id} already reached {opened.info.until:%a %b %d %H:%M}; add --hours N to extend it"
        )
        return
    console.print(f"resuming [bold]{opened.info.run_id}[/] at {opened.rt.now:%a %b %d %H:%M} (step {opened.rt.step})")
    drive(
        opened,
        stop=stop,
        checkpoint_minutes=checkpoint_minutes,
        max_cost=max_cost,
        max_tokens=max_tokens,
        metrics_port=metrics_port,
        metrics_addr=metrics_addr,
        quiet=quiet,
    )
