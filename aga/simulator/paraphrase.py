"""Seeded paraphrase for the scripted simulator.

The simulator must not return the same string for the same situation twice, or an exact-text cache
would hit trivially and flatter every cost figure. It swaps words for synonyms and varies openers, with
a caller-supplied RNG so that a run with the same seed is reproducible.
"""

from __future__ import annotations

import random
import re

from aga.simulator.text import CAP

# Groups of interchangeable words or phrases; each group's members keep the sentence's meaning.
SYNONYMS: tuple[tuple[str, ...], ...] = (
    # (none in the first person: an activity is said of someone, and "making my way to the hammam" was one)
    ("go to", "head to", "walk over to", "set off for"),
    ("work on", "keep working on", "focus on", "continue with"),
    # Meals only: "have" alone is also an auxiliary ("have you heard?").
    ("have breakfast", "eat breakfast", "grab breakfast"),
    ("have lunch", "eat lunch", "grab lunch", "enjoy lunch"),
    ("have dinner", "eat dinner", "enjoy dinner"),
    ("breakfast", "a morning meal", "breakfast"),
    ("lunch", "a midday meal", "lunch"),
    ("dinner", "an evening meal", "dinner"),
    ("talk with", "chat with", "speak with", "catch up with"),
    ("read", "look through", "go over", "study"),
    ("prepare", "get ready", "set up"),
    ("relax", "unwind", "take it easy", "rest"),
    # (a check of a thing is no review of it: an outside tester's jeep driver was "reviewing the oil and tyres of
    # the jeep" all morning, session 71; a review of papers is its own group)
    ("check", "look at", "look over", "inspect"),
    ("review", "go through"),
    # (not "put down": "put down a research paper" is to reject it, said in ville3 plans)
    ("write", "draft", "write up"),
    ("clean", "tidy", "straighten up"),
    ("quickly", "briefly", "for a bit"),
    ("great", "good", "nice", "lovely"),
    ("think about", "reflect on", "consider", "mull over"),
)
OPENERS: tuple[str, ...] = ("", "", "", "Well, ", "I think ", "Honestly, ", "So, ")

_INDEX: dict[str, tuple[str, ...]] = {}
# Said in place of a word, never swapped itself: "write up the charts" is a phrasal verb of its own (see
# _PARTICLE), and read as a synonym it lost its "up" ("write the charts").
_SAID_ONLY = frozenset(("write up",))
for _group in SYNONYMS:
    for _word in _group:
        if _word not in _SAID_ONLY:
            _INDEX.setdefault(_word.lower(), _group)
# (not a part of a hyphenated word: "studying in the self-study hall" was "the self-look through hall", session 79)
_PATTERN = re.compile(
    r"(?<!-)\b(" + "|".join(sorted((re.escape(w) for w in _INDEX), key=len, reverse=True)) + r")\b(?!-)",
    re.IGNORECASE,
)


# A word the groups hold as a verb used as a noun ("taking a closer look at", "a good read", "writes in
# her study", "Ana's study") keeps its wording: a verb in its place would break the sentence ("taking a
# closer go through", "writing in her read").
_ADJECTIVES = {g for g in SYNONYMS if "great" in g}
_NOUN_BEFORE = re.compile(
    # (after "in" or "with" too: "rinsing the hides in clean water" was "in straighten up water")
    r"(?:\b(?:a|an|the|this|that|these|those|my|your|his|her|its|our|their|closer|quick|good|great|nice|lovely|"
    r"long|short|in|into|with)|\w['’]s)\s+$",
    re.IGNORECASE,
)


