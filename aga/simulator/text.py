"""Reading and writing English the simple way: verb forms, times in text, fields of a prompt."""

from __future__ import annotations

import re

from aga.agents.routine import clock_hour, hour_in, timed_items, without_time

__all__ = ["clock_hour", "hour_in"]


def field(block: str, label: str) -> str:
    """The value of a ``Label: value`` line of an identity block ('' when absent)."""
    m = re.search(rf"^{re.escape(label)}:\s*(.*)$", block, re.MULTILINE)
    return m.group(1).strip() if m else ""


def listed(text: str) -> list[str]:
    """The items of a comma-separated option list as a prompt shows it."""
    return [x.strip() for x in text.split(",") if x.strip()]


strip_time = without_time


def timed(items: list[str]) -> list[tuple[int, str]]:
    """(hour, item without its time) for the items that name a clock time."""
    return [(hour, without_time(item)) for hour, item in timed_items(items)]


def clauses(text: str) -> list[str]:
    """A sentence split at commas, semicolons, 'then' and 'and' before a lower-case word."""
    parts = re.split(r"[.;,]|\band\b(?=\s+[a-z])|\bthen\b", text)
    return [p.strip() for p in parts if len(p.strip()) >= 4]


_IRREGULAR = {"goes": "go", "does": "do", "has": "have", "is": "be", "studies": "study", "tries": "try"}


def base_form(clause: str) -> str:
    """'opens the bakery' -> 'open the bakery' (third person to plan form)."""
    words = clause.split()
    if not words:
        return clause
    verb = words[0].lower()
    if verb in _IRREGULAR:
        words[0] = _IRREGULAR[verb]
    elif verb.endswith("ies") and len(verb) > 4:
        words[0] = verb[:-3] + "y"
    elif verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        words[0] = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss") and len(verb) > 3:
        words[0] = verb[:-1]
    return " ".join(words)


_ING = {
    "be": "being", "go": "going", "do": "doing", "see": "seeing", "lie": "lying", "get": "getting",
    "run": "running", "sit": "sitting", "shop": "shopping", "stop": "stopping", "put": "putting",
    "swim": "swimming", "set": "setting", "plan": "planning", "chat": "chatting", "jog": "jogging",
    "begin": "beginning", "cut": "cutting", "dig": "digging", "mop": "mopping", "scrub": "scrubbing",
}  # fmt: skip


def gerund(phrase: str) -> str:
    """'have breakfast' -> 'having breakfast' (plan form to the present continuous of actions)."""
    words = phrase.split()
    if not words or words[0].endswith("ing"):
        return phrase
    verb = words[0].lower()
    if verb in _ING:
        ing = _ING[verb]
    elif verb.endswith("ie"):
        ing = verb[:-2] + "ying"
    elif verb.endswith("e") and not verb.endswith("ee"):
        ing = verb[:-1] + "ing"
    elif re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", verb):  # grab -> grabbing, stop -> stopping
        ing = verb + verb[-1] + "ing"
    else:
        ing = verb + "ing"
    return " ".join([ing, *words[1:]])


def lemma(verb: str) -> str:
    """'brewing' -> 'brew', 'running' -> 'run'."""
    if verb.endswith("ing") and len(verb) > 5:
        stem = verb[:-3]
        if len(stem) > 2 and stem[-1] == stem[-2]:
            stem = stem[:-1]
        return stem
    return verb


def thing_of(activity: str) -> str:
    """What an activity is about: 'working on the ferry engine' -> 'the ferry engine'."""
    words = activity.split()
    rest = words[1:]
    while rest and rest[0].lower() in ("on", "at", "in", "to", "with", "for", "up", "out", "over"):
        rest = rest[1:]
    return " ".join(rest) or activity


def sentences(text: str) -> list[str]:
    """A paragraph's sentences."""
    return [x.strip() for x in re.split(r"(?<=[.!?])\s+", text) if x.strip()]


def bullet_lines(text: str) -> list[str]:
    """The lines of a listed block, without '- ' or '12. ' in front."""
    return [re.sub(r"^\s*(?:-|\d+\.)\s*", "", ln).strip() for ln in text.splitlines() if ln.strip()]


def clean_topic(text: str) -> str:
    """A memory as something to say: the innermost 'conversing about ...', no 'X cares about this:'."""
    if "conversing about " in text:
        text = text.rsplit("conversing about ", 1)[1]
    text = re.sub(r"^.*? cares about this: ", "", text)
    text = re.sub(r"^For [^:]{1,60}'s planning: ", "", text)
    return text.strip().rstrip(".")
