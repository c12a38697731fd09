"""Network measures of a closeness matrix: how connected a town is, and what changed between two days."""

from __future__ import annotations

from collections.abc import Sequence


def density(matrix: Sequence[Sequence[int]], threshold: int = 3) -> float:
    """Share of ordered pairs (i != j) whose closeness is at least ``threshold`` (3: acquaintances)."""
    n = len(matrix)
    if n < 2:
        return 0.0
    edges = sum(1 for i in range(n) for j in range(n) if i != j and matrix[i][j] >= threshold)
    return edges / (n * (n - 1))


def mean_closeness(matrix: Sequence[Sequence[int]]) -> float:
    """Mean closeness over ordered pairs (i != j)."""
    n = len(matrix)
    if n < 2:
        return 0.0
    return sum(matrix[i][j] for i in range(n) for j in range(n) if i != j) / (n * (n - 1))


def changed_pairs(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]]) -> int:
    """Ordered pairs whose closeness differs between two matrices of the same agents."""
    return sum(1 for i, row in enumerate(after) for j, value in enumerate(row) if i != j and value != before[i][j])


def measures(
    matrix: Sequence[Sequence[int]], previous: Sequence[Sequence[int]] | None = None, threshold: int = 3
) -> dict[str, float]:
    """Density, mean closeness and (given the previous day's matrix) the pairs that changed."""
    out = {"density": density(matrix, threshold), "mean_closeness": mean_closeness(matrix)}
    if previous is not None:
        out["changed_pairs"] = float(changed_pairs(previous, matrix))
    return out
