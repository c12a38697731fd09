"""Reading and writing English the simple way: verb forms, times in text, fields of a prompt."""

from __future__ import annotations

import re
from functools import lru_cache

from aga.routine import clock_hour, hour_in, timed_items, without_time
from aga.simulator.lemmas import getAllLemmas, getInflection, getLemma
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


# Another time of the same clause, said with its "at" and nothing after it but more times or the clause's end.
_ANOTHER_TIME = r"\s*(?:at|around|by)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b(?=\s*(?:,|\band\b|\.|;|$))"


def clauses(text: str) -> list[str]:
    """A sentence split at commas, semicolons, 'then', and at an 'and' that joins a second verb (see
    :func:`_joins_a_verb`)."""
    # Not at a comma that goes on with a time: "at 7 am, 1 pm and 6 pm" is one clause, and so is "at 10 pm, at 1
    # am and at 4 am" (an outside tester's night cellar hand did his pump-overs at 10 pm only, session 71).
    # (nor at noon or midnight in such a list: "milks the mares at 8 am, 10 am, noon, 2 pm, 4 pm and 6 pm" was
    # milked at 8 and 10 only, an outside tester's steppe camp found again in session 72)
    parts = re.split(
        _PERIOD + r"|;|,(?!\s*(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|noon|midnight)\b|" + _ANOTHER_TIME + r")|\bthen\b",
        text,
    )
    out: list[str] = []
    for part in parts:
        pieces = re.split(r"\band\b(?=\s+[a-z])", part)
        clause = pieces[0]
        for piece in pieces[1:]:
            if re.match(_ANOTHER_TIME, piece):  # ("... at 1 am and at 4 am": a time, no verb)
                clause = f"{clause}and{piece}"
                continue
            # "calls and leads the noon prayer at 1 pm": a verb alone before "and" shares what follows
            # (split, the day held "call" at 1 pm and the call was read as a phone's)
            alone = re.sub(r"^(?:he|she|they)\s+", "", leading_name(clause.strip())[1], flags=re.IGNORECASE)
            if re.fullmatch(r"[a-z]+s", alone.strip()):
                clause = f"{clause}and{piece}"
                continue
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
_OWNERS = frozenset(("its", "his", "hers", "theirs", "ours", "yours"))  # not "this": "and this evening walks"
_ENDS_WITH_A_TIME = re.compile(
    r"(?:\d\s*(?:am|pm)|\b(?:noon|midnight|morning|afternoon|evening|night|o'clock|day|week|weekend|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday))\s*$",
    re.IGNORECASE,
)
_AFTER_A_WAY = frozenset(("home", "back", "away", "out", "off", "up", "down", "across"))
_ALIKE = 0.6
_UNLIKE = 0.3  # MiniLM similarity below which two words are of different kinds ("shop" / "serves": 0.16)
_ADVERBS = frozenset(
    (
        "often", "also", "usually", "always", "sometimes", "still", "never", "rarely", "then", "later",
    )
)  # fmt: skip
_PROGRESSIVE = re.compile(r"\b(?:is|are|am|was|were)\s+(?:\w+\s+)?\w+ing\b")


_TIMED_SUBJECT = re.compile(
    r"\s*(?:at|by|around|from)\s+(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|noon|midnight)\s*,?\s+(?:he|she|they)\b",
    re.IGNORECASE,
)


def _joins_a_verb(before: str, after: str) -> bool:
    """Whether 'and' + ``after`` is a second verb of the clause ``before`` ("opens the shop and serves
    customers") rather than a second thing ("bakes bread and cakes", "teaches children and adults on the
    piste"). Hand-written: no part-of-speech tagger ships with the project, and MiniLM cannot tell a verb
    from a noun by one word (it is asked only whether two words are alike, below). In a clause whose verb
    agrees with a third person ("teaches"), a second verb does too (ends in -s) and takes an object or a
    companion ("sells them", "chats with"), or goes on in the same tense ("is training for it and
    studying for ..."), or comes with a subject or a modal of its own ("and he ...", "and can ..."); any
    other clause keeps the plain rule (an 'and' before a lower-case word)."""
    if _TIMED_SUBJECT.match(after):
        return True  # "and at noon she eats lunch": a clause of its own, with its own time
    words = re.findall(r"[\w'’]+|[^\w\s]", after)
    while words and words[0].lower() in _ADVERBS:  # "and often brings it up"
        words = words[1:]
    if words and words[0].lower() in _OWNERS:
        return False  # "checks the van and its kit": a possessive starts a second thing, never a verb
    verb = leading_name(before.strip())[1]
    verb = re.sub(r"^(?:He|She|They|It)\s+", "", verb).split(" ", 1)[0]
    if not (verb.endswith("s") and verb.islower()):
        return True
    if not words:
        return False
    first = words[0].lower()
    if first in _NEW_SUBJECT or (first.endswith("ing") and _PROGRESSIVE.search(before)):
        return True
    if not first.endswith("s"):
        return False
    lemmas = getAllLemmas(first)
    if not lemmas and len(first) > 3:
        # A word lemminflect's lexicon does not know is a thing's name more often than a verb: "works on
        # reports and rotas" (an outside tester's station leader was "rotaing in the Leader's Office").
        return False
    if "VERB" not in lemmas and first not in lemmas.get("NOUN", (first,)):  # (a plural: not "this", "us")
        # a word lemminflect's lexicon knows only as a noun is a second thing: "eats boiled mutton and
        # noodles at 1 pm" (MiniLM put "noodles" far from "mutton") was planned as the clause "noodle"
        return False
    follows = words[1] if len(words) > 1 else ""
    if not follows or not follows[0].isalnum():
        return False  # "... nets and lines, then": a list's last item
    if follows.lower() in _AFTER_A_WAY:
        # "walks home", "heads back" are verbs; "drives the sheep and goats home" is one flock (an outside
        # tester's night herder was planned "goat home"): a second thing is as alike to the first as
        # "goats" to "sheep" (0.77) or "calves" to "cows" (0.64), a verb at most 0.54 ("rides" / "horses").
        alike = _likeness_to_last(first, before)
        return alike is None or alike < _ALIKE
    if follows.lower() not in _NO_OBJECT:
        return True  # an object: "sells them", "milks the cows"
    # A preposition after it ("eats at noon", "adults on the piste"): a verb after a clause complete with
    # its time ("mends fences in the afternoon and eats at noon"), or after a word of another kind of
    # meaning ("the shop" / "serves"); two things alike ("children" / "adults") are one thing's list. Left
    # whole when unsure: one longer activity is what a model writes too, a list item made a verb is not.
    if _ENDS_WITH_A_TIME.search(before):
        return True
    alike = _likeness_to_last(first, before)
    return alike is not None and alike < _UNLIKE


def _likeness_to_last(word: str, before: str) -> float | None:
    """MiniLM similarity of ``word`` to the last word of ``before`` (None when it has none)."""
    from aga.simulator.meaning import similarities  # MiniLM: imported here, the text helpers need no model

    last = re.findall(r"[\w'’]+", before)
    return float(similarities(word, [last[-1]])[0]) if last else None


# Lower-case words inside a name ("Ana de la Cruz", "Jan van Dijk", "Siobhán Ní Dhúbhghaill").
_PARTICLES = {"de", "da", "di", "do", "dos", "das", "del", "della", "la", "le", "van", "von", "der", "den", "du",
              "al", "el", "bin", "ibn", "bint", "ni", "ní", "nic", "mac", "y", "zu", "ten", "ter",
              # (Welsh patronymics: an outside tester's "Gwilym ap Rhys walks up to the quarry" was planned as
              # "ap Rhys walks up to ...", done as "apping Rhys walks up")
              "ap", "ab", "ferch", "verch", "af"}  # fmt: skip


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
    while i < len(words) and (name_word(words[i]) or (i > 0 and _inner_name_word(words, i))):
        i += 1
    if i == 0 or i >= len(words) or not words[i][:1].islower():
        return "", text
    return " ".join(words[:i]), " ".join(words[i:])


def _inner_name_word(words: list[str], i: int) -> bool:
    """Whether ``words[i]``, inside a name, is part of it though it is no name word alone: a particle or
    a run of them before a name word ("de la Cruz", "van der Berg"), or a one-letter part before one
    ("Siobhán Ó Ceallaigh", "Seán O Brien"; "I" opens a sentence elsewhere, but here it sits in a name)."""
    word = words[i]
    if len(word) == 1 and word.isupper():
        return i + 1 < len(words) and name_word(words[i + 1])
    j = i
    while j < len(words) and words[j].lower() in _PARTICLES:
        j += 1
    return j > i and j < len(words) and name_word(words[j])


# A run of name words, for patterns that must match a name of any script (see name_word).
NAME = r"[^\W\d_][\w'’.-]*(?: [^\W\d_][\w'’.-]*)*"


_BASE_FORMS = {"goes": "go", "does": "do", "has": "have", "is": "be", "studies": "study", "tries": "try"}


