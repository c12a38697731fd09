"""Converse: a dialogue generated turn by turn, then remembered by both sides.

Baseline, as in the original: before every utterance the speaker retrieves ~50 memories about the
listener and has the LLM summarise their relationship, then retrieves ~15 memories for the last lines
and says the next line (JSON: utterance, end). The conversation ends when a side ends it or after
``max_conversation_rounds`` rounds. Afterwards: a summary, a chat memory with its importance for each
side, a planning thought and a memo for each side (each with a triple and an importance), and each
side's schedule is re-planned around the chat, whose length follows the text (as in the original);
calls that rest on the lines alone are asked at once in a threaded run (``Runtime.gather``).
With Social Memory (``social`` module) each line comes instead from the speaker's relation to the
listener and the last round, and each side re-judges the relation afterwards.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from aga.agents import Action, Agent
from aga.cognition import social
from aga.cognition import wandering as wander
from aga.cognition.answers import ShownLines, Text, Utterance, says_again
from aga.cognition.common import Runtime, identity, task
from aga.cognition.perceive import rate
from aga.cognition.replan import insert_activity
from aga.cognition.thoughts import judge_thoughts, store_thought
from aga.cognition.wandering import wandering_text
from aga.memory import MemoryKind

RELATIONSHIP = task(
    "converse.relationship",
    Text,
    lambda ctx, _: Text(text=f"{ctx['name']} and {ctx['other']} know each other."),
    max_tokens=200,
)
UTTERANCE = task(
    "converse.utterance",
    Utterance,
    Utterance(utterance="It was nice to see you, but I have to go now.", end=True),
    max_tokens=150,
    refuse=says_again,
)
SUMMARY = task("converse.summary", Text, Text(text="conversing about their day"), max_tokens=80)
CHAT_PLANNING = task(
    "reflect.chat_planning", Text, Text(text="Nothing to plan from this conversation."), max_tokens=150
)
CHAT_MEMO = task("reflect.chat_memo", Text, Text(text="It was a pleasant conversation."), max_tokens=150)

START_LINE = "[The conversation has not started yet -- start it!]"


def _lines_text(lines: list[tuple[str, str]]) -> str:
    return "\n".join(f"{who}: {text}" for who, text in lines) if lines else START_LINE


def cooldown(rt: Runtime) -> timedelta:
    """How long the same pair waits before another conversation."""
    return timedelta(minutes=rt.scenario.params.chat_cooldown_minutes)


def utterance(
    rt: Runtime, speaker: Agent, listener: Agent, lines: list[tuple[str, str]], turn: int, max_turns: int
) -> Utterance:
    """The speaker's next line: a relationship summary, a retrieval, then the utterance (2 calls)."""
    now = rt.now
    about = rt.memory.retrieve(speaker.name, [listener.name], now, rt.weights, k=50)[listener.name]
    statements = [s.node.description for s in about]
    label, closeness = speaker.relationship(listener.name)
    relationship = rt.call(
        RELATIONSHIP,
        speaker,
        {
            "statements": "\n".join(statements),
            "name": speaker.name,
            "other": listener.name,
        },
    ).text
    assert listener.state.action is not None and speaker.state.action is not None
    focal = [relationship, f"{listener.name} is {listener.state.action.description}"]
    if lines:
        focal.append(" ".join(text for _, text in lines[-4:]))
    retrieved = rt.memory.retrieve(speaker.name, focal, now, rt.weights, k=15)
    memories: list[str] = []
    for scored in retrieved.values():
        for s in scored:
            if s.node.description not in memories:
                memories.append(s.node.description)
    here = rt.scenario.town.address_at(speaker.state.tile)
    past = speaker.state.last_chats.get(listener.name, [])
    context = {
        # Mind wandering joins the identity block, so that prompts without it stay as they were.
        "identity": "\n".join(x for x in (identity(speaker, now), wandering_text(rt, speaker, wander.UTTERANCE)) if x),
        "name": speaker.name,
        "other": listener.name,
        "memories": "\n".join(f"- {m}" for m in memories),
        "past_context": "" if not past else f"Earlier they talked: {' '.join(t for _, t in past[:4])}",
        "location": f"{here.arena or 'the street'} in {here.sector or rt.scenario.town.world}",
        "action": speaker.state.action.description,
        "other_action": listener.state.action.description,
        # The cast's label says what the listener is to the speaker ("with = Lisl, label = daughter"):
        # "Jonas is daughter of Lisl", as this line read before, told a model the relation backwards.
        "relation_phrase": (
            f"{listener.name} is {speaker.name}'s {label}"
            if closeness
            else f"{speaker.name} is a stranger to {listener.name}"
        ),
        "relationship": relationship,
        "conversation": _lines_text(lines),
    }
    return rt.call(UTTERANCE, speaker, context, facts=ShownLines(tuple(text for _, text in lines)))


