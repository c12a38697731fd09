"""Shared CLI plumbing: one-sentence errors instead of tracebacks, JSON output, the console."""

from __future__ import annotations

import json
import sys
from datetime import time
from typing import Any

import typer
from rich.console import Console

console = Console()
err_console = Console(stderr=True)


class UserError(Exception):
    """Bad input from the user: printed as one sentence, exit code 2."""


def run_guarded(app: typer.Typer) -> None:
    """Run ``app``, turning configuration and input errors into one red sentence and exit code 2."""
    from aga.llm.errors import LLMConfigError, TemplateError

    try:
        # Without standalone mode click returns the code of a typer.Exit instead of exiting with it.
        code = app(standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except (UserError, LLMConfigError, TemplateError, ValueError, FileNotFoundError) as exc:
        err_console.print(f"[bold red]error:[/] {exc}")
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        err_console.print("aborted")
        sys.exit(130)
    except KeyboardInterrupt:
        err_console.print("interrupted")
        sys.exit(130)
    except typer.TyperException as exc:
        # Usage errors (unknown option, extra argument). Typer >= 0.29 vendors click, so they derive
        # from typer's exception class, not from an installed click's; show them as click would.
        show = getattr(exc, "show", None)
        if show is None:
            raise
        show()
        sys.exit(exc.exit_code)


def clock_time(text: str | None, option: str = "--start") -> time | None:
    """``HH:MM`` as a time of day (None stays None), or a UserError naming the option."""
    if text is None:
        return None
    try:
        return time.fromisoformat(text)
    except ValueError:
        raise UserError(f"{option} {text!r}: give a time of day as HH:MM, for example 07:00") from None


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout (no rich markup)."""
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def open_run_state(run: str) -> tuple[Any, Any, Any, Any]:
    """(paths, engine, run info, latest checkpoint) of ``run``, read without opening its simulation."""
    from sqlmodel import Session, col, select

    from aga.sim.run import Checkpoint, read_info
    from aga.storage import make_engine, resolve_run

    paths = resolve_run(run)
    engine = make_engine(paths.database_url)
    info = read_info(engine, paths.run_id)
    with Session(engine) as session:
        latest = session.exec(select(Checkpoint).order_by(col(Checkpoint.id).desc()).limit(1)).first()
    if info is not None and latest is None:
        raise UserError(
            f"run '{run}' was stopped during its start-up, before its first checkpoint; "
            f"`aga resume {paths.run_id}` finishes it"
        )
    if info is None or latest is None:
        raise UserError(f"run '{run}' has no simulation state (was it created by `aga llm try`?)")
    return paths, engine, info, latest
