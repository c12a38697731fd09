"""Integer durations that add up exactly: reused decompositions are rescaled to the time asked for."""

from __future__ import annotations

from collections.abc import Sequence


def rescale(minutes: Sequence[float], total: int) -> list[int]:
    """Integer minutes proportional to ``minutes`` that add up to ``total`` (largest remainder).

    Every part keeps at least one minute while ``total`` allows it. When ``total`` is smaller than the
    number of parts (a ten-step morning routine squeezed into eight minutes), the parts with the
    smallest remainders get zero, wherever they are in the routine; the sum is still ``total``, and
    parts at zero are the caller's to drop.
    """
    if not minutes:
        return []
    if total <= 0:
        return [0] * len(minutes)
    weights = [max(1.0, float(m)) for m in minutes]
    raw = [w * total / sum(weights) for w in weights]
    out = [int(r) for r in raw]
    # Each int() lost less than one minute, so fewer than len(out) minutes are left to hand out.
    for i in sorted(range(len(raw)), key=lambda i: raw[i] - out[i], reverse=True)[: total - sum(out)]:
        out[i] += 1
    if total >= len(out):
        for i in range(len(out)):
            while out[i] < 1:
                largest = max(range(len(out)), key=lambda k: out[k])
                out[largest] -= 1
                out[i] += 1
    return out
