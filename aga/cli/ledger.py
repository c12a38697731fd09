"""``aga ledger RUN``: token and cost totals of a run, by task, module and agent."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from aga.cli.common import UserError, console, print_json

DEFAULT_GROUPS = ("task", "module", "agent")


def ledger_command(
    run: Annotated[str, typer.Argument(help="Run id (a folder of runs/) or a run folder.")],
    by: Annotated[list[str] | None, typer.Option("--by", help="Group by task, module, agent, model, outcome.")] = None,
    db: Annotated[
        str | None, typer.Option(help="SQLAlchemy URL of the database, if not the run's SQLite file.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
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
        table = Table(title=f"{ledger.run_id}: by {group}" if group != "run" else f"{ledger.run_id}: overall")
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
                str(t.key if t.key is not None else ("(all)" if group == "run" else "(none)")),
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
