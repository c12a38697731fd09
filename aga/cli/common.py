"""Shared CLI plumbing: one-sentence errors instead of tracebacks, JSON output, the console."""

from __future__ import annotations

import json
import math
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import time
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core
from rich.console import Console
from rich.markup import escape

# emoji=False: rich would turn ":bed:" inside an address ("home:bed:lamp") or a dialogue line into
# an emoji; agents' emoji are already characters, and nothing we print uses emoji codes.
# Piped or redirected (a log file, grep), a line is not broken at 80 columns: a message split over lines
# cannot be searched for, and the width of a terminal that is not there means nothing.
console = Console(emoji=False, soft_wrap=not sys.stdout.isatty())
err_console = Console(stderr=True, emoji=False, soft_wrap=not sys.stderr.isatty())


def plain(value: object) -> str:
    """``value`` as text that rich prints literally inside our own markup.

    Rich reads ``[...]`` in a printed string as markup: a model's answer holding "[/INST]" made
    ``console.print`` raise ``MarkupError`` (a traceback instead of the output), and "[bold]" or "[red]"
    vanished from it. Everything we did not write ourselves goes through here before it is put into a
    string that rich parses (``console.print``, table cells and titles, progress descriptions):
    memories, actions, dialogue, plans, policy texts, answers, names and values from scenario files,
    paths, run ids and exception messages.
    """
    return escape(str(value))


class UserError(Exception):
    """Bad input from the user: printed as one sentence, exit code 2."""


# Exit codes besides 0 (done, or a run stopped by its budget), 2 (bad input) and 130 (Ctrl-C).
EXIT_MODEL_UNAVAILABLE = 3  # the model stopped answering (the gateway's circuit breaker)
EXIT_MOSTLY_FAILSAFES = 4  # done, but (mostly) on fail-safe answers instead of the model's
EXIT_DISK_FULL = 5
EXIT_INTERRUPTED = 130

# Whether the command has said how a Ctrl-C left things (see :func:`interrupted`).
_interrupt_told = False
# How to go on, should a Ctrl-C escape the command's own handling (see :func:`on_interrupt`).
_interrupt_hint = ""


def on_interrupt(hint: str) -> None:
    """What ``run_guarded`` adds to its own "interrupted" from now on: how to go on (`aga resume ID`).

    A command says how a Ctrl-C left things itself; a second Ctrl-C while it says so (a user pressing
    twice during a resume's start-up) escapes to ``run_guarded``, which printed a bare "interrupted"."""
    global _interrupt_hint
    _interrupt_hint = hint


def interrupted(message: str) -> typer.Exit:
    """Say how a Ctrl-C (or TERM) left things, and the exit (130) to raise.

    Typer turns a KeyboardInterrupt it sees into a bare return of 130, so without a word from the
    command :func:`run_guarded` says "interrupted" itself: a command cut short before it had anything
    to say (`aga run` loading its town) no longer ends in silence.
    """
    global _interrupt_told
    _interrupt_told = True
    err_console.print(message)
    return typer.Exit(EXIT_INTERRUPTED)


# Options of every command that calls the model.
Timeout = Annotated[float, typer.Option(help="Seconds to wait for one answer of the model before retrying.")]
Concurrency = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Phased runs: agents that may wait on the model at once (default 8 for a remote model, 1 for the "
        "embedded or scripted one). The town is the same whatever it is; only the wall time changes.",
        show_default=False,
    ),
]
Rpm = Annotated[
    int | None,
    typer.Option(
        min=1, help="Requests per minute at most (a call waits for room instead of meeting a 429).", show_default=False
    ),
]
Tpm = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Tokens per minute at most (reserved as prompt/4 + max answer, corrected after).",
        show_default=False,
    ),
]
ApiKeyEnv = Annotated[
    list[str] | None,
    typer.Option(
        "--api-key-env",
        help="Repeatable: an environment variable holding one of several API keys of the provider; requests are "
        "routed between the keys (and the --api-base servers, comma-separated). The keys are never stored.",
        show_default=False,
    ),
]
Retries = Annotated[
    int, typer.Option(min=0, max=100, help="Retries of a call the server did not answer (429, 5xx, timeouts).")
]


def gateway_options(timeout: float, retries: int, **more: Any) -> Any:
    """The gateway's options from the command line, with a sentence naming a bad --timeout."""
    import math

    from aga.llm.gateway import GatewayOptions

    if not (timeout > 0 and math.isfinite(timeout)):
        raise UserError(f"--timeout {timeout!r}: give a finite number of seconds above 0, e.g. 120")
    return GatewayOptions(timeout_s=timeout, transport_retries=retries, **more)