def base_form(clause: str) -> str:
    """'opens the bakery' -> 'open the bakery' (third person to plan form); two verbs side by side take
    it both ('reads and writes in the library' -> 'read and write in the library')."""
    words = clause.split()
    if not words:
        return clause
    words[0] = _base_verb(words[0].rstrip(",")) + ("," if words[0].endswith(",") else "")
    # and a list of verbs before it ("peels, bakes and writes her stores list": "peel bakes and writes" was
    # planned, session 73)
    at = 0
    while words[at].endswith(",") and at + 2 < len(words) and _a_verb_said(words[at + 1].rstrip(",")):
        at += 1
        words[at] = _base_verb(words[at].rstrip(",")) + ("," if words[at].endswith(",") else "")
    if len(words) > at + 2 and words[at + 1] == "and":
        words[at + 2] = _base_verb(words[at + 2])
    return " ".join(words)


def _a_verb_said(word: str) -> bool:
    """Whether ``word`` is a verb in the third person ("bakes", "writes")."""
    return word.endswith("s") and "VERB" in getAllLemmas(_base_verb(word).lower())


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


_SUBJECTS = frozenset(("he", "she", "they", "i", "we", "you"))


_DETERMINERS = (
    r"(?:the|a|an|some|his|her|their|my|our|its|your|this|that|these|those|each|every|all|any|no|other|another|"
    r"one|two|three|several|many|few|more|most|both|either|neither)"
)


@lru_cache(maxsize=65_536)  # (a pure function of its words, asked 20,000 times in a realism draw)
def gerund(phrase: str) -> str:
    """'have breakfast' -> 'having breakfast' (plan form to the present continuous of actions)."""
    named, rest = leading_name(phrase)
    if len(named.split()) > 1:
        # A clause opening with a full name ("Nessa Pellow digs clay"): the name is no verb ("nessaing
        # Pellow digs clay" was shown); a single capital word is kept, it is a verb ("Have breakfast").
        after = rest.split()
        ongoing = len(after) > 1 and after[0] in ("is", "are", "was") and after[1].endswith("ing")
        phrase = " ".join(after[1:]) if ongoing else base_form(rest)
    words = phrase.split()
    if len(words) > 1 and words[0].lower() in _SUBJECTS:
        # A clause with its subject ("he stays at home"), not in plan form: "hing stays at home" was shown.
        words = words[1:]
        if words[0].lower() in ("is", "are", "am", "was", "were") and len(words) > 1:
            words = words[1:]
        else:
            words[0] = _plain_verb(words[0], "you")  # "stays" -> "stay", "has" -> "have"
        phrase = " ".join(words)
    if not words:
        return phrase
    if words[0].lower() in ("keep", "keeps") and len(words) > 1 and words[1].endswith("ing"):
        # "keep working on the double somersault" goes on: "still working on ..." ("keeping working on" was an outside
        # tester's flyer's hour 35 times, session 73)
        return f"still {' '.join(words[1:])}"
    if words[0].lower() in ("or", "and", "then") and len(words) > 1:
        words = words[1:]  # ("or at the desk ..." was said "orring at the desk", session 72)
        phrase = " ".join(words)
    if words[0].lower() in _PLACE_WORDS and len(words) > 1:
        return f"being {phrase}"  # ("at the desk in the farm office" was said "atting the desk")
    if words[0].lower() in _DETERMINER_WORDS and len(words) > 1:
        return f"doing {phrase}"  # ("the shop" was said "thing shop")
    lemmas = getAllLemmas(words[0].lower())
    if lemmas and "VERB" not in lemmas and not words[0].lower().endswith("ing"):
        # A word no verb is not made one: "dinner", "tea" and "hoof oil" were said "dinnerring", "teaaing" and
        # "hoofing oil" (an outside tester's circus, session 72); a meal is had, anything else done.
        return f"{'having' if _MEAL_NOUN.match(phrase) else 'doing'} {phrase}"
    verb = words[0].lower()
    # (a verb whose plain form ends in -ing is in it already when its lemma is itself: "bring the mares in"
    # and "sing the giingoo" were said as "I am bring the mares in", an outside tester's herders)
    if verb.endswith("ing") and getLemma(verb, upos="VERB")[:1] != (verb,):
        ing = words[0]  # already in the form; a second verb may not be ("waking up and complete the ...")
    elif verb in _ING:
        ing = _ING[verb]
    else:
        # lemminflect's tables and rules ("patrol" -> "patrolling", "shoe" -> "shoeing", "die" -> "dying";
        # the rules written here gave "patroling"), in the British spelling where it gives both
        # ("travelling", "labelling"), as the rest of the know-how is written.
        forms = getInflection(verb, tag="VBG") or (verb + "ing",)
        ing = next((f for f in forms if f.endswith("lling")), forms[0])
    if len(words) > 3 and re.fullmatch(r"(?:up|down|out|off|away|back),", words[1]) and "VERB" in lemmas:
        # ... as does one of a particle ("straighten up, trim and fill the lamps" was said "straightening up, trim
        # and filling", an outside tester's lamp man, session 75)
        rest = " ".join(words[2:])
        joint = ", and " if rest.startswith("and ") else ", "
        return f"{gerund(f'{words[0]} {words[1][:-1]}')}{joint}{gerund(rest.removeprefix('and '))}"
    if words[0].endswith(",") and len(words) > 2 and "VERB" in getAllLemmas(words[0][:-1].lower()):
        # a list of verbs ("peel, bake and write her stores list") takes the form in each
        rest = " ".join(words[1:])
        joint = ", and " if rest.startswith("and ") else ", "
        return f"{gerund(words[0][:-1])}{joint}{gerund(rest.removeprefix('and '))}"
    if len(words) > 2 and words[1] == "and" and words[2].islower() and not words[2].endswith("ing"):
        # a lone verb before "and" is one of two ("play and swim at the river", "cut and lay out the curd"):
        # "playing and swim" was said
        words = [*words[:2], gerund(_base_verb(words[2])), *words[3:]]
    rest = " ".join(words[1:])
    # A second verb joined by "and" takes the same form ("waking up and completing the morning
    # routine"); only where an object follows it, so "bread and butter" stays as it is.
    # A meal after it is its object too ("going to the cafe and having lunch"), and a verb the phrase
    # gives in the third person is made plain first ("and completes the form" -> "and completing").
    # (a word that starts a second thing is no verb: "watch the fermenting and the tea dryer" gave "and
    # thing tea dryer", "the" made a verb before "tea", an outside tester's tea factory, session 64)
    m = re.search(
        rf"\band (?!{_DETERMINERS}\b)([a-z]+)(?= (?:the|a|an|some|his|her|their|my|our|its|breakfast|lunch|dinner|"
        r"supper|tea)\b)",
        rest,
    )
    if m and not m.group(1).endswith("ing"):
        rest = rest[: m.start(1)] + gerund(_base_verb(m.group(1))) + rest[m.end(1) :]
    return " ".join([ing, rest]).strip()


_PLACE_WORDS = frozenset(
    ("at", "in", "on", "inside", "outside", "near", "by", "behind", "aboard", "upstairs", "downstairs")
)
_DETERMINER_WORDS = frozenset(("the", "a", "an", "his", "her", "their", "my", "our", "some", "its"))
_MEAL_NOUN = re.compile(r"(?:breakfast|brunch|lunch|dinner|supper|tea|elevenses|a meal|a snack|snack)\b", re.IGNORECASE)


def lemma(verb: str) -> str:
    """'brewing' -> 'brew', 'running' -> 'run', 'having' -> 'have', 'servicing' -> 'service'.

    lemminflect's tables, not suffix rules: cutting "-ing" gave "hav" and "servic", which no model says.
    A word it does not know as a verb is kept as it is.
    """
    found = getLemma(verb, upos="VERB", lemmatize_oov=False)
    return found[0] if found else verb


_PREPOSITIONS = (
    "on", "at", "in", "to", "with", "for", "up", "out", "over", "towards", "toward", "into", "about", "of", "behind",
    "around", "through", "across", "along", "under",
)  # fmt: skip
# Where what an activity is about can end: a place, a time or a companion follows ("games from her room
# in the evening" is about games).
_TAIL_AT = re.compile(
    r"\s+\b(?:on|from|in|at|until|till|before|after|with|during|for|while|by|around|across|along|through|towards|into|over)\b"
)
_WHERE_FROM = ("from", "at", "in")
_LEFT_PARTICIPLE = re.compile(
    r"(?<=\w)\s+(?:inspired|based|made|written|drawn|painted|taken|shot|built|set|led|run|funded|sponsored|donated|"
    r"collected|gathered|brought|sent|left|held|planned|organi[sz]ed|given|owned|used|needed|kept|bought|sold)$",
    re.IGNORECASE,
)
# A part after "and" that is only who and when: "neighbours on February 14".
_DATED = re.compile(
    r"^(?:\w+\s+)?\w+\s+(?:on|by|at|from|until|till|before|after)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|\d)[\w:]*"
    r"(?:\s+(?:\d+\w*|[ap]\.?m\.?))?$",
    re.IGNORECASE,
)
_DETERMINER = re.compile(r"^(?:the|a|an|some|his|her|their|my|our|its|this|that)\b", re.IGNORECASE)


# Words in -ing that are no doing, wherever they stand ("a Swahili poetry evening on the rooftop" was about the
# rooftop, an outside tester's retired teacher's hour "putting the rooftop away", session 78).
NOUNS_IN_ING = frozenset(
    ("evening", "morning", "wedding", "ceiling", "pudding", "herring", "awning", "lightning", "earring", "string",
     "spring", "sibling", "dumpling", "seedling", "sapling", "shilling")
)  # fmt: skip


_PART_OF_DAY = re.compile(r"(?:morning|afternoon|evening|night)s?")


