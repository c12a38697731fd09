"""The conditions an evaluation compares: each run's agents as they are, and Park et al.'s ablations.

Park et al. let the full architecture live two days and then interviewed the same agents with parts of
their memory stream taken away: without reflections; without reflections and plans; without any memory
(observations, reflections, plans). The ablations here do the same on a run's last checkpoint. An
agent without plans also answers with the identity the scenario wrote (its "currently" and daily
requirement as seeded), since their revisions are drawn from plans and reflections.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from aga.memory import MemoryKind


@dataclass(frozen=True)
class Ablation:
    """Which memories an interviewed agent may draw on."""

    name: str
    label: str
    kinds: tuple[MemoryKind, ...] | None  # None: all; (): none
    as_seeded: bool


FULL = Ablation("full", "full architecture", None, False)
ABLATIONS: dict[str, Ablation] = {
    a.name: a
    for a in (
        Ablation("no-reflection", "no reflection", (MemoryKind.EVENT, MemoryKind.CHAT, MemoryKind.PLAN), False),
        Ablation("no-reflection-planning", "no reflection, no planning", (MemoryKind.EVENT, MemoryKind.CHAT), True),
        Ablation("no-memory", "no observation, reflection or planning", (), True),
    )
}


@dataclass(frozen=True)
class Condition:
    """One condition: a run's agents, whole or ablated. ``name`` is unique within an evaluation."""

    name: str
    run_id: str
    ablation: Ablation

    @property
    def label(self) -> str:
        """How reports name it: "aga-s0" or "baseline-s0, no reflection"."""
        return self.run_id if self.ablation is FULL else f"{self.run_id}, {self.ablation.label}"


def conditions(run_ids: Sequence[str], ablate: str | None, ablations: Sequence[str]) -> list[Condition]:
    """Every run whole, then the ``ablations`` of run ``ablate`` (default: the first run)."""
    if not run_ids:
        raise ValueError("give at least one run to evaluate")
    if len(set(run_ids)) != len(run_ids):
        raise ValueError(f"a run is named twice among {', '.join(run_ids)}: give each run once")
    for name in ablations:
        if name not in ABLATIONS:
            raise ValueError(f"--ablation {name}: choose among {', '.join(ABLATIONS)}")
    base = ablate or run_ids[0]
    if base not in run_ids:
        raise ValueError(f"--ablate {base}: it must be one of the evaluated runs ({', '.join(run_ids)})")
    out = [Condition(run_id, run_id, FULL) for run_id in run_ids]
    out += [Condition(f"{base}:{name}", base, ABLATIONS[name]) for name in dict.fromkeys(ablations)]
    return out