def _interrupted_line() -> str:
    return f"interrupted; {plain(_interrupt_hint)}" if _interrupt_hint else "interrupted"


def run_guarded(app: typer.Typer) -> None:
    """Run ``app``, turning configuration and input errors into one red sentence and exit code 2."""
    from aga.llm.errors import LLMConfigError, ModelUnavailable, TemplateError
    from aga.storage.db import StorageError

    global _interrupt_told, _interrupt_hint
    _interrupt_told = False  # one process may run several commands (tests, an embedding program)
    _interrupt_hint = ""
    # A TERM (`kill`, `docker stop`, a scheduler's time limit) stops a command as Ctrl-C does: what is
    # committed is kept and the command says how to go on, instead of dying mid-write with no word.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    # A shell without job control starts `cmd &` with SIGINT ignored, and Python then leaves it ignored:
    # `kill -INT` (or Ctrl-C reaching a script's background job) was lost during start-up, and obeyed
    # once a run had set its own handler. One behaviour throughout: an interrupt stops the command.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        # Without standalone mode click returns the code of a typer.Exit instead of exiting with it.
        code = app(standalone_mode=False)
        if code == EXIT_INTERRUPTED and not _interrupt_told:
            err_console.print(_interrupted_line())
        if isinstance(code, int) and code:
            sys.exit(code)
    except (UserError, LLMConfigError, TemplateError, ValueError, FileNotFoundError, StorageError) as exc:
        err_console.print(f"[bold red]error:[/] {plain(exc)}")
        sys.exit(2)
    except ModelUnavailable as exc:
        # Commands that can say more (what was kept, how to go on) catch it themselves first.
        err_console.print(f"[bold red]model unavailable:[/] {plain(exc)}")
        sys.exit(EXIT_MODEL_UNAVAILABLE)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        err_console.print("aborted")
        sys.exit(130)
    except KeyboardInterrupt:
        err_console.print(_interrupted_line())
        sys.exit(130)
    except typer.TyperException as exc:
        # Usage errors (unknown option, extra argument). Typer >= 0.29 vendors click, so they derive
        # from typer's exception class, not from an installed click's; show them as click would.
        show = getattr(exc, "show", None)
        if show is None:
            raise
        show()
        sys.exit(exc.exit_code)


MAX_SPAN_HOURS = 3650 * 24  # ten simulated years: far beyond any run, well inside what dates can hold


def span_hours(days: float | None, hours: float | None, *, default: float = 24.0) -> float:
    """Simulated hours given by ``--days`` and ``--hours`` (either may be absent; ``default`` when both
    are), or a UserError naming the option: not a finite number, not positive, or beyond what a run
    covers (a date past the calendar's end would fail deep inside, after the run's folder was made)."""
    given = [(value, option) for value, option in ((days, "--days"), (hours, "--hours")) if value is not None]
    for value, option in given:
        if not math.isfinite(value):
            raise UserError(f"{option} {value!r}: give a finite number of simulated {option[2:]}")
    if not given:
        return default
    total = (days or 0) * 24 + (hours or 0)
    names = "/".join(option for _, option in given)
    if total <= 0:
        shown = " ".join(f"{option} {value:g}" for value, option in given)
        raise UserError(f"{shown}: give a positive span of simulated time")
    if total > MAX_SPAN_HOURS:
        span = f"{total / 24:,.0f}" if total < 1e12 else f"{total / 24:.3g}"  # 1e300 hours: not 300 digits
        raise UserError(
            f"{names} {'add up to' if len(given) > 1 else 'is'} {span} simulated days; a run covers at "
            f"most {MAX_SPAN_HOURS // 24:,} days"
        )
    return total


def clock_time(text: str | None, option: str = "--start") -> time | None:
    """``HH:MM`` as a time of day (None stays None), or a UserError naming the option."""
    if text is None:
        return None
    try:
        return time.fromisoformat(text)
    except ValueError:
        raise UserError(f"{option} {text!r}: give a time of day as HH:MM, for example 07:00") from None


def out_folder(path: Path, option: str = "--out") -> Path:
    """``path`` when a command can make (or fill) a folder there, else a UserError naming ``option``.

    Called before any work: a benchmark used to run for hours and then fail to write its report because
    ``--out`` named an existing file (or a folder inside one), losing what it had measured.
    """
    if path.exists() and not path.is_dir():
        raise UserError(f"{option} {path} is a file, not a folder; give a folder (it is made if missing)")
    _writable(path, option, path)
    return path


