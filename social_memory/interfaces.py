"""What Social Memory needs from its host: two LLM-backed callables and a token counter.

The library never calls an LLM itself. A host passes, per update, a *summariser* (fold new memories
into the summary events) and an *assessor* (re-judge the relationship after a dialogue). Either may
return None when the model failed or answered nonsense: the previous values are then kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from social_memory.model import Relation, RelationUpdate


class Summariser(Protocol):
    """Fold ``new_events`` into the relation's summary; the new summary, or None to keep the old one."""

    def __call__(self, relation: Relation, new_events: Sequence[str], budget_tokens: int) -> str | None: ...


class Assessor(Protocol):
    """Re-judge the relation after ``dialogue`` (speaker, line); None keeps the previous values."""

    def __call__(self, relation: Relation, dialogue: Sequence[tuple[str, str]]) -> RelationUpdate | None: ...


class TokenCounter(Protocol):
    """Tokens in a text, as the host's model counts them."""

    def __call__(self, text: str) -> int: ...


def approximate_tokens(text: str) -> int:
    """About 4 characters per token, the usual rule of thumb for English (a host can pass its tokenizer)."""
    return (len(text) + 3) // 4
