"""Prometheus metrics of the gateway and the caches.

Names follow litellm's proxy conventions (``litellm_requests_metric``, ``litellm_input_tokens_metric``,
``litellm_spend_metric``, ``litellm_llm_api_latency_metric``, ``litellm_cache_hits_metric`` ...) with
our ``aga_`` prefix, so existing dashboards translate by a rename. Each :class:`Metrics` owns its own
registry: two runs in one process (tests, benchmarks) never mix their counts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server, write_to_textfile

PREFIX = "aga"
_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160)


class Metrics:
    """Counters and histograms for one run (or one process)."""

    def __init__(self, registry: CollectorRegistry | None = None, prefix: str = PREFIX) -> None:
        self.registry = registry or CollectorRegistry()
        call = ["model", "provider", "task", "module"]
        p = prefix
        r = self.registry
        self.requests = Counter(
            f"{p}_requests_metric", "LLM requests sent, one per attempt", [*call, "status"], registry=r
        )
        self.input_tokens = Counter(f"{p}_input_tokens_metric", "Prompt tokens sent to LLMs", call, registry=r)
        self.output_tokens = Counter(f"{p}_output_tokens_metric", "Completion tokens received", call, registry=r)
        self.spend = Counter(f"{p}_spend_metric", "Spend in USD (litellm prices)", call, registry=r)
        self.latency = Histogram(
            f"{p}_llm_api_latency_metric",
            "Latency of one LLM request in seconds",
            ["model", "provider", "task"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.queue = Histogram(
            f"{p}_llm_queue_seconds_metric",
            "Time a call waited for its turn (another agent thinking when its answer came), apart from latency",
            ["model", "provider"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.failures = Counter(
            f"{p}_llm_api_failed_requests_metric",
            "Failed LLM requests by exception class (transport errors and malformed answers)",
            ["model", "provider", "task", "exception_class"],
            registry=r,
        )
        self.failsafes = Counter(
            f"{p}_failsafe_answers_metric",
            "Calls answered by the task's fail-safe value",
            ["task", "module"],
            registry=r,
        )
        self.repaired = Counter(
            f"{p}_repaired_answers_metric", "Answers changed by the task's deterministic repair", ["task"], registry=r
        )
        self.cache_hits = Counter(
            f"{p}_cache_hits_metric", "Decisions answered by a cache, by kind of decision", ["kind"], registry=r
        )
        self.cache_misses = Counter(
            f"{p}_cache_misses_metric", "Decisions a cache could not answer, by kind of decision", ["kind"], registry=r
        )
        self.calls_avoided = Counter(
            f"{p}_calls_avoided_metric",
            "LLM calls a cache hit avoided (one hit may avoid several)",
            ["kind"],
            registry=r,
        )
        self.tokens_saved = Counter(
            f"{p}_tokens_saved_metric", "Tokens a cache hit avoided (estimated)", ["kind"], registry=r
        )

        # A gauge beside the counters: dashboards can compute rate(hits) / rate(hits + misses), but a
        # text-file reader (metrics.prom after a run) has no PromQL.
        self.cache_hit_rate = Gauge(
            f"{p}_cache_hit_rate_metric", "Cache hits / decisions so far, by kind of decision", ["kind"], registry=r
        )
        self._decisions: dict[str, list[int]] = {}

    def cache(self, kind: str, *, hit: bool, tokens_saved: int = 0, decision: bool = True) -> None:
        """Count a cache decision of ``kind`` (``plan``, ``action``, ``importance``, ...).

        A hit that avoids several calls is reported once per avoided call with ``decision`` true on
        the first only, so hits / (hits + misses) stays the hit rate of decisions.
        """
        seen = self._decisions.setdefault(kind, [0, 0])  # hits, decisions
        if hit:
            if decision:
                self.cache_hits.labels(kind=kind).inc()
                seen[0] += 1
                seen[1] += 1
            self.calls_avoided.labels(kind=kind).inc()
            if tokens_saved:
                self.tokens_saved.labels(kind=kind).inc(tokens_saved)
        else:
            self.cache_misses.labels(kind=kind).inc()
            seen[1] += 1
        if seen[1]:
            self.cache_hit_rate.labels(kind=kind).set(seen[0] / seen[1])

    def serve(self, port: int, addr: str = "127.0.0.1") -> Any:
        """Serve ``/metrics`` over HTTP on ``addr:port`` (loopback unless told otherwise)."""
        return start_http_server(port, addr=addr, registry=self.registry)

    def write_textfile(self, path: Path) -> None:
        """Write the current values in the Prometheus text format (atomically).

        Raises ``ValueError`` naming the file when ``path`` is a folder: prometheus_client's atomic
        rename fails on it only after writing its temporary file, which it leaves behind."""
        if path.is_dir():
            raise ValueError(f"{path} is a folder, not the metrics file; remove it (`rm -r '{path}'`)")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_to_textfile(str(path), self.registry)
