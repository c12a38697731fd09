"""Prometheus metrics: served over HTTP and written as a textfile."""

from __future__ import annotations

import urllib.request

from tests.fakes import RATE


def test_metrics_are_scraped_over_http(faulty, make_gateway):
    from aga.llm.metrics import Metrics

    metrics = Metrics()
    gateway = make_gateway(metrics=metrics)
    faulty.play("rate_limit", 'text:{"rating": 2}')
    gateway.call(RATE, {"event": "x"}, agent="Maria")
    gateway.record_cache_hit(RATE, kind="importance")
    gateway.record_cache_miss("importance")
    server, thread = metrics.serve(0)
    try:
        port = server.server_port
        body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    finally:
        server.shutdown()
        thread.join(timeout=5)
    labels = 'model="faulty/m",module="test",provider="faulty"'
    assert f'aga_requests_metric_total{{{labels},status="success",task="test.rate"}} 1.0' in body
    assert 'status="failure"' in body
    assert 'aga_llm_api_failed_requests_metric_total{exception_class="RateLimitError"' in body
    prompt_tokens = 100 + 2  # the fake reports 100 + request number; the second request answered
    assert f'aga_input_tokens_metric_total{{{labels},task="test.rate"}} {prompt_tokens}.0' in body
    assert 'aga_cache_hits_metric_total{kind="importance"} 1.0' in body
    assert 'aga_cache_misses_metric_total{kind="importance"} 1.0' in body
    assert 'aga_cache_hit_rate_metric{kind="importance"} 0.5' in body
    assert "aga_llm_api_latency_metric_bucket" in body
    assert "aga_tokens_saved_metric_total" in body


def test_metrics_textfile(tmp_path, faulty, make_gateway):
    from aga.llm.metrics import Metrics

    metrics = Metrics()
    make_gateway(metrics=metrics).call(RATE, {"event": "x"})
    out = tmp_path / "m" / "metrics.prom"
    metrics.write_textfile(out)
    text = out.read_text()
    assert "aga_output_tokens_metric_total" in text and "aga_spend_metric_total" in text
