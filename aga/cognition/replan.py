"""Re-plan around an inserted activity: re-decompose the next hours of a schedule so they contain it.

Both a reaction (waiting for someone, :mod:`aga.cognition.react`) and a conversation
(:mod:`aga.cognition.converse`) insert an activity into the schedule; this module is what they share,
so that neither imports the other for it. The task keeps its name ``react.replan`` (its template, its
ledger rows and the simulator's answer go by that name).
"""

from __future__ import annotations

from dataclasses import dataclass

from aga.agents import Agent, ScheduleItem
from aga.cognition.answers import Schedule, ScheduleEntry
from aga.cognition.common import Runtime, fmt_minute, identity, task
from aga.cognition.repair import rescale, splice


@dataclass(frozen=True)
class WindowFacts:
    """The schedule window being re-planned: what was done before now and what was left after the
    inserted activity, as (activity, minutes)."""

    before: tuple[tuple[str, int], ...]
    after: tuple[tuple[str, int], ...]


def _replan_failsafe(context: dict, facts: WindowFacts) -> Schedule:
    items = splice(
        list(facts.before),
        context["inserted"],
        int(context["inserted_minutes"]),
        list(facts.after),
        int(context["total_minutes"]),
    )
    return Schedule(items=[ScheduleEntry(subtask=t, minutes=m) for t, m in items])


def _fit_window(value: Schedule, context: dict, facts: WindowFacts) -> Schedule:
    total = int(context["total_minutes"])
    minutes = rescale([i.minutes for i in value.items], total)
    fixed = [ScheduleEntry(subtask=i.subtask, minutes=m) for i, m in zip(value.items, minutes, strict=True) if m > 0]
    return value if fixed == value.items else Schedule(items=fixed)


REPLAN = task("react.replan", Schedule, _replan_failsafe, max_tokens=700, repair=_fit_window)


def insert_activity(rt: Runtime, agent: Agent, inserted: str, minutes: int) -> None:
    """Re-decompose the schedule window around now so that it contains ``inserted`` (one LLM call)."""
    state = agent.state
    now = rt.now
    minute = now.hour * 60 + now.minute
    index, start = state.schedule_index(now)
    last, end = index, start + state.schedule[index].minutes
    needed = min(24 * 60, minute + minutes + 60)
    while end < needed and last + 1 < len(state.schedule):
        last += 1
        end += state.schedule[last].minutes
    window = state.schedule[index : last + 1]
    before = [(window[0].task, minute - start)] if minute > start else []
    after: list[tuple[str, int]] = []
    clock = start
    for item in window:
        item_end = clock + item.minutes
        resume = max(clock, minute + minutes)
        if item_end > resume:
            after.append((item.task, item_end - resume))
        clock = item_end
    total = end - start
    original = "\n".join(
        f"{fmt_minute(start + sum(w.minutes for w in window[:i]))} ~ "
        f"{fmt_minute(start + sum(w.minutes for w in window[: i + 1]))} -- {w.task}"
        for i, w in enumerate(window)
    )
    context = {
        "identity": identity(agent, now),
        "name": agent.name,
        "start": fmt_minute(start),
        "end": fmt_minute(end),
        "original": original,
        "inserted": inserted,
        "inserted_minutes": minutes,
        "now": fmt_minute(minute),
        "total_minutes": total,
    }
    items = rt.call(REPLAN, agent, context, facts=WindowFacts(tuple(before), tuple(after))).items
    state.schedule[index : last + 1] = [ScheduleItem(i.subtask, i.minutes, decomposed=True) for i in items]
