"""The interview: Park et al.'s five categories, five questions each, in our own words.

Two memory questions and two others name another resident; as in the paper, the name is drawn from the
residents the agent has talked with (the ones it should know), else from the whole cast. The questions
name no place or event of any bundled town.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

CATEGORIES = ("self-knowledge", "memory", "plans", "reactions", "reflections")

# {met} and {met2}: residents the agent has talked with (two different ones where there are two).
TEMPLATES: dict[str, tuple[str, ...]] = {
    "self-knowledge": (
        "Tell me about yourself.",
        "What do you do for a living?",
        "What are you most interested in these days?",
        "Who do you live with?",
        "Roughly, how does an ordinary weekday go for you?",
    ),
    "memory": (
        "Who is {met}?",
        "When did you last talk with {met}, and what about?",
        "What was the most interesting thing that happened to you yesterday?",
        "Is anything special coming up in town that people are talking about?",
        "Who is {met2}?",
    ),
    "plans": (
        "What will you be doing at 10 am tomorrow?",
        "What will you be doing at 6 pm tomorrow?",
        "What is the first thing you will do after you wake up tomorrow?",
        "What do you have planned for the rest of the week?",
        "Where will you have lunch tomorrow, and with whom?",
    ),
    "reactions": (
        "Your breakfast is burning! What do you do?",
        "You need the bathroom, but someone is in it. What do you do?",
        "You have to cook dinner and your fridge is empty. What do you do?",
        "You see {met} walking by in the street. What do you do or say?",
        "There is a fire in the street in front of you. What do you do?",
    ),
    "reflections": (
        "If you could spend time with one person you met recently, who would it be, and why?",
        "What has been on your mind most over the last few days?",
        "What would you like to do better tomorrow than you did today?",
        "What do you think of {met}?",
        "What matters most to you right now, and why?",
    ),
}


@dataclass(frozen=True)
class Question:
    """One interview question: its category, its number within it (0-4) and its words."""

    category: str
    index: int
    text: str

    @property
    def key(self) -> str:
        """A stable id, "memory.2", the same for every agent and condition."""
        return f"{self.category}.{self.index}"


def interview_questions(met: Sequence[str], cast: Sequence[str], *, seed: int, per_category: int = 5) -> list[Question]:
    """The questions for one agent. ``met``: residents it talked with, most talked-with first;
    ``cast``: the other residents (none: the questions naming one are left out). ``per_category`` (1-5)
    keeps the first questions of each category."""
    if not 1 <= per_category <= 5:
        raise ValueError(f"--questions {per_category}: give 1 to 5 questions per category")
    out = []
    if not cast:
        # Someone who lives alone is asked everything but the questions about another resident; the
        # others keep their keys, so conditions are still compared question by question.
        for category in CATEGORIES:
            for index, template in enumerate(TEMPLATES[category][:per_category]):
                if "{met" not in template:
                    out.append(Question(category, index, template))
        return out
    rng = random.Random(seed)
    pool = list(met) or list(cast)
    first = pool[0] if met else rng.choice(pool)
    rest = [n for n in (list(met) + list(cast)) if n != first]
    second = rest[0] if rest else first
    for category in CATEGORIES:
        for index, template in enumerate(TEMPLATES[category][:per_category]):
            out.append(Question(category, index, template.format(met=first, met2=second)))
    return out
