"""Reading and writing English the simple way: verb forms, times in text, fields of a prompt."""

from __future__ import annotations

import re

from aga.routine import clock_hour, hour_in, timed_items, without_time
from social_memory.sentences import ABBREVIATIONS, split_sentences

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


# A period that ends a clause: not a title's or an initial's ("St. Brigid's Hospital", "Dr. Okafor",
# "J. Smith"; the same words as where sentences end, see social_memory.sentences), looked at before it.
_PERIOD = "".join(rf"(?<!\b{a})" for a in ABBREVIATIONS) + r"(?<!\b[A-Z])\."


def clauses(text: str) -> list[str]:
    """A sentence split at commas, semicolons, 'then', and at an 'and' that joins a second verb (see
    :func:`_joins_a_verb`)."""
    # Not at a comma that goes on with a time: "at 7 am, 1 pm and 6 pm" is one clause.
    parts = re.split(_PERIOD + r"|;|,(?!\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)\b)|\bthen\b", text)
    out: list[str] = []
    for part in parts:
        pieces = re.split(r"\band\b(?=\s+[a-z])", part)
        clause = pieces[0]
        for piece in pieces[1:]:
            if _joins_a_verb(clause, piece):
                out.append(clause)
                clause = piece
            else:
                clause = f"{clause}and{piece}"
        out.append(clause)
    return [c.strip() for c in out if len(c.strip()) >= 4]


# Words after which a word ending in -s was a plural noun, not a verb with its object: "children and
# adults on the piste", "bread and cakes every morning", "nets and lines, then ...". Not "to" or "with":
# verbs take them far more often ("likes to", "chats with") than a second thing does.
_NO_OBJECT = frozenset(
    (
        "on", "at", "in", "from", "for", "every", "each", "until", "till", "by", "near", "of", "before", "after",
        "during", "around", "across", "along", "over", "under", "into", "onto", "when", "while", "as", "or",
        "and", "daily", "early", "late", "together", "too", "again",
    )
)  # fmt: skip
_NEW_SUBJECT = frozenset(
    (
        "he", "she", "they", "it", "i", "we", "you", "can", "could", "will", "would", "shall", "should", "may",
        "might", "must",
    )
)  # fmt: skip
_ENDS_WITH_A_TIME = re.compile(
    r"(?:\d\s*(?:am|pm)|\b(?:noon|midnight|morning|afternoon|evening|night|o'clock|day|week|weekend|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday))\s*$",
    re.IGNORECASE,
)
_UNLIKE = 0.3  # MiniLM similarity below which two words are of different kinds ("shop" / "serves": 0.16)
_ADVERBS = frozenset(
    (
        "often", "also", "usually", "always", "sometimes", "still", "never", "rarely", "then", "later",
    )
)  # fmt: skip
_PROGRESSIVE = re.compile(r"\b(?:is|are|am|was|were)\s+(?:\w+\s+)?\w+ing\b")


def _joins_a_verb(before: str, after: str) -> bool:
    """Whether 'and' + ``after`` is a second verb of the clause ``before`` ("opens the shop and serves
    customers") rather than a second thing ("bakes bread and cakes", "teaches children and adults on the
    piste"). Hand-written: no part-of-speech tagger ships with the project, and MiniLM cannot tell a verb
    from a noun by one word (it is asked only whether two words are alike, below). In a clause whose verb
    agrees with a third person ("teaches"), a second verb does too (ends in -s) and takes an object or a
    companion ("sells them", "chats with"), or goes on in the same tense ("is training for it and
    studying for ..."), or comes with a subject or a modal of its own ("and he ...", "and can ..."); any
    other clause keeps the plain rule (an 'and' before a lower-case word)."""
    verb = leading_name(before.strip())[1]
    verb = re.sub(r"^(?:He|She|They|It)\s+", "", verb).split(" ", 1)[0]
    if not (verb.endswith("s") and verb.islower()):
        return True
    words = re.findall(r"[\w'’]+|[^\w\s]", after)
    while words and words[0].lower() in _ADVERBS:  # "and often brings it up"
        words = words[1:]
    if not words:
        return False
    first = words[0].lower()
    if first in _NEW_SUBJECT or (first.endswith("ing") and _PROGRESSIVE.search(before)):
        return True
    if not first.endswith("s"):
        return False
    follows = words[1] if len(words) > 1 else ""
    if not follows or not follows[0].isalnum():
        return False  # "... nets and lines, then": a list's last item
    if follows.lower() not in _NO_OBJECT:
        return True  # an object: "sells them", "milks the cows"
    # A preposition after it ("eats at noon", "adults on the piste"): a verb after a clause complete with
    # its time ("mends fences in the afternoon and eats at noon"), or after a word of another kind of
    # meaning ("the shop" / "serves"); two things alike ("children" / "adults") are one thing's list. Left
    # whole when unsure: one longer activity is what a model writes too, a list item made a verb is not.
    if _ENDS_WITH_A_TIME.search(before):
        return True
    from aga.simulator.meaning import similarities  # MiniLM: imported here, the text helpers need no model

    last = re.findall(r"[\w'’]+", before)
    return bool(last) and float(similarities(first, [last[-1]])[0]) < _UNLIKE


