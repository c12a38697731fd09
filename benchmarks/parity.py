"""Behaviour parity of a run: does the town still behave when tokens are saved?

Read from a finished run's database (timeline, memories, last checkpoint, relations), no LLM:

- distinct activities per agent-day (schedule blocks, the part before a subtask's parentheses);
- share of actions at a valid place (the place exists and is not someone else's home);
- schedule coherence: each agent's last schedule covers 24 hours, asleep at 3 am, no meal had at two
  separate times of a day (actions of one meal more than two hours apart);
- conversations held and their mean length in lines;
- relationships that changed (runs with Social Memory);
- how many agents (besides those it was seeded in) know each seeded piece of news by the end.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from datetime import datetime, time
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

MEALS = ("breakfast", "lunch", "dinner")


def _block(text: str) -> str:
    """The schedule block of an action ("having lunch (ordering food)" -> "having lunch")."""
    return re.sub(r"\s*\(.*$", "", text).strip().lower()


def parity(engine: Engine, scenario: Any, mode: str) -> dict[str, Any]:
    """The parity measures of one run (``scenario`` is the loaded scenario it ran)."""
    from aga.agents.state import is_sleep
    from aga.memory.nodes import MemoryNode
    from aga.sim.run import Checkpoint
    from aga.storage.timeline import TimelineEntry
    from aga.world import Address

    town = scenario.town
    homes = {p.name: p.living_area.split(":")[0] for p in scenario.cast}
    with Session(engine) as session:
        entries = session.exec(select(TimelineEntry).order_by(col(TimelineEntry.id))).all()
        checkpoint = session.exec(select(Checkpoint).order_by(col(Checkpoint.id).desc()).limit(1)).first()
    actions = [e for e in entries if e.kind == "action"]
    chats = [e for e in entries if e.kind == "chat"]

    per_day: dict[tuple[str, Any], set[str]] = defaultdict(set)
    meals: dict[tuple[str, Any], dict[str, list[datetime]]] = defaultdict(lambda: defaultdict(list))
    valid = placed = 0
    for entry in actions:
        key = (entry.agent, entry.sim_time.date())
        block = _block(entry.text)
        per_day[key].add(block)
        for meal in MEALS:
            if meal in block:
                meals[key][meal].append(entry.sim_time)
        raw = str(json.loads(entry.data_json).get("address", ""))
        if ":" not in raw:  # chats and waits have no place of their own
            continue
        placed += 1
        address = Address.parse(raw)
        sector = town.sectors.get(address.sector or "")
        ok = sector is not None and address.arena in sector.arenas
        if ok and sector is not None and sector.private and homes.get(entry.agent) != sector.name:
            ok = entry.agent in sector.residents
        valid += ok

    asleep, nights = 0, 0
    by_agent: dict[str, list[Any]] = defaultdict(list)
    for entry in actions:
        by_agent[entry.agent].append(entry)
    for own in by_agent.values():
        last = own[-1].sim_time
        for day in sorted({e.sim_time.date() for e in own}):
            moment = datetime.combine(day, time(3, 0))
            before = [e for e in own if e.sim_time <= moment]
            if before and moment <= last:  # the run covered 3 am of that day: what was the agent doing?
                nights += 1
                asleep += is_sleep(before[-1].text)

    covered = []
    if checkpoint is not None:
        state = json.loads(checkpoint.state_json)
        for agent_state in state["agents"].values():
            covered.append(sum(int(s["minutes"]) for s in agent_state.get("schedule", [])) == 1440)

    lines = [len(json.loads(c.data_json).get("lines", [])) for c in chats]
    news = _news(engine, scenario, MemoryNode)
    out: dict[str, Any] = {
        "agent_days": len(per_day),
        "distinct_activities_per_agent_day": round(sum(len(v) for v in per_day.values()) / max(1, len(per_day)), 2),
        "actions": len(actions),
        "share_actions_at_valid_place": round(valid / max(1, placed), 3),
        "share_schedules_covering_24h": round(sum(covered) / max(1, len(covered)), 3),
        "share_nights_asleep_at_3am": round(asleep / max(1, nights), 3) if nights else None,
        "share_days_without_repeated_meal": round(
            sum(1 for v in per_day if all(_sittings(meals[v][m]) <= 1 for m in MEALS)) / max(1, len(per_day)), 3
        ),
        "conversations": len(chats),
        "mean_conversation_lines": round(sum(lines) / len(lines), 2) if lines else 0.0,
        "news_known": news,
        "relationships_changed": _relations_changed(engine, [p.name for p in scenario.cast], mode),
    }
    return out


def _sittings(times: list[datetime]) -> int:
    """How many separate times a meal was had: its actions more than two hours apart count twice."""
    times = sorted(times)
    return sum(1 for i, t in enumerate(times) if i == 0 or (t - times[i - 1]).total_seconds() > 7200)


def _news(engine: Engine, scenario: Any, node_type: Any) -> dict[str, str]:
    """Per news item: agents who know it (besides where it was seeded) / agents it could reach."""
    out = {}
    names = [p.name for p in scenario.cast]
    with Session(engine) as session:
        for news in scenario.spec.news:
            knowers = set()
            for keyword in news.keywords:
                rows = session.exec(
                    select(node_type.agent).where(col(node_type.description).ilike(f"%{keyword}%")).distinct()
                ).all()
                knowers.update(rows)
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
