"""What the interviewed agents know: news (diffusion, with invented details) and each other (density).

Park et al. measured information diffusion and relationship formation by interview: each agent was
asked whether it knew of the seeded news, and every agent about every other ("Do you know <name>?")
at the start and at the end; a judge decides from each answer whether it shows knowledge. An answer
about news that contradicts it or adds unsupported specifics counts as a hallucination; so does a
claim to know a resident of whom the agent has no memory at all.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from aga.llm.gateway import Gateway
from aga.llm.tasks import Task

PROMPTS = Path(__file__).parent / "prompts"


class KnowsNews(BaseModel):
    """The judge's reading of an answer about a piece of news."""

    knows: bool
    invents: bool


class KnowsPerson(BaseModel):
    """The judge's reading of an answer to "Do you know X?"."""

    knows: bool


KNOWS_NEWS = Task(
    name="eval.knows_news",
    template=PROMPTS / "eval.knows_news.txt",
    schema=KnowsNews,
    failsafe=KnowsNews(knows=False, invents=False),
    max_tokens=40,
    temperature=0.0,
)
KNOWS_PERSON = Task(
    name="eval.knows_person",
    template=PROMPTS / "eval.knows_person.txt",
    schema=KnowsPerson,
    failsafe=KnowsPerson(knows=False),
    max_tokens=30,
    temperature=0.0,
)


def judge_news(gateway: Gateway, *, name: str, question: str, answer: str, fact: str) -> tuple[KnowsNews, bool]:
    """The judge's reading and whether it is a fail-safe (no reading: left out of the figures)."""
    before = gateway.failsafes
    got = gateway.call(KNOWS_NEWS, {"name": name, "question": question, "answer": answer, "fact": fact})
    return got, gateway.failsafes > before


def judge_person(gateway: Gateway, *, name: str, other: str, answer: str) -> tuple[KnowsPerson, bool]:
    """The judge's reading of "Do you know ``other``?" and whether it is a fail-safe."""
    before = gateway.failsafes
    got = gateway.call(KNOWS_PERSON, {"name": name, "other": other, "answer": answer})
    return got, gateway.failsafes > before