def _is_gerund(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is a verb in -ing: not after a determiner ("the morning", "a meeting")."""
    word = words[i].lower()
    if not word.endswith("ing") or len(word) <= 4 or word.endswith("thing") or word in NOUNS_IN_ING:
        return False
    # (nor a word of a name inside the sentence: "the mail at Tulik Bay Trading Post" is about the mail, not
    # "Post"; "(chatting with the cashier at Post)" was said, session 69)
    if i > 0 and words[i][:1].isupper():
        return False
    # (nor after a possessive: "the artists' co-living space" is about the space, not "space"; ville25, session 77)
    if i > 0 and re.search(r"(?:'|’)s?$", words[i - 1]):
        return False
    return not (i > 0 and _DETERMINER.match(words[i - 1]))


_WHY_OR_WHEN = re.compile(
    r"\s+(?:now that|so that|because|since|as soon as|while|when|unless|if|even though|although)\s+", re.IGNORECASE
)


def without_why(text: str) -> str:
    """``text`` without a clause of why or when after it: "planning to fry sopaipillas for the staff now
    that the weather is turning cold" -> "planning to fry sopaipillas for the staff"."""
    return _WHY_OR_WHEN.split(text, maxsplit=1)[0]


def thing_of(activity: str) -> str:
    """What an activity is about: 'spending the day working on his research paper' -> 'the research
    paper', 'waking up and complete the morning routine' -> 'the morning routine'."""
    text = main_clause(activity)
    if re.match(r"[a-z]+ing,\s", text):
        # a list of verbs has no one thing: "peeling, baking and writing her stores list" was "frying the onions
        # for the stores list" (session 73)
        return ""
    # A clause of why or when is no part of it: "planning to fry sopaipillas for the staff now that the
    # weather is turning cold" is not about "cold" ("checking the fridge temperature for cold" was said).
    text = without_why(text)
    # "waking up and complete the morning routine" is about the routine; "writing a book about why
    # creativity matters and how it shapes the world" is about the book, not "how it shapes the world";
    # "a party for her customers and neighbours on February 14" is about the party, not "February 14"
    # (an "and" between people, then a date: "inviting people to February 14" was shown).
    # ... but "buying tomatoes and pepper from the lorries" joins two things, not two clauses: a part that
    # is one word before where it comes from or is (or alone), no verb in -ing, goes with the part before
    # it (it was about "from the lorries"); "her customers and neighbours to a party" is about the party.
    pieces: list[str] = []
    for piece in (x.strip() for x in re.split(r"\band\b", text)):
        words = piece.split()
        joined = pieces and words and not _is_gerund(words, 0)
        if joined and (len(words) == 1 or words[1].lower() in _WHERE_FROM):
            pieces[-1] = f"{pieces[-1]} and {piece}"
        else:
            pieces.append(piece)
    parts = [x for x in pieces if len(x.split()) >= 2]
    parts = [x for x in parts if x.split()[0].lower() not in _NOT_OPENING] or parts
    parts = [x for x in parts if not _DATED.match(x)] or parts
    text = parts[-1] if parts else text
    words = text.split()
    verbs = [i for i, w in enumerate(words) if _is_gerund(words, i)]
    # After the last verb in -ing, else after the first word (a plan-form verb: "open the shop").
    rest = words[verbs[-1] + 1 :] if verbs else words[1:]
    skip = _VERB_PARTICLES | _MANNER
    if verbs and len(rest) >= 3 and rest[0].lower() == "to" and words[verbs[-1]].lower() in _TAKES_TO:
        # "planning to fry sopaipillas" is about the sopaipillas, not "fry sopaipillas"
        rest = rest[2:]
    if rest[:2] and rest[0].lower() == "ready" and rest[1].lower() == "for":
        rest = rest[1:]  # "getting ready for his first solo show" is about the show, not "ready"
    # (a time of day is when, not where: "working in the morning on the paper" is about the paper)
    if [w.lower() for w in rest[:2]] == ["in", "the"] and rest[2:3] and _PART_OF_DAY.fullmatch(rest[2].lower()):
        rest = rest[3:]
    where = [w.lower() for w in rest[:2] if w.lower() not in _MANNER]
    if verbs and where and where[0] in ("in", "inside", "from"):
        # "painting in his room" is done in the room, not on it, and "working mostly from the co-living space" from
        # it: hours read loosely were "working on the room" and "working on space" (ville25, session 77). What one
        # is in is where, no thing. (Unless it is for something after: "reading in the afternoons for her nursing
        # officer exam" is about the exam; it was "reading about reading in the afternoons ...", session 78.)
        after = [i for i, w in enumerate(rest) if w.lower() == "for"][:1]
        if not after or len(rest) == after[0] + 1:
            return text
        rest = rest[after[0] + 1 :]
    sure = bool(rest) and rest[0].lower() in ("sure", "certain")
    if sure and words[verbs[-1] if verbs else 0].lower() in ("making", "make", "makes"):
        # "making sure the doors are locked" is about the doors, not "sure the doors" (an outside tester's
        # doctor was "reassuring a nervous patient for sure everyone")
        rest = rest[2:] if rest[1:2] and rest[1].lower() == "that" else rest[1:]
    while rest and (rest[0].lower() in _PREPOSITIONS or (rest[0].lower() in skip and len(rest) > 1)):
        rest = rest[1:]  # "wiping down the desk" is about the desk, "working mostly on the paper" the paper
    thing = " ".join(rest)
    # "the till" is a till, not "the" before "till" (until): a cut that leaves a determiner alone is none
    cuts = [thing[: m.start()] for m in _TAIL_AT.finditer(thing) if m.start() > 0]
    thing = next((c for c in cuts if not _DETERMINER.fullmatch(c.strip())), thing)
    # (and a participle the cut left: "a photography series inspired by her travels" is a photography series)
    thing = _LEFT_PARTICIPLE.sub("", thing) if cuts else thing
    # "checking the doors are locked" is about the doors; "giving a customer the change" about the change
    # ("folding the bags for the doors are locked", "... for a customer the change" were shown).
    head, *said = re.split(r"\s+(?:is|are|was|were|has|have|had)\b", thing, maxsplit=1)
    if head.lower() in _EVERYONE and said:
        # "everyone has had the monthly health check" is about the health check: "everyone" is no thing
        said = re.sub(r"^\s*(?:(?:had|been|got|done|gotten)\s+)?", "", said[0]).split()
        head = " ".join(said) if len(said) >= 2 else head  # (not "fed" of "everyone is fed")
    thing = head if head.lower() not in _NOT_OPENING | {"what", "which", "whatever"} else thing
    thing = re.sub(r"^(?:a|an|the|his|her|their)\s+[\w'’-]+\s+(?=(?:a|an|the|some)\s)", "", thing)
    thing = re.sub(r"^(?:his|her|their|my|our|its)\b", "the", thing)
    thing = re.sub(r"\s+(?:out|up|off|over|down|away|back)$", "", thing)  # "hauling boats out"
    # nor when ("the observing programme this week": "sending the readings off for programme this week")
    thing = re.sub(
        r"\s+(?:(?:this|next|last|every|each|all)\s+(?:week|month|year|morning|afternoon|evening|night|day|weekend)|"
        r"today|tonight|tomorrow|yesterday)$",
        "",
        thing,
        flags=re.IGNORECASE,
    )
    thing = re.sub(r"(?<=\w)\s+online$", "", thing)  # "selling the shop's goods online" is about the goods
    if thing.lower().split(" ")[0] in _PRONOUNS or thing.lower() in _VERB_PARTICLES:
        thing = ""  # "talking it over", "casting off": nothing the steps could be about
    return thing.strip() or text


# Verbs in -ing whose "to" opens another verb ("planning to fry", "trying to fix"), not a place.
_TAKES_TO = {"planning", "trying", "hoping", "wanting", "preparing", "starting", "beginning", "learning",
             "deciding", "helping", "waiting", "offering", "promising", "agreeing", "arranging", "aiming"}  # fmt: skip
# (Not the name particles or the adverbs above: words after a verb, before what it works on.)
_VERB_PARTICLES = {
    "out", "up", "off", "over", "down", "away", "back", "in", "on", "around", "about", "along", "together",
}  # fmt: skip
_MANNER = {"mostly", "mainly", "quietly", "slowly", "quickly", "carefully", "briefly", "alone", "hard", "again"}
# Words a clause about something else opens with: a question word or a pronoun.
_NOT_OPENING = {"how", "why", "what", "where", "when", "who", "whether", "it", "they", "he", "she", "that", "this"}
_EVERYONE = {"everyone", "everybody", "all", "nobody", "no one", "someone", "somebody", "anyone", "anybody", "each"}
_PRONOUNS = {"it", "them", "this", "that", "these", "those", "him", "her", "everything", "something"}


def main_clause(activity: str) -> str:
    """An activity without what follows its first comma or parenthesis: 'eating lunch, checking the
    phone between bites' -> 'eating lunch' (the rest is a detail of it, not what it is about)."""
    text = re.sub(r"\([^)]*\)", "", activity).strip()
    parts = text.split(";")[0].split(",")
    # (a list of verbs is one clause: "peeling, baking and writing her stores list" is not "peeling", which read as
    # a slate quarry's, session 73)
    first = 0
    while first + 1 < len(parts) and re.fullmatch(r"\s*[a-z]+ing\s*", parts[first]):
        first += 1
    return ",".join(parts[: first + 1]).strip() or text


def within(text: str, limit: int | None) -> str:
    """``text`` in at most ``limit`` characters (the answer schema's ``maxLength``; None: no limit),
    shortened as a model shortens a long line rather than cut off mid-word: first the detail after the
    activity's comma ("hosting the evening, chatting with a customer (making a note)" -> "hosting the
    evening (making a note)"), then the step's own detail, then the step, then at a word."""
    if limit is None or len(text) <= limit:
        return text
    m = re.match(r"^(.*?)\s*\((.*)\)\s*$", text)
    activity, step = (m.group(1), m.group(2)) if m else (text, "")
    shorter = [main_clause(activity)]
    if step:
        shorter = [f"{shorter[0]} ({step})", f"{shorter[0]} ({main_clause(step)})", *shorter]
    for candidate in shorter:
        if 0 < len(candidate) <= limit:
            return candidate
    cut = shorter[-1][: limit + 1].rsplit(" ", 1)[0].rstrip(",;: ")
    # ... and not on a word that leads on to what was cut ("... the new borehole at")
    while len(cut.split()) > 3 and cut.rsplit(" ", 1)[-1].lower() in _LEADS_ON:
        cut = cut.rsplit(" ", 1)[0].rstrip(",;: ")
    # ... nor inside the detail after a comma: "... on Wednesday June 5, sitting" (of "sitting in silence")
    if ", " in cut and len(cut.rsplit(", ", 1)[0].split()) > 3:
        cut = cut.rsplit(", ", 1)[0]
    return cut if 0 < len(cut) <= limit else shorter[-1][:limit]


_LEADS_ON = frozenset(
    ("at", "on", "in", "of", "for", "to", "by", "with", "from", "the", "a", "an", "and", "or", "but", "that", "his",
     "her", "their", "my", "its", "our", "your", "about", "into", "as", "than", "will", "be", "is", "are")
)  # fmt: skip


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


# Ways of drawing a conclusion from a statement (reflection's insights, ``notes.insights``). They live
# here because a memory that holds one must be read back without it (see clean_topic).
INSIGHTS = (
    "{name} cares about this: {it}", "It matters to {name} that {it}", "{name} keeps coming back to this: {it}",
    "{name} seems to be focused on the fact that {it}", "{name} has been thinking that {it}",
)  # fmt: skip
# The same for a statement whose subject is the person: a frame that names them again read "Meena Chettri
# has been thinking that Meena Chettri is the wife of Nima Tamang" (most single-statement insights of an
# outside tester's tea estate). The original's GPT-3.5 says such a thing once ("Isabella Rodriguez is a
# friend of Maria Lopez"); these frames keep the name to the statement, and none opens with the name, so
# a later reflection does not read the insight back as an activity.
OF_ONESELF = ("It is clear that {it}", "It seems that {it}", "It has become plain that {it}")
# ... and for what a talk was about, a thing without a verb ("Khadija's daughter Salma's wedding").
OF_A_TOPIC = (
    "{name} has been thinking about {it}", "{it} has been on {name}'s mind", "{name} keeps coming back to {it}",
)  # fmt: skip
# Insights on someone a person keeps seeing or talking with (``notes.insights``): about the two of them,
# so never something to tell the other ("Truth is, I and you talk often" was said to him).
OF_SOMEONE = (
    "{name} has been seeing a lot of {other}", "{other} is often around when {name} is",
    "{name} and {other} cross paths often", "{other} has been on {name}'s mind",
)  # fmt: skip
OF_TALKS = (
    "{name} and {other} talk often", "{name} enjoys talking with {other}",
    "{name} and {other} have been talking a lot lately",
)  # fmt: skip


# A person's name as a pattern: a few capitalised words.
# A capital letter of any alphabet, or a letter of a script without case: "Étienne" and "Łukasz" are names as
# "Ana" is ("[A-Z]" took "Étienne Lacombe caught up with Luc" for no thought about two people, session 70).
CAP = r"(?:(?![a-zß-öø-ÿ])[^\W\d_])"
# ... with a family name's particles in lower case between its words: an outside tester's samba school, whose
# "Maria José de Jesus Ribeiro" was read as two people, recited "I know Iolanda Bezerra de Jesus as mother" as news
# (session 82).
PARTICLE = r"(?:de|da|do|dos|das|del|della|di|du|van|von|der|den|ter|bin|ibn|al|el|le|la)"
NAMED = rf"{CAP}[\w'’.-]*(?: (?:{PARTICLE} )*{CAP}[\w'’.-]*){{0,5}}"


def _pair_pattern(template: str) -> str:
    return re.escape(template).replace(r"\{name\}", NAMED).replace(r"\{other\}", NAMED)


# ... and of one talk: "talk often" after a single chat over-claimed (an outside tester's town, session 69).
OF_ONE_TALK = (
    # (no word ``vary`` swaps: "had a great talk" would be read as none of these)
    "{name} had a talk with {other}", "{name} and {other} had a chat", "{name} caught up with {other}",
)  # fmt: skip
OF_TALKING_OFTEN = re.compile("^(?:" + "|".join(_pair_pattern(x) for x in OF_TALKS) + r")\.?$")
OF_TALKING = re.compile("^(?:" + "|".join(_pair_pattern(x) for x in (*OF_TALKS, *OF_ONE_TALK)) + r")\.?$")
OF_A_PAIR = re.compile("^(?:" + "|".join(_pair_pattern(x) for x in (*OF_SOMEONE, *OF_TALKS, *OF_ONE_TALK)) + r")\.?$")


# What the simulator's other thoughts open with (the memo and the planning thought after a chat, the
# new-day revision, an interview's answer): the writer's own frame, not something to tell anyone.
CHAT_PLANNING = "I should remember this from our talk: "
CHAT_MEMO = "I found it interesting that "
REVISE_NOTE = "I should remember that "
REVISE_FEELINGS = "I feel good about my days, because "
RECALL = "From what I remember, "

# A person named in a frame: a few name words, as few as will do ("It matters to Ana Lima that Bo
# thinks that ..." names Ana Lima, not "Ana Lima that Bo thinks").
# (a word may be a nickname in quotes: 'Dafydd "Dai Powdwr" Roberts', whose frames an outside tester's town
# told as news: "Word is, For my planning: I should remember this from our talk")
_WHO_WORD = r"[\"“‘']?[^\W\d_][\w'’.\"”-]*"
_WHO = rf"{_WHO_WORD}(?: {_WHO_WORD}){{0,5}}?"
_HEADS = [re.escape(frame.split("{it}")[0]).replace(r"\{name\}", "{who}") for frame in (*INSIGHTS, *OF_ONESELF)]
_FRAME = re.compile(
    "^(?:"
    + "|".join(
        [
            *(h.replace("{who}", _WHO) for h in _HEADS),
            # The same frames in the first person: a thought said aloud once and remembered from the line.
            r"I care about this: ", r"It matters to me that ", r"I keep coming back to this: ",
            r"I seem to be focused on the fact that ", r"I have been thinking that ",
            *(re.escape(x) for x in (CHAT_PLANNING, CHAT_MEMO, REVISE_NOTE, RECALL)),
            # (as ``vary`` may say it: "I feel nice about my days, because ..." was told to an outside
            # tester's town as a line of talk)
            re.escape(REVISE_FEELINGS).replace("good", "(?:good|great|nice|lovely)"),
            rf"For {_WHO}'s planning: ",
            # The runtime's day plan ("This is Ana's plan for Monday March 10: wake up at 6:00 am; ..."):
            # what is left is the schedule itself.
            rf"This is {_WHO}'s plan for [^:]{{1,60}}: ",
        ]
    )
    + ")",
    re.IGNORECASE,
)  # fmt: skip


def clean_topic(text: str) -> str:
    """A memory as something to say: the innermost 'conversing about ...', without the frames thoughts
    put around a statement ('X cares about this:', 'It matters to X that', 'I found it interesting
    that', 'This is X's plan for Monday:' ...), however many are nested, of whatever kinds."""
    if "conversing about " in text:
        # (a statement a talk was about is written "conversing about how ...": the "how" is the summary's)
        text = re.sub(r"^how (?!their days\b)(?=\S+ \S)", "", text.rsplit("conversing about ", 1)[1])
        # ... and someone's activity as "conversing about Ana Ruiz mending the nets": said, it is a
        # statement again ("You know, Blessing Nwosu sewing Ankara outfits" was said).
        text = re.sub(rf"^((?:(?:{PARTICLE}\s+)*{CAP}[\w'’-]*\s+){{1,4}})(?=[a-z]+ing\b)", r"\1is ", text)
    # A cast relation's feeling is a note on it ("... as neighbour (feeling: fond of her)"), not words to say.
    text = re.sub(r"\s*\(feeling: [^)]*\)", "", text).strip()
    while (stripped := _FRAME.sub("", text, count=1).lstrip()) != text:
        text = stripped
    return text.strip().rstrip(".")


# What a memo says of a talk that told nothing (notes._gist), in any of its varied words: no statement to draw a
# conclusion from or to tell. An outside tester's abbey drew 294 insights from it ("It matters to Thomas that we
# caught up briefly") and told it as news in 15% of its lines ("I was just thinking: We caught up briefly.").
NOTHING_TOLD = "we caught up briefly"
_NOTHING_TOLD = re.compile(r"^we caught up(?: (?:briefly|quickly|for a bit))?$", re.IGNORECASE)


def tells_nothing(text: str) -> bool:
    """Whether a memory (framed or not) is the memo of a talk that told nothing (see :data:`NOTHING_TOLD`)."""
    return _NOTHING_TOLD.match(clean_topic(text)) is not None


def is_schedule(text: str) -> bool:
    """Whether ``text`` is a day plan's list of timed items ('wake up at 6:00 am; eat breakfast at 7:00
    am; ...'): a private schedule, not a statement one tells someone."""
    return text.count(";") >= 2 and len(re.findall(r"\d:\d\d\s*[ap]m", text, re.IGNORECASE)) >= 2


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


_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
# A time a statement opens with ("In October 1963", "On Saturdays", "Every morning", "Since 1950"), with its comma.
_WHEN_FIRST = re.compile(
    rf"^((?:In|On|Since|Every|This|Last|Next|By|From|Until|During)\s+(?:(?:the|early|late|mid|most)\s+)?"
    rf"(?:{_MONTHS}(?:\s+\d{{1,2}})?(?:,?\s+\d{{4}})?|\d{{4}}|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|"
    r"mornings?|afternoons?|evenings?|nights?|weekends?|week|month|year|spring|summer|autumn|winter)"
    r"|Today|Tonight|These days|Nowadays|Now),?\s+"
)
_NOW_OF_A_YEAR = re.compile(rf"In\s+(?:{_MONTHS}\s+)?\d{{4}}|These days|Nowadays|Now")


def as_said_to(text: str, speaker: str, listener: str) -> str:
    """A statement about the speaker or the listener as they would say it to each other: 'Ana Lima
    wants everyone to come to her party' said by Ana -> 'I want everyone to come to my party'; about
    the listener -> 'you ...'; the other of the two named in it is 'you' or 'me' ('Ana Lima knows Bo
    Reyes as a friend and trusts him' said by Ana to Bo -> 'I know you as a friend and trust you').
    Statements about anyone else are left as they are, but for a mention of the two."""
    # A third person's negative said in full, so that its verb takes the person: "Win Cole doesn't know the
    # way" said by Win was "I doesn't know the way" (session 71).
    text = re.sub(r"\b(is|was|does|has)n[’']t\b", r"\1 not", text)
    # A statement that opens with when it holds says who it is of after that: "In October 1963 Abdul Karim Ansari
    # works the afternoon shift" said by him was "In October 1963 me works ..." (an outside tester's railway
    # junction, session 75). The month and year of one's own present go unsaid, as people leave them.
    when = _WHEN_FIRST.match(text)
    if when and any(name and text[when.end() :].startswith(name.split()[0]) for name in (speaker, listener)):
        rest = as_said_to(text[when.end() :], speaker, listener)
        if _NOW_OF_A_YEAR.fullmatch(when.group(1)) and re.match(r"(?:I|you)\s+(?:am|are|[a-z]+)\b(?<!ed)", rest):
            return rest
        return f"{when.group(1)} {rest}"
    said = _as_said_to(text, speaker, listener)
    # The speaker names the other first: "I and Isabella Rodriguez have been talking" was said.
    return re.sub(rf"^I and ({NAMED}|you)(?= [a-z])", r"\1 and I", said)


def _as_said_to(text: str, speaker: str, listener: str) -> str:
    parties = ((speaker, "I", "my", "me"), (listener, "you", "your", "you"))
    for (name, person, own, _), other in zip(parties, parties[::-1], strict=True):
        if not name:
            continue
        first = re.escape(name.split()[0])
        # The first name alone only before a verb: "Sato Michiko is rehearsing" said by Sato Haruki (a
        # family name first, shared) was "I Michiko is rehearsing".
        m = re.match(rf"^(?:{re.escape(name)}|{first}(?!\s+{CAP}))(?:'s\b|\s+(\w+)\b)", text)
        if not m:
            continue
        if m.group(1) is None:  # "Ana's bakery is busy" -> "my bakery is busy"
            # ... but "Vreni Pirchner's father Balthasar Gruber should see a doctor about his hip" said by Vreni to
            # him is of the listener, by the role he is named by ("my father you should see a doctor about his
            # hip" was said, session 72)
            role = re.match(rf"^\s+(?:(?!{_NOT_A_ROLE})[a-z-]+\s+){{1,2}}(?={re.escape(other[0])}\b)", text[m.end() :])
            after = text[m.end() + role.end() + len(other[0]) :].split()[:1] if role else []
            # (the name as the subject: "Tam's boat worries Ana Ruiz" said to Ana is "my boat worries you")
            if other[0] and role and after and "VERB" in getAllLemmas(after[0].lower()):
                return _as_said_to(text[m.end() + role.end() :], speaker, listener)
            return own + _after_ones_own(text[m.end() :], parties, person, own, other)
        return _said_as(m.group(1), text[m.end() :], person, own, other)
    return _named(text, parties)


def _after_ones_own(rest: str, parties: tuple[tuple[str, str, str, str], ...], person: str, own: str,
                    other: tuple[str, str, str, str]) -> str:  # fmt: skip
    """What follows "Ana's" said by Ana or to her. "Mori Takeshi's wife died five years ago; he lives with his
    daughter" said by him: the "he" of a later clause is the speaker where the kin named first cannot be
    ("my wife died ...; he lives with his daughter" was said). Only then: "Ana's brother is ill; he ..."
    is the brother."""
    later = re.match(rf"^\s+({_KIN_OF['he']}|{_KIN_OF['she']})\b(.*?)(;|,| and)\s+(he|she)\s+([a-z]+s)\b", rest)
    if not later or not re.fullmatch(_KIN_OF["she" if later.group(4) == "he" else "he"], later.group(1)):
        return _named(rest, parties)
    # The kin's own pronouns stay theirs ("and she sells his catch": the husband's catch): kept aside
    # while the clause is said in the speaker's person, then put back.
    theirs = ("she", "her", "hers") if later.group(4) == "he" else ("he", "his", "him")
    kept = re.sub(rf"\b({'|'.join(theirs)})\b", lambda w: f"\x00{theirs.index(w[1])}", rest[later.end() :])
    tail = re.sub(r"\x00(\d)", lambda w: theirs[int(w[1])], _said_as(later.group(5), kept, person, own, other))
    return _named(rest[: later.start(3)], parties) + later.group(3) + " " + tail


# Kin by whom "he" or "she" is not meant: the word for the other sex's kin ("Takeshi's wife ...; he ...").
_KIN_OF = {
    "he": r"(?:husband|son|father|brother|uncle|nephew|grandson|grandfather|boyfriend)",
    "she": r"(?:wife|daughter|mother|sister|aunt|niece|granddaughter|grandmother|girlfriend)",
}
KIN_OF = _KIN_OF  # (the talk reads a note's later "he" by it too)


# "her coach ", "Vreni Pirchner's father ": the role a name is named by, before it; a word of the role is
# no preposition, conjunction or verb of being ("at the cafe with Ana Lima" names no role of Ana's).
_NOT_A_ROLE = (
    r"(?:with|to|at|for|and|or|but|of|in|on|by|from|about|near|beside|next|than|as|is|was|are|were|"
    # (nor a conjunction: "fixing the roof while Tom reads" is no role of Tom's)
    r"while|when|whilst|because|so|if|until|till|since|after|before|though|although|whereas|unless|then|once)\b"
)
_ROLE_BEFORE = (
    rf"\b(?:(?:my|your|his|her|their|our|the)|(?:{CAP}[\w'’-]*\s+)*{CAP}[\w'’-]*'s)\s+"
    rf"(?:(?!{_NOT_A_ROLE})[a-z-]+\s+){{1,2}}"
)


def _you_verb(word: str) -> str:
    """``word`` after a name said as "you": a verb of the third person in the form "you" takes ("has" -> "have",
    "was" -> "were"), any other word as it is."""
    plain = _plain_verb(word, "you")
    said = word in _SAID_OF or (word.endswith("s") and not word.endswith("ss") and "VERB" in getAllLemmas(plain))
    return plain if said else word


def _named(text: str, parties: tuple[tuple[str, str, str, str], ...]) -> str:
    """``text`` with the speaker's and the listener's full names said as 'me'/'my' and 'you'/'your'
    ("Chloé is chatting with Ana Lima" said by Ana -> "Chloé is chatting with me")."""
    firsts = [name.split()[0] for name, *_ in parties if name]
    for name, _, own, obj in parties:
        if name:
            # A name after the role it is named by is the one spoken to or the speaker: "with her coach
            # Corinna Waldegger" said to Corinna is "with you" ("with her coach you" was said), "Vreni's
            # father Balthasar Gruber should see a doctor" said to him "you should see a doctor".
            text = re.sub(rf"{_ROLE_BEFORE}(?={re.escape(name)}\b)", "", text)
            # A name of three words or more is also said by its first two, as a given name and a first
            # family name are ("Valentina Huerta's programme", of Valentina Huerta Araya, was said by her).
            for called in dict.fromkeys((name, " ".join(name.split()[:2]) if len(name.split()) >= 3 else name)):
                said = {f"{called}'s": own, called: obj}
                text = re.sub(rf"\b{re.escape(called)}(?!\w)(?:'s\b)?", lambda m, said=said: said[m.group(0)], text)
            # a name that was the subject of its clause: "thinks Zofia Lisowska is kind" -> "you are kind"
            person = "you" if obj == "you" else "I"
            text = re.sub(
                rf"\b{obj} (is|was|has|does)\b", lambda m, p=person: f"{p} {_plain_verb(m.group(1), p)}", text
            )
            # ... and of a clause after "and", "but" or a comma: "..., and Batbayaryn Erdene thinks it was the
            # same wolf" said by him was "and me thinks it was" (an outside tester's steppe camp, session 66)
            text = re.sub(
                rf"((?:,|\band|\bbut|\bso|\bthat|\bbecause|\bwhile|\bwhen)\s+){obj} ([a-z]+s)\b",
                lambda m, p=person: (
                    m.group(1) + f"{p} {_plain_verb(m.group(2), p)}"
                    if "VERB" in getAllLemmas(m.group(2))
                    else m.group(0)
                ),
                text,
            )
            first = name.split()[0]
            if first != name and firsts.count(first) == 1 and obj == "you":
                # The one spoken to by their first name alone is "you" too, as subject or object alike: "I have
                # noticed Tom has been quiet" was said to Tom, and "while Ann was at school" to Ann (an outside
                # tester's fire station, session 73). (Not the speaker's: "while Marisol works" is no "while me".)
                # (with the role they are named by, as a full name's: "teaching her granddaughter Luana the steps"
                # said to Luana was "teaching my granddaughter you the steps", an outside tester's samba school,
                # session 82)
                text = re.sub(
                    rf"(?:{_ROLE_BEFORE})?\b{re.escape(first)}\b(?!['’]s\b)(?!\s+{CAP})(\s+([a-z]+))?",
                    lambda m: "you" + (f" {_you_verb(m.group(2))}" if m.group(2) else ""),
                    text,
                )
            if first != name and firsts.count(first) == 1:
                # and "Lionel's" as statements go on: "... visits Lionel Ashdown every week since Lionel's
                # wife died" said by Lionel kept "since Lionel's wife". (Not the bare first name: "while
                # Marisol works" would be "while me works".)
                # (Not inside a place's name: "lunch at Mama Zawadi's Chipsi Stall" said by Zawadi was "at Mama my
                # Chipsi Stall", an outside tester's food stall, session 78.)
                text = re.sub(
                    rf"\b{re.escape(first)}'s\b(?!\s+{CAP})",
                    lambda m, o=own, t=text: m.group(0) if re.search(rf"{CAP}[\w'’-]*\s+$", t[: m.start()]) else o,
                    text,
                )
                # ... and after a preposition, where it can only be the object: "eating rice with Asha"
                # said by Asha to her father was "Looks like you are eating rice with Asha".
                text = re.sub(
                    rf"\b(with|to|for|beside|near|about|behind|without|like|than|from) {re.escape(first)}"
                    rf"\b(?!\s+{CAP})",
                    lambda m, o=obj: f"{m.group(1)} {o}",
                    text,
                )
    return text


# Verbs after which "her" is the person, with what is said of her after it ("finds her strict"), not
# her thing ("admires her poems").
_TAKES_A_COMPLEMENT = re.compile(
    r"\b(?:finds?|makes?|keeps?|calls?|considers?|leaves?|lets?|helps?|sees?|watch(?:es)?|hears?|asks?|wants?)\s+$"
)
# Words after "her" that show it is not a possessive: a clause goes on or ends.
_NOT_A_THING = frozenset(("and", "but", "or", "as", "to", "with", "for", "at", "in", "on", "because", "when", "so",
                          "too", "again", "very", "a", "an", "the", "that", "if",
                          # an adverb or a particle after an object ("loves her dearly" was "love my dearly",
                          # "cheer her up" would be "cheer my up")
                          "dearly", "deeply", "much", "well", "greatly", "immensely", "anyway", "up", "out", "off",
                          "over", "back", "down", "away", "around", "about", "from", "by", "of", "into", "onto",
                          "today", "tonight", "tomorrow", "now", "often", "sometimes", "always", "never"))  # fmt: skip


# Words that end a place's name ("Rao's Corner Shop", "Mill Lane Surgery", "The Anchor Arms"): a name
# ending in one is a place, not a person (here, and for whom "visiting ..." calls on in steps.py).
_PLACE_ENDS = (
    "Shop", "Shops", "Store", "Stores", "Street", "Road", "Lane", "Square", "Bridge", "Cafe", "Café", "Market",
    "Library", "School", "Academy", "College", "University", "Hospital", "Surgery", "Practice", "Clinic", "Ward",
    "Pharmacy", "Chemist's", "Park", "Gardens?", "Pub", "Inn", "Bar", "Arms", "Rest", "Hotel", "Club", "Barbers",
    "Bakery", "Brewery", "Takeaway", "Office", "Station", "Terminal", "Cabs?", "Hall", "Church", "Chapel", "Abbey",
    "Castle", "Tower", "Centre", "Center", "Museum", "Gallery", "Theatre", "Cinema", "Stadium", "Pool", "Zoo",
    "Flats", "House", "Cottage", "Farm", "Forge", "Mill", "Works", "Beach", "Harbour", "Harbor", "Quay",
    "Lighthouse", "Boatyard", "Pistes?", "Slopes?", "Depot", "Huts?", "Lifts?", "Chalet", "Lodge", "Trail", "Pass",
    "Valley", "Lake", "River", "Peak", "Deck",
    # (and a body of people, a place of worship, a stall, a cabin: "as secretary of the Railway Institute, he is
    # organising" said by him kept its "he", the Institute read as a person; session 75)
    "Institute", "Society", "Council", "Committee", "Association", "Temple", "Mosque", "Mandir", "Gurdwara",
    "Synagogue", "Cabin", "Stall", "Yard", "Bungalow", "Quarters", "Maidan",
)  # fmt: skip
# Of those, the ones that are also people's surnames ("Lea Park", "Tom Mill") or name a thing as often.
_ALSO_SURNAMES = frozenset((
    "Street", "Road", "Lane", "Square", "Bridge", "Ward", "Park", "Gardens?", "Inn", "Bar", "Arms", "Rest", "Club",
    "Office", "Cabs?", "Hall", "Church", "Chapel", "Abbey", "Castle", "Tower", "Pool", "House", "Farm", "Forge",
    "Mill", "Works", "Beach", "Lodge", "Lake", "River", "Peak", "Pass", "Temple",
))  # fmt: skip
PLACE_WORDS = "(?:" + "|".join(_PLACE_ENDS) + ")"
# A name ending in a word no one is named ("Hobbs Cafe") is a place however short.
_ONLY_A_PLACE = re.compile(r"\b(?:" + "|".join(w for w in _PLACE_ENDS if w not in _ALSO_SURNAMES) + r")$")
# A day's or a month's name, a feast's ("Valentine's Day", "Christmas Eve", "Monday").
_DATE_NAMED = re.compile(
    rf"\b(?:{CAP}[\w’]*'s Day|Christmas(?: Eve| Day)?|Easter(?: Sunday| Monday)?|New Year(?:'s)?"
    r"(?: Eve| Day)?|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|"
    r"August|September|October|November|December)\b"
)
# A place's name: capitalised words ending in a word for a place.
_PLACE_NAMED = re.compile(rf"(?:\b{CAP}[\w'’-]*\s+)*" + PLACE_WORDS + r"\b")


# A person just named by what they are, whose pronoun comes next: "the bride and her friends".
_SOMEONE_JUST_NAMED = re.compile(
    r"\b(?:the|a|an)\s+(?:young\s+|old\s+|little\s+)?(?:bride|groom|bridegroom|girl|boy|woman|man|lady|gentleman|"
    r"mother|father|daughter|son|wife|husband|widow|widower|aunt|uncle|niece|nephew|grandmother|grandfather|"
    r"sister|brother|queen|king|baby|child)\s+(?:and|with)\s+$",
    re.IGNORECASE,
)


def _said_as(verb: str, rest: str, person: str, own: str, other: tuple[str, str, str, str]) -> str:
    """``person`` + the verb in their form + the rest with the same person's possessives and verbs, and
    the other of the two (``other``: name, subject, possessive, object) said to or of as such."""
    other_name, _, other_own, other_obj = other
    adverb = ""
    if verb.lower() in _HOW_OFTEN and (after := re.match(r"\s+([a-z]+)\b(.*)$", rest, re.DOTALL)):
        # The verb is the word after how often ("Klaus often studies at the library" said by him was "I
        # often studies ...").
        adverb, verb, rest = f"{verb} ", after.group(1), after.group(2)
    if verb.lower().endswith("ing") and len(verb) > 5:
        # "Sato Michiko rehearsing a song" (what a talk was about, remembered) said by her: "I am rehearsing"
        rest, verb = f" {verb}{rest}", "is"

    def whose(before: str) -> str:
        """Whom a pronoun after ``before`` stands for: 'own', 'other' (the other of the two is the last
        one named) or '' (someone else is named). A place's name names no one ("buys a newspaper at Rao's
        Corner Shop on his way home" is on the speaker's way home), and a relation's "as his barber" is
        the subject's."""
        if re.search(r"\bas\s*$", before):
            return "own"
        if _SOMEONE_JUST_NAMED.search(before):
            return ""  # "to scrub the bride and her friends": the bride's (said "and my friends")
        # (three words or more, a possessive or "The": "Lea Park" is a person, "Rao's Corner Shop" a place;
        # a word no one is named, "Hobbs Cafe", a place however short)
        before = _PLACE_NAMED.sub(
            lambda m: (
                ""
                if len(m[0].split()) >= 3 or "'s " in m[0] or m[0].startswith("The ") or _ONLY_A_PLACE.search(m[0])
                else m[0]
            ),
            before,
        )
        before = _DATE_NAMED.sub("", before)  # "a Valentine's Day party" names no one either
        if other_name and other_name in before:
            before = before.rsplit(other_name, 1)[1]
            if not any(name_word(w) and len(w) > 1 for w in before.split()):
                return "other"
        return "" if any(name_word(w) and len(w) > 1 for w in before.split()) else "own"

    def pronoun(v: re.Match[str]) -> str:
        word, after = v.group(1), v.group(2) or ""
        before = rest[: v.start()]
        thing = word != "him" and after and after.lower() not in _NOT_A_THING and not _TAKES_A_COMPLEMENT.search(before)
        who = whose(before)
        if thing:  # "her party": the same person's, or the other's once they are named
            return {"own": own, "other": other_own}.get(who, word) + (" " + after)
        # "trusts her": the other of the two, once named; anyone else otherwise ("proud of her")
        return (other_obj if who == "other" else word) + (" " + after if after else "")

    rest = re.sub(r"\b(his|her|their|him|them)\b(?:\s+([\w'’]+))?", pronoun, rest)

    def reflexive(v: re.Match[str]) -> str:
        # "... and posted it himself" said by him: "posted it myself" ("I ... posted it himself" was said, and "I am
        # still training himself", an outside tester's fire station, session 73)
        before = rest[: v.start()]
        # (a clause with no subject of its own after ", and" is the sentence's subject's: "... while Ann was at
        # school, and posted it himself")
        again = re.search(r",\s+(?:and|but|so|then)\s+([a-z]+)\b[^,]*$", before)
        who = "own" if again and again[1] not in _SUBJECTS and again[1] != "the" else whose(before)
        if who == "own":
            return "myself" if person == "I" else "yourself"
        if who == "other":
            return "yourself" if other_obj == "you" else "myself"
        return v.group(0)

    rest = re.sub(r"\b(?:himself|herself)\b", reflexive, rest)

    def subject(v: re.Match[str]) -> str:
        # "... a note on the kitchen table before she goes to work" said by her: "before I go to work"
        # (a clause joined to the sentence's own is the speaker's, whoever was named between: "heard that the Met
        # Office has an amber warning out ..., and he is getting extra feed in" said by him kept the "he", session 72)
        joined = re.search(r",\s+(?:and|but|so)\s+$", rest[: v.start()]) is not None
        who = "own" if joined else whose(rest[: v.start()])
        if who == "own":
            return f"{person} {_plain_verb(v.group(2), person)}"
        if who == "other" and other_obj == "you":
            return f"you {_plain_verb(v.group(2), 'you')}"
        return v.group(0)

    # (and before a modal: "is saving to rent a room behind the stall so she can open a restaurant" said by her kept
    # "so she can open", an outside tester's food-stall owner, session 78)
    rest = re.sub(r"\b(he|she)\s+([a-z]+s|can|could|will|would|should|must|might|may)\b", subject, rest)
    # (not after a plural: "for her customers and neighbours" joins two things, not a second verb)
    # (nor before a word that ends in "s" but is no verb: "and his friend's wife" was "and hi friend's wife")
    # (nor in a clause whose verb goes on in -ing, nor before "of": "is reviewing the oil and tyres of the jeep" said
    # to him was "you are reviewing the oil and tyre of the jeep", an outside tester's tea estate, session 71)
    progressive = verb.lower() in ("is", "was", "am") and re.match(r"\s*(?:\w+ly\s+)?\w+ing\b", rest) is not None
    # (but a progressive's auxiliaries: "is preparing the bateria for carnival and is organising the choice" said by
    # him was "I am preparing ... and is organising", an outside tester's samba school, session 82)
    # (a name is no verb: "attending Vigils and Lauds" said by him was "... and Laud", session 70)
    later_verb = (
        r"\b(and|but|or) (is|was|has)\b(?= \w)"
        if progressive
        else rf"(?<![^s]s )\b(and|but|or) (?!{_NOT_VERBS_IN_S}\b)([a-z]\w*s)\b(?! of\b)"
    )
    rest = re.sub(
        later_verb,
        lambda v: (
            v.group(0)
            if _ANOTHER_SUBJECT.search(rest[: v.start()])
            else f"{v.group(1)} {_plain_verb(v.group(2), person)}"
        ),
        rest,
    )
    return f"{person} {adverb}{_plain_verb(verb, person)}{_named(rest, ((other_name, '', other_own, other_obj),))}"


# Another subject before "and": what follows a colon, or a name with its own verb ("I received a letter: Bishop
# Vernier will visit the abbey and wishes to meet every brother" said by the abbot was "... and wish to meet").
_ANOTHER_SUBJECT = re.compile(rf"[:;]|\b{CAP}[\w'’-]+ (?:will|is|was|has|had|would|can|could|must)\b")


# Words of how often or how far that stand between a subject and its verb.
_HOW_OFTEN = frozenset(("often", "usually", "always", "sometimes", "never", "rarely", "seldom", "regularly",
                        "normally", "generally", "mostly", "also", "still", "really", "just", "even"))  # fmt: skip


# Words ending in "s" that are no verb in the third person, after "and", "but" or "or".
_NOT_VERBS_IN_S = (
    r"(?:his|hers|its|ours|yours|theirs|this|thus|us|yes|less|plus|perhaps|always|sometimes|besides|towards|"
    r"afterwards|others|series|news|various|famous|serious|nervous|anxious|jealous|generous|previous)"
)


# Words that name the one who speaks or the one spoken to, as the other says them back.
_SWAP = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
         "i've": "you've", "i'll": "you'll", "i'd": "you'd", "your": "my", "yours": "mine", "yourself": "myself",
         "you're": "I'm", "you've": "I've", "you'll": "I'll", "you'd": "I'd"}  # fmt: skip
