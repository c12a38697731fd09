"""Perceive: what an agent sees around it, and the memories (with importance) it forms of it.

As in the original: events on tiles within the vision radius and in the same arena; the nearest
``attention_bandwidth`` of them; an event already among the latest ``retention`` event memories is not
stored again; each new event gets an importance rating from the LLM, except "X is idle", which is
rated 1 without a call. Perceived arenas and objects join the agent's spatial memory. With the
Lifestyle Policy, an event the agent already rated in other words reuses that rating.
"""

from __future__ import annotations

from dataclasses import dataclass

from lemminflect import getLemma

from aga.agents import Agent
from aga.cognition import lifestyle
from aga.cognition.answers import Rating
from aga.cognition.common import Runtime, identity, task
from aga.memory import MemoryKind, MemoryNode
from aga.world import Address

IMPORTANCE = task("perceive.importance", Rating, Rating(rating=4), max_tokens=16, temperature=0.2)
CHAT_IMPORTANCE = task("perceive.chat_importance", Rating, Rating(rating=4), max_tokens=16, temperature=0.2)
THOUGHT_IMPORTANCE = task("perceive.thought_importance", Rating, Rating(rating=4), max_tokens=16, temperature=0.2)


@dataclass(frozen=True)
class Perceived:
    """An event on a tile near the agent."""

    subject: str
    predicate: str
    object: str
    description: str
    distance: float
    actor: str | None = None  # the agent behind the event, for agent events

    @property
    def triple(self) -> tuple[str, str, str]:
        """(subject, predicate, object)."""
        return self.subject, self.predicate, self.object


def events_around(rt: Runtime, agent: Agent) -> list[Perceived]:
    """Events the agent can see now, nearest first, at most the attention bandwidth."""
    town = rt.scenario.town
    params = rt.scenario.params
    x0, y0 = agent.state.tile
    here = town.address_at(agent.state.tile).arena_address
    radius = params.vision_radius

    def near(tile: tuple[int, int]) -> float | None:
        if max(abs(tile[0] - x0), abs(tile[1] - y0)) > radius:
            return None
        if town.address_at(tile).arena_address != here:
            return None
        return ((tile[0] - x0) ** 2 + (tile[1] - y0) ** 2) ** 0.5

    found: list[Perceived] = []
    around = ([agent.state.tile], radius)
    for other in rt.agents.values():
        seen = rt.seen(other, around)
        if seen is None:
            continue
        tile, action = seen
        distance = near(tile)
        if action is None or distance is None:
            continue
        s, p, o = action.event
        found.append(
            Perceived(
                s or other.name, p or "is", o or "idle", f"{other.name} is {action.description}", distance, other.name
            )
        )
    if here.arena is not None:
        arena = town.arena(here.sector or "", here.arena)
        for name, distance in town.objects_in_view(agent.state.tile, radius):
            agent.state.learn_place(arena.sector, arena.name, name)
            address = str(Address(town.world, arena.sector, arena.name, name))
            state = rt.object_state(address)
            found.append(Perceived(address, "is", state, object_seen(name, state), distance))
        agent.state.learn_place(arena.sector, arena.name)
    found.sort(key=lambda e: (e.distance, e.description))
    return found[: params.attention_bandwidth]


def object_seen(name: str, state: str) -> str:
    """What an agent sees of an object, said with the verb its name agrees with: "bed is idle", "benches are idle"
    (an outside tester's circus saw "benches is idle" 613 times in a day, session 72)."""
    last = name.split()[-1] if name.split() else name
    # (a plural by its noun lemma, lemminflect's tables: "benches" is "bench"; "glass", "bus", "lens" are themselves)
    plural = last.endswith("s") and getLemma(last, upos="NOUN")[:1] not in ((last,), ())
    return f"{name} {'are' if plural else 'is'} {state}"


def is_idle(description: str) -> bool:
    """Whether an event text is an object seen idle ("bed is idle", "benches are idle")."""
    return description.endswith((" is idle", " are idle"))


def perceive(rt: Runtime, agent: Agent) -> list[tuple[Perceived, MemoryNode]]:
    """Store new events as memories; returns (event, memory) for each new one."""
    seen = events_around(rt, agent)
    recent = set(rt.memory.recent_event_triples(agent.name, rt.scenario.params.retention))
    # The new events' texts in one encode: their memories need the vectors at the end of the step
    # anyway, and the rating (a policy lookup, or a model that reads meaning) asks for them first, one
    # text at a time (a single MiniLM encode costs ~14 ms on one core, ~4 ms a text in a batch). The
    # embedder is batch-invariant, so this changes no vector.
    fresh = {e.description for e in seen if e.triple not in recent and not is_idle(e.description)}
    if len(fresh) > 1:
        rt.embedder.embed(sorted(fresh))
    new: list[tuple[Perceived, MemoryNode]] = []
    for event in seen:
        if event.triple in recent:
            continue
        recent.add(event.triple)
        importance = rate(rt, agent, event.description, kind=MemoryKind.EVENT)
        node = rt.memory.add(
            agent.name, MemoryKind.EVENT, event.triple, event.description, importance, rt.now, step=rt.step
        )
        new.append((event, node))
    return new


def rate(rt: Runtime, agent: Agent, description: str, *, kind: MemoryKind) -> int:
    """Importance of a new memory (1 for idle observations without asking), counted toward reflection."""
    cached = None
    if kind == MemoryKind.EVENT and is_idle(description):
        rating = 1
    elif kind == MemoryKind.EVENT and (cached := lifestyle.reuse_rating(rt, agent, description)) is not None:
        rating = cached
    else:
        chosen = {MemoryKind.EVENT: IMPORTANCE, MemoryKind.CHAT: CHAT_IMPORTANCE}.get(kind, THOUGHT_IMPORTANCE)
        context = {"identity": identity(agent, rt.now), "name": agent.name, "description": description}
        with rt.gateway.tally() as tally:
            rating = rt.call(chosen, agent, context).rating
        if kind == MemoryKind.EVENT:
            lifestyle.learn_rating(rt, agent, description, rating, tally)
    agent.state.reflection_trigger -= rating
    return rating
