"""The embedder interface.

``policy_store`` and ``social_memory`` declare the same small protocol themselves (they never import
aga); any object with ``name``, ``dim`` and ``embed`` satisfies all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length vectors (so that cosine similarity is a dot product)."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return an array of shape ``(len(texts), dim)``, float32, rows of unit length."""
        ...
