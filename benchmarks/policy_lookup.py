"""Policy store speed at size: lookup and write latency with 10k stored policies, reopen time, disk size.

Policies are written with random unit vectors (a seeded fake embedder: filling 10k entries with MiniLM
would measure the embedder, not the store), spread over 25 owners like the 25-agent town, each with
two requirements and a time window. Lookups pass the query vector in, as the runtime does after its
embedding cache; the MiniLM time for one uncached text is measured separately for the full picture.

    .venv/bin/python -m benchmarks.policy_lookup --policies 10000 --out benchmarks/results/policy_lookup.json
"""

from __future__ import annotations

import argparse
import hashlib
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from benchmarks.report import machine, percentiles, write


class RandomEmbedder:
    """A unit vector per text, seeded by the text (no model)."""

    name = "random-384"
    dim = 384

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = []
        for text in texts:
            seed = int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)
            v = np.random.default_rng(seed).standard_normal(self.dim).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows)


class AllHold:
    def unmet(self, requirement: object) -> None:
        return None


def main(argv: list[str] | None = None) -> None:
    """Fill a store, time it, write JSON and Markdown."""
    from policy_store import ActionSpec, Draft, PolicyStore, Query, Requirement, Step, StoreConfig

    parser = argparse.ArgumentParser()
    parser.add_argument("--policies", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    owners = [f"Agent {i:02d}" for i in range(25)]
    config = StoreConfig(max_policies=args.policies)
    embedder = RandomEmbedder()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "store"
        write_ms: list[float] = []
        with PolicyStore.open(folder, embedder, config) as store:
            began = time.perf_counter()
            for i in range(args.policies):
                owner = owners[i % len(owners)]
                address = f"world:sector {i % 40}:room {i % 7}:object {i % 11}"
                spec = ActionSpec(address=address, emoji="🙂", event=(owner, "is", f"doing thing {i}"))
                needs = [Requirement(target=address.rsplit(":", 1)[0]), Requirement(target=address, kind="object")]
                t0 = time.perf_counter()
                store.write(
                    Draft(
                        kind="action",
                        owner=owner,
                        text=f"{owner} does activity number {i}",
                        steps=(Step(text=f"activity {i}", minutes=15, action=spec),),
                        condition=config.condition("action", needs, minute_of_day=(i * 37) % 1440),
                        minutes=15,
                    )
                )
                write_ms.append((time.perf_counter() - t0) * 1000)
            fill_s = time.perf_counter() - began
            rng = np.random.default_rng(0)
            lookup_hit_ms: list[float] = []
            lookup_miss_ms: list[float] = []
            hits = 0
            for q in range(args.queries):
                i = int(rng.integers(args.policies))
                owner = owners[i % len(owners)]
                text = f"{owner} does activity number {i}" if q % 2 == 0 else f"something never stored {q}"
                vector = embedder.embed([text])[0]
                query = Query(kind="action", owner=owner, text=text, minute_of_day=(i * 37) % 1440, embedding=vector)
                t0 = time.perf_counter()
                found = store.lookup(query, AllHold())
                elapsed = (time.perf_counter() - t0) * 1000
                (lookup_hit_ms if q % 2 == 0 else lookup_miss_ms).append(elapsed)
                hits += found.hit
            count = store.count()
        began = time.perf_counter()
        with PolicyStore.open(folder, embedder, config) as reopened:
            reopen_s = time.perf_counter() - began
            assert reopened.count() == count
            # The first lookup of each owner after opening reads that owner's vectors into memory.
            first_ms: list[float] = []
            for owner in owners:
                text = f"{owner} does activity number 0"
                vector = embedder.embed([text])[0]
                query = Query(kind="action", owner=owner, text=text, minute_of_day=0, embedding=vector)
                t0 = time.perf_counter()
                reopened.lookup(query, AllHold())
                first_ms.append((time.perf_counter() - t0) * 1000)
        size_mb = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6
    minilm_ms = _minilm_ms()
    result = {
        "policies": count,
        "owners": len(owners),
        "fill_s": round(fill_s, 1),
        "write_ms": percentiles(write_ms),
        "lookup_hit_ms": percentiles(lookup_hit_ms),
        "lookup_miss_ms": percentiles(lookup_miss_ms),
        "hits_of_stored_queries": f"{hits}/{len(lookup_hit_ms)}",
        "reopen_s": round(reopen_s, 2),
        "first_lookup_after_reopen_ms": percentiles(first_ms),
        "disk_mb": round(size_mb, 1),
        "minilm_embed_one_text_ms": minilm_ms,
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
    }
    lines = [
        f"# Policy store at {count:,} policies\n",
        f"`python -m benchmarks.policy_lookup --policies {args.policies}` on {result['machine']}, {result['date']}.",
        "Random 384-d vectors (no model), 25 owners, lookups with the query vector given (as after the",
        "runtime's embedding cache); a lookup = exact cosine search over the vectors of its kind and owner",
        "(kept in memory, read from their chromadb collection at the first lookup after opening), SQL fetch of",
        "the candidates, condition checks, and the hit's usage update committed.\n",
        "| figure | p50 | p95 | mean |",
        "|---|---|---|---|",
        *(
            f"| {name} (ms) | {result[key]['p50']} | {result[key]['p95']} | {result[key]['mean']} |"
            for name, key in (
                ("lookup, stored text", "lookup_hit_ms"),
                ("lookup, unseen text", "lookup_miss_ms"),
                ("write", "write_ms"),
                ("first lookup of an owner after reopening", "first_lookup_after_reopen_ms"),
                ("MiniLM, one uncached text", "minilm_embed_one_text_ms"),
            )
            if result[key]
        ),
        "",
        f"- hits for stored texts: {result['hits_of_stored_queries']}",
        f"- filling {count:,} policies: {result['fill_s']} s; reopening (with index check): {result['reopen_s']} s",
        f"- on disk: {result['disk_mb']} MB",
    ]
    write(result, args.out, "\n".join(lines))


def _minilm_ms() -> dict[str, float] | None:
    try:
        from aga.embeddings.minilm import MiniLMEmbedder
    except ImportError:
        return None
    model = MiniLMEmbedder()
    model.embed(["warm up"])
    times = []
    for i in range(50):
        t0 = time.perf_counter()
        model.embed([f"walking over to the cafe for lunch number {i}"])
        times.append((time.perf_counter() - t0) * 1000)
    return percentiles(times)


if __name__ == "__main__":
    main()
