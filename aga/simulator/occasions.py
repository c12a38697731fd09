"""Occasions in talk: news of one brought up by its name, and an invitation answered.

The embedded 1.5B named the Valentine's Day party of the recorded utterance prompts in 6 of its lines;
3 recited the news as the memory reads ("... a Valentine's Day party at Hobbs Cafe on February 14 from
5 pm to 7 pm"), 3 brought it up by its name ("how is your Valentine's Day party going?", "catch up after
the Valentine's Day party"; benchmarks/results/realism.json). The simulator recited it every time, so two
seeds that told the same news said the same thirty words under two openers.
"""

from __future__ import annotations

import random
import re

from aga.simulator.text import as_said_to, leading_name, sentences

# How often news that names an occasion is brought up by the occasion's name rather than told in full
# (the 1.5B: 3 of 6 lines, above).
BY_NAME_CHANCE = 0.5

_OCCASION_NOUNS = (
    r"party|festival|fair|fête|fete|carnival|gala|concert|recital|wedding|funeral|regatta|meeting|"
    r"ceremony|celebration|parade|market day|contest|competition|tournament|dance|picnic|feast|gathering|"
    r"exhibition|reunion|fundraiser|open day|ceilidh|barbecue|potluck"
)
# Words that may stand between the article and the occasion ("a Valentine's Day party", "the Port Merrow
# Regatta"): not a word that joins or opens another phrase ("the regatta committee and am organising ...").
_INNER = r"(?:(?!(?:and|or|but|to|the|a|an|of|with|for|at|in|on|is|are|am|was|were|I|you|that)\b)[\w'’-]+\s+){0,4}?"
# What may follow the occasion's name: it ends there, or a phrase of where or when goes on ("the regatta
# committee" names a committee, "a fair price" a price).
_AFTER = (
    r"(?=$|\s*[,.;:!?)]|\s+(?:at|in|on|this|next|tomorrow|tonight|today|from|for|with|and|to|that|which|where|who|"
    r"when|is|was|will)\b)"
)
_NAMED_OCCASION = re.compile(
    rf"\b(?P<det>the|a|an|my|our|his|her|their|your)\s+(?P<name>{_INNER}(?:{_OCCASION_NOUNS})){_AFTER}"
    # ... with where or when it is, up to the next phrase of whom for, from when to when, or a clause
    # or a verb ("... party at Hobbs Cafe | is coming up", a talk's summary retold)
    r"(?P<where>(?:\s+(?:at|in|on|this|next)\s+[^,.;:!?()]*?))?(?=\s+(?:from|for|to|and|with|that|which|who|where|"
    r"because|so|while|is|are|was|were|will|has|have|had|starts?|begins?|opens?)\b|\s*[,.;:!?()]|$)",
    re.IGNORECASE,
)
# The speaker makes the occasion (so it is theirs to invite to), not only goes to it.
_MAKING = re.compile(
    r"\b(?:organi[sz]\w*|plan\w*|host\w*|throw\w*|hold\w*|arrang\w*|run\w*|put\w* on|prepar\w*|giv\w*|chair\w*)\b",
    re.IGNORECASE,
)

# Lines that bring up an occasion by its name, by whose occasion it is.
# (and as the first lines of GPT-3.5's organiser and of the 1.5B as her put it: a reminder, a request for help
# with getting ready; session 62)
_OWN = ("Are you coming to {o}?", "I'm busy getting ready for {o}.", "{O} is coming up. Will you come?",
        "I can't stop thinking about {o}. Will you come?", "Don't forget {o}!",
        "Could you help me get ready for {o}?", "I hope you can make it to {o}.", "Will you come to {o}?",
        "You're coming to {o}, aren't you?")  # fmt: skip
_GOING = ("Are you going to {o}?", "I'm looking forward to {o}.", "Will I see you at {o}?")
# (to the one who makes it; and, taking up what they just said of it, an offer of help, as the 1.5B as a
# guest said "I'll be there and help out if you need any assistance. What's your plan for the party?",
# realism_utterance.json)
_YOURS = ("How is {o} coming along?", "Are you ready for {o}?", "How are the plans for {o} going?",
          "Do you need a hand with {o}?", "I'll help with {o} if you need me.")  # fmt: skip
_OTHERS = ("Have you heard about {o}?", "Are you going to {o}?", "What do you make of {o}?",
           "Everyone's talking about {o}.")  # fmt: skip


