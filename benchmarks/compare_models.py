"""``aga bench compare``: two token benchmarks of the same window side by side, e.g. a real model's and
the scripted simulator's, so that one can see whether the simulator's cache hits are a model's.

Each figure of the reference report (the simulator's, run on several seeds) is given as mean and range
over its seeds; a figure of the other report (the real model's, often one seed) outside that range,
widened by the larger of the two reports' own seed spreads, is marked ✗: the two differ by more than
the seeds' spread, and the simulator needs a look there.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from aga.storage.files import read_json

# The per-run figures compared: (label, path into a run's measure, is a share shown as a percentage).
HIT_FIGURES = (
    ("hit rate", ("hit_rate",), True),
    ("hit similarity p50", ("similarity", "p50"), False),
    ("same text", ("same_text",), True),
    ("other activity", ("other_activity",), True),
)
PARITY_FIGURES = (
    "activity_place_agreement",
    "share_waking_minutes_away_from_home",
    "share_requirement_windows_kept",
    "actions_per_waking_hour",
    "distinct_activities_per_agent_day",
    "conversations",
    "repairs_per_agent_day",
    "day_hours_repaired_per_agent_day",
)


# What a report of `aga bench tokens` holds that :func:`compare` reads, and its type.
REPORT_KEYS: dict[str, type] = {"scenario": str, "model": str, "seeds": list, "runs": dict, "share_of_baseline": dict}


def load(path: Path) -> dict[str, Any]:
    """A benchmark's ``report.json`` (``path`` may be the file or its folder), or a ValueError naming the
    file when it is not a report of ``aga bench tokens`` (say another benchmark's JSON)."""
    file = path / "report.json" if path.is_dir() else path
    if not file.exists():
        raise FileNotFoundError(f"{file}: no benchmark report here; run `aga bench tokens ... --out {file.parent}`")
    report = read_json(file)
    if not isinstance(report, dict):
        said = "not a JSON object"
    elif "runs" not in report and isinstance(report.get("modes"), dict):
        # The first reports kept one seed's figures per mode: not comparable, but a tokens report still.
        raise ValueError(
            f"{file} is an `aga bench tokens` report of an older format, without the per-seed 'runs' that "
            "compare reads; run that benchmark again with the current `aga bench tokens` to compare it"
        )
    elif wrong := [key for key, kind in REPORT_KEYS.items() if not isinstance(report.get(key), kind)]:
        said = "no " + ", ".join(repr(key) for key in wrong)
    elif not all(isinstance(by_seed, dict) for by_seed in report["runs"].values()):
        said = "its 'runs' are not by seed"
    else:
        return report
    raise ValueError(
        f"{file} is not an `aga bench tokens` report ({said}); give the report.json (or the --out folder) of "
        "`aga bench tokens`"
    )


def _dig(value: Any, keys: tuple[str, ...]) -> float | None:
    for key in keys:
        if not isinstance(value, dict) or value.get(key) is None:
            return None
        value = value[key]
    return float(value)


def _values(report: dict[str, Any], variant: str, path: tuple[str, ...]) -> list[float]:
    runs = report["runs"].get(variant, {})
    found = [_dig(r, path) for r in runs.values()]
    return [v for v in found if v is not None]


def _shares(report: dict[str, Any], variant: str) -> list[float]:
    return [float(v) for v in report["share_of_baseline"].get(variant, {}).get("by_seed", {}).values()]


def differs(reference: list[float], other: list[float]) -> bool | None:
    """Whether ``other``'s mean lies outside ``reference``'s range widened by the larger seed sd of the
    two (None when either has no value)."""
    if not reference or not other:
        return None
    sd = max(
        statistics.stdev(reference) if len(reference) > 1 else 0.0,
        statistics.stdev(other) if len(other) > 1 else 0.0,
    )
    mean = statistics.fmean(other)
    return not (min(reference) - sd <= mean <= max(reference) + sd)


def _cell(values: list[float], percent: bool) -> str:
    if not values:
        return "-"

    def fmt(v: float) -> str:
        return f"{v:.1%}" if percent else f"{v:.3g}"

    mean = statistics.fmean(values)
    return fmt(mean) + (f" ({fmt(min(values))}-{fmt(max(values))})" if len(values) > 1 else "")


def compare(reference: dict[str, Any], other: dict[str, Any]) -> str:
    """Markdown: every shared variant's share of baseline, its hits by kind and its parity, side by side."""
    names = [n for n in reference["runs"] if n in other["runs"]]
    if not names:
        raise ValueError("the two reports share no variant: run both with the same --mode or --mechanisms")
    ref_label, other_label = reference["model"], other["model"]
    lines = [
        f"# {other_label} against {ref_label}: {reference['scenario']}\n",
        f"{ref_label}: seeds {', '.join(map(str, reference['seeds']))}; {other_label}: seeds "
        f"{', '.join(map(str, other['seeds']))}. Mean (min-max over seeds). ✗: outside the reference's range "
        "widened by the larger seed sd.\n",
        f"| variant | figure | {ref_label} | {other_label} | |",
        "|---|---|---|---|---|",
    ]
    marked = 0

    def row(variant: str, label: str, ref: list[float], oth: list[float], percent: bool) -> None:
        nonlocal marked
        verdict = differs(ref, oth)
        marked += bool(verdict)
        mark = "✗" if verdict else ""
        lines.append(f"| {variant} | {label} | {_cell(ref, percent)} | {_cell(oth, percent)} | {mark} |")

    for name in names:
        if name != "baseline":
            row(name, "share of baseline tokens", _shares(reference, name), _shares(other, name), True)
        kinds = sorted(
            {k for r in reference["runs"][name].values() for k in r.get("hits", {})}
            | {k for r in other["runs"][name].values() for k in r.get("hits", {})}
        )
        for kind in kinds:
            for label, path, percent in HIT_FIGURES:
                row(name, f"{kind} {label}", _values(reference, name, ("hits", kind, *path)),
                    _values(other, name, ("hits", kind, *path)), percent)  # fmt: skip
        for key in PARITY_FIGURES:
            percent = key.startswith(("share", "activity"))
            row(name, key.replace("_", " "), _values(reference, name, ("parity", key)),
                _values(other, name, ("parity", key)), percent)  # fmt: skip
    lines += ["", f"{marked} figure(s) differ by more than the seeds' spread."]
    return "\n".join(lines)
