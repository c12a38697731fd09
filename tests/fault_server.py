"""A small OpenAI-compatible server on loopback that misbehaves on purpose.

Tests start it in a thread (``with FaultServer() as server``) and point aga at ``openai/<name>`` with
``api_base=server.url``. Each request takes the next behaviour of its script, then ``default``:

- ``ok``: a valid answer: an instance of the JSON schema the request sent (the smallest one that
  validates), or ``{"rating": 5}``-like JSON built from the schema's first properties; plain text when
  the request asked for no format;
- a request in JSON mode without a schema gets ``{}`` (what a server can do without knowing the format);
- ``429`` (with ``Retry-After: <retry_after>``), ``500``, ``503``: those statuses;
- ``hang``: waits ``hang_s`` seconds before answering ``ok`` (longer than the client's timeout);
- ``garbage``: a 200 with text that is not JSON; ``empty``: a 200 with an empty message.

Every request is logged (path, body, time), so tests can check what aga sent and when.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def instance_of(schema: dict[str, Any], defs: dict[str, Any] | None = None) -> Any:
    """The smallest value that validates against ``schema`` (the subset pydantic emits)."""
    defs = defs if defs is not None else schema.get("$defs", {})
    if "$ref" in schema:
        return instance_of(defs[schema["$ref"].split("/")[-1]], defs)
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return instance_of(schema[key][0], defs)
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if kind == "object":
        required = schema.get("required", list(schema.get("properties", {})))
        return {k: instance_of(v, defs) for k, v in schema.get("properties", {}).items() if k in required}
    if kind == "array":
        return [instance_of(schema.get("items", {}), defs) for _ in range(schema.get("minItems", 1))]
    if kind == "integer":
        low = schema.get("minimum", 1)
        high = schema.get("maximum", low + 4)
        return max(low, min(high, 5))
    if kind == "number":
        return float(schema.get("minimum", 1.0))
    if kind == "boolean":
        return False
    text = "x" * max(1, schema.get("minLength", 1))
    return "resting" if schema.get("minLength", 1) <= 7 else text


class FaultServer:
    """The server and its script; a context manager that runs it in a daemon thread."""

    def __init__(
        self, *, default: str = "ok", retry_after: int = 1, hang_s: float = 30.0, delay_s: float = 0.0, port: int = 0
    ):
        self.script: deque[str] = deque()
        self.default = default
        self.retry_after = retry_after
        self.hang_s = hang_s
        self.delay_s = delay_s  # every answer waits this long (a slow model)
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._http = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self._http.daemon_threads = True
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """Base URL to pass as ``api_base``."""
        return f"http://127.0.0.1:{self._http.server_address[1]}/v1"

    def play(self, *behaviours: str) -> FaultServer:
        """Queue behaviours for the next requests."""
        with self._lock:
            self.script.extend(behaviours)
        return self

    def __enter__(self) -> FaultServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.shutdown()
        self._http.server_close()

    def _next(self, body: dict[str, Any]) -> str:
        with self._lock:
            self.requests.append({"time": time.monotonic(), "body": body})
            return self.script.popleft() if self.script else self.default

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except json.JSONDecodeError:
                    body = {}
                behaviour = server._next(body)
                if server.delay_s:
                    time.sleep(server.delay_s)
                if behaviour in {"429", "500", "503"}:
                    headers = {"Retry-After": str(server.retry_after)} if behaviour == "429" else {}
                    self._send(int(behaviour), {"error": {"message": f"injected {behaviour}"}}, headers)
                    return
                if behaviour == "hang":
                    time.sleep(server.hang_s)
                    behaviour = "ok"
                self._send(200, _completion(body, behaviour))

            def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for key, value in (headers or {}).items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout)
                    pass

        return Handler


def _completion(body: dict[str, Any], behaviour: str) -> dict[str, Any]:
    fmt = body.get("response_format") or {}
    if behaviour == "garbage":
        content = "I am not JSON at all"
    elif behaviour == "empty":
        content = ""
    elif fmt.get("type") == "json_schema":
        content = json.dumps(instance_of(fmt["json_schema"]["schema"]))
    elif fmt.get("type") == "json_object":
        content = "{}"
    else:
        content = "a plain answer"
    prompt = sum(len(str(m.get("content", ""))) for m in body.get("messages", [])) // 4
    return {
        "id": "chatcmpl-fault",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "fault"),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": 5, "total_tokens": prompt + 5},
    }
