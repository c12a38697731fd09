"""Similarity by meaning: the simulator's only knowledge of the world beyond the prompt.

A model picks "the quay" for "walking along the water" because it knows what the words mean. The
simulator does the same with all-MiniLM-L6-v2 (the bundled embedder, cached on disk), so it works for
any town whose places and objects the prompt lists, with no table of place names.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from aga.embeddings.base import Embedder

_embedder: Embedder | None = None
_loading = threading.Lock()  # concurrent calls must not each load a model


def use_embedder(embedder: Embedder | None) -> None:
    """Answer with ``embedder`` from now on (None: the bundled MiniLM model, loaded when first needed)."""
    global _embedder
    _embedder = embedder
    _vectors.cache_clear()


def embedder() -> Embedder:
    """The embedder in use (the cached MiniLM model unless :func:`use_embedder` set another)."""
    with _loading:
        return _embedder or _load()


def _load() -> Embedder:
    global _embedder
    if _embedder is None:
        from aga.config import cache_dir
        from aga.embeddings.cache import open_cached
        from aga.embeddings.minilm import MiniLMEmbedder

        _embedder = open_cached(MiniLMEmbedder(), cache_dir() / "embeddings.db")
    return _embedder


@lru_cache(maxsize=8192)
def _vectors(texts: tuple[str, ...]) -> np.ndarray:
    # The same option lists and anchor phrases come back all day; a process-level cache spares the
    # disk cache's round trip.
    return np.asarray(embedder().embed(list(texts)), dtype=np.float32)


def similarities(text: str, options: Sequence[str]) -> np.ndarray:
    """Cosine similarity of ``text`` to each option (vectors are unit length)."""
    if not options:
        return np.zeros(0, dtype=np.float32)
    query = _vectors((text,))[0]
    return _vectors(tuple(options)) @ query


def closest(text: str, options: Sequence[str]) -> tuple[int, float]:
    """Index and similarity of the option closest to ``text`` in meaning."""
    scores = similarities(text, options)
    best = int(np.argmax(scores))
    return best, float(scores[best])
