"""Behaviour parity of a run: does the town still behave when tokens are saved?

Read from a finished run's database (timeline, memories, ledger, relations), no LLM. Every measure
here can fail; what repairs force (a 24-hour schedule, sleep at night, a valid place) is not a measure
of behaviour, so it is not reported as one; what the repairs did is counted instead:

- activity-place agreement and the share of waking minutes away from home (:mod:`benchmarks.place_fit`);
- the share of the places and times each persona's day requirement names that the agent kept (at that
  place for at least half of the window; :mod:`benchmarks.requirement_fit`);
- repairs and fail-safes per agent-day, by task (validity bought by repairs shows up here), the
  share of schedule answers used as the model gave them (no repair, no fail-safe), and the hours of
  the day schedules that the day repair changed (sleep held to the night, daytime sleep made waking);
- actions per waking hour: how finely the agents act (a day planned as a few long blocks that are each
  split into a handful of steps acts more coarsely, and asks the action tasks less often, than one
  planned hour by hour; a cost saved that way is a behaviour changed, and shows up here);
- distinct activities per agent-day (schedule blocks, and main activities: a block before its first
  comma) and new main activities per agent and day (the novelty curve: a town that lives the same day
  again scores 0 from its second day on);
- days without a meal had at two separate times (actions of one meal more than two hours apart);
- conversations held and their mean length in lines, relationships changed (runs with Social Memory),
  and how many agents (besides those it was seeded in) know each seeded piece of news by the end.

Cache hits are judged in :func:`benchmarks.bench_tokens.hits` with :mod:`benchmarks.hit_judge`.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from datetime import date, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from benchmarks.place_fit import Stay, persona_places, place_fit
from benchmarks.requirement_fit import RequirementFit, intervals, read_windows, requirement_fit

MEALS = ("breakfast", "lunch", "dinner")
# Tasks whose answer is (part of) a schedule: their repairs are what kept the day coherent.
SCHEDULE_TASKS = ("plan.daily", "plan.hourly", "plan.schedule", "plan.decompose", "react.replan")


def _block(text: str) -> str:
    """The schedule block of an action ("having lunch (ordering food)" -> "having lunch")."""
    return re.sub(r"\s*\(.*$", "", text).strip().lower()


def _main(block: str) -> str:
    """The main activity of a block: the part before its first comma. Hourly schedules often add a
    detail to the hour's block ("opening the cafe, answering a phone call"); counted as a new activity,
    such details would make hour-by-hour planning look more varied than a day planned in one call."""
    return block.split(",")[0].strip()


def _embedder() -> Any:
    from aga.sim import run

    return _built(run.default_embedder)


@lru_cache(maxsize=2)
def _built(factory: Any) -> Any:
    # One model load per process (a report measures every run of a benchmark), keyed by the factory so
    # that a test which swaps the factory gets its own embedder.
    return factory()


def parity(
    engine: Engine,
    scenario: Any,
    mode: str,
    run_id: str,
    embedder: Any = None,
    requirements: RequirementFit | None = None,
) -> dict[str, Any]:
    """The parity measures of run ``run_id`` (``scenario`` is the loaded scenario it ran).

    ``embedder`` scores activities against places (default: the bundled MiniLM model); ``requirements``
    is the run's :func:`requirements_kept`, when the caller has it already (``aga bench parity`` shows
    its windows one by one).
    """
    from aga.agents.state import is_sleep
    from aga.storage.timeline import TimelineEntry
    from aga.world import Address

    town = scenario.town
    homes = {p.name: p.living_area.split(":")[0] for p in scenario.cast}
    with Session(engine) as session:
        entries = session.exec(select(TimelineEntry).order_by(col(TimelineEntry.id))).all()
    actions = [e for e in entries if e.kind == "action"]
    chats = [e for e in entries if e.kind == "chat"]
    # Hours of the day schedules that the day repair changed; None for runs recorded before plans kept
    # it (a 0 there would claim days that needed no repair).
    plans = [json.loads(e.data_json) for e in entries if e.kind == "plan"]
    known = all("repaired_hours" in p for p in plans)
    day_repairs = sum(int(p["repaired_hours"]) for p in plans) if known else None

    per_day: dict[tuple[str, date], set[str]] = defaultdict(set)
    main_per_day: dict[tuple[str, date], set[str]] = defaultdict(set)
    meals: dict[tuple[str, date], dict[str, list[datetime]]] = defaultdict(lambda: defaultdict(list))
    stays: list[Stay] = []
    timed: list[tuple[str, datetime, int, bool]] = []  # every action: agent, start, minutes, asleep
    valid = placed = 0
    for entry in actions:
        key = (entry.agent, entry.sim_time.date())
        block = _block(entry.text)
        per_day[key].add(block)
        main_per_day[key].add(_main(block))
        for meal in MEALS:
            if meal in block:
                meals[key][meal].append(entry.sim_time)
        data = json.loads(entry.data_json)
        timed.append((entry.agent, entry.sim_time, int(data.get("minutes", 0)), is_sleep(entry.text)))
        raw = str(data.get("address", ""))
        if ":" not in raw:  # chats and waits have no place of their own
            continue
        placed += 1
        address = Address.parse(raw)
        sector = town.sectors.get(address.sector or "")
        ok = sector is not None and address.arena in sector.arenas
        if ok and sector is not None and sector.private and homes.get(entry.agent) != sector.name:
            ok = entry.agent in sector.residents
        valid += ok
        stays.append(
            Stay(
                entry.agent,
                entry.text,
                address.sector or "",
                address.arena or "",
                int(data.get("minutes", 0)),
                asleep=is_sleep(entry.text),
            )
        )

    places = {
        p.name: persona_places(
            town,
            " ".join((p.innate, p.learned, p.currently, p.lifestyle)),
            p.first_name,
            homes[p.name],
            [s.name for s in town.sectors.values() if p.name in s.residents],
        )
        for p in scenario.cast
    }
    fit = place_fit(stays, places, embedder or _embedder())
    kept = requirements if requirements is not None else requirements_kept(actions, scenario)
    agent_days = len(per_day)
    lines = [len(json.loads(c.data_json).get("lines", [])) for c in chats]
    new_by_day = novelty(main_per_day)
    return {
        "agent_days": agent_days,
        "actions": len(actions),
        "activity_place_agreement": _round(fit.agreement),
        "share_waking_minutes_away_from_home": _round(fit.away),
        "requirement_windows_judged": kept.checked,
        "share_requirement_windows_kept": _round(kept.share),
        "share_actions_at_valid_place": round(valid / max(1, placed), 3),
        **repairs(engine, run_id, agent_days),
        "day_hours_repaired_per_agent_day": (
            None if day_repairs is None else round(day_repairs / max(1, agent_days), 2)
        ),
        "actions_per_waking_hour": actions_per_waking_hour(timed),
        "distinct_activities_per_agent_day": round(sum(len(v) for v in per_day.values()) / max(1, agent_days), 2),
        "distinct_main_activities_per_agent_day": round(
            sum(len(v) for v in main_per_day.values()) / max(1, agent_days), 2
        ),
        "new_activities_by_day": new_by_day,
        "new_activities_per_agent_day_after_the_first": (
            round(sum(new_by_day[1:]) / len(new_by_day[1:]), 2) if len(new_by_day) > 1 else None
        ),
        "share_days_without_repeated_meal": round(
            sum(1 for v in per_day if all(_sittings(meals[v][m]) <= 1 for m in MEALS)) / max(1, agent_days), 3
        ),
        "conversations": len(chats),
        "mean_conversation_lines": round(sum(lines) / len(lines), 2) if lines else 0.0,
        "news_known": _news(engine, scenario),
        "relationships_changed": _relations_changed(engine, [p.name for p in scenario.cast], mode),
    }


def actions_per_waking_hour(rows: list[tuple[str, datetime, int, bool]]) -> float | None:
    """Actions taken awake per hour awake, over all agents: ``rows`` are (agent, start, planned minutes,
    asleep) of every action.

    An action lasts its planned minutes unless the agent's next action starts sooner (a conversation or a
    reaction cut it short); the last action of an agent counts its planned minutes. None when nobody was
    awake.
    """
    by_agent: dict[str, list[tuple[datetime, int, bool]]] = defaultdict(list)
    for agent, start, minutes, asleep in rows:
        by_agent[agent].append((start, minutes, asleep))
    count, minutes_awake = 0, 0.0
    for timed in by_agent.values():
        timed.sort(key=lambda r: r[0])
        for (start, minutes, asleep), after in zip(timed, [*timed[1:], None], strict=True):
            if asleep:
                continue
            lasted = float(minutes)
            if after is not None:
                lasted = min(lasted, (after[0] - start).total_seconds() / 60)
            count += 1
            minutes_awake += max(0.0, lasted)
    return round(count / (minutes_awake / 60), 3) if minutes_awake else None


def requirements_kept(actions: list[Any], scenario: Any) -> RequirementFit:
    """The requirement windows of a run (:mod:`benchmarks.requirement_fit`) from its action entries (in
    order): where each agent was, against the places and times its persona's requirement names."""
    from aga.world import Address

    homes = {p.name: p.living_area.split(":")[0] for p in scenario.cast}
    timed: dict[str, list[tuple[datetime, int, str]]] = defaultdict(list)  # per agent: start, minutes, sector
    for entry in actions:
        data = json.loads(entry.data_json)
        raw = str(data.get("address", ""))
        sector = (Address.parse(raw).sector or "") if ":" in raw else ""  # a chat or wait: no place
        timed[entry.agent].append((entry.sim_time, int(data.get("minutes", 0)), sector))
    sectors = list(scenario.town.sectors)
    windows = {p.name: read_windows(p.daily_plan_requirement, sectors, homes[p.name]) for p in scenario.cast}
    return requirement_fit(windows, {agent: intervals(rows) for agent, rows in timed.items()}, homes)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def novelty(per_day: dict[tuple[str, date], set[str]]) -> list[float]:
    """Per day of the run, the activities an agent had on no earlier day, mean over the agents that day.

    The AGA paper's novelty curve: a town that lives the same day again drops to 0 after its first day.
    """
    seen: dict[str, set[str]] = defaultdict(set)
    by_day: dict[date, list[int]] = defaultdict(list)
    for agent, day in sorted(per_day, key=lambda k: (k[1], k[0])):
        blocks = per_day[(agent, day)]
        by_day[day].append(len(blocks - seen[agent]))
        seen[agent] |= blocks
    return [round(sum(v) / len(v), 2) for _, v in sorted(by_day.items())]