def chat_minutes(lines: list[tuple[str, str]]) -> int:
    """How long a conversation with these lines lasts (as the original: its text's length / 8 / 30).
    Lines said so far give a lower bound of the conversation's length: their text is a prefix of it."""
    return max(1, math.ceil(len(_lines_text(lines)) / 8 / 30))


def chat_action(me: Agent, other: Agent, start: datetime, minutes: int) -> Action:
    """``me``'s action while chatting with ``other``. Others read of it only what does not depend on
    the conversation (its description, event, address and partner), never its length: agents running
    ahead (:mod:`aga.sim.ahead`) see a conversation's partners before its lines are known."""
    return Action(
        description=f"chatting with {other.name}",
        address=f"<persona> {other.name}",
        start=start,
        minutes=minutes,
        emoji="💬",
        event=(me.name, "chat with", other.name),
        chatting_with=other.name,
        chat_end=start + timedelta(minutes=minutes),
        path_set=True,
    )


Heard = Callable[[list[tuple[str, str]]], None]


def converse(rt: Runtime, a: Agent, b: Agent, heard: Heard | None = None) -> list[tuple[str, str]]:
    """Hold a conversation between ``a`` (who starts) and ``b``; both remember it and re-plan.

    ``heard`` is told the lines after each one (agents running ahead learn from them how long the
    conversation lasts at least)."""
    now = rt.now
    max_turns = 2 * rt.scenario.params.max_conversation_rounds
    lines: list[tuple[str, str]] = []
    for turn in range(max_turns):
        speaker, listener = (a, b) if turn % 2 == 0 else (b, a)
        speak = social.utterance if rt.social is not None else utterance
        said = speak(rt, speaker, listener, lines, turn, max_turns)
        lines.append((speaker.name, said.utterance))
        if heard is not None:
            heard(lines)
        if said.end:
            break
    text = _lines_text(lines)
    if rt.social is not None:
        social.after_dialogue(rt, a, b, lines)
    minutes = chat_minutes(lines)
    # The summary and both partners' re-plans rest on the lines alone (each re-plan on its own
    # schedule): asked at once in a threaded run.
    summary, *_ = rt.gather(
        a,
        lambda: rt.call(SUMMARY, a, {"conversation": text}).text,
        *(partial(insert_activity, rt, me, f"chatting with {other.name}", minutes) for me, other in ((a, b), (b, a))),
    )
    for me, other in ((a, b), (b, a)):
        me.state.action = chat_action(me, other, now, minutes)
        me.state.chat_cooldowns[other.name] = now + timedelta(minutes=minutes) + cooldown(rt)
        me.state.last_chats[other.name] = list(lines)
    remember_chat(rt, [(a, b), (b, a)], summary, text)
    # (where it was held, as an action's address: `aga log --kind chat` showed an empty "where" column)
    where = str(rt.scenario.town.address_at(a.state.tile))
    rt.timeline.add(rt.step, now, a.name, "chat", summary, partner=b.name, lines=lines, minutes=minutes, address=where)
    return lines


def remember_chat(rt: Runtime, pairs: Sequence[tuple[Agent, Agent]], summary: str, conversation: str) -> None:
    """For each (me, other): the chat memory, then a planning thought and a memo, each with a triple and
    an importance. Every call rests on the conversation alone, so all are asked at once (in a threaded
    run: the two partners' importance, planning thought and memo, then every thought's triple and
    importance), and the memories are added afterwards in the original's order."""
    now = rt.now
    prefixes = ("For {name}'s planning: ", "")

    def ask(me: Agent) -> list[Any]:
        context = {"conversation": conversation, "name": me.name}
        return rt.gather(
            me,
            lambda: rate(rt, me, conversation, kind=MemoryKind.CHAT),
            lambda: rt.call(CHAT_PLANNING, me, context).text,
            lambda: rt.call(CHAT_MEMO, me, context).text,
        )

    asked = rt.gather(pairs[0][0], *(partial(ask, me) for me, _ in pairs))
    thoughts = [
        (me, prefix.format(name=me.name) + text)
        for (me, _), (_, *texts) in zip(pairs, asked, strict=True)
        for prefix, text in zip(prefixes, texts, strict=True)
    ]
    judged = iter(zip(thoughts, judge_thoughts(rt, thoughts), strict=True))
    for (me, other), (importance, *_) in zip(pairs, asked, strict=True):
        rt.memory.add(
            me.name,
            MemoryKind.CHAT,
            (me.name, "chat with", other.name),
            f"{me.name} and {other.name} were {summary}",
            importance,
            now,
            step=rt.step,
        )
        for kind in (MemoryKind.PLAN, MemoryKind.REFLECTION):
            (who, text), judgement = next(judged)
            store_thought(rt, who, text, judgement, kind=kind)
