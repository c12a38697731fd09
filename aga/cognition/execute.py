"""Execute: walk one tile along the path to the action's place.

The path is found once per action (breadth-first, to the nearest tile of the object, or to a seeded
random floor tile of the arena when no object is used); a chat partner is walked towards.
"""

from __future__ import annotations

from aga.agents import Agent
from aga.cognition.common import Runtime
from aga.world import Address, shortest_path


def execute(rt: Runtime, agent: Agent) -> None:
    """Advance the agent one tile toward where its action happens."""
    action = agent.state.action
    if action is None or action.chatting_with is not None:
        return
    if not action.path_set:
        town = rt.scenario.town
        address = Address.parse(action.address)
        goals = town.tiles_of(address)
        if goals and address.obj is None:
            goals = [rt.rng_for(agent.name).choice(sorted(goals))]  # somewhere in the room, not always the same corner
        path = shortest_path(town, agent.state.tile, goals) if goals else None
        action.path = path or []
        action.path_set = True
    if action.path:
        agent.state.tile = action.path.pop(0)
