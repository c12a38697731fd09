"""Lifestyle Policy: a persistent cache of decisions (plans with their decompositions and actions,
ratings, any answer) reused when a similar decision comes up and its execution condition holds.

A library of its own: it never imports the town runtime. A host gives it an embedder and, at each
lookup, a checker that says whether a place or object requirement holds in its environment.

    store = PolicyStore.open(Path("policies"), embedder)
    found = store.lookup(Query(kind="plan", owner="Ana", text="make breakfast", minutes=45), checker)
    if found.hit:
        steps = found.match.steps            # minutes rescaled to 45
    else:
        ...ask the LLM, execute, then...
        store.write(Draft(kind="plan", owner="Ana", text="make breakfast", steps=..., condition=...))
"""

from policy_store.config import DEFAULT_THRESHOLDS, StoreConfig, parse_thresholds
from policy_store.durations import rescale
from policy_store.interfaces import AlwaysHolds, ConditionChecker, Embedder
from policy_store.model import (
    ACTION,
    IMPORTANCE,
    PLAN,
    ActionSpec,
    Condition,
    Draft,
    Lookup,
    Match,
    Policy,
    Query,
    Rejection,
    Requirement,
    Step,
    Variant,
)
from policy_store.store import PolicyStore, PolicyStoreError, PolicyStoreInUse, WriteResult, read_export, same_text_key

__all__ = [
    "ACTION",
    "DEFAULT_THRESHOLDS",
    "IMPORTANCE",
    "PLAN",
    "ActionSpec",
    "AlwaysHolds",
    "Condition",
    "ConditionChecker",
    "Draft",
    "Embedder",
    "Lookup",
    "Match",
    "Policy",
    "PolicyStore",
    "PolicyStoreError",
    "PolicyStoreInUse",
    "Query",
    "Rejection",
    "Requirement",
    "Step",
    "StoreConfig",
    "Variant",
    "WriteResult",
    "parse_thresholds",
    "read_export",
    "rescale",
    "same_text_key",
]
