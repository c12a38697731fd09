"""The sequential step: every agent perceives, plans (or reacts), reflects and moves, one after another.

One step is ``step_seconds`` of simulated time (10 s, as in the original), and agents act in a fixed
order (the original ran nothing in parallel either). Time comes only from the run's simulated clock.
The phased step (:mod:`aga.sim.phased`) runs the same parts (``think`` here, then reactions,
reflection and movement) with agents thinking at once. Also the town's start-up: agents seated at
home, the scenario's memories rated.
"""

from __future__ import annotations

from datetime import timedelta

from aga.agents import Agent, AgentState
from aga.cognition.common import SEED_STEP, Runtime
from aga.cognition.execute import execute
from aga.cognition.perceive import THOUGHT_IMPORTANCE, Perceived, perceive
from aga.cognition.plan_action import next_action
from aga.cognition.plan_day import plan_new_day
from aga.cognition.react import react
from aga.cognition.reflect import maybe_reflect
from aga.memory import MemoryKind
from aga.scenario.loader import Scenario


def spawn_tile(scenario: Scenario, living_area: str) -> tuple[int, int]:
    """Where a persona starts (a day starts asleep): its bed if its room has one (``Arena.bed``: a bunk
    or a straw pallet counts), else the first floor tile."""
    sector, arena_name = living_area.split(":")
    arena = scenario.town.arena(sector, arena_name)
    bed = arena.bed
    return arena.objects[bed][0] if bed is not None else arena.floor[0]


def initial_agents(scenario: Scenario) -> dict[str, Agent]:
    """Agents at the start of a scenario: at home, knowing their home and their known places."""
    agents: dict[str, Agent] = {}
    town = scenario.town
    for persona in scenario.cast:
        state = AgentState(
            name=persona.name,
            tile=spawn_tile(scenario, persona.living_area),
            currently=persona.currently,
            daily_plan_requirement=persona.daily_plan_requirement,
            reflection_trigger=scenario.params.reflection_threshold,
        )
        home = persona.living_area.split(":")[0]
        for sector in [home, *persona.known_places]:
            for arena in town.sectors[sector].arenas.values():
                state.learn_place(sector, arena.name)  # an arena without objects is a place all the same
                for obj in arena.objects:
                    state.learn_place(sector, arena.name, obj)
        agents[persona.name] = Agent(persona, state)
    return agents


def seed_memories(rt: Runtime) -> None:
    """The scenario's statements and relationships as memories, each rated by the LLM (as the original).

    Memories already seeded (by a start-up that was killed half-way) are kept and not rated again.
    """
    seeded = rt.memory.descriptions_at(SEED_STEP)
    for agent in rt.agents.values():
        beliefs = list(agent.persona.statements)
        for rel in agent.persona.relationships:
            # The feeling apart, in brackets: casts write it as a verb ("misses her"), an adjective
            # ("friendly", "fond of him") or a phrase ("good mates"), and "... as wife and friendly"
            # was what the memory read when it was joined with "and".
            feeling = f" (feeling: {rel.feeling.strip().rstrip('.')})" if rel.feeling.strip() else ""
            beliefs.append(f"{agent.name} knows {rel.name} as {rel.label}{feeling}.")
        for text in beliefs:
            if (agent.name, text) in seeded:
                continue
            rating = rt.call(THOUGHT_IMPORTANCE, agent, {"identity": "", "name": agent.name, "description": text})
            rt.memory.add(
                agent.name,
                MemoryKind.REFLECTION,
                (agent.name, "know", text[:80]),
                text,
                rating.rating,
                rt.now,
                step=SEED_STEP,
                expiration=rt.now + timedelta(days=30),
            )


def think(rt: Runtime, agent: Agent) -> list[Perceived]:
    """Plan the day if new, perceive, and choose the next action when the current one is over; returns
    the new events the agent may react to.

    As the original's ``plan()``: the next action is determined first, and the step's new events are
    reacted to all the same. An agent that took a new action used not to react in that step, which
    the original never skipped (on ville3's first day, seeds 0 and 1: 16 and 10 decisions to talk
    with it, 14 and 10 without).
    """
    now = rt.now
    if agent.state.day != now.date():
        plan_new_day(rt, agent)
    perceived = perceive(rt, agent)
    action = agent.state.action
    if action is None or now >= action.end:
        next_action(rt, agent)
    return [event for event, _ in perceived]


def step_agent(rt: Runtime, agent: Agent) -> None:
    """One step of one agent: plan the day if new, perceive, act or react, reflect, move."""
    events = think(rt, agent)
    if events:
        react(rt, agent, events)
    maybe_reflect(rt, agent)
    execute(rt, agent)


def step(rt: Runtime) -> None:
    """Advance the whole town by one step."""
    for name in sorted(rt.agents):
        step_agent(rt, rt.agents[name])
    rt.memory.step_done()  # the step's new memories in one encode (indexed at checkpoints)
    rt.clock.advance()
