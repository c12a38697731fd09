"""Where sentences end in free text: at . ! ? followed by a space, or at a CJK full stop, but not at
the period of a title or an initial ("St. Brigid's", "Dr. Okafor", "J. Smith"), which towns are full of.

Social Memory cuts its summaries at sentence ends (:func:`social_memory.trim`), so that a cut never
leaves half a name; aga's scripted simulator reads prompts with the same rule.
"""

from __future__ import annotations

import re

# Words whose period ends no sentence. Python's look-behinds must be of fixed width, so each word gets
# one of its own.
ABBREVIATIONS = (
    "St", "Dr", "Mr", "Mrs", "Ms", "Mt", "Jr", "Sr", "No", "Prof", "Rev", "Capt", "Fr", "Lt", "Sgt", "Ave",
)  # fmt: skip
# Matches the gap after a sentence: looked at after the period (Latin scripts), or the empty gap after a
# CJK full stop, which has no space after it.
SENTENCE_END = (
    r"(?:(?<=\.)" + "".join(rf"(?<!\b{a}\.)" for a in ABBREVIATIONS) + r"(?<!\b[A-Z]\.)|(?<=[!?]))\s+|(?<=[。！？])"
)


def split_sentences(text: str) -> list[str]:
    """``text``'s sentences, stripped, empty ones left out."""
    return [s.strip() for s in re.split(SENTENCE_END, text) if s.strip()]
