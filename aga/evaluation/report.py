"""The evaluation's report: ratings per condition next to Park et al.'s, as JSON and Markdown."""

from __future__ import annotations

import json
import math
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from aga.evaluation.checks import check_lines
from aga.evaluation.evaluate import Evaluation
from aga.evaluation.interviews import EvalSettings

# Park et al. (2023), TrueSkill mu of the interview conditions, ranked by 100 human evaluators.
PAPER_MU = {
    "full architecture": 29.89,
    "no reflection": 26.88,
    "no reflection, no planning": 25.64,
    "human-written (crowdworkers)": 22.95,
    "no observation, reflection or planning": 21.21,
}


def write(
    evaluation: Evaluation, settings: EvalSettings, out: Path, provenance: dict[str, str] | None = None
) -> dict[str, Any]:
    """Write ``report.json`` and ``report.md`` into ``out``; return the JSON. ``provenance``: the command,
    date, machine and code that made it (said at the top of the page)."""
    data = {
        **({"provenance": provenance} if provenance else {}),
        "voice": settings.voice,
        "judge": settings.judge,
        "seed": settings.seed,
        "questions_per_category": settings.per_category,
        "judging": settings.judging,
        **evaluation.to_json(),
        "paper_mu": PAPER_MU,
    }
    (out / "report.json").write_text(json.dumps(finite(data), indent=2, allow_nan=False) + "\n")
    (out / "report.md").write_text(markdown(data) + "\n")
    return data


def finite(data: Any) -> Any:
    """``data`` with NaN and infinities as None: strict JSON readers (jq, JavaScript) reject them."""
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [finite(v) for v in data]
    return data


def made_by(provenance: dict[str, str]) -> list[str]:
    """The report's opening line: what made it (see ``benchmarks.report.provenance``), then a blank line."""
    return [
        f"`{provenance['command']}` on {provenance['machine']}, {provenance['date']}, code {provenance['code']}.",
        "",
    ]


def _num(x: float | None, fmt: str = "{:.2f}") -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else fmt.format(x)


def markdown(data: dict[str, Any]) -> str:
    """The report as Markdown."""
    if not data["ratings"] and not data["answers"]:
        # Only the knowledge measures were asked for (--measure diffusion ...): no empty TrueSkill table and
        # no "0 answers, 0 judge verdicts" above what was measured.
        return "\n".join([
            "# Evaluation: what the agents know",
            "",
            *(made_by(data["provenance"]) if data.get("provenance") else []),
            f"Voice of the interviewed agents: `{data['voice']}`; judge: `{data['judge']}`; seed {data['seed']}.",
            "",
            *_states(data),
            *_knowledge(data)[1:],
        ])  # fmt: skip
    labels = {c["name"]: c["label"] for c in data["conditions"]}
    # The effect sizes are against the first condition given (rows are in the order of mu).
    reference = data["conditions"][0]["label"] if data["conditions"] else "the first condition"
    lines = [
        "# Believability: interviews ranked by a judge (TrueSkill)",
        "",
        *(made_by(data["provenance"]) if data.get("provenance") else []),
        f"Voice of the interviewed agents: `{data['voice']}`; judge: `{data['judge']}`; seed {data['seed']}. "
        f"{_count(len(data['agents']), 'agent')}, {_count(data['questions_per_category'], 'question')} per category "
        f"(5 categories), {data['answers']} answers ({data['failsafe_answers']} fail-safes), "
        f"{data['rankings']} judge verdicts, {data['judging']} ({data['failsafe_rankings']} fail-safes, left "
        f"out; {data['incomplete_rankings']} incomplete rankings, whose unranked answers tie for last). A small "
        "judge is noisy: read sigma and the effect sizes, not the order alone.",
        "",
        *_states(data),
        f"| condition | mu | sigma | verdicts | mean place (0 best) | Cohen's d vs {reference} |",
        "|---|---|---|---|---|---|",
    ]
    for r in data["ratings"]:
        lines.append(
            f"| {labels[r['condition']]} | {r['mu']:.2f} | {r['sigma']:.2f} | {r['matches']} | "
            f"{_num(r['mean_place'])} | {_num(r['effect_vs_reference'])} |"
        )
    lines += ["", *check_lines(data.get("judge_check"), data.get("position_bias"), data["judging"])]
    lines += ["Park et al. (2023), 100 human evaluators, for comparison (their scale, their conditions):", ""]
    lines += ["| condition | mu |", "|---|---|"]
    lines += [f"| {k} | {mu:.2f} |" for k, mu in data["paper_mu"].items()]
    lines += _knowledge(data)
    return "\n".join(lines)


# Park et al. measured after two simulated days; a run of less than one has had little time for news to
# spread or people to meet, so what its measures show is mostly the town's start.
SHORT_RUN = timedelta(days=1)