_BE_SWAPPED = {("i", "am"): ("you", "are"), ("i", "was"): ("you", "were"), ("you", "are"): ("I", "am"),
               ("you", "were"): ("I", "was")}  # fmt: skip
# Words after which "you" is the one who does something ("... and you know"), not whom it is done to.
_BEFORE_A_SUBJECT = frozenset(("and", "but", "or", "that", "if", "when", "because", "so", "as", "while", "since",
                               "where", "though", "although", "until", "unless",
                               # an auxiliary before its subject: "do you", "are you", "can you"
                               "do", "does", "did", "are", "were", "have", "has", "can", "could", "will", "would",
                               "should", "shall", "may", "might", "must"))  # fmt: skip


def _tokens(text: str) -> list[str]:
    """``text`` split into words (even places, an apostrophe kept in: "I'm") and what is between them."""
    return re.split(r"([^\w'’]+)", text)


def _subject_at(tokens: list[str], i: int) -> bool:
    """Whether the word at ``i`` opens a clause: the text's first word, after a stop, or a conjunction."""
    if i == 0 or not tokens[i - 2]:
        return True
    return bool(re.search(r"[,;:.!?]", tokens[i - 1])) or tokens[i - 2].lower() in _BEFORE_A_SUBJECT


# "the mine", "a gold mine", "Hollin Crag Mine": a pit, not the speaker's own.
_BEFORE_A_NOUN = frozenset(("the", "a", "this", "that", "every", "each", "our", "their", "his", "her", "its", "my",
                            "your", "no", "old", "gold", "coal", "tin", "salt", "copper", "iron", "open"))  # fmt: skip