# How often an occasion brought up by its name is called without where or when it is: the 1.5B said "the
# regatta on Saturday", "the party", "your Valentine's Day party", "our Valentine's Day party at Hobbs Cafe
# on February 14" (benchmarks/results/talk_openings*.json) and "how is your Valentine's Day party going?"
# (realism.json); the simulator said "my Valentine's Day party at Hobbs Cafe" in every line that named it.
SHORT_NAME_CHANCE = 0.5

# What the persona's "Currently" says they ask of everyone they meet ("She asks everyone she meets to
# enter a crew or lend a hand"), as said by them ("I ask everyone I meet to ...").
_ASKS_EVERYONE = re.compile(
    r"\b(?:ask|invite|urge|beg|want)(?:s|ing)? (?:everyone|everybody|all|people|anyone|whoever)\b"
    r"(?: I meet| who [^,;.]*?)? to (?P<what>[^.;:]+)"
)
# ... and what they are busy doing for it, said with the telling or asking ("She is collecting decorations
# and supplies and invites everyone she meets to come"): a sentence of "Currently" without that clause may
# be of anything else ("She is also learning the guitar" is not done for the party).
_PREPARING = re.compile(
    r"^I am (?P<doing>\w+ing\b.*?),?\s+and\s+(?:I\s+)?(?:invite|ask|tell|warn|urge|want)(?:s|ing)?\b"
)
# Lines that bring up one's occasion by what one asks of people or does for it: the 1.5B as the organiser
# asked "can you come over and help me with the decorations?" and "do you have any decorations or
# supplies for the party?" where the persona read "She is collecting decorations and supplies and invites
# everyone she meets to come" (realism_utterance.json, talk_openings_first_capture.json); the simulator
# had only the occasion's name or the first sentence of "Currently" to say.
_ASK_LINES = ("{O} is coming up. Would you like to {w}?", "Could you {w}? It's for {o}.")
_DOING_LINES = ("I'm {d} for {o}.", "I've been busy {d} for {o}.")
_DOING_FOR = ("I'm {d}.", "I've been busy {d}.")  # (what names what it is for already)


def aspects_of(currently: str, speaker: str) -> tuple[str, ...]:
    """Lines (with "{o}"/"{O}" for the occasion's name) that bring up the occasion ``currently`` (the
    persona's "Currently") is about by what ``speaker`` asks everyone to do or is doing for it; () when
    it says neither. The first sentence says what the occasion is; what is done for it follows."""
    lines: list[str] = []
    for i, sentence in enumerate(sentences(currently)):
        # ("She ..." is the persona: said by them, "I ...")
        said = as_said_to(re.sub(r"^(?:She|He|They)\b", speaker, sentence), speaker, "").rstrip(".")
        if (m := _ASKS_EVERYONE.search(said)) and not re.match(r"come\b", m.group("what")):
            # ("to come" is asked already: "Will you come?")
            what = m.group("what").strip()
            lines += [x.replace("{w}", what) for x in _ASK_LINES]
        if i and (m := _PREPARING.match(said)) and len(m.group("doing").split()) <= 8:
            doing = m.group("doing").strip(" ,")
            for_it = re.search(rf"\bfor\b|\b(?:{_OCCASION_NOUNS})\b", doing, re.IGNORECASE)
            lines += [x.replace("{d}", doing) for x in (_DOING_FOR if for_it else _DOING_LINES)]
    return tuple(lines)


def occasion_in(topic: str) -> str:
    """The occasion a piece of news (as said to the listener) names, as it would be called in talk:
    "I am organising a Valentine's Day party at Hobbs Cafe for my customers on February 14" -> "my
    Valentine's Day party at Hobbs Cafe"; "Ana Ruiz is planning a party on Saturday" -> "Ana's party on
    Saturday"; '' when it names none. Whose it is follows who makes it: one goes to "the wedding"."""
    return _named(topic)[0]


