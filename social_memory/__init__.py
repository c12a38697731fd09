"""Social Memory: how each agent sees each other agent (relationship, feeling, closeness 0-10 and a
compact summary of what it knows about them), updated by folding new memories into the summary and by
re-judging the relationship after each dialogue, with the whole history kept for replay.

A library of its own: it never imports the town runtime. A host gives it a SQLAlchemy engine and,
per update, the LLM-backed callables of :mod:`social_memory.interfaces`.

    social = SocialMemory(engine)
    social.seed("Ana", "Bob", label="husband", closeness=10, when=start)
    social.fold("Ana", "Bob", [("m17", "Bob fixed the roof")], summarise, when=now, step=n)
    social.assess("Ana", "Bob", dialogue, assess, when=now, step=n)
    social.matrix(["Ana", "Bob"], when=end_of_day_1)
"""

from social_memory.interfaces import Assessor, Summariser, TokenCounter, approximate_tokens
from social_memory.model import ACQUAINTANCE, COWORKER, FAMILY, SCALE, STRANGER, Change, Relation, RelationUpdate
from social_memory.network import changed_pairs, density, mean_closeness, measures
from social_memory.store import SocialMemory, trim

__all__ = [
    "ACQUAINTANCE",
    "COWORKER",
    "FAMILY",
    "SCALE",
    "STRANGER",
    "Assessor",
    "Change",
    "Relation",
    "RelationUpdate",
    "SocialMemory",
    "Summariser",
    "TokenCounter",
    "approximate_tokens",
    "changed_pairs",
    "density",
    "mean_closeness",
    "measures",
    "trim",
]