def _noun_mine(tokens: list[str], i: int) -> bool:
    """Whether the word ``mine`` at ``i`` is the noun (see :data:`_BEFORE_A_NOUN`) or part of a name."""
    if tokens[i].lower() != "mine":
        return False
    before = tokens[i - 2] if i >= 2 else ""
    return before.lower() in _BEFORE_A_NOUN or (tokens[i][0] == "M" and not _subject_at(tokens, i))


def swap_persons(text: str) -> str:
    """A line said back to whoever said it: their 'I', 'my', 'me' are 'you', 'your', and their 'you' is
    'I' or 'me' ('I am checking the ward' -> 'you are checking the ward', 'I know you' -> 'you know
    me'). 'I' and 'you' take the same verb but for 'be'."""
    t = _tokens(text)
    for i in range(0, len(t), 2):
        word = t[i]
        low = word.lower()
        if low == "i" and word != "I":
            continue
        after = t[i + 2].lower() if i + 2 < len(t) else ""
        if (low, after) in _BE_SWAPPED:
            t[i], t[i + 2] = _BE_SWAPPED[low, after]
        elif low == "you":
            t[i] = "I" if _subject_at(t, i) else "me"
        elif low in _SWAP and not _noun_mine(t, i):
            t[i] = _SWAP[low]
    return "".join(t)


