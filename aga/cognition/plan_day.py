"""Planning a day: wake-up hour, the plan in broad strokes, the hour-by-hour schedule.

On every day after the first, the identity is revised first (Park et al.'s new-day step: a plan note,
feelings, a new "currently" and a new daily requirement, from two retrievals). The hourly schedule is
asked hour by hour for every waking hour, as in the original; hours before waking are sleeping. With
``Runtime.one_call_schedule`` (the Lifestyle Policy modes, as in the AGA reference code) the whole
schedule comes from one call that answers blocks with start and end times.
"""

from __future__ import annotations

import re
from datetime import timedelta

from aga.agents import Agent
from aga.cognition.answers import DailyPlan, DaySchedule, HourActivity, ScheduleBlock, Text, WakeUp
from aga.cognition.common import Runtime, fmt_date, fmt_minute, identity, task
from aga.cognition.repair import clock_minutes, coherent_day, compress, hours_of_blocks
from aga.cognition.scripted import bed_hour_of, wake_hour_of
from aga.memory import MemoryKind


def _wake_failsafe(context: dict) -> WakeUp:
    return WakeUp(hour=int(context["_wake_default"]))


def _daily_failsafe(context: dict) -> DailyPlan:
    return DailyPlan(
        items=[
            f"wake up and complete the morning routine at {context['wake_hour']}:00 am",
            str(context["requirement"]),
            "go to bed at 11:00 pm",
        ]
    )


def _clip_wake(value: WakeUp, context: dict) -> WakeUp:
    # A wake-up at midnight or in the afternoon is a model error (the 1.5B model answers 12 for "6 am").
    return value if 4 <= value.hour <= 11 else WakeUp(hour=int(context["_wake_default"]))


def _tidy_plan(value: DailyPlan, context: dict) -> DailyPlan:
    items = [i.strip() for i in value.items if i and i.strip()]
    return DailyPlan(items=items[:10]) if items != value.items else value


def _schedule_failsafe(context: dict) -> DaySchedule:
    """Blocks from the timed items of the day plan, each lasting until the next one."""
    timed = sorted(context["_plan_hours"]) or [(int(context["_wake_hour"]), "going about the day")]
    blocks = []
    for i, (hour, item) in enumerate(timed):
        end = timed[i + 1][0] if i + 1 < len(timed) else 24
        text = _AT_TIME.sub("", item).strip() or item
        if end > hour:
            blocks.append(ScheduleBlock(activity=text, start=f"{hour:02d}:00", end=f"{end:02d}:00"))
    return DaySchedule(blocks=blocks or [ScheduleBlock(activity="going about the day", start="08:00", end="22:00")])


def _tidy_schedule(value: DaySchedule, context: dict) -> DaySchedule:
    # A block whose times are not clock times cannot be placed; with none left, the plan's own times do.
    kept = [b for b in value.blocks if clock_minutes(b.start) is not None and clock_minutes(b.end) is not None]
    if len(kept) == len(value.blocks):
        return value
    return DaySchedule(blocks=kept) if kept else _schedule_failsafe(context)


WAKE_UP = task("plan.wake_up", WakeUp, _wake_failsafe, max_tokens=16, temperature=0.2, repair=_clip_wake)
DAILY = task("plan.daily", DailyPlan, _daily_failsafe, max_tokens=300, repair=_tidy_plan)
SCHEDULE = task("plan.schedule", DaySchedule, _schedule_failsafe, max_tokens=600, repair=_tidy_schedule)
HOURLY = task("plan.hourly", HourActivity, lambda ctx: HourActivity(activity=ctx["_failsafe"]), max_tokens=40)
REVISE_NOTE = task("plan.revise_note", Text, Text(text="Nothing in particular to remember."), max_tokens=200)
REVISE_FEELINGS = task("plan.revise_feelings", Text, Text(text="I feel fine about my days."), max_tokens=200)
REVISE_CURRENTLY = task("plan.revise_currently", Text, lambda ctx: Text(text=ctx["currently"]), max_tokens=250)
REVISE_REQUIREMENT = task("plan.revise_requirement", Text, lambda ctx: Text(text=ctx["requirement"]), max_tokens=200)

_TIME = re.compile(r"(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)", re.IGNORECASE)
_AT_TIME = re.compile(r"\s*\b(?:at|from|around|by|until)?\s*\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)", re.IGNORECASE)


def plan_hours(items: list[str]) -> list[tuple[int, str]]:
    """(hour, item) for the plan items that name a time."""
    out = []
    for item in items:
        m = _TIME.search(item)
        if m:
            hour = int(m.group(1)) % 12 + (12 if m.group(3).lower().startswith("p") else 0)
            out.append((hour, item))
    return out


