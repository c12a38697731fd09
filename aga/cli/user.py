"""``aga whisper`` and ``aga interview``: talk to the agents of a run."""

from __future__ import annotations

from typing import Annotated

import typer

from aga.cli.common import UserError, console, print_json


def _agent(run, name: str):
    try:
        persona = run.rt.scenario.persona(name)
    except KeyError as exc:
        raise UserError(str(exc.args[0])) from None
    return run.rt.agents[persona.name]


def whisper_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    agent: Annotated[str, typer.Argument(help="Agent's full or first name.")],
    text: Annotated[str, typer.Argument(help="The inner voice, e.g. 'You are going to run for mayor'.")],
) -> None:
    """Whisper an inner voice to AGENT; it becomes the agent's own thought when the run goes on."""
    from aga.cognition.user import whisper
    from aga.sim.run import Run

    with Run.open(run) as opened:
        who = _agent(opened, agent)
        node = whisper(opened.rt, who, text)
        opened.checkpoint()
    console.print(f"{who.name} now thinks: {node.description} (importance {node.importance})")


def interview_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    agent: Annotated[str, typer.Argument(help="Agent's full or first name.")],
    question: Annotated[list[str] | None, typer.Option("--question", "-q", help="Ask this (repeatable).")] = None,
    model: Annotated[str | None, typer.Option(help="Answer with another model than the run's.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Interview AGENT at the run's last checkpoint: interactive, or the --question lines in order."""
    from aga.cognition.user import interview
    from aga.llm.gateway import Gateway
    from aga.sim.run import Run

    with Run.open(run) as opened:
        who = _agent(opened, agent)
        if model:
            opened.rt.gateway = Gateway(
                model,
                ledger=opened.rt.gateway.ledger,
                metrics=opened.metrics,
                clock=opened.rt.clock,
                seed=opened.info.seed,
            )
        history: list[tuple[str, str]] = []
        questions = list(question or [])
        interactive = not questions
        if interactive:
            console.print(f"Interviewing {who.name} at {opened.rt.now:%a %b %d %H:%M}. An empty line ends.")
        while True:
            if interactive:
                try:
                    asked = console.input("[bold]you>[/] ").strip()
                except EOFError:
                    break
                if not asked:
                    break
            elif questions:
                asked = questions.pop(0)
            else:
                break
            answer = interview(opened.rt, who, asked, history)
            history.append((asked, answer))
            if not as_json:
                console.print(f"[bold]{who.first_name}>[/] {answer}")
        if as_json:
            print_json([{"question": q, "answer": a} for q, a in history])
