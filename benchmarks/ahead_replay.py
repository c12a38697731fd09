"""How fast could agents running ahead go? A replay of one run's schedule at a fixed latency per call.

``aga bench concurrency`` measures wall time; its "bound" column counts, per checkpoint interval, the
most calls one agent made, which ignores that agents near each other must step together. This replay
counts that coupling: it takes a town run once with ``--step ahead`` (the simulator in process, any
latency: the town is the same) and replays its schedule with the rules of :mod:`aga.sim.ahead` (groups
of agents within the vision radius at the same step, a group starting only when nobody behind could
reach it by then, a barrier at every checkpoint), each group step lasting ``latency`` times the calls
that must wait one after another in it, and nothing else: no Python, no queueing. So its wall time is
what the scheduling alone allows, a floor no implementation of these rules beats.

Calls that wait one after another, per agent and step, are counted from the ledger by task, as the
code makes them (``chain``): with the calls of one decision made at once (``Runtime.gather``), an
action's emoji and triple run beside its place and its object's emoji beside its triple, a
reflection's insights are asked together and its thoughts judged together, and after a conversation
both partners' importance, planning thought and memo are asked together, then all their thoughts
judged together. ``--one-by-one`` counts every call instead (the code before gathers).

A conversation is held apart from its group's step (:meth:`aga.sim.ahead.AheadStep._hold`): the group
ends its step without its partners, who are known to stand and chat until the last step the lines said
so far surely last (here: the conversation's length in minutes, reached in proportion to its calls),
and end their step when their conversation (its lines, then what both remember of it) is over.
``--inline-talks`` replays the rules before that, where a conversation's lines add up across its group.

    python -m benchmarks.ahead_replay ville25 --hours 1 --latency 0.55 --checkpoint-minutes 60
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import os
import tempfile
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import time as clock_time
from typing import Any

Tile = tuple[int, int]
CHAT = ("converse.", "social.", "reflect.chat_", "perceive.chat_importance")
ALONGSIDE = {"act.emoji", "act.object_triple", "perceive.thought_importance", "reflect.chat_memo"}


def capture(scenario: str, hours: float, start: str, mode: str, seed: int) -> dict[str, Any]:
    """Run the town ahead once (simulator in process) and return its :func:`schedule`."""
    from aga.sim.policies import POLICY_MODES, PolicyOptions
    from aga.sim.run import Run

    with tempfile.TemporaryDirectory() as tmp:
        saved = os.environ.get("AGA_RUNS_DIR")
        os.environ["AGA_RUNS_DIR"] = tmp
        try:
            run = Run.create(
                scenario,
                model="scripted/default",
                mode=mode,
                hours=hours,
                seed=seed,
                run_id="replay",
                start=clock_time.fromisoformat(start),
                policies=PolicyOptions(fresh=True) if mode in POLICY_MODES else None,
                step_mode="ahead",
                concurrency=1,
            )
            try:
                first = run.rt.gateway.ledger.last_id()
                run._step.trace = {}
                run.advance(checkpoint_minutes=hours * 60)
                return schedule(run, after_id=first)
            finally:
                run.close()
        finally:
            if saved is None:
                os.environ.pop("AGA_RUNS_DIR", None)
            else:
                os.environ["AGA_RUNS_DIR"] = saved


def schedule(run: Any, *, after_id: int) -> dict[str, Any]:
    """What :func:`replay` needs of a run stepped ahead from step 0 with a trace
    (``run._step.trace = {}`` before it ran): the model calls after ledger row ``after_id`` as (step,
    agent, task), its conversations as (step, starter, partner, minutes), every agent's tile at each
    step, the vision radius, the steps run and the steps per simulated minute."""
    from sqlmodel import Session, select

    from aga.llm.ledger import LedgerRow, Outcome

    origin, step_s = run.rt.clock.start, run.rt.clock.step.total_seconds()
    with Session(run.engine) as session:
        rows = session.exec(
            select(LedgerRow.sim_time, LedgerRow.agent, LedgerRow.task)
            .where(LedgerRow.id > after_id, LedgerRow.outcome != Outcome.CACHE_HIT.value)
            .order_by(LedgerRow.id)  # type: ignore[arg-type]
        )
        calls = [(int((w - origin).total_seconds() // step_s), str(a), t) for w, a, t in rows]
    chats = []
    for entry in run.rt.timeline.entries(kinds=["chat"]):
        data = json.loads(entry.data_json)
        chats.append((entry.step, entry.agent, data["partner"], int(data["minutes"])))
    return {
        "calls": calls,
        "chats": chats,
        "tiles": run._step.trace,
        "radius": run.rt.scenario.params.vision_radius,
        "steps": run.rt.step,
        "steps_per_minute": round(60 / step_s),
    }


def chain(tasks: Sequence[str], *, one_by_one: bool = False) -> int:
    """Calls among ``tasks`` (one agent's, one step's, outside a conversation) that wait one after another."""
    if one_by_one:
        return len(tasks)
    n, previous, judged, insights = 0, "", False, False
    for task in tasks:
        if task in ALONGSIDE or (task == "act.triple" and previous in ("act.emoji", "act.object")):
            pass  # made beside a call that is counted
        elif task == "act.triple":  # a thought's triple: all of a step's thoughts are judged at once
            n += 0 if judged else 1
            judged = True
        elif task == "reflect.insights":
            n += 0 if insights else 1
            insights = True
        else:
            n += 1
        previous = task
    return n


def replay(
    data: dict[str, Any],
    latency: float,
    checkpoint_steps: int,
    *,
    one_by_one: bool = False,
    inline_talks: bool = False,
) -> float:
    """Wall seconds of the town's schedule under :mod:`aga.sim.ahead`'s rules at ``latency`` a call."""
    radius, end = int(data["radius"]), int(data["steps"])
    spm = int(data["steps_per_minute"])
    tiles: dict[str, dict[int, Tile]] = {
        n: {int(s): (int(t[0]), int(t[1])) for s, t in h.items()} for n, h in data["tiles"].items()
    }
    agents = sorted(tiles)
    per: dict[tuple[int, str], list[str]] = defaultdict(list)
    for step, agent, task in data["calls"]:
        per[(int(step), agent)].append(task)
    own: dict[int, Counter[str]] = defaultdict(Counter)
    chat: dict[int, Counter[str]] = defaultdict(Counter)
    for (step, agent), tasks in per.items():
        talk = [t for t in tasks if t.startswith(CHAT)]
        rest = [t for t in tasks if not t.startswith(CHAT)]
        if one_by_one:
            chat[step][agent] += len(talk)
        else:
            tail = [t for t in talk if t.startswith(("reflect.chat_", "perceive.chat_")) or t == "converse.summary"]
            # The tail: asked together, then every thought judged together (its triples are in ``rest``).
            chat[step][agent] += len(talk) - len(tail) + (2 if tail else 0)
            if tail:
                rest = [t for t in rest if t not in ("act.triple", "perceive.thought_importance")]
        own[step][agent] += chain(rest, one_by_one=one_by_one)
    talks: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for step, a, b, minutes in data.get("chats", []) if not inline_talks else []:
        talks[int(step)].append((a, b, int(minutes)))

    def cheb(a: Tile, b: Tile) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    nxt = dict.fromkeys(agents, 0)
    held: dict[str, tuple[int, float, float, int]] = {}  # partner -> (step, began, lasts, minutes)
    running: set[str] = set()
    # (when, order, step, agents whose step then ends); an empty tuple is a line said (a wake-up)
    done: list[tuple[float, int, int, tuple[str, ...]]] = []
    order = 0
    now = 0.0
    barrier = min(checkpoint_steps, end)

    def until(m: str) -> int:
        """The last step partner ``m``'s conversation surely lasts, by the lines said so far."""
        step, began, lasts, minutes = held[m]
        said = 1.0 if lasts <= 0 else min(1.0, (now - began) / lasts)
        return step + max(1, math.floor(minutes * said + 1e-9)) * spm - 1

    def clear(m: str, group: list[str], step: int) -> bool:
        if m in group or step - nxt[m] <= 0:
            return True
        free = nxt[m]
        if m in held and (last := until(m)) >= nxt[m]:
            if step <= last:
                return True
            free = last + 1
        return min(cheb(tiles[m][nxt[m]], tiles[g][step]) for g in group) > radius + step - free

    def push(when: float, step: int, members: tuple[str, ...]) -> None:
        nonlocal order
        order += 1
        heapq.heappush(done, (when + 1e-9, order, step, members))

    while True:
        idle = sorted((n for n in agents if n not in running and nxt[n] < barrier), key=lambda n: (nxt[n], n))
        placed: set[str] = set()
        for name in idle:
            if name in placed:
                continue
            step = nxt[name]
            rest = [m for m in idle if nxt[m] == step and m not in placed and m != name]
            group, todo = [name], [name]
            while todo:
                here = tiles[todo.pop()][step]
                near = [m for m in rest if cheb(here, tiles[m][step]) <= radius]
                rest = [m for m in rest if m not in near]
                group += near
                todo += near
            placed.update(group)
            if not all(clear(m, group, step) for m in agents):
                continue
            running.update(group)
            pairs = [(a, b, minutes) for a, b, minutes in talks[step] if a in group]
            partners = {x for a, b, _ in pairs for x in (a, b)}
            ends = now + max(own[step][m] for m in group) * latency
            push(ends + sum(chat[step][m] for m in group if m not in partners) * latency, step,
                 tuple(m for m in group if m not in partners))  # fmt: skip
            for a, b, minutes in pairs:
                lasts = (chat[step][a] + chat[step][b]) * latency
                held[a] = held[b] = (step, ends, lasts, minutes)
                push(ends + lasts, step, (a, b))
                for k in range(1, minutes):
                    push(ends + lasts * k / minutes, step, ())
        if not done:
            if barrier >= end:
                return now
            barrier = min(barrier + checkpoint_steps, end)
            continue
        now, _, step, members = heapq.heappop(done)
        for member in members:
            nxt[member] = step + 1
            running.discard(member)


