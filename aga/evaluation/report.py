"""The evaluation's report: ratings per condition next to Park et al.'s, as JSON and Markdown."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from aga.evaluation.interviews import EvalSettings, Evaluation

# Park et al. (2023), TrueSkill mu of the interview conditions, ranked by 100 human evaluators.
PAPER_MU = {
    "full architecture": 29.89,
    "no reflection": 26.88,
    "no reflection, no planning": 25.64,
    "human-written (crowdworkers)": 22.95,
    "no observation, reflection or planning": 21.21,
}


def write(evaluation: Evaluation, settings: EvalSettings, out: Path) -> dict[str, Any]:
    """Write ``report.json`` and ``report.md`` into ``out``; return the JSON."""
    data = {
        "voice": settings.voice,
        "judge": settings.judge,
        "seed": settings.seed,
        "questions_per_category": settings.per_category,
        **evaluation.to_json(),
        "paper_mu": PAPER_MU,
    }
    (out / "report.json").write_text(json.dumps(data, indent=2) + "\n")
    (out / "report.md").write_text(markdown(data) + "\n")
    return data


def _num(x: float | None, fmt: str = "{:.2f}") -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else fmt.format(x)


def markdown(data: dict[str, Any]) -> str:
    """The report as Markdown."""
    labels = {c["name"]: c["label"] for c in data["conditions"]}
    lines = [
        "# Believability: interviews ranked by a judge (TrueSkill)",
        "",
        f"Voice of the interviewed agents: `{data['voice']}`; judge: `{data['judge']}`; seed {data['seed']}. "
        f"{len(data['agents'])} agents, {data['questions_per_category']} questions per category "
        f"(5 categories), {data['answers']} answers ({data['failsafe_answers']} fail-safes), "
        f"{data['rankings']} rankings ({data['failsafe_rankings']} fail-safes, {data['incomplete_rankings']} "
        "incomplete: unranked answers tie for last). A small judge is noisy: read sigma and the effect sizes, "
        "not the order alone.",
        "",
        "| condition | mu | sigma | rankings | mean place (0 best) | Cohen's d vs the first |",
        "|---|---|---|---|---|---|",
    ]
    for r in data["ratings"]:
        lines.append(
            f"| {labels[r['condition']]} | {r['mu']:.2f} | {r['sigma']:.2f} | {r['matches']} | "
            f"{_num(r['mean_place'])} | {_num(r['effect_vs_reference'])} |"
        )
    lines += ["", "Park et al. (2023), 100 human evaluators, for comparison (their scale, their conditions):", ""]
    lines += ["| condition | mu |", "|---|---|"]
    lines += [f"| {k} | {mu:.2f} |" for k, mu in data["paper_mu"].items()]
    return "\n".join(lines)
