"""``aga ledger RUN``: token and cost totals of a run, by task, module and agent."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from aga.cli.common import UserError, console, plain, print_json

DEFAULT_GROUPS = ("task", "module", "agent")


def ledger_command(
    run: Annotated[str, typer.Argument(help="Run id (a folder of runs/) or a run folder.")],
    by: Annotated[list[str] | None, typer.Option("--by", help="Group by task, module, agent, model, outcome.")] = None,
    db: Annotated[
        str | None, typer.Option(help="SQLAlchemy URL of the database, if not the run's SQLite file.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    errors: Annotated[
        bool, typer.Option("--errors", help="Show the error texts of failed attempts instead of the totals.")
    ] = False,
    limit: Annotated[int, typer.Option(min=1, max=100_000, help="With --errors: newest rows shown.")] = 20,
) -> None:
    """Print the ledger totals of RUN: LLM calls, tokens, cost, cache hits, fail-safes."""
    from aga.llm.ledger import GROUPINGS, Ledger
    from aga.storage import make_engine, resolve_run

    groups = tuple(by) if by else DEFAULT_GROUPS
    for group in groups:
        if group not in GROUPINGS:
            raise UserError(f"--by {group}: the ledger can be grouped by {', '.join(GROUPINGS)}")
    if db:
        ledger = Ledger(make_engine(db), run)
    else:
        paths = resolve_run(run)
        ledger = Ledger(make_engine(paths.database_url), paths.run_id)
    if ledger.count() == 0:
        raise UserError(f"run '{ledger.run_id}' has no ledger rows; runs here: {', '.join(ledger.run_ids()) or 'none'}")
    if errors:
        _print_errors(ledger, limit=limit, as_json=as_json)
        return
    overall = ledger.totals()[0]
    standing = ledger.totals(standing=True)[0]
    replayed = {
        "llm_calls": overall.llm_calls - standing.llm_calls,
        "tokens": overall.total_tokens - standing.total_tokens,
        "cost_usd": round(overall.cost_usd - standing.cost_usd, 6),
    }
    grouped = {group: ledger.totals(group) for group in groups}
    if as_json:
        print_json(
            {
                "run": ledger.run_id,
                "overall": overall.to_json(),
                "replayed_after_resume": replayed,
                **{f"by_{g}": [t.to_json() for t in rows] for g, rows in grouped.items()},
            }
        )
        return
    for group, rows in [("run", [overall]), *grouped.items()]:
        table = Table(title=plain(f"{ledger.run_id}: by {group}" if group != "run" else f"{ledger.run_id}: overall"))
        for col in (
            group,
            "LLM calls",
            "prompt tok",
            "completion tok",
            "cost $",
            "cache hits",
            "tokens saved",
            "retried",
            "fail-safes",
            "repaired",
        ):
            table.add_column(col, justify="left" if col == group else "right")
        for t in rows:
            table.add_row(
                plain(t.key if t.key is not None else ("(all)" if group == "run" else "(none)")),
                f"{t.llm_calls:,}",
                f"{t.prompt_tokens:,}",
                f"{t.completion_tokens:,}",
                f"{t.cost_usd:.4f}",
                f"{t.cache_hits:,}",
                f"{t.saved_prompt_tokens + t.saved_completion_tokens:,}",
                f"{t.retried:,}",
                f"{t.failsafes:,}",
                f"{t.repaired:,}",
            )
        console.print(table)
    if replayed["llm_calls"]:
        console.print(
            f"Included above: {replayed['llm_calls']:,} calls ({replayed['tokens']:,} tokens) of steps replayed "
            "after a resume (spent, but their answers were dropped with the steps)."
        )


def _print_errors(ledger: Any, *, limit: int, as_json: bool) -> None:
    """The run's error texts by frequency, then the newest rows that carry one."""
    counted, newest = ledger.errors(limit=limit)
    if as_json:
        print_json(
            {
                "run": ledger.run_id,
                "errors": [{"error": e, "rows": n} for e, n, _ in counted],
                "newest": [r.model_dump(mode="json") for r in newest],
            }
        )
        return
    if not counted:
        console.print(f"{plain(ledger.run_id)}: no call recorded an error")
        return
    table = Table(title=f"{plain(ledger.run_id)}: errors by frequency")
    table.add_column("rows", justify="right")
    table.add_column("error")
    for error, n, _ in counted:
        table.add_row(f"{n:,}", plain(error))
    console.print(table)
    rows = Table(title=f"newest {len(newest)} rows with an error")
    for column in ("id", "sim time", "task", "agent", "outcome", "attempts", "error"):
        rows.add_column(column)
    for r in newest:
        rows.add_row(
            str(r.id),
            f"{r.sim_time:%a %H:%M}" if r.sim_time else "",
            plain(r.task),
            plain(r.agent or ""),
            plain(r.outcome),
            str(r.attempts),
            plain(r.error or ""),
        )
    console.print(rows)