# ... and one right after a verb in -ing is no verb either ("delivering clean linen" is not "delivering
# tidy linen", an outside tester's porter).
_AFTER_A_VERB = re.compile(r"\b\w{2,}ing\s+$", re.IGNORECASE)
# ... nor one after "is" or "are", nor one that ends its clause after a thing: "checking the vessels are clean" was
# "checking the vessels are straighten up", "wiping the secateurs clean" "wiping the secateurs tidy" (session 71).
_AN_ADJECTIVE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+$", re.IGNORECASE)
_RESULT = re.compile(r"\b(?:the|a|an|my|his|her|their|its|our|your)\s+[\w-]+\s+$", re.IGNORECASE)
_CLAUSE_END = re.compile(r"\s*(?:$|[,;.:!?)]|and\b|then\b)", re.IGNORECASE)
_NOUNS = {g for g in SYNONYMS if g[0] in ("breakfast", "lunch", "dinner")}  # "eating lunch": a meal after a verb
_DESCRIBES = re.compile(r"\s+(?:things|table|tables|dishes|plates|tray|menu|bar|rush|shift|break|crowd|time)\b")
# The words a meal's name follows as itself, not as a kind of it ("have breakfast", "after lunch", "and dinner").
_BEFORE_A_MEAL = frozenset((
    "have", "has", "had", "having", "eat", "eats", "eating", "ate", "grab", "grabs", "grabbing", "enjoy", "enjoys",
    "enjoying", "skip", "skips", "skipping", "cook", "cooks", "cooking", "make", "makes", "making", "made", "serve",
    "serves", "serving", "prepare", "prepares", "preparing", "fix", "fixes", "fixing", "get", "gets", "getting",
    "start", "starts", "starting", "finish", "finishes", "finishing", "for", "at", "after", "before", "over", "during",
    "until", "till", "with", "and", "or", "to", "of", "from", "about", "by", "is", "was", "then", "buy", "buys",
    "buying", "bring", "brings", "bringing", "take", "takes", "taking", "want", "wants", "wanting", "need", "needs",
))  # fmt: skip
_DESCRIBED = re.compile(r"\b(?:a|an|the|my|your|his|her|its|our|their)\s+[\w-]+\s+$", re.IGNORECASE)


# Synonyms that need an object: a verb used without one ("studies at the cafe", "reads until late") keeps
# to those that do not ("go over at the cafe" is no sentence).
_NEEDS_OBJECT = {"look through", "go over", "look at", "review", "go through", "write up", "draft", "look over",
                 "inspect"}  # fmt: skip
# ... and synonyms that take none: "prepare a feature on the market" is no "get ready a feature" (a plan
# item of an outside tester's radio presenter).
_TAKES_NO_OBJECT = {"get ready"}
_NO_OBJECT = re.compile(
    r"\s*(?:$|[,;.:!?)]|(?:at|in|on|from|with|for|to|until|till|after|before|during|while|by|around|near|inside|"
    r"outside|all|every|and|or|then|together|alone|quietly|late|early)\b)",
    re.IGNORECASE,
)


# Words after which "rest" is a thing had or needed, not a verb ("diet and rest", "plenty of rest", "get some rest").
_REST_A_NOUN = re.compile(
    r"\b(?:and|or|of|for|some|more|enough|proper|needs?|needed|gets?|getting|got)\s+$", re.IGNORECASE
)
# A subject right before a word: "read" after it may be the past (session 71's wine estate).
_SUBJECT_BEFORE = re.compile(rf"(?:\b(?:I|you|he|she|it|we|they)|{CAP}[\w'’-]*)\s+$")
# A verb that a particle follows is a phrasal verb of its own ("write up the charts", "clean out the
# shed", "read out the list"): a synonym in its place breaks it ("put down up the charts").
_PARTICLE = re.compile(r"\s+(?:up|down|out|off|away|back)\b", re.IGNORECASE)


# A capitalised word is a name's, not a sentence's first word, where a name goes on after it ("Good
# Health Chemist") or where it stands inside a sentence ("opening Good Health Chemist").
_IN_A_NAME = re.compile(rf"\s+{CAP}")
_CAPITAL_MID = re.compile(r"[^.!?:\s]\s*$")


