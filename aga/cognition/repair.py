"""Deterministic repairs that turn a weak model's answers into something coherent before use.

Measured on the 1.5B local model: decompositions do not sum to their block, day plans start at noon,
places are named that do not exist. Each repair here is pure and small; the gateway counts a call as
repaired in the ledger whenever one of them changed the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from aga.agents.state import ScheduleItem, is_sleep


def rescale(minutes: Sequence[int], total: int) -> list[int]:
    """Integer minutes proportional to ``minutes`` that add up to ``total`` (largest remainder).

    Every part keeps at least one minute while ``total`` allows it.
    """
    if not minutes:
        return []
    if total <= 0:
        return [0] * len(minutes)
    weights = [max(1, int(m)) for m in minutes]
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
    """Hourly activities with the night asleep: sleeping before waking and from bedtime on.

    ``bed_hour`` may be past midnight (for example 2 for "goes to sleep around 2 am"), in which case the
    evening is left as planned and the early hours before waking are asleep anyway.
    """
    fixed = []
    for hour, activity in enumerate(hourly):
        asleep = hour < wake_hour or (wake_hour < bed_hour <= hour)
        if asleep:
            fixed.append("sleeping")
        elif is_sleep(activity):
            # A nap in the middle of the day is fine; "sleeping" right after waking is a model error.
            fixed.append(activity if hour >= bed_hour - 1 else "resting at home")
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
) -> list[tuple[str, int]]:
    """A window of schedule with ``inserted`` put in after ``before``, the rest cut to fit ``total``."""
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
    return [(t, m) for t, m in items if m > 0]
