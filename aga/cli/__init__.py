"""The ``aga`` command line (typer + rich)."""

from __future__ import annotations

import typer

from aga.cli.bench import bench_app
from aga.cli.common import run_guarded
from aga.cli.evaluate import eval_command
from aga.cli.household import household_app
from aga.cli.inspect import log_command, show_command
from aga.cli.ledger import ledger_command
from aga.cli.llm import llm_app
from aga.cli.models import models_app
from aga.cli.policy import policy_app
from aga.cli.rate import rate_command
from aga.cli.run import resume_command, run_command
from aga.cli.scenario import scenario_app
from aga.cli.social import social_app
from aga.cli.user import interview_command, whisper_command

app = typer.Typer(
    name="aga",
    help="Affordable generative agents: run LLM-driven towns and account for every token.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(models_app, name="models")
app.add_typer(llm_app, name="llm")
app.add_typer(scenario_app, name="scenario")
app.add_typer(policy_app, name="policy")
app.add_typer(social_app, name="social")
app.add_typer(bench_app, name="bench")
app.add_typer(household_app, name="household")
app.command("ledger")(ledger_command)
app.command("run")(run_command)
app.command("resume")(resume_command)
app.command("show")(show_command)
app.command("log")(log_command)
app.command("whisper")(whisper_command)
app.command("interview")(interview_command)
app.command("eval")(eval_command)
app.command("rate")(rate_command)


def main() -> None:
    """Entry point of the ``aga`` console script."""
    run_guarded(app)
