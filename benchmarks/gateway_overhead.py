"""Gateway overhead per call: template rendering, litellm routing, parsing and the ledger commit.

Uses the scripted simulator so that no model time is included. Run:

    .venv/bin/python -m benchmarks.gateway_overhead --calls 1000
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel, Field

from aga.llm.gateway import Gateway
from aga.llm.ledger import Ledger
from aga.llm.tasks import Task
from aga.storage import make_engine, sqlite_url


class _Rating(BaseModel):
    rating: int = Field(ge=1, le=10)


def main(argv: list[str] | None = None) -> None:
    """Time ``--calls`` scripted calls and print per-call figures as JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=1000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp) / "bench.rate.txt"
        template.write_text('Rate the poignancy of "$event" from 1 to 10. Answer as JSON {"rating": <int>}.')
        task = Task(name="bench.rate", template=template, schema=_Rating, failsafe=_Rating(rating=4))
        ledger = Ledger(make_engine(sqlite_url(Path(tmp) / "aga.db")), "bench")
        gateway = Gateway("scripted/default", ledger=ledger, seed=1)
        gateway.call(task, {"event": "warm-up"})
        times = []
        for i in range(args.calls):
            began = time.perf_counter()
            gateway.call(task, {"event": f"Klaus Mueller is reading about gentrification, page {i}"}, agent="Klaus")
            times.append(time.perf_counter() - began)
        began = time.perf_counter()
        for _ in range(100):
            ledger.totals("task")
        totals_ms = (time.perf_counter() - began) * 10
    times.sort()
    print(
        json.dumps(
            {
                "calls": args.calls,
                "mean_ms": statistics.mean(times) * 1000,
                "p50_ms": times[len(times) // 2] * 1000,
                "p95_ms": times[int(len(times) * 0.95)] * 1000,
                "ledger_totals_by_task_ms": totals_ms,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
