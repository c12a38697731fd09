"""The household experiment (AGA section 5.2, appendix C): one agent's day at home on VirtualHome."""

from aga.household.environment import Command, Household, HouseholdError, Item, Outcome

__all__ = ["Command", "Household", "HouseholdError", "Item", "Outcome"]
