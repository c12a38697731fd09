"""The memory stream: nodes in SQL, embeddings in chromadb, retrieval by recency/importance/relevance."""

from aga.memory.nodes import MemoryKind, MemoryNode
from aga.memory.stream import MemoryStream, RetrievalWeights, Scored
from aga.memory.vectors import VectorIndex

__all__ = ["MemoryKind", "MemoryNode", "MemoryStream", "RetrievalWeights", "Scored", "VectorIndex"]
