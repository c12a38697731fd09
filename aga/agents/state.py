"""An agent's changing state (Park et al.'s "scratch"), which round-trips to JSON for checkpoints."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from aga.world.town import Tile

SLEEP_WORDS = ("sleep", "asleep", "in bed", "go to bed", "going to bed")


def is_sleep(task: str) -> bool:
    """True when a schedule item or action is sleeping."""
    text = task.lower()
    return any(w in text for w in SLEEP_WORDS) and "wake" not in text


@dataclass
class PlanStep:
    """Where a step of an LLM decomposition came from, so that the whole plan can be stored as a
    Lifestyle Policy once every step has been executed (a plan cut short by a reaction is not)."""

    group: str  # one decomposition of one plan
    plan: str  # the plan's text
    minutes: int  # the plan's duration
    start: int  # minute of the day the plan started
    step: str  # this step's own text
    steps: int  # how many steps the decomposition had
    cost: dict[str, list[float]] = field(default_factory=dict)  # what the decomposition cost


@dataclass
class ScheduleItem:
    """A stretch of the day: what, for how many minutes, and whether it was already decomposed.

    With the Lifestyle Policy, ``spec`` holds how to execute it without the LLM (an action learned
    earlier, from a reused plan) and ``origin`` the LLM decomposition it belongs to.
    """

    task: str
    minutes: int
    decomposed: bool = False
    origin: PlanStep | None = None
    spec: dict[str, Any] | None = None
    similarity: float | None = None  # of the reused plan that provided ``spec``

    def to_json(self) -> dict[str, Any]:
        """Plain data, as ``dataclasses.asdict`` gives it.

        Written out because asdict deep-copies every value, and a checkpoint serialises each agent's
        whole schedule (measured: ~7% of a ville25 window's time). ``spec`` is shared, not copied: it is
        JSON data (an ActionSpec's dump) that is replaced, never changed in place.
        """
        origin = self.origin
        return {
            "task": self.task,
            "minutes": self.minutes,
            "decomposed": self.decomposed,
            "origin": None
            if origin is None
            else {
                "group": origin.group,
                "plan": origin.plan,
                "minutes": origin.minutes,
                "start": origin.start,
                "step": origin.step,
                "steps": origin.steps,
                "cost": {task: list(figures) for task, figures in origin.cost.items()},
            },
            "spec": self.spec,
            "similarity": self.similarity,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScheduleItem:
        """Inverse of :meth:`to_json`."""
        data = dict(data)
        if data.get("origin"):
            data["origin"] = PlanStep(**data["origin"])
        return cls(**data)


@dataclass
class Action:
    """What the agent is doing now, and everything needed to execute and display it."""

    description: str  # "brewing coffee for the morning rush"
    address: str  # world:sector:arena:object, or "<persona> NAME" while chatting, "<waiting> x y"
    start: datetime
    minutes: int
    emoji: str = ""
    event: tuple[str, str, str] = ("", "", "")
    obj_description: str = ""
    obj_emoji: str = ""
    obj_event: tuple[str, str, str] = ("", "", "")
    chatting_with: str | None = None
    chat_end: datetime | None = None
    path: list[Tile] = field(default_factory=list)
    path_set: bool = False

    @property
    def end(self) -> datetime:
        """When the action is over."""
        return self.start + timedelta(minutes=self.minutes)

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        data = asdict(self)
        data["start"] = self.start.isoformat()
        data["chat_end"] = self.chat_end.isoformat() if self.chat_end else None
        data["path"] = [list(t) for t in self.path]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Inverse of :meth:`to_json`."""
        data = dict(data)
        data["start"] = datetime.fromisoformat(data["start"])
        data["chat_end"] = datetime.fromisoformat(data["chat_end"]) if data.get("chat_end") else None
        data["path"] = [tuple(t) for t in data.get("path", [])]
        data["event"] = tuple(data["event"])
        data["obj_event"] = tuple(data["obj_event"])
        return cls(**data)


@dataclass
class AgentState:
    """Everything about an agent that changes while the town runs."""

    name: str
    tile: Tile
    currently: str
    daily_plan_requirement: str
    day: date | None = None
    wake_hour: int | None = None
    daily_plan: list[str] = field(default_factory=list)
    schedule: list[ScheduleItem] = field(default_factory=list)
    action: Action | None = None
    reflection_trigger: int = 150
    chat_cooldowns: dict[str, datetime] = field(default_factory=dict)
    last_chats: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # partner -> last conversation
    inner_thoughts: list[str] = field(default_factory=list)
    known: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # sector -> arena -> objects

    # ------------------------------------------------------------ schedule
    def schedule_index(self, now: datetime) -> tuple[int, int]:
        """Index of the schedule item covering ``now`` and the minute of the day it started at."""
        minute = now.hour * 60 + now.minute
        elapsed = 0
        for i, item in enumerate(self.schedule):
            if elapsed + item.minutes > minute:
                return i, elapsed
            elapsed += item.minutes
        # Past the end (a schedule shorter than the day): the last item goes on.
        last = len(self.schedule) - 1
        return last, elapsed - self.schedule[last].minutes

    @property
    def asleep(self) -> bool:
        """True while the current action is sleeping."""
        return self.action is not None and is_sleep(self.action.description)

    # ------------------------------------------------------------ spatial memory
    def learn_place(self, sector: str, arena: str | None = None, obj: str | None = None) -> None:
        """Add a place to the agent's spatial memory."""
        arenas = self.known.setdefault(sector, {})
        if arena is not None:
            objects = arenas.setdefault(arena, [])
            if obj is not None and obj not in objects:
                objects.append(obj)

    # ------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """Plain data for checkpoints."""
        return {
            "name": self.name,
            "tile": list(self.tile),
            "currently": self.currently,
            "daily_plan_requirement": self.daily_plan_requirement,
            "day": self.day.isoformat() if self.day else None,
            "wake_hour": self.wake_hour,
            "daily_plan": list(self.daily_plan),
            "schedule": [s.to_json() for s in self.schedule],
            "action": self.action.to_json() if self.action else None,
            "reflection_trigger": self.reflection_trigger,
            "chat_cooldowns": {k: v.isoformat() for k, v in self.chat_cooldowns.items()},
            "last_chats": {who: [list(x) for x in lines] for who, lines in self.last_chats.items()},
            "inner_thoughts": list(self.inner_thoughts),
            "known": self.known,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AgentState:
        """Inverse of :meth:`to_json`."""
        return cls(
            name=data["name"],
            tile=tuple(data["tile"]),  # type: ignore[arg-type]
            currently=data["currently"],
            daily_plan_requirement=data["daily_plan_requirement"],
            day=date.fromisoformat(data["day"]) if data.get("day") else None,
            wake_hour=data.get("wake_hour"),
            daily_plan=list(data.get("daily_plan", [])),
            schedule=[ScheduleItem.from_json(s) for s in data.get("schedule", [])],
            action=Action.from_json(data["action"]) if data.get("action") else None,
            reflection_trigger=int(data["reflection_trigger"]),
            chat_cooldowns={k: datetime.fromisoformat(v) for k, v in data.get("chat_cooldowns", {}).items()},
            last_chats={who: [(a, b) for a, b in lines] for who, lines in data.get("last_chats", {}).items()},
            inner_thoughts=list(data.get("inner_thoughts", [])),
            known={s: {a: list(o) for a, o in arenas.items()} for s, arenas in data.get("known", {}).items()},
        )
