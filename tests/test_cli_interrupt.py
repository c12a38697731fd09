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