def repairs(engine: Engine, run_id: str, agent_days: int) -> dict[str, Any]:
    """Repaired answers and fail-safes per agent-day (overall and by task), and the share of schedule
    answers used as given. Cache hits are not answers and are left out; so are replayed calls."""
    from aga.llm.ledger import Ledger

    totals = [t for t in Ledger(engine, run_id).totals("task", standing=True) if t.llm_calls]
    days = max(1, agent_days)
    schedule = [t for t in totals if t.key in SCHEDULE_TASKS]
    calls = sum(t.llm_calls for t in schedule)
    # A fail-safe is never also repaired (it replaces the answer), so the two add up.
    forced = sum(t.repaired + t.failsafes for t in schedule)
    return {
        "repairs_per_agent_day": round(sum(t.repaired for t in totals) / days, 3),
        "failsafes_per_agent_day": round(sum(t.failsafes for t in totals) / days, 3),
        "share_schedule_answers_as_given": round(1 - forced / calls, 3) if calls else None,
        "repairs_and_failsafes_by_task": {
            str(t.key): {"repairs": t.repaired, "failsafes": t.failsafes, "calls": t.llm_calls}
            for t in totals
            if t.repaired or t.failsafes
        },
    }


def _sittings(times: list[datetime]) -> int:
    """How many separate times a meal was had: its actions more than two hours apart count twice."""
    times = sorted(times)
    return sum(1 for i, t in enumerate(times) if i == 0 or (t - times[i - 1]).total_seconds() > 7200)


