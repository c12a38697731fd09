"""The hours of a persona's routine, read from the lifestyle sentence of the scenario.

A scenario states sleep in words ("goes to sleep around 11 pm and gets up around 6 am"; a night
nurse's "goes to sleep around 8 am and gets up around 4 pm"). The runtime reads those hours the same
way for every model: for fail-safes, for the repairs that keep the night asleep, and for the bedtime
a schedule is cut at. The day is circular: sleep is the span from bedtime to waking, wherever
midnight falls in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

DEFAULT_WAKE = 7
DEFAULT_BED = 23

_WAKE_VERBS = ("gets up", "get up", "wakes up", "wake up", "awakes", "awake", "rises")
_BED_VERBS = ("goes to sleep", "go to sleep", "goes to bed", "go to bed", "sleeps", "bed")


def hour_in(text: str, verbs: Sequence[str]) -> int | None:
    """The hour (0-23) that follows one of ``verbs`` in ``text`` ("gets up around 6 am" -> 6), if any."""
    pattern = r"(?:" + "|".join(re.escape(v) for v in verbs) + r")\D{0,20}?(\d{1,2})(?::\d\d)?\s*(am|pm|a\.m\.|p\.m\.)?"
    m = re.search(pattern, text.lower())
    if not m:
        return None
    hour = int(m.group(1)) % 12 if m.group(2) else int(m.group(1))
    if m.group(2) and m.group(2).startswith("p"):
        hour += 12
    return hour % 24


def stated_wake_hour(lifestyle: str) -> int | None:
    """The hour the lifestyle says the persona gets up, or None when it does not say."""
    return hour_in(lifestyle, _WAKE_VERBS)


def wake_hour_of(lifestyle: str) -> int:
    """The hour the lifestyle says the persona gets up (7 when it does not say)."""
    hour = stated_wake_hour(lifestyle)
    return hour if hour is not None else DEFAULT_WAKE


def bed_hour_of(lifestyle: str) -> int:
    """The hour the lifestyle says the persona goes to bed (23 when it does not say)."""
    hour = hour_in(lifestyle, _BED_VERBS)
    return hour if hour is not None else DEFAULT_BED


NIGHT_OWL = 6  # a bedtime before 6 am is a late night; from 6 am on, it is a day sleeper's


def asleep_at(hour: int, wake: int, bed: int) -> bool:
    """Whether the persona is asleep at ``hour`` of a day that starts at midnight.

    As in the original, a day starts asleep and ends at bedtime: someone who goes to bed at 2 am is
    asleep from midnight to waking (the small hours belong to the day before). A day sleeper (a night
    nurse in bed from 8 am to 4 pm) is awake from midnight to bedtime, asleep until waking, and
    awake again until midnight.
    """
    if bed == wake:
        return False
    if bed > wake:  # 11 pm to 7 am
        return hour >= bed or hour < wake
    if bed < NIGHT_OWL:  # 2 am to 9 am: the day starts asleep
        return hour < wake
    return bed <= hour < wake  # a day sleeper


_TIME = re.compile(r"(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)", re.IGNORECASE)
_AT_TIME = re.compile(
    r"\s*\b(?:at|from|around|by|until|till)?\s*\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)", re.IGNORECASE
)


def timed_items(items: Sequence[str]) -> list[tuple[int, str]]:
    """(hour, item) for the plan items that name a clock time ("have lunch at 12:00 pm" -> 12)."""
    out = []
    for item in items:
        m = _TIME.search(item)
        if m:
            out.append((int(m.group(1)) % 12 + (12 if m.group(3).lower().startswith("p") else 0), item))
    return out


def without_time(item: str) -> str:
    """'have lunch at 12:00 pm' -> 'have lunch'."""
    return _AT_TIME.sub("", item).strip(" ,;.")


def clock_hour(hour: int) -> str:
    """'6:00 am', '4:00 pm' for an hour of the day."""
    h = hour % 24
    return f"{(h % 12) or 12}:00 {'am' if h < 12 else 'pm'}"
