"""A loopback OpenAI-compatible server that answers like a hosted model: slowly, and many at once.

The concurrency benchmark (``aga bench concurrency``) needs a model that takes as long as a hosted one
(0.5-2 s a call) without a network or a GPU. This server waits ``latency_s`` (plus up to ``jitter_s``,
drawn from its own RNG, so the order answers come back in is shuffled) and then answers with the
scripted simulator, exactly as ``scripted/<name>`` would in process: the gateway sends the call's
metadata in the body (``GatewayOptions.send_call_metadata``), and the token counts use the same
tokenizer. So a run against ``openai/<name>`` at this server spends the same tokens as one against
``scripted/<name>``; only the wall time differs.

``capacity`` (optional) is how many requests it serves at once; past it, it answers 429 with a
``Retry-After``, as a rate-limited provider does. Each request is counted (in flight, most in flight,
served, refused).
"""

from __future__ import annotations

import json
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class LatencyServer:
    """The server; a context manager that runs it in daemon threads on 127.0.0.1."""

    def __init__(
        self,
        latency_s: float = 0.5,
        *,
        jitter_s: float = 0.0,
        capacity: int | None = None,
        retry_after_s: float = 1.0,
        seed: int = 0,
    ) -> None:
        if latency_s < 0 or jitter_s < 0:
            raise ValueError("latency and jitter are seconds: give 0 or more")
        self.latency_s = latency_s
        self.jitter_s = jitter_s
        self.capacity = capacity
        self.retry_after_s = retry_after_s
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self.in_flight = 0
        self.most_in_flight = 0
        self.served = 0
        self.refused = 0
        self.keys: set[str] = set()  # the API keys requests came with (routing tests check both are used)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """Base URL to give as ``api_base``."""
        assert self._server is not None, "start the server first"
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> LatencyServer:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Listen on a free loopback port."""
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive: a client reuses its connections, as with a provider

            def log_message(self, *_args: Any) -> None:  # quiet
                return

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                outer.keys.add(str(self.headers.get("Authorization", "")).removeprefix("Bearer "))
                status, payload, headers = outer._handle(self.path, body)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 256  # 25 agents opening connections at once must not be refused

        self._server = Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, name="latency-server", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _handle(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        from aga.llm.providers.response import requested_schema
        from aga.llm.providers.scripted import answer

        if not path.rstrip("/").endswith("/chat/completions"):
            return 404, {"error": {"message": f"no route {path}"}}, {}
        meta = body.get("aga_call")
        if not isinstance(meta, dict):
            return 400, {"error": {"message": "this server answers only aga calls sent with send_call_metadata"}}, {}
        with self._lock:
            if self.capacity is not None and self.in_flight >= self.capacity:
                self.refused += 1
                message = {"error": {"message": "rate limited", "type": "rate_limit_error"}}
                return 429, message, {"Retry-After": f"{self.retry_after_s:g}"}
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
            wait = self.latency_s + (self._rng.uniform(0, self.jitter_s) if self.jitter_s else 0.0)
        try:
            time.sleep(wait)
            _, schema = requested_schema({"response_format": body.get("response_format")})
            model = str(body.get("model", "default"))
            text, prompt_tokens, completion_tokens = answer(model, body.get("messages", []), meta, schema)
        finally:
            with self._lock:
                self.in_flight -= 1
                self.served += 1
        return (
            200,
            {
                "id": f"latency-{self.served}",
                "object": "chat.completion",
                "created": 0,
                "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            },
            {},
        )
