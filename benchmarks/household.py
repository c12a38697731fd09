"""``aga bench household``: the AGA paper's household experiment (section 5.2, appendix C).

For each household and seed, a baseline run and the policy runs live the same number of days (each
day from the scene as loaded): ``lifestyle``, the paper's mechanism (completed activities replayed,
the day's activities planned anew each day), and ``routine``, ours on top of it (the day's list of
activities replayed too). Reported per day and mode, with the spread over seeds: tokens, each policy
run's share of the same seed's baseline tokens, the variety of its days (what a routine costs), and
success three ways:

- ``critic``: activities the LLM's critic called done (the paper's "judged by the LLM");
- ``grounded``: done activities whose program acted (beyond walking and looking) on a thing the
  activity names: a check of the critic by the environment, which fails when a critic ends an
  activity early or a program wanders off to other things;
- ``executable``: the share of the commands sent to the home that it executed (the simulator's
  executability, as VirtualHome's evaluation reports it).

The paper's figures stand beside ours: 34.3k tokens a day (baseline) -> 1.2k (AGA), 3.4%.
Finished runs in OUT are kept; the same command after an interruption goes on where it stopped.
"""

from __future__ import annotations

import json
import os
import re
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.bench_tokens import beyond_spread, spread_of
from benchmarks.report import provenance

PAPER = {"baseline_tokens_per_day": 34_300, "aga_tokens_per_day": 1_200, "share": 0.034}
TARGET_SHARE = 0.02  # of baseline tokens, from the second day on (the target)
MODES = ("baseline", "lifestyle", "routine")
# What is pooled over days 2.. per seed (a seed is one sample) before the spread over seeds.
LATER_MEASURES = (
    "tokens",
    "llm_calls",
    "critic",
    "grounded",
    "executable",
    "replayed",
    "replay_failed",
    "day_replayed",
)
_ACTED = re.compile(r"\[(?P<action>\w+)\]\s*<(?P<name>[^>]+)>")
# Moving about and looking do nothing to a thing: an activity is not done by them.
_NOT_ACTING = {"walk", "run", "find", "turnto", "lookat", "walktowards", "standup"}


def grounded(record: dict[str, Any]) -> bool:
    """A done activity whose executed program acted on a thing its text names (whole words)."""
    if not record["done"]:
        return False
    text = record["activity"].lower()
    for match in _ACTED.finditer("\n".join(record["executed"])):
        if match["action"].lower() in _NOT_ACTING:
            continue
        name = match["name"].replace("_", " ").lower()
        if re.search(rf"\b{re.escape(name)}\b", text):
            return True
    return False


