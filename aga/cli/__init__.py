"""The ``aga`` command line (typer + rich)."""

from __future__ import annotations

import typer

from aga.cli.common import run_guarded
from aga.cli.ledger import ledger_command
from aga.cli.llm import llm_app
from aga.cli.models import models_app

app = typer.Typer(
    name="aga",
    help="Affordable generative agents: run LLM-driven towns and account for every token.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(models_app, name="models")
app.add_typer(llm_app, name="llm")
app.command("ledger")(ledger_command)


def main() -> None:
    """Entry point of the ``aga`` console script."""
    run_guarded(app)
