"""Party attendance: of those who knew of an event before it began, who was at its place during it.

Park et al. counted 5 of the 12 invited at Isabella's party. Here an event is a piece of news with a
place and a time (``place``, ``starts``, ``ends`` in the scenario's ``[[news]]``); "knew before it
began" is read from the agents' memories (a memory created before the start that names one of the
news' keywords, as the benchmark's news measure reads them; the seeded host knows from the start), and
"was there" from the timeline: an action at that place (the sector, or the sector's arena) whose time
overlaps the event's window. No model is asked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from aga.memory import MemoryNode
from aga.storage.timeline import TimelineEntry
from aga.world import Address


@dataclass(frozen=True)
class Attendance:
    """One event's count. ``reached`` is False when the run ended before the event did."""

    news: str
    place: str
    invited: list[str]
    attended: list[str]
    uninvited_present: list[str]
    reached: bool

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "news": self.news,
            "place": self.place,
            "invited": self.invited,
            "attended": self.attended,
            "uninvited_present": self.uninvited_present,
            "reached": self.reached,
            "share": len(self.attended) / len(self.invited) if self.invited and self.reached else None,
        }


def who_knows(session: Session, news: Any, *, before: Any = None) -> set[str]:
    """Agents with a memory (made before ``before``, if given) naming ``news`` by its word rule
    (:meth:`~aga.scenario.schema.NewsSpec.mentioned_in`)."""
    knew: set[str] = set()
    for keyword in news.keywords:
        query = select(MemoryNode.agent, MemoryNode.description).where(
            col(MemoryNode.description).ilike(f"%{keyword}%")  # SQL narrows, the word rule decides
        )
        if before is not None:
            query = query.where(col(MemoryNode.created) < before)
        knew.update(agent for agent, text in session.exec(query).all() if news.mentioned_in(text))
    return knew


def attendance(engine: Engine, scenario: Any, ended_at: Any) -> list[Attendance]:
    """Every event of the scenario's news, counted in the run whose database is ``engine``."""
    out = []
    names = [p.name for p in scenario.cast]
    for news in scenario.spec.news:
        if news.place is None or news.starts is None or news.ends is None:
            continue
        sector, _, arena = news.place.partition(":")
        with Session(engine) as session:
            knew = set(news.seeded_in) | who_knows(session, news, before=news.starts)
            # Actions that began up to a day before the window may still be going on in it.
            actions = session.exec(
                select(TimelineEntry)
                .where(TimelineEntry.kind == "action")
                .where(col(TimelineEntry.sim_time) < news.ends)
                .where(col(TimelineEntry.sim_time) >= news.starts - timedelta(days=1))
            ).all()
        present = set()
        by_agent: dict[str, list[TimelineEntry]] = {}
        for entry in sorted(actions, key=lambda e: (e.agent, e.sim_time, e.id or 0)):
            by_agent.setdefault(entry.agent, []).append(entry)
        for agent, entries in by_agent.items():
            for i, entry in enumerate(entries):
                data = json.loads(entry.data_json)
                raw = str(data.get("address", ""))
                if ":" not in raw:
                    continue
                where = Address.parse(raw)
                if where.sector != sector or (arena and where.arena != arena):
                    continue
                # An action lasts its minutes, or until the agent's next action replaced it.
                until = entry.sim_time + timedelta(minutes=int(data.get("minutes", 0)))
                if i + 1 < len(entries):
                    until = min(until, entries[i + 1].sim_time)
                if until > news.starts and entry.sim_time < news.ends:
                    present.add(agent)
        invited = [n for n in names if n in knew and n not in news.seeded_in]
        out.append(
            Attendance(
                news=news.id,
                place=news.place,
                invited=invited,
                attended=[n for n in invited if n in present],
                uninvited_present=[n for n in names if n in present and n not in knew],
                reached=ended_at >= news.ends,
            )
        )
    return out