def plan_new_day(rt: Runtime, agent: Agent) -> None:
    """Plan the day that starts now: revise identity (after day one), wake-up, plan, hourly schedule."""
    now = rt.now
    state = agent.state
    if state.day is not None:
        revise_identity(rt, agent)
    base = {
        "identity": identity(agent, now),
        "name": agent.name,
        "date": fmt_date(now),
        "lifestyle": agent.persona.lifestyle,
        "requirement": state.daily_plan_requirement,
    }
    wake = rt.call(WAKE_UP, agent, {**base, "_wake_default": wake_hour_of(agent.persona.lifestyle)}).hour
    inspiration = "" if not state.daily_plan else f"Yesterday's plan: {'; '.join(state.daily_plan)}"
    items = rt.call(DAILY, agent, {**base, "wake_hour": wake, "_wake_hour": wake, "inspiration": inspiration}).items
    hours = plan_hours(items)
    schedule_context = {
        **base,
        "daily_plan": "; ".join(items),
        "_wake_hour": wake,
        "_lifestyle": agent.persona.lifestyle,
        "_plan_hours": hours,
    }
    if rt.one_call_schedule:
        hourly = _schedule_in_one_call(rt, agent, {**schedule_context, "wake_hour": wake})
    else:
        hourly = _schedule_hour_by_hour(rt, agent, schedule_context, wake)
    hourly = coherent_day(hourly, wake, bed_hour_of(agent.persona.lifestyle))
    state.day = now.date()
    state.wake_hour = wake
    state.daily_plan = items
    state.schedule = compress(hourly)
    text = f"This is {agent.name}'s plan for {fmt_date(now)}: {'; '.join(items)}."
    rt.memory.add(
        agent.name,
        MemoryKind.PLAN,
        (agent.name, "plan", fmt_date(now)),
        text,
        5,
        now,
        step=rt.step,
        expiration=now + timedelta(days=30),
    )
    rt.timeline.add(rt.step, now, agent.name, "plan", text, schedule=[(s.task, s.minutes) for s in state.schedule])


def _schedule_in_one_call(rt: Runtime, agent: Agent, context: dict) -> list[str]:
    """The hourly activities from one call that answers the whole day as timed blocks."""
    blocks = rt.call(SCHEDULE, agent, context).blocks
    timed = [(b.activity, clock_minutes(b.start), clock_minutes(b.end)) for b in blocks]
    return hours_of_blocks([(a, s, e) for a, s, e in timed if s is not None and e is not None], context["_wake_hour"])


def _schedule_hour_by_hour(rt: Runtime, agent: Agent, context: dict, wake: int) -> list[str]:
    """The original loop: one call per waking hour, each seeing the hours already planned."""
    now = rt.now
    hourly: list[str] = []
    for hour in range(24):
        if hour < wake:
            hourly.append("sleeping")
            continue
        previous = "\n".join(f"[{fmt_date(now)} -- {fmt_minute(h * 60)}] Activity: {a}" for h, a in enumerate(hourly))
        hour_context = {
            **context,
            "previous": previous,
            "hour": fmt_minute(hour * 60),
            "_hour": hour,
            "_failsafe": hourly[-1] if hourly and hourly[-1] != "sleeping" else "going about the day",
        }
        hourly.append(rt.call(HOURLY, agent, hour_context).activity)
    return hourly


def revise_identity(rt: Runtime, agent: Agent) -> None:
    """The new-day revision of Park et al.: note, feelings, new currently, new daily requirement."""
    now = rt.now
    yesterday = now - timedelta(days=1)
    focal = [f"{agent.name}'s plan for {fmt_date(now)}.", f"Important recent events for {agent.name}'s life."]
    retrieved = rt.memory.retrieve(agent.name, focal, now, rt.weights)
    statements = [s.node.description for scored in retrieved.values() for s in scored]
    base = {
        "identity": identity(agent, now),
        "name": agent.name,
        "date": fmt_date(now),
        "statements": "\n".join(statements),
        "_statements": statements[:20],
        "currently": agent.state.currently,
        "requirement": agent.state.daily_plan_requirement,
    }
    note = rt.call(REVISE_NOTE, agent, base).text
    feelings = rt.call(REVISE_FEELINGS, agent, base).text
    thoughts = f"{note} {feelings}"
    currently = rt.call(REVISE_CURRENTLY, agent, {**base, "yesterday": fmt_date(yesterday), "thoughts": thoughts}).text
    agent.state.currently = currently
    base["identity"] = identity(agent, now)
    agent.state.daily_plan_requirement = rt.call(REVISE_REQUIREMENT, agent, base).text
    rt.memory.add(
        agent.name,
        MemoryKind.PLAN,
        (agent.name, "plan", fmt_date(now)),
        thoughts,
        5,
        now,
        step=rt.step,
        expiration=now + timedelta(days=30),
    )