def day_measures(summary: dict[str, Any], records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One day's figures: tokens, calls, replays and the three success rates."""
    activities = len(records) or 1
    sent = sum(len(r["executed"]) + len(r["failed"]) for r in records)
    return {
        "tokens": summary["tokens"],
        "llm_calls": summary["llm_calls"],
        "saved_tokens": summary["saved_tokens"],
        "activities": len(records),
        "replayed": summary["from_policy"],
        "day_replayed": float(summary.get("day_replayed", False)),
        "replay_failed": summary["replay_failed"],
        "critic": sum(r["done"] for r in records) / activities,
        "grounded": sum(grounded(r) for r in records) / activities,
        "executable": sum(len(r["executed"]) for r in records) / sent if sent else 0.0,
    }


def run_household_bench(
    households: Sequence[str],
    *,
    out: Path,
    days: int,
    seeds: int,
    seed: int = 0,
    model: str,
    api_base: str | None = None,
    gateway_options: Any = None,
    on_day: Callable[[str, Any], None] | None = None,
    activities: int | None = None,
    modes: Sequence[str] = MODES,
) -> dict[str, Any]:
    """Live every (household, seed, mode) run to ``days`` days in ``out/runs`` and write the report."""
    if "baseline" not in modes or any(m not in MODES for m in modes):
        raise ValueError(f"modes {', '.join(modes)}: give baseline and any of {', '.join(MODES[1:])}")
    from aga.household.run import HouseholdRun
    from aga.household.spec import load_household

    # Every input checked before anything runs; a household is named by its folder in runs and report.
    loaded = {}
    for given in households:
        household = load_household(given)
        if household.name in loaded and loaded[household.name].folder != household.folder:
            raise ValueError(f"two households named {household.name!r} ({loaded[household.name].folder} and "
                             f"{household.folder}); rename one folder")  # fmt: skip
        loaded[household.name] = household
    out.mkdir(parents=True, exist_ok=True)
    previous = os.environ.get("AGA_RUNS_DIR")
    os.environ["AGA_RUNS_DIR"] = str(out / "runs")
    results: dict[str, dict[str, dict[int, list[dict[str, Any]]]]] = {}
    records: dict[str, dict[str, dict[int, list[list[dict[str, Any]]]]]] = {}
    try:
        for name, household in loaded.items():
            for s in range(seed, seed + seeds):
                for mode in modes:
                    run_id = f"{household.name}-{mode}-s{s}"
                    run = HouseholdRun.start(str(household.folder), model=model, mode=mode, seed=s, run_id=run_id,
                                             days=days, api_base=api_base, activities=activities,
                                             elsewhere="another --out (the benchmark names its runs)")  # fmt: skip
                    try:
                        run.live(
                            gateway_options=gateway_options,
                            on_day=(lambda figures, r=run_id: on_day(r, figures)) if on_day else None,
                        )
                        finished = run.days()[:days]
                    finally:
                        run.close()
                    results.setdefault(name, {}).setdefault(mode, {})[s] = [
                        day_measures(d.summary(), d.records) for d in finished
                    ]
                    records.setdefault(name, {}).setdefault(mode, {})[s] = [d.records for d in finished]
    finally:
        if previous is None:
            os.environ.pop("AGA_RUNS_DIR", None)
        else:
            os.environ["AGA_RUNS_DIR"] = previous
    report = summarise(results, model=model, days=days, seeds=list(range(seed, seed + seeds)), records=records)
    report["activities_a_day"] = activities or {n: h.spec.activities for n, h in loaded.items()}
    (out / "household.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "household.md").write_text(markdown(report))
    return report


def variety(days: Sequence[Sequence[dict[str, Any]]]) -> dict[str, float]:
    """How varied a run's days are: ``distinct`` activities over all days per activity planned, and
    ``new_later`` the share of activities on days 2.. not planned (in the same words, any case) on an
    earlier day. A routine replayed every day scores 0 on ``new_later``: the price of its saving."""
    seen: set[str] = set()
    planned = new_later = later = 0
    for n, records in enumerate(days):
        for record in records:
            text = " ".join(record["activity"].lower().split())
            planned += 1
            if n:
                later += 1
                new_later += text not in seen
        seen.update(" ".join(r["activity"].lower().split()) for r in records)
    return {"distinct": len(seen) / planned if planned else 0.0, "new_later": new_later / later if later else 0.0}


def summarise(
    results: dict[str, dict[str, dict[int, list[dict[str, Any]]]]],
    *,
    model: str,
    days: int,
    seeds: list[int],
    records: dict[str, dict[str, dict[int, list[list[dict[str, Any]]]]]] | None = None,
) -> dict[str, Any]:
    """Spreads over seeds per household, mode and day; each policy mode's share of the same seed's
    baseline tokens; ``records`` (the days' activity records by household, mode and seed) give the
    variety of the days per mode."""
    report: dict[str, Any] = {
        "model": model,
        "days": days,
        "seeds": seeds,
        **provenance(),
        "paper": PAPER,
        "target_share": TARGET_SHARE,
        "households": {},
    }
    for name, by_mode in results.items():
        entry: dict[str, Any] = {"per_day": {}, "later_days": {}, "runs": by_mode, "share_per_day": {},
                                 "share_later_days": {}, "success_beyond_spread": {}, "variety": {}}  # fmt: skip
        for mode, by_seed in by_mode.items():
            entry["per_day"][mode] = [
                {k: spread_of([by_seed[s][d][k] for s in by_seed]) for k in by_seed[next(iter(by_seed))][d]}
                for d in range(min(len(v) for v in by_seed.values()))
            ]
            # Days 2.. pooled per seed first (a seed is one sample), then spread over seeds.
            later = {s: v[1:] for s, v in by_seed.items() if len(v) > 1}
            if later:
                entry["later_days"][mode] = {
                    k: spread_of([statistics.fmean(day[k] for day in v) for v in later.values()])
                    for k in LATER_MEASURES
                }
            runs = (records or {}).get(name, {}).get(mode, {})
            if runs:
                per_seed = [variety(v) for v in runs.values()]
                entry["variety"][mode] = {k: spread_of([v[k] for v in per_seed]) for k in ("distinct", "new_later")}
        base = by_mode.get("baseline", {})
        for mode, policy in by_mode.items():
            if mode == "baseline":
                continue
            common = sorted(set(base) & set(policy))
            shares = []
            for d in range(min((min(len(base[s]), len(policy[s])) for s in common), default=0)):
                per = [policy[s][d]["tokens"] / base[s][d]["tokens"] for s in common if base[s][d]["tokens"]]
                shares.append(spread_of(per) if per else None)
            entry["share_per_day"][mode] = shares
            later_share = [
                sum(day["tokens"] for day in policy[s][1:]) / sum(day["tokens"] for day in base[s][1:])
                for s in common
                if len(base[s]) > 1 and sum(day["tokens"] for day in base[s][1:])
            ]
            entry["share_later_days"][mode] = spread_of(later_share) if later_share else None
            if "baseline" in entry["later_days"] and mode in entry["later_days"]:
                entry["success_beyond_spread"][mode] = {
                    k: beyond_spread(entry["later_days"][mode][k], entry["later_days"]["baseline"][k])
                    for k in ("critic", "grounded", "executable")
                }
        report["households"][name] = entry
    return report


def _k(tokens: float) -> str:
    return f"{tokens / 1000:.1f}k"


def _rate(spread: dict[str, float]) -> str:
    return f"{spread['mean']:.0%} ± {spread['sd']:.0%}"


WHOSE = {
    "lifestyle": "the paper's Lifestyle Policy: completed activities replayed, the day's activities planned anew",
    "routine": "ours on top: the day's list of activities replayed too (a routine)",
}


def markdown(report: dict[str, Any]) -> str:
    """The report as a page for ``benchmarks/results/``."""
    paper = report["paper"]
    lines = [
        "# Household benchmark: a day at home on VirtualHome (AGA 5.2, appendix C)",
        "",
        f"Model: `{report['model']}`. {report['days']} days per run, seeds {', '.join(map(str, report['seeds']))}; "
        + (f"`{report['command']}`: " if report.get("command") else "")
        + f"code {report['code']}, {report['date']}, {report['machine']}. "
        "Mean ± sd over seeds (min-max where it matters).",
        f"The paper: {_k(paper['baseline_tokens_per_day'])} tokens a day (baseline) -> "
        f"{_k(paper['aga_tokens_per_day'])} (AGA), {paper['share']:.1%}. Target here: <= {report['target_share']:.0%} "
        "of baseline tokens from day 2, success within the baseline's spread.",
        "",
        f"Activities a day: {report.get('activities_a_day', 'as each household says')}.",
        "",
        "Modes: " + "; ".join(f"`{m}`: {w}" for m, w in WHOSE.items()) + ".",
        "",
        "Success: `critic` = activities the LLM's critic called done; `grounded` = done and the program acted "
        "on a thing the activity names; `executable` = commands the home executed / commands sent. A replayed "
        "activity counts as done without asking the critic again (its program ran again, as when the critic "
        "passed it), so a policy mode's critic rate rises with its replays; grounded is the check that does "
        "not. Variety: "
        "`distinct` = different activities over all days per activity planned; `new` = share of the "
        "activities of days 2.. not planned on an earlier day.",
    ]
    for name, entry in report["households"].items():
        modes = [m for m in entry["per_day"] if m != "baseline"]
        base = entry["per_day"].get("baseline", [])
        lines += ["", f"## {name}", "",
                  "| day | baseline tokens | " + " | ".join(f"{m} tokens (share)" for m in modes)
                  + " | replayed (of activities) | critic | grounded | executable |",
                  "|---|---|" + "---|" * len(modes) + "---|---|---|---|"]  # fmt: skip
        for d in range(min([len(base)] + [len(entry["per_day"][m]) for m in modes])):
            b = base[d]
            cells = []
            for m in modes:
                row, share = entry["per_day"][m][d], entry["share_per_day"][m][d]
                part = f"{share['mean']:.1%} ({share['min']:.1%}-{share['max']:.1%})" if share else "-"
                cells.append(f"{_k(row['tokens']['mean'])} ± {_k(row['tokens']['sd'])} ({part})")
            replayed = " / ".join(
                f"{row['replayed']['mean']:.1f} of {row['activities']['mean']:.0f}"
                for row in (entry["per_day"][m][d] for m in modes)
            )
            rates = [" / ".join(_rate(x[d][k]) for x in [base] + [entry["per_day"][m] for m in modes])
                     for k in ("critic", "grounded", "executable")]  # fmt: skip
            lines.append(f"| {d + 1} | {_k(b['tokens']['mean'])} ± {_k(b['tokens']['sd'])} | {' | '.join(cells)} | "
                         f"{replayed} | {' | '.join(rates)} |")  # fmt: skip
        lines.append("")
        lines.append("Rates read baseline / " + " / ".join(modes) + ".")
        for m in modes:
            later = entry["share_later_days"].get(m)
            if not later:
                continue
            met = "met" if later["mean"] <= report["target_share"] else "not met"
            lines += [
                "",
                f"**{m}**, days 2-{report['days']}: {later['mean']:.1%} of the baseline's tokens "
                f"({later['min']:.1%}-{later['max']:.1%} over seeds; target {report['target_share']:.0%}: {met}; "
                f"paper {paper['share']:.1%}).",
            ]
            for k, flag in entry["success_beyond_spread"].get(m, {}).items():
                b, lf = entry["later_days"]["baseline"][k], entry["later_days"][m][k]
                verdict = {None: "no spread to judge by", True: "BEYOND the spread", False: "within the spread"}[flag]
                lines.append(f"- {k}: baseline {_rate(b)}, {m} {_rate(lf)}: {verdict}")
            rf = entry["later_days"][m]
            lines.append(
                f"- replays a day: {rf['replayed']['mean']:.1f}, of which failed to execute and went to the LLM: "
                f"{rf['replay_failed']['mean']:.1f}; days planned by a stored routine: {rf['day_replayed']['mean']:.0%}"
            )
        if entry.get("variety"):
            lines += ["", "| mode | distinct activities / planned | new on days 2.. |", "|---|---|---|"]
            for m, v in entry["variety"].items():
                lines.append(f"| {m} | {_rate(v['distinct'])} | {_rate(v['new_later'])} |")
    return "\n".join(lines) + "\n"