_AS_SAID_OF = {"am": "is", "have": "has", "do": "does", "go": "goes", "'m": "is", "don't": "doesn't",
               "haven't": "hasn't", "don’t": "doesn’t", "haven’t": "hasn’t"}  # fmt: skip
# Forms that stay as they are after any person: modals and common past forms.
_SAME_FOR_ALL = frozenset(("can", "could", "will", "would", "shall", "should", "may", "might", "must", "was", "did",
                           "had", "went", "saw", "made", "got", "told", "heard", "found", "knew", "thought", "said",
                           "met", "felt", "left", "took", "came", "gave", "kept", "ran", "sat", "wrote",
                           # (and "read", as likely its past: "Chiara Ferrero reads the forecast: a hailstorm will
                           # hit ..." summed up a line telling what she had read, session 71)
                           "read",
                           # (and their negatives: "Hari Prasad Sharma can'ts stop thinking about the Durga Puja"
                           # was an outside tester's tea estate's reflection, session 71)
                           "can't", "cannot", "couldn't", "won't", "wouldn't", "shouldn't", "mustn't", "didn't",
                           "wasn't", "hadn't", "can’t", "couldn’t", "won’t", "wouldn’t", "shouldn’t", "didn’t",
                           "wasn’t"))  # fmt: skip
