"""The phased step: every agent thinks at once, then the couplings between them are settled in order.

The sequential step (:func:`aga.sim.engine.step`) runs agents one after another in name order, so an
agent sees what the agents before it did in the same step, and nothing can overlap. A phased step
splits the same work into phases; within a phase agents think concurrently (up to ``concurrency``
of them waiting on the model at once), each seeing the others only as the phase began:

1. **think**: plan a new day, perceive, and choose the next action when the current one is over;
2. **decide**: an agent with new events decides whether to talk to, or wait for, the nearest other
   agent among them (seeing everyone's action after phase 1, its own new one included);
3. **settle** (in name order, no model): a decision an earlier one made impossible is dropped (its
   partner is already taken by another conversation);
4. **interact**: the kept conversations and waits are held at once (each touches only its own agents);
5. **reflect**: agents whose importance trigger ran out reflect;
6. **move**: everyone walks one tile, in name order.

What changes from the sequential step is only who sees what when: everybody acts on the same
snapshot, as in a cellular automaton, so nobody gains from an early name. The result does not depend
on the number of threads or on which answer came back first (see :mod:`aga.concurrency`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from aga.cognition.common import Runtime, TownView
from aga.cognition.execute import execute
from aga.cognition.react import Reaction, act_on, decide
from aga.cognition.reflect import maybe_reflect
from aga.concurrency import AgentThreads, FanOut, run_phase
from aga.sim.engine import think


def settle(names: list[str], decisions: dict[str, Reaction | None]) -> list[tuple[str, Reaction]]:
    """The decisions that can still be carried out, taken in ``names`` order: an agent is in at most
    one conversation or wait, and a conversation needs both sides free."""
    busy: set[str] = set()
    kept: list[tuple[str, Reaction]] = []
    for name in names:
        reaction = decisions.get(name)
        if reaction is None or name in busy:
            continue
        if reaction.kind == "talk":
            if reaction.other in busy:
                continue
            busy.update((name, reaction.other))
        else:
            busy.add(name)
        kept.append((name, reaction))
    return kept


class PhasedStep:
    """Steps a town in phases with up to ``concurrency`` agents waiting on the model at once."""

    def __init__(self, rt: Runtime, concurrency: int = 1) -> None:
        if concurrency < 1:
            raise ValueError(f"concurrency {concurrency}: give 1 or more")
        self.rt = rt
        self.concurrency = concurrency
        fan_out = FanOut.of(concurrency)
        self.lock = fan_out.lock
        rt.gateway.outside = fan_out.outside
        # One pool for the run: a day has some 35,000 phases, and starting threads for each would cost.
        self._pool = AgentThreads(concurrency) if concurrency > 1 else None
        rt.fan_out = fan_out if concurrency > 1 else None

    def close(self) -> None:
        """Stop the threads (they are idle between steps)."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def _phase(self, jobs: list[tuple[str, Callable[[], Any]]]) -> dict[str, Any]:
        rt = self.rt
        rt.view = TownView.of(rt)
        try:
            return run_phase(jobs, lock=self.lock, workers=self.concurrency, pool=self._pool)
        finally:
            rt.view = None

    def __call__(self, rt: Runtime) -> None:
        """Advance the whole town by one step."""
        assert rt is self.rt
        names = sorted(rt.agents)
        agents = rt.agents
        events = self._phase([(n, partial(think, rt, agents[n])) for n in names])
        reacting = [n for n in names if events[n]]
        decisions = self._phase([(n, partial(decide, rt, agents[n], events[n])) for n in reacting])
        kept = settle(reacting, decisions)
        self._phase([(n, partial(act_on, rt, agents[n], r)) for n, r in kept])
        self._phase([(n, partial(maybe_reflect, rt, agents[n])) for n in names])
        for name in names:
            execute(rt, agents[name])
        rt.memory.step_done()  # the step's new memories in one encode (indexed at checkpoints)
        rt.clock.advance()