def _news(engine: Engine, scenario: Any) -> dict[str, str]:
    """Per news item: agents who know it (besides where it was seeded) / agents it could reach."""
    from aga.evaluation.attendance import who_knows

    out = {}
    names = [p.name for p in scenario.cast]
    with Session(engine) as session:
        for news in scenario.spec.news:
            knowers = who_knows(session, news)
            reach = [n for n in names if n not in news.seeded_in]
            out[news.id] = f"{len([n for n in reach if n in knowers])}/{len(reach)}"
    return out


def _relations_changed(engine: Engine, names: list[str], mode: str) -> int | None:
    """Ordered pairs whose closeness differs between the start and the end (None without Social Memory)."""
    if mode not in ("social", "aga"):
        return None
    from social_memory import SocialMemory, changed_pairs

    social = SocialMemory(engine)
    first = social.first_change()
    if first is None:
        return 0
    return changed_pairs(social.matrix(names, first), social.matrix(names))


def minutes_by_sector(engine: Engine) -> dict[str, dict[str, int]]:
    """Per agent, the minutes its actions were planned to last in each sector (chats and waits left out).

    Where people spend their day: a town where nobody leaves home shows it here at once.
    """
    from aga.storage.timeline import TimelineEntry
    from aga.world import Address

    out: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    with Session(engine) as session:
        entries = session.exec(select(TimelineEntry).where(TimelineEntry.kind == "action")).all()
    for entry in entries:
        data = json.loads(entry.data_json)
        raw = str(data.get("address", ""))
        if ":" in raw:
            out[entry.agent][Address.parse(raw).sector or "?"] += int(data.get("minutes", 0))
    return {agent: dict(sectors) for agent, sectors in out.items()}
