"""How a store decides: scope, similarity thresholds per kind, size bounds, condition derivation."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from policy_store.conditions import band_around, window_around
from policy_store.model import ACTION, IMPORTANCE, PLAN, Condition, Requirement

# Measured with all-MiniLM-L6-v2 (tests/test_policy_threshold.py pins the pairs): paraphrases of one
# activity score 0.85-0.98 ("studying for her physics exam" / "reviewing notes for her physics exam"
# 0.90), different activities 0.35-0.75 ("having lunch" / "having dinner" 0.73, "reading a book" /
# "writing a book" 0.71). The reference code's 0.97 was tuned for OpenAI embeddings and would make
# MiniLM miss nearly every paraphrase.
DEFAULT_THRESHOLDS: Mapping[str, float] = {PLAN: 0.88, ACTION: 0.88, IMPORTANCE: 0.90}
# A plan is reused around the time of day it was learned (a morning routine is not an evening one);
# an action's place does not depend much on the hour, ratings not at all.
DEFAULT_WINDOWS: Mapping[str, int | None] = {PLAN: 180, ACTION: 360, IMPORTANCE: None}
DEFAULT_BANDS: Mapping[str, float] = {PLAN: 2.0}


@dataclass(frozen=True)
class StoreConfig:
    """Knobs of a :class:`~policy_store.store.PolicyStore` (none of them is stored in it)."""

    scope: Literal["agent", "shared"] = "agent"
    thresholds: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_THRESHOLDS))
    default_threshold: float = 0.90
    candidates: int = 8  # nearest policies fetched per lookup before conditions are checked
    max_policies: int = 10_000  # per kind; the least recently used are evicted beyond it
    max_variants: int = 4  # per policy; the least used variant goes first
    merge_similarity: float = 0.97  # a new decision this close to a stored one joins it as a variant
    windows: Mapping[str, int | None] = field(default_factory=lambda: dict(DEFAULT_WINDOWS))
    bands: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_BANDS))
    bypass: bool = False  # look nothing up, write nothing: every decision goes to the LLM
    # Kinds the store serves (None: every kind); a lookup of another kind is bypassed, a write ignored.
    # Lets one mechanism be switched off (the importance cache, which neither paper has) without a
    # second store.
    kinds: frozenset[str] | None = None
    # Kinds reused only on the same text (case and spacing aside), never by similarity: the AGA
    # reference code reuses an action only on an exact text match.
    exact: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        # Checked here, once: a bad knob would otherwise show up hours later as a store that never
        # reuses anything, or reuses everything.
        for kind, value in self.thresholds.items():
            _similarity(value, f"threshold for '{kind}'")
        _similarity(self.default_threshold, "default_threshold")
        _similarity(self.merge_similarity, "merge_similarity")
        if self.scope not in ("agent", "shared"):
            raise ValueError(f"scope '{self.scope}': use 'agent' or 'shared'")
        for name in ("max_policies", "max_variants", "candidates"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} is {value!r}; give a whole number, at least 1")
        for kind, tolerance in self.windows.items():
            whole = isinstance(tolerance, int) and not isinstance(tolerance, bool)
            if tolerance is not None and (not whole or tolerance < 0):
                raise ValueError(
                    f"window for '{kind}' is {tolerance!r}; give minutes either side (a whole number, 0 or more) "
                    "or None for any time of day"
                )
        for kind, factor in self.bands.items():
            if not _is_number(factor) or not (factor == 0 or factor >= 1):
                raise ValueError(
                    f"band for '{kind}' is {factor!r}; give a factor of at least 1 (2 reuses a 60-minute plan "
                    "for 30 to 120 minutes) or 0 for any duration"
                )
        for name in ("kinds", "exact"):
            value = getattr(self, name)
            if value is None and name == "kinds":
                continue
            if isinstance(value, str) or not all(isinstance(k, str) for k in value):
                raise ValueError(f"{name} is {value!r}; give a set of kind names, e.g. frozenset({{'plan'}})")
            # A list or set given by a host is kept as a frozenset, so the config stays hashable and frozen.
            object.__setattr__(self, name, frozenset(value))

    def serves(self, kind: str) -> bool:
        """Whether decisions of ``kind`` are looked up and stored (when the store is not bypassed)."""
        return self.kinds is None or kind in self.kinds

    def threshold(self, kind: str) -> float:
        """The similarity a stored decision of ``kind`` needs to be a candidate."""
        return self.thresholds.get(kind, self.default_threshold)

    def condition(
        self,
        kind: str,
        requires: Sequence[Requirement] = (),
        *,
        minute_of_day: int | None = None,
        minutes: int | None = None,
    ) -> Condition:
        """The condition for a decision of ``kind`` taken at ``minute_of_day`` for ``minutes``."""
        tolerance = self.windows.get(kind)
        window = (
            window_around(minute_of_day, tolerance) if tolerance is not None and minute_of_day is not None else None
        )
        factor = self.bands.get(kind, 0.0)
        band = band_around(minutes, factor) if minutes else None
        # Sorted and deduplicated so that the same needs always make the same condition.
        unique = tuple(sorted(set(requires), key=lambda r: (r.kind, r.target)))
        return Condition(requires=unique, window=window, minutes=band)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _similarity(value: object, what: str) -> None:
    if not _is_number(value) or not 0.0 < value <= 1.0:  # type: ignore[operator]
        raise ValueError(f"{what} is {value!r}; use a cosine similarity in (0, 1]")


def parse_thresholds(items: Sequence[str]) -> dict[str, float]:
    """``["plan=0.9", "action=0.85"]`` -> dict, with an error naming the bad item."""
    out = dict(DEFAULT_THRESHOLDS)
    for item in items:
        kind, sep, value = item.partition("=")
        try:
            if not sep or not kind.strip():
                raise ValueError
            out[kind.strip()] = float(value)
        except ValueError:
            raise ValueError(f"threshold '{item}': write KIND=VALUE, for example plan=0.9") from None
    return out
