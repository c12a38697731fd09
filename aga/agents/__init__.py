"""Agents: a persona (who they are) and a state (what they are doing)."""

from aga.agents.agent import Agent
from aga.agents.state import Action, AgentState, ScheduleItem

__all__ = ["Action", "Agent", "AgentState", "ScheduleItem"]
