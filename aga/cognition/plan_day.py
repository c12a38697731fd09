"""Planning a day: wake-up hour, the plan in broad strokes, the hour-by-hour schedule.

On every day after the first, the identity is revised first (Park et al.'s new-day step: a plan note,
feelings, a new "currently" and a new daily requirement, from two retrievals). The hourly schedule is
asked hour by hour for every waking hour, as in the original; hours before waking are sleeping. With
``Runtime.one_call_schedule`` (the Lifestyle Policy modes, as in the AGA reference code) the whole
schedule comes from one call that answers blocks with start and end times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

from aga.agents import Agent
from aga.cognition import wandering as wander
from aga.cognition.answers import DailyPlan, DaySchedule, HourActivity, ScheduleBlock, Text, WakeUp
from aga.cognition.common import Runtime, fmt_date, fmt_minute, identity, task
from aga.cognition.repair import clock_minutes, coherent_day, compress, hours_of_blocks
from aga.cognition.wandering import wandering_text
from aga.memory import MemoryKind
from aga.routine import asleep_at, bed_hour_of, clock_hour, stated_wake_hour, timed_items, without_time


@dataclass(frozen=True)
class WakeFacts:
    """What the wake-up fail-safe and repair need: the hour the persona's lifestyle states, if any."""

    stated: int | None

    @property
    def default(self) -> int:
        """The stated hour, else 7."""
        return self.stated if self.stated is not None else 7


@dataclass(frozen=True)
class DayFacts:
    """The day being planned: wake and bed hours, and the timed items of the plan in broad strokes."""

    wake_hour: int
    bed_hour: int
    plan_hours: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class HourFacts:
    """The hour-by-hour fail-safe: carry on with the previous hour's activity."""

    previous: str


def _wake_failsafe(context: dict, facts: WakeFacts) -> WakeUp:
    return WakeUp(hour=facts.default)


def _daily_failsafe(context: dict, facts: DayFacts) -> DailyPlan:
    return DailyPlan(
        items=[
            f"wake up and complete the morning routine at {clock_hour(facts.wake_hour)}",
            str(context["requirement"]),
            f"go to bed at {clock_hour(facts.bed_hour)}",
        ]
    )


def _clip_wake(value: WakeUp, context: dict, facts: WakeFacts) -> WakeUp:
    # A wake-up far from the hour the lifestyle states is a model error (the 1.5B model answers 12 for
    # "6 am"). Without a stated hour, only a morning hour is believed. A night worker's lifestyle says
    # so ("gets up around 4 pm"), and an answer within three hours of it stands.
    if facts.stated is None:
        return value if 4 <= value.hour <= 11 else WakeUp(hour=facts.default)
    off = min((value.hour - facts.stated) % 24, (facts.stated - value.hour) % 24)
    return value if off <= 3 else WakeUp(hour=facts.default)


def _tidy_plan(value: DailyPlan, context: dict, facts: DayFacts) -> DailyPlan:
    items = [i.strip() for i in value.items if i and i.strip()]
    return DailyPlan(items=items[:10]) if items != value.items else value


def _schedule_failsafe(context: dict, facts: DayFacts) -> DaySchedule:
    """Blocks from the timed items of the day plan, each lasting until the next one."""
    timed = sorted(h for h in facts.plan_hours if h[0] >= facts.wake_hour) or [(facts.wake_hour, "going about the day")]
    blocks = []
    for i, (hour, item) in enumerate(timed):
        end = timed[i + 1][0] if i + 1 < len(timed) else 24
        text = without_time(item) or item
        if end > hour:
            blocks.append(ScheduleBlock(activity=text, start=f"{hour:02d}:00", end=f"{end:02d}:00"))
    return DaySchedule(blocks=blocks or [ScheduleBlock(activity="going about the day", start="08:00", end="22:00")])


def _tidy_schedule(value: DaySchedule, context: dict, facts: DayFacts) -> DaySchedule:
    # A block whose times are not clock times cannot be placed; with none left, the plan's own times do.
    kept = [b for b in value.blocks if clock_minutes(b.start) is not None and clock_minutes(b.end) is not None]
    if len(kept) == len(value.blocks):
        return value
    return DaySchedule(blocks=kept) if kept else _schedule_failsafe(context, facts)