def main(argv: list[str] | None = None) -> None:
    """Capture a run and print the replayed wall time next to serial (every call one after another)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--hours", type=float, default=1.0)
    parser.add_argument("--start", default="09:00")
    parser.add_argument("--mode", default="aga")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--latency", type=float, default=0.55, help="seconds a call (the mean with jitter)")
    parser.add_argument("--checkpoint-minutes", type=float, action="append", help="repeatable")
    parser.add_argument("--one-by-one", action="store_true", help="also count every call in a row")
    parser.add_argument(
        "--inline-talks", action="store_true", help="also replay conversations inside their group's step"
    )
    args = parser.parse_args(argv)
    data = capture(args.scenario, args.hours, args.start, args.mode, args.seed)
    serial = len(data["calls"]) * args.latency
    print(f"{args.scenario}, {args.hours} h from {args.start}, {args.mode}: {len(data['calls'])} calls, "
          f"serial {serial:.0f} s at {args.latency} s a call")  # fmt: skip
    for minutes in args.checkpoint_minutes or [60.0]:
        steps = max(1, round(minutes * data["steps_per_minute"]))
        for one_by_one in (False, True) if args.one_by_one else (False,):
            for inline in (False, True) if args.inline_talks else (False,):
                wall = replay(data, args.latency, steps, one_by_one=one_by_one, inline_talks=inline)
                how = "every call in a row" if one_by_one else "with gathers"
                how += ", conversations in their group's step" if inline else ", conversations held apart"
                print(f"checkpoints every {minutes:g} min, {how}: {wall:.0f} s, {serial / wall:.2f}x over serial")


if __name__ == "__main__":
    main()
