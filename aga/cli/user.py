"""``aga whisper`` and ``aga interview``: talk to the agents of a run."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from aga.cli.common import (
    EXIT_MODEL_UNAVAILABLE,
    EXIT_MOSTLY_FAILSAFES,
    Retries,
    Timeout,
    UserError,
    console,
    err_console,
    gateway_options,
    plain,
    print_json,
)

# Longest whisper or interview question: the whisper is the fail-safe thought, a Text of at most 2,000
# characters, and either goes into prompts whole.
MAX_TEXT = 2_000


def _said(text: str, what: str) -> str:
    """``text`` stripped, or a ``UserError`` when it is empty or too long to go into a prompt."""
    text = text.strip()
    if not text:
        raise UserError(f"the {what} is empty: give some words")
    if len(text) > MAX_TEXT:
        raise UserError(f"the {what} has {len(text):,} characters; at most {MAX_TEXT:,} go into a prompt")
    return text


def _agent(run, name: str):
    try:
        persona = run.rt.scenario.persona(name)
    except KeyError as exc:
        raise UserError(str(exc.args[0])) from None
    return run.rt.agents[persona.name]


# A person waits at the prompt: a dead server is reported after two calls that got no answer, and
# a call is retried twice, not five times.
WAITING_PERSON = {"max_failed_calls": 2}


ApiBase = Annotated[
    str | None,
    typer.Option(help="Server URL of the model for this command only (the run keeps its own)."),
]


def _use_model(opened: Any, model: str | None, api_base: str | None, options: Any) -> Any:
    """The gateway of this invocation: the run's, or one for another model or server."""
    from aga.llm.gateway import Gateway

    if model or api_base:
        opened.rt.gateway = Gateway(
            model or opened.info.model,
            ledger=opened.rt.gateway.ledger,
            metrics=opened.metrics,
            clock=opened.rt.clock,
            seed=opened.info.seed,
            # Another model does not inherit the run's server; the run's model moved does.
            api_base=api_base or (None if model else opened.info.api_base),
            options=options,
        )
    return opened.rt.gateway


def whisper_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    agent: Annotated[str, typer.Argument(help="Agent's full or first name.")],
    text: Annotated[str, typer.Argument(help="The inner voice, e.g. 'You are going to run for mayor'.")],
    api_base: ApiBase = None,
    timeout: Timeout = 120.0,
    retries: Retries = 2,
) -> None:
    """Whisper an inner voice to AGENT; it becomes the agent's own thought when the run goes on.

    The thought is kept only once it is complete: a model that stops answering (exit 3) or a Ctrl-C
    leaves the run as it was. If the model failed and fail-safes stood in (the whispered words as the
    thought, a middling importance), the thought is kept and the exit code is 4.
    """
    from aga.cognition.user import whisper
    from aga.llm.errors import ModelUnavailable
    from aga.sim.run import Run

    text = _said(text, "whispered text")
    options = gateway_options(timeout, retries, **WAITING_PERSON)
    with Run.open(run, gateway_options=options) as opened:
        who = _agent(opened, agent)
        gateway = _use_model(opened, None, api_base, options)
        try:
            node = whisper(opened.rt, who, text)
        except ModelUnavailable as exc:
            err_console.print(
                f"[bold red]model unavailable:[/] {plain(exc)}; nothing was whispered, run {plain(opened.info.run_id)} "
                "is as it was"
            )
            raise typer.Exit(EXIT_MODEL_UNAVAILABLE) from None
        opened.checkpoint()
        failsafes = gateway.failsafes
    console.print(f"{who.name} now thinks: {node.description} (importance {node.importance})", markup=False)
    if failsafes:
        err_console.print(
            f"[bold yellow]warning:[/] the model did not answer {failsafes} of the whisper's calls; fail-safes "
            f"stood in (see `aga ledger {plain(opened.info.run_id)} --errors`)"
        )
        raise typer.Exit(EXIT_MOSTLY_FAILSAFES)


def interview_command(
    run: Annotated[str, typer.Argument(help="Run id or folder.")],
    agent: Annotated[str, typer.Argument(help="Agent's full or first name.")],
    question: Annotated[list[str] | None, typer.Option("--question", "-q", help="Ask this (repeatable).")] = None,
    model: Annotated[str | None, typer.Option("--model", "-m", help="Answer with another model than the run's")] = None,
    api_base: ApiBase = None,
    timeout: Timeout = 120.0,
    retries: Retries = 2,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Interview AGENT at the run's last checkpoint: interactive, or the --question lines in order.

    An answer the model did not give (a fail-safe) is marked as such, and the exit code is then 4; a
    model that stops answering ends the interview with exit code 3. Interviews change nothing in the run.
    """
    from aga.cognition.user import interview
    from aga.llm.errors import ModelUnavailable
    from aga.sim.run import Run

    questions = [_said(q, "question") for q in question or []]
    options = gateway_options(timeout, retries, **WAITING_PERSON)
    with Run.open(run, gateway_options=options) as opened:
        who = _agent(opened, agent)
        gateway = _use_model(opened, model, api_base, options)
        history: list[tuple[str, str, bool]] = []
        label = answer_label(who, list(opened.rt.agents.values()))
        interactive = not questions
        if interactive:
            console.print(
                f"Interviewing {who.name} at {opened.rt.now:%a %b %d %H:%M}. An empty line ends.", markup=False
            )
        while True:
            if interactive:
                try:
                    asked = console.input("[bold]you>[/] ").strip()
                except EOFError:
                    break
                if not asked:
                    break
                if len(asked) > MAX_TEXT:
                    err_console.print(f"[yellow]that question has {len(asked):,} characters; at most {MAX_TEXT:,}[/]")
                    continue
            elif questions:
                asked = questions.pop(0)
            else:
                break
            before = gateway.failsafes
            try:
                answer = interview(opened.rt, who, asked, [(q, a) for q, a, _ in history])
            except ModelUnavailable as exc:
                err_console.print(f"[bold red]model unavailable:[/] {plain(exc)}; the interview ends")
                if as_json:
                    _print_history(history)
                raise typer.Exit(EXIT_MODEL_UNAVAILABLE) from None
            failsafe = gateway.failsafes > before
            history.append((asked, answer, failsafe))
            if not as_json:
                mark = " [dim](a fail-safe: the model did not answer)[/]" if failsafe else ""
                console.print(f"[bold]{plain(label)}>[/] {plain(answer)}{mark}")
        if as_json:
            _print_history(history)
        if any(failsafe for _, _, failsafe in history):
            err_console.print(
                f"[bold yellow]warning:[/] some answers are fail-safes, not the model's; "
                f"see `aga ledger {plain(opened.info.run_id)} --errors`"
            )
            raise typer.Exit(EXIT_MOSTLY_FAILSAFES)


def answer_label(who: Any, agents: list[Any]) -> str:
    """The interviewed agent's first name, or its full name when another resident shares the first
    ("Ana>" did not say which Ana)."""
    shared = sum(1 for a in agents if a.first_name == who.first_name) > 1
    return str(who.name if shared else who.first_name)


def _print_history(history: list[tuple[str, str, bool]]) -> None:
    print_json([{"question": q, "answer": a, "failsafe": f} for q, a, f in history])
