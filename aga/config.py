"""Where aga keeps things on disk, overridable through the environment.

Model files and the embedding cache are shared by every run and every clone of the project, so they
live in a user cache directory rather than in the work tree (a fresh clone must not re-assemble a
1 GB model). Runs live in ``./runs`` by default, next to where the user works.
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "AGA_CACHE_DIR"
RUNS_ENV = "AGA_RUNS_DIR"
POLICIES_ENV = "AGA_POLICIES_DIR"


def cache_dir() -> Path:
    """Directory for model files, the embedding cache and measured model speeds."""
    raw = os.environ.get(CACHE_ENV)
    path = Path(raw) if raw else Path.home() / ".cache" / "aga"
    path.mkdir(parents=True, exist_ok=True)
    return path


def models_dir() -> Path:
    """Directory holding assembled GGUF files of the embedded local models."""
    path = cache_dir() / "models"
    path.mkdir(parents=True, exist_ok=True)
    return path


def runs_dir() -> Path:
    """Directory holding one folder per run (``runs/<run-id>/``)."""
    return Path(os.environ.get(RUNS_ENV, "runs"))


def policies_dir() -> Path:
    """Directory of the shared Lifestyle Policy stores (``runs/policies`` unless told otherwise)."""
    raw = os.environ.get(POLICIES_ENV)
    return Path(raw) if raw else runs_dir() / "policies"


THREADS_ENV = "AGA_LLM_THREADS"


def llm_threads() -> int:
    """CPU threads of the embedded local model (prompt evaluation and generation): every core unless
    ``AGA_LLM_THREADS`` says fewer.

    llama.cpp's threads spin while they wait for each other, so on a machine already busy with another
    job a model given every core runs slower than one given the cores that are free.
    """
    raw = os.environ.get(THREADS_ENV, "").strip()
    if raw:
        if not raw.isdigit() or int(raw) < 1:
            raise ValueError(f"{THREADS_ENV}={raw!r}: give a whole number of threads, at least 1")
        return int(raw)
    return max(1, os.cpu_count() or 1)
