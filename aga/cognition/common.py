"""What every cognitive module shares: task declaration, identity text, time formats, the runtime."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pydantic import BaseModel

from aga.concurrency import FanOut, gather
from aga.llm.tasks import Task

if TYPE_CHECKING:
    from aga.agents import Action, Agent
    from aga.clock import SimClock
    from aga.embeddings.base import Embedder
    from aga.llm.gateway import Gateway
    from aga.memory import MemoryStream, RetrievalWeights
    from aga.scenario.loader import Scenario
    from aga.storage.decisions import DecisionLog
    from aga.storage.timeline import Timeline
    from policy_store import PolicyStore
    from social_memory import SocialMemory

PROMPTS = Path(__file__).parent / "prompts"
T = TypeVar("T", bound=BaseModel)


def task(name: str, schema: type[T], failsafe: Any, **kwargs: Any) -> Task[T]:
    """Declare task ``name`` with its template ``prompts/<name>.txt``."""
    return Task(name=name, template=PROMPTS / f"{name}.txt", schema=schema, failsafe=failsafe, **kwargs)


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
        f"Daily plan requirement: {s.daily_plan_requirement}\nCurrent date: {fmt_dated(now)}"
    )


def fmt_dated(dt: datetime) -> str:
    """'Monday February 13, 2023': the identity's date with its year, so that a town set in 1905 or 1978 is planned
    and talked about in its own years (an outside tester's 1978 fire station listened to podcasts and texted, 131
    times in a day, with no year in any prompt; session 73)."""
    return f"{fmt_date(dt)}, {dt.year}"


# Where a read of another agent looks: tiles (or an object's address) and how far from them counts.
Near = tuple[str | Sequence[tuple[int, int]], int]


@dataclass(frozen=True)
class TownView:
    """The town as a phase of a phased step began: where everyone was and what they were doing.
    Agents thinking at the same time read each other only through it (objects' states included: they
    follow from who stands at an object doing what, see :meth:`Runtime.object_user`)."""

    tiles: dict[str, tuple[int, int]]
    actions: dict[str, Action | None]

    @classmethod
    def of(cls, rt: Runtime) -> TownView:
        """Freeze ``rt`` now. Actions are replaced, never changed in place, while agents think, so
        holding the current ``Action`` instances is enough."""
        return cls(
            tiles={name: a.state.tile for name, a in rt.agents.items()},
            actions={name: a.state.action for name, a in rt.agents.items()},
        )

    def seen(self, other: Agent, near: Near | None = None) -> tuple[tuple[int, int], Action | None] | None:
        """(tile, action) of ``other`` as the phase began (live if it is not in the view)."""
        if other.name not in self.tiles:
            return other.state.tile, other.state.action
        return self.tiles[other.name], self.actions[other.name]


class View(Protocol):
    """How agents read each other while they think: a phase's frozen :class:`TownView`, or the
    per-step history of agents running ahead of each other (:mod:`aga.sim.ahead`)."""

    def seen(self, other: Agent, near: Near | None = None) -> tuple[tuple[int, int], Action | None] | None:
        """(tile, action) of ``other``; None only when ``near`` is given and ``other`` is provably
        farther than its distance from its tiles (a reader only asks about what is near something)."""
        ...


# The step number of what a run starts with (scenario memories, seeded relations): before step 0, so
# that resuming from any checkpoint, the creation one included, keeps them (see ``Run.open``).
SEED_STEP = -1


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
    lifestyle: PolicyStore | None = None  # the Lifestyle Policy store (lifestyle and aga modes)
    decisions: DecisionLog | None = None  # the run's log of policy lookups
    social: SocialMemory | None = None  # Social Memory (social and aga modes)
    one_call_schedule: bool = False  # the day's schedule in one call (policy modes) instead of hour by hour
    # A long block of the one-call day decomposed an hour at a time, as the baseline's hourly blocks are.
    hour_blocks: bool = False
    mind_wandering: bool = False  # a few rare memories in planning and dialogue prompts (AGA appendix D)
    # A phased run (see aga.sim.phased): per-agent random streams, and the view agents read each other
    # through while a phase runs (None between phases and in a sequential run).
    rngs: dict[str, random.Random] | None = None
    view: View | None = None
    # A threaded run's way of making the calls of one decision at once (see ``gather``).
    fan_out: FanOut | None = None

    @property
    def now(self) -> datetime:
        """Current simulated time."""
        return self.clock.now()

    @property
    def step(self) -> int:
        """Current step number (the calling thread's, see :meth:`aga.clock.SimClock.pinned`)."""
        return self.clock.current_step()

    @property
    def settled_step(self) -> int:
        """The last step completed. What happens between steps (a whisper to a stopped run) is stamped
        with it: a checkpoint's step is the next one to run, and resuming drops what that step wrote."""
        return self.clock.current_step() - 1

    def rng_for(self, agent: str) -> random.Random:
        """The random stream of ``agent``'s choices: its own in a phased run (so that what it draws does
        not depend on who drew before it), the run's single stream in a sequential one."""
        if self.rngs is None:
            return self.rng
        return self.rngs[agent]

    def seen(self, other: Agent, near: Near | None = None) -> tuple[tuple[int, int], Action | None] | None:
        """(tile, action) of ``other`` as the current phase sees it (live outside a phase).

        ``near`` = (tiles or an object's address, distance): the reader only cares whether ``other`` is
        within that Chebyshev distance of those tiles, and None may come back when it provably is not
        (an agent running behind, whose present is not known yet; see :mod:`aga.sim.ahead`).
        """
        if self.view is None:
            return other.state.tile, other.state.action
        return self.view.seen(other, near)

    def object_user(self, address: str, *, besides: str | None = None) -> tuple[str, Action] | None:
        """Who is using the object at ``address`` now, as the current phase sees the town: the first
        agent by name, other than ``besides``, whose current action uses that object and who stands on
        it. As in the original (reverie.py adds an action's object event to the map only once the
        persona's planned path is empty, and clears it every step), an object shows what is done with it
        only while its user is there: choosing an object from afar neither changes it nor takes it, and
        an action ended any way (a conversation included) leaves nothing behind. It also makes every
        read of another agent a read of what is at some tile, which agents running ahead of each other
        need (see the concurrency notes in ``benchmarks/results/concurrency_ville25``)."""
        now = self.now
        town = self.scenario.town
        found: tuple[str, Action] | None = None
        # Not sorted first: perception asks this of every object in view, every step, for every agent.
        for name, other in self.agents.items():
            if name == besides or (found is not None and name > found[0]):
                continue
            seen = self.seen(other, (address, 0))
            if seen is None:
                continue
            tile, action = seen
            if action is None or action.address != address or not action.obj_description or now >= action.end:
                continue
            here = town.address_at(tile)
            if here.obj is not None and str(here) == address:
                found = (name, action)
        return found

    def object_state(self, address: str) -> str:
        """The state of the object at ``address`` as the current phase sees it ("idle" when unused)."""
        user = self.object_user(address)
        return "idle" if user is None else user[1].obj_description

    def occupant(self, address: str, *, besides: str) -> str | None:
        """Who other than ``besides`` is using the exclusive object at ``address`` now (None if free or shared)."""
        obj = address.rsplit(":", 1)[-1]
        if obj not in self.scenario.town.exclusive:
            return None
        user = self.object_user(address, besides=besides)
        return None if user is None else user[0]

    def call(self, task_: Task[T], agent: Agent, context: Mapping[str, Any], **kwargs: Any) -> T:
        """Ask the gateway, naming the agent in the ledger."""
        return self.gateway.call(task_, context, agent=agent.name, **kwargs)

    def gather(self, agent: Agent, *thunks: Callable[[], Any]) -> list[Any]:
        """Results of ``thunks``, work of ``agent``'s that does not depend on each other (an action's
        emoji and its place; the importance of each new thought): its model calls are made at once in a
        threaded run, one after another otherwise, with the same answers and ledger either way (see
        :func:`aga.concurrency.gather`). A thunk may read the town and call the model; what it writes
        must not be read by the others (memories are added after the gather, in order)."""
        with self.gateway.branching(agent.name, len(thunks)) as branches:
            jobs = [partial(self.gateway.in_branch, b, fn) for b, fn in zip(branches, thunks, strict=True)]
            return gather(jobs, fan_out=self.fan_out)
