"""Deterministic repairs that turn a weak model's answers into something coherent before use.

Measured on the 1.5B local model: decompositions do not sum to their block, day plans start at noon,
places are named that do not exist. Each repair here is pure and small; the gateway counts a call as
repaired in the ledger whenever one of them changed the answer.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence

import numpy as np

from aga.agents.state import ScheduleItem, is_sleep
from aga.routine import asleep_at
from policy_store import rescale

__all__ = ["clock_minutes", "coherent_day", "compress", "hours_of_blocks", "nearest", "rescale", "splice"]

_CLOCK = re.compile(r"^\s*(\d{1,2})(?:[:.h](\d\d))?\s*(am|pm|a\.m\.|p\.m\.)?\s*$", re.IGNORECASE)


def clock_minutes(text: str) -> int | None:
    """Minute of the day of a clock time ("07:30", "7:30 pm", "19h30", "24:00"); None if it is not one."""
    m = _CLOCK.match(text)
    if not m:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m.group(3).lower().startswith("p") else 0)
    if hour > 24 or minute > 59 or (hour == 24 and minute):
        return None
    return hour * 60 + minute


def hours_of_blocks(blocks: Sequence[tuple[str, int, int]], wake_hour: int) -> list[str]:
    """The 24 hourly activities of a schedule given as (activity, start minute, end minute) blocks.

    Each hour takes the block that overlaps it most; an hour no block touches continues the previous
    hour (a model often leaves a gap before bedtime), or is asleep before waking. Blocks ending
    "before" they start run past midnight, into the small hours of the same day (a night shift
    "22:00-06:00"); a block of no length ("12:00-12:00") is dropped, or it would run to midnight.
    ``coherent_day`` applies bedtime afterwards.
    """
    spans: list[tuple[str, int, int]] = []
    for a, s, e in blocks:
        if not a.strip() or e == s:
            continue
        spans.append((a, s, e if e > s else 1440))
        if e < s:
            spans.append((a, 0, e))
    hourly: list[str] = []
    for hour in range(24):
        lo, hi = hour * 60, hour * 60 + 60
        if hour < wake_hour and not any(min(hi, e) > max(lo, s) for _, s, e in spans if s < wake_hour * 60):
            hourly.append("sleeping")
            continue
        best, overlap = None, 0
        for activity, start, end in spans:
            shared = min(hi, end) - max(lo, start)
            if shared > overlap:
                best, overlap = activity, shared
        hourly.append(best or (hourly[-1] if hourly and hourly[-1] != "sleeping" else "resting at home"))
    return hourly


def compress(activities: Sequence[str]) -> list[ScheduleItem]:
    """Hour-by-hour activities merged into blocks of consecutive equal activities."""
    blocks: list[ScheduleItem] = []
    for activity in activities:
        text = activity.strip().rstrip(".") or "resting"
        if blocks and blocks[-1].task.lower() == text.lower():
            blocks[-1].minutes += 60
        else:
            blocks.append(ScheduleItem(text, 60))
    return blocks


def coherent_day(hourly: Sequence[str], wake_hour: int, bed_hour: int) -> list[str]:
    """Hourly activities with the night asleep: sleeping from bedtime to waking, and awake otherwise.

    ``bed_hour`` may be past midnight (2 for "goes to sleep around 2 am": the small hours before 2 are
    the evening before), or in the morning for a night worker (8 am to 4 pm asleep, the night awake).
    """
    fixed = []
    for hour, activity in enumerate(hourly):
        if asleep_at(hour, wake_hour, bed_hour):
            fixed.append("sleeping")
        elif is_sleep(activity):
            # A nap in the middle of the day is fine; "sleeping" right after waking is a model error.
            fixed.append(activity if (bed_hour - hour) % 24 <= 1 else "resting at home")
        else:
            fixed.append(activity)
    return fixed


def nearest(choice: str, options: Sequence[str], embed: Callable[[list[str]], np.ndarray]) -> str:
    """``choice`` if it is one of ``options`` (ignoring case), else the option closest by embedding."""
    if not options:
        return choice
    for option in options:
        if option.lower() == choice.strip().lower():
            return option
    for option in options:  # "the kitchen" for "kitchen", "Hobbs Cafe" for "Hobbs Cafe:cafe"
        if option.lower() in choice.lower() or choice.lower() in option.lower():
            return option
    vectors = embed([choice, *options])
    similarity = vectors[1:] @ vectors[0]
    return options[int(np.argmax(similarity))]


def splice(
    before: Sequence[tuple[str, int]],
    inserted: str,
    inserted_minutes: int,
    after: Sequence[tuple[str, int]],
    total: int,
    *,
    max_items: int = 40,
    max_chars: int = 200,
) -> list[tuple[str, int]]:
    """A window of schedule with ``inserted`` put in after ``before``, the rest cut to fit ``total``.

    The result must always be a valid answer (it is the fail-safe of a re-plan): texts are cut to
    ``max_chars`` (a wait is named after the awaited action, whose description can be long) and a
    window of more than ``max_items`` activities gives its extra minutes to the last one kept.
    """
    items = [(t, m) for t, m in before if m > 0]
    items.append((inserted, inserted_minutes))
    used = sum(m for _, m in items)
    for task, minutes in after:
        if used >= total:
            break
        take = min(minutes, total - used)
        items.append((task, take))
        used += take
    if used < total:
        items.append((after[-1][0] if after else inserted, total - used))
    kept = [(clip(t, max_chars), m) for t, m in items if m > 0]
    if len(kept) > max_items:
        extra = sum(m for _, m in kept[max_items:])
        last, minutes = kept[max_items - 1]
        kept = [*kept[: max_items - 1], (last, minutes + extra)]
    return kept


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a word boundary (unchanged when it fits)."""
    return text if len(text) <= limit else textwrap.shorten(text, limit, placeholder="...")
