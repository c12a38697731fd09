"""``aga rate``: a person rates an evaluation's kept answers, two conditions at a time, blind."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from aga.cli.common import UserError, console, err_console
from aga.cli.evaluate import Questions

STOP = ("q", "quit", "")


def rate_command(
    records: Annotated[
        Path, typer.Argument(help="The kept records: an evaluation's records.jsonl or a recording's s<seed>.jsonl.")
    ],
    scenario: Annotated[str, typer.Option("--scenario", "-s", help="The town the runs lived in.")],
    run: Annotated[str, typer.Option(help="The run whose answers are rated (e.g. baseline-s1).")],
    against: Annotated[
        str,
        typer.Option(
            help="What it is compared with: one of its ablations (no-memory, no-reflection, "
            "no-reflection-planning) or another run of the records."
        ),
    ] = "no-memory",
    rater: Annotated[str, typer.Option(help="Your name: your verdicts are kept as the judge human/<name>.")] = "",
    questions: Questions = 5,
    voice: Annotated[str, typer.Option(help="The voice that spoke the kept answers.")] = "local/qwen2.5-coder-1.5b",
    seed: Annotated[int, typer.Option(min=0, max=2**31 - 1, help="The evaluation's (recording's) seed.")] = 0,
) -> None:
    """Rate kept answers by hand: for each agent and question, the character, the question and two
    conditions' answers (shown as A and B in a seeded order, their conditions unnamed); answer A, B, = (even)
    or q (stop; the same command goes on where you stopped). Ends with how often RUN was preferred, with a
    95% interval: the check a model judge is put to, by a person. Asks no model.
    """
    from aga.evaluation.checks import head_to_head
    from aga.evaluation.conditions import ABLATIONS
    from aga.evaluation.human import Shown, character, comparisons, rate_by_hand
    from aga.evaluation.interviews import EvalSettings
    from aga.evaluation.kept import evaluate_from_records
    from aga.scenario.loader import load_scenario

    if not records.is_file():
        raise UserError(f"{records}: no such records file (an evaluation's records.jsonl, or --records' s<seed>.jsonl)")
    if not rater.strip():
        raise UserError("--rater: give your name, e.g. --rater ana (your verdicts are kept under it)")
    town = load_scenario(scenario)
    settings = EvalSettings(voice=voice, per_category=questions, seed=seed)
    ablation = against if against in ABLATIONS else None
    evaluation = evaluate_from_records(
        records, [run] if ablation else [run, against], settings, town, ablate=run,
        ablations=[ablation] if ablation else [], measures=("interviews",), judged=False,
    )  # fmt: skip
    first, second = run, f"{run}:{ablation}" if ablation else against
    shown = comparisons(evaluation, first, second, seed)

    def ask(s: Shown, number: int, total: int) -> str | None:
        console.rule(f"{number} of {total} to rate")
        console.print(f"[bold]Character:[/] {escape(character(town, s.agent))}")
        console.print(f"[bold]Asked:[/] {escape(s.question.text)}")
        console.print(f"[bold]A:[/] {escape(s.a[1])}")
        console.print(f"[bold]B:[/] {escape(s.b[1])}")
        while True:
            said = console.input("More believable? [bold]A[/], [bold]B[/], [bold]=[/] (even), q (stop): ")
            said = said.strip().upper()
            if said.lower() in STOP:
                return None
            if said in ("A", "B", "="):
                return said
            err_console.print(f"[yellow]{escape(said)!r}: answer A, B, = or q[/]")

    judged = rate_by_hand(records, shown, rater=rater, settings=settings, pair=(first, second), ask=ask)
    check = head_to_head(judged, first, second)  # evens left out, as a model judge's ties
    left = len(shown) - len(judged)
    console.print(
        f"{len(judged)} of {len(shown)} rated by human/{rater}"
        + (f" ({left} left: the same command goes on)" if left else ""),
        markup=False,
    )
    if check.get("verdicts"):
        console.print(
            f"{first} above {second} in {check['first_wins']} of {check['verdicts']} decided verdicts "
            f"({check['share']:.0%}, 95% interval {check['low']:.0%}-{check['high']:.0%})",
            markup=False,
        )
