"""The default thresholds against the real MiniLM embedder: paraphrases hit, other activities miss."""

from __future__ import annotations

import pytest

from policy_store import DEFAULT_THRESHOLDS

SAME = [  # (kind, a, b): one decision in other words
    ("plan", "work on the research paper about gentrification", "focus on the research paper about gentrification"),
    ("plan", "Maria Lopez is studying for her physics exam", "Maria Lopez is reviewing notes for her physics exam"),
    (
        "action",
        "opening Hobbs Cafe for the day (unlocking the front door)",
        "opening Hobbs Cafe for the day (unlock the door)",
    ),
    ("importance", "cafe counter is being used", "cafe counter is in use"),
]
DIFFERENT = [  # (kind, a, b): different decisions that share words
    ("plan", "having lunch", "having dinner"),
    ("plan", "reading a book", "writing a book"),
    ("action", "take a shower", "take a walk"),
    ("importance", "Isabella Rodriguez is having breakfast", "Klaus Mueller is having breakfast"),
]


@pytest.fixture(scope="module")
def embedder():
    from aga.embeddings.minilm import MiniLMEmbedder

    return MiniLMEmbedder()


@pytest.mark.embedding_model
@pytest.mark.parametrize(("kind", "a", "b"), SAME)
def test_paraphrase_clears_the_threshold(embedder, kind: str, a: str, b: str):
    va, vb = embedder.embed([a, b])
    assert float(va @ vb) >= DEFAULT_THRESHOLDS[kind]


@pytest.mark.embedding_model
@pytest.mark.parametrize(("kind", "a", "b"), DIFFERENT)
def test_different_activity_stays_below(embedder, kind: str, a: str, b: str):
    va, vb = embedder.embed([a, b])
    assert float(va @ vb) < DEFAULT_THRESHOLDS[kind]
