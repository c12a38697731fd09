"""Fake models for tests: a fault-injecting litellm provider with exact, known usage."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from aga.llm._litellm import litellm, register_provider
from aga.llm.tasks import Task, TextAnswer

PROMPTS = Path(__file__).parent / "prompts"


class Rating(BaseModel):
    """Answer of the test rating task."""

    rating: int = Field(ge=1, le=10)


RATE = Task(name="test.rate", template=PROMPTS / "test.rate.txt", schema=Rating, failsafe=Rating(rating=4))
ECHO = Task(
    name="test.echo",
    template=PROMPTS / "test.echo.txt",
    schema=TextAnswer,
    failsafe=TextAnswer(text="(nothing)"),
    structured=False,
)


@dataclass
class FaultyProvider(litellm.CustomLLM):
    """Plays a script of behaviours, one per request, and logs the usage it reported.

    Behaviours: ``rate_limit``, ``timeout``, ``server_error``, ``connection``, ``auth``, ``bad_request``,
    or ``text:<answer>`` (answered with that text; ``text:`` alone is an empty answer). When the script
    runs out, every request answers ``text:{"rating": 5}``.
    """

    script: deque[str] = field(default_factory=deque)
    reported: list[tuple[int, int]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    def play(self, *behaviours: str) -> FaultyProvider:
        """Queue behaviours for the next requests."""
        self.script.extend(behaviours)
        return self

    def completion(self, model: str, messages: list, *args: Any, **kwargs: Any) -> Any:
        optional_params = kwargs.get("optional_params") or (args[7] if len(args) > 7 else {})
        self.requests.append({"model": model, "messages": messages, "optional_params": optional_params})
        behaviour = self.script.popleft() if self.script else 'text:{"rating": 5}'
        errors = {
            "rate_limit": litellm.RateLimitError("slow down", llm_provider="faulty", model=model),
            "timeout": litellm.Timeout("timed out", llm_provider="faulty", model=model),
            "server_error": litellm.InternalServerError("500 internal", llm_provider="faulty", model=model),
            "connection": litellm.APIConnectionError("connection reset", llm_provider="faulty", model=model),
            "auth": litellm.AuthenticationError("invalid api key", llm_provider="faulty", model=model),
            "bad_request": litellm.BadRequestError("context too long", llm_provider="faulty", model=model),
        }
        if behaviour in errors:
            raise errors[behaviour]
        assert behaviour.startswith("text:"), behaviour
        text = behaviour[len("text:") :]
        # Usage differs per request so that a double count or a missed attempt changes the totals.
        n = len(self.requests)
        usage = (100 + n, 7 + n % 5)
        self.reported.append(usage)
        response = kwargs.get("model_response") or args[2]
        response.model = f"faulty/{model}"
        response.choices[0].message.content = text
        response.usage = litellm.Usage(prompt_tokens=usage[0], completion_tokens=usage[1], total_tokens=sum(usage))
        return response


def install_faulty() -> FaultyProvider:
    """Register a fresh fault-injecting provider as ``faulty/...`` and return it."""
    provider = FaultyProvider()
    register_provider("faulty", provider)
    return provider


class HashEmbedder:
    """Deterministic bag-of-words embedder for simulation tests (no model load)."""

    name = "hash-embedder"
    dim = 64

    def embed(self, texts):
        import hashlib

        import numpy as np

        rows = []
        for text in texts:
            v = np.zeros(self.dim, dtype=np.float32)
            for word in text.lower().split():
                v[int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dim] += 1.0
            v += 0.01
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows) if rows else np.zeros((0, self.dim), dtype=np.float32)
