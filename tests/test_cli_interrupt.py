"""A Ctrl-C always gets a word: the command's own, else run_guarded's "interrupted" (exit 130)."""

from __future__ import annotations

import pytest
import typer

from aga.cli.common import interrupted, run_guarded


def _app(said: str | None) -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def work() -> None:
        try:
            raise KeyboardInterrupt  # a Ctrl-C arriving while the command works
        except KeyboardInterrupt:
            if said is None:
                raise
            raise interrupted(said) from None

    return app


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # Typer turns a KeyboardInterrupt it sees into a bare return of 130: `aga run` cut short while it
        # loaded its town ended in silence.
        (None, "interrupted\n"),
        ("interrupted at step 4; `aga resume x` goes on", "interrupted at step 4; `aga resume x` goes on\n"),
    ],
)
def test_a_ctrl_c_is_said_once(capsys, monkeypatch, said, expected):
    monkeypatch.setattr("sys.argv", ["aga"])
    for _ in range(2):  # one process, two commands: the second is not taken as already told
        with pytest.raises(SystemExit) as stop:
            run_guarded(_app(said))
        assert stop.value.code == 130
        assert capsys.readouterr().err == expected


def test_an_interrupt_stops_a_command_started_with_sigint_ignored():
    """`aga run ... &` from a script starts with SIGINT ignored (a shell without job control does so);
    the interrupt was lost during start-up and obeyed once a run had set its own handler."""
    import signal
    import subprocess
    import sys
    import textwrap

    program = textwrap.dedent(
        """
        import sys, time, typer
        from aga.cli.common import run_guarded
        app = typer.Typer()
        @app.command()
        def work() -> None:
            print("ready", flush=True)  # still starting up: no handler of the command's own yet
            time.sleep(60)
        sys.argv = ["aga"]
        run_guarded(app)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130 and err.strip() == "interrupted", err


def test_a_ctrl_c_that_escapes_the_command_says_how_to_go_on(capsys, monkeypatch):
    # Found by a user: a second Ctrl-C during a resume's start-up ended in a bare "interrupted".
    from aga.cli.common import on_interrupt

    app = typer.Typer()

    @app.command()
    def work() -> None:
        on_interrupt("`aga resume town` goes on with it")
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise KeyboardInterrupt from None  # the second press, while the first is being told

    monkeypatch.setattr("sys.argv", ["aga"])
    with pytest.raises(SystemExit) as stop:
        run_guarded(app)
    assert stop.value.code == 130
    assert capsys.readouterr().err == "interrupted; `aga resume town` goes on with it\n"
    with pytest.raises(SystemExit):  # the next command of the process starts without the hint
        run_guarded(_app(None))
    assert capsys.readouterr().err == "interrupted\n"