# Lower-case words inside a name ("Ana de la Cruz", "Jan van Dijk", "Siobhán Ní Dhúbhghaill").
_PARTICLES = {"de", "da", "di", "do", "dos", "das", "del", "della", "la", "le", "van", "von", "der", "den", "du",
              "al", "el", "bin", "ibn", "bint", "ni", "ní", "nic", "mac", "y", "zu", "ten", "ter"}  # fmt: skip


def name_word(word: str) -> bool:
    """Whether ``word`` can be part of a person's name: it starts with a capital, or with a letter of a
    script without case (Chinese, Japanese, Arabic ...), or is an elided particle before a capital
    ("d'Aoste", "O'Brien")."""
    word = word.lstrip("\"'(")
    if len(word) > 2 and word[1] in "'’" and word[0].isalpha():
        word = word[2:]  # d'Aoste, l'Estrange
    first = word[:1]
    if first.isupper():
        return len(word) > 1  # "I" opens a sentence, it names no one
    return bool(first) and first.isalpha() and not first.islower()


def leading_name(text: str) -> tuple[str, str]:
    """(name, rest) when ``text`` opens with a person's name followed by a lower-case word ("Zoë
    O'Brien prays in the chapel" -> ("Zoë O'Brien", "prays in the chapel")), else ("", text).

    Hand-written rather than a regex: ``re`` has no class for "a capital of any script", and names in
    a town file may be in any script.
    """
    words = text.strip().split(" ")
    i = 0
    while i < len(words) and (
        name_word(words[i]) or (0 < i < len(words) - 1 and words[i].lower() in _PARTICLES and name_word(words[i + 1]))
    ):
        i += 1
    if i == 0 or i >= len(words) or not words[i][:1].islower():
        return "", text
    return " ".join(words[:i]), " ".join(words[i:])


# A run of name words, for patterns that must match a name of any script (see name_word).
NAME = r"[^\W\d_][\w'’.-]*(?: [^\W\d_][\w'’.-]*)*"


_BASE_FORMS = {"goes": "go", "does": "do", "has": "have", "is": "be", "studies": "study", "tries": "try"}


def base_form(clause: str) -> str:
    """'opens the bakery' -> 'open the bakery' (third person to plan form); two verbs side by side take
    it both ('reads and writes in the library' -> 'read and write in the library')."""
    words = clause.split()
    if not words:
        return clause
    words[0] = _base_verb(words[0])
    if len(words) > 2 and words[1] == "and":
        words[2] = _base_verb(words[2])
    return " ".join(words)