def out_file(path: Path, option: str = "--out", example: str = "report.md") -> Path:
    """``path`` when a command can write a file there, else a UserError naming ``option``: checked
    before the work, for the same reason as :func:`out_folder`."""
    if path.is_dir():
        raise UserError(f"{option} {path} is a folder; give a file name, e.g. {path / example}")
    _writable(path.parent, option, path)
    return path


def _writable(folder: Path, option: str, given: Path) -> None:
    """A UserError naming ``option`` and the path ``given`` with it when ``folder`` cannot be made or
    written in: the nearest part of it that exists must be a folder one may write in."""
    import os

    for existing in (folder, *folder.parents):
        if not existing.exists():
            continue
        if not existing.is_dir():
            raise UserError(f"{option} {given}: {existing} is a file, so nothing can be made in it; give another path")
        # Root may write anywhere, so this only stops a user who would be refused at the end.
        if not os.access(existing, os.W_OK | os.X_OK):
            raise UserError(f"{option} {given}: cannot write in {existing}; give a folder you may write in")
        return


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
        from sqlalchemy import inspect

        if inspect(engine).has_table("household_run"):
            raise UserError(f"run '{run}' is a household run: see it with `aga household show {paths.run_id}`")
        raise UserError(f"run '{run}' has no simulation state (was it created by `aga llm try`?)")
    return paths, engine, info, latest


def disk_full(exc: BaseException) -> bool:
    """True for an error that says the disk (or the database's quota) is full, whatever raised it (the
    OS, SQLite through SQLAlchemy, chromadb's own error types)."""
    from policy_store.faults import no_space

    return no_space(exc)


@contextmanager
def kept_on_failure(what: str) -> Iterator[None]:
    """End a long resumable job (a benchmark, an evaluation) on a fault with what to do next: ``what``
    says what is kept ("finished runs in OUT are kept"); the same command continues."""
    import sqlite3
    from concurrent.futures.process import BrokenProcessPool

    from sqlalchemy.exc import SQLAlchemyError

    from aga.llm.errors import ModelUnavailable

    again = plain(f"{what}; run the same command again to continue")
    try:
        yield
    except ModelUnavailable as exc:
        err_console.print(f"[bold red]model unavailable:[/] {plain(exc)}; {again} once the model answers")
        raise typer.Exit(EXIT_MODEL_UNAVAILABLE) from None
    except KeyboardInterrupt:
        raise interrupted(f"[bold red]interrupted:[/] {again}") from None
    except BrokenProcessPool:
        err_console.print(f"[bold red]a worker process died[/] (killed, or out of memory): {again}")
        raise typer.Exit(1) from None
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        raise  # bad input, not a fault: `run_guarded` names it (exit 2)
    except (OSError, sqlite3.Error, SQLAlchemyError) as exc:
        if disk_full(exc):
            err_console.print(f"[bold red]disk full:[/] free some space; {again}")
            raise typer.Exit(EXIT_DISK_FULL) from None
        err_console.print(f"[bold red]error:[/] {plain(exc)}; {again}")
        raise typer.Exit(1) from None
    except Exception as exc:
        if not disk_full(exc):  # chromadb's own error types say a full disk in their text
            raise
        err_console.print(f"[bold red]disk full:[/] free some space; {again}")
        raise typer.Exit(EXIT_DISK_FULL) from None


class Commands(typer.core.TyperGroup):
    """A command group that, given something other than one of its commands (`aga social RUN`), names its
    commands and where the argument goes, rather than click's bare "No such command 'RUN'"."""

    # (typer vendors its own click; its context and command types are typer's, so they are not named here)
    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """The command ``args`` name, or a one-sentence error (exit 2) that lists this group's commands."""
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            names = sorted(self.list_commands(ctx))
            example = "show" if "show" in names else names[0]
            # (as typed at a shell: the root's name is the program's, "python -m ..." under a test runner)
            path, up = [], ctx
            while up.parent is not None:
                path.insert(0, up.info_name)
                up = up.parent
            group = " ".join(["aga", *path])
            raise UserError(
                f"'{args[0]}' is not a command of `{group}`; its commands are {', '.join(names)}, and what they "
                f"work on comes after the command (`{group} {example} {args[0]}`)"
            )
        return super().resolve_command(ctx, args)
