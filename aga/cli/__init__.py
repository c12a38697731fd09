"""The ``aga`` command line (typer + rich)."""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any


def _stopped_while_starting(signum: int, frame: Any) -> None:
    """A TERM or Ctrl-C while the command's libraries load (a few seconds): nothing is open or written
    yet, so the process just ends as an interrupted command does, with a word rather than a traceback
    (or, for TERM, no word and exit 143)."""
    sys.stderr.write("interrupted while starting; nothing was changed\n")
    os._exit(130)


# Until the imports below are done; `run_guarded` then sets the handlers a command runs under, and the
# ones found here are put back for a program that imports this package (a test runner keeps its own).
_BEFORE: dict[int, Any] = {}
if threading.current_thread() is threading.main_thread():
    for _signal in (signal.SIGTERM, signal.SIGINT):
        _BEFORE[_signal] = signal.signal(_signal, _stopped_while_starting)

import typer  # noqa: E402

from aga.cli.bench import bench_app  # noqa: E402
from aga.cli.common import run_guarded  # noqa: E402
from aga.cli.evaluate import eval_command  # noqa: E402
from aga.cli.household import household_app  # noqa: E402
from aga.cli.inspect import log_command, memories_command, show_command  # noqa: E402
from aga.cli.ledger import ledger_command  # noqa: E402
from aga.cli.llm import llm_app  # noqa: E402
from aga.cli.models import models_app  # noqa: E402
from aga.cli.policy import policy_app  # noqa: E402
from aga.cli.rate import rate_command  # noqa: E402
from aga.cli.run import resume_command, run_command  # noqa: E402
from aga.cli.scenario import scenario_app  # noqa: E402
from aga.cli.social import social_app  # noqa: E402
from aga.cli.user import interview_command, whisper_command  # noqa: E402

for _signal, _handler in _BEFORE.items():
    if _handler is not None:  # None: a handler set outside Python, which cannot be put back from here
        signal.signal(_signal, _handler)

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
app.command("memories")(memories_command)
app.command("whisper")(whisper_command)
app.command("interview")(interview_command)
app.command("eval")(eval_command)
app.command("rate")(rate_command)


def main() -> None:
    """Entry point of the ``aga`` console script."""
    run_guarded(app)
