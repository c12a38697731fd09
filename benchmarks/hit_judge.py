"""Does a cache hit reuse a *different* activity? A judge that a reader can check by eye.

A similarity threshold cannot be its own judge: pairs of genuinely different steps score 0.86-0.89 on
MiniLM ("tidying the bedroom" reused for "stretching" at 0.886). The judge here is the words:

- an action "block (subtask)" is judged on what the agent does now, the innermost parenthesis
  (the subtask), or on the whole text when there is none;
- its activity words are the stems of its content words, leaving out stop words, names (capitalised
  words: sharing a person or a place does not make the same activity), light verbs that carry no
  activity of their own ("having", "taking", "making", "working", "wrapping up") and times of day;
- a hit names a different activity when the asked and the reused text share no activity word.

It is a lower bound: "making coffee" and "making the bed" would share nothing after "making" is
dropped and count as different, rightly, but "reading a novel" and "reading emails" share "read" and
pass. Texts with no activity word at all (rare: "doing it") are not judged.
"""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

_STEMMER = snowballstemmer.stemmer("english")
# scikit-learn's stop list (a library's, not ours) holds a few words that name activities or things
# ("call", "fire", "bill", "move"...); those stay activity words.
STOP_WORDS = ENGLISH_STOP_WORDS - {
    "bill", "call", "describe", "detail", "fill", "find", "fire", "found", "interest", "mill", "move", "show",
    "system", "empty", "front", "back", "bottom", "side", "top",
}  # fmt: skip

# Support verbs and words of time that two unrelated activities share without meaning the same thing.
LIGHT = frozenset(
    _STEMMER.stemWords(
        [
            "have",
            "having",
            "do",
            "doing",
            "get",
            "getting",
            "go",
            "going",
            "take",
            "taking",
            "make",
            "making",
            "give",
            "giving",
            "keep",
            "keeping",
            "start",
            "starting",
            "begin",
            "beginning",
            "continue",
            "continuing",
            "finish",
            "finishing",
            "spend",
            "spending",
            "try",
            "trying",
            "work",
            "working",
            "wrap",
            "wrapping",
            "up",
            "some",
            "bit",
            "little",
            "short",
            "quick",
            "day",
            "morning",
            "afternoon",
            "evening",
            "night",
            "today",
            "minute",
            "minutes",
            "hour",
            "hours",
            "time",
        ]
    )
)


def subtask(text: str) -> str:
    """What the agent does now: the last parenthesis of "block (subtask)", else the whole text."""
    found = re.findall(r"\(([^()]*)\)", text)
    return found[-1] if found and found[-1].strip() else text


@lru_cache(maxsize=65536)
def activity_words(text: str) -> frozenset[str]:
    """Stems of the words of ``text``'s subtask that name an activity (see the module doc)."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", subtask(text))
    # A capitalised word after the first is a name; the first may be capitalised as a sentence's start.
    kept = [w.lower().split("'")[0] for i, w in enumerate(words) if i == 0 or not w[0].isupper()]
    kept = [w for w in kept if w not in STOP_WORDS]
    return frozenset(s for s in _STEMMER.stemWords(kept) if s not in LIGHT)


def names_other_activity(asked: str, reused: str) -> bool | None:
    """True when ``reused`` names a different activity from ``asked`` (no activity word in common),
    False when they share one, None when either has no activity word to judge by."""
    a, b = activity_words(asked), activity_words(reused)
    if not a or not b:
        return None
    return not (a & b)
