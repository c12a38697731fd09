"""Social Memory in the town: dialogue from compressed social knowledge instead of long memory dumps.

With ``--mode social`` or ``aga`` (paper section 3.2):

- Each utterance: the speaker retrieves memories for the last round of the dialogue (for the first
  line: about the listener and what they are doing); memories not yet folded into the speaker's
  summary of the listener are folded in by one LLM call (none when nothing is new). The utterance prompt
  then carries the identity, the relationship, feeling and closeness, the summary and only the last
  round, instead of the baseline's per-utterance relationship summary (50 memories) and raw memory list.
- After the dialogue: one call per side re-judges relationship, feeling and closeness.
- Decide-to-talk sees the relationship; interviews see the relation to anyone the question names.

A fail-safe answer never overwrites what was known: the library keeps the previous values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from aga.agents import Agent
from aga.cognition import wandering as wander
from aga.cognition.answers import ShownLines, Utterance, says_again
from aga.cognition.common import SEED_STEP, Runtime, identity, task
from aga.cognition.wandering import wandering_text
from social_memory import Relation, RelationUpdate

FOLD_K_FIRST = 20  # memories about the partner when a conversation opens (the reference code's ~20)
FOLD_K_TURN = 15  # memories for the last round, as the baseline's utterance retrieval


class FoldAnswer(BaseModel):
    """The new summary events."""

    summary: str = Field(min_length=1, max_length=2000)


class AssessAnswer(BaseModel):
    """Relationship, feeling and closeness after a dialogue."""

    label: str = Field(min_length=1, max_length=80)
    feeling: str = Field(min_length=1, max_length=80)
    closeness: int = Field(ge=0, le=10)


FOLD = task("social.fold", FoldAnswer, lambda ctx, _: FoldAnswer(summary=ctx["summary"] or "-"), max_tokens=300)
ASSESS = task(
    "social.assess",
    AssessAnswer,
    lambda ctx, _: AssessAnswer(label=ctx["label"], feeling=ctx["feeling"] or "neutral", closeness=ctx["closeness"]),
    max_tokens=80,
    temperature=0.3,
)
UTTERANCE = task(
    "converse.utterance_social",
    Utterance,
    Utterance(utterance="It was nice to see you, but I have to go now.", end=True),
    max_tokens=150,
    refuse=says_again,
)


def describe(relation: Relation) -> str:
    """One paragraph of what the owner knows and feels about the other (for prompts)."""
    feeling = f", feeling {relation.feeling}" if relation.feeling else ""
    known = f" What {relation.owner} knows: {relation.summary}" if relation.summary else ""
    closeness = f"closeness {relation.closeness}/10"
    return f"{relation.owner} sees {relation.other} as {relation.label}{feeling} ({closeness}).{known}"


def seed(rt: Runtime) -> None:
    """Starting relations from the scenario; pairs it never mentions stay strangers."""
    assert rt.social is not None
    for agent in rt.agents.values():
        for rel in agent.persona.relationships:
            if rel.name in rt.agents:
                rt.social.seed(
                    agent.name,
                    rel.name,
                    label=rel.label,
                    closeness=rel.closeness,
                    feeling=rel.feeling,
                    when=rt.now,
                    step=SEED_STEP,
                )


def _summariser(rt: Runtime, agent: Agent) -> Any:
    def summarise(relation: Relation, events: Sequence[str], budget: int) -> str | None:
        context = {
            "name": relation.owner,
            "other": relation.other,
            "summary": relation.summary,
            "known_as": relation.label,
            "events": "\n".join(f"- {e}" for e in events),
            "words": max(20, budget * 3 // 4),
        }
        with rt.gateway.tally() as tally:
            answer = rt.call(FOLD, agent, context)
        return None if tally.failsafes else answer.summary

    return summarise


def _assessor(rt: Runtime, agent: Agent) -> Any:
    def assess(relation: Relation, dialogue: Sequence[tuple[str, str]]) -> RelationUpdate | None:
        context = {
            "identity": identity(agent, rt.now),
            "name": relation.owner,
            "other": relation.other,
            "label": relation.label,
            "feeling": relation.feeling,
            "closeness": relation.closeness,
            "summary": relation.summary or "nothing yet",
            "conversation": "\n".join(f"{who}: {text}" for who, text in dialogue),
        }
        with rt.gateway.tally() as tally:
            answer = rt.call(ASSESS, agent, context)
        if tally.failsafes:
            return None
        return RelationUpdate(label=answer.label, feeling=answer.feeling, closeness=answer.closeness)

    return assess


def utterance(
    rt: Runtime, speaker: Agent, listener: Agent, lines: list[tuple[str, str]], turn: int, max_turns: int
) -> Utterance:
    """The speaker's next line from its social memory of the listener and the last round."""
    assert rt.social is not None and listener.state.action is not None and speaker.state.action is not None
    now = rt.now
    if lines:
        last_round = lines[-2:]
        focal, k = [" ".join(text for _, text in last_round)], FOLD_K_TURN
    else:
        last_round = []
        focal, k = [listener.name, f"{listener.name} is {listener.state.action.description}"], FOLD_K_FIRST
    retrieved = rt.memory.retrieve(speaker.name, focal, now, rt.weights, k=k)
    events: list[tuple[str, str]] = []
    for scored in retrieved.values():
        for s in scored:
            events.append((str(s.node.id), s.node.description))
    rt.social.fold(speaker.name, listener.name, events, _summariser(rt, speaker), when=now, step=rt.step)
    relation = rt.social.relation(speaker.name, listener.name)
    here = rt.scenario.town.address_at(speaker.state.tile)
    context = {
        # Mind wandering joins the identity block, so that prompts without it stay as they were.
        "identity": "\n".join(x for x in (identity(speaker, now), wandering_text(rt, speaker, wander.UTTERANCE)) if x),
        "name": speaker.name,
        "other": listener.name,
        "location": f"{here.arena or 'the street'} in {here.sector or rt.scenario.town.world}",
        "action": speaker.state.action.description,
        "other_action": listener.state.action.description,
        "label": relation.label,
        "feeling": relation.feeling or "no particular feeling",
        "closeness": relation.closeness,
        "summary": relation.summary or "nothing yet",
        "last_round": "\n".join(f"{who}: {text}" for who, text in last_round)
        or "[The conversation has not started yet -- start it!]",
    }
    # Only the lines the prompt shows: a line the model never saw is not one it copied.
    return rt.call(UTTERANCE, speaker, context, facts=ShownLines(tuple(text for _, text in last_round)))


def after_dialogue(rt: Runtime, a: Agent, b: Agent, lines: Sequence[tuple[str, str]]) -> None:
    """Each side re-judges the other (one call each; a failed answer keeps the old values)."""
    assert rt.social is not None
    for me, other in ((a, b), (b, a)):
        rt.social.assess(me.name, other.name, lines, _assessor(rt, me), when=rt.now, step=rt.step)


def talk_context(rt: Runtime, agent: Agent, other: Agent) -> tuple[str, str, int]:
    """(a sentence for the decide-to-talk prompt, the label, the closeness) from social memory."""
    assert rt.social is not None
    relation = rt.social.relation(agent.name, other.name)
    return describe(relation), relation.label, relation.closeness


def about_named(rt: Runtime, agent: Agent, text: str) -> list[str]:
    """The agent's relation to every other agent ``text`` names (full or first name)."""
    if rt.social is None:
        return []
    lowered = text.lower()
    out = []
    for other in rt.agents.values():
        if other.name == agent.name:
            continue
        if other.name.lower() in lowered or re.search(rf"\b{re.escape(other.first_name.lower())}\b", lowered):
            out.append(describe(rt.social.relation(agent.name, other.name)))
    return out
