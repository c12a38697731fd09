"""Text embeddings: the embedder interface, the bundled MiniLM model and a persistent cache."""

from aga.embeddings.base import Embedder
from aga.embeddings.cache import CachedEmbedder, EmbeddingCache

__all__ = ["CachedEmbedder", "Embedder", "EmbeddingCache"]