_ADVERBS_BEFORE_A_VERB = frozenset(("really", "just", "still", "never", "always", "often", "also", "usually", "only",
                                    "sometimes", "already", "even", "actually"))  # fmt: skip


def _third_person(verb: str) -> str:
    """'know' -> 'knows', 'am' -> 'is', 'try' -> 'tries', 'watch' -> 'watches'; a past form as it is."""
    low = verb.lower()
    if low in _AS_SAID_OF:
        return _AS_SAID_OF[low]
    # (a verb ending in -ed that is its own lemma is no past: "Margit Halász need Walter for a fitting", session 73)
    if low in _SAME_FOR_ALL or (low.endswith("ed") and lemma(low) != low):
        return verb
    if low.endswith("ing") and len(low) > 5:
        return f"is {verb}"  # "I rehearsing" (a summary's "Michiko rehearsing ...") is "she is rehearsing"
    if not low.endswith(("s", "ing")) and lemma(low) != low:
        return verb  # an irregular past: "I drove the 38" is "he drove", not "droves"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    return verb + "s"


def _participle(word: str) -> bool:
    """Whether ``word`` is a verb's past participle that is not also its base form ("called", "been"; not "run")."""
    lemmas = getLemma(word, upos="VERB") if word else ()
    return bool(lemmas) and word != lemmas[0] and word in getInflection(lemmas[0], "VBN")


