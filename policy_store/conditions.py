"""Evaluating and merging execution conditions.

Time windows and duration bands are plain numbers the library checks itself; requirements on places
and objects go to the host's checker, which alone knows the environment.
"""

from __future__ import annotations

from policy_store.interfaces import ConditionChecker
from policy_store.model import Condition

DAY = 1440


def in_window(minute: int, window: tuple[int, int]) -> bool:
    """True when ``minute`` of the day lies in ``window`` (inclusive; a window may wrap past midnight)."""
    start, end = window
    minute %= DAY
    if start <= end:
        return start <= minute <= end
    return minute >= start or minute <= end


def window_around(minute: int, tolerance: int) -> tuple[int, int] | None:
    """The window ``minute`` ± ``tolerance`` (None, meaning any time, when it covers the whole day)."""
    if 2 * tolerance >= DAY - 1:
        return None
    return ((minute - tolerance) % DAY, (minute + tolerance) % DAY)


def _length(window: tuple[int, int]) -> int:
    return (window[1] - window[0]) % DAY


def cover(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None:
    """The shortest window containing both (None when either is "any time" or the union is the whole day)."""
    if a is None or b is None:
        return None
    from_a = max(_length(a), (b[0] - a[0]) % DAY + _length(b))
    from_b = max(_length(b), (a[0] - b[0]) % DAY + _length(a))
    start, length = (a[0], from_a) if from_a <= from_b else (b[0], from_b)
    if length >= DAY - 1:
        return None
    return (start, (start + length) % DAY)


def band_around(minutes: int, factor: float) -> tuple[int, int] | None:
    """Durations from ``minutes / factor`` to ``minutes * factor`` (None when factor is 0: any duration)."""
    if factor <= 0 or minutes <= 0:
        return None
    return (max(1, int(minutes / factor)), round(minutes * factor))


def merge(old: Condition, new: Condition) -> Condition | None:
    """One condition covering both, when they ask for the same things (else None: keep both)."""
    if not old.same_requirements(new):
        return None
    if old.minutes is None or new.minutes is None:
        band = None
    else:
        band = (min(old.minutes[0], new.minutes[0]), max(old.minutes[1], new.minutes[1]))
    return Condition(requires=old.requires, window=cover(old.window, new.window), minutes=band)


def unmet(
    condition: Condition, checker: ConditionChecker, *, minute_of_day: int | None, minutes: int | None
) -> list[str]:
    """Why ``condition`` does not hold now (empty when it holds). Cheap checks first, host checks last."""
    if condition.window is not None and minute_of_day is not None and not in_window(minute_of_day, condition.window):
        return [f"time {minute_of_day // 60:02d}:{minute_of_day % 60:02d} outside {_fmt(condition.window)}"]
    if condition.minutes is not None and minutes is not None:
        low, high = condition.minutes
        if not low <= minutes <= high:
            return [f"{minutes} min outside {low}-{high} min"]
    reasons = []
    for requirement in condition.requires:
        why = checker.unmet(requirement)
        if why:
            reasons.append(f"{requirement.target}: {why}")
    return reasons


def _fmt(window: tuple[int, int]) -> str:
    return "-".join(f"{m // 60:02d}:{m % 60:02d}" for m in window)
