"""``aga llm try``: one prompt through the gateway, with its ledger row."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aga.cli.common import Commands, UserError, console, plain, print_json
from aga.llm.tasks import Task, TextAnswer

llm_app = typer.Typer(cls=Commands, help="Talk to a model through the gateway.", no_args_is_help=True)

TRY_TASK = Task(
    name="llm.try",
    template=Path(__file__).parent / "prompts" / "llm.try.txt",
    schema=TextAnswer,
    failsafe=TextAnswer(text="(no answer: every attempt failed; see the ledger's error column)"),
    structured=False,
    max_tokens=256,
)


@llm_app.command("try")
def try_prompt(
    prompt: Annotated[str, typer.Argument(help="The prompt to send.")],
    model: Annotated[str, typer.Option("--model", "-m", help="Model string, e.g. local/qwen2.5-coder-1.5b.")] = (
        "local/qwen2.5-coder-1.5b"
    ),
    api_base: Annotated[
        str | None, typer.Option(help="Server URL for self-hosted or OpenAI-compatible models.")
    ] = None,
    max_tokens: Annotated[int, typer.Option(min=1, max=4096)] = 256,
    run: Annotated[str, typer.Option(help="Run id whose ledger records the call.")] = "llm-try",
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer and its ledger row as JSON.")] = False,
) -> None:
    """Send PROMPT to MODEL and print the answer, its tokens, cost and latency."""
    from dataclasses import replace

    from aga.llm.gateway import Gateway
    from aga.llm.ledger import Ledger
    from aga.llm.metrics import Metrics
    from aga.storage import make_engine, resolve_run

    paths = resolve_run(run, must_exist=False)
    _refuse_other_runs(paths.database, run)
    paths = paths.create()
    ledger = Ledger(make_engine(paths.database_url), paths.run_id)
    metrics = Metrics()
    gateway = Gateway(model, ledger=ledger, metrics=metrics, api_base=api_base)
    task = replace(TRY_TASK, max_tokens=max_tokens)
    answer = gateway.call(task, {"prompt": prompt})
    row = ledger.rows()[-1]
    metrics.write_textfile(paths.metrics_textfile)
    if as_json:
        print_json({"answer": answer.text, "ledger_row": row.model_dump()})
        return
    console.print(answer.text, markup=False, highlight=False)
    console.print(
        f"[dim]{plain(gateway.route.label)} | {row.prompt_tokens} prompt + {row.completion_tokens} completion tokens | "
        f"${row.cost_usd:.6f} | {row.latency_s:.2f} s | {row.outcome} | recorded in run '{plain(paths.run_id)}'[/]"
    )


def _refuse_other_runs(database: Path, run: str) -> None:
    """A folder whose ledger holds calls other than `aga llm try`'s belongs to a town, household or
    evaluation: a tried prompt would count in its tokens and shift the numbering of its calls."""
    import sqlite3

    if not database.exists():
        return
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as conn:
        try:
            other = conn.execute("select count(*) from llm_ledger where task != 'llm.try'").fetchone()[0]
        except sqlite3.OperationalError:  # no ledger yet
            return
    if other:
        raise UserError(
            f"run '{run}' holds the calls of a run, a household or an evaluation; `aga llm try` records into a "
            "ledger of its own: leave --run out (it records into 'llm-try') or give a new id"
        )
