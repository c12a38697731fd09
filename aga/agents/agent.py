"""An agent: its persona from the scenario and its state during the run."""

from __future__ import annotations

from dataclasses import dataclass

from aga.agents.state import AgentState
from aga.scenario.schema import PersonaSpec


@dataclass
class Agent:
    """A persona with its changing state."""

    persona: PersonaSpec
    state: AgentState

    @property
    def name(self) -> str:
        """Full name."""
        return self.persona.name

    @property
    def first_name(self) -> str:
        """First name."""
        return self.persona.first_name

    @property
    def home(self) -> tuple[str, str]:
        """(sector, arena) of the agent's home."""
        sector, arena = self.persona.living_area.split(":")
        return sector, arena

    def relationship(self, other: str) -> tuple[str, int]:
        """(label, closeness) of how this agent sees ``other`` in the scenario; strangers are ('stranger', 0)."""
        for rel in self.persona.relationships:
            if rel.name == other:
                return rel.label, rel.closeness
        return "stranger", 0