def _base_verb(word: str) -> str:
    """A third-person verb in its plan form; any other word as it is."""
    verb = word.lower()
    if verb in _BASE_FORMS:
        return _BASE_FORMS[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 3:
        return verb[:-1]
    return word


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
    rest = " ".join(words[1:])
    # A second verb joined by "and" takes the same form ("waking up and completing the morning
    # routine"); only where an object follows it, so "bread and butter" stays as it is.
    m = re.search(r"\band ([a-z]+)(?= (?:the|a|an|some|his|her|their|my|our|its)\b)", rest)
    if m and not m.group(1).endswith("ing"):
        rest = rest[: m.start(1)] + gerund(m.group(1)) + rest[m.end(1) :]
    return " ".join([ing, rest]).strip()


def lemma(verb: str) -> str:
    """'brewing' -> 'brew', 'running' -> 'run'."""
    if verb.endswith("ing") and len(verb) > 5:
        stem = verb[:-3]
        if len(stem) > 2 and stem[-1] == stem[-2]:
            stem = stem[:-1]
        return stem
    return verb


_PREPOSITIONS = (
    "on", "at", "in", "to", "with", "for", "up", "out", "over", "towards", "toward", "into", "about", "of", "behind",
    "around", "through", "across", "along", "under",
)  # fmt: skip
# Where what an activity is about ends: a place, a time or a companion follows ("games from her room
# in the evening" is about games).
_TAIL = re.compile(
    r"\s+\b(?:on|from|in|at|until|till|before|after|with|during|for|while|by|around|across|along|through|towards|into)\b.*$"
)
_DETERMINER = re.compile(r"^(?:the|a|an|some|his|her|their|my|our|its|this|that)\b", re.IGNORECASE)


def _is_gerund(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is a verb in -ing: not after a determiner ("the morning", "a meeting")."""
    word = words[i].lower()
    if not word.endswith("ing") or len(word) <= 4 or word.endswith("thing"):
        return False
    return not (i > 0 and _DETERMINER.match(words[i - 1]))


def thing_of(activity: str) -> str:
    """What an activity is about: 'spending the day working on his research paper' -> 'the research
    paper', 'waking up and complete the morning routine' -> 'the morning routine'."""
    text = main_clause(activity)
    parts = [x.strip() for x in re.split(r"\band\b", text) if len(x.split()) >= 2]
    text = parts[-1] if parts else text
    words = text.split()
    verbs = [i for i, w in enumerate(words) if _is_gerund(words, i)]
    # After the last verb in -ing, else after the first word (a plan-form verb: "open the shop").
    rest = words[verbs[-1] + 1 :] if verbs else words[1:]
    while rest and rest[0].lower() in _PREPOSITIONS:
        rest = rest[1:]
    thing = " ".join(rest)
    cut = _TAIL.sub("", thing)
    thing = cut if cut else thing
    thing = re.sub(r"^(?:his|her|their|my|our|its)\b", "the", thing)
    thing = re.sub(r"\s+(?:out|up|off|over|down|away|back)$", "", thing)  # "hauling boats out"
    if thing.lower().split(" ")[0] in _PRONOUNS:
        thing = ""  # "talking it over": nothing the steps could be about
    return thing.strip() or text


_PRONOUNS = {"it", "them", "this", "that", "these", "those", "him", "her", "everything", "something"}


def main_clause(activity: str) -> str:
    """An activity without what follows its first comma or parenthesis: 'eating lunch, checking the
    phone between bites' -> 'eating lunch' (the rest is a detail of it, not what it is about)."""
    text = re.sub(r"\([^)]*\)", "", activity).strip()
    return text.split(",")[0].split(";")[0].strip() or text


def without_step(text: str) -> str:
    """An action without the step in brackets the runtime records after it: 'resting at home (making a
    cup of tea)' -> 'resting at home'."""
    return re.sub(r"\s*\(.*$", "", text)


def sentences(text: str) -> list[str]:
    """A paragraph's sentences (a period after "St", "Dr" or an initial ends none)."""
    return split_sentences(text)


def bullet_lines(text: str) -> list[str]:
    """The lines of a listed block, without '- ' or '12. ' in front."""
    return [re.sub(r"^\s*(?:-|\d+\.)\s*", "", ln).strip() for ln in text.splitlines() if ln.strip()]


def clean_topic(text: str) -> str:
    """A memory as something to say: the innermost 'conversing about ...', no 'X cares about this:'."""
    if "conversing about " in text:
        text = text.rsplit("conversing about ", 1)[1]
    text = re.sub(r"^(?:.*? cares about this: )+", "", text)
    text = re.sub(r"^For [^:]{1,60}'s planning: ", "", text)
    return text.strip().rstrip(".")


_SAID_OF = {"is": {"I": "am", "you": "are"}, "was": {"I": "was", "you": "were"}, "has": "have", "does": "do"}


def _plain_verb(verb: str, person: str) -> str:
    """A third-person verb said of 'I' or 'you': 'wants' -> 'want', 'worries' -> 'worry', 'is' -> 'am'."""
    low = verb.lower()
    if low in _SAID_OF:
        form = _SAID_OF[low]
        return form[person] if isinstance(form, dict) else form
    if re.search(r"[^aeiou]ies$", low):
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|o)es$", low):
        return verb[:-2]
    if low.endswith("s") and not low.endswith("ss"):
        return verb[:-1]
    return verb


def as_said_to(text: str, speaker: str, listener: str) -> str:
    """A statement about the speaker or the listener as they would say it to each other: 'Ana Lima
    wants everyone to come to her party' said by Ana -> 'I want everyone to come to my party'; about
    the listener -> 'you ...'. Statements about anyone else are left as they are."""
    for name, person, own in ((speaker, "I", "my"), (listener, "you", "your")):
        if not name:
            continue
        first = re.escape(name.split()[0])
        m = re.match(rf"^(?:{re.escape(name)}|{first})(?:'s\b|\s+(\w+)\b)", text)
        if not m:
            continue
        if m.group(1) is None:  # "Ana's bakery is busy" -> "my bakery is busy"
            return own + text[m.end() :]
        return _said_as(m.group(1), text[m.end() :], person, own)
    return text


def _said_as(verb: str, rest: str, person: str, own: str) -> str:
    """``person`` + the verb in their form + the rest with the same person's possessives and verbs."""

    def possessive(v: re.Match[str]) -> str:
        # The same person's ("her party"), not an object ("proud of her"), and only while nobody
        # else has been named ("knows Mo as a friend and respects her seamanship").
        named = any(name_word(w) and len(w) > 1 for w in rest[: v.start()].split())
        return v.group(0) if named else own

    rest = re.sub(r"\b(?:his|her|their)\b(?=\s+\w)", possessive, rest)
    rest = re.sub(r"\band (\w+s)\b", lambda v: "and " + _plain_verb(v.group(1), person), rest)
    return f"{person} {_plain_verb(verb, person)}{rest}"
