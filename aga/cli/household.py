"""``aga household``: one resident's days at home on VirtualHome (AGA section 5.2, appendix C).

``run`` lives days and shows, per activity, the program that was executed (and the commands the home
refused, with why); ``show`` prints a run's days again; ``list`` names the bundled households.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from aga.cli.common import (
    EXIT_MODEL_UNAVAILABLE,
    Commands,
    Retries,
    Timeout,
    UserError,
    console,
    err_console,
    interrupted,
    plain,
    print_json,
)

household_app = typer.Typer(cls=Commands, help="A resident's days at home on VirtualHome, with the Lifestyle Policy.",
                            no_args_is_help=True)  # fmt: skip

Json = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
Activities = Annotated[
    int | None,
    typer.Option(min=1, max=16, help="Activities a day instead of the household's (quicker runs).", show_default=False),
]


@household_app.command("list")
def list_command(as_json: Json = False) -> None:
    """The bundled households (scenarios/<name>/household.toml): resident and scene."""
    from aga.household.spec import known_households, load_household

    rows = []
    for name in known_households():
        loaded = load_household(name)
        rows.append({"name": name, "resident": loaded.spec.resident.name, "scene": loaded.spec.scene,
                     "activities": loaded.spec.activities})  # fmt: skip
    if as_json:
        print_json(rows)
        return
    table = Table("household", "resident", "scene", "activities a day")
    for row in rows:
        table.add_row(plain(row["name"]), plain(row["resident"]), plain(row["scene"]), str(row["activities"]))
    console.print(table)


@household_app.command("run")
def run_command(
    household: Annotated[str, typer.Argument(help="Household name (scenarios/<name>), folder or household.toml.")],
    days: Annotated[int, typer.Option(min=1, max=365, help="Days to have lived when the command ends.")] = 1,
    mode: Annotated[
        str,
        typer.Option(
            help="baseline: every activity asks the LLM; lifestyle: replay stored activities (the paper); "
            "routine: also replay the day's list of activities (ours)."
        ),
    ] = "baseline",
    model: Annotated[
        str,
        typer.Option(
            "--model",
            "-m",
            help="Model string (see `aga models`). The embedded model by default, as `aga run`; scripted/default "
            "is the fast simulator, the default of `aga bench household`.",
        ),
    ] = "local/qwen2.5-coder-1.5b",
    seed: Annotated[int, typer.Option(min=0, max=2**31 - 1, help="Seed of sampling.")] = 0,
    run_id: Annotated[
        str | None,
        typer.Option("--run-id", help="Run folder (default <household>-<mode>-s<seed>).", show_default=False),
    ] = None,
    api_base: Annotated[str | None, typer.Option(help="Server URL for self-hosted models.")] = None,
    activities: Activities = None,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the days' figures, not each program.")] = False,
    as_json: Json = False,
) -> None:
    """Live DAYS days of HOUSEHOLD in runs/<run-id>/, each from the scene as loaded.

    An existing run with the same settings goes on from its last finished day (a day cut short by
    Ctrl-C, kill or a model that stopped answering is lived again). Exit codes: 0 done, 2 bad input,
    3 the model stopped answering (resumable), 130 interrupted (resumable).
    """
    from aga.cli.common import gateway_options
    from aga.household.run import MODES, HouseholdRun
    from aga.llm.errors import ModelUnavailable
    from aga.llm.routing import check_model

    if mode not in MODES:
        raise UserError(f"--mode {mode!r}: use one of {', '.join(MODES)}")
    check_model(model, api_base)  # before a run folder is made for a model that cannot answer
    options = gateway_options(timeout, retries)
    name = run_id or f"{_stem(household)}-{mode}-s{seed}"
    run = HouseholdRun.start(household, model=model, mode=mode, seed=seed, run_id=name, days=days, api_base=api_base,
                             activities=activities)  # fmt: skip
    show = not quiet and not as_json
    before = len(run.days())
    if not as_json:
        left = run.info.days - before
        todo = (
            f"day{'s' if left > 1 else ''} {before + 1}..{run.info.days}"
            if left > 0
            else f"all {run.info.days} days already lived (a larger --days lives more)"
        )
        console.print(
            f"[bold]{plain(run.household.spec.resident.name)}[/] at home ({plain(run.household.spec.scene)}), "
            f"{mode}, {plain(run.info.model)}, seed {seed}: {todo} into {plain(run.paths.root)}"
        )
    try:
        run.live(
            gateway_options=options,
            on_activity=(lambda day, record: _print_activity(day, record.to_json())) if show else None,
            on_day=(lambda figures: _print_day(figures.summary())) if not as_json else None,
        )
        all_days = run.days()
    except ModelUnavailable as exc:
        err_console.print(
            f"[bold red]model unavailable:[/] {plain(exc)}\nfinished days are kept; run the same command again to "
            "go on from the day that was cut short"
        )
        raise typer.Exit(EXIT_MODEL_UNAVAILABLE) from None
    except KeyboardInterrupt:
        raise interrupted("interrupted: finished days are kept; run the same command again to go on") from None
    finally:
        run.close()
    if as_json:
        print_json({"run": name, "days": [d.summary() | {"records": d.records} for d in all_days]})
    elif len(all_days) > 1:
        _print_totals([d.summary() for d in all_days])


@household_app.command("show")
def show_command(
    run: Annotated[str, typer.Argument(help="Run id or run folder of `aga household run`.")],
    day: Annotated[int | None, typer.Option(min=1, help="Only this day.", show_default=False)] = None,
    as_json: Json = False,
) -> None:
    """A household run's days: each activity's executed program, refusals and source, and the tokens."""
    from aga.household.run import HouseholdRun

    info, days, abandoned = HouseholdRun.read(run)
    chosen = [d for d in days if day is None or d.day == day]
    if day is not None and not chosen:
        raise UserError(f"--day {day}: run '{info.run_id}' has finished days 1..{len(days)}")
    if as_json:
        print_json({"run": info.run_id, "model": info.model, "mode": info.mode, "seed": info.seed,
                    "abandoned_calls": abandoned,
                    "days": [d.summary() | {"records": d.records} for d in chosen]})  # fmt: skip
        return
    console.print(
        f"[bold]{plain(info.run_id)}[/]: {plain(info.mode)}, {plain(info.model)}, seed {info.seed}, "
        f"{len(days)} day(s) finished"
    )
    for figures in chosen:
        for record in figures.records:
            _print_activity(figures.day, record)
        _print_day(figures.summary())
    if abandoned:
        console.print(
            f"[dim]{abandoned} call(s) of a day not finished (cut short, or being lived now) are not counted above[/]"
        )
    if day is None and len(days) > 1:
        _print_totals([d.summary() for d in days])


def _stem(household: str) -> str:
    path = Path(household)
    return (path.parent.name if path.suffix == ".toml" else path.name) or "household"


def _print_activity(day: int, record: dict[str, Any]) -> None:
    mark = "[green]done[/]" if record["done"] else "[red]not done[/]"
    source = {"policy": "[cyan]replayed[/]", "policy+llm": "[yellow]replay failed, LLM[/]"}.get(record["source"], "LLM")
    console.print(f"day {day} · {plain(record['activity'])} · {source} · {mark}")
    for line in record["executed"]:
        console.print(f"    {line}", highlight=False, markup=False)
    for line in record["failed"]:
        console.print(f"    [dim red]refused: {plain(line)}[/]", highlight=False)


def _print_day(summary: dict[str, Any]) -> None:
    plan = "a stored routine" if summary.get("day_replayed") else "the LLM"
    console.print(
        f"[bold]day {summary['day']}[/] (planned by {plan}): {summary['done']}/{summary['activities']} activities "
        "done, "
        f"{summary['from_policy']} replayed ({summary['replay_failed']} replays failed), {summary['commands']} "
        f"commands run, {summary['failed_commands']} refused; {summary['llm_calls']} LLM calls, "
        f"{summary['tokens']:,} tokens"
    )


def _print_totals(summaries: list[dict[str, Any]]) -> None:
    table = Table("day", "activities done", "replayed", "LLM calls", "tokens", "share of day 1")
    first = summaries[0]["tokens"] or 1
    for s in summaries:
        table.add_row(str(s["day"]), f"{s['done']}/{s['activities']}", str(s["from_policy"]), str(s["llm_calls"]),
                      f"{s['tokens']:,}", f"{s['tokens'] / first:.0%}")  # fmt: skip
    console.print(table)