def vary(text: str, rng: random.Random, *, rate: float = 0.6) -> str:
    """Return ``text`` with some words swapped for synonyms (each with probability ``rate``)."""

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        group = _INDEX[word.lower()]
        before = match.string[: match.start()]
        no_verb = _NOUN_BEFORE.search(before) or (group not in _NOUNS and _AFTER_A_VERB.search(before))
        no_verb = no_verb or _AN_ADJECTIVE.search(before)
        # (nor one after an article and a word, a noun's place: "the feedback on the last draft for a mind map" was
        # "the last write", session 75)
        no_verb = no_verb or _DESCRIBED.search(before)
        no_verb = no_verb or (_RESULT.search(before) and _CLAUSE_END.match(match.string, match.end()))
        # (nor a meal a word describes: "a light breakfast" is no "a light a morning meal")
        no_verb = no_verb or (group in _NOUNS and _DESCRIBED.search(before))
        # (nor a meal that describes a thing: "the breakfast things" is no "the a morning meal things")
        no_verb = no_verb or (group in _NOUNS and _DESCRIBES.match(match.string, match.end()))
        # (nor a meal a noun names: "the fire department's pancake breakfast" was "pancake a morning meal", 73)
        last = re.search(r"([A-Za-z'’]+)\s+$", before)
        no_verb = no_verb or (group in _NOUNS and last is not None and last[1].lower() not in _BEFORE_A_MEAL)
        if rng.random() >= rate or (group not in _ADJECTIVES and no_verb):
            return word
        if word[:1].isupper() and (_IN_A_NAME.match(match.string, match.end()) or _CAPITAL_MID.search(before)):
            return word  # a word of a name: "Good Health Chemist" was opened as "Lovely Health Chemist"
        if " " not in word and _PARTICLE.match(match.string, match.end()):
            return word
        if word.lower() == "rest" and _REST_A_NOUN.search(before):
            return word  # a noun: "giving advice on diet and rest" was "diet and unwind" (session 79)
        if word.lower() == "quickly" and re.search(r"\b(?:how|so|too|as)\s+$", before, re.IGNORECASE):
            return word  # how fast, not how long: "Funny how quickly a day goes" was "Funny how for a bit a day goes"
        if word.lower() == "read" and _SUBJECT_BEFORE.search(before):
            return word  # may be its past: "Chiara Ferrero read the forecast" was "Chiara Ferrero look through it"
        if _NO_OBJECT.match(match.string, match.end()):
            group = tuple(w for w in group if w not in _NEEDS_OBJECT) or (word,)
        else:
            group = tuple(w for w in group if w not in _TAKES_NO_OBJECT) or (word,)
        choice = rng.choice(group)
        return choice.capitalize() if word[:1].isupper() else choice

    return _PATTERN.sub(swap, text)


def canonical(text: str) -> str:
    """``text`` in lower case with every synonym said as the first of its group: what :func:`vary` made of
    a sentence compares equal to the sentence ("It is lovely to run into you" is "it is great to run into
    you", as "It is nice to run into you" is)."""
    return _PATTERN.sub(lambda m: _INDEX[m.group(0).lower()][0], text.lower())


# What "I think" cannot open: a question, an exclamation, a line that has its own opener, a phrase
# without a verb ("Funny how the days go by", "Time flies, doesn't it?", "You know, ...").
_NOT_THOUGHT = re.compile(
    r"(?:I|How|What|Did|Have|Really|Same|Oh|Let's|Everything|Since|Funny|Time|You|Hm|Right|Yes|True|Ha|So|Well|"
    r"Honestly|Actually|Guess|Between|Truth|Speaking|By|Word|Apparently|Someone|Anyway|Hi|Hey|Hello|Good|Busy|"
    r"Fancy|Thanks|Thank|Sure|Okay|OK|No|Are|Is|Do|Can|Could|Would|Will|Should|Tell|Since|Fine|Any|Anything|Nice|"
    r"Lovely|Not|Nothing|Glad|Sounds|Still|Looks|Enjoy|Hope|Great|Where|All|Has|Had)\b"
)


def utterance(text: str, rng: random.Random) -> str:
    """Vary ``text`` and give it a spoken opener."""
    # The first letter keeps its case where it may begin a name ("Well, Isabella said ..."); a common
    # first word goes to lower case after an opener ("Honestly, that sounds great.").
    opener = rng.choice(OPENERS)
    if opener == "I think " and re.match(_NOT_THOUGHT, text):
        opener = ""  # not "I think I hope ...", not "I think how has your week been?", not "I think funny how ..."
    if opener and re.match(
        r"(?:That|Same|It|How|Let's|Really|The|This|What|Did|Have|Oh|Things|Time|Funny|Everything|From|Tell|Is|"
        r"Since|Good for you|Good on you|Work|"  # ("So, Work keeps me on my toes" was said)
        # (and "Honestly, Busy day?", "Well, Any news on your side?": an outside tester's wine estate, session 71)
        r"Busy|Any|Anything|Nice|Lovely|Great|Glad|Not|Nothing|Sounds|Still|Looks|Enjoy|Hope|Quite|Long|Fancy|"
        # (and the first words of small talk's other wordings: "Honestly, Where does the time go?", session 80)
        r"Another|Lots|Can't|Could|Would|Are|Do|Where|There|All|Has|Had)\b",
        text,
    ):
        text = text[0].lower() + text[1:]
    return opener + vary(text, rng)
