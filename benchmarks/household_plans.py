"""How much a resident's day plans repeat, per model: the ceiling of what the Lifestyle Policy can replay.

The household's Lifestyle Policy replays an activity when one as similar (cosine of MiniLM embeddings
at the store's threshold) was done before. How often that can happen is set by the model's day plans:
a model that plans the same day every day allows a large saving, one that varies its days a small one.
This asks each model for ``days`` day plans of the same household (the prompt is the same each day;
the sampling seed and call number differ, as in a run) and reports, for days 2.., the share of
activities with a match among the earlier days' activities. Run it for the simulator and for real
models: the simulator must not repeat itself more than they do (the developers' guide).

    python -m benchmarks.household_plans home_office -m scripted/default -m local/qwen2.5-coder-1.5b --days 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.report import machine

THRESHOLD = 0.90  # policy_store's default similarity threshold (the household kind has no own one)


def plans(household: str, model: str, days: int, seed: int) -> list[list[str]]:
    """``days`` day plans of the household's resident from ``model``."""
    from aga.household.agent import HouseholdAgent
    from aga.household.spec import load_household
    from aga.llm.gateway import Gateway
    from aga.llm.ledger import Ledger
    from aga.storage import make_engine, sqlite_url

    loaded = load_household(household)
    with tempfile.TemporaryDirectory() as tmp:
        ledger = Ledger(make_engine(sqlite_url(Path(tmp) / "ledger.db")), "plans")
        agent = HouseholdAgent(
            loaded.resident, Gateway(model, ledger=ledger, seed=seed), activities=loaded.spec.activities
        )
        return [agent.plan_day(loaded.home()) for _ in range(days)]


def repeat_share(days: list[list[str]], embed: Any, threshold: float = THRESHOLD) -> list[float]:
    """Per day from the second: the share of its activities as similar as ``threshold`` to one of an
    earlier day (what a store filled by those days could offer)."""
    out = []
    for d in range(1, len(days)):
        earlier = [a for day in days[:d] for a in day]
        if not days[d] or not earlier:
            out.append(0.0)
            continue
        now, before = _unit(embed(days[d])), _unit(embed(earlier))
        best = (now @ before.T).max(axis=1)
        out.append(float((best >= threshold).mean()))
    return out


def _unit(vectors: Any) -> np.ndarray:
    array = np.asarray(vectors, dtype=np.float32)
    return array / np.maximum(np.linalg.norm(array, axis=1, keepdims=True), 1e-12)


def main(argv: list[str] | None = None) -> None:
    """Command line: households, models, days, seeds; prints and writes JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("households", nargs="+")
    parser.add_argument("-m", "--model", action="append", required=True)
    parser.add_argument("--days", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    from aga.sim.run import default_embedder

    embedder = default_embedder()
    report: dict[str, Any] = {"date": datetime.now(UTC).strftime("%Y-%m-%d"), "machine": machine(),
                              "threshold": THRESHOLD, "days": args.days, "results": {}}  # fmt: skip
    for household in args.households:
        for model in args.model:
            per_seed = []
            for seed in range(args.seeds):
                days = plans(household, model, args.days, seed)
                shares = repeat_share(days, embedder.embed)
                distinct = len({a for d in days for a in d})
                per_seed.append({"seed": seed, "plans": days, "repeat_share": shares, "distinct": distinct,
                                 "planned": sum(map(len, days))})  # fmt: skip
                print(f"{household} {model} seed {seed}: repeat share per day {[round(s, 2) for s in shares]}")
            means = [statistics.fmean(r["repeat_share"]) for r in per_seed]
            report["results"][f"{household} | {model}"] = {
                "repeat_share_mean": round(statistics.fmean(means), 3),
                "repeat_share_by_seed": [round(m, 3) for m in means],
                "runs": per_seed,
            }
            print(f"{household} {model}: mean repeat share {statistics.fmean(means):.2f} over {args.seeds} seeds")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
