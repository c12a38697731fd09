"""React: decide to talk to someone in view, or to wait for them, and re-plan around it.

As in the original: when another agent's new event is in focus, the agent may decide to talk (yes/no
with reasoning); if not, and both are headed for the same object that the other is using, it may
decide to wait. Either way the next hours of its schedule are re-decomposed around the new activity.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from aga.agents import Action, Agent
from aga.agents.state import is_sleep
from aga.cognition import social
from aga.cognition.answers import Decision
from aga.cognition.common import Runtime, fmt_time, task
from aga.cognition.converse import converse
from aga.cognition.perceive import Perceived
from aga.cognition.replan import insert_activity

DECIDE_TALK = task("react.decide_talk", Decision, Decision(reasoning="(no answer)", decision=False), max_tokens=200)
DECIDE_WAIT = task("react.decide_wait", Decision, Decision(reasoning="(no answer)", decision=False), max_tokens=200)

LATE_HOUR = 23  # the original lets nobody start a conversation in the 11 pm hour


def _seen(rt: Runtime, other: Agent) -> tuple[tuple[int, int], Action | None]:
    """``other`` as the phase sees it: a partner in view, so always known."""
    seen = rt.seen(other)
    assert seen is not None, f"{other.name} is read without being in view"
    return seen


def can_chat(rt: Runtime, agent: Agent, other: Agent) -> bool:
    """The original's preconditions for a conversation (no LLM call)."""
    now = rt.now
    for a, b in ((agent, other), (other, agent)):
        _, action = _seen(rt, a)
        if action is None or action.chatting_with is not None or a.state.asleep:
            return False
        if action.address.startswith("<waiting>"):
            return False
        if a.state.chat_cooldowns.get(b.name, now) > now:
            return False
    return now.hour != LATE_HOUR


def context_about(rt: Runtime, agent: Agent, other: Agent, k: int = 10) -> str:
    """What the agent remembers about ``other`` and their current action (retrieval, no LLM)."""
    _, action = _seen(rt, other)
    assert action is not None
    focal = [other.name, f"{other.name} is {action.description}"]
    retrieved = rt.memory.retrieve(agent.name, focal, rt.now, rt.weights, k=k)
    seen: list[str] = []
    for scored in retrieved.values():
        for s in scored:
            if s.node.description not in seen:
                seen.append(s.node.description)
    return " ".join(d.rstrip(".") + "." for d in seen)


@dataclass(frozen=True)
class Reaction:
    """What an agent decided to do about someone in view: talk to them, or wait for them to finish."""

    kind: Literal["talk", "wait"]
    other: str
    description: str = ""  # the wait's activity
    minutes: int = 0  # the wait's length


def react(rt: Runtime, agent: Agent, perceived: list[Perceived]) -> bool:
    """React to the nearest other agent among new events; True when the agent's plan changed."""
    reaction = decide(rt, agent, perceived)
    if reaction is None:
        return False
    act_on(rt, agent, reaction)
    return True


def decide(rt: Runtime, agent: Agent, perceived: list[Perceived]) -> Reaction | None:
    """Whether to talk to (or wait for) the nearest other agent among new events; changes nothing.

    A phased step decides for every agent at once and then acts on the decisions in a fixed order,
    dropping those an earlier one made impossible (see :mod:`aga.sim.phased`).
    """
    action = agent.state.action
    if action is None or action.chatting_with is not None or agent.state.asleep:
        return None
    focus = next((e for e in perceived if e.actor and e.actor != agent.name), None)
    if focus is None or focus.actor not in rt.agents:
        return None
    other = rt.agents[focus.actor]
    _, theirs = _seen(rt, other)
    if theirs is None:
        return None
    seen = {
        "time": fmt_time(rt.now),
        "name": agent.name,
        "action": action.description,
        "other": other.name,
        "other_action": theirs.description,
    }
    if can_chat(rt, agent, other):
        last = agent.state.last_chats.get(other.name, [])
        about = context_about(rt, agent, other)
        if rt.social is not None:  # the relation as it has evolved, not only as the scenario set it
            sentence, _, _ = social.talk_context(rt, agent, other)
            about = f"{sentence}\n{about}"
        context = {
            **seen,
            "context": about,
            "last_chat": "" if not last else f"Last time they talked: {' '.join(t for _, t in last[:2])}",
        }
        if rt.call(DECIDE_TALK, agent, context).decision:
            return Reaction("talk", other.name)
    if may_wait(rt, agent, other):
        context = {**seen, "context": context_about(rt, agent, other)}
        if rt.call(DECIDE_WAIT, agent, context).decision:
            remaining = max(1, int((theirs.end - rt.now).total_seconds() // 60))
            return Reaction("wait", other.name, f"waiting to start {_step_of(action.description)}", remaining)
    return None


def act_on(rt: Runtime, agent: Agent, reaction: Reaction) -> None:
    """Hold the conversation, or start the wait, that ``reaction`` decided."""
    if reaction.kind == "talk":
        converse(rt, agent, rt.agents[reaction.other])
    else:
        wait(rt, agent, reaction.description, reaction.minutes)


def _step_of(description: str) -> str:
    """The step of a decomposed action ("having lunch (eating slowly)" -> "eating slowly"), else the
    action: a wait is for the step, as the original words it (``act_desc.split('(')[-1][:-1]``), and
    is not itself a step of the block it interrupts."""
    m = re.search(r"\(([^()]+)\)\s*$", description)
    return m.group(1) if m else description


def may_wait(rt: Runtime, agent: Agent, other: Agent) -> bool:
    """The original's preconditions for waiting until ``other`` is done with an object (no LLM call).

    As its ``lets_react``: nobody waits for someone sleeping, nor while sleeping (a shared bed is
    shared, not queued for: without this a spouse stood by the bed for the partner's whole night), nor
    in the 11 pm hour, nor for someone who is waiting; and only for the object both are headed for.
    """
    mine = agent.state.action
    _, theirs = _seen(rt, other)
    if mine is None or theirs is None or rt.now.hour == LATE_HOUR:
        return False
    if is_sleep(mine.description) or is_sleep(theirs.description):
        return False
    return _same_target(mine, theirs)


def _same_target(mine: Action | None, theirs: Action | None) -> bool:
    if mine is None or theirs is None or ":" not in mine.address:
        return False
    return mine.address == theirs.address and mine.address.count(":") == 3 and not theirs.path


def wait(rt: Runtime, agent: Agent, description: str, minutes: int) -> None:
    """Stand still for ``minutes`` and re-plan the schedule around the wait."""
    insert_activity(rt, agent, description, minutes)
    tile = agent.state.tile
    agent.state.action = Action(
        description=description,
        address=f"<waiting> {tile[0]} {tile[1]}",
        start=rt.now,
        minutes=minutes,
        emoji="⌛",
        event=(agent.name, "wait", "start"),
        path_set=True,
    )
    rt.timeline.add(rt.step, rt.now, agent.name, "action", description, minutes=minutes)
