"""What every cognitive module shares: task declaration, identity text, time formats, the runtime."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from aga.cognition.scripted import HOOKS
from aga.llm.tasks import Task

if TYPE_CHECKING:
    from aga.agents import Agent
    from aga.clock import SimClock
    from aga.embeddings.base import Embedder
    from aga.llm.gateway import Gateway
    from aga.memory import MemoryStream, RetrievalWeights
    from aga.scenario.loader import Scenario
    from aga.sim.timeline import Timeline

PROMPTS = Path(__file__).parent / "prompts"
T = TypeVar("T", bound=BaseModel)


def task(name: str, schema: type[T], failsafe: Any, **kwargs: Any) -> Task[T]:
    """Declare task ``name`` with its template ``prompts/<name>.txt`` and its simulator hook."""
    return Task(
        name=name,
        template=PROMPTS / f"{name}.txt",
        schema=schema,
        failsafe=failsafe,
        simulate=HOOKS.get(name),
        **kwargs,
    )


def fmt_date(dt: datetime) -> str:
    """'Monday February 13'."""
    return f"{dt:%A %B} {dt.day}"


def fmt_time(dt: datetime) -> str:
    """'07:05 AM'."""
    return f"{dt:%I:%M %p}"


def fmt_minute(minute: int) -> str:
    """Minute of the day as '07:05 AM'."""
    h, m = divmod(minute % 1440, 60)
    return f"{(h % 12) or 12:02d}:{m:02d} {'AM' if h < 12 else 'PM'}"


def identity(agent: Agent, now: datetime) -> str:
    """The identity block every prompt opens with (Park et al.'s "identity stable set")."""
    p, s = agent.persona, agent.state
    return (
        f"Name: {p.name}\nAge: {p.age}\nInnate traits: {p.innate}\nLearned traits: {p.learned}\n"
        f"Currently: {s.currently}\nLifestyle: {p.lifestyle}\n"
        f"Daily plan requirement: {s.daily_plan_requirement}\nCurrent date: {fmt_date(now)}"
    )


@dataclass
class Runtime:
    """Everything a cognitive step needs: the town, the agents, the gateway, memory and the clock."""

    scenario: Scenario
    gateway: Gateway
    memory: MemoryStream
    embedder: Embedder
    clock: SimClock
    agents: dict[str, Agent]
    weights: RetrievalWeights
    timeline: Timeline
    rng: random.Random
    objects: dict[str, str] = field(default_factory=dict)  # object address -> state; absent means idle

    @property
    def now(self) -> datetime:
        """Current simulated time."""
        return self.clock.now()

    @property
    def step(self) -> int:
        """Current step number."""
        return self.clock.steps

    def call(self, task_: Task[T], agent: Agent, context: Mapping[str, Any], **kwargs: Any) -> T:
        """Ask the gateway, naming the agent in the ledger."""
        return self.gateway.call(task_, context, agent=agent.name, **kwargs)
