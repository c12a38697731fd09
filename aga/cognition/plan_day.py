"""Planning a day: wake-up hour, the plan in broad strokes, the hour-by-hour schedule.

On every day after the first, the identity is revised first (Park et al.'s new-day step: a plan note,
feelings, a new "currently" and a new daily requirement, from two retrievals). The hourly schedule is
asked hour by hour for every waking hour, as in the original; hours before waking are sleeping.
"""

from __future__ import annotations

import re
from datetime import timedelta

from aga.agents import Agent
from aga.cognition.answers import DailyPlan, HourActivity, Text, WakeUp
from aga.cognition.common import Runtime, fmt_date, fmt_minute, identity, task
from aga.cognition.repair import coherent_day, compress
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


WAKE_UP = task("plan.wake_up", WakeUp, _wake_failsafe, max_tokens=16, temperature=0.2, repair=_clip_wake)
DAILY = task("plan.daily", DailyPlan, _daily_failsafe, max_tokens=300, repair=_tidy_plan)
HOURLY = task("plan.hourly", HourActivity, lambda ctx: HourActivity(activity=ctx["_failsafe"]), max_tokens=40)
REVISE_NOTE = task("plan.revise_note", Text, Text(text="Nothing in particular to remember."), max_tokens=200)
REVISE_FEELINGS = task("plan.revise_feelings", Text, Text(text="I feel fine about my days."), max_tokens=200)
REVISE_CURRENTLY = task("plan.revise_currently", Text, lambda ctx: Text(text=ctx["currently"]), max_tokens=250)
REVISE_REQUIREMENT = task("plan.revise_requirement", Text, lambda ctx: Text(text=ctx["requirement"]), max_tokens=200)

_TIME = re.compile(r"(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)", re.IGNORECASE)


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
    hourly: list[str] = []
    for hour in range(24):
        if hour < wake:
            hourly.append("sleeping")
            continue
        previous = "\n".join(f"[{fmt_date(now)} -- {fmt_minute(h * 60)}] Activity: {a}" for h, a in enumerate(hourly))
        context = {
            **base,
            "daily_plan": "; ".join(items),
            "previous": previous,
            "hour": fmt_minute(hour * 60),
            "_hour": hour,
            "_wake_hour": wake,
            "_lifestyle": agent.persona.lifestyle,
            "_plan_hours": hours,
            "_failsafe": hourly[-1] if hourly and hourly[-1] != "sleeping" else "going about the day",
        }
        hourly.append(rt.call(HOURLY, agent, context).activity)
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
