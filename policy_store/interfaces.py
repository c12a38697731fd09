"""What the library needs from its host, as small protocols.

The store never knows the town (or the house, or the game level): it asks the host's embedder for
vectors and the host's checker whether a requirement holds right now. Any object with these methods
fits; nothing has to inherit from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

if TYPE_CHECKING:
    from policy_store.model import Requirement


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors (cosine similarity is then a dot product)."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Array of shape ``(len(texts), dim)``."""
        ...


@runtime_checkable
class ConditionChecker(Protocol):
    """The host's view of its environment at the moment of a lookup."""

    def unmet(self, requirement: Requirement) -> str | None:
        """Why ``requirement`` does not hold now (a short phrase), or None when it holds."""
        ...


class AlwaysHolds:
    """A checker for decisions with no environment (ratings, labels): every requirement holds."""

    def unmet(self, requirement: Requirement) -> str | None:
        """Nothing is ever unmet."""
        return None