_MARKERS = re.compile(r"(?:(?<=^)|(?<=[.!?,;]\s))(?:you know|you see|mind you),\s*", re.IGNORECASE)


_MODALS = frozenset(("will", "would", "can", "could", "must", "should", "may", "might", "shall"))
_BARE_INFINITIVE_AFTER = frozenset(("let", "lets", "make", "makes", "made", "help", "helps", "helped", "see", "sees",
                                    "saw", "watch", "watched", "hear", "heard", "have", "has", "had", "bid", "to",
                                    # (a question's: "Do you want tea?")
                                    "do", "does", "did", *_MODALS))  # fmt: skip


def told_of(text: str, name: str, to: str = "") -> str:
    """A line ``name`` said, as someone else writes it down: their 'I' is ``name`` (then 'they'), their
    'my'/'me' 'their'/'them', and their 'you' is ``to`` or, without it, the one writing ('I'/'me'): 'I
    am learning latte art, do you know it?' -> 'Jo Bell is learning latte art, do I know it?'."""
    # "You know, ..." is a way of speaking, not someone knowing ("Cyril Hapgood know, Edith visits ...").
    text = _MARKERS.sub("", text)
    t = _tokens(text)
    named = False
    said_i = False  # whether an "I" was said as the name yet
    to_named = False
    singular = True  # whether the last "I" was said as the name (else "they")
    own = {"me": "them", "my": "their", "mine": "theirs", "myself": "themselves"}
    contracted = {"i'm": ("is", "are"), "i've": ("has", "have"), "i'll": ("will", "will"), "i'd": ("would", "would")}
    yours = {"your": f"{to}'s", "yours": f"{to}'s", "yourself": "themselves", "you're": f"{to} is",
             "you've": f"{to} has", "you'll": f"{to} will", "you'd": f"{to} would"}  # fmt: skip
    for i in range(0, len(t), 2):
        word = t[i]
        low = word.lower()
        after = t[i + 2].lower() if i + 2 < len(t) else ""
        if word == "I" or (low in contracted and word[0] == "I"):
            # (the first "I" is the name even after a "my": "My wife and I have called a meeting" was told on
            # as "Ana Ruiz's wife and they have called", the "they" read as the wife's; session 80's Incheon block)
            who, singular = ("they", False) if said_i else (name, True)
            named = said_i = True
            if low in contracted:
                t[i] = f"{who} {contracted[low][0 if singular else 1]}"
                continue
            t[i] = who
            j = i + 2
            while j < len(t) and t[j].lower() in _ADVERBS_BEFORE_A_VERB:  # "I really like" -> "X really likes"
                j += 2
            # (after "X and", the verb is the pair's: "Isabella and I have been talking")
            pair = i >= 2 and t[i - 2].lower() in ("and", "or")
            if j < len(t) and t[j] and t[j].lower() not in ("and", "or") and not pair:
                # ("I and Isabella have been talking" has no verb after the "I": "Klaus ands Isabella")
                verb = t[j]
                t[j] = _third_person(verb) if singular else {"am": "are", "was": "were"}.get(verb.lower(), verb)
        elif low == "am" and named and not re.fullmatch(r"\d{1,2}(?::\d\d)?", t[i - 2] if i >= 2 else ""):
            # (not the hour's "am": "rowing races from 10 am" was written down "from 10 is")
            # a second verb of the same "I": "I chair the committee and am organising the regatta" was
            # written down "Morwenna Vane chairs the committee and am organising ..."
            t[i] = "is" if singular else "are"
        elif low == "have" and named and singular and i >= 2 and t[i - 2].lower() == "and" and _participle(after):
            # ... and so is "have" with a participle after "and": "I am the floor representative and have called a
            # residents' meeting" was told on as "Lee Sung-ho is the floor representative and have called ..." (an
            # outside tester's Incheon block, session 80); not "rest and have lunch", no participle
            t[i] = "has"
        elif low in own and not _noun_mine(t, i):
            # their own, by name if they have not been named yet ("with me" -> "with Jo Bell")
            t[i] = own[low] if named or low in ("mine", "myself") else (name if low == "me" else f"{name}'s")
            named = True
        elif to and low == "you":
            t[i] = to
            to_named = True
            if after in ("are", "were"):
                t[i + 2] = {"are": "is", "were": "was"}[after]
            elif (
                after
                and "VERB" in getAllLemmas(after)
                and getLemma(after, upos="VERB")[:1] == (after,)
                and after not in _MODALS
                # (a subject, as a base verb after "you" says, but after "let you", "help you", "saw you", "do you")
                and not (i >= 2 and t[i - 2].lower() in _BARE_INFINITIVE_AFTER)
            ):
                # (and any other verb of theirs: "you have had a letter" was written down "Walter Fennimore have had
                # a letter", and "you suspect" "Helen Rowe suspect", an outside tester's circus, session 72)
                t[i + 2] = _third_person(t[i + 2])
        elif to and low in yours:
            # once named, theirs: not "Edith Marchbank is visiting Edith Marchbank's husband"
            t[i] = "their" if to_named and low == "your" else yours[low]
            to_named = True
        elif (low, after) in _BE_SWAPPED:
            t[i], t[i + 2] = _BE_SWAPPED[low, after]
        elif low == "you":
            t[i] = "I" if _subject_at(t, i) else "me"
        elif low in _SWAP and low.startswith("you"):
            t[i] = _SWAP[low]
    return "".join(t)


# The hours a part of the day that an activity names covers: read loosely, a plan still does not put
# "performing the morning prayers" at seven in the evening (an outside tester's shrine keeper).
PARTS_OF_DAY = {
    "morning": range(4, 12),
    "afternoon": range(12, 18),
    "evening": range(17, 24),
    "night": (*range(20, 24), *range(0, 6)),
    # (and the prayers or bells named by their hour: an outside tester's muezzin, his plan read loosely, was
    # "calling the dawn prayer" at noon and at seven in the evening)
    "dawn": range(3, 8),
    "sunrise": range(4, 9),
    "noon": range(11, 15),
    "midday": range(11, 15),
    "sunset": range(16, 22),
    "dusk": range(16, 22),
}


def in_its_part_of_day(activity: str, hour: int) -> bool:
    """Whether ``activity`` names no part of the day (morning, noon, sunset, ...) or one that holds ``hour``."""
    # (but a shift's or a watch's name is no part of the day it keeps to: an outside tester's signalman on "the
    # afternoon shift ... from 2 pm until 10 pm" was relaxing at home from 6 pm, and the one on the morning shift
    # until 2 pm from noon; session 75)
    named = _parts_named(activity)
    return not named or any(hour in PARTS_OF_DAY[part] for part in named)


@lru_cache(maxsize=65_536)  # (asked of the same activities for every hour of the day)
def _parts_named(activity: str) -> tuple[str, ...]:
    """The parts of the day ``activity`` names (see :func:`in_its_part_of_day`)."""
    return tuple(
        part
        for part in PARTS_OF_DAY
        if re.search(rf"\b{part}\b(?!\s+(?:shifts?|watch(?:es)?|duty|duties|turns?)\b)", activity, re.IGNORECASE)
    )
