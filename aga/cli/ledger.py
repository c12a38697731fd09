"""``aga ledger RUN``: token and cost totals of a run, by task, module and agent."""

from __future__ import annotations

from collections.abc import Callable
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
    repairs: Annotated[
        bool, typer.Option("--repairs", help="Show what repairs changed in answers instead of the totals.")
    ] = False,
    limit: Annotated[int, typer.Option(min=1, max=100_000, help="With --errors or --repairs: newest rows shown.")] = 20,
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
    if errors and repairs:
        raise UserError("--errors and --repairs show different rows: give one of them")
    if errors:
        _print_errors(ledger, limit=limit, as_json=as_json)
        return
    if repairs:
        _print_repairs(ledger, limit=limit, as_json=as_json)
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
    # Tokens are prompt and completion tokens; saved = tokens a cache hit did not spend. In the order
    # they go on a narrow terminal, the most telling first.
    cells: list[tuple[str, Callable[[Any], str]]] = [
        ("calls", lambda t: f"{t.llm_calls:,}"),
        ("prompt", lambda t: f"{t.prompt_tokens:,}"),
        ("completion", lambda t: f"{t.completion_tokens:,}"),
        ("saved", lambda t: f"{t.saved_prompt_tokens + t.saved_completion_tokens:,}"),
        ("hits", lambda t: f"{t.cache_hits:,}"),
        ("cost $", lambda t: f"{t.cost_usd:.4f}"),
        ("fail-safes", lambda t: f"{t.failsafes:,}"),
        ("retried", lambda t: f"{t.retried:,}"),
        ("repaired", lambda t: f"{t.repaired:,}"),
    ]
    for group, rows in [("run", [overall]), *grouped.items()]:
        table = Table(title=plain(f"{ledger.run_id}: by {group}" if group != "run" else f"{ledger.run_id}: overall"))
        keys = [plain(t.key if t.key is not None else ("(all)" if group == "run" else "(none)")) for t in rows]
        # Names and numbers are never cut ("act.…" and "662,…" say nothing): on a narrow terminal the
        # columns that do not fit go, last first, and a line says which (--json has them all).
        width = max([len(group), *map(len, keys)]) + 4  # a grouping with no rows still has its header
        shown = []
        hidden = []  # of this table: another, with shorter names or numbers, may show them
        for name, cell in cells:
            needed = max([len(name), *(len(cell(t)) for t in rows)]) + 3
            if width + needed > console.width:
                hidden.append(name)
                continue
            width += needed
            shown.append((name, cell))
        table.add_column(group, justify="left", no_wrap=True)
        for name, _ in shown:
            table.add_column(name, justify="right", no_wrap=True)
        for key, t in zip(keys, rows, strict=True):
            table.add_row(key, *(cell(t) for _, cell in shown))
        console.print(table)
        if hidden:
            console.print(
                f"Not shown in this table at this width ({console.width} columns): {', '.join(hidden)}; "
                "widen the terminal or use --json.",
                markup=False,
                soft_wrap=True,  # one line, wrapped by the terminal: it names column headings as they read
            )
    if replayed["llm_calls"]:
        console.print(
            f"Included above: {replayed['llm_calls']:,} calls ({replayed['tokens']:,} tokens) of steps replayed "
            "after a resume (spent, but their answers were dropped with the steps)."
        )


def _print_errors(ledger: Any, *, limit: int, as_json: bool) -> None:
    """The run's error texts by frequency, then the newest rows that carry one."""
    counted, newest = ledger.errors(limit=limit)
    _print_listing(
        ledger.run_id,
        [(e, n) for e, n, _ in counted],
        newest,
        key=("errors", "error"),
        empty="no call recorded an error",
        titles=("errors by frequency", "rows with an error"),
        columns=("outcome", "attempts", "error"),
        cells=lambda r: [plain(r.outcome), str(r.attempts), plain(r.error or "")],
        as_json=as_json,
    )


def _print_repairs(ledger: Any, *, limit: int, as_json: bool) -> None:
    """The run's repaired answers by task, then the newest repaired rows with what was changed."""
    counted, newest = ledger.repairs(limit=limit)
    _print_listing(
        ledger.run_id,
        counted,
        newest,
        key=("repairs", "task"),
        empty="no answer was repaired",
        titles=("repaired answers by task", "repaired rows"),
        # (ledgers written before the change was kept say only that there was one)
        columns=("what was changed",),
        cells=lambda r: [plain(r.repair or "(not recorded)")],
        as_json=as_json,
    )


def _print_listing(
    run_id: str,
    counted: list[tuple[str, int]],
    newest: list[Any],
    *,
    key: tuple[str, str],
    empty: str,
    titles: tuple[str, str],
    columns: tuple[str, ...],
    cells: Callable[[Any], list[str]],
    as_json: bool,
) -> None:
    """A count of ledger rows by one text (an error, a task), then the newest of those rows."""
    listing, label = key
    if as_json:
        print_json(
            {
                "run": run_id,
                listing: [{label: text, "rows": n} for text, n in counted],
                "newest": [r.model_dump(mode="json") for r in newest],
            }
        )
        return
    if not counted:
        console.print(f"{plain(run_id)}: {empty}")
        return
    table = Table(title=f"{plain(run_id)}: {titles[0]}")
    table.add_column("rows", justify="right")
    table.add_column(label)
    for text, n in counted:
        table.add_row(f"{n:,}", plain(text))
    console.print(table)
    rows = Table(title=f"newest {len(newest)} {titles[1]}")
    for column in ("id", "sim time", "task", "agent", *columns):
        rows.add_column(column)
    for r in newest:
        rows.add_row(
            str(r.id), f"{r.sim_time:%a %H:%M}" if r.sim_time else "", plain(r.task), plain(r.agent or ""), *cells(r)
        )
    console.print(rows)
