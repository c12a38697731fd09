"""Agents running ahead of each other between checkpoints, with the phased step's exact result.

A phased step (:mod:`aga.sim.phased`) waits for its slowest agent every 10 simulated seconds, and at a
hosted model's latency that wait is most of the wall time: some agent has a chain of calls in almost
every step. Here an agent (with the agents near it) takes its next step as soon as nothing it could read
is still unknown, so agents far apart drift up to a checkpoint interval apart and their model calls
overlap (the idea of AI Metropolis, Xie et al., MLSys 2025). Every agent still sees exactly what the
phased step would have shown it, so the same seed gives the same town as ``--step phased``.

Why that is possible: every read of another agent is a read of what is at some tile (an agent seen
within the vision radius; an object's state or user, which follow from who stands at it doing what;
see :meth:`aga.cognition.common.Runtime.object_user`), and an agent walks at most one tile a step.

- **Groups.** Agents at the same next step within the vision radius of each other (transitively) take
  that step together, in the phased step's phases (think, decide, settle, interact, reflect, move),
  seeing each other as each phase began.
- **When a group may start step ``t``.** Every agent behind it must provably not be within the vision
  radius at ``t``: one at step ``s < t`` is at most ``t - s`` tiles from where it stands now.
- **History.** As a group begins each phase, it publishes its members' (tile, action); a reader at
  step ``t``, phase ``p`` reads anyone else from that history at (``t``, ``p``). A read of an agent
  that has not got there yet (a distant object whose possible user is behind) waits, giving the town
  lock up, unless that agent provably cannot stand there by then. Waits cannot form a cycle: the
  agent furthest behind never waits for anyone.
- **Conversations held apart.** A conversation settled in a group's step runs in a thread of its own
  while the rest of the group (and everyone near) runs on; its partners are read meanwhile as standing
  and chatting, up to the last step the lines said so far surely last (:class:`Held`).
- **Barriers.** Every agent reaches the end of the span (a checkpoint) before the next span starts;
  memories are indexed only there, in (agent, id) order (as a phased run does), so retrieval sees the
  same index whoever ran first.

Threads: one per running group, plus a shared pool for the members of a group that think at once; the
town lock (:class:`aga.concurrency.TownLock`) is held while Python runs and given up while waiting on
the model, where at most ``concurrency`` requests are in flight at once.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from aga.agents import Action, Agent
from aga.cognition.common import Near, Runtime
from aga.cognition.converse import chat_action, chat_minutes, converse
from aga.cognition.execute import execute
from aga.cognition.react import Reaction, act_on, decide
from aga.cognition.reflect import maybe_reflect
from aga.concurrency import AgentThreads, FanOut, run_phase
from aga.sim.engine import think
from aga.sim.phased import settle
from aga.world import Address

Tile = tuple[int, int]
Seen = tuple[Tile, Action | None]


def last_step(step: int, minutes: int, step_length: timedelta) -> int:
    """The last step of an action of ``minutes`` begun at ``step`` that it surely fills, all phases:
    it is over at the first step whose time is at or past its end (:func:`aga.sim.engine.think`)."""
    return step + math.ceil(timedelta(minutes=minutes) / step_length) - 1


def chebyshev(a: Tile, b: Tile) -> int:
    """Steps apart on the grid for an agent that may walk diagonally (the vision radius's metric)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@dataclass
class Held:
    """Two agents in a conversation held apart from their group's step: after phase ``PHASE_TALK`` of
    ``step`` until ``until`` (the last step their conversation surely lasts, which grows with its
    lines) each stands on its tile doing ``actions[name]`` (:func:`aga.cognition.converse.chat_action`,
    whose length others never read)."""

    step: int
    tiles: dict[str, Tile]
    actions: dict[str, Action]
    until: int

    def covers(self, at: tuple[int, int]) -> bool:
        """Whether what its agents do at (step, phase) ``at`` is known."""
        return (self.step, PHASE_TALK) < at and at[0] <= self.until


# The phased step's phases as numbered here: think, decide, interact (talk or wait), reflect.
PHASE_TALK = 2


class AheadView:
    """What an agent at (step, phase) sees of the others: the history published as each group began
    that phase, waiting for those not there yet unless they provably cannot be near."""

    def __init__(self, owner: AheadStep) -> None:
        self.owner = owner
        self._object_tiles: dict[str, list[Tile]] = {}

    def _tiles(self, near: Near) -> tuple[Sequence[Tile], int]:
        where, within = near
        if isinstance(where, str):
            tiles = self._object_tiles.get(where)
            if tiles is None:
                town = self.owner.rt.scenario.town
                tiles = self._object_tiles[where] = town.tiles_of(Address.parse(where))
            return tiles, within
        return where, within

    def seen(self, other: Agent, near: Near | None = None) -> Seen | None:
        """(tile, action) of ``other`` at the calling thread's (step, phase); see :class:`View`."""
        at = self.owner.where.get()
        if at is None:  # not inside a group's phase (between spans): the town as it is
            return other.state.tile, other.state.action
        owner = self.owner
        history = owner.history[other.name]
        waited = False
        while True:
            if (found := history.get(at)) is not None:
                return found
            held = owner.held_now(other.name)
            if held is not None and held.covers(at):
                owner._counts["held_reads"] += 1
                return held.tiles[other.name], held.actions[other.name]
            if owner.failed is not None:
                raise RuntimeError("another group of agents failed; this step is abandoned with the span")
            if near is not None:
                tiles, within = self._tiles(near)
                # Where ``other`` stands now is where it began its next step (or where its conversation
                # surely still holds it); by step ``at[0]`` it can be at most that many steps further
                # (one tile a step).
                slack = at[0] - owner.free_from(other.name)
                here = other.state.tile
                if not tiles or min(chebyshev(here, t) for t in tiles) - slack > within:
                    return None
            if not waited:
                owner._counts["waits"] += 1
                waited = True
            owner.lock.changed.wait()


class AheadStep:
    """Advances a town by a span of steps with agents running ahead of each other (see the module)."""

    def __init__(self, rt: Runtime, concurrency: int = 8) -> None:
        if concurrency < 1:
            raise ValueError(f"concurrency {concurrency}: give 1 or more")
        self.rt = rt
        self.concurrency = concurrency
        rt.fan_out = FanOut.of(concurrency)
        self.lock = rt.fan_out.lock
        rt.gateway.outside = rt.fan_out.outside
        self.radius = rt.scenario.params.vision_radius
        # (step, phase) of the calling context's job; a context variable, so that a gather's branches
        # (Runtime.gather, in other threads) read the town where their caller stands.
        self.where: ContextVar[tuple[int, int] | None] = ContextVar(f"aga_ahead_{id(self)}", default=None)
        self.history: dict[str, dict[tuple[int, int], Seen]] = {}
        self.next_step: dict[str, int] = {}
        self.running: set[str] = set()
        # Conversations held apart from their group's step, by partner (see ``_hold``).
        self.held: dict[str, Held] = {}
        self.failed: BaseException | None = None
        self.view = AheadView(self)
        # Every agent's tile at each step, kept across spans when a benchmark sets it to {} (to replay
        # the run's schedule: benchmarks.ahead_replay).
        self.trace: dict[str, dict[int, Tile]] | None = None
        # What running ahead did (for benchmarks and the progress line): group steps run, agents in
        # them, reads that waited for an agent behind, and the widest gap in steps between two agents.
        # Conversations held apart from their group's step, and reads of their partners answered from
        # what the conversation surely is (without waiting for its lines).
        self._counts = {
            "group_steps": 0, "agent_steps": 0, "waits": 0, "widest_gap": 0, "held_talks": 0, "held_reads": 0,
        }  # fmt: skip
        # Members of one group think in these (a group's own thread waits for them); as many as agents,
        # not the model's concurrency, which the request slots bound instead (a thread waiting for a
        # slot must not keep another group's member from running Python). Made at the first span: the
        # runtime has no agents before the run is opened.
        self._pool: AgentThreads | None = None

    def stats(self) -> dict[str, float]:
        """Group steps, agent steps, mean agents per group step, reads that waited, widest gap in steps,
        conversations held apart and reads of their partners answered without waiting."""
        c = self._counts
        return {**c, "mean_group": round(c["agent_steps"] / c["group_steps"], 2) if c["group_steps"] else 0.0}

    def close(self) -> None:
        """Stop the member threads (idle between spans)."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    # ------------------------------------------------------------ the span
    def span(self, steps: int, should_stop: Callable[[], bool] | None = None) -> None:
        """Advance every agent ``steps`` steps (from the clock's step); the clock then reads the end.

        ``should_stop`` (a stop request, a budget spent) is polled while agents run: once it says so, the
        span ends at the step of the agent furthest ahead instead, where every other agent catches up
        (none is stepped back), so a run stops at a checkpoint within the time the stragglers need, not
        a whole span later."""
        rt = self.rt
        start = rt.clock.steps
        end = start + steps
        self.next_step = dict.fromkeys(rt.agents, start)
        self.history = {name: {} for name in rt.agents}
        self.held = {}
        if self._pool is None:
            self._pool = AgentThreads(len(rt.agents))
        self.failed = None
        rt.view = self.view
        try:
            with self.lock:
                while True:
                    if self.failed is None:
                        for members, step in self._startable(end):
                            self.running.update(members)
                            self._counts["group_steps"] += 1
                            self._counts["agent_steps"] += len(members)
                            gap = max(self.next_step.values()) - min(self.next_step.values())
                            self._counts["widest_gap"] = max(self._counts["widest_gap"], gap)
                            threading.Thread(
                                target=self._group, args=(members, step), name=f"aga-group-{step}", daemon=True
                            ).start()
                    if not self.running and (self.failed is not None or all(s == end for s in self.next_step.values())):
                        break
                    if should_stop is not None and end > (reached := self._reached()) and should_stop():
                        end = reached
                        continue
                    # A stop request comes from a signal handler, which notifies nobody: look again soon.
                    self.lock.changed.wait(None if should_stop is None else 0.5)
            if self.failed is not None:
                raise self.failed
            rt.clock.steps = end
        except BaseException as exc:
            # A Ctrl-C (or a failure) ends the span: groups still thinking stop at their next read of
            # another agent; the run resumes from its last checkpoint, as after a crash.
            if self.failed is None:
                self.failed = exc
            raise
        finally:
            rt.view = None

    def _reached(self) -> int:
        """The step the agent furthest ahead will be at once the steps under way are done."""
        return max(step + (name in self.running) for name, step in self.next_step.items())

    def _startable(self, end: int) -> list[tuple[list[str], int]]:
        """Groups of idle agents that may take their next step now, furthest behind first."""
        agents = self.rt.agents
        idle = sorted(
            (n for n in agents if n not in self.running and self.next_step[n] < end),
            key=lambda n: (self.next_step[n], n),
        )
        out: list[tuple[list[str], int]] = []
        placed: set[str] = set()
        for name in idle:
            if name in placed:
                continue
            step = self.next_step[name]
            group = self._component(name, [n for n in idle if self.next_step[n] == step])
            placed.update(group)
            if self._clear(group, step):
                out.append((group, step))
        return out

    def _component(self, seed: str, candidates: list[str]) -> list[str]:
        """``seed`` and every candidate linked to it by a chain of agents within the vision radius."""
        agents = self.rt.agents
        group = [seed]
        todo = [seed]
        rest = [n for n in candidates if n != seed]
        while todo:
            tile = agents[todo.pop()].state.tile
            near = [n for n in rest if chebyshev(tile, agents[n].state.tile) <= self.radius]
            rest = [n for n in rest if n not in near]
            group += near
            todo += near
        return sorted(group)

    def _clear(self, group: list[str], step: int) -> bool:
        """Whether no agent behind ``group`` could be within the vision radius of it at ``step``."""
        agents = self.rt.agents
        tiles = [agents[n].state.tile for n in group]
        for name, other in agents.items():
            if step - self.next_step[name] <= 0 or name in group:
                continue
            held = self.held_now(name)
            if held is not None and step <= held.until:
                continue  # known at every phase of ``step`` without it
            behind = step - self.free_from(name)
            if min(chebyshev(other.state.tile, t) for t in tiles) <= self.radius + behind:
                return False
        return True

    def held_now(self, name: str) -> Held | None:
        """The conversation holding ``name`` at its next step or later, if any."""
        held = self.held.get(name)
        return held if held is not None and held.until >= self.next_step[name] else None

    def free_from(self, name: str) -> int:
        """The first step at which ``name`` may have left its tile's neighbourhood: its next step, or the
        step after the one its conversation surely lasts to (it stands still while chatting)."""
        held = self.held_now(name)
        return self.next_step[name] if held is None else held.until + 1

    # ------------------------------------------------------------ one group's step
    def _publish(self, members: list[str], step: int, phase: int) -> None:
        agents = self.rt.agents
        with self.lock:
            for name in members:
                state = agents[name].state
                self.history[name][(step, phase)] = (state.tile, state.action)
                if self.trace is not None and phase == 0:
                    self.trace.setdefault(name, {})[step] = state.tile
            self.lock.changed.notify_all()

    def _phase(
        self,
        members: list[str],
        step: int,
        phase: int,
        jobs: list[tuple[str, Callable[[], Any]]],
        *,
        publish: bool = True,
    ) -> dict[str, Any]:
        if publish:
            self._publish(members, step, phase)

        def at(fn: Callable[[], Any]) -> Any:
            token = self.where.set((step, phase))
            try:
                with self.rt.clock.pinned(step):
                    return fn()
            finally:
                self.where.reset(token)

        wrapped = [(name, partial(at, fn)) for name, fn in jobs]
        return run_phase(wrapped, lock=self.lock, workers=max(1, len(members)), pool=self._pool)

    def _group(self, members: list[str], step: int) -> None:
        rt = self.rt
        agents = rt.agents
        try:
            with rt.clock.pinned(step):
                events = self._phase(members, step, 0, [(n, partial(think, rt, agents[n])) for n in members])
                reacting = [n for n in members if events[n]]
                decisions = self._phase(
                    members, step, 1, [(n, partial(decide, rt, agents[n], events[n])) for n in reacting]
                )
                kept = settle(reacting, decisions)
                talks = [(n, r) for n, r in kept if r.kind == "talk"]
                self._publish(members, step, PHASE_TALK)
                for name, reaction in talks:
                    # A partner is in view, so in the group (nobody near a group is at another step).
                    assert reaction.other in members, f"{name} talks to {reaction.other}, not in its group"
                    self._hold(name, reaction, step)
                talking = {n for name, r in talks for n in (name, r.other)}
                rest = [n for n in members if n not in talking]
                others = [(n, partial(act_on, rt, agents[n], r)) for n, r in kept if r.kind != "talk"]
                self._phase(members, step, PHASE_TALK, others, publish=False)
                self._phase(rest, step, 3, [(n, partial(maybe_reflect, rt, agents[n])) for n in rest])
                self._done(rest, step)
        except BaseException as exc:  # handed to the scheduler, which stops the span and raises it
            self._fail(exc, members)

    def _done(self, members: list[str], step: int) -> None:
        """Move ``members`` and count their step done (at once: the scheduler reads tiles and steps together)."""
        rt = self.rt
        with self.lock:
            for name in members:
                execute(rt, rt.agents[name])
            rt.memory.step_done()  # the step's new memories in one encode
            for name in members:
                self.next_step[name] = step + 1
            self.running.difference_update(members)
            self.lock.changed.notify_all()

    def _fail(self, exc: BaseException, members: Sequence[str]) -> None:
        with self.lock:
            if self.failed is None:
                self.failed = exc
            self.running.difference_update(members)
            self.lock.changed.notify_all()

    # ------------------------------------------------------------ a conversation held apart
    def _hold(self, name: str, reaction: Reaction, step: int) -> None:
        """Hold the conversation ``name`` decided on in a thread of its own, apart from the group's step.

        A conversation's lines are said one after another, a dozen or more model calls in which its two
        partners only stand and talk. Held in the group's step, everyone near them would wait for the
        lines; held apart, the rest of the group finishes its step and runs on, reading the partners as
        what they surely are meanwhile: standing where they stand, chatting with each other, for at
        least as long as the lines said so far take (:func:`aga.cognition.converse.chat_minutes`; an
        action's length is never read by others). The partners end their step (reflection, moving)
        when the conversation has been remembered, so everything they do is what the phased step does.
        """
        rt = self.rt
        a, b = rt.agents[name], rt.agents[reaction.other]
        with rt.clock.pinned(step):
            now = rt.now
        held = Held(
            step=step,
            tiles={a.name: a.state.tile, b.name: b.state.tile},
            actions={a.name: chat_action(a, b, now, 1), b.name: chat_action(b, a, now, 1)},
            until=self._last_step(step, 1),
        )
        pair = sorted((a.name, b.name))

        def heard(lines: list[tuple[str, str]]) -> None:
            if self.failed is not None:  # the span is over (Ctrl-C, a failure): say no more lines
                raise RuntimeError("another group of agents failed; this conversation is abandoned with the span")
            until = self._last_step(step, chat_minutes(lines))
            if until > held.until:  # the town lock is held: this runs inside the conversation's job
                held.until = until
                self.lock.changed.notify_all()

        def talk() -> None:
            try:
                with rt.clock.pinned(step):
                    self._phase(pair, step, PHASE_TALK, [(a.name, partial(converse, rt, a, b, heard))], publish=False)
                    self._phase(pair, step, 3, [(n, partial(maybe_reflect, rt, rt.agents[n])) for n in pair])
                    self._done(pair, step)
            except BaseException as exc:
                self._fail(exc, pair)

        with self.lock:
            self.held[a.name] = self.held[b.name] = held
            self._counts["held_talks"] += 1
            self.lock.changed.notify_all()  # readers of the partners waiting at this step's later phases
        threading.Thread(target=talk, name=f"aga-talk-{step}", daemon=True).start()

    def _last_step(self, step: int, minutes: int) -> int:
        return last_step(step, minutes, self.rt.clock.step)