WAKE_UP = task("plan.wake_up", WakeUp, _wake_failsafe, max_tokens=16, temperature=0.2, repair=_clip_wake)
DAILY = task("plan.daily", DailyPlan, _daily_failsafe, max_tokens=300, repair=_tidy_plan)
SCHEDULE = task("plan.schedule", DaySchedule, _schedule_failsafe, max_tokens=600, repair=_tidy_schedule)
HOURLY = task("plan.hourly", HourActivity, lambda ctx, f: HourActivity(activity=f.previous), max_tokens=40)
REVISE_NOTE = task("plan.revise_note", Text, Text(text="Nothing in particular to remember."), max_tokens=200)
REVISE_FEELINGS = task("plan.revise_feelings", Text, Text(text="I feel fine about my days."), max_tokens=200)
REVISE_CURRENTLY = task("plan.revise_currently", Text, lambda ctx, _: Text(text=ctx["currently"]), max_tokens=250)
REVISE_REQUIREMENT = task("plan.revise_requirement", Text, lambda ctx, _: Text(text=ctx["requirement"]), max_tokens=200)

# Wider than ``is_sleep``: "heading to bed" by day is not sleeping, but at an hour the repair puts to
# sleep it says the same thing.
_BEDTIME = re.compile(r"\b(?:bed|sleep)", re.IGNORECASE)

plan_hours = timed_items  # (hour, item) for the plan items that name a time


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
    lifestyle = agent.persona.lifestyle
    wake = rt.call(WAKE_UP, agent, base, facts=WakeFacts(stated_wake_hour(lifestyle))).hour
    bed = bed_hour_of(lifestyle)
    inspiration = "" if not state.daily_plan else f"Yesterday's plan: {'; '.join(state.daily_plan)}"
    wandered = wandering_text(rt, agent, wander.PLAN)  # empty without mind wandering
    inspiration = "\n".join(x for x in (inspiration, wandered) if x)
    day = DayFacts(wake_hour=wake, bed_hour=bed)
    items = rt.call(DAILY, agent, {**base, "wake_hour": wake, "inspiration": inspiration}, facts=day).items
    day = DayFacts(wake_hour=wake, bed_hour=bed, plan_hours=tuple(plan_hours(items)))
    schedule_context = {**base, "daily_plan": "; ".join(items), "wake_hour": wake}
    if rt.one_call_schedule:
        hourly = _schedule_in_one_call(rt, agent, schedule_context, day)
    else:
        hourly = _schedule_hour_by_hour(rt, agent, schedule_context, wake, bed)
    answered = hourly
    hourly = coherent_day(hourly, wake, bed)
    # The day repair works across calls, so no ledger row shows it; the plan entry keeps how many hours
    # it changed, or a model that sleeps all day would pass as one whose schedules needed no repair.
    # An hour answered with going to bed that the repair puts to sleep is the same hour said two ways
    # (the models end a one-call day with the plan's bedtime item at its hour), not a repair.
    repaired_hours = sum(
        a != b and not (b == "sleeping" and _BEDTIME.search(a)) for a, b in zip(answered, hourly, strict=True)
    )
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
    rt.timeline.add(
        rt.step,
        now,
        agent.name,
        "plan",
        text,
        schedule=[(s.task, s.minutes) for s in state.schedule],
        repaired_hours=repaired_hours,
    )


def _schedule_in_one_call(rt: Runtime, agent: Agent, context: dict, day: DayFacts) -> list[str]:
    """The hourly activities from one call that answers the whole day as timed blocks."""
    blocks = rt.call(SCHEDULE, agent, context, facts=day).blocks
    timed = [(b.activity, clock_minutes(b.start), clock_minutes(b.end)) for b in blocks]
    return hours_of_blocks([(a, s, e) for a, s, e in timed if s is not None and e is not None], day.wake_hour)


def _schedule_hour_by_hour(rt: Runtime, agent: Agent, context: dict, wake: int, bed: int) -> list[str]:
    """The original loop: one call per waking hour, each seeing the hours already planned."""
    now = rt.now
    hourly: list[str] = []
    for hour in range(24):
        if asleep_at(hour, wake, bed):
            hourly.append("sleeping")
            continue
        previous = "\n".join(f"[{fmt_date(now)} -- {fmt_minute(h * 60)}] Activity: {a}" for h, a in enumerate(hourly))
        hour_context = {
            **context,
            "previous": previous,
            "hour": fmt_minute(hour * 60),
        }
        previous_activity = hourly[-1] if hourly and hourly[-1] != "sleeping" else "going about the day"
        hourly.append(rt.call(HOURLY, agent, hour_context, facts=HourFacts(previous_activity)).activity)
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