def _named(topic: str, where: bool = True) -> tuple[str, bool]:
    """(the occasion as called in talk, whether the one the news is about makes it); without where or when
    it is unless ``where``."""
    m = _NAMED_OCCASION.search(topic)
    if not m:
        return "", False
    # ("My party" opened a sentence)
    det, rest = m.group("det").lower(), m.group("name") + ((where and m.group("where")) or "")
    if len(rest.split()) > 9:  # a long where or when is told in full, not in the occasion's name
        rest = m.group("name")
    making = makes(topic)
    name, _ = leading_name(topic)
    if det in ("a", "an", "his", "her", "their"):
        if making and topic.startswith(("I ", "my ")):
            det = "my"
        elif making and topic.startswith(("you ", "your ")):
            det = "your"
        elif name and (making or det not in ("a", "an")):
            det = f"{name.split()[0]}'s"  # "Isabella's party", not "her party" with no one to be her
        else:
            det = "the"
    return f"{det} {rest}".strip(), making


def makes(topic: str) -> bool:
    """Whether ``topic`` says its subject makes the occasion it names (organises, hosts, prepares it), or
    makes something ("organising the clean-up on Saturday") where it names no occasion by a word for one."""
    m = _NAMED_OCCASION.search(topic)
    if m and m.group("det").lower() in ("my", "our"):
        return True  # one's own party ("My party at the cafe is coming up. Are you going?" was said)
    return _MAKING.search(topic[: m.start()] if m else topic) is not None


def by_its_name(topic: str, rng: random.Random, aspects: tuple[str, ...] = ()) -> str:
    """A line that brings up the occasion ``topic`` (news as said to the listener) names, by its name:
    "Are you coming to my Valentine's Day party?"; '' when it names none. One's own occasion may also be
    brought up by ``aspects`` (see ``aspects_of``), lines with "{o}" for its name."""
    occasion, making = _named(topic)
    if not occasion:
        return ""
    if rng.random() < SHORT_NAME_CHANCE:
        occasion = _named(topic, where=False)[0]
    det = occasion.split(" ", 1)[0].lower()
    if det in ("my", "our") or (making and topic.startswith("I ")):  # (the regatta one organises is one's own)
        lines = (*_OWN, *aspects)
    elif det == "your":
        lines = _YOURS
    elif topic.startswith(("I ", "my ")):
        lines = _GOING
    else:
        lines = _OTHERS
    line = rng.choice(lines)
    return line.replace("{o}", occasion).replace("{O}", occasion[0].upper() + occasion[1:])


# A question that invites the listener ("Will you come?", "Are you coming to my party?").
_INVITED = re.compile(
    r"(?:\bWill you come(?: to\b[^?]*)?|\bAre you (?:coming|going) to\b[^?]*|\bWill I see you at\b[^?]*"
    r"|\bYou're coming to\b[^?]*, aren't you)\?\s*$|\bI hope you can make it to\b[^.?!]*\.\s*$",
    re.IGNORECASE,
)
_ACCEPTS = ("I'd love to come.", "Count me in.", "I'll be there.", "I wouldn't miss it.", "I'll try to make it.",
            "I'm not sure I can make it, but I'll try.", "Yes, I'll come.")  # fmt: skip
# (to a funeral or a meeting about trouble: no delight)
_SOLEMN = ("Yes, I'll be there.", "I think so.", "I'm not sure yet.")
# (to a request for help with getting an occasion ready)
_HELP_ASKED = re.compile(r"\b(?:Could|Can|Would) you help me\b[^?]*\?\s*$", re.IGNORECASE)
_HELPS = ("Of course, I'd be glad to help.", "Sure, what do you need?", "I'll see what I can do.")
# (to what the persona asks of everyone: see ``aspects_of``)
_ASKED = re.compile(r"\b(?:Would you like to|Could you) [^?]*\?(?:\s+It's for [^.?!]*\.)?\s*$")
_AGREES = ("I'd be glad to.", "Sure, I can do that.", "I'll think about it.",
           "I'm not sure I have the time, but I'll try.", "Count me in.")  # fmt: skip
ANSWERS = (*_ACCEPTS, *_SOLEMN, *_HELPS, *_AGREES)  # (small talk: no news to remember a talk by)
_SOLEMN_OCCASION = re.compile(r"\b(?:funeral|memorial|vigil|inquest|hearing)\b", re.IGNORECASE)


def invitation_answer(line: str, rng: random.Random) -> str:
    """The answer to ``line`` if it ends by inviting the listener or asking their help, else ''."""
    if _HELP_ASKED.search(line.strip()):
        return rng.choice(_HELPS)
    if _ASKED.search(line.strip()):
        return rng.choice(_AGREES)
    if not _INVITED.search(line.strip()):
        return ""
    return rng.choice(_SOLEMN if _SOLEMN_OCCASION.search(line) else _ACCEPTS)