def lived(found: dict[str, Any]) -> timedelta | None:
    """Simulated time from the run's start to the state evaluated (None where the start is not known)."""
    if not found.get("began") or "time" not in found:
        return None
    return datetime.fromisoformat(found["time"]) - datetime.fromisoformat(found["began"])


def _span(span: timedelta) -> str:
    """'2 days 3 h', '1 h 30 min', '0 min'."""
    hours, rest = divmod(int(span.total_seconds()) // 60, 60)
    days, hours = divmod(hours, 24)
    parts = [f"{days} day{'s' if days != 1 else ''}"] if days else []
    parts += [f"{hours} h"] if hours else []
    parts += [f"{rest} min"] if rest or not parts else []
    return " ".join(parts)


def short_runs(data: dict[str, Any]) -> list[str]:
    """A caveat for each run evaluated less than ``SHORT_RUN`` of simulated time after it began."""
    out = []
    for run, found in data.get("runs", {}).items():
        span = lived(found)
        if span is not None and span < SHORT_RUN:
            out.append(
                f"`{run}` had run {_span(span)} of simulated time: too little for news to spread or people to "
                "meet, so its measures mostly show the town's start and a judge's noise (Park et al. measured "
                "after two days)"
            )
    return out


def _states(data: dict[str, Any]) -> list[str]:
    """Which state of each run was evaluated (its last checkpoint when the evaluation began)."""
    said = []
    for run, found in data.get("runs", {}).items():
        if found.get("read_back") and "time" not in found:
            said.append(f"- `{run}`: read back from the kept records at end state {found['state']} (its step and time "
                        "were not kept with them)")  # fmt: skip
            continue
        if "time" not in found:  # reports written before the state was recorded
            continue
        span = lived(found)
        after = f" ({_span(span)} after its start)" if span is not None else ""
        said.append(
            f"- `{run}`: step {found['step']}, {found['time'].replace('T', ' ')}{after}, "
            f"{found.get('status') or 'status unknown'}"
            + (f", read back from the kept records at end state {found['state']}" if found.get("read_back") else "")
        )
    caveats = [line for c in short_runs(data) for line in (f"**Caveat:** {c}.", "")]
    return ["Evaluated at each run's last checkpoint:", "", *said, "", *caveats] if said else []


def _count(n: int, noun: str) -> str:
    """'1 agent', '3 agents'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _share(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


def _knowledge(data: dict[str, Any]) -> list[str]:
    """Diffusion, density and attendance per run, next to Park et al.'s figures."""
    lines: list[str] = []
    runs = data.get("runs", {})
    if any("diffusion" in r for r in runs.values()):
        lines += ["", "## Diffusion by interview", "",
                  "Park et al.: the party known by 4% -> 52% of the agents, the candidacy by 4% -> 32%, over two days.",
                  "", "| run | news | seeded | knows at the end | invented details |",
                  "|---|---|---|---|---|"]  # fmt: skip
        for run, found in runs.items():
            for news, d in found.get("diffusion", {}).items():
                lines.append(
                    f"| {run} | {news} | {_share(d['seeded_share'])} | {_share(d['share'])} "
                    f"({len(d['knows'])} of {d['judged']}) | {d['invented']} of {d['judged']} |"
                )
    if any("density" in r for r in runs.values()):
        lines += ["", "## Relationship density by interview", "",
                  "Park et al.: 0.167 at the start -> 0.74 after two days (\"Do you know <name>?\", every pair).",
                  "", "| run | start | end | pairs | invented acquaintances (end) | Social Memory closeness >= 3 |",
                  "|---|---|---|---|---|---|"]  # fmt: skip
        for run, found in runs.items():
            d = found.get("density")
            if not d:
                continue
            start, end = d.get("start", {}), d["end"]
            lines.append(
                f"| {run} | {_num(start.get('density'))} | {_num(end['density'])} | {end['pairs']} | "
                f"{end['invented_acquaintances']} | {_num(found.get('social_density'))} |"
            )
    if any(r.get("attendance") for r in runs.values()):
        lines += ["", "## Attendance", "", "Park et al.: 5 of the 12 invited came to the party.", "",
                  "| run | event | place | invited (knew before it began) | came | others there |",
                  "|---|---|---|---|---|---|"]  # fmt: skip
        for run, found in runs.items():
            for a in found.get("attendance", []):
                came = f"{len(a['attended'])} of {len(a['invited'])}" if a["reached"] else "(the run ended before it)"
                lines.append(
                    f"| {run} | {a['news']} | {a['place']} | {', '.join(a['invited']) or '-'} | {came} | "
                    f"{len(a['uninvited_present'])} |"
                )
    return lines
