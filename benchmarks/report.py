"""Writing a benchmark's results: JSON for machines, Markdown next to it for people."""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Callable
from pathlib import Path
from typing import Any


def write(report: dict[str, Any], out: Path | None, markdown: str) -> None:
    """Print the JSON report and, given ``out``, write it and its Markdown (``.md`` beside it)."""
    text = json.dumps(report, indent=2)
    print(text)
    if out is None:
        return
    from aga.storage.files import write_atomically

    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(out, text + "\n")
    write_atomically(out.with_suffix(".md"), markdown + "\n")


def code_version() -> str:
    """The commit of the code measuring (with "+changes" when the work tree differs), or the package
    version outside a git checkout: a report made in sittings says which code made each run."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "aga", "policy_store", "social_memory"],
            cwd=root, capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        return commit + ("+changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        from importlib.metadata import PackageNotFoundError, version

        try:
            return "aga " + version("aga")
        except PackageNotFoundError:
            return "unknown"


def provenance() -> dict[str, str]:
    """Who made a figure: the command as typed (``aga`` and its arguments), the date, the machine and
    the code version, for a report's header (a reader must be able to make the figure again)."""
    import shlex
    import sys
    from datetime import UTC, datetime

    return {
        "command": "aga " + shlex.join(sys.argv[1:]),
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": machine(),
        "code": code_version(),
    }


def machine() -> str:
    """The machine a figure was measured on, as the results files name it."""
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95 and mean of some timings, rounded for a results table (empty: an empty dict)."""
    import numpy as np

    if not values:
        return {}
    return {
        "p50": round(float(np.percentile(values, 50)), 2),
        "p95": round(float(np.percentile(values, 95)), 2),
        "mean": round(float(np.mean(values)), 2),
    }


def write_pair(
    report: dict[str, Any], out: Path, stem: str, markdown: Callable[..., str], command: str, machine: str, date: str
) -> tuple[Path, Path]:
    """Write ``STEM.json`` (the report with how it was made) and ``STEM.md`` (``markdown(report, command,
    machine, date)``) into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    js, md = out / f"{stem}.json", out / f"{stem}.md"
    js.write_text(json.dumps({**report, "command": command, "machine": machine, "date": date}, indent=1) + "\n")
    md.write_text(markdown(report, command, machine, date))
    return js, md
